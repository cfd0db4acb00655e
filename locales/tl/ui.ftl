# Notices on the status line, titles and the size warning.

notice-no-room-selected = Walang napiling kuwarto: gumawa ng isa, o i-type ang code ng imbitasyon.
notice-no-room-to-watch = Walang kuwartong mapapanood.
notice-nobody-rated = Wala pang may rating sa larong ito.
notice-no-hands = Walang hawak na piyesa sa larong ito.
notice-hand-empty = Wala kang hawak na piyesa.
notice-drop-own-hand = Sa turno mo, puwede kang maglagay mula sa sarili mong hawak.
notice-watching = Nanonood ka ng larong ito.
notice-no-legal-move = Walang legal na tira ang piyesang iyan.
notice-pick-piece-or-hand = Pumili ng isa sa mga piyesa mo (o Tab papunta sa hawak mo).
notice-pick-piece = Pumili ng isa sa mga piyesa mo.
notice-not-legal = Hindi legal na tira.
notice-name-reserved = Sa server ang pangalang iyan; pumili ng iba.
notice-room-stays-open = Mananatiling bukas ang kuwarto.
notice-no-room-to-close = Walang kuwartong maisasara.
notice-confirm-close = Isara ang kuwarto { $room } ({ $code })? Babalik sa lobby ang mga manlalaro.
notice-resume-code = Code mo sa pagbalik: { $code } (ipinapakita ng e kung paano bumalik).
notice-left-room = Umalis ka sa kuwarto.
status-move-prompt = Tira ({ $example }):
status-reconnecting = Muling kumokonekta… nawalan ng link sa hall ang server; naghihintay ang tira.
notice-replaced = Kumonekta ka mula sa ibang lugar: napunta sa bagong session ang upuan mo.
notice-shutdown = Nagsasara ang server.
notice-idle-seconds = { $count ->
    [1] Isinara: isang segundong walang pinindot sa lobby. Bumalik anumang oras.
   *[other] Isinara: { $count } segundong walang pinindot sa lobby. Bumalik anumang oras.
}
notice-idle-minutes = { $count ->
    [1] Isinara: isang minutong walang pinindot sa lobby. Bumalik anumang oras.
   *[other] Isinara: { $count } minutong walang pinindot sa lobby. Bumalik anumang oras.
}

title-help = tulong
title-export = export
title-settings = mga setting
title-welcome = maligayang pagdating
title-lobby = lobby
title-create = gumawa ng kuwarto
title-admin = admin
title-ratings = mga rating
too-small = Pakilakihan ang window
too-small-size = (hindi bababa sa { $min }; ngayon { $now })

lobby-title = Mga bukas na pampublikong kuwarto
lobby-col-game = laro
lobby-col-seats = upuan
lobby-col-host = host
lobby-col-phase = yugto
lobby-col-rules = patakaran
lobby-empty = Wala pang bukas na kuwarto: c para gumawa, p para sa mabilis na laro.
lobby-invite-code = Code ng imbitasyon (i):
lobby-quick-play = Mabilis na laro:

settings-title = Mga setting
settings-language = Wika
settings-shogi-pieces = Piyesa ng shogi
settings-chess-pieces = Piyesa ng chess
settings-saved-with-key = Naka-save kasama ng SSH key mo: pareho sa bawat koneksiyon.
settings-guest = Para sa session na ito lang (hindi sine-save ang setting ng guest).
settings-keys = ↑↓ pumili ng hanay, ←→ baguhin, Esc kapag tapos na.
style-kanji = kanji
style-western = Western
style-ascii = ASCII
style-letters = letra
style-symbols = simbolo

# The settings row for the terminal bell that rings each second of the
# last ten of a byoyomi period: on the player's own turn only, also for
# the seat to move in a game they watch, or never.
settings-bell = Tunog ng orasan
bell-my-turn = sa turno ko
bell-also-watching = pati kapag nanonood
bell-never = hindi kailanman
