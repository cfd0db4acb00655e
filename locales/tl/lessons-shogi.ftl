# Ang aralin sa shogi (src/learn/lessons/shogi.toml): sa bawat hakbang,
# lesson-<id> (ang gagawin), lesson-<id>-hint (pagkatapos ng maling tira)
# at lesson-<id>-done (pagkatapos ng tamang tira).

lesson-shogi-king = Ikaw ang sente, nasa ibaba, at ikaw ang unang titira. Isang parisukat sa kahit anong direksiyon ang king (玉, K). Talo ka kapag na-checkmate ito, kaya ingatan mo. Ilipat ang king sa may markang parisukat.
lesson-shogi-king-hint = Piliin ang king: isang parisukat, kahit saang direksiyon.
lesson-shogi-king-done = Magaling. Kilalanin naman ang mga piyesang lumalaban.

lesson-shogi-rook = Dumadausdos nang diretso ang rook (飛, R), gaano man kalayo: pasulong, paatras, pakaliwa o pakanan. Hindi ito tumatalon: hinaharangan ito ng pawn mo sa 5d. Igalaw ang rook.
lesson-shogi-rook-hint = Diretsong linya lang, at hindi lampas sa pawn sa 5d.
lesson-shogi-rook-done = Ang rook ang pinakamalakas mong piyesa. Gamitin nang mabuti!

lesson-shogi-bishop = Dumadausdos nang pahilis ang bishop (角, B), gaano man kalayo. Hinaharangan ito ng mga pawn mo sa 8d at 2d. Igalaw ang bishop.
lesson-shogi-bishop-hint = Pahilis lang; humihinto bago ang sarili mong pawn.
lesson-shogi-bishop-done = Ang rook at bishop ang dalawang malaking piyesa.

lesson-shogi-gold = Isang parisukat ang gold (金, G): pasulong, pahilis na pasulong, patagilid o diretsong paatras, pero hindi pahilis na paatras. Igalaw ang gold.
lesson-shogi-gold-hint = Anim na parisukat: paikot, maliban sa dalawang sulok sa likod.
lesson-shogi-gold-done = Matibay na bantay ng king ang gold.

lesson-shogi-silver = Isang parisukat ang silver (銀, S): pasulong o sa alinman sa apat na pahilis, pero hindi patagilid o diretsong paatras. Igalaw ang silver.
lesson-shogi-silver-hint = Limang parisukat: pasulong at ang apat na pahilis.
lesson-shogi-silver-done = Nakakaatras nang pahilis ang silver; hindi ang gold.

lesson-shogi-knight = Tumatalon ang knight (桂, N) nang dalawang parisukat pasulong at isa patagilid, pasulong lang. Ito lang ang piyesang lumulukso sa iba. Luksuhan ang mga pawn mo.
lesson-shogi-knight-hint = Dalawa pasulong, isa patagilid; hindi ito hinaharang ng pawn.
lesson-shogi-knight-done = Magandang talon! Hindi na makakaatras ang knight.

lesson-shogi-lance = Dumadausdos nang diretsong pasulong ang lance (香, L), gaano man kalayo, hindi patagilid o paatras. Hinaharangan ito ng pawn mo sa 9d. Igalaw ang lance.
lesson-shogi-lance-hint = Diretso pasulong sa file, hanggang sa pawn mo.
lesson-shogi-lance-done = Mapanganib ang lance sa bukas na file.

lesson-shogi-pawn = Isang parisukat nang diretsong pasulong ang pawn (歩, P), at ganoon din ito kumakain (hindi pahilis gaya sa chess). Igalaw ang pawn mo.
lesson-shogi-pawn-hint = Isang parisukat nang diretso sa harap.
lesson-shogi-pawn-done = Kilala mo na ang walong piyesa.

lesson-shogi-capture = Kapag tumapak ka sa piyesa ng kalaban, kinakain mo ito. Nakaharap pababa ang mga piyesa ng kalaban (may markang v, o maliit na titik). Kainin ang bishop sa 2d gamit ang rook mo.
lesson-shogi-capture-hint = Isulong ang rook sa file nito hanggang 2d.
lesson-shogi-capture-done = Nakain! Hindi nawala ang bishop: hawak mo na ito.

lesson-shogi-drop = Lumilipat ng panig ang nakaing piyesa: napupunta ito sa hawak mo, at sa turno mo puwede mo itong ilagay sa kahit anong bakanteng parisukat sa halip na gumalaw (Tab para pumili sa hawak). Ilagay ang bishop sa 5e para atakihin nang sabay ang rook at gold.
lesson-shogi-drop-hint = Pindutin ang Tab, piliin ang bishop sa hawak, tapos 5e.
lesson-shogi-drop-done = Fork! Kahit saan puwedeng umatake ang inilagay na piyesa.

lesson-shogi-nifu = May patakaran ang paglalagay. Nifu: bawal maglagay ng pawn sa file na may hindi pa naka-promote na pawn mo (hindi kasama ang naka-promote, と), at bawal sa huling hanay. File 5 lang ang bakante: ilagay doon ang pawn mo.
lesson-shogi-nifu-hint = File 5 lang ang walang pawn mo.
lesson-shogi-nifu-done = Tama. Bawal ang dalawang pawn sa iisang file (nifu).

