"""`simulate … --cluster ADDRESS`: the games played by the workers of a Dask distributed scheduler.

Game i is a pure function of (seed, i), so the games can be played anywhere in any order; the
results are put back in index order and the figures equal a ``--jobs 1`` run figure for figure.
The unit of work is the same index range as ``--jobs`` (``play_range``). A card file given with
``--cards`` travels as text, so the workers need the project (same version) but not the file.
Dask is imported only here, and this module only when --cluster is asked for.

Workers import the game from the project folder: start them with that folder on PYTHONPATH
(README, "simulate on more machines").
"""
from __future__ import annotations

import dataclasses
from typing import Callable, Iterator

from game.simulation.plan import Plan, SimError, chunks, play_range

CONNECT_TIMEOUT = "20s"


def connect(address: str):
    """A Dask client of the scheduler at ``address``; SimError (one line) if there is none."""
    try:
        from distributed import Client
    except ImportError:
        raise SimError("--cluster needs Dask: pip install -r requirements-designer.txt") from None
    try:
        return Client(address, timeout=CONNECT_TIMEOUT, set_as_default=False)
    except (OSError, TimeoutError, ValueError) as err:
        raise SimError(f"--cluster {address}: no Dask scheduler answers there ({err})") from None


def shippable(plan: Plan) -> Plan:
    """The plan with its card file's text inside, for workers on machines without the file."""
    if not plan.cards or plan.cards_text is not None:
        return plan
    try:
        with open(plan.cards, encoding="utf-8") as handle:
            return dataclasses.replace(plan, cards_text=handle.read())
    except (OSError, UnicodeDecodeError) as err:
        raise SimError(f"cards file {plan.cards}: cannot read it ({err})") from None


def results(plan: Plan, address: str, on_done: Callable[[int], None] | None = None) -> Iterator[dict]:
    """Every game's result in index order, played on the cluster; ``on_done(k)`` as k finish."""
    from distributed import as_completed

    sent = shippable(plan)
    client = connect(address)
    try:
        threads = sum(client.nthreads().values()) or 1
        work = chunks(plan.games, threads)
        futures = client.map(play_range, [sent] * len(work), [a for a, _ in work], [b for _, b in work],
                             pure=False)
        position = {future.key: i for i, future in enumerate(futures)}
        ready: dict[int, list[dict]] = {}
        following = 0
        for future in as_completed(futures, loop=client.loop):
            try:
                part = future.result()
            except Exception as err:       # most often: a machine without the project on its path
                first = str(err).strip().splitlines()[0] if str(err).strip() else ""
                raise SimError(f"--cluster {address}: games failed there ({type(err).__name__}: {first}); "
                               f"the scheduler and every worker need this project's folder on "
                               f"PYTHONPATH (README)") from None
            ready[position[future.key]] = part
            if on_done:
                on_done(len(part))
            while following in ready:            # hand results on in index order
                yield from ready.pop(following)
                following += 1
    finally:
        client.close()      # games not yet played are dropped by the scheduler
