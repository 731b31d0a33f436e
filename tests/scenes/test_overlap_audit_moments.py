"""The overlap audit of what comes and goes: sparks, the banners that say what happened (a Meal,
Death, "Tofu took your Loaf") and Zodiac's last-turn strip, in every table x seats x language x
window size (tests/scenes/test_overlap_audit.py audits the person's turn, which they are rarely
in).

Each table plays a seeded game (the person's moves drawn at random from the legal ones, the
computer cats' their own), at the speed a person plays, and every frame in which sparks, a
banner or the strip are on screen is drawn and audited:

- the frame's overlaps and cut words (``problems``, the turn audit's rules; the strip is a line
  of the prompt's panel, so ``line_problems`` keeps it inside it);
- no spark flies over the words of an overlay drawn under the sparks (a banner, a held line,
  the coach, the hint, a tooltip): sparks cross the table's pieces by design, never what a
  person is reading;
- sparks die out (the list is empty a second after the last burst), and none is made under
  "Reduce motion".
"""
from __future__ import annotations

import os
import random

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.play.session import GameSession, Seat  # noqa: E402
from game.runtime.app import App  # noqa: E402
from scenes.table.juice import READ  # noqa: E402
from scenes.tables import table_info  # noqa: E402
from tests.peek import engine_of  # noqa: E402
from tests.scenes.overlap_audit import problems  # noqa: E402
from tests.scenes.test_overlap_audit import LANGS, NAMES, SEATS, SIZES  # noqa: E402

DT = 1 / 30
FRAMES = 2400            # at most this many frames a game (80 s of play at normal speed)
AUDITED = 12             # frames audited per kind (sparks, banner, strip) a game, at most
EVERY = 3                # of the frames a thing shows, every EVERY-th is audited


@pytest.fixture(scope="module", params=SIZES, ids=["720p", "1080p"])
def app(request, tmp_path_factory):
    app = App(size=request.param, home=str(tmp_path_factory.mktemp("moments")), audio=False,
              speed="normal", lang="en")
    yield app
    app.stack.clear()
    app.shutdown()


def new_table(app, game: str, n: int, seed: int):
    seats = [Seat(name, "human" if i == 0 else "bot", "heuristic", coat)
             for i, (name, coat) in enumerate(NAMES[:n])]
    table = table_info(game).scene_class()(app, GameSession(game, seats, seed, {}, {}, []))
    app.stack.clear_to(table)
    return table


def on_screen(table) -> set[str]:
    """What comes and goes that shows in the frame just drawn."""
    shown = {d.name.split(":")[0] for d in table.boxes.items
             if d.layer == "fx" or d.name in ("prompt/last_turn",) or d.name.startswith("banner")}
    return {"sparks" if x == "sparks" else "strip" if x == "prompt/last_turn" else "banner" for x in shown}


def sparks_over_words(table, where: str) -> list[str]:
    """A spark over an overlay with words that was drawn before the sparks (so under them)."""
    items = table.boxes.items
    fx = next((i for i, d in enumerate(items) if d.layer == "fx"), None)
    if fx is None:
        return []
    under = [d for d in items[:fx] if d.layer == "overlay" and d.name.split(":")[0] in READ]
    out = []
    for dot in table.juice.shown:
        out += [f"{where}: a spark at {dot.center} over {d.name} {tuple(d.rect)}"
                for d in under if d.rect.colliderect(dot)]
    return out[:3]


