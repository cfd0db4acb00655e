#!/usr/bin/env python3
"""Plays two four-player chess engines against each other in teams and
prints W/D/L with a score and its margin.

    scripts/match4.py --games 40 --time 1
    scripts/match4.py --b 'path/to/4pchess/cli' --games 40 --time 0.25
    scripts/match4.py --a 'old/banmen engine --game chess4' --a-option Level=5

Both engines speak the four-player UCI dialect (docs/engine.md): `position
startpos|fen FEN4 moves ...`, `go movetime N` or `go rtime ... gtime ...`,
`bestmove`. Each engine process plays both seats of its team. Engine A is
banmen at level 5 unless `--a` says otherwise; engine B is banmen at level
4 unless `--b` names another engine (the reference four-player engine's
`cli`, an older banmen build, ...). The teams swap every game: A is Red and
Yellow in odd-numbered games, Blue and Green in even ones.

The referee is `banmen engine --game chess4` at level 1 with teams rules
(the game ends at the first checkmate or king capture; stalemate and
repetition as docs/rules.md says): after each move it is sent the position,
an `info string error` means the move was illegal (the mover's team
loses), and `go depth 1` answers `info string game over: red and yellow
win by ...` once the game has ended. A team whose engine dies or does not
answer in time loses; the game is drawn at the ply cap.

Openings: `--openings FILE` holds one start a line (`#` comments): a FEN4,
`moves ...` played from the standard start, or `startpos` for the start
itself (scripts/openings4.txt has ten balanced ones, and
scripts/openings4-more.txt the start and nine more). Games cycle through
them, each played twice so both teams get each side; the referee checks
them first. Each game's PGN4 is appended to `--records FILE`. Standard library only; it
shares the process plumbing of scripts/match.py.
"""

import argparse
import math
import os
import shlex
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import EngineDied, UsiPlayer, default_banmen, log  # noqa: E402

SEATS = ["red", "blue", "yellow", "green"]
LETTERS = "rbyg"


class Engine(UsiPlayer):
    """One UCI-dialect engine process, playing every seat it is asked."""

    HELLO, HELLO_OK, NEW_GAME = "uci", "uciok", "ucinewgame"

    def best_move(self, position, go, wait):
        """The move after `bestmove`, or None when none came within `wait`."""
        self.p.send(position)
        self.p.send(go)
        lines = self.p.until(lambda l: l.startswith("bestmove"), wait)
        if lines is None:
            self.p.send("stop")
            lines = self.p.until(lambda l: l.startswith("bestmove"), 2)
        if lines is None:
            return None
        words = lines[-1].split()
        return words[1] if len(words) > 1 else None


class Referee:
    """banmen's own rules, asked after each move."""

    def __init__(self, banmen):
        self.engine = Engine("referee", [banmen, "engine", "--game", "chess4",
                                         "--level", "1"], [("Type", "teams")])

    def judge(self, position):
        """`(legal, over)`: whether the last move was legal, and the game
        over line's text when the game has ended."""
        proc = self.engine.p
        proc.send(position)
        proc.send("isready")
        lines = proc.until(lambda l: l == "readyok", 10) or []
        if any(l.startswith("info string error") for l in lines):
            return False, None
        proc.send("go depth 1")
        lines = proc.until(lambda l: l.startswith("bestmove"), 30) or []
        for line in lines:
            if line.startswith("info string game over: "):
                return True, line[len("info string game over: "):]
        return True, None

    def close(self):
        self.engine.close()


def winning_team(text):
    """0 (Red and Yellow), 1 (Blue and Green) or None (a draw) from the
    referee's `... win by ...` text."""
    if text.startswith("draw"):
        return None
    who = text.split(" win")[0].lower()
    return 0 if "red" in who or "yellow" in who else 1


def go_line(args, clocks, seat):
    """`go movetime` for a time per move, else every seat's clock."""
    if args.game_time is None:
        return f"go movetime {int(args.time * 1000)}"
    parts = [f"{LETTERS[s]}time {int(clocks[s] * 1000)}" for s in range(4)]
    inc = int(args.increment * 1000)
    if inc:
        parts += [f"{LETTERS[s]}inc {inc}" for s in range(4)]
    return "go " + " ".join(parts)


def head_and_moves(start):
    """The `position` head and the opening moves of a start line."""
    if start is None:
        return "position startpos", []
    if start.startswith("moves "):
        return "position startpos", start.split()[1:]
    return f"position fen {start}", []


def play_game(engines, referee, start, args):
    """One game; `engines[t]` plays team t (0: Red and Yellow). Returns
    (winning team or None, reason, moves)."""
    head, moves = head_and_moves(start)
    clocks = [args.game_time or 0.0] * 4
    for e in engines:
        e.new_game()
    for ply in range(len(moves), args.max_plies):
        seat = ply % 4
        team = seat % 2
        position = head + (" moves " + " ".join(moves) if moves else "")
        wait = (args.time if args.game_time is None else clocks[seat]) * 3 + 2
        began = time.monotonic()
        try:
            move = engines[team].best_move(position, go_line(args, clocks, seat), wait)
        except EngineDied as e:
            return 1 - team, f"{SEATS[seat]}'s engine died ({e})", moves
        used = time.monotonic() - began
        if args.game_time is not None:
            clocks[seat] -= used - args.increment
            if clocks[seat] < 0:
                return 1 - team, f"{SEATS[seat]} lost on time", moves
        if move is None or move in ("(none)", "0000"):
            return 1 - team, f"{SEATS[seat]} gave no move", moves
        moves.append(move)
        legal, over = referee.judge(head + " moves " + " ".join(moves))
        if not legal:
            return 1 - team, f"{SEATS[seat]} played an illegal move {move}", moves[:-1]
        if over is not None:
            return winning_team(over), over, moves
    return None, f"draw at the ply cap ({args.max_plies})", moves


