# Ang aralin sa chess para sa apat (src/learn/lessons/chess4.toml): sa bawat
# hakbang, lesson-<id> (paliwanag at gawain), lesson-<id>-hint, lesson-<id>-done.

lesson-chess4-board = Nilalaro ang chess para sa apat sa board na 14×14 na tinanggalan ng tig-3×3 na sulok: 160 parisukat, mga file a–n at mga hanay 1–14. Pader ang mga sulok: walang piyesang puwedeng tumayo o dumaan doon. Igalaw ang rook sa c5.
lesson-chess4-board-hint = Piliin ang rook sa c5: tuwid itong gumagalaw sa hanay o file.
lesson-chess4-board-done = Sa c-file, hanggang c4 at c11 lang ang rook: sulok na ang lampas.

lesson-chess4-seats = Apat na manlalaro ang nakapaligid sa board: Pula sa ibaba, Asul sa kaliwa, Dilaw sa itaas, Berde sa kanan. Bawat isa ay may 16 na piyesa ng chess na may marka: Pula ●, Asul ▲, Dilaw ■, Berde ◆. Pula ang unang titira: gumawa ng kahit anong tira.
lesson-chess4-seats-hint = Puwede ang kahit anong tira ng piyesang Pula.
lesson-chess4-seats-done = Mahusay. Ngayon, sa susunod na manlalaro ang tira.

lesson-chess4-turns = Pakanan (clockwise) ang pagkakasunod ng tira: Pula, Asul, Dilaw, Berde, at Pula ulit. Tumira na ang Pula, kaya Asul na ngayon. Umiikot ang board para nasa ibaba ang titira. Gumawa ng kahit anong tira para sa Asul.
lesson-chess4-turns-hint = Puwede ang kahit anong tira ng piyesang Asul.
lesson-chess4-turns-done = Susunod ang Dilaw, tapos ang Berde.

lesson-chess4-pawn = Pasulong ang lakad ng pawn, papunta sa manlalarong nasa tapat: ang sa Pula papunta sa Dilaw, ang sa Asul sa Berde, ang sa Dilaw sa Pula, ang sa Berde sa Asul. Mula sa simulang puwesto, puwede itong umusad ng isa o dalawang parisukat. Igalaw ang pawn ng Asul.
lesson-chess4-pawn-hint = Diretsong pasulong ang pawn, isa o dalawang parisukat.
lesson-chess4-pawn-done = Papunta sa Berde ang martsa ng mga pawn ng Asul.

lesson-chess4-pawn-capture = Nangangain ang pawn nang pahilis, isang parisukat pasulong, sa sarili nitong direksyon. Papunta sa Asul ang pawn ng Berde, pero may knight na humaharang. Kainin ang bishop gamit ang pawn.
lesson-chess4-pawn-capture-hint = Hindi nangangain nang diretso ang pawn: pahilis pasulong.
lesson-chess4-pawn-capture-done = Nakain! Pahilis pasulong kumakain ang bawat pawn.

lesson-chess4-knight = Gumagalaw ang ibang piyesa gaya ng sa chess. Tumatalon ang knight nang pa-L: dalawang parisukat sa isang direksyon at isa patagilid, lampas sa anumang nasa pagitan. Igalaw ang knight ng Dilaw.
lesson-chess4-knight-hint = Piliin ang knight sa g10 at tumalon nang pa-L.
lesson-chess4-knight-done = Gaya rin ng sa chess ang rook, bishop, queen at hari.

lesson-chess4-castle = Gaya ng sa chess ang castling, sa direksyon ng bawat upuan: dalawang parisukat ang galaw ng hari papunta sa rook na hindi pa gumagalaw, at lalapag ang rook sa parisukat na dinaanan ng hari. Puwedeng mag-castle sa alinmang panig ang hari ng Berde sa n8. Mag-castle.
lesson-chess4-castle-hint = Igalaw ang hari nang dalawang parisukat sa n-file papunta sa rook.
lesson-chess4-castle-done = Castled! Bawal kung naka-check o dadaan sa inaatakeng parisukat.

lesson-chess4-en-passant = Kauusad lang ng pawn ng Berde nang dalawang parisukat, mula m7 papuntang k7, lampas sa l7. Katabi nito ang pawn mo sa k6, kaya puwede mo itong kainin en passant: pahilis papunta sa l7, ang dinaanan nito. Gawin na: mawawala ang pagkakataon kapag tumira ulit ang Berde.
lesson-chess4-en-passant-hint = Igalaw ang pawn sa k6 nang pahilis papunta sa l7.
lesson-chess4-en-passant-done = Gumagana ang en passant sa apat na direksyon, pati mula sa gilid.

