#!/usr/bin/env python3
"""A complete banmen bot: plays random legal moves (docs/bots.md).

    random_bot.py HOST KEY [GAME [PORT]]   (or BANMEN_HOST, BANMEN_KEY,
                                            BANMEN_GAME, BANMEN_PORT)
"""
import json, os, random, subprocess, sys

arg = lambda i, env, default: sys.argv[i] if len(sys.argv) > i else os.environ.get(env, default)
host, key = arg(1, "BANMEN_HOST", "localhost"), arg(2, "BANMEN_KEY", "bot_key")
game, port = arg(3, "BANMEN_GAME", "shogi"), arg(4, "BANMEN_PORT", "2222")

# No terminal (-T), only this key, and no host key prompt: JSON lines both ways.
ssh = subprocess.Popen(
    ["ssh", "-T", "-p", port, "-i", key, "-o", "IdentitiesOnly=yes",
     "-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null", f"bot@{host}"],
    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

def send(**command):
    ssh.stdin.write(json.dumps(command) + "\n")
    ssh.stdin.flush()

for line in ssh.stdout:  # one event per line
    event = json.loads(line)
    print("<", line.strip()[:100], file=sys.stderr)
    if event["event"] in ("hello", "game_end"):  # look for a game (again)
        send(cmd="seek", game=game)
    elif event["event"] == "challenge":
        send(cmd="accept", challenge=event["challenge"])
    elif event["event"] == "your_turn":
        send(cmd="move", room=event["room"], move=random.choice(event["legal"]))
sys.exit(ssh.wait())
