"""Layers: game.rules and game.bots are pure (they import with pygame absent and read no clock), and
imports point one way. Inside game/ every module sits in a layer folder and may import only its own
folder and the folders ``LAYERS`` names for it:

    rules <- bots <- play <- simulation             (no pygame below play; simulation: the designer's)
    files <- play; files <- art <- runtime <- ui     (files: shipped files and the user's folders)
    phones                                          (the phones' server: imports no other layer)

then game/ <- scenes/ <- kiosk/ and the command line (main.py, cli_play.py)."""
import ast
import pathlib
import subprocess
import sys

from tests import source_trees

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


# ---- imports point one way (read with ast) ------------------------------------------------------
# (package whose files are checked, top-level module names its files may not import)
FORBIDDEN = {
    "game": ("scenes", "kiosk", "cli_play", "main"),
    "scenes": ("kiosk", "cli_play", "main"),
}
# inside game/: each layer folder and the game.* packages (besides its own) its files may import
LAYERS = {
    "game/rules": (),
    "game/bots": ("game.rules",),
    "game/files": (),
    "game/play": ("game.rules", "game.bots", "game.files"),
    "game/simulation": ("game.rules", "game.bots", "game.play", "game.files"),
    "game/art": ("game.rules", "game.files"),
    "game/runtime": ("game.rules", "game.bots", "game.play", "game.files", "game.art"),
    "game/ui": ("game.rules", "game.bots", "game.play", "game.files", "game.art", "game.runtime"),
    # the phones' server (issue 22) knows no game and no other layer; scenes start it, and the
    # play and simulation layers never use it
    "game/phones": (),
}
INNER = {folder: (folder.replace("/", "."),) + below for folder, below in LAYERS.items()}


def _call_name(call: ast.Call) -> str:
    return getattr(call.func, "attr", getattr(call.func, "id", ""))


def imported_modules(path: pathlib.Path, root: pathlib.Path = ROOT) -> list[tuple[int, str]]:
    """Every module ``path`` imports, anywhere in the file (functions, classes, try blocks too),
    as absolute dotted names; relative imports are resolved against the file's package."""
    package = list(path.relative_to(root).parts[:-1])     # a module's package, or __init__'s own
    found = []
    for node in ast.walk(source_trees.tree(path)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - (node.level - 1)] if node.level > 1 else package
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            found.append((node.lineno, module))
            # "from game import scenes_thing" names submodules too
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names if alias.name != "*"]
        elif isinstance(node, ast.Call) and _call_name(node) in ("import_module", "__import__") \
                and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str):
            found.append((node.lineno, node.args[0].value))      # importlib.import_module("x.y")
    return found


def upward_imports(root: pathlib.Path = ROOT) -> list[str]:
    bad = []
    for folder, banned in FORBIDDEN.items():
        for path in sorted((root / folder).rglob("*.py")):
            for line, module in imported_modules(path, root):
                if module.split(".")[0] in banned:
                    bad.append(f"{path.relative_to(root)}:{line} imports {module}")
    for folder, allowed in INNER.items():
        for path in sorted((root / folder).rglob("*.py")):
            for line, module in imported_modules(path, root):
                if module.startswith("game.") and not any(
                        module == a or module.startswith(a + ".") for a in allowed):
                    bad.append(f"{path.relative_to(root)}:{line} imports {module}")
    return bad


def test_imports_point_one_way():
    assert upward_imports() == []


def layer_circles(layers: dict = LAYERS) -> list[str]:
    """Layers that may import each other, directly or round about (the stated order must be one)."""
    found = []
    for start in layers:
        seen, todo = set(), [start]
        while todo:
            for below in layers.get(todo.pop(), ()):
                folder = below.replace(".", "/")
                if folder == start:
                    found.append(start)
                elif folder not in seen:
                    seen.add(folder)
                    todo.append(folder)
    return sorted(set(found))


def test_the_stated_layers_are_an_order():
    assert layer_circles() == []
    for folder, below in LAYERS.items():
        assert all(b.replace(".", "/") in LAYERS for b in below), f"{folder} names an unknown layer"
    assert layer_circles({"game/a": ("game.b",), "game/b": ("game.c",), "game/c": ("game.a",)}) \
        == ["game/a", "game/b", "game/c"]


