# Exec commands (`ssh play@host CMD`, `ssh admin@host CMD`) and the SSH
# server's own words: see locales/en/exec.ftl.

## Usage lines, shown after a usage error.
exec-usage = 使い方: [--lang 言語] join コード | watch コード | resume コード | review 対局ID | export 対局ID [--format 形式]
exec-admin-usage = 管理コマンドの使い方: [--lang 言語] logs [--follow] [--room ID] [--game ID] [--since 時刻] [--json] | rooms [--json] | close 部屋 | stats [--json] | ratings rebuild | bots [list [--json]] | bots add 名前 公開鍵 | bots remove 名前

## Command lines that do not parse.
exec-not-utf8 = コマンドがUTF-8ではありません
exec-no-command = コマンドがありません。{ $usage }
exec-unknown-command = 不明なコマンドです: { $word }。{ $usage }
exec-bad-arguments = 引数が正しくありません。{ $usage }
exec-bad-export-arguments = export の引数が正しくありません。{ $usage }
exec-missing-value = { $flag } には値が必要です。{ $usage }
exec-unknown-logs-option = logs の不明なオプションです: { $option }。{ $usage }
exec-lang-missing = --lang には言語を指定してください: en、ja、pl、tl
exec-unknown-lang = --lang の言語 { $lang } は使えません。en（English）、ja（日本語）、pl（Polski）、tl（Tagalog）から選んでください

## Refusals.
exec-too-many-sessions = すでに{ $count }個のセッションを開いています。どれかを閉じてください
exec-needs-terminal = 端末が必要です: ssh -t を使ってください
exec-shell-needs-terminal = banmen には端末が必要です: ssh -t を使ってください
exec-not-admin = 管理コマンドには管理者の鍵が必要です。お使いの鍵は管理者の鍵ではありません
exec-too-many-commands = 1つの接続で実行できるコマンドの数を超えました
exec-bad-since = --since { $since }: 日時（2026-11-30T08:00:00Z）、日付、または経過時間（10m、2h）を指定してください
exec-journal-failed = ログの読み込みに失敗しました: { $detail }
exec-internal-error = 内部エラー: { $detail }

## `rooms`: see locales/en/exec.ftl.
exec-admin-no-rooms = 部屋はありません
exec-admin-room = { $room } { $moves_shown }手  { $seats }  観戦者 { $watchers }  最終 { $last }
exec-admin-phase-waiting = 待機中
exec-admin-phase-playing = 対局中
exec-admin-phase-finished = 終局

## `stats`: the hall's figures, one line each.
exec-admin-stats-connections = 接続 { $connections }（端末セッション { $sessions }）
exec-admin-stats-rooms = 部屋 { $rooms }（待機中 { $waiting }、対局中 { $playing }、終局 { $finished }）
exec-admin-stats-cpu = CPUスレッド { $threads }（探索中 { $busy }、探索待ち { $queued }）
exec-admin-stats-uptime = 稼働時間 { $uptime }
exec-admin-stats-node = ノード { $node }（うち { $owned } 室を担当）
exec-admin-uptime-minutes = { $minutes }分{ $seconds }秒
exec-admin-uptime-hours = { $hours }時間{ $minutes }分{ $seconds }秒
exec-admin-uptime-days = { $days }日{ $hours }時間{ $minutes }分

## The SSH server's own.
ssh-shutting-down = サーバーを停止しています。
ssh-auth-timeout = 認証に時間がかかりすぎました。
ssh-window-too-big = ウィンドウが{ $cols }×{ $rows }です。banmen が描けるのは{ $max_cols }×{ $max_rows }までです。ウィンドウを小さく（または文字を大きく）してください。
ssh-window-crowded = お使いのアドレスから開いている画面が、このサーバーが1つのアドレスに割り当てる範囲を使い切っています。どれかを閉じるか、このウィンドウを小さくしてください。
exec-import-refused = 取り込めません：{ $reason }
