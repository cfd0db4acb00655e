# Notices on the status line, titles and the size warning.

notice-no-room-selected = Nie wybrano pokoju: utwórz nowy albo wpisz kod zaproszenia.
notice-no-room-to-watch = Brak pokoju do oglądania.
notice-nobody-rated = W tej grze nikt nie ma jeszcze rankingu.
notice-no-hands = W tej grze nie ma figur w ręce.
notice-hand-empty = Nie masz figur w ręce.
notice-drop-own-hand = W swojej turze możesz wstawiać figury z własnej ręki.
notice-watching = Oglądasz tę partię.
notice-no-legal-move = Ta figura nie ma dozwolonego ruchu.
notice-pick-piece-or-hand = Wybierz swoją figurę (albo Tab, by przejść do ręki).
notice-pick-piece = Wybierz swoją figurę.
notice-not-legal = Niedozwolony ruch.
notice-name-reserved = Tej nazwy używa serwer; wybierz inną.
notice-room-stays-open = Pokój pozostaje otwarty.
notice-no-room-to-close = Brak pokoju do zamknięcia.
notice-confirm-close = Zamknąć pokój { $room } ({ $code })? Jego gracze wrócą do poczekalni.
notice-resume-code = Twój kod wznowienia: { $code } (e pokazuje, jak wrócić).
notice-left-room = Opuszczono pokój.
status-move-prompt = Ruch ({ $example }):
status-reconnecting = Ponowne łączenie… ten serwer stracił łączność z salą gier; ruchy czekają.
notice-replaced = Nowe połączenie z innego miejsca: ta sesja oddała mu swoje miejsce.
notice-shutdown = Serwer się wyłącza.
notice-idle-seconds = { $count ->
    [one] Rozłączono: sekunda bez aktywności w poczekalni. Wróć, kiedy chcesz.
    [few] Rozłączono: { $count } sekundy bez aktywności w poczekalni. Wróć, kiedy chcesz.
   *[many] Rozłączono: { $count } sekund bez aktywności w poczekalni. Wróć, kiedy chcesz.
}
notice-idle-minutes = { $count ->
    [one] Rozłączono: minuta bez aktywności w poczekalni. Wróć, kiedy chcesz.
    [few] Rozłączono: { $count } minuty bez aktywności w poczekalni. Wróć, kiedy chcesz.
   *[many] Rozłączono: { $count } minut bez aktywności w poczekalni. Wróć, kiedy chcesz.
}

title-help = pomoc
title-export = eksport
title-settings = ustawienia
title-welcome = witaj
title-lobby = poczekalnia
title-create = nowy pokój
title-admin = administracja
title-ratings = rankingi
too-small = Powiększ okno
too-small-size = (co najmniej { $min }; teraz { $now })

lobby-title = Otwarte pokoje publiczne
lobby-col-game = gra
lobby-col-seats = osoby
lobby-col-host = gospodarz
lobby-col-phase = stan
lobby-col-rules = zasady
lobby-empty = Brak otwartych pokoi: naciśnij c, by utworzyć, lub p, by szybko zagrać.
lobby-invite-code = Kod zaproszenia (i):
lobby-quick-play = Szybka gra:

settings-title = Ustawienia
settings-language = Język
settings-shogi-pieces = Figury shōgi
settings-chess-pieces = Figury szachowe
settings-saved-with-key = Zapisane z twoim kluczem SSH: takie same przy każdym połączeniu.
settings-guest = Tylko na tę sesję (ustawienia gościa nie są zapisywane).
settings-keys = ↑↓ wybór wiersza, ←→ zmiana, Esc – gotowe.
style-kanji = kanji
style-western = zachodnie
style-ascii = ASCII
style-letters = litery
style-symbols = symbole

# The settings row for the terminal bell that rings each second of the
# last ten of a byoyomi period: on the player's own turn only, also for
# the seat to move in a game they watch, or never.
settings-bell = Dzwonek zegara
bell-my-turn = w mojej turze
bell-also-watching = też gdy oglądam
bell-never = nigdy
