# The four-player chess lesson (src/learn/lessons/chess4.toml): for each step
# lesson-<id> (the text and task), lesson-<id>-hint, lesson-<id>-done.

lesson-chess4-board = Four-player chess is played on a 14×14 board with its 3×3 corners cut away: 160 squares, files a–n and ranks 1–14. The corners are walls: no piece stands on them or passes through. Move your rook on c5.
lesson-chess4-board-hint = Pick the rook on c5: it moves along its rank or its file.
lesson-chess4-board-done = On the c-file the rook stops at c4 and c11: the corners lie beyond.

lesson-chess4-seats = Four players sit around the board: Red at the bottom, Blue on the left, Yellow at the top, Green on the right. Each has the 16 chess pieces, marked Red ●, Blue ▲, Yellow ■, Green ◆. Red moves first: make any move.
lesson-chess4-seats-hint = Any move of a Red piece will do.
lesson-chess4-seats-done = Good. Now the turn passes to the next player.

lesson-chess4-turns = Turns go clockwise: Red, Blue, Yellow, Green, then Red again. Red has moved, so it is Blue's turn. The board turns so that the player to move sits at the bottom. Make any move for Blue.
lesson-chess4-turns-hint = Any move of a Blue piece will do.
lesson-chess4-turns-done = Next come Yellow, then Green.

lesson-chess4-pawn = Pawns move forward, toward the player opposite: Red's toward Yellow, Blue's toward Green, Yellow's toward Red, Green's toward Blue. From its start square a pawn may go one or two squares. Move Blue's pawn.
lesson-chess4-pawn-hint = The pawn goes straight forward, one or two squares.
lesson-chess4-pawn-done = Blue's pawns march across the board toward Green.

lesson-chess4-pawn-capture = A pawn captures one square diagonally forward, in its own direction. Green's pawn heads toward Blue, and a knight blocks its way. Take the bishop with the pawn.
lesson-chess4-pawn-capture-hint = Pawns don't capture straight ahead: go diagonally forward.
lesson-chess4-pawn-capture-done = Taken! Every pawn captures diagonally forward, its own way.

lesson-chess4-knight = All the other pieces move just as in chess. The knight jumps in an L: two squares one way, then one to the side, over anything in between. Move Yellow's knight.
lesson-chess4-knight-hint = Pick the knight on g10 and jump in an L.
lesson-chess4-knight-done = Rooks, bishops, queens and kings move as in chess too.

lesson-chess4-castle = Castling works as in chess, in each seat's own direction: the king moves two squares toward a rook that has not moved, and the rook lands on the square the king crossed. Green's king on n8 may castle either way. Castle.
lesson-chess4-castle-hint = Move the king two squares along the n-file toward a rook.
lesson-chess4-castle-done = Castled! Never out of check, nor across an attacked square.

lesson-chess4-en-passant = Green's pawn has just moved two squares, from m7 to k7, passing l7. Your pawn on k6 stands beside it and may take it en passant, moving diagonally onto l7, the square it passed. Do it now: the chance ends when Green moves again.
lesson-chess4-en-passant-hint = Move the pawn on k6 diagonally onto l7.
lesson-chess4-en-passant-done = En passant works in all four directions, even from the side.

lesson-chess4-teams = By default you play in teams: partners sit opposite, Red and Yellow against Blue and Green. You can't capture your partner's pieces, and your partner never gives you check. Capture a piece with your rook.
lesson-chess4-teams-hint = Yellow is your partner: take the Blue knight.
lesson-chess4-teams-done = Right: only your opponents' pieces can be captured.

lesson-chess4-check = You give check by attacking an opponent's king. Yellow's rook on h5 faces your king, but a partner never checks you. Give check to Blue's or Green's king with your bishop.
lesson-chess4-check-hint = Put the bishop on a diagonal of the king on a7 or on n8.
lesson-chess4-check-done = Check! A player who can't answer it on their turn is mated.

lesson-chess4-king-capture = In teams, a king left in check may be captured by an opponent who moves before its owner. Red's rook checks Green's king, and Green moves after you. Take the king with your knight: your team wins.
lesson-chess4-king-capture-hint = Jump the knight from l9 onto Green's king on n8.
lesson-chess4-king-capture-done = King captured: Red and Yellow win!

lesson-chess4-promote-teams = In teams, a pawn promotes on its 11th rank, counted from its own side: for Red that is rank 11. You choose a queen, rook, bishop or knight. Promote your pawn.
lesson-chess4-promote-teams-hint = Push the pawn on d10 one square forward.
lesson-chess4-promote-teams-done = Promoted! Every seat counts its 11 ranks from its own side.

lesson-chess4-ffa = In free-for-all (type ffa) everyone plays alone and scores points for captures: pawn 1, knight 3, bishop or rook 5, queen 9 (a queen made from a pawn: 1). The highest score wins. Take a piece with your knight.
lesson-chess4-ffa-hint = The knight can take the Blue pawn or the Yellow queen.
lesson-chess4-ffa-done = Points! The queen is worth 9, the pawn 1.

lesson-chess4-ffa-check = In free-for-all, checking one king earns nothing, but checking two kings with one move earns 5 points (1 if only queens give the checks), three kings 20. Check Blue's and Yellow's kings at once with your knight.
lesson-chess4-ffa-check-hint = Find the square where the knight attacks both a7 and e7.
lesson-chess4-ffa-check-done = A double check: 5 points!

lesson-chess4-mate = In free-for-all, checkmate counts at once: right after your move, any player in check with no legal move is mated. You score 20 points and that player is out of the game. Checkmate Blue's king.
lesson-chess4-mate-hint = Close the a-file: the king's own pawns hem it in.
lesson-chess4-mate-done = Checkmate! 20 points, and Blue is out.

lesson-chess4-grey = When a player is out in free-for-all, their pieces turn grey and stay on the board. Grey pieces never move or give check, and anyone may take them, for 0 points. Blue is out: take the grey queen next to your king.
lesson-chess4-grey-hint = The grey queen on h2 gives no check: take it with your king.
lesson-chess4-grey-done = Taken, for 0 points. Grey pieces are just obstacles.

lesson-chess4-promote-ffa = In free-for-all, pawns promote already on their 8th rank, just past the middle of the board, and only to a queen. For Blue the 8th rank is the h-file. Promote your pawn.
lesson-chess4-promote-ffa-hint = Push the pawn on g6 one square forward.
lesson-chess4-promote-ffa-done = A new queen! When three players are out, the highest score wins.
