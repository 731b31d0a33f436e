"""Session records: one row per game, in a local SQLite file (standard library).

Each row: table, human and computer seat counts, start, end, winner seats, how it ended, the
actions played (kept up to date after every action, so a game killed mid-way says how far it got)
and ``attract`` (1 for the kiosk's attract-mode demos, which people's totals leave out and count
in a column of their own). How it ended: ``won`` (the game reached its end), ``abandoned`` (left
before the end: quit to title, the window closed, a new game started, a visitor woke the kiosk
from a demo), ``idle`` (the kiosk's idle reset took it back to attract mode). A database that
SQLite calls corrupt (not a database, or its integrity check fails) is moved aside to
``records.sqlite3.bad-<n>`` with a logged warning and a fresh one is made; one from before the
``attract`` column gains it. A *locked* database is busy, not damaged: it is never set aside; the
game tries it again every ``RETRY_SECONDS`` (records wait meanwhile), and ``stats`` opens it
read-only and waits for the lock up to ``STATS_WAIT`` seconds. The file is private (0600,
game.files.paths).

``python main.py stats [--csv] [--home DIR]`` prints today's totals (``main(argv)`` here).
"""
from __future__ import annotations

import argparse
import csv
import json
import logging
import os
import sqlite3
import sys
import time
from datetime import datetime
from pathlib import Path

from game.files import paths

DB_NAME = "records.sqlite3"
OUTCOMES = ("won", "abandoned", "idle")
BUSY_TIMEOUT = 1.0      # s SQLite waits for another program's lock per statement (the game's frame)
RETRY_SECONDS = 10.0    # a busy database is tried again this often by the game
STATS_WAIT = 60.0       # how long ``stats`` waits for a lock before giving up (one line)
_BUSY = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}
_CORRUPT = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}

log = logging.getLogger("meowcade.records")

SCHEMA = """
CREATE TABLE IF NOT EXISTS sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    game TEXT NOT NULL,
    humans INTEGER NOT NULL,
    computers INTEGER NOT NULL,
    started REAL NOT NULL,
    ended REAL,
    winners TEXT,
    outcome TEXT,
    actions INTEGER NOT NULL DEFAULT 0,
    attract INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS sessions_started ON sessions(started);
"""
COLUMNS = ("id", "game", "humans", "computers", "started", "ended", "winners", "outcome", "actions",
           "attract")


def db_path(home: str | os.PathLike | None = None) -> Path:
    from game.play.saves import data_dir
    return data_dir(home) / DB_NAME


class Corrupt(sqlite3.DatabaseError):
    """SQLite's own check says the file is damaged (not a lock, not a disk error)."""


def is_busy(exc: BaseException) -> bool:
    """A lock held by another connection or program: wait, never set the file aside."""
    code = getattr(exc, "sqlite_errorcode", None)
    if code is not None:
        return code & 0xFF in _BUSY
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in str(exc) or "busy" in str(exc))


def is_corrupt(exc: BaseException) -> bool:
    code = getattr(exc, "sqlite_errorcode", None)
    return isinstance(exc, Corrupt) or (code is not None and code & 0xFF in _CORRUPT)


