# The game screen (side panel, questions, promotion), the waiting room,
# the room's title and the export panel. Moves, SFEN, KIF, PGN4 and the
# like are notation: they stay as they are and are never in here.

## The side panel beside the board.

# Before the pieces a player holds: "hand: 角 歩2".
game-hand = hand:
# An empty hand.
game-hand-empty = -
# $seat is the seat with its mark: "☗ sente", "S South", "● Red".
game-to-move = { $seat } to move
# $kind (shogi, shogi4, chess4) lets a language name check by game (王手 in
# shogi, チェック in chess).
game-to-move-check = { $seat } to move - { $kind ->
   *[other] check
}!
# The turn's countdown, beside the line above.
game-time-left = time { $seconds } s
game-over = Game over
# $reason: checkmate, resignation, repetition…
game-over-reason = Game over ({ $reason })
# The move list's heading.
game-moves = Moves
game-confirm-resign = Resign this game? y / n
game-confirm-leave = Leave the game? y / n
game-watching = Watching.
game-choose-square = Choose a square (Esc: put back)
game-your-move = Your move.
game-waiting-others = Waiting for the others.
game-waiting-opponent = Waiting for the opponent.
# After a game: who agreed to play again. $names: the answers below,
# separated as the language separates list items.
game-new-round = New round (n): { $names }
game-new-round-agreed = { $name } yes
game-new-round-asked = { $name } ?

# A seat's tag, in brackets after its name: "S South [check] alice".
game-tag-won = won
game-tag-lost = lost
game-tag-draw = draw
game-tag-out = out
game-tag-check = { $kind ->
   *[other] check
}
# A seat without a place at the end.
game-tag-none = -
game-tag-place = { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
}
# Four-player shogi: how many players this seat has checkmated.
game-mates = { $count ->
    [one] { $count } mate
   *[other] { $count } mates
}
# Four-player shogi: a king in check moved out of turn. $skipped is a list.
game-check-priority = check priority: { $seat } plays, { $skipped } skipped
# Four-player chess: the game's type. $a + $b against $c + $d (colors,
# or their marks where the names do not fit).
game-free-for-all = Free-for-all, by points
game-teams = { $a } + { $b } vs { $c } + { $d }

## The promotion question.

promotion-promote-or-not = Promote? y = yes, n = no
# $pieces: "q queen  r rook  b bishop  n knight", or the keys alone.
promotion-choose = Promote to: { $pieces }
# The pieces a chess pawn may become (also key hints: short).
promotion-queen = queen
promotion-rook = rook
promotion-bishop = bishop
promotion-knight = knight

## The room: its title and the waiting room.

room-game = { $kind ->
    [shogi4] four-player shogi
    [chess4] four-player chess
   *[shogi] shogi
}
room-title-room = room { $code }
room-title-game = game { $id }
room-title-spectators = { $count ->
    [one] { $count } watching
   *[other] { $count } watching
}
# This session watches.
room-title-watching = watching
# $rules: the room's rules that differ from the defaults.
room-waiting = Waiting room · { $rules }
room-seats = Seats:
room-invite-code = Invite code: { $code }
# Above the command that joins the room.
room-friends-join = Friends join with:
room-note-start = Press s to start now: empty seats become CPU players.
room-note-starts-at-once = The game starts at once.
room-note-host-starts = The host starts the game when everyone is here.
room-note-cpu = A seat's number puts the CPU there or raises its level.
room-confirm-leave = Leave? y / n

## The export panel (the records themselves are not translated).

export-resume-code = Your resume code: { $code }
export-resume-how = Back to this seat later (keep the code private):
export-game = Game { $id }
export-private = A private room's games download only for its players' SSH keys: copy it from here.
export-download = Download later with:
export-files = w writes these records to files:
export-kif-choice = Which KIF file: .kif is Shift_JIS (CP932), what Japanese shogi GUIs expect; .kifu is the same record in UTF-8, for software that reads UTF-8. CSA is the record engines and servers exchange.
export-written = { $count } files written to { $dir }
export-write-failed = Could not write the files: { $reason }
hint-write-files = write files
