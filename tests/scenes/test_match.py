"""The match driver: one seed derivation for engine and bots (simulate's), computer setup
choices from the bots' own generators, and the same game whoever drives it — ``simulate``, a
table on screen stepped headless, a table's autosave played back by ``replay``."""
from __future__ import annotations

import json
import random

import pytest

from game.play.match import Match, bot_seed, game_seed
from game.play.replay import play
from game.play.saves import Autosave
from game.play.session import GameSession, Seat
from game.rules.base import derive_seed
from game.rules.registry import engine
from game.runtime.app import App
from game.simulation import simulate
from scenes.tables import table_info
from tests.peek import engine_of, match_of, session_of
from tests.scenes.hm_driver import UNSEEN

BOT_OF = {"hungry-meow": "heuristic", "meow-dice": "heuristic", "zodiac": "housecat"}
OPTIONS_OF = {"zodiac": {"rounds": 1}}
TABLES = ["hungry-meow", "meow-dice", "zodiac"]


@pytest.fixture
def app(tmp_path):
    app = App(size=(1280, 720), home=str(tmp_path), audio=False, speed="faster", lang="en")
    app.draw_every(UNSEEN)      # these check games and actions, not pixels (each screen still drawn)
    yield app
    app.shutdown()


def bot_seats(game: str, players: int) -> list[Seat]:
    return [Seat(f"cat{i}", "bot", BOT_OF[game]) for i in range(players)]


def test_seeds_are_simulates_derivation():
    match = Match.new("hungry-meow", bot_seats("hungry-meow", 3), 99, index=4)
    assert match.session.seed == game_seed(99, 4) == derive_seed(99, 4)
    assert match.session.origin == [99, 4]
    for seat, bot in match.bots.items():
        assert bot.rng.getstate() == random.Random(derive_seed(99, 4, seat + 1)).getstate()
        assert bot_seed(99, 4, seat) == derive_seed(99, 4, seat + 1)


def test_a_session_without_origin_is_game_0_of_its_seed_and_a_save_keeps_the_origin():
    bare = Match(GameSession("zodiac", bot_seats("zodiac", 2), 1234))
    assert bare.bots[1].rng.getstate() == random.Random(bot_seed(1234, 0, 1)).getstate()
    made = Match.new("zodiac", bot_seats("zodiac", 2), 77, index=2)
    again = GameSession.from_replay(json.loads(json.dumps(made.record())))
    assert again.origin == [77, 2] and again.seed == made.session.seed
    assert Match(again).bots[0].rng.getstate() == made.bots[0].rng.getstate()


def test_people_are_never_played_by_a_bot_unless_all_bots():
    seats = [Seat("Ann", "human"), Seat("Bob", "bot", "random")]
    match = Match(GameSession("hungry-meow", seats, 5))
    assert set(match.bots) == {1} and match.humans == [0]
    assert match.bot_to_move() is None and match.to_move == 0      # Ann chooses the direction
    assert match.play_out() == 0                                    # the bots wait for her
    demo = Match(GameSession("hungry-meow", seats, 5), all_bots=True)
    assert set(demo.bots) == {0, 1} and demo.humans == []


def test_zodiac_mermaids_are_placed_by_the_driver_from_the_bots_generators():
    match = Match.new("zodiac", bot_seats("zodiac", 3), 8, OPTIONS_OF["zodiac"])
    done = match.run_setup()
    assert done and all(action.startswith("arrange") for action, _ in done)
    assert match.run_setup() == []              # nothing more until the next round
    match.play_out()
    assert match.game.over


@pytest.mark.parametrize("game", ["hungry-meow", "meow-dice", "zodiac"])
def test_simulate_plays_through_the_driver(game):
    plan = simulate.Plan(game, 3, 1, 31, [BOT_OF[game]], OPTIONS_OF.get(game, {}))
    match = simulate.play_match(plan, 0, engine(game))
    again = Match.new(game, bot_seats(game, 3), 31, OPTIONS_OF.get(game, {}))
    again.play_out()
    assert match.game.over and match.session.actions == again.session.actions
    assert simulate.play_one(plan, 0, engine(game))["winners"] == list(match.game.winners)


