#!/usr/bin/env python3
"""Plays `banmen usi` against a real shogi engine and prints W/D/L.

    scripts/match.py --opponent fairy-stockfish --elo 1500 --games 4 --time 1
    scripts/match.py --opponent gnushogi --games 2 --time 1

Opponents (Debian packages, installed with apt-get when missing):
  fairy-stockfish  USI, `UCI_Variant shogi`, strength limited with
                   `UCI_LimitStrength true` and `UCI_Elo N` (1350..2850).
  gnushogi         its xshogi protocol (plain `gnushogi`; time set with
                   `level 1 0:SS`): it reads moves in USI notation and
                   prints its own as `N. ... 7g7f`.
  usi              any USI engine, `--engine 'CMD ARGS'` (e.g. an older
                   banmen build, to measure a change).

Colors alternate: banmen is sente in odd games. With `--openings FILE`
(USI moves from the start, one opening a line; scripts/openings2.txt has
ten) each opening is played twice, once with each color. Both sides get T seconds per
move (USI engines as `go btime 0 wtime 0 byoyomi T`; gnushogi's per-move
time is whole seconds, at least 1).

The referee is a second `banmen usi` at level 1: after each move it is sent
`position startpos moves ...`; an `info string error` means the move was
illegal (the mover loses), and `go` answers `info string game over: ...`
once the game has ended (mate, repetition, perpetual check). A game also
ends when an engine resigns, declares a win (`bestmove win`, scored as
claimed, unchecked), dies, or does not answer in time; it is drawn at the
ply cap. Standard library only.
"""

import argparse
import os
import queue
import re
import shutil
import subprocess
import sys
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def log(msg):
    print(msg, file=sys.stderr, flush=True)


# --- installing the opponents -------------------------------------------------

_updated = False


def find_binary(name):
    """The path of `name` on PATH or in /usr/games (Debian puts games there)."""
    found = shutil.which(name)
    if found:
        return found
    path = os.path.join("/usr/games", name)
    return path if os.access(path, os.X_OK) else None


def ensure_installed(package, binary):
    """The binary's path, installing the Debian package first if needed."""
    global _updated
    path = find_binary(binary)
    if path:
        return path
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    if not _updated:
        log("apt-get update")
        subprocess.run(sudo + ["apt-get", "update"], check=True, env=env,
                       stdout=subprocess.DEVNULL)
        _updated = True
    log(f"apt-get install {package}")
    subprocess.run(sudo + ["apt-get", "install", "-y", package], check=True,
                   env=env, stdout=subprocess.DEVNULL)
    path = find_binary(binary)
    if not path:
        sys.exit(f"match: {package} installed but no {binary} found")
    return path


# --- talking to engines -------------------------------------------------------


class EngineDied(Exception):
    pass


