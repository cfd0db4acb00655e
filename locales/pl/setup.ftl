# Nazwy gier, formularz nowego pokoju, zasady pokoju (nazwy, objaśnienia,
# wartości), stan pokoju i skrót zasad w poczekalni.

game-shogi = shōgi
game-shogi4 = shōgi dla czterech
game-chess4 = szachy dla czterech
## Krótkie nazwy do kolumny w poczekalni (najwyżej 7 znaków).
game-short-shogi = shōgi
game-short-shogi4 = shōgi4
game-short-chess4 = szachy4

setup-title = Nowy pokój
setup-game = gra
setup-game-about = gra, w którą gra się w tym pokoju
setup-rule-about = { $about } (domyślnie: { $default })
setup-room = pokój
setup-public = publiczny (w poczekalni)
setup-private = prywatny (kod zaproszenia)
setup-rating = ranking
setup-ranked = partia rankingowa
setup-casual = partia towarzyska
setup-time = czas
setup-time-about = gdy czas minie, ruch wykona komputer
setup-away = nieobecność
setup-away-default = domyślnie ({ $policy })
setup-away-about = gdy gracza nie ma: po chwili gra za niego komputer albo partia czeka na jego powrót (domyślnie czeka w prywatnych pokojach shōgi)
setup-mode = tryb
setup-mode-about = kto gra na pozostałych miejscach
setup-cpu = poziom komputera
setup-cpu-about = siła komputera, od 1 (początkujący) do 5 (najsilniejszy)
setup-create = Utwórz pokój

time-none = bez limitu
time-seconds = { $seconds } s

away-cpu = gra komputer
away-wait = czekaj

mode-online = online (dołączają inni)
mode-vs-computer = z komputerem
mode-same-device = jedno urządzenie

state-waiting = czeka
state-playing = w grze
state-finished = koniec

choice-on = tak
choice-off = nie
choice-none = brak
choice-count = { $count }

rule-declaration = deklaracja
rule-declaration-about = deklaracja wejścia króla (zasada 27 punktów)
rule-move-limit = limit ruchów
rule-move-limit-about-shogi = łączna liczba ruchów, po której partia kończy się remisem
rule-impasse = impas
rule-impasse-about = impas według zasady 24 punktów, gdy oba króle weszły do obozu rywala
rule-handicap = handicap
rule-handicap-about = figury, które zdejmuje silniejszy gracz (Gote)
rule-handicap-none = brak
rule-handicap-lance = lanca
rule-handicap-bishop = goniec
rule-handicap-rook = wieża
rule-handicap-rook-lance = wieża i lanca
rule-handicap-2-piece = 2 figury
rule-handicap-4-piece = 4 figury
rule-handicap-6-piece = 6 figur
rule-swap-sides = zmiana stron
rule-swap-sides-about = gracze zamieniają się na Sente i Gote po każdej partii

rule-format = format
rule-format-about = każdy na każdego albo pary (naprzeciwko siebie; partia kończy się po pierwszym macie)
rule-format-individual = każdy na każdego
rule-format-pairs = pary
rule-ending = koniec
rule-ending-about = koniec po dwóch matach albo gra do ostatniego gracza (każdy na każdego)
rule-ending-two-mates = po dwóch matach
rule-ending-last-player = do ostatniego
rule-mated-pieces = figury zamatowanego
rule-mated-pieces-about = figury zamatowanego gracza przechodzą do matującego albo zostają bez właściciela
rule-mated-pieces-to-mater = dla matującego
rule-mated-pieces-ownerless = bez właściciela
rule-move-limit-about-shogi4 = łączna liczba ruchów, po której partia się kończy (kolejność według matów, potem figur)

rule-type = rodzaj
rule-type-about = drużyny (Czerwony i Żółty przeciw Niebieskiemu i Zielonemu) albo każdy na każdego o punkty
rule-type-teams = drużyny
rule-type-ffa = każdy na każdego
rule-move-limit-about-chess4 = łączna liczba ruchów, po której partia się kończy (drużyny: remis; każdy na każdego: punkty)

rule-show-legal-moves = pokaż ruchy
rule-show-legal-moves-about = zaznacza pola, na które może pójść wybrana figura
rule-rotate-first-player = zmiana pierwszego gracza
rule-rotate-first-player-about = w każdej nowej partii pierwszy ruch przechodzi o jedno miejsce zgodnie z ruchem wskazówek zegara

summary-standard = zasady standardowe
summary-rule = { $rule }: { $value }
summary-rules = { $first }, { $rest }
summary-parts = { $first } · { $rest }
summary-ranked = rankingowa
summary-time = { $seconds } s/ruch
clock-byoyomi = { $minutes ->
        [0] {""}
       *[other] { $minutes } min +{" "}
    }{ $seconds } s byoyomi
clock-periods = { $minutes ->
        [0] {""}
       *[other] { $minutes } min +{" "}
    }{ $periods } × { $seconds } s byoyomi
clock-increment = { $minutes } min + { $seconds } s na ruch
clock-sudden-death = { $minutes } min
status-lost-on-time = { $name } przegrywa na czas.
setup-clock-about = czas główny, potem byoyomi: każdy ruch w okresie
setup-main-time = czas główny
setup-byoyomi = byoyomi
setup-periods = okresy
setup-increment = dodatek
setup-on-time = koniec czasu
setup-on-time-about = w grach towarzyskich może zagrać komputer
on-time-lose = przegrana
on-time-cpu = gra komputer
clock-minutes = { $minutes } min
clock-count = { $count }
