# The room's status line, the names of seats and occupants, the reasons a
# game ends and the reasons a room closes.

status-waiting = 対局者を待っています。
status-joined = { $name }が入室しました。
status-left = { $name }が退室しました。
status-timed-out = { $name }が時間切れです。この手はCPUが指します。
status-seat-cpu = { $seat }：CPU（レベル{ $level }）。
status-seat-open = { $seat }：席が空きました。
status-wants-new-round = { $name }が次の対局を希望しています。
status-won = 終局：{ $names }の勝ち（{ $reason }）。
status-draw = 終局：引き分け（{ $reason }）。
status-placings = 終局（{ $reason }）：{ $places }。
status-place = { $place }位 { $name }
status-paused = { $names }が戻るまで中断します。
status-to-move = { $name }の手番です。
status-seat-label = { $seat }（{ $name }）
status-rated = { $result }レーティング：{ $changes }。

seat-sente = 先手
seat-gote = 後手
seat-south = 南
seat-west = 西
seat-north = 北
seat-east = 東
seat-red = 赤
seat-blue = 青
seat-yellow = 黄
seat-green = 緑

occupant-empty = （空席）
occupant-name = { $name }
occupant-away = { $name }（切断中）
occupant-cpu-plays = { $name }（CPU代行）
occupant-away-cpu-plays = { $name }（切断中・CPU代行）
occupant-cpu = CPU（レベル{ $level }）
occupant-you = { $name }（あなた）

reason-checkmate = 詰み
reason-no-legal-moves = 合法手なし
reason-resignation = 投了
reason-repetition = 千日手
reason-perpetual-check = 連続王手の千日手
reason-declaration = 入玉宣言
reason-impasse = 持将棋・24点法
reason-move-limit = 手数制限
reason-king-captured = キング取り
reason-eliminations = 脱落
reason-fifty-moves = 50手ルール

closed-empty = 誰もいませんでした。
closed-expired = 誰もおらず、{ $days }日間動きがありませんでした。
closed-abandoned = { $hours }時間、対局も在室もありませんでした。
closed-host-moved-on = ホストが退室し、新しい部屋を開きました。
closed-everybody-left = 全員が退室しました。
closed-by-admin = 管理者（{ $admin }）が部屋を閉じました。
admin-closed-room = 部屋{ $room }を閉じました
status-clock-count = 残り{ $seconds }秒…
reason-time = 時間切れ
