# Ang aralin sa shogi para sa apat (src/learn/lessons/shogi4.toml): sa bawat
# hakbang, lesson-<id> (ang gagawin), lesson-<id>-hint (pagkatapos ng maling
# tira) at lesson-<id>-done (pagkatapos ng tamang tira).

lesson-shogi4-seats = Apat na manlalaro, isa sa bawat gilid: Timog (pula), Kanluran (asul), Hilaga (dilaw) at Silangan (berde). Pa-clockwise ang mga turno: Timog, Kanluran, Hilaga, Silangan. Bawat isa ay may king, rook, 2 gold, 2 silver at 3 pawn. Ikaw ang Timog, nasa ibaba: tumira ng kahit anong galaw.
lesson-shogi4-seats-hint = Pumili ng piyesa mo at ilipat sa may markang parisukat.
lesson-shogi4-seats-done = Magaling. Kasunod pa-clockwise ang Kanluran.

lesson-shogi4-forward = Sa araling ito, ikaw ang tumitira para sa may turno, at umiikot ang board para nasa ibaba siya. Kanluran na ngayon. Gumagalaw ang mga piyesa gaya sa shogi, at ang "harap" ay papunta sa katapat na upuan. Isulong nang isang parisukat ang pawn sa harap ng Kanluran (c5).
lesson-shogi4-forward-hint = Diretso sa harap ang pawn, isang parisukat, papunta sa Silangan.
lesson-shogi4-forward-done = Tama: nakaharap sa Silangan ang Kanluran.

lesson-shogi4-silver = Isang parisukat pasulong o pahilis ang silver: limang parisukat, hindi patagilid o diretsong paatras. Igalaw ang silver mo.
lesson-shogi4-silver-hint = Diretso sa harap, o isa sa apat na pahilis.
lesson-shogi4-silver-done = Magaling. Pahilis lang umaatras ang silver.

lesson-shogi4-gold = Isang parisukat sa kahit anong direksiyon ang gold, maliban sa pahilis na paatras. Ang king ay isang parisukat kahit saan. Igalaw ang gold mo.
lesson-shogi4-gold-hint = Kahit anong katabing parisukat maliban sa dalawang pahilis sa likod.
lesson-shogi4-gold-done = Ayos. Hindi kailanman nagpo-promote ang gold at king.

lesson-shogi4-rook = Diretso ang rook, gaano man kalayo, pero hindi ito lumulukso. Walang piyesang puwedeng tumapak sa king: hindi kinakain ang king. Igalaw ang rook mo.
lesson-shogi4-rook-hint = Pataas, pababa, pakaliwa o pakanan, hangga't walang harang.
lesson-shogi4-rook-done = Magaling. Ang rook ang pinakamalakas mong piyesa.

lesson-shogi4-capture = Tumapak sa piyesa ng kalaban para kainin ito: mapupunta ito sa hawak mo, hindi promoted. Kainin ng rook ang gold ng Hilaga.
lesson-shogi4-capture-hint = Nasa linya ng rook mo ang gold: tumapak doon.
lesson-shogi4-capture-done = Hawak mo na ang gold.

lesson-shogi4-drop = Sa halip na gumalaw, puwede kang maglagay ng hawak na piyesa sa kahit anong bakanteng parisukat. Nakaharap ito sa direksiyon mo, kanino man ito dati. Ilagay ang gold mo.
lesson-shogi4-drop-hint = Piliin ang gold sa hawak mo, tapos isang bakanteng parisukat.
lesson-shogi4-drop-done = Magaling. Gaya sa shogi: bawal ang nifu at mate sa paglagay ng pawn.

lesson-shogi4-promote = Ang promotion zone ay ang tatlong hanay na pinakamalayo sa direksiyong hinaharap ng piyesa: sa iyo, hanay 7 hanggang 9. Puwedeng mag-promote ang rook, silver o pawn na papasok, nasa loob o lalabas dito. Ipasok ang silver at i-promote.
lesson-shogi4-promote-hint = Isulong ang silver sa hanay 7 at piliing mag-promote.
lesson-shogi4-promote-done = Parang gold na ang promoted silver; may pahilis na hakbang ang rook.

lesson-shogi4-check = Naka-check ang king kapag inaatake ito ng piyesa ng ibang manlalaro. Mag-check sa kahit anong king gamit ang rook mo.
lesson-shogi4-check-hint = Ihanay ang rook sa isang king, walang harang sa gitna.
lesson-shogi4-check-done = Check! Kailangang sagutin ito ng na-check.

