#!/usr/bin/env python3
"""Text captures of the lobby and a game in each language, as a player
sees them through OpenSSH: writes docs/screenshots.md.

    cargo build --release && python3 scripts/screenshots.py [BINARY]

Starts the server in a temporary directory on a free port, then for each
language connects with `LANG=<locale> ssh -o SendEnv=LANG` inside tmux at
80x24 (the server's locale decides, nothing else is set), captures the
lobby, starts a game against the CPU, plays one move and captures the
game. Needs ssh, ssh-keygen and tmux.
"""
import os, re, socket, subprocess, sys, tempfile, time, uuid

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "target/release/banmen")
LOCALES = [("en", "en_US.UTF-8", "English"), ("ja", "ja_JP.UTF-8", "日本語"),
           ("pl", "pl_PL.UTF-8", "Polski"), ("tl", "tl_PH.UTF-8", "Tagalog")]
SSH = ["-o", "StrictHostKeyChecking=no", "-o", "UserKnownHostsFile=/dev/null",
       "-o", "LogLevel=ERROR", "-o", "SendEnv=LANG"]
# tmux reads UTF-8 by LANG; the client's locale is set per session below
# (Debian's ssh_config sends LC_* too, and LC_ALL would win over LANG).
ENV = {k: v for k, v in os.environ.items() if not k.startswith("LC_")}
ENV["LANG"] = "C.UTF-8"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tmux(*args):
    return subprocess.run(["tmux", *args], capture_output=True, text=True, env=ENV).stdout


class Term:
    def __init__(self, port, user, key, locale):
        self.name = "shots-" + uuid.uuid4().hex[:8]
        ssh = " ".join(["ssh", "-tt", "-p", str(port), *SSH, "-i", key, f"{user}@127.0.0.1"])
        tmux("-u", "new-session", "-d", "-s", self.name, "-x", "80", "-y", "24",
             f"env LANG={locale} {ssh}")

    def keys(self, *keys):
        for k in keys:
            tmux("send-keys", "-t", self.name, k)
            time.sleep(0.4)

    def screen(self):
        return tmux("capture-pane", "-p", "-t", self.name)

    def wait(self, pattern, timeout=15):
        deadline = time.time() + timeout
        while time.time() < deadline:
            text = self.screen()
            if re.search(pattern, text):
                return text
            time.sleep(0.2)
        raise SystemExit(f"{pattern!r} not shown:\n{self.screen()}")

    def close(self):
        tmux("kill-session", "-t", self.name)


def main():
    work = tempfile.mkdtemp()
    port = free_port()
    server = subprocess.Popen([BINARY, "--listen", "127.0.0.1", "--port", str(port)],
                              cwd=work, stderr=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    try:
        time.sleep(2)
        def new_key(name):
            path = os.path.join(work, name)
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", path],
                           check=True)
            return path
        host = Term(port, "bob", new_key("bob"), "en_US.UTF-8")
        host.wait("banmen")
        host.keys("c", "c")  # bob opens a public room: the lobbies list it
        out = ["# Screenshots", "",
               "The lobby and a game against the CPU in each language, captured from",
               "OpenSSH in an 80×24 terminal: `LANG=<locale> ssh -o SendEnv=LANG -p 2222",
               "alice@host`, nothing else set. Regenerate with",
               "`python3 scripts/screenshots.py` (needs ssh and tmux).", ""]
        for code, locale, name in LOCALES:
            # A key each: a player with a game going on would land in it.
            term = Term(port, "alice", new_key(f"alice-{code}"), locale)
            lobby = term.wait(r"bob")
            term.keys("v", "c")  # vs computer, default settings
            term.wait(r"[☗☖]|[0-9] +[0-9] +[0-9]")
            term.keys("Enter", "Up", "Enter")  # sente plays the pawn in front
            time.sleep(2)
            game = term.screen()
            term.keys("Escape")
            time.sleep(0.5)
            term.keys("y")
            term.close()
            out += [f"## {name} (`LANG={locale}`)", "", "```text", lobby.rstrip("\n"), "```", "",
                    "```text", game.rstrip("\n"), "```", ""]
        host.close()
        with open(os.path.join(ROOT, "docs/screenshots.md"), "w") as f:
            f.write("\n".join(out))
    finally:
        server.terminate()
        server.wait()


main()
