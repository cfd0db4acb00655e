# 対局画面（サイドパネル、確認、成り）、対局待ちの部屋、部屋のタイトル、
# 棋譜の書き出し。指し手・SFEN・KIF・PGN4 などの表記は翻訳しない。

## 盤の横のパネル

game-hand = 持駒:
game-hand-empty = なし
game-to-move = { $seat }の手番
game-to-move-check = { $seat }の手番・{ $kind ->
    [chess4] チェック
   *[other] 王手
}
game-time-left = 残り{ $seconds }秒
game-over = 終局
game-over-reason = 終局（{ $reason }）
game-moves = 棋譜
game-confirm-resign = 投了しますか? y / n
game-confirm-leave = 退出しますか? y / n
game-watching = 観戦中
game-choose-square = マスを選択 (Esc: 戻す)
game-your-move = あなたの手番
game-waiting-others = 他の対局者の手番です
game-waiting-opponent = 相手の手番です
game-new-round = 次の対局 (n): { $names }
game-new-round-agreed = { $name } 同意
game-new-round-asked = { $name } ?

game-tag-won = 勝ち
game-tag-lost = 負け
game-tag-draw = 引き分け
game-tag-out = 脱落
game-tag-check = { $kind ->
    [chess4] チェック
   *[other] 王手
}
game-tag-none = -
game-tag-place = { $place }位
game-mates = { $count }人詰み
game-check-priority = 王手優先: { $seat }の番、{ $skipped }は飛ばし
game-free-for-all = 個人戦・得点制
game-teams = { $a }・{ $b } 対 { $c }・{ $d }

## 成り

promotion-promote-or-not = 成りますか? y 成 / n 不成
promotion-choose = 成る駒: { $pieces }
promotion-queen = クイーン
promotion-rook = ルーク
promotion-bishop = ビショップ
promotion-knight = ナイト

## 部屋のタイトルと対局待ち

room-game = { $kind ->
    [shogi4] 四人将棋
    [chess4] 四人チェス
   *[shogi] 将棋
}
room-title-room = 部屋 { $code }
room-title-game = 対局 { $id }
room-title-spectators = 観戦{ $count }人
room-title-watching = 観戦中
room-waiting = 対局待ち · { $rules }
room-seats = 席:
room-invite-code = 招待コード: { $code }
room-friends-join = 友だちはこのコマンドで参加:
room-note-start = s で今すぐ開始（空いた席には CPU が入ります）。
room-note-starts-at-once = すぐに対局が始まります。
room-note-host-starts = 全員そろったらホストが対局を始めます。
room-note-cpu = 席の番号で CPU を置き、もう一度押すと強くなります。
room-confirm-leave = 退出しますか? y / n

## 棋譜の書き出し（棋譜そのものは翻訳しない）

export-resume-code = 再開コード: { $code }
export-resume-how = あとでこの席に戻るには（コードは人に教えないこと）:
export-game = 対局 { $id }
export-private = 非公開の部屋の棋譜は対局者の SSH 鍵でしかダウンロードできません。ここからコピーしてください。
export-download = あとでダウンロードするには:
export-files = w でこの棋譜をファイルに書き出します：
export-kif-choice = KIF の選び方：.kif は Shift_JIS（CP932）で、日本の将棋ソフトが読む形式です。.kifu は同じ棋譜の UTF-8 版で、UTF-8 を読めるソフト向けです。CSA はエンジンやサーバーがやり取りする形式です。
export-written = { $count } 個のファイルを { $dir } に書き出しました
export-write-failed = ファイルに書き出せませんでした：{ $reason }
hint-write-files = ファイルへ
