"""Session records in SQLite: rows, outcomes, today's totals, a corrupt database, the stats CLI."""
import json
import logging
import sqlite3

from game.play import records
from game.play.session import GameSession, Seat


class Clock:
    def __init__(self, t=1_800_000_000.0):
        self.t = t

    def __call__(self):
        return self.t


def _session(game, humans=1):
    seats = [Seat(f"P{i}", "human") for i in range(humans)] + [Seat("Bot")]
    return GameSession(game, seats, seed=3)


def test_a_won_game_is_recorded_with_seats_times_and_winner(tmp_path, nim):
    clock = Clock()
    db = records.Records(tmp_path / "r.sqlite3", clock=clock)
    rec = records.SessionRecorder(db)
    session = _session(nim, humans=2)
    rid = rec.begin(session)
    clock.t += 125
    while not session.game.over:
        session.apply(session.game.legal_actions()[-1])
    (row,) = db.rows()
    assert row["id"] == rid and row["game"] == nim
    assert (row["humans"], row["computers"]) == (2, 1)
    assert row["outcome"] == "won"
    assert json.loads(row["winners"]) == session.game.winners
    assert row["ended"] - row["started"] == 125
    assert row["actions"] == len(session.actions)


def test_abandoned_and_idle_outcomes_and_totals(tmp_path, nim):
    clock = Clock()
    db = records.Records(tmp_path / "r.sqlite3", clock=clock)
    rec = records.SessionRecorder(db)
    first = _session(nim)
    rec.begin(first)
    first.apply("take 1")
    rec.begin(_session(nim))          # a new game while one runs: the first was abandoned
    rec.end("idle")
    rec.end("abandoned")              # nothing running: no effect
    outcomes = [r["outcome"] for r in db.rows()]
    assert outcomes == ["abandoned", "idle"]
    totals = db.totals()
    assert totals["games"] == 2 and totals["abandoned"] == 1 and totals["idle"] == 1
    assert totals["by_table"] == {nim: 2}
    assert db.totals(since=clock.t + 1)["games"] == 0


def test_a_resumed_game_keeps_its_row(tmp_path, nim):
    db = records.Records(tmp_path / "r.sqlite3", clock=Clock())
    session = _session(nim)
    rid = records.SessionRecorder(db).begin(session)
    db.close()
    db = records.Records(tmp_path / "r.sqlite3", clock=Clock())      # after a crash
    rec = records.SessionRecorder(db)
    assert rec.begin(GameSession.from_replay(session.to_replay()), record_id=rid) == rid
    assert db.close_open(keep=rid) == 0
    rec.end("idle")
    assert [r["outcome"] for r in db.rows()] == ["idle"]


def test_a_corrupt_database_is_set_aside_and_recreated(tmp_path, nim, caplog):
    path = tmp_path / "r.sqlite3"
    path.write_bytes(b"this is not a database" * 200)
    caplog.set_level(logging.WARNING)
    db = records.Records(path)
    records.SessionRecorder(db).begin(_session(nim))
    assert len(db.rows()) == 1
    assert (tmp_path / "r.sqlite3.bad-1").read_bytes().startswith(b"this is not")
    assert any("moved aside" in r.getMessage() for r in caplog.records)


def test_a_database_with_a_foreign_table_layout_is_set_aside(tmp_path, caplog):
    path = tmp_path / "r.sqlite3"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE sessions (x TEXT)")
    con.commit()
    con.close()
    caplog.set_level(logging.WARNING)
    db = records.Records(path)
    assert db.db is not None and db.rows() == []
    assert (tmp_path / "r.sqlite3.bad-1").exists()


def test_stats_command_prints_totals_and_csv(tmp_path, nim, capsys):
    db = records.Records(records.db_path(tmp_path))
    rec = records.SessionRecorder(db)
    rec.begin(_session(nim))
    rec.end("idle")
    db.close()
    assert records.main(["--home", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "games       1" in out and "idle reset  1" in out and nim in out
    assert records.main(["--csv", "--home", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("id,game,humans,computers")
    assert lines[1].split(",")[1] == nim and lines[1].split(",")[7] == "idle"