lesson-chess4-teams = Koponan ang karaniwang laro: magkakampi ang magkatapat, Pula at Dilaw laban sa Asul at Berde. Hindi mo makakain ang piyesa ng kakampi mo, at hindi ka nito kailanman iche-check. Kumain ng piyesa gamit ang rook.
lesson-chess4-teams-hint = Kakampi mo ang Dilaw: kainin ang knight ng Asul.
lesson-chess4-teams-done = Tama: piyesa lang ng kalaban ang puwedeng kainin.

lesson-chess4-check = Check ang pag-atake sa hari ng kalaban. Nakatutok sa hari mo ang rook ng Dilaw sa h5, pero hindi nagche-check ang kakampi. I-check ang hari ng Asul o ng Berde gamit ang bishop.
lesson-chess4-check-hint = Ilagay ang bishop sa pahilis ng hari sa a7 o sa n8.
lesson-chess4-check-done = Check! Kapag hindi ito nasagot sa sariling tira, mate na.

lesson-chess4-king-capture = Sa koponan, ang haring naiwang naka-check ay puwedeng kainin ng kalabang titira bago ang may-ari nito. Chine-check ng rook ng Pula ang hari ng Berde, at pagkatapos mo pa titira ang Berde. Kainin ang hari gamit ang knight: panalo ang koponan mo.
lesson-chess4-king-capture-hint = Italon ang knight mula l9 papunta sa hari ng Berde sa n8.
lesson-chess4-king-capture-done = Nakain ang hari: panalo ang Pula at Dilaw!

lesson-chess4-promote-teams = Sa koponan, nagpo-promote ang pawn sa ika-11 hanay nito, bilang mula sa sariling panig: para sa Pula, iyon ang hanay 11. Puwedeng pumili ng queen, rook, bishop o knight. I-promote ang pawn.
lesson-chess4-promote-teams-hint = Iusad ang pawn sa d10 nang isang parisukat.
lesson-chess4-promote-teams-done = Promoted! Bawat upuan ay bumibilang mula sa sariling panig.

lesson-chess4-ffa = Sa indibidwal (ffa), kalaban mo ang lahat at may puntos ang bawat nakain: pawn 1, knight 3, bishop o rook 5, queen 9 (queen mula sa promotion: 1). Panalo ang may pinakamataas na puntos. Kumain ng piyesa gamit ang knight.
lesson-chess4-ffa-hint = Makakain ng knight ang pawn ng Asul o ang queen ng Dilaw.
lesson-chess4-ffa-done = May puntos! 9 ang queen, 1 ang pawn.

lesson-chess4-ffa-check = Sa indibidwal, walang puntos ang pag-check sa isang hari, pero 5 puntos ang pag-check sa dalawang hari sa isang tira (1 kung queen lang ang nagche-check), at 20 kung tatlo. I-check nang sabay ang hari ng Asul at ng Dilaw gamit ang knight.
lesson-chess4-ffa-check-hint = Hanapin kung saan aatakehin ng knight ang a7 at e7 nang sabay.
lesson-chess4-ffa-check-done = Double check: 5 puntos!

lesson-chess4-mate = Sa indibidwal, agad-agad ang checkmate: pagkatapos ng tira mo, mate ang sinumang naka-check na walang legal na tira. 20 puntos para sa iyo, at tanggal na siya sa laro. I-checkmate ang hari ng Asul.
lesson-chess4-mate-hint = Harangan ang a-file: nakakulong ang hari sa sarili nitong mga pawn.
lesson-chess4-mate-done = Checkmate! 20 puntos, at tanggal na ang Asul.

lesson-chess4-grey = Kapag natanggal ang isang manlalaro sa indibidwal, nagiging abo ang mga piyesa niya at naiiwan sa board. Hindi gumagalaw o nagche-check ang abong piyesa, at puwede itong kainin ninuman nang 0 puntos. Tanggal na ang Asul: kainin ang abong queen sa tabi ng hari mo.
lesson-chess4-grey-hint = Hindi nagche-check ang abong queen sa h2: kainin ito ng hari.
lesson-chess4-grey-done = Nakain, 0 puntos. Harang lang ang mga abong piyesa.

lesson-chess4-promote-ffa = Sa indibidwal, nagpo-promote na ang pawn sa ika-8 hanay nito, lampas lang sa gitna ng board, at queen lang ang puwede. Para sa Asul, ang ika-8 hanay ay ang h-file. I-promote ang pawn.
lesson-chess4-promote-ffa-hint = Iusad ang pawn sa g6 nang isang parisukat.
lesson-chess4-promote-ffa-done = Bagong queen! Sa dulo, panalo ang may pinakamataas na puntos.
