# Exec commands (`ssh play@host CMD`, `ssh admin@host CMD`) and the SSH
# server's own words: see locales/en/exec.ftl.

## Usage lines, shown after a usage error.
exec-usage = użycie: [--lang JĘZYK] join KOD | watch KOD | resume KOD | review ID-PARTII | export ID-PARTII [--format FORMAT]
exec-admin-usage = użycie (administrator): [--lang JĘZYK] logs [--follow] [--room ID] [--game ID] [--since CZAS] [--json] | rooms [--json] | close POKÓJ | stats [--json] | ratings rebuild | bots [list [--json]] | bots add NAZWA KLUCZ | bots remove NAZWA

## Command lines that do not parse.
exec-not-utf8 = polecenie nie jest zapisane w UTF-8
exec-no-command = brak polecenia; { $usage }
exec-unknown-command = nieznane polecenie { $word }; { $usage }
exec-bad-arguments = błędne argumenty; { $usage }
exec-bad-export-arguments = błędne argumenty polecenia export; { $usage }
exec-missing-value = { $flag } wymaga wartości; { $usage }
exec-unknown-logs-option = nieznana opcja polecenia logs: { $option }; { $usage }
exec-lang-missing = --lang wymaga podania języka: en, ja, pl lub tl
exec-unknown-lang = nieznany język { $lang } w --lang; wybierz en (English), ja (日本語), pl (Polski) lub tl (Tagalog)

## Refusals.
exec-too-many-sessions = { $count ->
    [one] masz już { $count } otwartą sesję; najpierw ją zamknij
    [few] masz już { $count } otwarte sesje; najpierw zamknij jedną z nich
    [many] masz już { $count } otwartych sesji; najpierw zamknij jedną z nich
   *[other] masz już otwarte sesje ({ $count }); najpierw zamknij jedną z nich
}
exec-needs-terminal = to wymaga terminala: użyj ssh -t
exec-shell-needs-terminal = banmen wymaga terminala: użyj ssh -t
exec-not-admin = polecenia administratora wymagają klucza administratora, a twój nim nie jest
exec-too-many-commands = zbyt wiele poleceń w jednym połączeniu
exec-bad-since = --since { $since }: podaj czas (2026-11-30T08:00:00Z), datę albo ile temu (10m, 2h)
exec-journal-failed = nie udało się odczytać dziennika: { $detail }
exec-internal-error = błąd wewnętrzny: { $detail }

## `rooms`: see locales/en/exec.ftl.
exec-admin-no-rooms = brak pokoi
exec-admin-room = { $room } { $moves_shown } { $moves ->
    [one] ruch
    [few] ruchy
    [many] ruchów
   *[other] ruchu
}  { $seats }  widzowie: { $watchers }  ostatnio: { $last }
exec-admin-phase-waiting = czeka
exec-admin-phase-playing = w grze
exec-admin-phase-finished = koniec

## `stats`: the hall's figures, one line each.
exec-admin-stats-connections = połączenia: { $connections } (sesje terminala: { $sessions })
exec-admin-stats-rooms = pokoje: { $rooms } (czekające: { $waiting }, w grze: { $playing }, zakończone: { $finished })
exec-admin-stats-cpu = wątki CPU: { $threads } (zajęte: { $busy }, wyszukiwania w kolejce: { $queued })
exec-admin-stats-uptime = czas działania: { $uptime }
exec-admin-stats-node = węzeł { $node }, własne pokoje: { $owned }
exec-admin-uptime-minutes = { $minutes } min { $seconds } s
exec-admin-uptime-hours = { $hours } godz. { $minutes } min { $seconds } s
exec-admin-uptime-days = { $days ->
    [one] { $days } dzień
    [few] { $days } dni
    [many] { $days } dni
   *[other] { $days } dnia
} { $hours } godz. { $minutes } min

## The SSH server's own.
ssh-shutting-down = Serwer jest wyłączany.
ssh-auth-timeout = Uwierzytelnianie trwało zbyt długo.
ssh-window-too-big = Twoje okno ma { $cols }×{ $rows }; banmen rysuje najwyżej { $max_cols }×{ $max_rows }. Zmniejsz okno (albo powiększ czcionkę).
ssh-window-crowded = Ekrany otwarte z twojego adresu zajmują całe miejsce, jakie ten serwer daje jednemu adresowi. Zamknij jeden albo zmniejsz to okno.
exec-import-refused = nie można zaimportować: { $reason }
