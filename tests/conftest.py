"""Suite-wide: each test pays for its own objects only.

A table that closes calls ``give_back_memory`` (a full ``gc.collect``), whose cost grows with every
object alive in the process. One pytest worker runs hundreds of tests, and what they leave behind
(caches, fonts, imported modules) made the same monkey run take 40 s late in a worker against 20 s
alone. After each test, its garbage is collected and the survivors are frozen (``gc.freeze``):
later collections skip them, as a kiosk's collections never see a test suite's objects."""
import gc
import os

import pytest


def pytest_configure(config):
    """Test folders (``tmp_path``) in memory where the machine has a tmpfs: the game fsyncs every
    file it writes (settings, saves, autosaves, records), ~7 ms each on a virtual disk and
    thousands in a run, while on tmpfs an fsync costs nothing and the files are the same files.
    A ``PYTEST_DEBUG_TEMPROOT`` or ``--basetemp`` given by hand wins; pytest keeps the last three
    runs' folders, as it does under /tmp."""
    if "PYTEST_DEBUG_TEMPROOT" not in os.environ and os.path.isdir("/dev/shm") \
            and os.access("/dev/shm", os.W_OK):
        os.environ["PYTEST_DEBUG_TEMPROOT"] = "/dev/shm"


@pytest.fixture(autouse=True, scope="function")
def _freeze_what_earlier_tests_left():
    yield
    from game.play import think_worker

    think_worker.enable(False)     # a test that ran cli_play turned the worker process on
    gc.collect()
    gc.freeze()


def pytest_collection_modifyitems(items):
    """The slow tests first (stable: otherwise in collection order). pytest-xdist's worksteal gives
    each worker a half of the list and an idle worker steals from the end of a busy one's queue,
    so the long tests start early and the run ends on short ones instead of one worker finishing
    a 20-second test alone."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
