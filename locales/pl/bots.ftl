# Boty: rejestracja (administratorzy), wyzwania (gospodarze), lista w poczekalni.

error-bad-bot-name = Nazwa bota: 1–16 liter, cyfr, - lub _, nie nazwa serwera; nie { $name }.
error-bot-exists = Bot o tej nazwie lub tym kluczu jest już zarejestrowany.
error-no-such-bot = Bot { $name } nie jest zarejestrowany ani połączony.
error-bot-busy = { $name } jest zajęty; spróbuj później.
error-no-such-challenge = Nie ma otwartego wyzwania { $id }.
status-bot-challenged = Wyzwanie dla { $name } na miejsce { $seat }…
status-bot-declined = { $name } odrzuca wyzwanie.
status-bot-declined-because = { $name } odrzuca wyzwanie: { $reason }
status-bot-no-answer = { $name } nie odpowiada.
exec-bot-bad-key = to nie jest klucz publiczny ({ $detail }); podaj go tak, jak zapisuje go authorized_keys: ssh-ed25519 AAAA… komentarz
exec-bot-added = dodano bota { $name } ({ $fingerprint })
exec-bot-removed = usunięto bota { $name }
exec-bots-none = brak botów
exec-bot-line = { $name } { $fingerprint } dodał(a) { $admin } { $time } połączony: { $connected }
hint-bots = boty
hint-challenge = wyzwij
title-bots = Boty
bots-none = Żaden bot nie jest teraz połączony.
bots-row = { $name }  { $games ->
    [0] wolny
    [one] 1 partia
    [few] { $games } partie
   *[other] { $games } partii
}
bots-about-lobby = Enter: wybierz grę i wyzwij bota.
bots-about-room = Enter: poproś bota o pierwsze wolne miejsce.
help-bots = połączone boty: wyzwij jednego
help-seat-bot = (gospodarz, przed grą) poproś bota o wolne miejsce
setup-bot-after = bot po
setup-bot-after-about = W pokoju publicznym po tym czasie połączony bot jest proszony o wolne miejsce.
