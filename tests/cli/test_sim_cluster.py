"""simulate --cluster, on a scheduler and workers started as a designer would on other machines:
`dask scheduler` and `dask worker` from a plain install, in a folder without the project and with
no PYTHONPATH (issue 20.13). The figures equal --jobs 1 figure for figure (card files travel as
text), the progress bar is fed, a trillion games start at once (20.9), and a wrong address —
nothing there, a port where something else listens, not an address at all — is one line within a
few seconds, with no traceback (20.10)."""
import importlib.util
import io
import json
import os
import shutil
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game.rules.meow_dice_data import DATA_PATH
from game.simulation import simulate

ROOT = Path(__file__).resolve().parents[2]
DASK = Path(sys.executable).with_name("dask")
# CI installs the designer's packages (./run-tests does), so there a missing Dask is a failure, not
# a skip (as MEOWCADE_REQUIRE_RENDER does for the music tools); MEOWCADE_REQUIRE_CLUSTER asks the same
REQUIRED = os.environ.get("CI", "").lower() == "true" or bool(os.environ.get("MEOWCADE_REQUIRE_CLUSTER"))
# looked up, not imported: importing it costs each pytest worker ~1 s of collection, and only the
# tests that start a cluster need it
HAVE = {"Dask's distributed": importlib.util.find_spec("distributed") is not None,
        f"the dask command ({DASK})": DASK.exists()}
MISSING = [what for what, here in HAVE.items() if not here]
pytestmark = pytest.mark.skipif(bool(MISSING) and not REQUIRED, reason=f"missing: {', '.join(MISSING)}")


def test_ci_has_the_cluster_tools():
    # in CI (or with MEOWCADE_REQUIRE_CLUSTER) the cluster tests never skip: this one says why
    assert not MISSING, f"missing: {', '.join(MISSING)}"


def plain_env() -> dict:
    """The environment of a machine that has only `pip install "dask[distributed]"`."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "MEOWCADE_HOME")}
    env["DASK_DISTRIBUTED__WORKER__DAEMON"] = "False"
    return env


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    assert not MISSING, f"missing: {', '.join(MISSING)}"
    where = tmp_path_factory.mktemp("plain-machine")
    info = where / "scheduler.json"
    env = plain_env()
    check = subprocess.run([sys.executable, "-c", "import game"], cwd=where, env=env, capture_output=True)
    assert check.returncode != 0, "the 'plain' machine can import the project: the test proves nothing"
    procs = [subprocess.Popen([str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0",
                               "--no-dashboard", "--scheduler-file", str(info)], cwd=where, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        for _ in range(300):
            if info.exists() and info.stat().st_size:
                break
            time.sleep(0.1)
        procs.append(subprocess.Popen([str(DASK), "worker", "--scheduler-file", str(info), "--nworkers", "2",
                                       "--nthreads", "1", "--no-dashboard"], cwd=where, env=env,
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        address = json.loads(info.read_text())["address"]
        from distributed import Client
        with Client(address, timeout="30s") as client:
            client.wait_for_workers(2, timeout=60)
        yield address
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
        shutil.rmtree(where, ignore_errors=True)


def test_cluster_run_equals_jobs_1_figure_for_figure(cluster, tmp_path):
    cards = tmp_path / "cards.json"
    data = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    data["strict"] = False
    data["regular"][0]["card"] = "food/tabby/5/!C"
    cards.write_text(json.dumps(data))
    plans = [simulate.Plan("hungry-meow", 4, 30, 7, ["heuristic", "random", "random", "random"]),
             simulate.Plan("meow-dice", 3, 20, 2, ["heuristic"]),
             simulate.Plan("meow-dice", 3, 20, 2, ["heuristic"], cards=str(cards)),
             simulate.Plan("zodiac", 2, 6, 3, ["kitten"], {"rounds": 1})]
    for plan in plans:
        stream = io.StringIO()
        bar = simulate.Progress(plan.games, stream)
        on_cluster = simulate.run(plan, cluster=cluster, bar=bar)
        local = simulate.run(plan, jobs=1, progress=False)
        assert simulate.without_timing(on_cluster) == simulate.without_timing(local), plan.game
        assert bar.done == plan.games          # the bar was fed as chunks came back


TRILLION = """
import itertools, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (3 << 30, 3 << 30))   # a chunk list of 10^12 fails here
from game.simulation import cluster, plan as plans, runs
plan = plans.Plan("hungry-meow", 2, 10 ** 12, 1, ["random"])
games = cluster.results(plan, sys.argv[1])
first = list(itertools.islice(games, 40))
games.close()
assert first == list(itertools.islice(runs.local_results(plan, 1), 40))
print("played", len(first))
"""


def test_a_trillion_games_on_the_cluster_start_at_once(cluster):
    out = subprocess.run([sys.executable, "-c", TRILLION, cluster], cwd=ROOT, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().endswith("played 40")


def _listener(speaks: bytes | None):
    """A local port where something that is not Dask listens (silent, or talking HTTP at once)."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()

    def serve():
        while True:
            try:
                conn, _ = server.accept()
            except OSError:
                return
            if speaks:
                conn.sendall(speaks)
            threading.Timer(8, conn.close).start()

    threading.Thread(target=serve, daemon=True).start()
    return server


def _simulate_cli(*flags: str, capsys=None) -> subprocess.CompletedProcess:
    """``main.py simulate hungry-meow --games 4 FLAGS`` in a process of its own, or with ``capsys``
    called in this one (main.main: the same error handling and one-line report; a wrong address
    fails before any Dask client is made, so nothing is left behind). The process costs ~1.1 s of
    processor, nearly all of it importing Dask: each test keeps one real process."""
    args = ["simulate", "hungry-meow", "--games", "4", *flags]
    if capsys is None:
        return subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, capture_output=True, text=True,
                              timeout=90)
    import main

    capsys.readouterr()
    code = main.main(args)
    out = capsys.readouterr()
    return subprocess.CompletedProcess(["main.py", *args], code, out.out, out.err)


@pytest.mark.parametrize("speaks", [None, b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n"])
def test_something_else_listening_is_one_line(speaks, capsys):
    server = _listener(speaks)
    try:       # the silent listener in a real process, the one talking HTTP in this one
        out = _simulate_cli("--cluster", f"tcp://127.0.0.1:{server.getsockname()[1]}",
                            capsys=capsys if speaks else None)
    finally:
        server.close()
    assert out.returncode == 2, out.stderr
    assert len(out.stderr.strip().splitlines()) == 1, out.stderr
    assert "not a Dask scheduler" in out.stderr or "no Dask scheduler answers" in out.stderr


def test_no_scheduler_and_no_address_are_one_line(capsys):
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()                              # nothing listens on it now
    for i, (address, says) in enumerate(((f"tcp://127.0.0.1:{port}", "no Dask scheduler answers"),
                                         ("banana", "give a scheduler address like tcp://HOST:8786"),
                                         ("tcp://127.0.0.1:99999", "give a scheduler address"))):
        # the closed port in a real process, the two that are not addresses in this one
        out = _simulate_cli("--cluster", address, capsys=capsys if i else None)
        assert out.returncode == 2 and says in out.stderr, out.stderr
        assert len(out.stderr.strip().splitlines()) == 1, out.stderr
