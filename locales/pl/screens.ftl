# Rankingi, nazwa gościa, ekran administratora i pomoc.

category-shogi = Shōgi
category-shogi4 = Shōgi dla czterech
category-shogi4-pairs = Shōgi dla czterech, pary
category-chess4-teams = Szachy dla czterech, drużyny
category-chess4-ffa = Szachy dla czterech, każdy na każdego
category-short-shogi = shōgi
category-short-shogi4 = shōgi4
category-short-shogi4-pairs = shōgi4 pary
category-short-chess4-teams = szachy4 drużyny
category-short-chess4-ffa = szachy4 solo

ratings-title = Ranking · { $category } (←→ inne gry)
ratings-player = gracz
ratings-rating = ranking
ratings-games = partie
ratings-nobody = Nikt nie ma jeszcze rankingu: liczą się partie rankingowe graczy z kluczami SSH.

profile-title = Profil · { $name }
profile-games = { $count ->
    [one] { $count } partia
    [few] { $count } partie
    [many] { $count } partii
   *[other] { $count } partii
}
profile-unrated = jeszcze bez rankingu
profile-recent = Ostatnie partie rankingowe
profile-none = jeszcze brak
profile-result = miejsce { $place }  { $before } → { $after } ({ $change })
profile-game = partia { $game }
profile-private = (prywatna)
profile-export = Zapis partii:

name-welcome = Witaj w banmen
name-guest = Grasz jako gość (z kluczem SSH zachowasz nazwę i ranking).
name-label = Twoja nazwa:
name-keep = Enter bez wpisywania: { $name }

admin-figures = { $connections ->
    [one] { $connections } połączenie
    [few] { $connections } połączenia
   *[many] { $connections } połączeń
} · { $rooms ->
    [one] { $rooms } pokój
    [few] { $rooms } pokoje
   *[many] { $rooms } pokojów
} ({ $playing } w grze) · CPU: zajęte { $busy }/{ $threads }, w kolejce { $queued } · działa { $uptime }
admin-no-rooms = Brak pokojów.
admin-journal = { $count ->
    [one] dziennik ({ $count } linia)
    [few] dziennik ({ $count } linie)
   *[many] dziennik ({ $count } linii)
}
admin-journal-error = błąd dziennika: { $error }

help-title = Klawisze
help-more = ↑↓ więcej
help-more-below = ↓ więcej poniżej
help-more-above = ↑ więcej powyżej
help-everywhere = Wszędzie
help-cursor = przesuwa kursor lub zaznaczenie
help-choose = wybór; działa też kliknięcie myszą
help-back = wstecz, anuluj, wyjdź
help-help = ta pomoc (Esc zamyka)
help-settings = ustawienia języka i wyglądu figur
help-style = wygląd figur, kolory wł./wył.
help-quit = wyjście
help-lobby = Poczekalnia
help-join-watch = dołącz / oglądaj wybrany pokój publiczny
help-create-quick = utwórz pokój / szybka gra
help-vs-same = gra z komputerem / na jednym urządzeniu
help-invite = wpisz kod zaproszenia, Enter dołącza
help-ratings = rankingi: tabele (←→ gra), Enter profil, m twój
help-setup = Nowy pokój
help-setup-change = zmienia wybrane ustawienie
help-setup-create = tworzy pokój
help-game = Partia
help-pick = wybierz figurę, potem Enter na zaznaczonym polu
help-hand = przejdź do ręki, by wstawić figurę
help-answer = odpowiedź: promować? poddać się? wyjść?
help-resign-declare = poddaj się (nie w shōgi dla czterech) / deklaracja wejścia króla
help-new-round = zgoda na nową rundę po końcu partii
help-export = eksport partii (SFEN + ruchy USI, KIF; SFEN4; PGN4, FEN4)
help-scroll = przewija listę ruchów
help-start = start od razu (gospodarz, w pokoju)
help-cpu-seat = komputer na tym miejscu / jego wyższy poziom (gospodarz)
help-type-move = wpisz ruch: 7g7f, P*5e (dla czterech: e3e4, P*e5)
help-key-m-chess = m (szachy)
help-type-chess = e2-e4; h1-j1 to roszada; d10-d11 pyta o figurę
help-shogi4-board = Plansza shōgi dla czterech
help-shogi4-owner = właściciel figury (Południe … Wschód; - bez właściciela)
help-shogi4-facing = kierunek figury (przejęte mogą patrzeć inaczej)
help-shogi4-flipped = odwrócony król zamatowanego gracza
help-marks = kursor, wybrana figura, dozwolone pole
help-chess4-board = Plansza szachów dla czterech
help-chess4-owner = właściciel: Czerwony, Niebieski, Żółty, Zielony
help-chess4-pieces = król, hetman, wieża, goniec, skoczek, pion
help-chess4-eliminated = szara: figura wyeliminowanego gracza, 0 punktów
help-chess4-promote = promocja na hetmana, wieżę, gońca, skoczka / anuluj
help-key-teams = drużyny
help-chess4-teams = Czerwony + Żółty przeciw Niebieskiemu + Zielonemu; promocja na twojej 11. linii
help-key-ffa = każdy na każdego
help-chess4-ffa = o punkty; piony stają się hetmanami na twojej 8. linii
