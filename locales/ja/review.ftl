# 検討画面: 終局した対局をCPUの検討と並べて再生する。
# $ply、$total、$done、$loss と各数は数字、$seat は席の名前、
# $played、$best、$pv はその対局の表記の指し手。

title-review = 検討 { $id }
help-review = 終局後の検討: CPUが各手を評価し、より良い手を示す
hint-review = 検討
hint-review-step = 一手ずつ
hint-review-ends = 初手/終局
review-analysing = 解析中: { $done }/{ $total } 手
review-complete = 検討完了
review-graph-sente = 評価値(先手から見て)
review-graph-material = 各席の駒得
review-move = { $ply }/{ $total } 手目: { $seat } { $played }
review-mark-good = 好手
review-mark-inaccuracy = 緩手
review-mark-mistake = 疑問手
review-mark-blunder = 悪手
review-loss = { $mark }(損失 { $loss })
review-better = 最善手: { $best }
review-line = 読み筋: { $pv }
review-start = 開始局面: ←→ で一手ずつ
review-waiting = まだ検討していません
review-summary = まとめ(好手 ?! ? ?? · 平均損失)
review-summary-line = { $seat }: { $good } { $inaccuracy } { $mistake } { $blunder } · { $loss }
