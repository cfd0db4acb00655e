# 四人将棋のレッスン (src/learn/lessons/shogi4.toml)。各ステップに
# lesson-<id>(課題)、lesson-<id>-hint(間違えたとき)、
# lesson-<id>-done(正解のあと)。

lesson-shogi4-seats = 四人将棋は盤の四辺に一人ずつ座ります。南(赤)・西(青)・北(黄)・東(緑)。手番は時計回りで、南→西→北→東の順です。駒は各自、玉・飛車・金2・銀2・歩3。あなたは下の南です。好きな手を指しましょう。
lesson-shogi4-seats-hint = 自分の駒を選び、印のついたマスへ動かします。
lesson-shogi4-seats-done = いいですね。次は時計回りで西の番です。

lesson-shogi4-forward = このレッスンでは手番の人を操作し、盤はその人が下になるよう回ります。今度は西。駒の動きは将棋と同じで、「前」は向かいの席の方向です。西の先頭の歩(c5)を一つ前へ進めましょう。
lesson-shogi4-forward-hint = 歩はまっすぐ前(東の方向)へ一マス進みます。
lesson-shogi4-forward-done = 正解。西の「前」は東を向いています。

lesson-shogi4-silver = 銀は前と斜め四方へ一マス動けます。横と真後ろには動けません。銀を動かしましょう。
lesson-shogi4-silver-hint = まっすぐ前か、斜め四方のどれかです。
lesson-shogi4-silver-done = いいですね。銀は斜めにだけ下がれます。

lesson-shogi4-gold = 金は斜め後ろ以外の六方へ一マス動けます。玉は八方へ一マスです。金を動かしましょう。
lesson-shogi4-gold-hint = 隣のマスのうち、斜め後ろ以外です。
lesson-shogi4-gold-done = よくできました。金と玉は成りません。

lesson-shogi4-rook = 飛車は縦横にどこまでも進めますが、駒を飛び越えられません。玉は取られないので、玉のマスにはどの駒も入れません。飛車を動かしましょう。
lesson-shogi4-rook-hint = 上下左右、道が空いている所までです。
lesson-shogi4-rook-done = いいですね。飛車はいちばん強い駒です。

lesson-shogi4-capture = 相手の駒のマスへ動くとその駒を取れます。取った駒は成る前の駒に戻って持ち駒になります。飛車で北の金を取りましょう。
lesson-shogi4-capture-hint = 金は飛車の筋にいます。そこへ動きます。
lesson-shogi4-capture-done = 金が持ち駒になりました。

lesson-shogi4-drop = 駒を動かす代わりに、持ち駒を空いているマスに打てます。打った駒は元の持ち主に関係なく自分の向きになります。金を打ちましょう。
lesson-shogi4-drop-hint = 持ち駒の金を選び、空いたマスを選びます。
lesson-shogi4-drop-done = 将棋と同じく二歩と打ち歩詰めは禁止です。

lesson-shogi4-promote = 成れる範囲は、駒の向いている方向の奥三段です。あなたなら7〜9段目。飛車・銀・歩は、そこへ入る・中で動く・そこから出る手で成れます。銀を入れて成りましょう。
lesson-shogi4-promote-hint = 銀を7段目へ進め、「成る」を選びます。
lesson-shogi4-promote-done = 成銀は金と同じ動き。竜王は斜めにも一歩。

lesson-shogi4-check = 他の人の駒が玉を狙っている状態が王手です。飛車でどれかの玉に王手をかけましょう。
lesson-shogi4-check-hint = 間に駒のない筋に、玉と飛車を並べます。
lesson-shogi4-check-done = 王手！かけられた人は受けなければなりません。

lesson-shogi4-priority = 王手優先：王手をかけられた人は、順番に関係なくすぐに指します。南が北に王手をかけたので、北が今指し、西の番は飛ばされます(後で戻りません)。北の玉を王手から逃がしましょう。
lesson-shogi4-priority-hint = 北の玉を飛車の筋から外します。
lesson-shogi4-priority-done = 逃げました。北から時計回りに続き、次は東。

lesson-shogi4-double = 一手で二人に同時に王手をかけることもあります。飛車をe5へ。5段目の横筋で西と東の玉を両方狙います。
lesson-shogi4-double-hint = 飛車をまっすぐe5まで上げます。
lesson-shogi4-double-done = 二人に王手！どちらが先に受ける？

lesson-shogi4-double-answer = 王手が複数あるときは、指した人から時計回りでいちばん近い人が先に指します。南の次なので西です。西の玉を王手から逃がしましょう。
lesson-shogi4-double-answer-hint = 玉を5段目から外します。
lesson-shogi4-double-answer-done = 次は王手のままの東が北より先に指します。

lesson-shogi4-mate = 自分の番に指せる手がない人は詰みです。その玉は裏返されて障害物として残り、持ち駒と盤上の駒はすべて詰ませた人のものになります。金を打って北を詰ませましょう。
lesson-shogi4-mate-hint = 銀に守られた、北の玉の頭に金を打ちます。
lesson-shogi4-mate-done = 詰み！北は脱落、北の歩はあなたのものです。

lesson-shogi4-inherit = 詰ませて得た駒は向きがそのままです。この銀は北の駒だったので、今はあなたの駒でも北の向き(盤の下向き)に動きます。裏返った玉(X)は動かせず、取れず、そのマスにも入れません。銀を動かしましょう。
lesson-shogi4-inherit-hint = この銀の「前」は下、あなたの方です。
lesson-shogi4-inherit-done = 正解。持ち主は変わっても向きは同じです。

lesson-shogi4-inhpromote = 成れる範囲は持ち主ではなく駒の向きで決まります。この歩は北の向きなので、1〜3段目で成れます。前へ進めて成りましょう。
lesson-shogi4-inhpromote-hint = 歩をe3へ下げ、「成る」を選びます。
lesson-shogi4-inhpromote-done = と金になりました。向きは北のままです。

lesson-shogi4-nomove = 王手でなくても、自分の番に指せる手がなければ詰みです。西は玉だけです。王手をかけずに、残った逃げ場をふさぎましょう。
lesson-shogi4-nomove-hint = a4とb4が空いています。飛車で4段目をふさぎます。
lesson-shogi4-nomove-done = 西は動けず詰み。あなたの詰みです。

lesson-shogi4-end = 二人目が詰んだら対局終了。先に詰んだ人が4位、後が3位です。残る二人は、詰ませた数、次に駒数(盤上・持ち駒・詰ませた相手の玉)、最後に詰ませたのが後の人の順で上位です。東を詰ませて終わりにしましょう。
lesson-shogi4-end-hint = 飛車に守られた、東の玉の頭に金を打ちます。
lesson-shogi4-end-done = 終局！二人詰ませて1位です。CPUと対局しよう。
