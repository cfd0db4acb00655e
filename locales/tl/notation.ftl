# How two-player shogi's moves are written: the settings row and the move
# prompt's answers (the examples are the same move in each notation).

settings-notation = Pagsulat ng tira
notation-usi = USI 7g7f
notation-japanese = Hapones ７六歩
notation-western = Kanluranin P-7f
notation-no-move = Hindi legal na tira rito ang { $text } (halimbawa: { $example }).
notation-ambiguous = Maaaring ilang tira ang { $text }: { $moves }.
