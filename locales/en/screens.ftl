# The ratings screens, the guest's name screen, the admin screen and the
# help page.

## Rating categories: full names, and short ones for a profile's games.
category-shogi = Shogi
category-shogi4 = Four-player shogi
category-shogi4-pairs = Four-player shogi, pairs
category-chess4-teams = Four-player chess, teams
category-chess4-ffa = Four-player chess, free-for-all
category-short-shogi = shogi
category-short-shogi4 = shogi4
category-short-shogi4-pairs = shogi4 pairs
category-short-chess4-teams = chess4 teams
category-short-chess4-ffa = chess4 ffa

## The leaderboard.
ratings-title = Leaderboard · { $category } (←→ other games)
ratings-player = player
ratings-rating = rating
ratings-games = games
ratings-nobody = Nobody is rated yet: ranked games between players with SSH keys count.

## A player's profile.
profile-title = Profile · { $name }
profile-games = { $count ->
    [one] { $count } game
   *[other] { $count } games
}
profile-unrated = not rated yet
profile-recent = Recent rated games
profile-none = none yet
profile-result = place { $place }  { $before } → { $after } ({ $change })
profile-game = game { $game }
profile-private = (private)
profile-export = A game's record:

## The name a guest is asked for.
name-welcome = Welcome to banmen
name-guest = Playing as a guest (use an SSH key to keep your name and rating).
name-label = Your name:
name-keep = Enter with nothing typed: { $name }

## The admin screen (the journal's lines stay as written, in English).
admin-figures = { $connections ->
    [one] { $connections } connection
   *[other] { $connections } connections
} · { $rooms ->
    [one] { $rooms } room
   *[other] { $rooms } rooms
} ({ $playing } playing) · CPU { $busy }/{ $threads } busy, { $queued } queued · up { $uptime }
admin-no-rooms = No rooms.
admin-journal = { $count ->
    [one] journal ({ $count } line kept)
   *[other] journal ({ $count } lines kept)
}
admin-journal-error = journal error: { $error }

## The help page: section titles, then what the keys do. The keys
## themselves are not translated, except the words in help-key-*.
help-title = Keys
help-more = ↑↓ more
help-more-below = ↓ more below
help-more-above = ↑ more above
help-everywhere = Everywhere
help-cursor = move the cursor or the selection
help-choose = choose; mouse clicks work too
help-back = back, cancel, leave
help-help = this help (Esc closes it)
help-settings = language and piece style settings
help-style = piece style, colors on/off
help-quit = quit
help-lobby = Lobby
help-join-watch = join / watch the selected public room
help-create-quick = create a room / quick play
help-vs-same = play vs computer / same device
help-invite = type an invite code, Enter joins
help-ratings = ratings: leaderboards (←→ game), Enter a profile, m yours
help-setup = Create room
help-setup-change = change the selected setting
help-setup-create = create the room
help-game = Game
help-pick = pick a piece, then Enter on a marked square
help-hand = go to your hand to drop a piece
help-answer = answer: promote? resign? leave?
help-resign-declare = resign (not in four-player shogi) / declare the entering king
help-new-round = agree to a new round when the game is over
help-export = export the game (SFEN + USI moves, KIF; SFEN4; PGN4, FEN4)
help-scroll = scroll the move list
help-start = start now (host, waiting room)
help-cpu-seat = CPU in that seat / its next level (host)
help-type-move = type a move: 7g7f, P*5e (four-player: e3e4, P*e5)
help-key-m-chess = m (chess)
help-type-chess = e2-e4; h1-j1 castles; d10-d11 asks for the piece
help-shogi4-board = Four-player shogi board
help-shogi4-owner = owner of a piece (South … East; - ownerless)
help-shogi4-facing = the way the piece faces (inherited ones differ)
help-shogi4-flipped = a mated player's king, turned over
help-marks = cursor, picked piece, legal destination
help-chess4-board = Four-player chess board
help-chess4-owner = owner: Red, Blue, Yellow, Green
help-chess4-pieces = king, queen, rook, bishop, knight, pawn
help-chess4-eliminated = grey: an eliminated player's piece, 0 points
help-chess4-promote = promote to queen, rook, bishop, knight / cancel
help-key-teams = teams
help-chess4-teams = Red + Yellow vs Blue + Green; promote on your 11th rank
help-key-ffa = free-for-all
help-chess4-ffa = for points; pawns become queens on your 8th rank