def pgn4(start, moves, names, result):
    """A PGN4 record: tags, then four moves a round joined by `..` (the
    opening's moves included)."""
    tags = [("Variant", "Teams"), ("Red", names[0]), ("Blue", names[1]),
            ("Yellow", names[0]), ("Green", names[1]), ("Result", result)]
    if start is not None and not start.startswith("moves "):
        tags.append(("StartFen4", start))
    out = [f'[{k} "{v}"]' for k, v in tags]
    rounds = [moves[i:i + 4] for i in range(0, len(moves), 4)]
    body = [f"{n + 1}. " + " .. ".join(r) for n, r in enumerate(rounds)]
    return "\n".join(out) + "\n\n" + "\n".join(body) + "\n\n"


def read_openings(path, referee):
    """The start lines of `path` that the referee accepts and that leave
    a game to play; None stands for the standard start (without a file,
    or for a `startpos` line)."""
    if not path:
        return [None]
    with open(path) as f:
        lines = [l.strip() for l in f]
    found = []
    for line in (l for l in lines if l and not l.startswith("#")):
        start = None if line == "startpos" else line
        head, moves = head_and_moves(start)
        legal, over = referee.judge(head + (" moves " + " ".join(moves) if moves else ""))
        if legal and over is None:
            found.append(start)
        else:
            log(f"match4: opening left out ({over or 'illegal'}): {line}")
    return found or [None]


def margin(results):
    """The score in % and two standard errors of it, from per-game points."""
    n = len(results)
    if n == 0:
        return 0.0, 0.0
    mean = sum(results) / n
    var = sum((r - mean) ** 2 for r in results) / max(n - 1, 1)
    return 100 * mean, 200 * math.sqrt(var / n)


def parse_options(pairs):
    out = []
    for pair in pairs or []:
        key, _, value = pair.partition("=")
        out.append((key, value))
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--banmen", default=default_banmen(),
                    help="the banmen binary, engine and referee (target/release/banmen)")
    ap.add_argument("--a", help="engine A's command line (banmen level 5)")
    ap.add_argument("--b", help="engine B's command line (banmen level 4)")
    ap.add_argument("--a-option", action="append", metavar="NAME=VALUE",
                    help="a setoption for engine A (repeatable)")
    ap.add_argument("--b-option", action="append", metavar="NAME=VALUE",
                    help="a setoption for engine B (repeatable)")
    ap.add_argument("--games", type=int, default=2, help="games to play (2)")
    ap.add_argument("--time", type=float, default=1.0,
                    help="seconds per move for every seat (1)")
    ap.add_argument("--game-time", type=float,
                    help="seconds per seat for the whole game instead (go rtime ...)")
    ap.add_argument("--increment", type=float, default=0.0,
                    help="with --game-time: seconds added after each move")
    ap.add_argument("--openings", help="a file of FEN4 start positions, one a line")
    ap.add_argument("--max-plies", type=int, default=800,
                    help="plies before a draw is adjudicated (800)")
    ap.add_argument("--records", help="append each game's PGN4 to this file")
    args = ap.parse_args()

    if not os.access(args.banmen, os.X_OK):
        sys.exit(f"match4: no banmen binary at {args.banmen} (cargo build --release?)")
    banmen = [args.banmen, "engine", "--game", "chess4"]
    a_argv = shlex.split(args.a) if args.a else banmen + ["--level", "5"]
    b_argv = shlex.split(args.b) if args.b else banmen + ["--level", "4"]
    a_name = args.a or "banmen level 5"
    b_name = args.b or "banmen level 4"
    engines = [Engine("A", a_argv, parse_options(args.a_option)),
               Engine("B", b_argv, parse_options(args.b_option))]
    referee = Referee(args.banmen)
    openings = read_openings(args.openings, referee)

    pace = (f"{args.time:g} s per move" if args.game_time is None
            else f"{args.game_time:g} s + {args.increment:g} s per seat")
    print(f"A: {a_name} vs B: {b_name}, teams, {args.games} games, {pace}", flush=True)
    points = []
    tally = {"W": 0, "D": 0, "L": 0}
    try:
        for g in range(args.games):
            a_team = g % 2
            order = [engines[0], engines[1]] if a_team == 0 else [engines[1], engines[0]]
            names = [a_name, b_name] if a_team == 0 else [b_name, a_name]
            start = openings[(g // 2) % len(openings)]
            began = time.monotonic()
            winner, reason, moves = play_game(order, referee, start, args)
            if winner is None:
                mark, point = "1/2-1/2", 0.5
            else:
                mark = "1-0" if winner == 0 else "0-1"
                point = 1.0 if winner == a_team else 0.0
            points.append(point)
            tally["W" if point == 1 else "L" if point == 0 else "D"] += 1
            side = "Red+Yellow" if a_team == 0 else "Blue+Green"
            print(f"game {g + 1}: A as {side} {mark}: {reason}, {len(moves)} plies, "
                  f"{time.monotonic() - began:.0f} s", flush=True)
            if args.records:
                with open(args.records, "a") as f:
                    f.write(pgn4(start, moves, names, mark))
    finally:
        for e in engines + [referee]:
            e.close()

    score, plus_minus = margin(points)
    print()
    print(f"{'':20} {'W':>3} {'D':>3} {'L':>3}  score")
    print(f"{'A: ' + a_name[:17]:20} {tally['W']:>3} {tally['D']:>3} {tally['L']:>3}  "
          f"{score:.1f}% ± {plus_minus:.1f}")


if __name__ == "__main__":
    main()
