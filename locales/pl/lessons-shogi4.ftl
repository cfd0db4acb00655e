# Lekcja shōgi dla czterech (src/learn/lessons/shogi4.toml): dla każdego
# kroku lesson-<id> (zadanie), lesson-<id>-hint (po złym ruchu) i
# lesson-<id>-done (po dobrym ruchu).

lesson-shogi4-seats = Czterech graczy, po jednym przy każdym boku: Południe (czerwony), Zachód (niebieski), Północ (żółty) i Wschód (zielony). Ruchy idą zgodnie z ruchem wskazówek zegara: Południe, Zachód, Północ, Wschód. Każdy ma króla, wieżę, 2 złote, 2 srebrne generały i 3 pionki. Jesteś Południem, na dole: zrób dowolny ruch.
lesson-shogi4-seats-hint = Wybierz swoją figurę i przesuń ją na zaznaczone pole.
lesson-shogi4-seats-done = Dobrze. Następny zgodnie z zegarem jest Zachód.

lesson-shogi4-forward = W tej lekcji grasz tym, kto ma ruch, a plansza obraca się tak, by był na dole. Teraz Zachód. Figury chodzą jak w shōgi, a „do przodu” znaczy w stronę gracza naprzeciwko. Przesuń przedni pionek Zachodu (c5) o pole do przodu.
lesson-shogi4-forward-hint = Pionek idzie o jedno pole prosto, w stronę Wschodu.
lesson-shogi4-forward-done = Tak: przód Zachodu wskazuje na Wschód.

lesson-shogi4-silver = Srebrny generał idzie o jedno pole do przodu lub po skosie: pięć pól, nigdy w bok ani prosto do tyłu. Przesuń srebrnego.
lesson-shogi4-silver-hint = Prosto do przodu albo na jeden z czterech skosów.
lesson-shogi4-silver-done = Dobrze. Srebrny cofa się tylko po skosie.

lesson-shogi4-gold = Złoty generał idzie o jedno pole w każdą stronę oprócz skosów do tyłu. Król idzie o jedno pole w każdą stronę. Przesuń złotego.
lesson-shogi4-gold-hint = Każde sąsiednie pole oprócz dwóch skosów do tyłu.
lesson-shogi4-gold-done = Brawo. Złoty i król nigdy nie awansują.

lesson-shogi4-rook = Wieża jedzie prosto o dowolną liczbę pól i nie przeskakuje figur. Żadna figura nie może wejść na pole króla: królów się nie bije. Przesuń wieżę.
lesson-shogi4-rook-hint = W górę, w dół, w lewo lub w prawo, dopóki droga wolna.
lesson-shogi4-rook-done = Dobrze. Wieża to twoja najsilniejsza figura.

lesson-shogi4-capture = Wejdź na figurę przeciwnika, by ją zbić: trafia do twojej ręki, bez promocji. Zbij wieżą złotego generała Północy.
lesson-shogi4-capture-hint = Złoty stoi na linii twojej wieży: wejdź na jego pole.
lesson-shogi4-capture-done = Złoty generał jest teraz w twojej ręce.

lesson-shogi4-drop = Zamiast ruchu możesz wstawić figurę z ręki na dowolne wolne pole. Wstawiona figura patrzy w twoją stronę, niezależnie od tego, czyja była. Wstaw złotego.
lesson-shogi4-drop-hint = Wybierz złotego w ręce, potem wolne pole.
lesson-shogi4-drop-done = Dobrze. Jak w shōgi: bez nifu i bez mata wstawionym pionkiem.

lesson-shogi4-promote = Strefa promocji to trzy rzędy najdalej w kierunku, w którym patrzy figura: dla ciebie rzędy 7–9. Wieża, srebrny lub pionek może awansować, wchodząc do niej, ruszając się w niej lub z niej wychodząc. Wprowadź srebrnego i awansuj go.
lesson-shogi4-promote-hint = Przesuń srebrnego do rzędu 7 i wybierz promocję.
lesson-shogi4-promote-done = Awansowany srebrny chodzi jak złoty; wieża zyskuje skosy.

