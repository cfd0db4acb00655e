# The four-player shogi lesson (src/learn/lessons/shogi4.toml): for each step
# lesson-<id> (the task), lesson-<id>-hint (after a wrong try) and
# lesson-<id>-done (after the right move).

lesson-shogi4-seats = Four players, one on each edge: South (red), West (blue), North (yellow) and East (green). Turns go clockwise: South, West, North, East. Each has a king, a rook, 2 golds, 2 silvers and 3 pawns. You are South, at the bottom: make any move.
lesson-shogi4-seats-hint = Pick one of your pieces and move it to a marked square.
lesson-shogi4-seats-done = Good. Next clockwise is West.

lesson-shogi4-forward = In this lesson you play whoever is to move, and the board turns so that seat is at the bottom. Now it's West. Pieces move as in shogi, and "forward" is toward the opposite seat. Move West's front pawn (c5) one square forward.
lesson-shogi4-forward-hint = The pawn steps one square straight ahead, toward East.
lesson-shogi4-forward-done = Right: West's forward points at East.

lesson-shogi4-silver = The silver steps one square forward or diagonally: five squares, never sideways or straight back. Move your silver.
lesson-shogi4-silver-hint = Straight ahead, or one of the four diagonals.
lesson-shogi4-silver-done = Good. A silver retreats only diagonally.

lesson-shogi4-gold = The gold steps one square any way except diagonally backward. The king steps one square any way. Move your gold.
lesson-shogi4-gold-hint = Any neighbouring square except the two behind-diagonals.
lesson-shogi4-gold-done = Well done. Golds and kings never promote.

lesson-shogi4-rook = The rook slides any distance in a straight line and can't jump. No piece may ever land on a king: kings are never captured. Move your rook.
lesson-shogi4-rook-hint = Up, down, left or right, as far as the path is free.
lesson-shogi4-rook-done = Good. The rook is your strongest piece.

lesson-shogi4-capture = Move onto an opponent's piece to capture it: it goes to your hand, unpromoted. Take North's gold with your rook.
lesson-shogi4-capture-hint = The gold stands on your rook's column: land on it.
lesson-shogi4-capture-done = The gold is in your hand now.

lesson-shogi4-drop = Instead of moving, you may drop a piece from your hand on any empty square. A dropped piece faces your way, whoever owned it before. Drop your gold.
lesson-shogi4-drop-hint = Pick the gold in your hand, then an empty square.
lesson-shogi4-drop-done = Good. As in shogi: no nifu, no mate by a pawn drop.

lesson-shogi4-promote = The promotion zone is the three rows furthest in the direction a piece faces: for you, rows 7 to 9. A rook, silver or pawn moving into, inside or out of it may promote. Move your silver in and promote it.
lesson-shogi4-promote-hint = Move the silver up into row 7 and choose to promote.
lesson-shogi4-promote-done = A promoted silver moves like a gold; a rook gains diagonal steps.

lesson-shogi4-check = A king is in check when another player's piece attacks it. Give check to any king with your rook.
lesson-shogi4-check-hint = Put the rook in line with a king, nothing in between.
lesson-shogi4-check-done = Check! The checked player must answer it.

lesson-shogi4-priority = Check priority: a player in check moves next, at once, out of turn. South just checked North, so North moves now and West's turn is skipped (it is not given back). Get North's king out of check.
lesson-shogi4-priority-hint = Step North's king off the rook's column.
lesson-shogi4-priority-done = Safe. Play goes on clockwise from North: East is next.

lesson-shogi4-double = One move can check two kings at once. Move your rook to e5: along row 5 it attacks both West's and East's king.
lesson-shogi4-double-hint = Slide the rook straight up to e5.
lesson-shogi4-double-done = Two kings in check! Who answers first?

lesson-shogi4-double-answer = With several kings in check, the checked player nearest clockwise from the one who moved goes first: after South, that is West. Get West's king out of check.
lesson-shogi4-double-answer-hint = Step the king off row 5.
lesson-shogi4-double-answer-done = Next East, still in check, moves before North.

lesson-shogi4-mate = A player with no legal move when their turn comes is checkmated. Their king is turned over and stays as a block; their hand and all their pieces go to the mating player. Mate North: drop your gold where the king can't escape.
lesson-shogi4-mate-hint = Drop the gold just in front of North's king, guarded by the silver.
lesson-shogi4-mate-done = Mate! North is out; their pawns are yours now.

lesson-shogi4-inherit = Pieces won by a mate keep their facing. This silver was North's: it is yours now but still moves North's way, down the board. The turned-over king (X) can't be moved, captured or landed on. Move the silver.
lesson-shogi4-inherit-hint = For this silver, forward is down, toward you.
lesson-shogi4-inherit-done = Right: the owner changed, the facing did not.

lesson-shogi4-inhpromote = Promotion follows the piece's facing, not its owner. This pawn faces as North's pieces do, so its zone is rows 1 to 3. Move it forward and promote it.
lesson-shogi4-inhpromote-hint = Step the pawn down to e3 and choose to promote.
lesson-shogi4-inhpromote-done = It moves like a gold now, still facing North's way.

lesson-shogi4-nomove = No legal move on your turn means mate, even when not in check. West has only a king. Take away its last free squares without giving check.
lesson-shogi4-nomove-hint = Squares a4 and b4 are still free: close row 4 with a rook.
lesson-shogi4-nomove-done = West can't move: mated. The mate is yours.

lesson-shogi4-end = The game ends when a second player is mated: the first one mated is 4th, the second 3rd. The two left are ranked by mates delivered, then pieces (board, hand, kings of players they mated), then who mated last. Mate East to finish.
lesson-shogi4-end-hint = Drop the gold just in front of East's king, guarded by the rook.
lesson-shogi4-end-done = Game over: two mates, first place! Now try a game against the CPU.
