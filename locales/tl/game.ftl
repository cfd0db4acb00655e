# Ang screen ng laro (side panel, tanong, promotion), ang paghihintay sa
# kuwarto, ang pamagat ng kuwarto at ang export. Hindi isinasalin ang
# notasyon (7g7f, SFEN, KIF, PGN4).

## Ang panel sa tabi ng board.

game-hand = hawak:
game-hand-empty = -
game-to-move = Turno ng { $seat }
game-to-move-check = Turno ng { $seat } - check!
game-time-left = { $seconds } s pa
game-over = Tapos na ang laro
game-over-reason = Tapos na ang laro ({ $reason })
game-moves = Mga tira
game-confirm-resign = Susuko ka na? y / n
game-confirm-leave = Aalis sa laro? y / n
game-watching = Nanonood.
game-choose-square = Pumili ng square (Esc: ibalik)
game-your-move = Turno mo.
game-waiting-others = Hinihintay ang iba.
game-waiting-opponent = Hinihintay ang kalaban.
game-new-round = Bagong round (n): { $names }
game-new-round-agreed = { $name } oo
game-new-round-asked = { $name } ?

game-tag-won = panalo
game-tag-lost = talo
game-tag-draw = tabla
game-tag-out = tanggal
game-tag-check = check
game-tag-none = -
game-tag-place = { $place ->
    [1] una
    [2] ikalawa
    [3] ikatlo
    [4] ikaapat
   *[other] ika-{ $place }
}
game-mates = { $count ->
    [one] { $count } mate
   *[other] { $count } mate
}
game-check-priority = Prayoridad sa check: { $seat }, lampas ang { $skipped }
game-free-for-all = Indibidwal, ayon sa puntos
game-teams = { $a } + { $b } laban sa { $c } + { $d }

## Promotion.

promotion-promote-or-not = I-promote? y = oo, n = hindi
promotion-choose = I-promote bilang: { $pieces }
promotion-queen = queen
promotion-rook = rook
promotion-bishop = bishop
promotion-knight = knight

## Ang kuwarto: pamagat at paghihintay.

room-game = { $kind ->
    [shogi4] shogi para sa apat
    [chess4] chess para sa apat
   *[shogi] shogi
}
room-title-room = kuwarto { $code }
room-title-game = laro { $id }
room-title-spectators = { $count ->
    [one] { $count } nanonood
   *[other] { $count } nanonood
}
room-title-watching = nanonood ka
room-waiting = Naghihintay ng manlalaro · { $rules }
room-seats = Mga upuan:
room-invite-code = Code ng imbitasyon: { $code }
room-friends-join = Sasali ang mga kaibigan gamit ang:
room-note-start = Pindutin ang s para magsimula: CPU sa bakanteng upuan.
room-note-starts-at-once = Magsisimula agad ang laro.
room-note-host-starts = Sisimulan ng host ang laro kapag kumpleto na.
room-note-cpu = Numero ng upuan: CPU doon, o itaas ang antas nito.
room-confirm-leave = Aalis? y / n

## Export (hindi isinasalin ang mismong rekord).

export-resume-code = Code mo sa pagbalik: { $code }
export-resume-how = Para bumalik sa upuang ito mamaya (itago ang code):
export-game = Laro { $id }
export-private = Sa SSH key lang ng mga manlalaro nito nada-download ang laro ng pribadong kuwarto: kopyahin dito.
export-download = I-download mamaya gamit ang:
export-files = Isinusulat ng w ang mga rekord na ito sa mga file:
export-kif-choice = Aling KIF file: ang .kif ay nasa Shift_JIS (CP932), na inaasahan ng mga Japanese na shogi GUI; ang .kifu ay ang parehong rekord sa UTF-8, para sa software na bumabasa ng UTF-8. Ang CSA ang rekord na ipinagpapalitan ng mga engine at server.
export-written = { $count } file ang naisulat sa { $dir }
export-write-failed = Hindi maisulat ang mga file: { $reason }
hint-write-files = isulat sa file
