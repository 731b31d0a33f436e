"""Replay files (RULES.md §4): determinism, bot games played back, and one-line errors."""
import json
import pathlib
import subprocess
import sys

import pytest

from game.bots.base import make_bot
from game.play.replay import ReplayError, check_replay, play
from game.rules.registry import KITS, engine

ROOT = pathlib.Path(__file__).resolve().parents[2]
PLAYERS = {"hungry-meow": 4, "meow-dice": 3, "zodiac": 3}
# random Zodiac seats take thousands of actions to end a round; the weakest memory bot ends it sooner
BOT_KIND = {"hungry-meow": "random", "meow-dice": "random", "zodiac": "kitten"}
BOT_OPTIONS = {"hungry-meow": {}, "meow-dice": {"advanced": True, "specials": True}, "zodiac": {"rounds": 1}}


def bot_game(name: str, seed: int, max_actions: int = 4000) -> tuple[dict, dict]:
    """Play a seeded bot game; return (replay dict, final dump)."""
    cls = engine(name)
    players = PLAYERS[name]
    game = cls.new(players, seed, BOT_OPTIONS[name])
    bots = [make_bot(name, BOT_KIND[name], s, seed * 10 + s) for s in range(players)]
    actions = []
    while not game.over and len(actions) < max_actions:
        seat = game.current_player
        action = bots[seat].choose(game.view(seat), game.legal_actions())
        game.apply(action)
        actions.append(action)
    replay = {"game": name, "players": players, "seed": seed, "options": BOT_OPTIONS[name],
              "actions": actions, "note": "unknown top-level keys are ignored"}
    return replay, game.dump()


def run_cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)


def run_in_process(capsys, *args: str) -> subprocess.CompletedProcess:
    """``main.py ARGS`` called in this process (main.main: the command's own error handling and
    the one-line crash report around it), for tests about what it answers, not about the process;
    the real process is run by the tests above and test_missing_file_is_one_line."""
    import main

    capsys.readouterr()
    code = main.main(list(args))
    out = capsys.readouterr()
    return subprocess.CompletedProcess(["main.py", *args], code, out.out, out.err)


@pytest.mark.parametrize("name", list(KITS))
def test_bot_game_written_as_replay_plays_back_to_the_same_state(name):
    for seed in (1, 2, 3):
        replay, final = bot_game(name, seed)
        assert play(json.loads(json.dumps(replay))).dump() == final


@pytest.mark.parametrize("name", list(KITS))
def test_same_file_gives_the_same_output_twice(name, tmp_path):
    replay, _ = bot_game(name, 7, max_actions=60)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(replay))
    first, second = run_cli("replay", str(path)), run_cli("replay", str(path))
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    summary = json.loads(first.stdout)
    for key in ("game", "over", "winners", "current_player", "turn"):
        assert key in summary
    assert summary["game"] == name


def test_trace_prints_each_event_then_the_final_state(tmp_path):
    replay, _ = bot_game("hungry-meow", 3, max_actions=12)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(replay))
    out = run_cli("replay", str(path), "--trace")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    traced = []
    for line in lines:
        if not line.startswith('{"index"'):
            break
        traced.append(json.loads(line))
    assert traced and traced[0]["action"] == replay["actions"][0]
    assert {t["index"] for t in traced} <= set(range(len(replay["actions"])))
    assert json.loads("\n".join(lines[len(traced):]))["game"] == "hungry-meow"


@pytest.mark.parametrize("content, expected", [
    ("{not json", "not valid JSON (line 1"),
    ('{"game": "chess", "players": 2, "seed": 1, "actions": []}', "unknown game 'chess'"),
    ('{"game": "hungry-meow", "players": 2, "seed": 1, "setup": {"hands": [["R1P"], ["R2P"]], '
     '"deck": []}, "actions": []}', "bad setup"),
    ('{"game": "hungry-meow", "players": 2, "seed": 1, "options": {"fast": true}, "actions": []}',
     "bad setup"),
    ('{"game": "hungry-meow", "players": 2, "seed": 1, "actions": ["direction cw", "fly away"]}',
     "action 1 'fly away'"),
    ('{"game": "hungry-meow", "players": 9, "seed": 1, "actions": []}', "players"),
    ('[1, 2]', "must be a JSON object"),
    # Out-of-range and hostile files (issue 11.7): one line each, never "internal error".
    ('{"game": "zodiac", "players": 2, "seed": %s, "actions": []}' % ("9" * 5000), "too many digits"),
    ('{"game": "zodiac", "players": 2, "seed": %s, "actions": []}' % ("9" * 400), "'seed' is out of range"),
    ('{"game": "zodiac", "players": 2, "seed": -1, "actions": []}',
     "'seed' is out of range (0 to 2**64 - 1, got -1)"),
    ('{"game": "zodiac", "players": 2, "seed": -%s, "actions": []}' % ("9" * 5000), "too many digits"),
    ('{"game": "zodiac", "players": 2, "seed": %d, "actions": []}' % 2 ** 64, "'seed' is out of range"),
    ('{"game": ["zodiac"], "players": 2, "seed": 1, "actions": []}', "unknown game ['zodiac']"),
    ('{"game": {"a": 1}, "players": 2, "seed": 1, "actions": []}', "unknown game {'a': 1}"),
    ('{"game": "zodiac", "players": 2, "seed": 1, "options": %s}' % ("[" * 100000 + "]" * 100000),
     "nested too deeply"),
    ('{"game": "zodiac", "players": 2, "seed": 1e400, "actions": []}', "'seed' must be an integer"),
    ('{"game": "hungry-meow", "players": 2, "seed": 1, "actions": ["direction cw", "draw %s"]}'
     % ("9" * 3000), "action 1 'draw 999"),
])
def test_bad_file_gives_one_line_and_nonzero_exit(tmp_path, capsys, content, expected):
    path = tmp_path / "bad.json"
    path.write_text(content)
    out = run_in_process(capsys, "replay", str(path))
    assert out.returncode != 0
    assert "Traceback" not in out.stderr
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert expected in out.stderr
    assert "internal error" not in out.stderr and len(out.stderr) < 400
    assert out.stdout == ""


def test_missing_file_is_one_line(tmp_path):
    out = run_cli("replay", str(tmp_path / "nope.json"))
    assert out.returncode != 0 and "Traceback" not in out.stderr
    assert "cannot read" in out.stderr


def test_check_replay_rejects_non_string_actions():
    with pytest.raises(ReplayError, match="action 0"):
        check_replay({"game": "zodiac", "players": 2, "seed": 1, "actions": [3]})


def test_illegal_action_names_index_action_and_reason():
    # After choosing the direction the host must draw (HM-4): passing first is illegal.
    with pytest.raises(ReplayError) as err:
        play({"game": "hungry-meow", "players": 3, "seed": 5, "actions": ["direction cw", "pass"]})
    message = str(err.value)
    assert message.startswith("action 1 'pass': ")
    assert len(message) > len("action 1 'pass': ") + 5


def test_largest_seed_still_plays(tmp_path):
    path = tmp_path / "edge.json"
    path.write_text(json.dumps({"game": "zodiac", "players": 2, "seed": 2 ** 64 - 1, "actions": []}))
    out = run_cli("replay", str(path))
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["game"] == "zodiac"
