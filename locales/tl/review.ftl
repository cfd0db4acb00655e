# Ang screen ng pagsusuri: ang tapos na laro, inuulit katabi ng
# pagsusuri ng CPU. Mga numero ang $ply, $total, $done, $loss at ang mga
# bilang; pangalan ng upuan ang $seat; mga galaw ang $played, $best, $pv.

title-review = pagsusuri { $id }
help-review = suriin ang tapos na laro: minamarkahan ng CPU ang bawat galaw
hint-review = suriin
hint-review-step = galaw
hint-review-ends = simula/dulo
review-analysing = Sinusuri: { $done }/{ $total } galaw
review-complete = Tapos na ang pagsusuri
review-graph-sente = Pagtaya (mula sa panig ng sente)
review-graph-material = Materyal ng bawat upuan
review-move = Galaw { $ply }/{ $total }: { $seat } { $played }
review-mark-good = mahusay
review-mark-inaccuracy = kamalian
review-mark-mistake = pagkakamali
review-mark-blunder = malaking pagkakamali
review-loss = { $mark } (nawala ang { $loss })
review-better = Mas mabuti: { $best }
review-line = Linya: { $pv }
review-start = Ang simula: ←→ para sa bawat galaw
review-waiting = Hindi pa nasusuri
review-summary = Buod (mahusay ?! ? ?? · karaniwang nawala)
review-summary-line = { $seat }: { $good } { $inaccuracy } { $mistake } { $blunder } · { $loss }