lesson-shogi4-priority = Prayoridad sa check: ang naka-check ay titira agad, kahit hindi pa niya turno. Tsinek ng Timog ang Hilaga, kaya Hilaga ang titira ngayon at lalaktawan ang Kanluran (hindi na ito ibabalik). Ilayo sa check ang king ng Hilaga.
lesson-shogi4-priority-hint = Alisin ang king ng Hilaga sa kolum ng rook.
lesson-shogi4-priority-done = Ligtas. Tuloy pa-clockwise mula Hilaga: Silangan ang susunod.

lesson-shogi4-double = Puwedeng ma-check ang dalawang king sa iisang tira. Ilipat ang rook sa e5: sa hanay 5, inaatake nito ang king ng Kanluran at ng Silangan.
lesson-shogi4-double-hint = Itulak ang rook nang diretso pataas sa e5.
lesson-shogi4-double-done = Dalawang check! Sino ang unang sasagot?

lesson-shogi4-double-answer = Kapag marami ang naka-check, unang titira ang naka-check na pinakamalapit pa-clockwise mula sa tumira: pagkatapos ng Timog, ang Kanluran. Ilayo sa check ang king ng Kanluran.
lesson-shogi4-double-answer-hint = Alisin ang king sa hanay 5.
lesson-shogi4-double-answer-done = Susunod ang Silangan, naka-check pa, bago ang Hilaga.

lesson-shogi4-mate = Checkmate ang manlalarong walang legal na galaw pagdating ng turno niya. Binabaligtad ang king niya at naiiwan bilang harang; ang hawak niya at lahat ng piyesa niya ay mapupunta sa nag-checkmate. I-checkmate ang Hilaga: ilagay ang gold kung saan hindi makakatakas ang king.
lesson-shogi4-mate-hint = Ilagay ang gold sa harap mismo ng king ng Hilaga, bantay ng silver.
lesson-shogi4-mate-done = Checkmate! Labas na ang Hilaga; sa iyo na ang mga pawn niya.

lesson-shogi4-inherit = Hindi nagbabago ang direksiyon ng piyesang nakuha sa checkmate. Sa Hilaga dati ang silver na ito: sa iyo na, pero gumagalaw pa rin ito gaya ng Hilaga, pababa. Hindi magagalaw, makakain o matatapakan ang baligtad na king (X). Igalaw ang silver.
lesson-shogi4-inherit-hint = Sa silver na ito, ang harap ay pababa, papunta sa iyo.
lesson-shogi4-inherit-done = Tama: nagbago ang may-ari, hindi ang direksiyon.

lesson-shogi4-inhpromote = Ang promotion ay ayon sa direksiyon ng piyesa, hindi sa may-ari. Nakaharap gaya ng Hilaga ang pawn na ito, kaya hanay 1 hanggang 3 ang zone nito. Isulong ito at i-promote.
lesson-shogi4-inhpromote-hint = Ibaba ang pawn sa e3 at piliing mag-promote.
lesson-shogi4-inhpromote-done = Parang gold na ito, nakaharap pa rin gaya ng Hilaga.

lesson-shogi4-nomove = Checkmate din kapag walang legal na galaw sa turno mo, kahit hindi naka-check. King lang ang natitira sa Kanluran. Isara ang huling mga puwede niyang puntahan nang hindi nagche-check.
lesson-shogi4-nomove-hint = Bakante pa ang a4 at b4: isara ang hanay 4 gamit ang rook.
lesson-shogi4-nomove-done = Hindi makagalaw ang Kanluran: checkmate. Sa iyo ang mate.

lesson-shogi4-end = Tapos ang laro kapag na-checkmate ang ikalawang manlalaro: ika-4 ang unang na-checkmate, ika-3 ang ikalawa. Sa dalawang natira: dami ng mate, tapos dami ng piyesa (board, hawak, king ng mga na-mate nila), tapos kung sino ang huling nag-mate. I-checkmate ang Silangan.
lesson-shogi4-end-hint = Ilagay ang gold sa harap mismo ng king ng Silangan, bantay ng rook.
lesson-shogi4-end-done = Tapos na: dalawang mate, una ka! Subukan mo nang labanan ang CPU.
