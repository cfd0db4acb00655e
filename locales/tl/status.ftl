# The room's status line, the names of seats and occupants, the reasons a
# game ends and the reasons a room closes.

status-waiting = Naghihintay ng mga manlalaro.
status-joined = Sumali si { $name }.
status-left = Umalis si { $name }.
status-timed-out = Naubusan ng oras si { $name }: CPU ang titira sa turnong ito.
status-seat-cpu = { $seat }: CPU sa antas { $level }.
status-seat-open = { $seat }: bakante muli ang upuan.
status-wants-new-round = Gusto ni { $name } ng bagong round.
status-won = Tapos ang laro. Panalo: { $names } ({ $reason }).
status-draw = Tapos ang laro: tabla ({ $reason }).
status-placings = Tapos ang laro ({ $reason }): { $places }.
status-place = ika-{ $place } { $name }
status-paused = Naka-pause hanggang makabalik: { $names }.
status-to-move = Turno ng { $name }.
status-seat-label = { $seat } ({ $name })
status-rated = { $result } Rating: { $changes }.

seat-sente = sente
seat-gote = gote
seat-south = Timog
seat-west = Kanluran
seat-north = Hilaga
seat-east = Silangan
seat-red = Pula
seat-blue = Asul
seat-yellow = Dilaw
seat-green = Berde

occupant-empty = (bakante)
occupant-name = { $name }
occupant-away = { $name } (umalis)
occupant-cpu-plays = { $name } (CPU ang titira)
occupant-away-cpu-plays = { $name } (umalis, CPU ang titira)
occupant-cpu = CPU (antas { $level })
occupant-you = { $name } (ikaw)

reason-checkmate = checkmate
reason-no-legal-moves = walang legal na tira
reason-resignation = pagsuko
reason-repetition = pag-uulit
reason-perpetual-check = tuloy-tuloy na check
reason-declaration = deklarasyon ng pagpasok ng hari
reason-impasse = impasse na 24 puntos
reason-move-limit = limitasyon ng tira
reason-king-captured = nahuli ang hari
reason-eliminations = pagkatanggal
reason-fifty-moves = patakarang 50 tira

closed-empty = Walang tao sa loob nito.
closed-expired = { $days ->
    [1] Walang tao sa loob nito at walang nangyari sa loob ng isang araw.
   *[other] Walang tao sa loob nito at walang nangyari sa loob ng { $days } araw.
}
closed-abandoned = { $hours ->
    [1] Walang naglaro o pumasok dito sa loob ng isang oras.
   *[other] Walang naglaro o pumasok dito sa loob ng { $hours } oras.
}
closed-host-moved-on = Umalis ang host nito at nagbukas ng bagong kuwarto.
closed-everybody-left = Umalis ang lahat.
closed-by-admin = Isinara ng admin ({ $admin }) ang kuwarto.
admin-closed-room = isinara ang kuwartong { $room }
status-clock-count = oras: { $seconds }…
reason-time = oras
