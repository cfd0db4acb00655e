# How two-player shogi's moves are written: the settings row and the move
# prompt's answers (the examples are the same move in each notation).

settings-notation = Move notation
notation-usi = USI 7g7f
notation-japanese = Japanese ７六歩
notation-western = Western P-7f
notation-no-move = { $text } is not a legal move here (like { $example }).
notation-ambiguous = { $text } could be several moves: { $moves }.
