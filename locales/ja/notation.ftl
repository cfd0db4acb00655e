# How two-player shogi's moves are written: the settings row and the move
# prompt's answers (the examples are the same move in each notation).

settings-notation = 棋譜の表記
notation-usi = USI 7g7f
notation-japanese = 日本式 ７六歩
notation-western = 欧米式 P-7f
notation-no-move = 「{ $text }」はこの局面で指せる手ではありません（例：{ $example }）。
notation-ambiguous = 「{ $text }」では手が決まりません：{ $moves }。
