# The review screen: a finished game replayed beside the CPU's review
# of it. $ply, $total, $done, $loss and the counts are numbers; $seat is a
# seat's name; $played, $best and $pv are moves in the game's notation.

title-review = review { $id }
help-review = review a finished game: the CPU marks each move, shows better ones
hint-review = review
hint-review-step = step
hint-review-ends = start/end
review-analysing = Analysing: { $done }/{ $total } moves
review-complete = Review complete
review-graph-sente = Evaluation (sente's view)
review-graph-material = Material per seat
review-move = Move { $ply }/{ $total }: { $seat } { $played }
review-mark-good = good
review-mark-inaccuracy = inaccuracy
review-mark-mistake = mistake
review-mark-blunder = blunder
review-loss = { $mark } (lost { $loss })
review-better = Better: { $best }
review-line = Line: { $pv }
review-start = The start: ←→ step through the moves
review-waiting = Not reviewed yet
review-summary = Summary (good ?! ? ?? · avg loss)
review-summary-line = { $seat }: { $good } { $inaccuracy } { $mistake } { $blunder } · { $loss }
