"""simulate games per second with --jobs 1 and --jobs 2 (Hungry Meow, heuristic bots)."""
from __future__ import annotations

from game.simulation import simulate


def run(games: int = 200) -> dict:
    plan = simulate.Plan("hungry-meow", 4, games, 1, ["heuristic"])
    figures = {}
    for jobs in (1, 2):
        out = simulate.run(plan, jobs=jobs, progress=False)
        figures[f"jobs_{jobs}_games_per_second"] = out["games_per_second"]
        print(f"simulate hungry-meow 4 seats heuristic, --jobs {jobs}: "
              f"{out['games_per_second']} games/s over {games} games", flush=True)
    return figures


if __name__ == "__main__":
    run()
