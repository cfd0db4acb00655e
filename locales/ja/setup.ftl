# ゲーム名、部屋を作る画面、部屋のルール(名前・説明・選択肢)、部屋の状態、
# ロビーに出るルールの要約。

game-shogi = 将棋
game-shogi4 = 四人将棋
game-chess4 = 四人チェス
## ロビーの一覧の欄は7桁(漢字3字半)まで。
game-short-shogi = 将棋
game-short-shogi4 = 四人将棋
game-short-chess4 = 四人チェス

setup-title = 部屋を作る
setup-game = ゲーム
setup-game-about = この部屋で指すゲーム
setup-rule-about = { $about }(標準: { $default })
setup-room = 部屋
setup-public = 公開(ロビーに表示)
setup-private = 非公開(招待コードのみ)
setup-rating = 対局の種類
setup-ranked = レーティング対局
setup-casual = フリー対局
setup-time = 時間
setup-time-about = 時間が切れるとCPUが代わりに指します
setup-away = 離席時
setup-away-default = 標準({ $policy })
setup-away-about = 対局者が離席したとき、猶予の後にCPUが代わりに指すか、戻るまで対局を止めて待ちます(非公開の将棋の部屋では待つのが標準)
setup-mode = 対局方法
setup-mode-about = ほかの席を誰が指すか
setup-cpu = CPUの強さ
setup-cpu-about = CPUの強さ、1(入門)から5(最強)まで
setup-create = 部屋を作る

time-none = なし
time-seconds = { $seconds }秒

away-cpu = CPUが指す
away-wait = 待つ

mode-online = オンライン(参加者を待つ)
mode-vs-computer = CPUと対局
mode-same-device = 同じ端末で対局

state-waiting = 募集中
state-playing = 対局中
state-finished = 終局

choice-on = あり
choice-off = なし
choice-none = なし
choice-count = { $count }

rule-declaration = 入玉宣言
rule-declaration-about = 入玉宣言法(27点法)
rule-move-limit = 手数制限
rule-move-limit-about-shogi = 総手数がこの数に達すると引き分け
rule-impasse = 持将棋
rule-impasse-about = 双方の玉が入玉したときの24点法による持将棋の申告
rule-handicap = 駒落ち
rule-handicap-about = 上手(後手)が落とす駒
rule-handicap-none = 平手
rule-handicap-lance = 香落ち
rule-handicap-bishop = 角落ち
rule-handicap-rook = 飛車落ち
rule-handicap-rook-lance = 飛香落ち
rule-handicap-2-piece = 二枚落ち
rule-handicap-4-piece = 四枚落ち
rule-handicap-6-piece = 六枚落ち
rule-swap-sides = 先後入れ替え
rule-swap-sides-about = 一局ごとに先手と後手を入れ替える

rule-format = 形式
rule-format-about = 個人戦、またはペア戦(向かい合う二人が組み、最初の詰みで終局)
rule-format-individual = 個人戦
rule-format-pairs = ペア戦
rule-ending = 終局
rule-ending-about = 二人が詰んだら終局、または最後の一人まで続ける(個人戦)
rule-ending-two-mates = 二人詰みまで
rule-ending-last-player = 最後の一人まで
rule-mated-pieces = 詰んだ人の駒
rule-mated-pieces-about = 詰まされた人の盤上の駒は、詰ませた人のものになるか、持ち主なしになる
rule-mated-pieces-to-mater = 詰ませた人へ
rule-mated-pieces-ownerless = 持ち主なし
rule-move-limit-about-shogi4 = 総手数がこの数に達すると終局(詰ませた数、次に駒数で順位)

rule-type = 形式
rule-type-about = チーム戦(赤と黄 対 青と緑)、または点数を競う個人戦
rule-type-teams = チーム戦
rule-type-ffa = 個人戦
rule-move-limit-about-chess4 = 総手数がこの数に達すると終局(チーム戦は引き分け、個人戦は点数順)

rule-show-legal-moves = 合法手の表示
rule-show-legal-moves-about = 選んだ駒が動ける升に印を付ける
rule-rotate-first-player = 先番の持ち回り
rule-rotate-first-player-about = 新しい対局ごとに最初の手番が時計回りに一席ずつ移る

summary-standard = 標準ルール
summary-rule = { $rule }:{ $value }
summary-rules = { $first }、{ $rest }
summary-parts = { $first } · { $rest }
summary-ranked = レーティング対局
summary-time = 一手{ $seconds }秒
clock-byoyomi = { $minutes ->
        [0] {""}
       *[other] 持ち時間{ $minutes }分 +{" "}
    }秒読み{ $seconds }秒
clock-periods = { $minutes ->
        [0] {""}
       *[other] 持ち時間{ $minutes }分 +{" "}
    }秒読み{ $seconds }秒×{ $periods }回
clock-increment = 持ち時間{ $minutes }分 + 一手{ $seconds }秒加算
clock-sudden-death = 持ち時間{ $minutes }分(切れ負け)
status-lost-on-time = { $name }の時間切れ負けです。
setup-clock-about = 持ち時間のあと秒読み：一手ごとに時間内に
setup-main-time = 持ち時間
setup-byoyomi = 秒読み
setup-periods = 回数
setup-increment = 加算
setup-on-time = 時間切れ
setup-on-time-about = 非レーティング戦ではCPUが代わりに指すことも
on-time-lose = 負け
on-time-cpu = CPUが指す
clock-minutes = { $minutes }分
clock-count = { $count }
