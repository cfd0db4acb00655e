# The hall's refusals and the phases of a room.

error-no-such-room = Nie ma pokoju o kodzie ani identyfikatorze { $code }.
error-no-such-game = Nie ma partii o identyfikatorze { $id }.
error-room-full = Pokój jest pełny (możesz go oglądać).
error-seat-taken = To miejsce zajmuje inny gracz.
error-not-host = Tylko gospodarz może to zrobić.
error-not-your-turn = To nie twoja tura.
error-no-entry = Nie ma pokoju o tym kodzie albo nie można do niego dołączyć.
error-too-many-attempts = Zbyt wiele prób; poczekaj { $seconds } s.
error-bad-format = Nieznany format eksportu { $format } (ta partia ma: { $formats }).
error-no-such-code = Żadne miejsce nie ma tego kodu wznowienia.
error-storage = Nie zapisano zmiany: pamięć serwera nie odpowiedziała. Spróbuj za chwilę.
error-replay = Nie da się odtworzyć dziennika pokoju: { $detail }
error-rooms-per-player = { $count ->
    [one] Masz { $count } otwarty pokój; dokończ lub poddaj partię albo czekaj na jej koniec.
    [few] Masz { $count } otwarte pokoje; dokończ lub poddaj którąś partię albo czekaj.
   *[many] Masz { $count } otwartych pokoi; dokończ lub poddaj którąś partię albo czekaj.
}
error-rooms-per-address = { $count ->
    [one] Z twojego adresu jest otwarty { $count } pokój; najpierw dokończ lub poddaj partię.
    [few] Z twojego adresu są otwarte { $count } pokoje; najpierw dokończ lub poddaj którąś.
   *[many] Z twojego adresu jest otwartych { $count } pokoi; najpierw dokończ lub poddaj którąś.
}
error-hall-full = Serwer osiągnął limit otwartych pokoi ({ $count }); spróbuj później.
error-remote = Serwer pokoju odmówił: { $detail }
error-unreachable = Ponowne łączenie… serwer pokoju nie odpowiedział; spróbuj za chwilę.

phase-no-game = Nie trwa żadna partia.
phase-not-a-game-command = To nie jest polecenie gry.
phase-started = Partia już się zaczęła.
phase-not-over = Partia jeszcze się nie skończyła.
phase-over = Partia się skończyła.
phase-paused = Partia jest wstrzymana.
phase-moved-on = Partia poszła dalej; sprawdź jeszcze raz.
phase-closed = Pokój został zamknięty.
phase-no-such-seat = W tym pokoju nie ma takiego miejsca.
phase-id-taken = Ten identyfikator pokoju jest zajęty; spróbuj ponownie.

rules-not-a-move = { $text } to nie jest ruch (przykład: { $example }).
rules-illegal-move = { $text } nie jest tu dozwolonym ruchem.
rules-bad-position = Nie da się odczytać pozycji: { $detail }
rules-no-such-claim = W tej grze nie można tego zgłosić.
rules-unknown-game = Nieznana gra { $name }; dostępne gry: { $games }.
rules-bad-rule = Zasada pokoju { $name }={ $value } jest niedozwolona ({ $detail }).

claim-declaration-off = Deklaracja wejścia króla jest w tym pokoju wyłączona.
claim-king-not-in-camp = Twój król nie jest w obozie rywala.
claim-king-in-check = Twój król jest szachowany.
claim-impasse-off = Impas według zasady 24 punktów jest w tym pokoju wyłączony.
claim-kings-not-entered = Oba króle muszą być w obozie rywala.
claim-too-few-pieces = { $count ->
    [one] { $count } figura w obozie oprócz króla; potrzeba 10.
    [few] { $count } figury w obozie oprócz króla; potrzeba 10.
   *[many] { $count } figur w obozie oprócz króla; potrzeba 10.
}
claim-too-few-points = { $points ->
    [one] { $points } punkt
    [few] { $points } punkty
   *[many] { $points } punktów
}; potrzeba { $needed }.
