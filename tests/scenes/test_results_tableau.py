"""Issue 21: the results screen shows every seat's final tableau (BGA's final table): Hungry
Meow's hands (a seat knocked out: its hand when Death came, Death and the card that knocked it
out), Meow Meow Dice's cards and tokens, Zodiac's catches, and a game without its own tableau
the hands its summary lists (the kit's neutral default). Checked from the scene's own boxes."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.play.match import Match  # noqa: E402
from game.play.results_record import replay_events  # noqa: E402
from game.play.session import Seat  # noqa: E402
from game.rules import registry  # noqa: E402
from game.runtime.app import App  # noqa: E402
from scenes.results import ResultsScene  # noqa: E402


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    app = App(size=(1280, 720), home=str(tmp_path_factory.mktemp("tableau")), audio=False, lang="en")
    yield app
    app.shutdown()


def finished(game: str, n: int, seed: int, options=None, level="heuristic"):
    seats = [Seat(f"Cat{i}", "bot", level) for i in range(n)]
    match = Match.new(game, seats, seed, options)
    match.play_out()
    return match.session


def shown(app, session) -> tuple[ResultsScene, dict]:
    """The results drawn once: seat -> [(caption, kind, item)], each with a picture box drawn."""
    scene = ResultsScene(app, session)
    app.stack.clear_to(scene)
    app.step(1 / 20, [])
    pics = [d.name for d in scene.boxes.items if "/pic" in d.name]
    for seat, items in scene.shown.items():
        assert len([p for p in pics if p.startswith(f"col{seat}/")]) == len(items)
        column = next(d.rect for d in scene.boxes.items if d.name == f"col{seat}")
        assert all(column.contains(d.rect) for d in scene.boxes.items if d.name.startswith(f"col{seat}/"))
    return scene, scene.shown


def test_hungry_meow_shows_every_hand_and_how_each_cat_went_out(app):
    session = next(s for s in (finished("hungry-meow", 4, seed) for seed in range(1, 30))
                   if s.game.view(None)["eliminated"])
    out = set(session.game.view(None)["eliminated"])
    hands = session.game.summary()["hands"]
    _, seen = shown(app, session)
    knocked = {e.data["seat"]: e.data["card"] for _t, e in replay_events(session) if e.kind == "Eliminated"}
    for seat in range(4):
        cards = [item for _c, kind, item in seen[seat] if kind == "card"]
        if seat in out:
            by = [item for caption, _k, item in seen[seat] if caption == "results.hm.by"]
            assert by == ["DEATH", knocked[seat]]
        else:
            assert sorted(cards) == sorted(hands[seat]) and seen[seat][0][0] == "results.tab.hand"


def test_meow_dice_shows_every_card_taken_and_token_won(app):
    session = finished("meow-dice", 3, 2, {"advanced": True, "specials": True})
    summary = session.game.summary()
    _, seen = shown(app, session)
    for seat in range(3):
        assert [i for _c, k, i in seen[seat] if k == "card"] == summary["cards"][seat]
        assert [i for _c, k, i in seen[seat] if k == "cond"] == summary["tokens"][seat]
        # one caption for both, saying so when tokens were won (the cards' room: md21c)
        said = "results.tab.cards_tokens" if summary["tokens"][seat] else "results.tab.cards"
        assert {c for c, _k, _i in seen[seat]} == ({said} if seen[seat] else set())


def test_zodiac_shows_the_sets_each_seat_caught_round_by_round(app):
    session = finished("zodiac", 4, 3)
    caught: list[list[str]] = [[] for _ in range(4)]
    for _t, e in replay_events(session):
        if e.kind == "Captured":
            caught[e.data["seat"]].append(e.data["card"])
    scene, seen = shown(app, session)
    assert any(caught)
    for seat in range(4):
        items = [i for _c, _k, i in seen[seat]]
        # a long match leaves out its earliest rounds rather than shrink the cards past reading
        assert items == caught[seat][len(caught[seat]) - len(items):] and (items or not caught[seat])
        assert all(c.startswith("results.zc.round") for c, _k, _i in seen[seat])
        if not caught[seat]:                               # an empty catch says so
            assert any(d.name == f"col{seat}/none0" for d in scene.boxes.items)


def test_a_game_without_its_own_tableau_shows_its_hands_as_words(app, monkeypatch):
    from tests.fourth_game.fish_pond import KIT

    monkeypatch.setitem(registry.KITS, KIT.name, KIT)
    assert KIT.tableau is None and KIT.picture is None
    session = finished("fish-pond", 2, 3, level="random")
    _, seen = shown(app, session)
    hands = session.game.summary()["hands"]
    assert [[i for _c, _k, i in seen[s]] for s in range(2)] == hands and any(hands)


def test_the_crown_stands_clear_of_the_reason_line(app):
    """The stranger: the winner's crown touched the subtitle."""
    scene, _ = shown(app, finished("hungry-meow", 2, 1))
    boxes = {d.name: d.rect for d in scene.boxes.items}
    winner = scene.winners[0]
    assert boxes[f"col{winner}/cat"].top >= boxes["reason"].bottom + 4
    assert pygame.Rect(boxes[f"col{winner}"]).contains(boxes[f"col{winner}/cat"])


