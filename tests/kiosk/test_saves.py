"""Autosave: written after every action, atomically; a bad save is set aside, never a crash."""
import json
import logging

from game.play import saves
from game.play.session import GameSession, Seat


def _session(game):
    return GameSession(game, [Seat("Ann", "human"), Seat("Bot")], seed=7)


def test_every_action_is_saved_and_loads_back_to_the_same_state(tmp_path, nim):
    path = tmp_path / "autosave.json"
    auto = saves.Autosave(path)
    session = _session(nim)
    auto.attach(session, record_id=12)
    assert saves.load(path)[0].actions == []
    for action in ("take 1", "take 2", "take 1"):
        session.apply(action)
        loaded, extra = saves.load(path)
        assert loaded.actions == session.actions
        assert loaded.game.dump() == session.game.dump()
        assert extra["record_id"] == 12 and extra["attract"] is False
    assert auto.writes == 4
    assert not list(tmp_path.glob("*.tmp-*"))          # no temporary file left behind
    assert json.loads(path.read_text())["game"] == nim  # still a replay file


def test_a_finished_game_leaves_nothing_to_resume(tmp_path, nim):
    path = tmp_path / "autosave.json"
    auto = saves.Autosave(path)
    session = _session(nim)
    auto.attach(session)
    while not session.game.over:
        session.apply(session.game.legal_actions()[0])
    assert not path.exists()
    assert saves.load(path) is None


def test_detach_with_remove_forgets_the_game(tmp_path, nim):
    path = tmp_path / "autosave.json"
    auto = saves.Autosave(path)
    session = _session(nim)
    auto.attach(session)
    auto.detach(remove=True)
    session.apply("take 1")
    assert not path.exists()


def test_corrupt_saves_are_set_aside_with_a_warning(tmp_path, nim, caplog):
    path = tmp_path / "autosave.json"
    bad_contents = [
        "{not json",
        json.dumps([1, 2]),
        json.dumps({"game": nim, "seed": 1, "seats": [], "version": 99}),      # another version
        json.dumps({"game": "no-such-game", "seed": 1, "seats": [{"name": "a"}], "version": 1}),
        json.dumps({"game": nim, "seed": 1, "seats": [{"name": "a"}, {"name": "b"}],
                    "actions": ["take 9"], "version": 1}),                     # illegal action
        "",
    ]
    caplog.set_level(logging.WARNING)
    for n, text in enumerate(bad_contents, 1):
        path.write_text(text)
        assert saves.load(path) is None
        assert not path.exists()
        assert (tmp_path / f"autosave.json.bad-{n}").read_text() == text
    warnings = [r for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == len(bad_contents)
    assert "moved aside" in warnings[0].getMessage()


def test_has_resumable_ignores_attract_games(tmp_path, nim):
    path = tmp_path / "autosave.json"
    auto = saves.Autosave(path)
    session = _session(nim)
    auto.attach(session, attract=True)
    assert not saves.has_resumable(path=path)
    assert saves.load_resumable(path=path) is None
    auto.attach(_session(nim))
    assert saves.has_resumable(path=path)
    assert saves.load_resumable(path=path).seats[0].name == "Ann"


def test_home_folder_layout(tmp_path):
    assert saves.save_path(tmp_path) == tmp_path / "data" / "autosave.json"
    assert not saves.has_resumable(tmp_path)