def test_every_module_of_game_is_in_a_layer_folder():
    loose = [str(p.relative_to(ROOT)) for p in sorted((ROOT / "game").rglob("*.py"))
             if p.relative_to(ROOT).parts[:2] not in {tuple(f.split("/")) for f in LAYERS}
             and p.relative_to(ROOT) != pathlib.Path("game/__init__.py")]
    assert loose == [], f"put these in the folder of their layer ({', '.join(LAYERS)}): {loose}"


def test_the_layering_check_sees_imports_hidden_in_functions(tmp_path):
    """The checker itself: an upward import inside a function, a relative one and an
    importlib call are all found (so an empty answer above means something)."""
    fake = tmp_path
    for folder, text in {
        "game/rules": "def f():\n    from game import app\n",
        "game/bots": "from ..match import Match\n",
        "game/play": "from game.runtime.paths import data_dir\n",
        "game/art": "def f():\n    from ..ui import widgets\n",
        "game": "import importlib\n\ndef g():\n    importlib.import_module('scenes.title')\n",
        "scenes": "class S:\n    def h(self):\n        import kiosk.controller\n",
    }.items():
        (fake / folder).mkdir(parents=True, exist_ok=True)
        (fake / folder / "bad.py").write_text(text, encoding="utf-8")
    found = upward_imports(fake)
    assert any("game/rules/bad.py:2 imports game.app" in b for b in found), found
    assert any("game/bots/bad.py:1 imports game.match" in b for b in found), found
    assert any("game/play/bad.py:1 imports game.runtime.paths" in b for b in found), found
    assert any("game/art/bad.py:2 imports game.ui" in b for b in found), found
    assert any("game/bad.py:4 imports scenes.title" in b for b in found), found
    assert any("scenes/bad.py:3 imports kiosk.controller" in b for b in found), found


# ---- no import circle between modules (issue 19: "no import circle anywhere") -------------------
TOP = ("game", "scenes", "kiosk", "main.py", "cli_play.py")


def module_circles(root: pathlib.Path = ROOT) -> list[list[str]]:
    """Groups of the project's modules that import each other, directly or round about, counting
    imports inside functions (a deferred import still ties the two modules into one). A module's
    own packages are left out: Python runs them before it whatever the module imports."""
    files = {}
    for top in TOP:
        paths = [root / top] if top.endswith(".py") else sorted((root / top).rglob("*.py"))
        for path in paths:
            if path.exists():
                parts = list(path.relative_to(root).with_suffix("").parts)
                files[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    edges = {name: sorted({m for _, m in imported_modules(path, root)
                           if m in files and not (name + ".").startswith(m + ".")})
             for name, path in files.items()}
    # Tarjan's strongly connected components, iterative (the import graph is deep)
    index, low, on_stack, stack, groups, counter = {}, {}, set(), [], [], [0]
    for start in edges:
        if start in index:
            continue
        work = [(start, iter(edges[start]))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    group = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        group.append(member)
                        if member == node:
                            break
                    if len(group) > 1:
                        groups.append(sorted(group))
            elif child not in index:
                index[child] = low[child] = counter[0]
                counter[0] += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(edges[child])))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return sorted(groups)


def test_no_module_imports_itself_round_about():
    assert module_circles() == []


def test_the_circle_check_sees_a_circle_closed_inside_a_function(tmp_path):
    (tmp_path / "game" / "rules").mkdir(parents=True)
    (tmp_path / "game" / "rules" / "a.py").write_text("from game.rules.b import f\n", encoding="utf-8")
    (tmp_path / "game" / "rules" / "b.py").write_text(
        "def f():\n    from game.rules import a\n", encoding="utf-8")
    (tmp_path / "game" / "rules" / "c.py").write_text("import game.rules.a\n", encoding="utf-8")
    (tmp_path / "game" / "rules" / "__init__.py").write_text("from game.rules import c\n", encoding="utf-8")
    assert module_circles(tmp_path) == [["game.rules.a", "game.rules.b"]]