@pytest.mark.parametrize("seed", [2, 4])
def test_a_long_zodiac_match_says_which_rounds_it_leaves_out(app, seed):
    """Issue 21 (hz21c): at 6 seats the cards were ~34 px tall, and a long match dropped its
    earliest rounds from a column without a word. Each round is a compact row (its caption at
    the cards' left), the cards stay about 50 px tall at 1280x720, and the rounds that still do
    not fit are said in one line first ("Rounds 1–3: 4 sets") that counts every set left out."""
    from scenes.table.tableau import Summary
    from tests.scenes.overlap_audit import results_problems

    session = finished("zodiac", 6, seed)
    scene, seen = shown(app, session)
    pics = [d.rect for d in scene.boxes.items if "/pic" in d.name]
    assert pics and min(r.h for r in pics) >= 50, sorted({r.h for r in pics})
    said = 0
    for seat in range(6):
        groups, kept = scene.tableau[seat], scene.kept[seat]
        shown_rounds = [g for g in kept if not isinstance(g[0], Summary)]
        left = groups[:len(groups) - len(shown_rounds)]
        assert shown_rounds == groups[len(left):]
        if left:
            said += 1
            key, fields = kept[0][0]
            assert isinstance(kept[0][0], Summary) and key.startswith("results.zc.left_round")
            assert fields == {"n": left[-1][0][1]["n"], "sets": sum(len(items) for _c, items in left)}
            assert any(d.name == f"col{seat}/caption0" for d in scene.boxes.items)
        else:
            assert not any(isinstance(g[0], Summary) for g in kept)
    assert said, "no column had rounds left out: pick a longer match"
    for lang in ("en", "zh_TW"):
        app.set_language(lang)
        app.step(1 / 20, [])
        found = results_problems(scene, f"zodiac 6 seats seed {seed} {lang}")
        assert not found, "\n".join(found)
    app.set_language("en")


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("advanced", [False, True], ids=["basic", "advanced"])
def test_meow_dice_results_cards_stay_readable(app, n, advanced):
    """Issue 21 (md21c): at four seats, advanced, the results' cards were about 42 px tall. Every
    seat's cards stay at least 60 px tall at 1280x720 in a played game and in the fullest column
    the rules allow (a card each of the 6 turns, and in the advanced game 6 condition tokens won),
    the tokens flowing on in the cards' rows under one caption rather than the cards shrinking to
    make room for a caption line of their own; nothing meets, nothing is cut, in both languages."""
    from types import SimpleNamespace

    from game.rules.meow_dice_data import ALL_CONDS, DEFAULT_CARDS
    from scenes.meow_dice.scores import tableau as md_tableau
    from tests.scenes.overlap_audit import results_problems

    options = {"advanced": True, "specials": True} if advanced else {}
    session = finished("meow-dice", n, 5, options)
    notations = [c.notation for c in DEFAULT_CARDS.cards]
    cards = notations[:5] + ["fishbone/1"]
    tokens = list(ALL_CONDS[:6]) if advanced else []
    summary = {"cards": [cards] * n, "tokens": [tokens] * n}
    fake = SimpleNamespace(summary=summary, over=True)
    fullest = md_tableau(fake)[0]                  # the kit's own groups for the fullest column
    for case in ("played", "fullest"):
        scene = ResultsScene(app, session)
        if case == "fullest":
            scene.tableau = [list(fullest) for _ in range(n)]
        app.stack.clear_to(scene)
        for lang in ("en", "zh_TW"):
            app.set_language(lang)
            app.step(1 / 20, [])
            cards = [d.rect for d in scene.boxes.items if "/pic" in d.name and d.rect.h > d.rect.w]
            assert len(cards) >= n, case
            assert min(r.h for r in cards) >= 60, (case, lang, sorted({r.h for r in cards}))
            found = results_problems(scene, f"meow-dice {n} seats {case} {lang}")
            assert not found, "\n".join(found)
            assert [len(g[1]) for g in scene.kept[0]] == [len(g[1]) for g in scene.tableau[0]]   # all shown
    app.set_language("en")


