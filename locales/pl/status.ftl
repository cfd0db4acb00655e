# The room's status line, the names of seats and occupants, the reasons a
# game ends and the reasons a room closes.

status-waiting = Czekamy na graczy.
status-joined = { $name } dołącza do pokoju.
status-left = { $name } opuszcza pokój.
status-timed-out = { $name }: koniec czasu – ten ruch wykona komputer.
status-seat-cpu = { $seat }: komputer, poziom { $level }.
status-seat-open = { $seat }: miejsce znów wolne.
status-wants-new-round = { $name } chce nowej rundy.
status-won = Koniec partii: wygrywa { $names } ({ $reason }).
status-draw = Koniec partii: remis ({ $reason }).
status-placings = Koniec partii ({ $reason }): { $places }.
status-place = { $place }. { $name }
status-paused = Wstrzymano do powrotu: { $names }.
status-to-move = Ruch: { $name }.
status-seat-label = { $seat } ({ $name })
status-rated = { $result } Zmiany rankingu: { $changes }.

seat-sente = Sente
seat-gote = Gote
seat-south = Południe
seat-west = Zachód
seat-north = Północ
seat-east = Wschód
seat-red = Czerwony
seat-blue = Niebieski
seat-yellow = Żółty
seat-green = Zielony

occupant-empty = (wolne)
occupant-name = { $name }
occupant-away = { $name } (rozłączono)
occupant-cpu-plays = { $name } (gra komputer)
occupant-away-cpu-plays = { $name } (rozłączono, gra komputer)
occupant-cpu = Komputer (poziom { $level })
occupant-you = { $name } (ty)

reason-checkmate = mat
reason-no-legal-moves = brak dozwolonego ruchu
reason-resignation = poddanie się
reason-repetition = powtórzenie
reason-perpetual-check = ciągły szach
reason-declaration = deklaracja wejścia króla
reason-impasse = impas wg zasady 24 punktów
reason-move-limit = limit ruchów
reason-king-captured = zbicie króla
reason-eliminations = eliminacje
reason-fifty-moves = zasada 50 ruchów

closed-empty = Nikogo w nim nie było.
closed-expired = { $days ->
    [one] Nikogo w nim nie było i przez dzień nic się nie działo.
    [few] Nikogo w nim nie było i przez { $days } dni nic się nie działo.
   *[many] Nikogo w nim nie było i przez { $days } dni nic się nie działo.
}
closed-abandoned = { $hours ->
    [one] Przez godzinę nikt w nim nie grał ani nie przebywał.
    [few] Przez { $hours } godziny nikt w nim nie grał ani nie przebywał.
   *[many] Przez { $hours } godzin nikt w nim nie grał ani nie przebywał.
}
closed-host-moved-on = Gospodarz go opuścił i otworzył nowy pokój.
closed-everybody-left = Wszyscy wyszli.
closed-by-admin = Pokój zamknął administrator ({ $admin }).
admin-closed-room = zamknięto pokój { $room }
status-clock-count = czas: { $seconds }…
reason-time = czas
