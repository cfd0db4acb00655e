# Mga bot: pagrehistro (admin), paghamon (host), ang listahan sa lobby.

error-bad-bot-name = Pangalan ng bot: 1-16 titik, numero, - o _, hindi ng server; hindi { $name }.
error-bot-exists = May nakarehistro nang bot na may ganyang pangalan o susi.
error-no-such-bot = Walang bot na { $name } na nakarehistro o nakakonekta.
error-bot-busy = Abala si { $name }; subukan ulit mamaya.
error-no-such-challenge = Walang bukas na hamon na { $id }.
status-bot-challenged = Hinamon si { $name } na maglaro bilang { $seat }…
status-bot-declined = Tumanggi si { $name }.
status-bot-declined-because = Tumanggi si { $name }: { $reason }
status-bot-no-answer = Hindi sumagot si { $name }.
exec-bot-bad-key = hindi ito public key ({ $detail }); ibigay ito gaya ng pagsulat ng authorized_keys: ssh-ed25519 AAAA… komento
exec-bot-added = naidagdag ang bot na { $name } ({ $fingerprint })
exec-bot-removed = naalis ang bot na { $name }
exec-bots-none = walang bot
exec-bot-line = { $name } { $fingerprint } idinagdag ni { $admin } noong { $time } nakakonekta: { $connected }
hint-bots = mga bot
hint-challenge = hamunin
title-bots = Mga bot
bots-none = Walang bot na nakakonekta ngayon.
bots-row = { $name }  { $games ->
    [0] bakante
    [one] 1 laro
   *[other] { $games } laro
}
bots-about-lobby = Enter: pumili ng laro at hamunin ang bot.
bots-about-room = Enter: hilingin sa bot ang unang bakanteng upuan.
help-bots = mga bot na nakakonekta: hamunin ang isa
help-seat-bot = (host, bago ang laro) hilingin sa bot ang bakanteng upuan
setup-bot-after = bot pagkalipas ng
setup-bot-after-about = Sa pampublikong kuwarto, hihilingin sa nakakonektang bot ang bakanteng upuan pagkatapos ng paghihintay na ito.