def test_meow_dice_tie_break_columns_read_row_by_row_on_a_dim_band(app):
    """Issue 21 (stranger21c): the skyline's lit windows (the winner's yellow) showed between and
    beside the results' columns; and a tied seat's extra row ('Tie-break: food', below its Total)
    made that column's rows smaller than the others'. A dim band hides the windows behind the
    columns' lower part, and every column's rows have one size and one top."""
    session = finished("meow-dice", 4, 24, {"advanced": True})
    assert session.game.end_reason == "tiebreak-food"
    for lang in ("en", "zh_TW"):
        app.set_language(lang)
        scene, _ = shown(app, session)
        cols = [next(d.rect for d in scene.boxes.items if d.name == f"col{i}") for i in range(4)]
        shot = app.screen
        lit = []
        for y in range(cols[0].y + cols[0].h // 3, cols[0].bottom, 2):
            for x in range(0, app.size[0], 2):
                if any(c.collidepoint(x, y) for c in cols):
                    continue
                r, g, b, _ = shot.get_at((x, y))
                if r > 220 and g > 170 and b < 170:
                    lit.append((x, y))
        assert not lit, (lang, lit[:5])
        backs = [scene.row_boxes[i][0] for i in range(4)]
        assert len({b.y for b in backs}) == 1, backs
        steps = {scene.row_boxes[i][1].h // len(scene.rows[i]) for i in range(4)}
        assert len(steps) == 1, steps
        assert len({len(rows) for rows in scene.rows}) == 2      # two tied seats have one row more
    app.set_language("en")


def test_a_framed_trump_stays_in_its_place(app, monkeypatch):
    """stranger40e #10: a trump caught in round 1 was drawn as wide as its place and then framed,
    so its frame (and, colour-blind, its corner diamonds) stood out of its place over the winner's
    "Winner" tag, and the audit, fed the place and not the picture, saw nothing. Every picture
    drawn stays inside the place its column gave it, and the audit checks the same."""
    import scenes.results as results
    from game.art import palette as P
    from tests.scenes.overlap_audit import results_problems

    def trumps(s):
        return any(k == "trump" for g in ResultsScene(app, s).tableau for _c, items in g for k, _i in items)

    session = next(s for s in (finished("zodiac", 3, seed) for seed in range(1, 40)) if trumps(s))
    places, made = [], []
    real_place, scene = results.place, ResultsScene(app, session)
    monkeypatch.setattr(results, "place", lambda *a: places.append(real_place(*a)) or places[-1])
    for _caption, items in (g for groups in scene.tableau for g in groups):
        for kind, item in items:
            scene.pictures.shape(kind, item)     # measured first: only the drawn pictures are counted
    real_make = scene.pictures.make
    monkeypatch.setattr(scene.pictures, "make", lambda *a: made.append(real_make(*a)) or made[-1])
    was = P.colourblind()
    P.set_colourblind(True)
    try:
        app.stack.clear_to(scene)
        app.step(1 / 20, [])
        spots = [(rect, kind) for groups in places for _caption, pics in groups for rect, kind, _item in pics]
        assert "trump" in {kind for _r, kind in spots} and len(made) == len(spots)
        for (rect, kind), pic in zip(spots, made, strict=True):
            assert pic.get_width() <= rect.w and pic.get_height() <= rect.h, (kind, rect, pic.get_size())
        assert not results_problems(scene, "zodiac trump")
    finally:
        P.set_colourblind(was)


def test_a_tie_break_row_says_its_words_whole(app):
    """stranger40e (seen while checking #1): at three seats the Meow Meow Dice tie-break row read
    "Tie-break:…": its label had a six-seat column's 180 px box in a column twice as wide. A row's
    label takes the room left of its figure: nothing is cut, in both languages."""
    from tests.scenes.overlap_audit import results_problems

    session = next(s for s in (finished("meow-dice", 3, seed) for seed in range(1, 40))
                   if ResultsScene(app, s).reason.startswith("tiebreak"))
    scene = ResultsScene(app, session)
    app.stack.clear_to(scene)
    for lang in ("en", "zh_TW"):
        app.set_language(lang)
        app.step(1 / 20, [])
        assert any(len(rows) > 4 for rows in scene.rows)
        found = results_problems(scene, f"meow-dice tie-break {lang}")
        assert not found, "\n".join(found)
    app.set_language("en")
