# Exec commands (`ssh play@host CMD`, `ssh admin@host CMD`) and the SSH
# server's own words: see locales/en/exec.ftl. Tagalog's plural rule
# calls many numbers "one" (2, 3, 5…): choose on [1] where it matters.

## Usage lines, shown after a usage error.
exec-usage = paggamit: [--lang WIKA] join CODE | watch CODE | resume CODE | review GAME-ID | export GAME-ID [--format FORMAT]
exec-admin-usage = paggamit (admin): [--lang WIKA] logs [--follow] [--room ID] [--game ID] [--since ORAS] [--json] | rooms [--json] | close KUWARTO | stats [--json] | ratings rebuild | bots [list [--json]] | bots add PANGALAN SUSI | bots remove PANGALAN

## Command lines that do not parse.
exec-not-utf8 = hindi UTF-8 ang command
exec-no-command = walang command; { $usage }
exec-unknown-command = hindi kilalang command: { $word }; { $usage }
exec-bad-arguments = maling mga argument; { $usage }
exec-bad-export-arguments = maling mga argument ng export; { $usage }
exec-missing-value = kailangan ng value ang { $flag }; { $usage }
exec-unknown-logs-option = hindi kilalang option ng logs: { $option }; { $usage }
exec-lang-missing = kailangan ng wika ang --lang: en, ja, pl o tl
exec-unknown-lang = hindi kilalang wika para sa --lang: { $lang }; pumili sa en (English), ja (日本語), pl (Polski) o tl (Tagalog)

## Refusals.
exec-too-many-sessions = { $count ->
    [1] may { $count } session ka nang bukas; isara mo muna ito
   *[other] may { $count } session ka nang bukas; magsara ka muna ng isa
}
exec-needs-terminal = kailangan nito ng terminal: gamitin ang ssh -t
exec-shell-needs-terminal = kailangan ng banmen ng terminal: gamitin ang ssh -t
exec-not-admin = kailangan ng admin key ang mga admin command; hindi admin key ang sa iyo
exec-too-many-commands = sobrang daming command sa iisang koneksiyon
exec-bad-since = --since { $since }: magbigay ng oras (2026-11-30T08:00:00Z), petsa, o gaano katagal na (10m, 2h)
exec-journal-failed = hindi nabasa ang journal: { $detail }
exec-internal-error = internal error: { $detail }

## `rooms`: see locales/en/exec.ftl.
exec-admin-no-rooms = walang kuwarto
exec-admin-room = { $room } { $moves_shown } galaw  { $seats }  nanonood { $watchers }  huli { $last }
exec-admin-phase-waiting = naghihintay
exec-admin-phase-playing = naglalaro
exec-admin-phase-finished = tapos na

## `stats`: the hall's figures, one line each.
exec-admin-stats-connections = koneksiyon { $connections } (terminal session { $sessions })
exec-admin-stats-rooms = kuwarto { $rooms } (naghihintay { $waiting }, naglalaro { $playing }, tapos na { $finished })
exec-admin-stats-cpu = CPU thread { $threads } (abala { $busy }, nakapilang search { $queued })
exec-admin-stats-uptime = uptime { $uptime }
exec-admin-stats-node = node { $node }, hawak ang { $owned } sa mga kuwarto
exec-admin-uptime-minutes = { $minutes } min { $seconds } seg
exec-admin-uptime-hours = { $hours } oras { $minutes } min { $seconds } seg
exec-admin-uptime-days = { $days } araw { $hours } oras { $minutes } min

## The SSH server's own.
ssh-shutting-down = Nagsasara na ang server.
ssh-auth-timeout = Masyadong natagalan ang authentication.
ssh-window-too-big = { $cols }×{ $rows } ang window mo; hanggang { $max_cols }×{ $max_rows } lang ang iginuguhit ng banmen. Paliitin ang window (o palakihin ang font).
ssh-window-crowded = Ubos na ng mga screen na bukas mula sa address mo ang espasyong ibinibigay ng server na ito sa isang address. Magsara ng isa, o paliitin ang window na ito.
exec-import-refused = hindi ma-import: { $reason }