lesson-shogi4-check = Król jest szachowany, gdy atakuje go figura innego gracza. Daj wieżą szacha dowolnemu królowi.
lesson-shogi4-check-hint = Ustaw wieżę na linii z królem, bez nic pomiędzy.
lesson-shogi4-check-done = Szach! Szachowany gracz musi się bronić.

lesson-shogi4-priority = Priorytet szacha: szachowany gracz gra od razu, poza kolejką. Południe zaszachowało Północ, więc teraz gra Północ, a ruch Zachodu przepada (nie wraca później). Wyprowadź króla Północy spod szacha.
lesson-shogi4-priority-hint = Zejdź królem Północy z kolumny wieży.
lesson-shogi4-priority-done = Bezpiecznie. Dalej zgodnie z zegarem od Północy: Wschód.

lesson-shogi4-double = Jeden ruch może szachować dwóch królów naraz. Przesuń wieżę na e5: wzdłuż rzędu 5 atakuje króla Zachodu i króla Wschodu.
lesson-shogi4-double-hint = Przesuń wieżę prosto w górę na e5.
lesson-shogi4-double-done = Dwa szachy naraz! Kto broni się pierwszy?

lesson-shogi4-double-answer = Gdy szachowanych jest kilku, pierwszy gra szachowany najbliżej zgodnie z zegarem od tego, kto ruszał: po Południu jest to Zachód. Wyprowadź króla Zachodu spod szacha.
lesson-shogi4-double-answer-hint = Zejdź królem z rzędu 5.
lesson-shogi4-double-answer-done = Teraz Wschód, wciąż w szachu, gra przed Północą.

lesson-shogi4-mate = Gracz, który w swojej kolejce nie ma żadnego ruchu, dostaje mata. Jego król zostaje odwrócony i stoi jako przeszkoda, a jego ręka i wszystkie figury przechodzą do matującego. Zamatuj Północ: wstaw złotego tak, by król nie uciekł.
lesson-shogi4-mate-hint = Wstaw złotego tuż przed króla Północy, pod osłoną srebrnego.
lesson-shogi4-mate-done = Mat! Północ odpada, jej pionki są teraz twoje.

lesson-shogi4-inherit = Figury zdobyte matem zachowują swój kierunek. Ten srebrny należał do Północy: jest twój, ale chodzi jak figury Północy, w dół planszy. Odwróconego króla (X) nie można ruszyć, zbić ani wejść na jego pole. Przesuń srebrnego.
lesson-shogi4-inherit-hint = Dla tego srebrnego przód to dół, w twoją stronę.
lesson-shogi4-inherit-done = Tak: zmienił się właściciel, nie kierunek.

lesson-shogi4-inhpromote = Promocja zależy od kierunku figury, nie od właściciela. Ten pionek patrzy jak figury Północy, więc jego strefa to rzędy 1–3. Przesuń go do przodu i awansuj.
lesson-shogi4-inhpromote-hint = Przesuń pionek w dół na e3 i wybierz promocję.
lesson-shogi4-inhpromote-done = Chodzi teraz jak złoty, wciąż w kierunku Północy.

lesson-shogi4-nomove = Brak ruchu w swojej kolejce to mat, nawet bez szacha. Zachód ma tylko króla. Odbierz mu ostatnie wolne pola, nie dając szacha.
lesson-shogi4-nomove-hint = Pola a4 i b4 są wolne: zamknij wieżą rząd 4.
lesson-shogi4-nomove-done = Zachód nie może się ruszyć: mat. Mat liczy się tobie.

lesson-shogi4-end = Gra kończy się, gdy drugi gracz dostanie mata: pierwszy zamatowany jest 4., drugi 3. Dwaj pozostali: decyduje liczba matów, potem figury (plansza, ręka, królowie zamatowanych), potem kto matował później. Zamatuj Wschód i zakończ grę.
lesson-shogi4-end-hint = Wstaw złotego tuż przed króla Wschodu, pod osłoną wieży.
lesson-shogi4-end-done = Koniec gry: dwa maty, pierwsze miejsce! Zagraj teraz z komputerem.
