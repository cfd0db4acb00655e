# The room's status line, the names of seats and occupants, the reasons a
# game ends and the reasons a room closes.

status-waiting = Waiting for players.
status-joined = { $name } joined.
status-left = { $name } left.
status-timed-out = { $name } ran out of time: the CPU plays this turn.
status-seat-cpu = { $seat }: CPU at level { $level }.
status-seat-open = { $seat }: seat open again.
status-wants-new-round = { $name } wants a new round.
status-won = Game over: { $names } won by { $reason }.
status-draw = Game over: draw by { $reason }.
status-placings = Game over ({ $reason }): { $places }.
status-place = { $place ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $place }th
} { $name }
status-paused = Paused until { $names } returns.
status-to-move = { $name } to move.
status-seat-label = { $seat } ({ $name })
status-rated = { $result } Ratings: { $changes }.

seat-sente = sente
seat-gote = gote
seat-south = South
seat-west = West
seat-north = North
seat-east = East
seat-red = Red
seat-blue = Blue
seat-yellow = Yellow
seat-green = Green

occupant-empty = (empty)
occupant-name = { $name }
occupant-away = { $name } (away)
occupant-cpu-plays = { $name } (CPU plays)
occupant-away-cpu-plays = { $name } (away, CPU plays)
occupant-cpu = CPU (level { $level })
occupant-you = { $name } (you)

reason-checkmate = checkmate
reason-no-legal-moves = no legal move
reason-resignation = resignation
reason-repetition = repetition
reason-perpetual-check = perpetual check
reason-declaration = entering-king declaration
reason-impasse = impasse (24-point rule)
reason-move-limit = move limit
reason-king-captured = king captured
reason-eliminations = eliminations
reason-fifty-moves = fifty-move rule

closed-empty = Nobody was in it.
closed-expired = { $days ->
    [one] Nobody was in it and nothing happened for a day.
   *[other] Nobody was in it and nothing happened for { $days } days.
}
closed-abandoned = { $hours ->
    [one] Nobody played in it or was in it for an hour.
   *[other] Nobody played in it or was in it for { $hours } hours.
}
closed-host-moved-on = Its host left it and opened a new room.
closed-everybody-left = Everybody left.
closed-by-admin = The room was closed by an admin ({ $admin }).
admin-closed-room = closed room { $room }
status-clock-count = time: { $seconds }…
reason-time = time
