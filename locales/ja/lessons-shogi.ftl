# 将棋のレッスン (src/learn/lessons/shogi.toml)。各ステップに
# lesson-<id>(課題)、lesson-<id>-hint(間違えたとき)、
# lesson-<id>-done(正解のあと)。

lesson-shogi-king = あなたは下側の先手で、先に指します。玉(K)はどの方向にも一マス動けます。詰まされたら負けなので大切に。玉を印のついたマスへ動かしましょう。
lesson-shogi-king-hint = 玉を選び、隣の一マスへ動かします。
lesson-shogi-king-done = いいですね。次は戦う駒たちです。

lesson-shogi-rook = 飛車(飛, R)は縦横にどこまでも進めます。駒を飛び越えることはできず、5dの歩で止まります。飛車を動かしましょう。
lesson-shogi-rook-hint = 縦横のみ。5dの歩は越えられません。
lesson-shogi-rook-done = 飛車は一番強い駒。上手に使いましょう。

lesson-shogi-bishop = 角行(角, B)は斜めにどこまでも進めます。8dと2dの自分の歩で止まります。角を動かしましょう。
lesson-shogi-bishop-hint = 斜めのみ。自分の歩の手前で止まります。
lesson-shogi-bishop-done = 飛車と角は「大駒」と呼ばれます。

lesson-shogi-gold = 金将(金, G)は一マスずつ、前・斜め前・横・真後ろに動けます。斜め後ろには行けません。金を動かしましょう。
lesson-shogi-gold-hint = 斜め後ろ以外の六マスです。
lesson-shogi-gold-done = 金は玉を守る頼もしい駒です。

lesson-shogi-silver = 銀将(銀, S)は一マスずつ、前と斜め四方向に動けます。横と真後ろには行けません。銀を動かしましょう。
lesson-shogi-silver-hint = 前と斜めの五マスです。
lesson-shogi-silver-done = 銀は金が行けない斜め後ろへ下がれます。

lesson-shogi-knight = 桂馬(桂, N)は二つ前の左右どちらかへ跳びます。前にしか進めませんが、駒を飛び越せる唯一の駒です。歩を跳び越えましょう。
lesson-shogi-knight-hint = 二つ前の一つ横へ。歩は邪魔になりません。
lesson-shogi-knight-done = ナイスジャンプ!桂馬は後ろに戻れません。

lesson-shogi-lance = 香車(香, L)はまっすぐ前にどこまでも進めます。横や後ろには行けません。9dの歩で止まります。香車を動かしましょう。
lesson-shogi-lance-hint = 筋をまっすぐ前へ、歩の手前まで。
lesson-shogi-lance-done = 香車は空いた筋で力を発揮します。

lesson-shogi-pawn = 歩兵(歩, P)はまっすぐ前に一マス進みます。駒を取るときも同じ動きです(チェスとは違います)。歩を動かしましょう。
lesson-shogi-pawn-hint = まっすぐ前へ一マスです。
lesson-shogi-pawn-done = これで八種類の駒をすべて覚えました。

lesson-shogi-capture = 相手の駒があるマスへ動くと、その駒を取れます。相手の駒は下向き(vの印、または小文字)です。飛車で2dの角を取りましょう。
lesson-shogi-capture-hint = 飛車を筋に沿って2dへ進めます。
lesson-shogi-capture-done = 取りました!角は消えずに持ち駒になります。

lesson-shogi-drop = 取った駒は持ち駒になり、自分の駒として使えます。手番で、駒を動かす代わりに空いたマスへ打てます(Tabで持ち駒を選択)。角を5eに打って、飛車と金の両取りをかけましょう。
lesson-shogi-drop-hint = Tabで持ち駒の角を選び、5eへ打ちます。
lesson-shogi-drop-done = 両取り!打った駒はどこでも働きます。

lesson-shogi-nifu = 打つときにも決まりがあります。二歩:成っていない自分の歩がある筋には、歩を打てません(と金は数えません)。一番奥の段にも打てません。空いているのは5筋だけ。歩を打ちましょう。
lesson-shogi-nifu-hint = 自分の歩がないのは5筋だけです。
lesson-shogi-nifu-done = その通り。二歩は反則です。