class Records:
    """The records database. Every method swallows disk errors after one warning: a broken disk
    must not stop a kiosk game. ``readonly`` (``stats``): opened read-only, never created, altered
    or set aside; ``wait``: seconds to keep trying a locked database before giving up."""

    def __init__(self, path: str | os.PathLike, logger: logging.Logger | None = None, clock=time.time,
                 readonly: bool = False, wait: float = 0.0, monotonic=time.monotonic, sleep=time.sleep):
        self.path = Path(path)
        self.log = logger or log
        self.clock = clock
        self.readonly = readonly
        self.monotonic = monotonic
        self.db: sqlite3.Connection | None = None
        self.busy = False            # the last open found the database locked
        self.problem = ""            # why ``db`` is None (one line), for ``stats``
        self.columns = COLUMNS       # what rows() selects (an old read-only file lacks "attract")
        self._retry_at = 0.0
        deadline = monotonic() + wait
        self._open()
        while self.busy and monotonic() < deadline:
            sleep(min(1.0, max(0.0, deadline - monotonic())))
            self._open()

    # ---- opening -------------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        if self.readonly:
            return self._connect_readonly()
        if self.path.exists():
            paths.make_private(self.path)
        else:      # made 0600 first: SQLite fills an empty file, and its journals take its mode
            paths.write_private(self.path, b"", atomic=False)
        db = sqlite3.connect(self.path, timeout=BUSY_TIMEOUT)
        try:
            _check(db)
            try:
                db.executescript(SCHEMA)
                names = [r[1] for r in db.execute("PRAGMA table_info(sessions)")]
                if tuple(names) == COLUMNS[:-1]:         # made before attract demos were recorded
                    db.execute("ALTER TABLE sessions ADD COLUMN attract INTEGER NOT NULL DEFAULT 0")
                    names.append("attract")
            except sqlite3.DatabaseError as exc:
                if is_busy(exc):
                    raise
                raise Corrupt(f"not a records database ({exc})") from exc   # another program's tables
            if tuple(names) != COLUMNS:
                raise Corrupt(f"unexpected columns {names}")
            db.commit()
        except BaseException:
            db.close()
            raise
        return db

    def _connect_readonly(self) -> sqlite3.Connection:
        if not self.path.exists():
            raise FileNotFoundError(f"no records yet ({self.path} does not exist)")
        db = sqlite3.connect(f"{self.path.resolve().as_uri()}?mode=ro", uri=True, timeout=BUSY_TIMEOUT)
        try:
            _check(db)
            names = tuple(r[1] for r in db.execute("PRAGMA table_info(sessions)"))
            if names == COLUMNS[:-1]:
                self.columns = (*COLUMNS[:-1], "0 AS attract")
            elif names != COLUMNS:
                raise Corrupt(f"unexpected columns {list(names)}")
        except BaseException:
            db.close()
            raise
        return db

    def _open(self) -> None:
        self._retry_at = self.monotonic() + RETRY_SECONDS
        if not self.readonly:
            try:
                paths.private_dir(self.path.parent)
            except OSError as exc:
                self.log.warning("records folder %s: %s; records are off", self.path.parent, exc)
                return
        try:
            self.db = self._connect()
            if self.busy:
                self.log.info("records database %s: the lock is gone; records go on", self.path)
            self.busy = False
            return
        except sqlite3.DatabaseError as exc:
            if is_busy(exc):         # another program holds a lock: busy, not damaged
                if not self.busy:
                    self.log.warning("records database %s is locked by another program; %s", self.path,
                                     "waiting" if self.readonly else
                                     f"records wait for it (tried again every {RETRY_SECONDS:.0f} s)")
                self.busy = True
                self.problem = f"records database {self.path} is locked by another program"
                return
            if self.readonly or not is_corrupt(exc):
                self.problem = f"records database {self.path}: {exc}"
                self.log.warning("%s; records are off", self.problem)
                return
            from game.play.saves import set_aside
            for suffix in ("-journal", "-wal", "-shm"):
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    set_aside(side, "belongs to a corrupt records database", self.log)
            set_aside(self.path, f"{exc}", self.log)
        except OSError as exc:
            self.problem = str(exc) if self.readonly else f"records database {self.path}: {exc}"
            if not self.readonly:
                self.log.warning("%s; records are off", self.problem)
            return
        try:
            self.db = self._connect()
            self.log.warning("made a new records database %s", self.path)
        except (sqlite3.Error, OSError) as exc:
            self.log.warning("records database %s: %s; records are off", self.path, exc)
            self.db = None

    def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None

    def _run(self, sql: str, args: tuple = ()) -> sqlite3.Cursor | None:
        if self.db is None and self.busy and self.monotonic() >= self._retry_at:
            self._open()                     # the lock may be gone by now
        if self.db is None:
            return None
        try:
            cur = self.db.execute(sql, args)
            self.db.commit()
            return cur
        except sqlite3.Error as exc:
            self.log.warning("records: %s", exc)
            return None

    # ---- writing -------------------------------------------------------------------------------
    def start(self, session, attract: bool = False) -> int | None:
        """A row for a game that just began; returns its id (kept in the autosave for resume)."""
        humans = len(session.human_seats)
        cur = self._run("INSERT INTO sessions (game, humans, computers, started, actions, attract) "
                        "VALUES (?,?,?,?,?,?)",
                        (session.game_name, humans, len(session.seats) - humans, self.clock(),
                         len(session.actions), int(bool(attract))))
        return cur.lastrowid if cur is not None else None

    def played(self, record_id: int | None, actions: int) -> None:
        """The open row's count of actions played so far."""
        if record_id is not None:
            self._run("UPDATE sessions SET actions=? WHERE id=? AND outcome IS NULL", (actions, record_id))

    def finish(self, record_id: int | None, session, outcome: str) -> None:
        """Close a row once: a row already closed keeps its first ending."""
        if record_id is None:
            return
        if outcome not in OUTCOMES:
            raise ValueError(f"outcome {outcome!r} not in {OUTCOMES}")
        winners = json.dumps(list(session.game.winners)) if outcome == "won" else None
        self._run("UPDATE sessions SET ended=?, outcome=?, winners=?, actions=? "
                  "WHERE id=? AND outcome IS NULL",
                  (self.clock(), outcome, winners, len(session.actions), record_id))

    def reopen(self, record_id: int | None) -> bool:
        """A resumed game goes on in its own row (closed again when it ends); False if it is gone."""
        if record_id is None:
            return False
        cur = self._run("UPDATE sessions SET ended=NULL, outcome=NULL, winners=NULL WHERE id=?", (record_id,))
        return cur is not None and cur.rowcount == 1

    def close_open(self, outcome: str = "abandoned", keep: int | None = None) -> int:
        """Rows left open by a crash that will not be resumed are closed as ``outcome``."""
        cur = self._run("UPDATE sessions SET ended=COALESCE(ended, ?), outcome=? "
                        "WHERE outcome IS NULL AND id IS NOT ?", (self.clock(), outcome, keep))
        return cur.rowcount if cur is not None else 0

    # ---- reading -------------------------------------------------------------------------------
    def rows(self, since: float | None = None, attract: bool = False) -> list[dict]:
        """Rows started at or after ``since``: people's games, and the demos too with ``attract``."""
        where, args = [], ()
        if since is not None:
            where, args = ["started >= ?"], (since,)
        if not attract:
            where.append("attract = 0")
        sql = "SELECT " + ", ".join(self.columns) + " FROM sessions"
        cur = self._run(sql + (" WHERE " + " AND ".join(where) if where else "") + " ORDER BY id", args)
        return [dict(zip(COLUMNS, r, strict=True)) for r in cur.fetchall()] if cur is not None else []

    def totals(self, since: float | None = None) -> dict:
        """Counts over rows started at or after ``since`` (default: today, local midnight)."""
        if since is None:
            since = today_start(self.clock())
        everything = self.rows(since, attract=True)
        rows = [r for r in everything if not r["attract"]]
        out = {"games": len(rows), "won": 0, "abandoned": 0, "idle": 0, "open": 0,
               "humans": 0, "minutes": 0.0, "by_table": {}, "attract": len(everything) - len(rows)}
        for r in rows:
            out[r["outcome"] or "open"] += 1
            out["humans"] += r["humans"]
            if r["ended"]:
                out["minutes"] += (r["ended"] - r["started"]) / 60
            out["by_table"][r["game"]] = out["by_table"].get(r["game"], 0) + 1
        out["minutes"] = round(out["minutes"], 1)
        return out


