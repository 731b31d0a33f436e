"""A 6-seat Hungry Meow table at 1920x1080: peak memory over a whole game, and what its busiest
frames (the deal) cost next to a bare pygame-ce loop (a benchmark, not a test; issue 11).

- peak RSS: VmHWM of the process after a whole all-bot game drawn every frame (SDL dummy driver,
  so the figure is the game's own, not an X server's).
- deal frames: ``app.step(1/60)`` + ``flip`` during the first seconds of the game, against a bare
  loop that blits the background and 60 rotated card sprites per frame, the two measured in
  alternating blocks in the same process so machine load hits both alike. Median ms of each and
  their ratio.

    python bench/table_memory.py [--size 1920x1080] [--frames 6000]
"""
from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from game.art.cache import ART  # noqa: E402
from game.art.cards_hungry_meow import card_face  # noqa: E402
from game.play.session import GameSession, Seat  # noqa: E402
from game.rules.hungry_meow_cards import NUMBERED  # noqa: E402
from game.runtime.app import App  # noqa: E402
from scenes.hungry_meow.table import HungryMeowTable  # noqa: E402


def rss_mib() -> tuple[float, float]:
    now = peak = 0.0
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            now = int(line.split()[1]) / 1024
        elif line.startswith("VmHWM:"):
            peak = int(line.split()[1]) / 1024
    return now, peak


def six_seat_table(app: App, seed: int) -> HungryMeowTable:
    coats = ("tabby", "calico", "tuxedo", "siamese", "black", "ginger")
    names = ("Mochi", "Tofu", "Boba", "Yuzu", "Miso", "Kiki")
    seats = [Seat(n, "bot", "heuristic", c) for n, c in zip(names, coats, strict=True)]
    return HungryMeowTable(app, GameSession("hungry-meow", seats, seed, {}, {}, []), attract=True)


def bare_loop(app: App, frames: int, state: dict) -> list[float]:
    """Background + 60 rotated card sprites a frame, as a plain pygame-ce program would draw."""
    if not state:
        width = app.s(150)
        cards = [card_face(card, width) for card in NUMBERED[:20]]
        state["bg"] = app.screen.copy()
        state["sprites"] = [pygame.transform.rotate(cards[i % len(cards)], (i * 37) % 360)
                            for i in range(60)]
    out = []
    w, h = app.screen.get_size()
    for f in range(frames):
        t0 = time.perf_counter()
        app.screen.blit(state["bg"], (0, 0))
        for i, sprite in enumerate(state["sprites"]):
            x = (i * 173 + f * 7) % (w - sprite.get_width())
            y = (i * 97 + f * 3) % (h - sprite.get_height())
            app.screen.blit(sprite, (x, y))
        pygame.display.flip()
        out.append(time.perf_counter() - t0)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1920x1080")
    ap.add_argument("--frames", type=int, default=6000, help="most frames of the whole-game run")
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    home = tempfile.mkdtemp(prefix="meowcade-tablemem-")
    app = App(size=size, home=home, audio=False, lang="en")
    print(f"driver {pygame.display.get_driver()}, {size[0]}x{size[1]}, "
          f"RSS after start {rss_mib()[0]:.1f} MiB")

    # deal frames against the bare loop, in alternating blocks of 20 frames
    table = six_seat_table(app, args.seed)
    app.stack.push(table)
    app.stack.apply_pending()
    for _ in range(10):                      # warm-up: first rasterisation of the art
        app.step(1 / 60, ())
    gc.freeze()
    game_ms: list[float] = []
    bare_ms: list[float] = []
    bare_state: dict = {}
    for _ in range(8):
        for _ in range(20):
            t0 = time.perf_counter()
            app.step(1 / 60, ())
            pygame.display.flip()
            game_ms.append(time.perf_counter() - t0)
        app.screen.fill((0, 0, 0))
        bare_ms.extend(bare_loop(app, 20, bare_state))
    game_med = 1000 * statistics.median(game_ms)
    bare_med = 1000 * statistics.median(bare_ms)
    print(f"deal frames: table median {game_med:.2f} ms, bare loop of 60 rotated sprites "
          f"{bare_med:.2f} ms, ratio {game_med / bare_med:.2f}x")

    # the rest of the game, every frame drawn
    frames = 0
    while frames < args.frames and not table.match.game.over:
        app.step(1 / 60, ())
        frames += 1
    now, peak = rss_mib()
    print(f"whole game: {frames} frames, game over {table.match.game.over}, RSS now {now:.1f} MiB, "
          f"peak {peak:.1f} MiB, cached art {ART.total / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
