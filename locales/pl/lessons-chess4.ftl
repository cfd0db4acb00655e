# Lekcja szachów dla czterech (src/learn/lessons/chess4.toml): dla każdego
# kroku lesson-<id> (tekst i zadanie), lesson-<id>-hint, lesson-<id>-done.

lesson-chess4-board = W szachy dla czterech gra się na planszy 14×14 bez narożników 3×3: 160 pól, kolumny a–n i linie 1–14. Narożniki to ściany: żadna bierka nie może na nich stanąć ani przez nie przejść. Rusz wieżą z c5.
lesson-chess4-board-hint = Wybierz wieżę na c5: chodzi wzdłuż linii lub kolumny.
lesson-chess4-board-done = Na kolumnie c wieża kończy na c4 i c11: dalej są narożniki.

lesson-chess4-seats = Przy planszy siedzi czterech graczy: Czerwony na dole, Niebieski po lewej, Żółty u góry, Zielony po prawej. Każdy ma 16 bierek szachowych ze znakiem: Czerwony ●, Niebieski ▲, Żółty ■, Zielony ◆. Zaczyna Czerwony: wykonaj dowolny ruch.
lesson-chess4-seats-hint = Każdy ruch czerwoną bierką jest dobry.
lesson-chess4-seats-done = Dobrze. Teraz ruch przechodzi na następnego gracza.

lesson-chess4-turns = Gracze ruszają się zgodnie z ruchem wskazówek zegara: Czerwony, Niebieski, Żółty, Zielony i znów Czerwony. Czerwony już zagrał, więc teraz ruch Niebieskiego. Plansza obraca się tak, by grający był na dole. Wykonaj dowolny ruch Niebieskim.
lesson-chess4-turns-hint = Każdy ruch niebieską bierką jest dobry.
lesson-chess4-turns-done = Potem zagra Żółty, a po nim Zielony.

lesson-chess4-pawn = Piony idą naprzód, w stronę gracza naprzeciwko: czerwone do Żółtego, niebieskie do Zielonego, żółte do Czerwonego, zielone do Niebieskiego. Z pola startowego pion może pójść o jedno lub dwa pola. Rusz niebieskim pionem.
lesson-chess4-pawn-hint = Pion idzie prosto naprzód, o jedno lub dwa pola.
lesson-chess4-pawn-done = Niebieskie piony maszerują przez planszę w stronę Zielonego.

lesson-chess4-pawn-capture = Pion bije o jedno pole po skosie do przodu, w swoim własnym kierunku. Zielony pion idzie w stronę Niebieskiego, a drogę zagradza mu skoczek. Zbij pionem gońca.
lesson-chess4-pawn-capture-hint = Pion nie bije prosto: bij po skosie do przodu.
lesson-chess4-pawn-capture-done = Zbite! Każdy pion bije po skosie do przodu, w swoim kierunku.

lesson-chess4-knight = Pozostałe bierki chodzą tak jak w szachach. Skoczek skacze po literze L: dwa pola w jedną stronę i jedno w bok, nad wszystkim, co stoi po drodze. Rusz żółtym skoczkiem.
lesson-chess4-knight-hint = Wybierz skoczka na g10 i skocz po literze L.
lesson-chess4-knight-done = Wieże, gońce, hetmany i króle też chodzą jak w szachach.

lesson-chess4-castle = Roszada jest jak w szachach, w kierunku każdego gracza: król idzie o dwa pola w stronę wieży, która się nie ruszała, a wieża staje na polu, przez które przeszedł król. Zielony król na n8 może zrobić roszadę w obie strony. Zrób roszadę.
lesson-chess4-castle-hint = Przesuń króla o dwa pola wzdłuż kolumny n w stronę wieży.
lesson-chess4-castle-done = Roszada! Nigdy spod szacha ani przez atakowane pole.

lesson-chess4-en-passant = Zielony pion właśnie poszedł o dwa pola, z m7 na k7, mijając l7. Twój pion na k6 stoi obok i może go zbić w przelocie: idzie po skosie na l7, pole, które tamten minął. Zrób to teraz: ta szansa mija, gdy Zielony znów zagra.
lesson-chess4-en-passant-hint = Przesuń piona z k6 po skosie na l7.
lesson-chess4-en-passant-done = Bicie w przelocie działa w czterech kierunkach, także z boku.

