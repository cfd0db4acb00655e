# The two-player shogi lesson (src/learn/lessons/shogi.toml): for each step,
# lesson-<id> (the task), lesson-<id>-hint (after a wrong move) and
# lesson-<id>-done (after a right one).

lesson-shogi-king = You play sente, at the bottom, and move first. The king (玉, K) steps one square in any direction. If it is mated you lose, so keep it safe. Move your king to a marked square.
lesson-shogi-king-hint = Pick your king: one square, any direction.
lesson-shogi-king-done = Good. Now meet the pieces that do the fighting.

lesson-shogi-rook = The rook (飛, R) slides any distance straight: forward, back, left or right. It can't jump over pieces: your pawn on 5d blocks it. Move the rook.
lesson-shogi-rook-hint = Straight lines only, and not through the pawn on 5d.
lesson-shogi-rook-done = The rook is your strongest piece. Use it well!

lesson-shogi-bishop = The bishop (角, B) slides any distance diagonally. Your pawns on 8d and 2d stop it. Move the bishop.
lesson-shogi-bishop-hint = Diagonals only; it stops before your own pawns.
lesson-shogi-bishop-done = Rook and bishop are the two big pieces.

lesson-shogi-gold = The gold general (金, G) steps one square: forward, diagonally forward, sideways or straight back, but not diagonally back. Move the gold.
lesson-shogi-gold-hint = Six squares: all around except the two back corners.
lesson-shogi-gold-done = The gold is a strong guard for your king.

lesson-shogi-silver = The silver general (銀, S) steps one square forward or to any of the four diagonals, but not sideways or straight back. Move the silver.
lesson-shogi-silver-hint = Five squares: forward and the four diagonals.
lesson-shogi-silver-done = The silver can step diagonally back, the gold can't.

lesson-shogi-knight = The knight (桂, N) jumps two squares forward and one to the side, only forward. It is the only piece that jumps over others. Jump over your pawns.
lesson-shogi-knight-hint = Two up, one to the side; the pawns don't stop it.
lesson-shogi-knight-done = Nice jump! A knight can never go back.

lesson-shogi-lance = The lance (香, L) slides straight forward any distance, never sideways or back. Your pawn on 9d stops it. Move the lance.
lesson-shogi-lance-hint = Straight up the file, as far as your pawn.
lesson-shogi-lance-done = Lances are dangerous on open files.

lesson-shogi-pawn = The pawn (歩, P) steps one square straight forward, and it captures the same way (not diagonally as in chess). Move your pawn.
lesson-shogi-pawn-hint = One square straight ahead.
lesson-shogi-pawn-done = You know all eight pieces now.

lesson-shogi-capture = Moving onto an enemy piece captures it. Enemy pieces face down the board (marked with a v, or in lower case). Capture the bishop on 2d with your rook.
lesson-shogi-capture-hint = Move the rook up the file onto 2d.
lesson-shogi-capture-done = Captured! The bishop isn't gone: it is in your hand now.

lesson-shogi-drop = A captured piece changes sides: it goes to your hand, and on your turn you may drop it on any empty square instead of moving (Tab picks from the hand). Drop the bishop on 5e to attack the rook and the gold at once.
lesson-shogi-drop-hint = Press Tab, pick the bishop in your hand, then 5e.
lesson-shogi-drop-done = A fork! Dropped pieces can strike anywhere.

lesson-shogi-nifu = Drops have rules. Nifu: you may not drop a pawn on a file that already holds your own unpromoted pawn (a promoted pawn, と, doesn't count), nor on the last rank. Only file 5 is free: drop your pawn there.
lesson-shogi-nifu-hint = Only file 5 has no pawn of yours.
lesson-shogi-nifu-done = Right. Two pawns on one file (nifu) is illegal.

lesson-shogi-promote = The three far ranks (a–c) are the promotion zone. A piece moving into, inside or out of it may promote: it turns over. A promoted silver, knight, lance or pawn moves like a gold. Move the silver into the zone and promote it (y).
lesson-shogi-promote-hint = Step onto rank c and answer y to promote.
lesson-shogi-promote-done = Promotion is optional; the king and gold never promote.

lesson-shogi-dragon = A promoted rook, the dragon (龍, +R), moves as a rook plus one step diagonally. A promoted bishop, the horse (馬, +B), is a bishop plus one step straight. Move the dragon.
lesson-shogi-dragon-hint = Any rook move, or one step diagonally.
lesson-shogi-dragon-done = Dragon and horse are the strongest pieces on the board.

lesson-shogi-forced = A piece that could never move again must promote: a pawn or lance on the last rank, a knight on the last two. This knight can only land on rank b, so every move it has promotes. Move the knight.
lesson-shogi-forced-hint = Jump to 4b or 2b; it must promote there.
lesson-shogi-forced-done = No choice: a knight on rank a or b always promotes.

lesson-shogi-check = Attacking the enemy king is check (王手). Give check with your gold.
lesson-shogi-check-hint = Put the gold next to the king on 5a, attacking it.
lesson-shogi-check-done = Check! Your opponent must answer it at once.

lesson-shogi-escape = The rook on 5b checks your king. You must end the check: move the king away, block the line, or capture the checking piece. Every legal move here does one of these. Answer the check.
lesson-shogi-escape-hint = Only moves that stop the check are allowed.
lesson-shogi-escape-done = Safe! Taking the rook with the bishop was the best answer.

lesson-shogi-mate = Checkmate (詰み) is a check with no way out: the king can't step away, the check can't be blocked and the checker can't be taken. It wins the game. Mate the king in one move.
lesson-shogi-mate-hint = The gold covers 1b and 2b. Where can the dragon check?
lesson-shogi-mate-done = Checkmate! The king had nowhere to go.

lesson-shogi-drop-mate = Drops are great for mating. Drop your gold so that the king is checkmated.
lesson-shogi-drop-mate-hint = Right in front of the king, where your pawn guards it.
lesson-shogi-drop-mate-done = The "head gold" mate (頭金), a classic.

lesson-shogi-uchifuzume = Uchifuzume: giving checkmate by dropping a pawn is illegal. A pawn dropped on 1b would mate, so you can't drop it there. Mate by moving a pawn, or by dropping another piece, is fine. Mate the king another way.
lesson-shogi-uchifuzume-hint = Which piece can go to 1b and still be guarded?
lesson-shogi-uchifuzume-done = Mate! The pawn drop on 1b would have been illegal.

lesson-shogi-sennichite = Sennichite: if the same position (board, hands and side to move) comes up four times, the game is a draw. But a player who gave check with every move of the repetition loses. So don't chase the king forever: mate it. Drop the gold for mate.
lesson-shogi-sennichite-hint = Drop the gold where your dragon guards it.
lesson-shogi-sennichite-done = Mate. Endless checks lose; a mate wins.

lesson-shogi-nyugyoku = Nyūgyoku: a king in the enemy camp (ranks a–c) is hard to mate. On your turn, press d to declare a win if it's there and not in check, with 10 other pieces of yours there and 28 points in camp and hand (gote 27; rook, bishop 5, others 1). Enter: take the knight on 5c.
lesson-shogi-nyugyoku-hint = Only your king can take the knight on 5c.
lesson-shogi-nyugyoku-done = You're in, with 29 points: next turn, press d to win.
