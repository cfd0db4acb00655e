# The games' names, the room-setup form, the room rules (their names,
# explanations and values), the phases of a room and the lobby's summary of
# a room's rules. English rule names and values are the words of
# `--rule NAME=VALUE`, so a host learns them from the form.

## The games: full names, and short ones for the lobby's column (7 cells).
game-shogi = shogi
game-shogi4 = four-player shogi
game-chess4 = four-player chess
game-short-shogi = shogi
game-short-shogi4 = shogi4
game-short-chess4 = chess4

## The form.
setup-title = Create a room
setup-game = game
setup-game-about = the game this room plays
setup-rule-about = { $about } (default { $default })
setup-room = room
setup-public = public (listed in the lobby)
setup-private = private (invite code only)
setup-rating = rating
setup-ranked = ranked
setup-casual = casual
setup-time = time
setup-time-about = when it runs out the CPU moves
setup-away = when away
setup-away-default = default ({ $policy })
setup-away-about = while a player is away: after a grace period the CPU plays for them, or the game waits (default: wait in private shogi rooms)
setup-mode = mode
setup-mode-about = who plays the other seats
setup-cpu = CPU level
setup-cpu-about = strength of CPU players, 1 (beginner) to 5 (strongest)
setup-create = Create room

time-none = none
time-seconds = { $seconds } s

away-cpu = CPU plays
away-wait = wait

mode-online = online (others join)
mode-vs-computer = vs computer
mode-same-device = same device

## A room's phase in the lobby's list (9 cells at most).
state-waiting = waiting
state-playing = playing
state-finished = finished

## Values shared by the rules.
choice-on = on
choice-off = off
choice-none = none
choice-count = { $count }

## Two-player shogi.
rule-declaration = declaration
rule-declaration-about = entering-king declaration (27-point rule)
rule-move-limit = move-limit
rule-move-limit-about-shogi = total moves after which the game is a draw
rule-impasse = impasse
rule-impasse-about = 24-point impasse claim when both kings have entered
rule-handicap = handicap
rule-handicap-about = pieces the stronger player (gote) removes
rule-handicap-none = none
rule-handicap-lance = lance
rule-handicap-bishop = bishop
rule-handicap-rook = rook
rule-handicap-rook-lance = rook-lance
rule-handicap-2-piece = 2-piece
rule-handicap-4-piece = 4-piece
rule-handicap-6-piece = 6-piece
rule-swap-sides = swap-sides
rule-swap-sides-about = players swap sente and gote each game

## Four-player shogi.
rule-format = format
rule-format-about = individual, or pairs (opposite seats; the game ends at the first mate)
rule-format-individual = individual
rule-format-pairs = pairs
rule-ending = ending
rule-ending-about = end after two mates, or play on until one player is left (individual)
rule-ending-two-mates = two-mates
rule-ending-last-player = last-player
rule-mated-pieces = mated-pieces
rule-mated-pieces-about = a mated player's pieces go to the mating player, or become ownerless
rule-mated-pieces-to-mater = to-mater
rule-mated-pieces-ownerless = ownerless
rule-move-limit-about-shogi4 = total moves after which the game ends (ranked by mates, then pieces)

## Four-player chess.
rule-type = type
rule-type-about = teams (Red and Yellow against Blue and Green), or free-for-all for points
rule-type-teams = teams
rule-type-ffa = ffa
rule-move-limit-about-chess4 = total moves after which the game ends (teams: draw; free-for-all: by points)

## Both four-player games.
rule-show-legal-moves = show-legal-moves
rule-show-legal-moves-about = mark the legal destinations of the picked piece
rule-rotate-first-player = rotate-first-player
rule-rotate-first-player-about = each new game the first turn moves one seat clockwise

## The lobby's summary of a room's rules: "handicap=bishop, move-limit=200
## · ranked · 30 s/turn".
summary-standard = standard rules
summary-rule = { $rule }={ $value }
summary-rules = { $first }, { $rest }
summary-parts = { $first } · { $rest }
summary-ranked = ranked
summary-time = { $seconds } s/turn
clock-byoyomi = { $minutes ->
        [0] {""}
       *[other] { $minutes } min +{" "}
    }{ $seconds } s byoyomi
clock-periods = { $minutes ->
        [0] {""}
       *[other] { $minutes } min +{" "}
    }{ $periods } × { $seconds } s byoyomi
clock-increment = { $minutes } min + { $seconds } s/move
clock-sudden-death = { $minutes } min
status-lost-on-time = { $name } lost on time.
setup-clock-about = main time, then byoyomi: each move within a period
setup-main-time = main time
setup-byoyomi = byoyomi
setup-periods = periods
setup-increment = increment
setup-on-time = out of time
setup-on-time-about = in casual rooms the CPU may move instead
on-time-lose = loses the game
on-time-cpu = the CPU moves
clock-minutes = { $minutes } min
clock-count = { $count }
