# Ekran analizy: zakończona partia odtwarzana obok analizy komputera.
# $ply, $total, $done, $loss i liczniki to liczby; $seat to nazwa
# miejsca; $played, $best i $pv to ruchy w notacji gry.

title-review = analiza { $id }
help-review = analiza zakończonej partii: komputer ocenia ruchy, pokazuje lepsze
hint-review = analiza
hint-review-step = ruch
hint-review-ends = początek/koniec
review-analysing = Analiza: { $done }/{ $total } ruchów
review-complete = Analiza zakończona
review-graph-sente = Ocena (z punktu widzenia sente)
review-graph-material = Materiał każdego miejsca
review-move = Ruch { $ply }/{ $total }: { $seat } { $played }
review-mark-good = dobry
review-mark-inaccuracy = niedokładność
review-mark-mistake = błąd
review-mark-blunder = poważny błąd
review-loss = { $mark } (strata { $loss })
review-better = Lepiej: { $best }
review-line = Wariant: { $pv }
review-start = Początek: ←→ przechodzi po ruchach
review-waiting = Jeszcze nie przeanalizowano
review-summary = Podsumowanie (dobre ?! ? ?? · średnia strata)
review-summary-line = { $seat }: { $good } { $inaccuracy } { $mistake } { $blunder } · { $loss }
