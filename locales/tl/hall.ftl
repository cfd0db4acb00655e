# The hall's refusals and the phases of a room.

error-no-such-room = Walang kuwartong may code o id na { $code }.
error-no-such-game = Walang larong may id na { $id }.
error-room-full = Puno na ang kuwarto (puwede kang manood).
error-seat-taken = May manlalaro na sa upuang iyan.
error-not-host = Ang host lang ang puwedeng gumawa niyan.
error-not-your-turn = Hindi mo pa turno.
error-no-entry = Walang kuwartong may ganyang code, o hindi ito masasalihan.
error-too-many-attempts = Sobrang daming subok; maghintay ng { $seconds } s.
error-bad-format = Hindi kilalang format ng export: { $format } (ang sa larong ito: { $formats }).
error-no-such-code = Walang upuang may ganyang code sa pagbalik.
error-storage = Hindi na-save: hindi sumagot ang storage ng server. Subukan muli mamaya.
error-replay = Hindi ma-replay ang log ng kuwarto: { $detail }
error-rooms-per-player = { $count ->
    [1] May { $count } kuwarto kang bukas; tapusin o sumuko rito, o hintaying matapos ito.
   *[other] May { $count } kuwarto kang bukas; tapusin o sumuko sa isa, o hintaying matapos.
}
error-rooms-per-address = { $count ->
    [1] May { $count } kuwartong bukas mula sa address mo; tapusin o sumuko muna rito.
   *[other] May { $count } kuwartong bukas mula sa address mo; tapusin o sumuko muna sa isa.
}
error-hall-full = Puno na ang server ({ $count } kuwartong bukas, ang pinakamarami); subukan mamaya.
error-remote = Tumanggi ang server ng kuwarto: { $detail }
error-unreachable = Muling kumokonekta… hindi sumagot ang server ng kuwarto; subukan mamaya.

phase-no-game = Walang larong nilalaro.
phase-not-a-game-command = Hindi iyan utos para sa laro.
phase-started = Nagsimula na ang laro.
phase-not-over = Hindi pa tapos ang laro.
phase-over = Tapos na ang laro.
phase-paused = Naka-pause ang laro.
phase-moved-on = Umusad na ang laro; tingnan muli.
phase-closed = Isinara na ang kuwarto.
phase-no-such-seat = Walang ganyang upuan sa kuwarto.
phase-id-taken = May gumagamit na ng id ng kuwartong iyan; subukan muli.

rules-not-a-move = Hindi tira ang { $text } (halimbawa: { $example }).
rules-illegal-move = Hindi legal na tira rito ang { $text }.
rules-bad-position = Hindi mabasa ang posisyon: { $detail }
rules-no-such-claim = Walang ganyang claim sa larong ito.
rules-unknown-game = Hindi kilalang laro ang { $name }; ang mga laro ay { $games }.
rules-bad-rule = Hindi tinatanggap ang patakaran ng kuwarto na { $name }={ $value } ({ $detail }).

claim-declaration-off = Naka-off sa kuwartong ito ang deklarasyon ng pagpasok ng hari.
claim-king-not-in-camp = Wala sa kampo ng kalaban ang hari mo.
claim-king-in-check = Naka-check ang hari mo.
claim-impasse-off = Naka-off sa kuwartong ito ang impasse na 24 puntos.
claim-kings-not-entered = Dapat nasa kampo ng kalaban ang parehong hari.
claim-too-few-pieces = { $count } piyesa sa kampo bukod sa hari; 10 ang kailangan.
claim-too-few-points = { $points } puntos; { $needed } ang kailangan.
