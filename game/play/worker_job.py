"""One question answered off the frame: the part ``BotRunner`` and ``HintRunner`` share.

A runner keeps at most one job (a dict with at least ``done`` and ``result``). ``_launch`` hands
a task (a module-level function and its arguments, so that it can travel to another process)
to the think worker process (``game.play.think_worker``) when that is on, else runs it in a
daemon thread; the frame loop reads the answer later and never waits. An answer is
``(True, value)`` or ``(False, traceback text)``. Forgetting a job (``cancel``) never stops
its thinking: the answer is simply ignored.
"""
from __future__ import annotations

import pickle
import threading
import time

from game.play import think_worker
from game.play.think_worker import WorkerLost, run_task


class WorkerJob:
    def __init__(self):
        self._job: dict | None = None
        self._lock = threading.Lock()

    @property
    def _job(self) -> dict | None:
        return self.__job

    @_job.setter
    def _job(self, job: dict | None) -> None:
        old = getattr(self, "_WorkerJob__job", None)
        if old is not None and old is not job and "ticket" in old:
            old["worker"].forget(old["ticket"])        # its answer is not wanted any more
        self.__job = job

    def _launch(self, job: dict, fn, args: tuple, name: str) -> None:
        job.setdefault("done", False)
        job.setdefault("result", None)
        job["task"] = (fn, args, name)
        self._job = job
        worker = think_worker.worker()
        if worker is not None:
            try:
                job["worker"], job["ticket"] = worker, worker.submit(fn, args)
                return
            except (TypeError, AttributeError, pickle.PicklingError, OSError):
                job.pop("ticket", None)     # cannot travel (or the pipe broke): think here
        self._thread(job)

    def _thread(self, job: dict) -> None:
        fn, args, name = job["task"]

        def run():
            answer = run_task(fn, args)
            with self._lock:
                job["result"] = answer
                job["done"] = True

        threading.Thread(target=run, name=name, daemon=True).start()

    def _answer(self, job: dict) -> tuple[bool, tuple[bool, object] | None]:
        """(done, answer) of ``job``; the answer is (ok, value or traceback text)."""
        if "ticket" in job and not job["done"]:
            try:
                answer = job["worker"].answer(job["ticket"])
            except WorkerLost:                 # the process died: think again in a thread
                del job["ticket"]
                self._thread(job)
                answer = None
            if answer is not None:
                job["result"], job["done"] = answer, True
        with self._lock:
            return job["done"], job["result"]

    def cancel(self) -> None:
        """Forget the job in progress (its thinking finishes and is ignored)."""
        self._job = None

    def wait_ready(self, timeout: float = 5.0) -> bool:
        """Tests: block until the current job has answered (or there is none)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            job = self._job
            if job is None or self._answer(job)[0]:
                return True
            time.sleep(0.002)
        return False
