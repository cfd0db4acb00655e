# Notices on the status line, titles and the size warning.

notice-no-room-selected = No room selected: create one, or type an invite code.
notice-no-room-to-watch = No room to watch.
notice-nobody-rated = Nobody is rated in this game yet.
notice-no-hands = This game has no hands.
notice-hand-empty = Your hand is empty.
notice-drop-own-hand = You can drop from your own hand on your turn.
notice-watching = You are watching this game.
notice-no-legal-move = That piece has no legal move.
notice-pick-piece-or-hand = Pick one of your pieces (or Tab to your hand).
notice-pick-piece = Pick one of your pieces.
notice-not-legal = Not a legal move.
notice-name-reserved = That name is the server's own; please choose another.
notice-room-stays-open = The room stays open.
notice-no-room-to-close = No room to close.
notice-confirm-close = Close room { $room } ({ $code })? Its players go back to the lobby.
notice-resume-code = Your resume code: { $code } (e shows how to come back).
notice-left-room = You left the room.
status-move-prompt = Move ({ $example }):
status-reconnecting = Reconnecting… this server lost its link to the hall; moves wait.
notice-replaced = You connected again elsewhere: this session gave its seat to the new one.
notice-shutdown = The server is shutting down.
notice-idle-seconds = { $count ->
    [one] Closed after a second without a key in the lobby. Come back any time.
   *[other] Closed after { $count } seconds without a key in the lobby. Come back any time.
}
notice-idle-minutes = { $count ->
    [one] Closed after a minute without a key in the lobby. Come back any time.
   *[other] Closed after { $count } minutes without a key in the lobby. Come back any time.
}

title-help = help
title-export = export
title-settings = settings
title-welcome = welcome
title-lobby = lobby
title-create = create a room
title-admin = admin
title-ratings = ratings
too-small = Please make the window larger
too-small-size = (at least { $min }; now { $now })

lobby-title = Open public rooms
lobby-col-game = game
lobby-col-seats = seats
lobby-col-host = host
lobby-col-phase = phase
lobby-col-rules = rules
lobby-empty = No open rooms yet: press c to create one or p for quick play.
lobby-invite-code = Invite code (i):
lobby-quick-play = Quick play:

settings-title = Settings
settings-language = Language
settings-shogi-pieces = Shogi pieces
settings-chess-pieces = Chess pieces
settings-saved-with-key = Kept with your SSH key: the same on every connection.
settings-guest = Kept for this session (a guest's settings are not saved).
settings-keys = ↑↓ choose a row, ←→ change it, Esc when done.
style-kanji = kanji
style-western = Western
style-ascii = ASCII
style-letters = letters
style-symbols = symbols

# The settings row for the terminal bell that rings each second of the
# last ten of a byoyomi period: on the player's own turn only, also for
# the seat to move in a game they watch, or never.
settings-bell = Clock bell
bell-my-turn = on my turn
bell-also-watching = also watching
bell-never = never
