# ボット：登録（管理者）、対局の申し込み（ホスト）、ロビーの一覧。

error-bad-bot-name = ボット名は英数字・-・_ の1〜16文字（サーバー用は不可）：{ $name }は不可。
error-bot-exists = その名前か鍵のボットはすでに登録されています。
error-no-such-bot = ボット{ $name }は登録も接続もされていません。
error-bot-busy = { $name }は手がふさがっています。あとでもう一度どうぞ。
error-no-such-challenge = 申し込み{ $id }はありません。
status-bot-challenged = { $name }に{ $seat }で対局を申し込みました…
status-bot-declined = { $name }は申し込みを断りました。
status-bot-declined-because = { $name }は申し込みを断りました：{ $reason }
status-bot-no-answer = { $name }から返事がありませんでした。
exec-bot-bad-key = 公開鍵ではありません（{ $detail }）。authorized_keys の形式で指定してください：ssh-ed25519 AAAA… コメント
exec-bot-added = ボット{ $name }を登録しました（{ $fingerprint }）
exec-bot-removed = ボット{ $name }を削除しました
exec-bots-none = ボットはありません
exec-bot-line = { $name } { $fingerprint } 登録者 { $admin } 日時 { $time } 接続中: { $connected }
hint-bots = ボット
hint-challenge = 申し込む
title-bots = ボット
bots-none = 接続中のボットはいません。
bots-row = { $name }  { $games ->
    [0] 空き
   *[other] 対局中 { $games }
}
bots-about-lobby = Enter：対局を選んでボットに申し込みます。
bots-about-room = Enter：空いている最初の席をボットに頼みます。
help-bots = 接続中のボット：対局を申し込む
help-seat-bot = （ホスト、対局前）空いている席をボットに頼む
setup-bot-after = ボット補充
setup-bot-after-about = 公開部屋で、この時間待っても空いている席を接続中のボットに頼みます。
