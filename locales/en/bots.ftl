# Bots: registration (admins), challenges (hosts), the lobby's list.

error-bad-bot-name = Bot names: 1-16 letters, digits, - or _, none of the server's; not { $name }.
error-bot-exists = A bot with that name or key is registered already.
error-no-such-bot = No bot { $name } is registered or connected.
error-bot-busy = { $name } is busy; try again later.
error-no-such-challenge = No open challenge { $id }.
status-bot-challenged = Asked { $name } to play { $seat }…
status-bot-declined = { $name } declined.
status-bot-declined-because = { $name } declined: { $reason }
status-bot-no-answer = { $name } did not answer.
exec-bot-bad-key = not a public key ({ $detail }); give it as authorized_keys writes it: ssh-ed25519 AAAA… comment
exec-bot-added = bot { $name } added ({ $fingerprint })
exec-bot-removed = bot { $name } removed
exec-bots-none = no bots
exec-bot-line = { $name } { $fingerprint } added by { $admin } at { $time } connected: { $connected }
hint-bots = bots
hint-challenge = challenge
title-bots = Bots
bots-none = No bot is connected now.
bots-row = { $name }  { $games ->
    [0] free
    [one] 1 game
   *[other] { $games } games
}
bots-about-lobby = Enter: choose a game and challenge the bot.
bots-about-room = Enter: ask the bot to take the first open seat.
help-bots = bots connected now: challenge one
help-seat-bot = (host, before the game) ask a bot to take an open seat
setup-bot-after = bot after
setup-bot-after-about = In a public room, a connected bot is asked to take an empty seat after this wait.
