# Exec commands (`ssh play@host CMD`, `ssh admin@host CMD`) and the SSH
# server's own words. Errors are one line on stderr after "banmen: ".
# Command names, flags, codes, ids and notation stay as they are; the
# capitalised placeholders of the usage lines are translated. $word,
# $option and $lang arrive quoted ("frob") and $usage is a usage line.

## Usage lines, shown after a usage error.
exec-usage = usage: [--lang LANG] join CODE | watch CODE | resume CODE | review GAME-ID | export GAME-ID [--format FORMAT]
exec-admin-usage = admin usage: [--lang LANG] logs [--follow] [--room ID] [--game ID] [--since TIME] [--json] | rooms [--json] | close ROOM | stats [--json] | ratings rebuild | bots [list [--json]] | bots add NAME KEY | bots remove NAME

## Command lines that do not parse.
exec-not-utf8 = the command is not UTF-8
exec-no-command = no command; { $usage }
exec-unknown-command = unknown command { $word }; { $usage }
exec-bad-arguments = bad arguments; { $usage }
exec-bad-export-arguments = bad export arguments; { $usage }
exec-missing-value = { $flag } needs a value; { $usage }
exec-unknown-logs-option = unknown logs option { $option }; { $usage }
exec-lang-missing = --lang needs a language: en, ja, pl or tl
exec-unknown-lang = unknown language { $lang } for --lang; choose en (English), ja (日本語), pl (Polski) or tl (Tagalog)

## Refusals.
exec-too-many-sessions = { $count ->
    [one] you have { $count } session open already; close it first
   *[other] you have { $count } sessions open already; close one first
}
exec-needs-terminal = this needs a terminal: use ssh -t
exec-shell-needs-terminal = banmen needs a terminal: use ssh -t
exec-not-admin = admin commands need an admin key; yours is not one
exec-too-many-commands = too many commands on one connection
exec-bad-since = --since { $since }: give a time (2026-11-30T08:00:00Z), a date or an age (10m, 2h)
exec-journal-failed = reading the journal failed: { $detail }
exec-internal-error = internal error: { $detail }

## `rooms`: "no rooms", or a line per room. $room is the room's id, code,
## game, phase and game id in aligned columns; $moves_shown is the number
## of moves right-aligned (show it), $moves the same number (to choose the
## plural form); $seats lists seat=player; $last is a time (RFC 3339).
exec-admin-no-rooms = no rooms
exec-admin-room = { $room } { $moves_shown } { $moves ->
    [one] move
   *[other] moves
}  { $seats }  watchers { $watchers }  last { $last }
exec-admin-phase-waiting = waiting
exec-admin-phase-playing = playing
exec-admin-phase-finished = finished

## `stats`: the hall's figures, one line each.
exec-admin-stats-connections = connections { $connections } (terminal sessions { $sessions })
exec-admin-stats-rooms = rooms { $rooms } (waiting { $waiting }, playing { $playing }, finished { $finished })
exec-admin-stats-cpu = cpu threads { $threads } (busy { $busy }, searches queued { $queued })
exec-admin-stats-uptime = uptime { $uptime }
exec-admin-stats-node = node { $node }, owning { $owned } of the rooms
exec-admin-uptime-minutes = { $minutes }m { $seconds }s
exec-admin-uptime-hours = { $hours }h { $minutes }m { $seconds }s
exec-admin-uptime-days = { $days }d { $hours }h { $minutes }m

## The SSH server's own: why it ends a connection, and the note drawn
## instead of a screen too big for the server's allowance.
ssh-shutting-down = The server is shutting down.
ssh-auth-timeout = Authentication took too long.
ssh-window-too-big = Your window is { $cols }×{ $rows }; banmen draws up to { $max_cols }×{ $max_rows }. Please make the window smaller (or the font larger).
ssh-window-crowded = The screens open from your address use all the room this server gives one address. Close one, or make this window smaller.
exec-import-refused = cannot import: { $reason }
