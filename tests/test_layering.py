"""game.rules and game.bots are pure: they import with pygame absent and read no clock."""
import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]

BLOCK_PYGAME = """
import sys, importlib, pkgutil
sys.modules['pygame'] = None          # any 'import pygame' now raises ImportError
import game.rules, game.bots
for pkg in (game.rules, game.bots):
    for info in pkgutil.iter_modules(pkg.__path__):
        importlib.import_module(pkg.__name__ + '.' + info.name)
assert 'pygame' not in [m for m in sys.modules if sys.modules[m] is not None and m.startswith('pygame')]
print('ok')
"""


def test_rules_and_bots_import_without_pygame():
    out = subprocess.run([sys.executable, "-c", BLOCK_PYGAME], cwd=ROOT, capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_rules_and_bots_use_no_clock_and_no_global_random():
    banned = ("import time", "from time", "import datetime", "from datetime", "random.random(",
              "random.choice(", "random.shuffle(", "random.randint(", "random.seed(")
    for folder in ("game/rules", "game/bots"):
        for path in (ROOT / folder).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            for word in banned:
                assert word not in text, f"{path.relative_to(ROOT)} uses {word!r}"
