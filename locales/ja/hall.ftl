# The hall's refusals and the phases of a room.

error-no-such-room = コードまたはID「{ $code }」の部屋はありません。
error-no-such-game = ID「{ $id }」の対局はありません。
error-room-full = 部屋が満員です（観戦はできます）。
error-seat-taken = その席には他のプレイヤーがいます。
error-not-host = ホストだけができる操作です。
error-not-your-turn = あなたの手番ではありません。
error-no-entry = そのコードの部屋はないか、参加できません。
error-too-many-attempts = 試行が多すぎます。{ $seconds }秒待ってください。
error-bad-format = 不明な出力形式「{ $format }」です（この対局の形式：{ $formats }）。
error-no-such-code = その再開コードの席はありません。
error-storage = 保存に失敗しました（サーバーの記憶域が無応答）。少し後でお試しください。
error-replay = 部屋の記録を再生できません：{ $detail }
error-rooms-per-player = 参加中の部屋が{ $count }室あります。どれかの終局を待つか投了してください。
error-rooms-per-address = お使いのアドレスから{ $count }室が開いています。先に終局か投了をしてください。
error-hall-full = サーバーの部屋数が上限の{ $count }室です。後でお試しください。
error-remote = 部屋のサーバーが拒否しました：{ $detail }
error-unreachable = 再接続中… 部屋のサーバーが応答しません。少し後でお試しください。

phase-no-game = 対局は行われていません。
phase-not-a-game-command = それは対局用のコマンドではありません。
phase-started = 対局はすでに始まっています。
phase-not-over = 対局はまだ終わっていません。
phase-over = 対局は終わりました。
phase-paused = 対局は中断中です。
phase-moved-on = 局面が進みました。もう一度確認してください。
phase-closed = 部屋は閉じられました。
phase-no-such-seat = この部屋にその席はありません。
phase-id-taken = その部屋IDは使用中です。もう一度お試しください。

rules-not-a-move = 「{ $text }」は指し手ではありません（例：{ $example }）。
rules-illegal-move = 「{ $text }」はこの局面では指せません。
rules-bad-position = 局面を読み込めません：{ $detail }
rules-no-such-claim = この対局ではその申告はできません。
rules-unknown-game = 不明なゲーム「{ $name }」です（ゲーム：{ $games }）。
rules-bad-rule = 部屋のルール「{ $name }={ $value }」は使えません（{ $detail }）。

claim-declaration-off = この部屋では入玉宣言は無効です。
claim-king-not-in-camp = 玉が敵陣に入っていません。
claim-king-in-check = 王手がかかっています。
claim-impasse-off = この部屋では持将棋（24点法）は無効です。
claim-kings-not-entered = 双方の玉が敵陣に入っている必要があります。
claim-too-few-pieces = 敵陣の駒は玉以外に{ $count }枚です。10枚必要です。
claim-too-few-points = { $points }点です。{ $needed }点必要です。