lesson-shogi-promote = Ang tatlong pinakamalayong hanay (a–c) ang promotion zone. Puwedeng mag-promote (bumaligtad) ang piyesang papasok, nasa loob o lalabas dito. Gumagalaw gaya ng gold ang naka-promote na silver, knight, lance at pawn. Ipasok ang silver at i-promote (y).
lesson-shogi-promote-hint = Isulong sa hanay c at pindutin ang y para mag-promote.
lesson-shogi-promote-done = Hindi sapilitan ang promotion; hindi nagpo-promote ang king at gold.

lesson-shogi-dragon = Ang naka-promote na rook, ang dragon (龍, +R), ay gumagalaw gaya ng rook, dagdag ang isang hakbang na pahilis. Ang naka-promote na bishop, ang horse (馬, +B), ay bishop na may dagdag na isang hakbang na diretso. Igalaw ang dragon.
lesson-shogi-dragon-hint = Kahit anong galaw ng rook, o isang hakbang na pahilis.
lesson-shogi-dragon-done = Ang dragon at horse ang pinakamalakas na piyesa sa board.

lesson-shogi-forced = Kailangang mag-promote ang piyesang hindi na makakagalaw: pawn at lance sa huling hanay, knight sa huling dalawa. Sa hanay b lang makakatapak ang knight na ito, kaya promotion ang bawat galaw nito. Igalaw ang knight.
lesson-shogi-forced-hint = Tumalon sa 4b o 2b; doon, kailangan itong mag-promote.
lesson-shogi-forced-done = Walang pagpipilian: laging nagpo-promote ang knight sa hanay a o b.

lesson-shogi-check = Check (王手) ang pag-atake sa king ng kalaban. Mag-check gamit ang gold mo.
lesson-shogi-check-hint = Ilagay ang gold katabi ng king sa 5a, at atakihin ito.
lesson-shogi-check-done = Check! Kailangang sumagot agad ng kalaban.

lesson-shogi-escape = Naka-check ang king mo mula sa rook sa 5b. Kailangan mong tapusin ang check: ilayo ang king, harangan ang linya, o kainin ang nagche-check. Ganoon ang bawat legal na galaw dito. Sagutin ang check.
lesson-shogi-escape-hint = Mga galaw lang na tumatapos sa check ang puwede.
lesson-shogi-escape-done = Ligtas! Pinakamaganda sanang kainin ang rook gamit ang bishop.

lesson-shogi-mate = Ang checkmate (詰み) ay check na walang labasan: hindi makakaiwas ang king, hindi mahaharangan, at hindi makakain ang nagche-check. Panalo ito. Mag-mate sa isang galaw.
lesson-shogi-mate-hint = Bantay ng gold ang 1b at 2b. Saan makakapag-check ang dragon?
lesson-shogi-mate-done = Checkmate! Wala nang matakbuhan ang king.

lesson-shogi-drop-mate = Magaling pang-mate ang paglalagay. Ilagay ang gold mo para ma-checkmate ang king.
lesson-shogi-drop-mate-hint = Sa mismong harap ng king, kung saan bantay ito ng pawn mo.
lesson-shogi-drop-mate-done = Ang "head gold" mate (頭金), isang klasiko.

lesson-shogi-uchifuzume = Uchifuzume: bawal mag-checkmate sa paglalagay ng pawn. Magme-mate ang pawn na ilalagay sa 1b, kaya hindi mo ito mailalagay doon. Puwede ang mate sa pagsulong ng pawn o sa paglalagay ng ibang piyesa. Mag-mate sa ibang paraan.
lesson-shogi-uchifuzume-hint = Aling piyesa ang makakapunta sa 1b at may bantay pa roon?
lesson-shogi-uchifuzume-done = Mate! Bawal sana ang paglalagay ng pawn sa 1b.

lesson-shogi-sennichite = Sennichite: kapag apat na beses lumitaw ang parehong posisyon (board, hawak at kung sino ang titira), draw ang laro. Pero talo ang manlalarong nag-check sa bawat galaw ng pag-uulit. Kaya huwag habulin nang walang tigil ang king: i-mate ito. Ilagay ang gold.
lesson-shogi-sennichite-hint = Ilagay ang gold kung saan ito binabantayan ng dragon.
lesson-shogi-sennichite-done = Mate. Talo ang walang-tigil na check; panalo ang mate.

lesson-shogi-nyugyoku = Nyūgyoku: mahirap i-mate ang king na nasa kampo ng kalaban (hanay a–c). Sa turno mo, pindutin ang d para magdeklara ng panalo kung naroon ito at hindi naka-check, may 10 pang piyesa mo roon, at 28 puntos sa kampo at hawak (gote 27; rook, bishop 5, iba 1). Pumasok: kainin ng king ang knight sa 5c.
lesson-shogi-nyugyoku-hint = Ang king lang ang makakakain sa knight sa 5c.
lesson-shogi-nyugyoku-done = Nakapasok ka, may 29 puntos: sa susunod na turno, pindutin ang d.