class SessionRecorder:
    """Ties a running ``GameSession`` to a row: ``begin`` when a game starts (or resumes; an
    attract demo with ``attract=True``), ``end`` when it is left; each action updates the row's
    count, and the game reaching its end closes the row as won by itself."""

    def __init__(self, records: Records):
        self.records = records
        self.session = None
        self.record_id: int | None = None
        self.attract = False

    def begin(self, session, record_id: int | None = None, attract: bool = False) -> int | None:
        if session is self.session:
            return self.record_id
        self.end("abandoned")
        self.session = session
        self.attract = attract
        self.record_id = (record_id if self.records.reopen(record_id)
                          else self.records.start(session, attract=attract))
        session.listeners.append(self._on_action)
        if session.game.over:
            self.end("won")
        return self.record_id

    def _on_action(self, session, action, events) -> None:
        if session is not self.session:
            return
        if self.record_id is None and self.records.busy:      # begun while the file was locked:
            self.record_id = self.records.start(session, attract=self.attract)   # its row, late
        if session.game.over:
            self.end("won")
        else:
            self.records.played(self.record_id, len(session.actions))

    def end(self, outcome: str) -> None:
        session = self.session
        if session is None:
            return
        if self._on_action in session.listeners:
            session.listeners.remove(self._on_action)
        self.records.finish(self.record_id, session, "won" if session.game.over else outcome)
        self.session = None
        self.record_id = None