lesson-shogi-promote = 奥の三段(a〜c)が敵陣です。敵陣に入る・敵陣の中で動く・敵陣から出る手で、駒は成れます(裏返る)。成った銀・桂・香・歩は金と同じ動きです。銀を敵陣に進めて成りましょう(y)。
lesson-shogi-promote-hint = c段へ進めて、yで成ります。
lesson-shogi-promote-done = 成るかは自由。玉と金は成りません。

lesson-shogi-dragon = 飛車が成ると竜王(龍, +R):飛車の動きに斜め一マスが加わります。角が成ると竜馬(馬, +B):角の動きに縦横一マスが加わります。龍を動かしましょう。
lesson-shogi-dragon-hint = 飛車の動きか、斜めに一マスです。
lesson-shogi-dragon-done = 龍と馬は盤上で最強の駒です。

lesson-shogi-forced = もう動けなくなる駒は必ず成ります:一番奥の段の歩と香、奥の二段の桂。この桂はb段にしか跳べないので、どの手も成りになります。桂を動かしましょう。
lesson-shogi-forced-hint = 4bか2bへ。そこでは必ず成ります。
lesson-shogi-forced-done = 選べません。a段・b段の桂は必ず成ります。

lesson-shogi-check = 相手の玉を攻撃する手を王手といいます。金で王手をかけましょう。
lesson-shogi-check-hint = 5aの玉に金が利くマスへ動かします。
lesson-shogi-check-done = 王手!相手はすぐに受けなければなりません。

lesson-shogi-escape = 5bの飛車が王手をかけています。王手は必ず受けます:玉が逃げる、間に駒を入れる(合駒)、王手の駒を取る。ここではどの合法手もそのどれかです。王手を受けましょう。
lesson-shogi-escape-hint = 王手を解除する手しか指せません。
lesson-shogi-escape-done = 無事です!角で飛車を取るのが最善でした。

lesson-shogi-mate = 王手をかけられて、玉が逃げられず、合駒も、王手の駒を取ることもできない状態が詰みです。詰ませれば勝ち。一手で詰ませましょう。
lesson-shogi-mate-hint = 金が1bと2bを押さえています。龍で王手を。
lesson-shogi-mate-done = 詰み!玉に逃げ場はありませんでした。

lesson-shogi-drop-mate = 持ち駒は詰ませるのに便利です。金を打って玉を詰ませましょう。
lesson-shogi-drop-mate-hint = 玉の真正面、歩が守っているマスです。
lesson-shogi-drop-mate-done = 頭金(あたまきん)、基本の詰みです。

lesson-shogi-uchifuzume = 打ち歩詰め:歩を打って詰ますのは反則です。1bに歩を打てば詰みですが、そこには打てません。歩を突いて詰ますのや、ほかの駒で詰ますのは大丈夫。別の手で詰ませましょう。
lesson-shogi-uchifuzume-hint = 1bに行けて、しかも守られる駒は?
lesson-shogi-uchifuzume-done = 詰み!1bへの歩打ちは打ち歩詰めでした。

lesson-shogi-sennichite = 千日手:同じ局面(盤・持ち駒・手番)が四回現れると引き分けです。ただし、その間ずっと王手をかけ続けていた側は負けになります(連続王手の千日手)。王手を続けるより詰ませましょう。金を打って詰みです。
lesson-shogi-sennichite-hint = 龍が守っているマスに金を打ちます。
lesson-shogi-sennichite-done = 詰み。王手の連続は負け、詰ませれば勝ち。

lesson-shogi-nyugyoku = 入玉:敵陣(a〜c段)に入った玉は詰ませにくくなります。玉が敵陣にいて王手されておらず、ほかの駒が敵陣に十枚以上、敵陣の駒と持ち駒で28点(後手は27点。飛角5点、他1点)あれば、手番でdを押して入玉宣言で勝てます。玉で5cの桂を取りましょう。
lesson-shogi-nyugyoku-hint = 5cの桂を取れるのは玉だけです。
lesson-shogi-nyugyoku-done = 入玉!29点あるので、次の手番にdで勝ち。
