"""simulate --cluster: games played on a Dask LocalCluster with 2 worker processes give the same
figures as --jobs 1, figure for figure (card files travel as text), with the progress bar."""
import io
import json

import pytest

from game.rules.meow_dice_data import DATA_PATH
from game.simulation import simulate

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as local:
        yield local.scheduler_address


def test_cluster_run_equals_jobs_1_figure_for_figure(cluster, tmp_path):
    cards = tmp_path / "cards.json"
    data = json.loads(DATA_PATH.read_text(encoding="utf-8"))
    data["strict"] = False
    data["regular"][0]["card"] = "food/tabby/5/!C"
    cards.write_text(json.dumps(data))
    plans = [simulate.Plan("hungry-meow", 4, 30, 7, ["heuristic", "random", "random", "random"]),
             simulate.Plan("meow-dice", 3, 20, 2, ["heuristic"], cards=str(cards)),
             simulate.Plan("zodiac", 2, 6, 3, ["kitten"], {"rounds": 1})]
    for plan in plans:
        stream = io.StringIO()
        bar = simulate.Progress(plan.games, stream)
        on_cluster = simulate.run(plan, cluster=cluster, bar=bar)
        local = simulate.run(plan, jobs=1, progress=False)
        assert simulate.without_timing(on_cluster) == simulate.without_timing(local), plan.game
        assert bar.done == plan.games          # the bar was fed as chunks came back


def test_no_scheduler_is_one_line(capsys, monkeypatch):
    from game.simulation import cluster as sim_cluster
    monkeypatch.setattr(sim_cluster, "CONNECT_TIMEOUT", "1s")
    code = simulate.main(["hungry-meow", "--games", "2", "--cluster", "tcp://127.0.0.1:9"])
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("simulate: --cluster tcp://127.0.0.1:9: no Dask scheduler")
    assert len(err.strip().splitlines()) == 1
