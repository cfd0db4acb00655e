# How two-player shogi's moves are written: the settings row and the move
# prompt's answers (the examples are the same move in each notation).

settings-notation = Zapis ruchów
notation-usi = USI 7g7f
notation-japanese = japoński ７六歩
notation-western = zachodni P-7f
notation-no-move = { $text } nie jest tu dozwolonym ruchem (przykład: { $example }).
notation-ambiguous = { $text } może oznaczać kilka ruchów: { $moves }.