lesson-chess4-teams = Domyślnie gra się w drużynach: partnerzy siedzą naprzeciw siebie, Czerwony i Żółty przeciw Niebieskiemu i Zielonemu. Nie można bić bierek partnera, a partner nigdy nie daje ci szacha. Zbij coś wieżą.
lesson-chess4-teams-hint = Żółty to twój partner: zbij niebieskiego skoczka.
lesson-chess4-teams-done = Tak: bić można tylko bierki przeciwników.

lesson-chess4-check = Szach to atak na króla przeciwnika. Żółta wieża na h5 celuje w twojego króla, ale partner nigdy nie szachuje. Daj gońcem szacha królowi Niebieskiego lub Zielonego.
lesson-chess4-check-hint = Postaw gońca na przekątnej króla na a7 albo na n8.
lesson-chess4-check-done = Szach! Kto w swoim ruchu nie obroni się przed szachem, ma mata.

lesson-chess4-king-capture = W drużynach króla pozostawionego w szachu może zbić przeciwnik, który gra przed jego właścicielem. Czerwona wieża szachuje zielonego króla, a Zielony gra po tobie. Zbij króla skoczkiem: twoja drużyna wygrywa.
lesson-chess4-king-capture-hint = Skocz skoczkiem z l9 na n8, na zielonego króla.
lesson-chess4-king-capture-done = Król zbity: wygrywają Czerwony i Żółty!

lesson-chess4-promote-teams = W drużynach pion awansuje na swojej 11. linii, licząc od własnej strony: dla Czerwonego to linia 11. Wybierasz hetmana, wieżę, gońca lub skoczka. Wypromuj piona.
lesson-chess4-promote-teams-hint = Przesuń piona z d10 o jedno pole naprzód.
lesson-chess4-promote-teams-done = Promocja! Każdy liczy 11 linii od swojej strony.

lesson-chess4-ffa = W grze każdy na każdego (ffa) grasz sam i zdobywasz punkty za bicie: pion 1, skoczek 3, goniec lub wieża 5, hetman 9 (hetman z promocji 1). Wygrywa najwyższy wynik. Zbij coś skoczkiem.
lesson-chess4-ffa-hint = Skoczek może zbić niebieskiego piona lub żółtego hetmana.
lesson-chess4-ffa-done = Punkty! Hetman jest wart 9, pion 1.

lesson-chess4-ffa-check = W grze każdy na każdego szach jednemu królowi nic nie daje, ale szach dwóm królom jednym ruchem to 5 punktów (1, jeśli szachują tylko hetmany), a trzem 20. Daj skoczkiem szacha naraz królom Niebieskiego i Żółtego.
lesson-chess4-ffa-check-hint = Znajdź pole, z którego skoczek atakuje i a7, i e7.
lesson-chess4-ffa-check-done = Podwójny szach: 5 punktów!

lesson-chess4-mate = W grze każdy na każdego mat liczy się od razu: zaraz po twoim ruchu każdy gracz w szachu bez legalnego ruchu dostaje mata. Zdobywasz 20 punktów, a ten gracz odpada z gry. Daj mata niebieskiemu królowi.
lesson-chess4-mate-hint = Zamknij kolumnę a: króla blokują jego własne piony.
lesson-chess4-mate-done = Mat! 20 punktów, a Niebieski odpada.

lesson-chess4-grey = Gdy gracz odpada w grze każdy na każdego, jego bierki szarzeją i zostają na planszy. Szare bierki się nie ruszają ani nie szachują, a każdy może je zbić za 0 punktów. Niebieski odpadł: zbij szarego hetmana obok twojego króla.
lesson-chess4-grey-hint = Szary hetman na h2 nie daje szacha: zbij go królem.
lesson-chess4-grey-done = Zbity, za 0 punktów. Szare bierki to tylko przeszkody.

lesson-chess4-promote-ffa = W grze każdy na każdego piony awansują już na swojej 8. linii, tuż za środkiem planszy, i tylko na hetmana. Dla Niebieskiego 8. linia to kolumna h. Wypromuj piona.
lesson-chess4-promote-ffa-hint = Przesuń piona z g6 o jedno pole naprzód.
lesson-chess4-promote-ffa-done = Nowy hetman! Gdy odpadnie trzech graczy, wygrywa najwyższy wynik.
