# The hall's refusals and the phases of a room.

error-no-such-room = No room has the code or id { $code }.
error-no-such-game = No game has the id { $id }.
error-room-full = The room is full (you can watch instead).
error-seat-taken = A player holds that seat.
error-not-host = Only the host can do that.
error-not-your-turn = It is not your turn.
error-no-entry = No room has that code, or it cannot be joined.
error-too-many-attempts = Too many attempts; wait { $seconds } s.
error-bad-format = Unknown export format { $format } (this game has { $formats }).
error-no-such-code = No seat has that resume code.
error-storage = Not saved: the server's storage did not answer. Try again in a moment.
error-replay = The room's log does not replay: { $detail }
error-rooms-per-player = { $count ->
    [one] You have { $count } room open; finish or resign it, or wait for it to end.
   *[other] You have { $count } rooms open; finish or resign one, or wait for one to end.
}
error-rooms-per-address = { $count ->
    [one] { $count } room is open from your address; finish or resign it first.
   *[other] { $count } rooms are open from your address; finish or resign one first.
}
error-hall-full = The server has { $count } rooms open, its most; try again later.
error-remote = The room's server refused: { $detail }
error-unreachable = Reconnecting… the room's server did not answer; try again in a moment.

phase-no-game = No game is being played.
phase-not-a-game-command = That is not a game command.
phase-started = The game has already started.
phase-not-over = The game is not over.
phase-over = The game is over.
phase-paused = The game is paused.
phase-moved-on = The game moved on; look again.
phase-closed = The room has been closed.
phase-no-such-seat = The room has no such seat.
phase-id-taken = That room id is taken; try again.

rules-not-a-move = { $text } is not a move (like { $example }).
rules-illegal-move = { $text } is not legal here.
rules-bad-position = The position does not read: { $detail }
rules-no-such-claim = This game has no such claim.
rules-unknown-game = Unknown game { $name }; the games are { $games }.
rules-bad-rule = Room rule { $name }={ $value } is not accepted ({ $detail }).

claim-declaration-off = Entering-king declaration is off in this room.
claim-king-not-in-camp = Your king is not in the opponent's camp.
claim-king-in-check = Your king is in check.
claim-impasse-off = The 24-point impasse rule is off in this room.
claim-kings-not-entered = Both kings must have entered the opponent's camp.
claim-too-few-pieces = { $count ->
    [one] { $count } piece in the camp besides the king; 10 are needed.
   *[other] { $count } pieces in the camp besides the king; 10 are needed.
}
claim-too-few-points = { $points } points; { $needed } are needed.
