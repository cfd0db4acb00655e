# Ekran partii (panel boczny, pytania, promocja), oczekiwanie w pokoju,
# tytuł pokoju i eksport zapisu. Zapis ruchów (7g7f, SFEN, KIF, PGN4)
# się nie tłumaczy.

## Panel obok planszy.

game-hand = w ręce:
game-hand-empty = -
game-to-move = Ruch: { $seat }
game-to-move-check = Ruch: { $seat } - szach!
game-time-left = czas { $seconds } s
game-over = Koniec partii
game-over-reason = Koniec partii ({ $reason })
game-moves = Ruchy
game-confirm-resign = Poddajesz się? y / n
game-confirm-leave = Opuścić partię? y / n
game-watching = Oglądasz.
game-choose-square = Wybierz pole (Esc: odłóż)
game-your-move = Twój ruch.
game-waiting-others = Ruch pozostałych graczy.
game-waiting-opponent = Ruch przeciwnika.
game-new-round = Nowa runda (n): { $names }
game-new-round-agreed = { $name } tak
game-new-round-asked = { $name } ?

game-tag-won = wygrana
game-tag-lost = przegrana
game-tag-draw = remis
game-tag-out = poza grą
game-tag-check = szach
game-tag-none = -
game-tag-place = { $place }.
game-mates = { $count ->
    [one] { $count } mat
    [few] { $count } maty
   *[many] { $count } matów
}
game-check-priority = Priorytet szacha: gra { $seat }, pominięto { $skipped }
game-free-for-all = Każdy na każdego, na punkty
game-teams = { $a } + { $b } kontra { $c } + { $d }

## Promocja.

promotion-promote-or-not = Promować? y = tak, n = nie
promotion-choose = Promocja na: { $pieces }
promotion-queen = hetman
promotion-rook = wieża
promotion-bishop = goniec
promotion-knight = skoczek

## Pokój: tytuł i oczekiwanie na graczy.

room-game = { $kind ->
    [shogi4] shōgi dla czterech
    [chess4] szachy dla czterech
   *[shogi] shōgi
}
room-title-room = pokój { $code }
room-title-game = partia { $id }
room-title-spectators = { $count ->
    [one] { $count } widz
    [few] { $count } widzów
   *[many] { $count } widzów
}
room-title-watching = oglądasz
room-waiting = Oczekiwanie na graczy · { $rules }
room-seats = Miejsca:
room-invite-code = Kod zaproszenia: { $code }
room-friends-join = Znajomi dołączają poleceniem:
room-note-start = Naciśnij s, by zacząć: puste miejsca zajmie komputer.
room-note-starts-at-once = Partia zaczyna się od razu.
room-note-host-starts = Gospodarz zacznie partię, gdy wszyscy będą.
room-note-cpu = Numer miejsca sadza tam komputer lub podnosi jego poziom.
room-confirm-leave = Wyjść? y / n

## Eksport (sam zapis partii się nie tłumaczy).

export-resume-code = Twój kod powrotu: { $code }
export-resume-how = Powrót na to miejsce później (nie pokazuj nikomu kodu):
export-game = Partia { $id }
export-private = Partie z prywatnego pokoju pobiorą tylko klucze SSH jego graczy: skopiuj zapis stąd.
export-download = Pobierz później poleceniem:
export-files = w zapisuje te zapisy partii do plików:
export-kif-choice = Który plik KIF: .kif jest w Shift_JIS (CP932), jak oczekują japońskie programy do shogi; .kifu to ten sam zapis w UTF-8, dla programów czytających UTF-8. CSA to zapis wymieniany przez silniki i serwery.
export-written = Zapisane pliki: { $count }, w { $dir }
export-write-failed = Nie udało się zapisać plików: { $reason }
hint-write-files = zapisz pliki
