# Notices on the status line, titles and the size warning.

notice-no-room-selected = 部屋が選ばれていません。作成するか招待コードを入力してください。
notice-no-room-to-watch = 観戦できる部屋がありません。
notice-nobody-rated = このゲームにはまだレーティングのある人がいません。
notice-no-hands = このゲームに持ち駒はありません。
notice-hand-empty = 持ち駒がありません。
notice-drop-own-hand = 自分の手番に自分の持ち駒を打てます。
notice-watching = この対局を観戦中です。
notice-no-legal-move = その駒は動かせません。
notice-pick-piece-or-hand = 自分の駒を選んでください（Tabで持ち駒へ）。
notice-pick-piece = 自分の駒を選んでください。
notice-not-legal = その手は指せません。
notice-name-reserved = その名前はサーバー用です。別の名前を選んでください。
notice-room-stays-open = 部屋は開いたままです。
notice-no-room-to-close = 閉じる部屋がありません。
notice-confirm-close = 部屋{ $room }（{ $code }）を閉じますか？参加者はロビーに戻ります。
notice-resume-code = 再開コード：{ $code }（eで戻り方を表示）
notice-left-room = 部屋を出ました。
status-move-prompt = 指し手（{ $example }）：
status-reconnecting = 再接続中… このサーバーと会場の接続が切れました。指し手は待機中です。
notice-replaced = 別の場所から接続し直したため、席を新しい接続に譲りました。
notice-shutdown = サーバーを停止します。
notice-idle-seconds = ロビーで{ $count }秒間操作がなかったため切断しました。またどうぞ。
notice-idle-minutes = ロビーで{ $count }分間操作がなかったため切断しました。またどうぞ。

title-help = ヘルプ
title-export = 棋譜出力
title-settings = 設定
title-welcome = ようこそ
title-lobby = ロビー
title-create = 部屋の作成
title-admin = 管理
title-ratings = レーティング
too-small = ウィンドウを大きくしてください
too-small-size = （最小{ $min }、現在{ $now }）

lobby-title = 公開中の部屋
lobby-col-game = ゲーム
lobby-col-seats = 席
lobby-col-host = ホスト
lobby-col-phase = 状況
lobby-col-rules = ルール
lobby-empty = 公開中の部屋はまだありません。cで作成、pですぐ対局できます。
lobby-invite-code = 招待コード（i）：
lobby-quick-play = すぐ対局：

settings-title = 設定
settings-language = 言語
settings-shogi-pieces = 将棋の駒
settings-chess-pieces = チェスの駒
settings-saved-with-key = SSH鍵とともに保存：どの接続でも同じ設定です。
settings-guest = この接続の間だけ有効です（ゲストの設定は保存されません）。
settings-keys = ↑↓で行を選択、←→で変更、Escで完了。
style-kanji = 漢字
style-western = 英字
style-ascii = ASCII
style-letters = 英字
style-symbols = 記号

# The settings row for the terminal bell that rings each second of the
# last ten of a byoyomi period: on the player's own turn only, also for
# the seat to move in a game they watch, or never.
settings-bell = 秒読みの音
bell-my-turn = 自分の手番
bell-also-watching = 観戦中も
bell-never = 鳴らさない
