"""One question answered off the frame: the part ``BotRunner`` and ``HintRunner`` share.

A runner keeps at most one job (a dict with at least ``done`` and ``result``). ``_launch`` runs
``work()`` in a daemon thread and stores its answer under the lock; the frame loop reads it
later. Forgetting a job (``cancel``) never stops its thread: the answer is simply ignored.
"""
from __future__ import annotations

import threading
import time
from typing import Callable


class WorkerJob:
    def __init__(self):
        self._job: dict | None = None
        self._lock = threading.Lock()

    def _launch(self, job: dict, work: Callable[[], object], name: str) -> None:
        job.setdefault("done", False)
        job.setdefault("result", None)
        self._job = job

        def run():
            result = work()
            with self._lock:
                job["result"] = result
                job["done"] = True

        threading.Thread(target=run, name=name, daemon=True).start()

    def _answer(self, job: dict) -> tuple[bool, object]:
        """(done, result) of ``job``, read under the lock."""
        with self._lock:
            return job["done"], job["result"]

    def cancel(self) -> None:
        """Forget the job in progress (its thread finishes and is ignored)."""
        self._job = None

    def wait_ready(self, timeout: float = 5.0) -> bool:
        """Tests: block until the current job has answered (or there is none)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            job = self._job
            if job is None or job["done"]:
                return True
            time.sleep(0.002)
        return False
