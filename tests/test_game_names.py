"""No game names in shared code: what the shared layers know of a game comes from its kit
(``game.rules.kit``), and ``game/rules/registry.py`` is the one place that lists the games. Read
with ``ast``: a shared module (any file of game/, scenes/, kiosk/ or the command line that is not
one of a game's own files) may not hold a registered game's name or module word in a string
("zodiac", "hungry_meow", "scenes.zodiac.table:ZodiacTable", "table.zodiac.title") or its texts
prefix in a text key ("zc.ev.*", "results.zc.rounds"), nor import a game's module
(``game.bots.zodiac``, ``game.art.cards_zodiac``). Docstrings may mention games."""
import ast
import pathlib
import re

from game.rules.registry import KITS
from tests import source_trees

ROOT = pathlib.Path(__file__).resolve().parents[1]
FOLDERS = ("game", "scenes", "kiosk")
SCRIPTS = ("main.py", "cli_play.py")
REGISTRY = "game/rules/registry.py"
PARTS = re.compile(r"[.:/]")


def _word(word: str) -> re.Pattern:
    """A game's module word as a whole part of a name: zodiac, cards_zodiac, zodiac_kit."""
    return re.compile(rf"(^|_){re.escape(word)}(_|$)")


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def _imports(node: ast.AST) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if isinstance(node, ast.ImportFrom) and node.module:
        return [node.module] + [f"{node.module}.{a.name}" for a in node.names]
    return []


def game_names_in_shared_code(root: pathlib.Path, games: dict[str, str],
                              prefixes: dict[str, str] | None = None) -> list[str]:
    """``games``: name -> module word ("hungry-meow" -> "hungry_meow"); ``prefixes``: name -> its
    texts prefix ("hm"), found as a text key's first or a middle part ("hm.ev.*",
    "results.hm.by"). One line per finding."""
    words = {name: _word(word) for name, word in games.items()}
    prefixes = prefixes or {}
    files = [p for f in FOLDERS for p in sorted((root / f).rglob("*.py"))]
    files += [root / s for s in SCRIPTS if (root / s).exists()]
    found = []
    for path in files:
        rel = path.relative_to(root).as_posix()
        if rel == REGISTRY or any(w.search(part) for w in words.values()
                                  for part in PARTS.split(rel.removesuffix(".py"))):
            continue                                  # the registry, or a game's own file
        tree = source_trees.tree(path)
        skip = _docstrings(tree)
        for node in ast.walk(tree):
            for name, w in words.items():
                hits = [m for m in _imports(node) if any(w.search(part) for part in m.split("."))]
                if hits:                                  # the module, not each name taken from it
                    found.append(f"{rel}:{node.lineno} imports {hits[0]} ({name})")
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
                text = node.value
                parts = PARTS.split(text)
                for name, w in words.items():
                    if text == name or any(w.search(p) for p in parts if " " not in p):
                        found.append(f"{rel}:{node.lineno} names {name} in {text!r}")
                keys = text.split(".")
                for name, prefix in prefixes.items():
                    if " " not in text and len(keys) > 1 and prefix in keys[:-1]:
                        found.append(f"{rel}:{node.lineno} names {name}'s texts in {text!r}")
    return sorted(set(found))


def test_no_game_names_in_shared_code():
    games = {name: kit.module for name, kit in KITS.items()}
    prefixes = {name: kit.text_prefix for name, kit in KITS.items()}
    assert game_names_in_shared_code(ROOT, games, prefixes) == []


def test_the_check_finds_names_imports_and_references_on_a_fake_tree(tmp_path):
    """The checker itself, on a fake tree with a fake game "frog-race": every way a shared module
    can know it is found; its own files, the registry and docstrings are left alone."""
    files = {
        "game/rules/registry.py": 'KITS = {"frog-race": "game.rules.frog_race_kit"}\n',
        "game/rules/frog_race.py": 'NAME = "frog-race"\n',
        "scenes/frog_race/table.py": 'KEY = "table.frog_race.title"\n',
        "game/play/match.py": 'QUIET = {"frog-race": {"Hop"}}\n',
        "game/bots/advice.py": "def f():\n    from game.bots.frog_race import Bot\n",
        "scenes/tables.py": 'SCENE = "scenes.frog_race.table:FrogTable"\nTITLE = "table.frog_race.title"\n',
        "scenes/help.py": 'import game.art.cards_frog_race\nWORD = "frog_race"\n',
        "kiosk/fine.py": '"""Frog-race and frog_race are only mentioned here."""\nX = "a frog race"\n'
                         'DOC = "README.fr"\n',
        "scenes/results.py": 'BOXES = {"results.fr.jumps": 1, "fr.ev.*": 2}\n',
    }
    for rel, text in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text(text, encoding="utf-8")
    found = game_names_in_shared_code(tmp_path, {"frog-race": "frog_race"}, {"frog-race": "fr"})
    joined = "\n".join(found)
    assert "game/play/match.py:1 names frog-race in 'frog-race'" in joined
    assert "game/bots/advice.py:2 imports game.bots.frog_race" in joined
    assert "scenes/tables.py:1 names frog-race in 'scenes.frog_race.table:FrogTable'" in joined
    assert "scenes/tables.py:2 names frog-race in 'table.frog_race.title'" in joined
    assert "scenes/help.py:1 imports game.art.cards_frog_race" in joined
    assert "scenes/help.py:2 names frog-race in 'frog_race'" in joined
    assert "scenes/results.py:1 names frog-race's texts in 'results.fr.jumps'" in joined
    assert "scenes/results.py:1 names frog-race's texts in 'fr.ev.*'" in joined
    assert not any(f.startswith(("game/rules/", "scenes/frog_race/", "kiosk/")) for f in found), found


def test_every_kit_names_its_parts_in_their_own_layer():
    """A kit is read by every layer, and each layer loads only its own parts: the names a kit
    gives lie in the layer that loads them (so they never point upward) and they resolve."""
    from game.rules.kit import LAYER, resolve

    for kit in KITS.values():
        named = [(part, getattr(kit, part)) for part in LAYER if part != "bots" and getattr(kit, part)]
        named += [("bots", ref) for ref in kit.bots.values()]
        for part, ref in named:
            assert ref.startswith(LAYER[part] + "."), (kit.name, part, ref)
            assert resolve(ref) is not None, (kit.name, part, ref)
