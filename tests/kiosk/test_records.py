"""Session records in SQLite: rows, outcomes, today's totals, a corrupt database, the stats CLI."""
import functools
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


# ---- issue 20.3: a locked database is busy, not damaged -------------------------------------------
# The holder commits when told (a line on its stdin), not after a fixed sleep: the tests wait for
# nothing the code under test does not wait for.
HOLD = """
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
db.execute("INSERT INTO sessions (game, humans, computers, started, actions, attract) "
           "VALUES ('zodiac', 1, 1, ?, 3, 0)", (time.time(),))
print("locked", flush=True)
sys.stdin.readline()
db.execute("COMMIT")
"""


def hold_lock(path):
    """Another process holding an exclusive lock on ``path`` (it writes a row) until ``release``."""
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(path)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "locked"
    return proc


def release(holder) -> None:
    """The holder commits its row and ends (idempotent)."""
    if holder.poll() is None:
        holder.stdin.write("commit\n")
        holder.stdin.close()
    assert holder.wait(timeout=30) == 0


def a_database_with_one_game(tmp_path):
    db = records.Records(records.db_path(tmp_path))
    db.start(_session("zodiac"))
    db.close()
    return records.db_path(tmp_path)


def test_stats_waits_for_a_lock_held_over_five_seconds_and_sets_nothing_aside(tmp_path, capsys, monkeypatch):
    """Stats' own clock runs 6.5 s while the lock is held: the seconds it sleeps between tries are
    counted, not slept, and the holder lets go only once that clock passes 6.5 s (SQLite's own
    5 s default would have given up). Each try still meets the real lock."""
    path = a_database_with_one_game(tmp_path)
    holder = hold_lock(path)
    now, tries = [0.0], []

    def sleep(seconds):
        tries.append(seconds)
        now[0] += seconds
        if now[0] > 6.5:
            release(holder)

    monkeypatch.setattr(records, "BUSY_TIMEOUT", 0.05)          # SQLite's wait per try, real time
    monkeypatch.setattr(records, "Records", functools.partial(records.Records, monotonic=lambda: now[0],
                                                              sleep=sleep))
    try:
        assert records.main(["--home", str(tmp_path)]) == 0
    finally:
        release(holder)
    out = capsys.readouterr().out
    assert "games       2" in out                     # read after the lock: the holder's row too
    assert now[0] > 6.5 and len(tries) >= 7           # kept trying, a second apart, past 5 s
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]      # nothing set aside


def test_the_game_never_sets_aside_a_locked_database_and_writes_once_the_lock_is_gone(tmp_path, caplog,
                                                                                   monkeypatch):
    monkeypatch.setattr(records, "BUSY_TIMEOUT", 0.05)      # how long SQLite waits is not the point
    path = a_database_with_one_game(tmp_path)
    now = [0.0]
    holder = hold_lock(path)
    try:
        db = records.Records(path, monotonic=lambda: now[0])      # the game starting meanwhile
        assert db.busy and db.db is None
        assert not path.with_name(path.name + ".bad-1").exists()
        assert any("locked by another program" in r.getMessage() for r in caplog.records)
    finally:
        release(holder)
    now[0] += records.RETRY_SECONDS
    assert db.start(_session("zodiac")) is not None               # tried again: the same file
    assert len(db.rows()) == 3
    db.close()
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_stats_reads_a_corrupt_database_without_moving_it(tmp_path, capsys):
    path = records.db_path(tmp_path)
    path.parent.mkdir(parents=True)
    path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 3000)
    assert records.main(["--home", str(tmp_path)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith("meowcade: records database") and "\n" not in err
    assert path.exists() and not path.with_name(path.name + ".bad-1").exists()


def test_a_game_begun_while_the_database_was_locked_gets_its_row_once_the_lock_is_gone(tmp_path, nim,
                                                                                     monkeypatch):
    monkeypatch.setattr(records, "BUSY_TIMEOUT", 0.05)      # how long SQLite waits is not the point
    path = a_database_with_one_game(tmp_path)
    now = [0.0]
    holder = hold_lock(path)
    try:
        db = records.Records(path, monotonic=lambda: now[0])
        rec = records.SessionRecorder(db)
        session = _session(nim)
        assert rec.begin(session) is None                         # locked: no row yet
    finally:
        release(holder)
    now[0] += records.RETRY_SECONDS
    session.apply(session.game.legal_actions()[0])
    assert rec.record_id is not None
    assert [r["game"] for r in db.rows()][-1] == nim
    db.close()
