# Lekcja shōgi (src/learn/lessons/shogi.toml): dla każdego kroku
# lesson-<id> (zadanie), lesson-<id>-hint (po złym ruchu) i
# lesson-<id>-done (po dobrym ruchu).

lesson-shogi-king = Grasz sente, na dole, i zaczynasz. Król (玉, K) chodzi o jedno pole w dowolną stronę. Jeśli dostanie mata, przegrywasz, więc go chroń. Przesuń króla na zaznaczone pole.
lesson-shogi-king-hint = Wybierz króla: jedno pole, w dowolną stronę.
lesson-shogi-king-done = Dobrze. Teraz poznaj figury, które walczą.

lesson-shogi-rook = Wieża (飛, R) sunie dowolnie daleko w linii prostej: do przodu, do tyłu, w lewo lub w prawo. Nie przeskakuje figur: twój pionek na 5d ją zatrzymuje. Rusz wieżę.
lesson-shogi-rook-hint = Tylko linie proste, i nie przez pionek na 5d.
lesson-shogi-rook-done = Wieża to twoja najsilniejsza figura. Dbaj o nią!

lesson-shogi-bishop = Goniec (角, B) sunie dowolnie daleko po przekątnych. Twoje pionki na 8d i 2d go zatrzymują. Rusz gońca.
lesson-shogi-bishop-hint = Tylko po skosie; staje przed własnymi pionkami.
lesson-shogi-bishop-done = Wieża i goniec to dwie duże figury.

lesson-shogi-gold = Złoty generał (金, G) chodzi o jedno pole: do przodu, skośnie do przodu, w bok lub prosto do tyłu, ale nie skośnie do tyłu. Rusz złotego generała.
lesson-shogi-gold-hint = Sześć pól: dookoła, bez dwóch tylnych narożników.
lesson-shogi-gold-done = Złoty generał świetnie broni króla.

lesson-shogi-silver = Srebrny generał (銀, S) chodzi o jedno pole do przodu lub na każdy z czterech skosów, ale nie w bok ani prosto do tyłu. Rusz srebrnego generała.
lesson-shogi-silver-hint = Pięć pól: do przodu i cztery skosy.
lesson-shogi-silver-done = Srebrny cofa się po skosie, czego złoty nie umie.

lesson-shogi-knight = Skoczek (桂, N) skacze o dwa pola do przodu i jedno w bok, tylko do przodu. To jedyna figura, która przeskakuje inne. Przeskocz swoje pionki.
lesson-shogi-knight-hint = Dwa do przodu, jedno w bok; pionki nie przeszkadzają.
lesson-shogi-knight-done = Ładny skok! Skoczek nigdy nie wraca.

lesson-shogi-lance = Lanca (香, L) sunie prosto do przodu dowolnie daleko, nigdy w bok ani do tyłu. Twój pionek na 9d ją zatrzymuje. Rusz lancę.
lesson-shogi-lance-hint = Prosto do przodu kolumną, aż do twojego pionka.
lesson-shogi-lance-done = Lance są groźne na otwartych kolumnach.

lesson-shogi-pawn = Pionek (歩, P) idzie o jedno pole prosto do przodu i tak samo bije (nie po skosie jak w szachach). Rusz pionek.
lesson-shogi-pawn-hint = Jedno pole prosto do przodu.
lesson-shogi-pawn-done = Znasz już wszystkie osiem figur.

lesson-shogi-capture = Ruch na pole z figurą przeciwnika bije ją. Figury przeciwnika są zwrócone w dół (znak v lub mała litera). Zbij wieżą gońca na 2d.
lesson-shogi-capture-hint = Przesuń wieżę kolumną do przodu, na 2d.
lesson-shogi-capture-done = Zbity! Goniec nie znika: jest teraz w twojej ręce.

lesson-shogi-drop = Zbita figura zmienia stronę: trafia do twojej ręki i w swoim ruchu możesz ją wstawić na dowolne wolne pole zamiast ruszać figurą (Tab wybiera z ręki). Wstaw gońca na 5e, by zaatakować naraz wieżę i złotego.
lesson-shogi-drop-hint = Naciśnij Tab, wybierz gońca z ręki, potem pole 5e.
lesson-shogi-drop-done = Widełki! Wstawiona figura może uderzyć wszędzie.

lesson-shogi-nifu = Wstawianie ma zasady. Nifu: nie wolno wstawić pionka na kolumnę, na której stoi już twój niepromowany pionek (promowany pionek, と, się nie liczy), ani na ostatnią linię. Wolna jest tylko kolumna 5: wstaw tam pionek.
lesson-shogi-nifu-hint = Tylko na kolumnie 5 nie ma twojego pionka.
lesson-shogi-nifu-done = Tak. Dwa pionki na jednej kolumnie (nifu) są zakazane.

