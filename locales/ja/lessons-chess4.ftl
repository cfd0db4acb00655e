# 四人チェスのレッスン(src/learn/lessons/chess4.toml):各ステップの
# lesson-<id>(説明と課題)、lesson-<id>-hint、lesson-<id>-done。

lesson-chess4-board = 四人チェスは14×14の盤から四隅の3×3を除いた160マスで戦います。筋はa〜n、段は1〜14。隅は壁で、駒を置くことも通り抜けることもできません。c5のルークを動かしましょう。
lesson-chess4-board-hint = c5のルークを選び、縦か横に動かしましょう。
lesson-chess4-board-done = c筋ではc4とc11が端。その先は隅です。

lesson-chess4-seats = 盤の周りに4人が座ります。下が赤、左が青、上が黄、右が緑です。それぞれチェスの駒16個を持ち、赤●・青▲・黄■・緑◆の印が付いています。最初は赤の番です。好きな手を指しましょう。
lesson-chess4-seats-hint = 赤の駒ならどの手でも構いません。
lesson-chess4-seats-done = よし。手番が次のプレイヤーに移ります。

lesson-chess4-turns = 手番は時計回りです:赤、青、黄、緑、そしてまた赤。赤が指したので、今は青の番です。盤は手番の人が下に来るように回ります。青の駒で好きな手を指しましょう。
lesson-chess4-turns-hint = 青の駒ならどの手でも構いません。
lesson-chess4-turns-done = 次は黄、その次は緑の番です。

lesson-chess4-pawn = ポーンは前へ、向かいのプレイヤーの方へ進みます。赤は黄へ、青は緑へ、黄は赤へ、緑は青へ。最初の位置からは1マスか2マス進めます。青のポーンを動かしましょう。
lesson-chess4-pawn-hint = ポーンはまっすぐ前へ、1マスか2マス。
lesson-chess4-pawn-done = 青のポーンは緑の方へ進んでいきます。

lesson-chess4-pawn-capture = ポーンは自分の向きで斜め前1マスの駒を取ります。緑のポーンは青の方へ進みますが、前をナイトがふさいでいます。ポーンでビショップを取りましょう。
lesson-chess4-pawn-capture-hint = ポーンはまっすぐには取れません。斜め前へ。
lesson-chess4-pawn-capture-done = 取りました!ポーンは自分の斜め前で取ります。

lesson-chess4-knight = ほかの駒はチェスと同じ動きです。ナイトはL字に跳びます:一方へ2マス、そこから横へ1マス。間の駒は跳び越えます。黄のナイトを動かしましょう。
lesson-chess4-knight-hint = g10のナイトを選び、L字に跳びましょう。
lesson-chess4-knight-done = ルーク、ビショップ、クイーン、キングもチェス通り。

lesson-chess4-castle = キャスリングもチェスと同じで、向きは各席の方向です。キングはまだ動いていないルークの方へ2マス動き、ルークはキングが通ったマスに来ます。n8の緑のキングはどちら側へもできます。キャスリングしましょう。
lesson-chess4-castle-hint = キングをn筋に沿ってルークの方へ2マス動かします。
lesson-chess4-castle-done = 完了!チェック中や攻撃されたマスを通る時は不可。

lesson-chess4-en-passant = 緑のポーンがm7からk7へ2マス進み、l7を通過しました。k6のあなたのポーンはその横にいるので、通過したl7へ斜めに進んでアンパッサンで取れます。緑がもう一度指すまでの権利です。今取りましょう。
lesson-chess4-en-passant-hint = k6のポーンを斜めにl7へ進めましょう。
lesson-chess4-en-passant-done = アンパッサンは4方向どれでも、横からでも。

lesson-chess4-teams = 標準はチーム戦です。向かい合う2人が味方で、赤と黄が青と緑と戦います。味方の駒は取れず、味方があなたにチェックをかけることもありません。ルークで駒を取りましょう。
lesson-chess4-teams-hint = 黄は味方です。青のナイトを取りましょう。
lesson-chess4-teams-done = その通り。取れるのは相手の駒だけです。

lesson-chess4-check = 相手のキングを攻撃するとチェックです。h5の黄のルークはあなたのキングを向いていますが、味方はチェックをかけません。ビショップで青か緑のキングにチェックをかけましょう。
lesson-chess4-check-hint = a7かn8のキングの斜め筋にビショップを置きます。
lesson-chess4-check-done = チェック!自分の番に防げなければメイトです。

lesson-chess4-king-capture = チーム戦では、チェックされたままのキングは、持ち主より先に指す相手が取れます。赤のルークが緑のキングにチェックをかけていて、緑はあなたの後に指します。ナイトでキングを取ればチームの勝ちです。
lesson-chess4-king-capture-hint = l9のナイトでn8の緑のキングを取りましょう。
lesson-chess4-king-capture-done = キングを取りました。赤と黄の勝ちです!

lesson-chess4-promote-teams = チーム戦では、ポーンは自分の側から数えて11段目で昇格します。赤なら11段目です。クイーン、ルーク、ビショップ、ナイトから選べます。ポーンを昇格させましょう。
lesson-chess4-promote-teams-hint = d10のポーンを1マス前へ進めましょう。
lesson-chess4-promote-teams-done = 昇格!どの席も自分の側から11段を数えます。

lesson-chess4-ffa = 個人戦(ffa)では全員が敵同士で、駒を取ると点が入ります:ポーン1、ナイト3、ビショップとルーク5、クイーン9(ポーンから昇格したクイーンは1)。最高得点の人が勝ちです。ナイトで駒を取りましょう。
lesson-chess4-ffa-hint = ナイトで青のポーンか黄のクイーンを取れます。
lesson-chess4-ffa-done = 得点!クイーンは9点、ポーンは1点です。

lesson-chess4-ffa-check = 個人戦では、1人へのチェックは0点ですが、1手で2人のキングにチェックをかけると5点(クイーンだけなら1点)、3人なら20点です。ナイトで青と黄のキングに同時にチェックをかけましょう。
lesson-chess4-ffa-check-hint = a7とe7の両方を攻撃できるマスへナイトを。
lesson-chess4-ffa-check-done = ダブルチェックで5点!

lesson-chess4-mate = 個人戦ではチェックメイトはすぐに決まります。指した直後、チェックされていて合法手のないプレイヤーはメイトです。あなたに20点が入り、そのプレイヤーは脱落します。青のキングをチェックメイトしましょう。
lesson-chess4-mate-hint = a筋をふさぎます。キングは自分のポーンで動けません。
lesson-chess4-mate-done = チェックメイト!20点を得て、青は脱落です。

lesson-chess4-grey = 個人戦で脱落したプレイヤーの駒は灰色になり、盤に残ります。灰色の駒は動かず、チェックもかけず、誰でも0点で取れます。青は脱落しました。キングの隣の灰色のクイーンを取りましょう。
lesson-chess4-grey-hint = h2の灰色のクイーンはチェックしません。キングで取って。
lesson-chess4-grey-done = 取りました(0点)。灰色の駒はただの障害物です。

lesson-chess4-promote-ffa = 個人戦では、ポーンは自分から数えて8段目、盤の中央を越えたところで昇格し、クイーンにしかなれません。青の8段目はh筋です。ポーンを昇格させましょう。
lesson-chess4-promote-ffa-hint = g6のポーンを1マス前へ進めましょう。
lesson-chess4-promote-ffa-done = 新しいクイーン!3人が脱落したら最高得点の人が勝ち。