def _check(db: sqlite3.Connection) -> None:
    """SQLite's own integrity check; ``Corrupt`` when it finds damage (a lock raises as busy)."""
    row = db.execute("PRAGMA integrity_check").fetchone()
    if not row or row[0] != "ok":
        raise Corrupt(f"integrity check: {row[0] if row else 'no answer'}")


def today_start(now: float | None = None) -> float:
    day = datetime.fromtimestamp(time.time() if now is None else now).replace(
        hour=0, minute=0, second=0, microsecond=0)
    return day.timestamp()


def format_totals(totals: dict, title: str) -> str:
    lines = [title,
             f"  games       {totals['games']}",
             f"  won         {totals['won']}",
             f"  abandoned   {totals['abandoned']}",
             f"  idle reset  {totals['idle']}",
             f"  in progress {totals['open']}",
             f"  players     {totals['humans']}",
             f"  minutes     {totals['minutes']}",
             f"  attract demos {totals['attract']} (not in the figures above)"]
    for game, count in sorted(totals["by_table"].items()):
        lines.append(f"  {game:<11} {count}")
    return "\n".join(lines)


def _iso(t: float | None) -> str:
    return datetime.fromtimestamp(t).isoformat(timespec="seconds") if t else ""


def main(argv: list[str] | None = None) -> int:
    """``stats``: today's totals; ``--csv``: every row of the chosen days as CSV on stdout."""
    parser = argparse.ArgumentParser(prog="main.py stats", description="Meowcade session records")
    parser.add_argument("--csv", action="store_true", help="print the sessions as CSV rows")
    parser.add_argument("--days", type=int, default=1, help="how many days back (1 = today)")
    parser.add_argument("--home", help="data folder (default: the user data folder)")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(message)s")
    # read-only: stats never creates, alters or sets aside the file a running kiosk writes
    records = Records(db_path(args.home), readonly=True, wait=STATS_WAIT)
    if records.db is None:
        if records.busy:
            print(f"meowcade: {records.problem} (waited {STATS_WAIT:.0f} s); try again later",
                  file=sys.stderr)
            return 1
        if not records.path.exists():
            print(f"No records yet ({records.path})")
            return 0
        print(f"meowcade: {records.problem}", file=sys.stderr)
        return 1
    since = today_start() - max(args.days - 1, 0) * 86400
    if args.csv:
        out = csv.writer(sys.stdout, lineterminator="\n")
        out.writerow(COLUMNS)
        for r in records.rows(since, attract=True):
            out.writerow([r["id"], r["game"], r["humans"], r["computers"], _iso(r["started"]),
                          _iso(r["ended"]), r["winners"] or "", r["outcome"] or "open", r["actions"],
                          r["attract"]])
    else:
        title = "Today" if args.days == 1 else f"Last {args.days} days"
        print(format_totals(records.totals(since), f"{title} ({records.path})"))
    records.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