lesson-shogi-promote = Trzy najdalsze linie (a–c) to strefa promocji. Figura, która do niej wchodzi, rusza się w niej lub z niej wychodzi, może się promować: odwraca się. Promowany srebrny, skoczek, lanca i pionek chodzą jak złoty. Wejdź srebrnym do strefy i promuj go (y).
lesson-shogi-promote-hint = Wejdź na linię c i naciśnij y, by promować.
lesson-shogi-promote-done = Promocja jest dobrowolna; król i złoty się nie promują.

lesson-shogi-dragon = Promowana wieża, smok (龍, +R), chodzi jak wieża plus jedno pole po skosie. Promowany goniec, koń (馬, +B), to goniec plus jedno pole prosto. Rusz smoka.
lesson-shogi-dragon-hint = Dowolny ruch wieży albo jedno pole po skosie.
lesson-shogi-dragon-done = Smok i koń to najsilniejsze figury na planszy.

lesson-shogi-forced = Figura, która nie mogłaby się już ruszyć, musi się promować: pionek i lanca na ostatniej linii, skoczek na dwóch ostatnich. Ten skoczek może stanąć tylko na linii b, więc każdy jego ruch to promocja. Rusz skoczka.
lesson-shogi-forced-hint = Skocz na 4b lub 2b; tam musi się promować.
lesson-shogi-forced-done = Bez wyboru: skoczek na linii a lub b zawsze się promuje.

lesson-shogi-check = Atak na króla przeciwnika to szach (王手). Daj szacha złotym generałem.
lesson-shogi-check-hint = Postaw złotego tuż obok króla na 5a, tak by go atakował.
lesson-shogi-check-done = Szach! Przeciwnik musi się od razu bronić.

lesson-shogi-escape = Wieża na 5b szachuje twojego króla. Musisz przerwać szacha: odejść królem, zasłonić linię albo zbić szachującą figurę. Każdy legalny ruch robi tu jedno z nich. Odpowiedz na szacha.
lesson-shogi-escape-hint = Dozwolone są tylko ruchy, które kończą szacha.
lesson-shogi-escape-done = Bezpiecznie! Najlepiej było zbić wieżę gońcem.

lesson-shogi-mate = Mat (詰み) to szach bez obrony: król nie ucieknie, szacha nie da się zasłonić, a szachującej figury zbić. Mat wygrywa partię. Daj mata w jednym ruchu.
lesson-shogi-mate-hint = Złoty pilnuje 1b i 2b. Gdzie smok może dać szacha?
lesson-shogi-mate-done = Mat! Król nie miał dokąd uciec.

lesson-shogi-drop-mate = Wstawianie świetnie służy do matowania. Wstaw złotego generała tak, by dać mata.
lesson-shogi-drop-mate-hint = Tuż przed królem, na pole bronione przez pionek.
lesson-shogi-drop-mate-done = Mat „złotym w głowę” (頭金): klasyka.

lesson-shogi-uchifuzume = Uchifuzume: nie wolno dać mata wstawieniem pionka. Pionek wstawiony na 1b dałby mata, więc tam go nie wstawisz. Mat ruchem pionka albo wstawieniem innej figury jest dozwolony. Daj mata inaczej.
lesson-shogi-uchifuzume-hint = Która figura wejdzie na 1b i będzie tam broniona?
lesson-shogi-uchifuzume-done = Mat! Wstawienie pionka na 1b byłoby nielegalne.

lesson-shogi-sennichite = Sennichite: gdy ta sama pozycja (plansza, ręce i strona na ruchu) pojawi się cztery razy, jest remis. Ale gracz, który szachował każdym ruchem powtórzenia, przegrywa. Nie goń więc króla bez końca, tylko go zamatuj: wstaw złotego.
lesson-shogi-sennichite-hint = Wstaw złotego tam, gdzie broni go smok.
lesson-shogi-sennichite-done = Mat. Wieczny szach przegrywa, mat wygrywa.

lesson-shogi-nyugyoku = Nyūgyoku: król w obozie rywala (linie a–c) jest trudny do zamatowania. W swoim ruchu naciśnij d, by ogłosić wygraną, gdy jest tam bez szacha, masz tam 10 innych figur i 28 punktów w obozie i ręce (gote 27; wieża, goniec 5, reszta 1). Wejdź: zbij królem skoczka na 5c.
lesson-shogi-nyugyoku-hint = Tylko król może zbić skoczka na 5c.
lesson-shogi-nyugyoku-done = Jesteś w obozie, masz 29 punktów: w kolejnym ruchu naciśnij d.