def run_table(app, session, limit: int = 20000):
    """Step a table of computer cats to its end with a fixed dt, hurrying every animation."""
    table = table_info(session.game_name).scene_class()(app, session)
    table.bot_pace = (0.0, 0.0)
    app.stack.push(table)
    for _ in range(limit):
        if table.finished:
            return table
        if table.presenter.busy:
            table.presenter.skip()
        table.runner.wait_ready()
        app.step(1 / 20, [])
    raise AssertionError("the table game never ended")


@pytest.mark.parametrize("game", TABLES)
def test_a_table_game_and_a_simulate_game_with_the_same_seed_and_bots_are_the_same(app, game):
    plan = simulate.Plan(game, 3, 1, 2024, [BOT_OF[game]], OPTIONS_OF.get(game, {}))
    simulated = simulate.play_match(plan, 0, engine(game))
    table = run_table(app, Match.new(game, bot_seats(game, 3), 2024, OPTIONS_OF.get(game, {})).session)
    assert session_of(table).actions == simulated.session.actions
    assert engine_of(table).dump() == simulated.game.dump()


@pytest.mark.parametrize("game,players", [("hungry-meow", 4), ("meow-dice", 2), ("zodiac", 4)])
def test_search_bots_thinking_in_the_worker_process_play_simulates_game(app, game, players):
    """Four search bots (two at dice: a long game) think in the worker process on their own
    copies; each answer brings the bot's new state back. The table's game is still simulate's
    game 0, action for action."""
    from game.play import think_worker

    think_worker.enable()
    plan = simulate.Plan(game, players, 1, 77, ["search"], OPTIONS_OF.get(game, {}))
    simulated = simulate.play_match(plan, 0, engine(game))
    seats = [Seat(f"cat{i}", "bot", "search") for i in range(players)]
    table = run_table(app, Match.new(game, seats, 77, OPTIONS_OF.get(game, {})).session)
    assert think_worker.worker().ready                      # it really thought over there
    assert session_of(table).actions == simulated.session.actions
    assert engine_of(table).dump() == simulated.game.dump()


def test_a_table_game_played_by_mouse_replays_from_its_autosave(app, tmp_path):
    """The kiosk's autosave writes after every action and removes the save once the game is over,
    so the last save on disk holds every action but the final one."""
    from tests.scenes.hm_driver import Driver, choose

    seats = [Seat("Mochi", "human"), Seat("Tofu", "bot", "heuristic"), Seat("Miso", "bot", "random")]
    session = Match.new("hungry-meow", seats, 21).session
    saves = []
    save = Autosave(tmp_path / "save.json")
    save.attach(session)
    session.listeners.append(lambda s, a, e: saves.append((tmp_path / "save.json").read_text("utf-8"))
                             if not s.game.over else None)
    table = table_info("hungry-meow").scene_class()(app, session)
    app.stack.push(table)
    drv = Driver(app, table)
    for _ in range(400):
        drv.settle()
        if app.stack.top is not table or engine_of(table).over:
            break
        for name in choose(table, 0):
            drv.click(name)
    assert engine_of(table).over and not (tmp_path / "save.json").exists()
    record = match_of(table).record()
    assert record["actions"] == session.actions and record["origin"] == [21, 0]
    assert play(record).dump() == engine_of(table).dump()                    # the driver's own record
    last = json.loads(saves[-1])                                       # the last autosave
    assert last["actions"] == record["actions"][:-1] and len(saves) == len(record["actions"]) - 1
    replayed = play(last)
    replayed.apply(record["actions"][-1])
    assert replayed.dump() == engine_of(table).dump()


def test_pygame_is_not_needed_by_the_driver():
    import subprocess
    import sys

    code = ("import sys; sys.modules['pygame'] = None; import game.play.match, game.simulation.simulate; "
            "print('ok')")
    root = __import__("pathlib").Path(__file__).resolve().parents[2]
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, cwd=root)
    assert out.stdout.strip() == "ok", out.stderr


def test_a_table_takes_a_match_and_plays_with_its_bots(app):
    match = Match.new("meow-dice", bot_seats("meow-dice", 2), 12)
    table = table_info("meow-dice").scene_class()(app, match)
    assert match_of(table) is match and session_of(table) is match.session
    assert table.runner.bots == match.bots and not table.human_game