def play_and_audit(app, table, where: str, seed: int, wanted: set[str]) -> tuple[list[str], set[str]]:
    """Play on, drawing and auditing only the frames where something comes and goes, until each
    kind ``wanted`` was audited ``AUDITED`` times (or the game ends)."""
    rng = random.Random(seed)
    found, audited, showing_for = [], dict.fromkeys(wanted, 0), 0
    seen: set[str] = set()
    app.draw_every(1 << 30)
    try:
        for _ in range(FRAMES):
            if engine_of(table).over or min(audited.values(), default=AUDITED) >= AUDITED:
                break
            presenter = table.presenter
            if presenter.holding is not None:
                app.show_now()
                found += problems(table, where + " held")
                seen |= on_screen(table)
                presenter.release()
            elif not presenter.busy and getattr(table, "mode", None) == "arrange" and table.my_turn():
                table._arrange_done()                   # Zodiac's mermaids: where they lie
            elif not presenter.busy and table.my_turn() and table.legal:
                table.send(rng.choice(table.legal))
                if table.tools.pending is not None:
                    table.tools.yes()
            table.runner.wait_ready()
            app.step(DT, [])
            # sparks are made in update (a timeline's call): drawn the frame after they start
            showing = bool(table.juice.sparks) or presenter.banner is not None or bool(
                getattr(getattr(presenter, "board", None), "last_turn", None))
            showing_for = showing_for + 1 if showing else 0
            if showing and showing_for % EVERY == 1:
                app.show_now()
                now = on_screen(table)
                if now:
                    for kind in now:
                        audited[kind] = audited.get(kind, 0) + 1
                    seen |= now
                    found += problems(table, f"{where} frame {app.frame} ({', '.join(sorted(now))})")
                    found += sparks_over_words(table, f"{where} frame {app.frame}")
    finally:
        app.draw_every(1)
    return found, seen


TABLES = [(game, n) for game, counts in SEATS.items() for n in counts]
# What each table must have shown at least once over its games (both languages): sparks on a
# Meal (Hungry Meow), a catch (Zodiac) or a landed die's dust (Meow Meow Dice), banners,
# Zodiac's strip.
MUST = {"hungry-meow": {"sparks", "banner"}, "meow-dice": {"sparks", "banner"}, "zodiac": {"sparks", "strip"}}


@pytest.mark.slow
@pytest.mark.parametrize("game,n", TABLES, ids=[f"{g}-{n}" for g, n in TABLES])
def test_moments_overlap_nothing(app, game, n):
    found, seen = [], set()
    for k, lang in enumerate(LANGS):
        app.set_language(lang)
        table = new_table(app, game, n, seed=31 + 7 * n + k)
        got, shown = play_and_audit(app, table, f"{game} {n} seats {lang} {app.size[0]}x{app.size[1]}",
                                    seed=n + k, wanted=MUST[game])
        found += got
        seen |= shown
    app.set_language("en")
    assert not found, "\n".join(dict.fromkeys(found))
    assert MUST[game] <= seen, f"{game} {n}: never showed {MUST[game] - seen} in its games"


def test_sparks_die_out_and_reduce_motion_makes_none(app):
    """A burst's sparks are gone a second after it (nothing grows), and "Reduce motion" makes none."""
    table = new_table(app, "hungry-meow", 2, seed=5)
    centre = (app.size[0] // 2, app.size[1] // 2)
    table.juice.burst(centre, (255, 236, 150))
    assert table.juice.sparks
    app.step(DT, [])
    app.step(DT, [])
    assert table.juice.shown and any(d.layer == "fx" for d in table.boxes.items)
    for _ in range(int(1.2 / DT)):
        app.step(DT, [])
    assert not table.juice.sparks
    app.settings.reduce_motion = True
    try:
        table.juice.burst(centre, (255, 236, 150))
        assert not table.juice.sparks
    finally:
        app.settings.reduce_motion = False


@pytest.mark.parametrize("move", ["take", "give"])
def test_a_dealer_line_for_the_person_overlaps_nothing(app, move):
    """The line shouted when a computer cat's Dealer takes from or gives to the person ("Tofu
    took your Loaf!"), the card flying between the hands, in both languages."""
    from tests.scenes.test_hm_words import _dealer_touches_the_person

    found = []
    for lang in LANGS:
        app.set_language(lang)
        table, shouted = _dealer_touches_the_person(app, move)
        audited = 0
        for frame in range(int(5 / DT)):
            app.step(DT, [])
            if table.presenter.banner is not None and frame % EVERY == 0:
                audited += 1
                found += problems(table, f"dealer {move} {lang} {app.size[0]}x{app.size[1]} frame {frame}")
        assert shouted and audited, (lang, move)
        app.stack.pop()
        app.step(DT, [])
    app.set_language("en")
    assert not found, "\n".join(found)