class Process:
    """A child process with line input and a reader thread for its output."""

    def __init__(self, argv, name):
        self.name = name
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, line):
        try:
            self.proc.stdin.write(line + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EngineDied(f"{self.name}: {e}") from e

    def next_line(self, deadline):
        """The next output line, or None when the deadline passes."""
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        try:
            line = self.lines.get(timeout=left)
        except queue.Empty:
            return None
        if line is None:
            raise EngineDied(f"{self.name} exited")
        return line

    def until(self, test, timeout):
        """Lines up to the first for which test(line) holds; None on timeout."""
        deadline = time.monotonic() + timeout
        seen = []
        while True:
            line = self.next_line(deadline)
            if line is None:
                return None
            seen.append(line)
            if test(line):
                return seen

    def close(self):
        try:
            self.send("quit")
        except EngineDied:
            pass
        try:
            self.proc.wait(timeout=3)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class UsiPlayer:
    """A USI engine: one process for the whole match. The protocol's words
    are class attributes, so that scripts/match4.py's engines of the
    four-player UCI dialect share the handshake."""

    HELLO, HELLO_OK, NEW_GAME = "usi", "usiok", "usinewgame"

    def __init__(self, name, argv, options):
        self.name = name
        self.p = Process(argv, name)
        self.p.send(self.HELLO)
        if self.p.until(lambda l: l == self.HELLO_OK, 10) is None:
            raise EngineDied(f"{name}: no {self.HELLO_OK}")
        for key, value in options:
            self.p.send(f"setoption name {key} value {value}")
        self.ready()

    def ready(self):
        self.p.send("isready")
        if self.p.until(lambda l: l == "readyok", 30) is None:
            raise EngineDied(f"{self.name}: no readyok")

    def new_game(self, color=None):
        self.p.send(self.NEW_GAME)
        self.ready()

    def move(self, moves, seconds):
        """The engine's move after `moves`, `resign`, `win`, or None (time)."""
        pos = "position startpos" + (" moves " + " ".join(moves) if moves else "")
        self.p.send(pos)
        ms = int(seconds * 1000)
        self.p.send(f"go btime 0 wtime 0 byoyomi {ms}")
        lines = self.p.until(lambda l: l.startswith("bestmove"), seconds + 10)
        if lines is None:
            self.p.send("stop")
            self.p.until(lambda l: l.startswith("bestmove"), 5)
            return None
        words = lines[-1].split()
        return words[1] if len(words) > 1 else "resign"

    def end_game(self):
        self.p.send("gameover")

    def close(self):
        self.p.close()


MOVE_RE = re.compile(r"^\d+\.\s+\.\.\.\s+(\S+)")


class GnuShogiPlayer:
    """GNU Shogi in its xshogi mode, a fresh process per game: it takes our
    moves as `7g7f` / `P*5e` / `2b3c+` lines, echoes them as `N. 7g7f T`,
    and prints its own as `N. ... 3c3d T`; `go` makes it move first. Its
    verdicts: `Resigns`, `White mates!`, `Drawn game!`, `Illegal move ...`."""

    def __init__(self, path, seconds):
        self.name = "gnushogi"
        self.path = path
        self.seconds = max(1, round(seconds))
        self.p = None
        self.sent = 0

    def new_game(self, color):
        if self.p:
            self.p.close()
        self.p = Process([self.path], "gnushogi")
        # Its command-line time is ignored in xshogi mode: `level MOVES
        # MIN:SEC` sets one move per T seconds (unused time carries over).
        self.p.send(f"level 1 {self.seconds // 60}:{self.seconds % 60:02d}")
        self.sent = 0

    def move(self, moves, seconds):
        if not moves:
            self.p.send("go")
        for mv in moves[self.sent:]:
            self.p.send(mv)
        self.sent = len(moves) + 1

        def done(line):
            return bool(MOVE_RE.match(line)) or "esign" in line or \
                "Illegal" in line or "Drawn" in line or "mates!" in line

        lines = self.p.until(done, self.seconds * 5 + 10)
        if lines is None:
            return None
        last = lines[-1]
        m = MOVE_RE.match(last)
        if m:
            return m.group(1)
        if "Illegal" in last:
            raise EngineDied(f"gnushogi refused a move: {last}")
        if "Drawn" in last:
            return "draw"
        return "resign"

    def end_game(self):
        pass

    def close(self):
        if self.p:
            self.p.close()


class Referee:
    """`banmen usi --level 1` used for its rules: legality and game ends."""

    def __init__(self, banmen):
        self.p = Process([banmen, "usi", "--level", "1"], "referee")

    def judge(self, moves):
        """None while the game goes on; else ("illegal", text) or
        ("over", "sente wins by checkmate" / "draw by repetition" / ...)."""
        self.p.send("position startpos moves " + " ".join(moves))
        self.p.send("isready")
        lines = self.p.until(lambda l: l == "readyok", 30)
        if lines is None:
            raise EngineDied("referee: no readyok")
        for line in lines:
            if line.startswith("info string error:"):
                return ("illegal", line[len("info string error:"):].strip())
        self.p.send("go movetime 1")
        lines = self.p.until(lambda l: l.startswith("bestmove"), 30)
        if lines is None:
            raise EngineDied("referee: no bestmove")
        for line in lines:
            if line.startswith("info string game over:"):
                return ("over", line[len("info string game over:"):].strip())
        if lines[-1].split()[1:2] == ["resign"]:
            return ("over", "no legal move")
        return None

    def close(self):
        self.p.close()


# --- the match ----------------------------------------------------------------

SIDES = ("sente", "gote")


def play_game(players, referee, seconds, max_plies, opening=()):
    """Plays one game from the standard start after the `opening` moves;
    returns (winner index 0/1 or None, reason, moves)."""
    moves = list(opening)
    for i, player in enumerate(players):
        player.new_game(i)
    while True:
        side = len(moves) % 2
        other = 1 - side
        if len(moves) >= max_plies:
            return None, f"draw at the {max_plies}-ply cap", moves
        player = players[side]
        try:
            mv = player.move(moves, seconds)
        except EngineDied as e:
            return other, f"{SIDES[side]} failed: {e}", moves
        if mv is None:
            return other, f"{SIDES[side]} ({player.name}) did not answer in time", moves
        if mv == "resign":
            return other, f"{SIDES[side]} resigned", moves
        if mv == "draw":
            return None, f"{SIDES[side]} ({player.name}) declared a draw (unchecked)", moves
        if mv == "win":
            return side, f"{SIDES[side]} declared a win (unchecked)", moves
        moves.append(mv)
        verdict = referee.judge(moves)
        if verdict is None:
            continue
        kind, text = verdict
        if kind == "illegal":
            return other, f"{SIDES[side]} ({player.name}) played an illegal move: {text}", moves
        if text.startswith("sente wins"):
            return 0, text, moves
        if text.startswith("gote wins"):
            return 1, text, moves
        if text.startswith("draw"):
            return None, text, moves
        # "no legal move": the side now to move is stuck and loses.
        return side, text, moves


def read_openings(path, referee):
    """The openings of `path` (lists of USI moves), each checked by the
    referee; `[[]]` (the start alone) without a file."""
    if not path:
        return [[]]
    found = []
    with open(path) as f:
        for line in f:
            moves = line.split("#")[0].split()
            if not moves:
                continue
            if referee.judge(moves) is not None:
                sys.exit(f"match: the opening {' '.join(moves)} is illegal or over")
            found.append(moves)
    return found or [[]]


def default_banmen():
    target = os.environ.get("CARGO_TARGET_DIR") or os.path.join(REPO, "target")
    return os.path.join(target, "release", "banmen")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--opponent", choices=["fairy-stockfish", "gnushogi", "usi"],
                    default="fairy-stockfish")
    ap.add_argument("--engine", help="with --opponent usi: the USI engine's command "
                    "line (e.g. an older banmen: 'old/banmen usi')")
    ap.add_argument("--games", type=int, default=2, help="games to play (2)")
    ap.add_argument("--time", type=float, default=1.0,
                    help="seconds per move for both sides (1)")
    ap.add_argument("--elo", type=int, default=1500,
                    help="fairy-stockfish's UCI_Elo (1500; 1350..2850)")
    ap.add_argument("--level", type=int, default=5, help="banmen's level (5)")
    ap.add_argument("--banmen", default=default_banmen(),
                    help="the banmen binary (target/release/banmen)")
    ap.add_argument("--max-plies", type=int, default=256,
                    help="plies before a draw is adjudicated (256)")
    ap.add_argument("--records", help="append each game's USI record to this file")
    ap.add_argument("--openings", help="a file of openings, one a line: USI moves "
                    "from the start; each is played twice, once from each side "
                    "(USI opponents only)")
    args = ap.parse_args()

    if not os.access(args.banmen, os.X_OK):
        sys.exit(f"match: no banmen binary at {args.banmen} (cargo build --release?)")

    if args.opponent == "fairy-stockfish":
        path = ensure_installed("fairy-stockfish", "fairy-stockfish")
        opponent = UsiPlayer(
            f"fairy-stockfish@{args.elo}", [path],
            [("UCI_Variant", "shogi"), ("UCI_LimitStrength", "true"),
             ("UCI_Elo", args.elo)])
    elif args.opponent == "usi":
        if not args.engine:
            sys.exit("match: --opponent usi needs --engine CMD")
        opponent = UsiPlayer(args.engine, args.engine.split(), [])
    else:
        path = ensure_installed("gnushogi", "gnushogi")
        opponent = GnuShogiPlayer(path, args.time)
    banmen = UsiPlayer(f"banmen@{args.level}", [args.banmen, "usi"],
                       [("Level", args.level)])
    referee = Referee(args.banmen)
    openings = read_openings(args.openings, referee)
    if openings != [[]] and args.opponent == "gnushogi":
        sys.exit("match: --openings needs a USI opponent (gnushogi starts from the start)")

    print(f"banmen level {args.level} vs {opponent.name}, {args.games} games, "
          f"{args.time:g} s per move", flush=True)
    score = {"W": 0, "D": 0, "L": 0}
    try:
        for g in range(args.games):
            banmen_side = g % 2  # sente in odd-numbered games
            opening = openings[(g // 2) % len(openings)]
            players = [banmen, opponent] if banmen_side == 0 else [opponent, banmen]
            start = time.monotonic()
            winner, reason, moves = play_game(players, referee, args.time, args.max_plies,
                                              opening)
            if winner is None:
                result, mark = "D", "1/2-1/2"
            else:
                result = "W" if winner == banmen_side else "L"
                mark = "1-0" if winner == 0 else "0-1"
            score[result] += 1
            for p in players:
                p.end_game()
            print(f"game {g + 1}: {players[0].name} (sente) - {players[1].name} (gote) "
                  f"{mark}: {reason}, {len(moves)} plies, {time.monotonic() - start:.0f} s "
                  f"[banmen {result}]", flush=True)
            if args.records:
                with open(args.records, "a") as f:
                    f.write(f"# game {g + 1}: {players[0].name} - {players[1].name} "
                            f"{mark} ({reason})\n")
                    f.write("position startpos moves " + " ".join(moves) + "\n")
    finally:
        for p in (banmen, opponent, referee):
            p.close()

    n = sum(score.values())
    pct = 100.0 * (score["W"] + 0.5 * score["D"]) / n if n else 0.0
    print()
    print(f"{'':24} {'W':>3} {'D':>3} {'L':>3}  score")
    print(f"{'banmen level ' + str(args.level):24} {score['W']:>3} {score['D']:>3} "
          f"{score['L']:>3}  {pct:.1f}%")


if __name__ == "__main__":
    main()
