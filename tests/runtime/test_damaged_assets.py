"""Issue 11.3: a damaged asset costs only what needs it. Each test copies the assets, levels and
card data to a temporary asset root (``MEOWCADE_ASSETS``), damages ONE file, and runs the game in
a child process (tests/runtime/damaged_child.py): the table select shows a table whose card data
or level does not load as "out of order" (the reason in the log), every other table starts and
its computer cats play; a damaged font means pygame's default font in English; a bad sound is
silent alone. Outside the kiosk the same damage gives one line on stderr, never a traceback."""
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
TABLES = ("hungry-meow", "meow-dice", "zodiac")
CARDS = "game/rules/meow_dice_cards.json"
FONT = "assets/fonts/MeowcadeSans-TC.otf"


def asset_copy(tmp_path, damaged: str) -> pathlib.Path:
    """A copy of everything the game reads, with ``damaged`` cut to a third (the card data made
    invalid JSON, a sound replaced by noise)."""
    root = tmp_path / "assets-copy"
    shutil.copytree(ROOT / "assets", root / "assets")
    shutil.copytree(ROOT / "levels", root / "levels")
    (root / "game" / "rules").mkdir(parents=True)
    shutil.copy(ROOT / CARDS, root / CARDS)
    target = root / damaged
    data = target.read_bytes()
    if damaged.endswith(".ogg"):
        target.write_bytes(bytes(range(256)) * 4)
    else:
        target.write_bytes(data[:len(data) // 3])
    assert target.read_bytes() != data
    return root


def env_for(root: pathlib.Path) -> dict:
    env = dict(os.environ, MEOWCADE_ASSETS=str(root), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("MEOWCADE_HOME", None)
    return env


_COMPILED: dict[tuple[str, str], bytes | None] = {}     # (file's SHA-1, language) -> its .mo


def _compiled(source: pathlib.Path, lang: str) -> bytes | None:
    from game.runtime import i18n

    key = (hashlib.sha1(source.read_bytes()).hexdigest(), lang)
    if key not in _COMPILED:
        try:
            _COMPILED[key] = i18n.compile_catalogue(source, lang)
        except Exception:        # a damaged catalogue: the game compiles it (and says so) itself
            _COMPILED[key] = None
    return _COMPILED[key]


def keep_compiled_catalogues(root: pathlib.Path, home: pathlib.Path) -> None:
    """The copy's text catalogues compiled into ``home``'s cache under the names the game keeps them
    by (game.runtime.i18n.kept_file: path, size, time), as the game's first start leaves them: each
    child would otherwise compile all 20 again (~2 s of processor), the same Babel compile of the same
    files, done once per test process here (by content)."""
    from game.files.paths import write_private
    from game.runtime import i18n

    locale = root / i18n.LOCALE_DIR
    kept = list(i18n._DISK)
    i18n.use_disk_cache(pathlib.Path(home) / "data" / "cache")         # where App(home=) keeps them
    try:
        for lang in i18n.LANGUAGES:
            for source in i18n._files_in(locale, lang):
                data = _compiled(source, lang)
                if data is not None:
                    write_private(i18n.kept_file(source, lang), data)
    finally:
        i18n._DISK[:] = kept


def run_child(tmp_path, damaged: str) -> tuple[dict, str]:
    """What the game did with ``damaged`` broken, and its log."""
    home = tmp_path / "home"
    root = asset_copy(tmp_path, damaged)
    keep_compiled_catalogues(root, home)
    out = subprocess.run([sys.executable, "-m", "tests.runtime.damaged_child", str(home)], cwd=ROOT,
                         env=env_for(root), capture_output=True, text=True, timeout=240)
    assert out.returncode == 0, out.stderr[-3000:]
    assert "Traceback" not in out.stderr
    log = (home / "data" / "logs" / "meowcade.log").read_text(encoding="utf-8")
    return json.loads(out.stdout.strip().splitlines()[-1]), log


def assert_others_play(seen: dict, closed: str | None) -> None:
    for game in TABLES:
        if game == closed:
            assert game not in seen["played"]
        else:
            assert seen["cards"][game] == {"enabled": True, "problem": None}
            assert seen["played"][game] >= 6, f"{game} did not play: {seen['played']}"


@pytest.mark.parametrize("level, game", [("levels/hungry-meow.tmx", "hungry-meow"),
                                         ("levels/meow-dice.tmx", "meow-dice"),
                                         ("levels/zodiac.tmx", "zodiac")])
def test_a_damaged_level_closes_its_table_only(tmp_path, level, game):
    seen, log = run_child(tmp_path, level)
    card = seen["cards"][game]
    assert card["enabled"] is False and card["problem"].startswith(f"{level}: not a valid Tiled map")
    assert f"table {game} is out of order: {level}: not a valid Tiled map" in log
    assert_others_play(seen, game)
    assert seen["lang"] == "zh_TW" and seen["out_of_order"] == "暫停使用"


@pytest.mark.parametrize("game", TABLES)
def test_a_damaged_palette_closes_its_table_only(tmp_path, game):
    """Issue 20.1: a table's colour file that does not load is that table out of order."""
    palette = f"assets/palettes/{game}.json"
    seen, log = run_child(tmp_path, palette)
    card = seen["cards"][game]
    assert card["enabled"] is False and card["problem"].startswith(f"palette {palette} line")
    assert f"table {game} is out of order: palette {palette} line" in log
    assert_others_play(seen, game)


@pytest.mark.parametrize("game", TABLES)
def test_a_damaged_tile_image_closes_its_table_only(tmp_path, game):
    """Issue 20.5: a level's tileset image that does not load closes the table at the table
    select (as a damaged .tmx does), not with a LayoutError while drawing it."""
    tiles = f"levels/{game}-tiles.png"
    seen, log = run_child(tmp_path, tiles)
    card = seen["cards"][game]
    assert card["enabled"] is False
    assert card["problem"].startswith(f"levels/{game}.tmx: cannot load its tiles ({game}-tiles.png")
    assert f"table {game} is out of order: levels/{game}.tmx: cannot load its tiles" in log
    assert_others_play(seen, game)


def test_damaged_card_data_closes_meow_meow_dice_only(tmp_path):
    seen, log = run_child(tmp_path, CARDS)
    card = seen["cards"]["meow-dice"]
    assert card["enabled"] is False and card["problem"].startswith("meow_dice_cards.json line")
    assert "table meow-dice is out of order: meow_dice_cards.json line" in log
    assert_others_play(seen, "meow-dice")


def test_a_damaged_font_falls_back_to_the_default_font_in_english(tmp_path):
    seen, log = run_child(tmp_path, FONT)
    assert seen["font_ok"] is False and seen["lang"] == "en"       # asked for zh_TW
    assert seen["text_width"] > 0 and seen["out_of_order"] == "Out of order"
    assert f"font {FONT} does not load" in log and "using pygame's default font and English" in log
    assert_others_play(seen, None)


def test_one_bad_sound_is_silent_alone(tmp_path):
    seen, log = run_child(tmp_path, "assets/sounds/deal.ogg")
    from game.runtime.mixer import CUE_SPECS

    assert seen["audio"] is True
    # the deal keeps its other pitch variants; every other cue has all of its own
    assert seen["sounds"] == {c: s.variants - (c == "deal") for c, s in CUE_SPECS.items()}
    assert "sound deal.ogg does not load" in log
    assert_others_play(seen, None)


# ---- outside the kiosk: one line on stderr, the traceback (if any) in the log -------------------
def run_game(tmp_path, damaged: str, *args: str) -> subprocess.CompletedProcess:
    root = asset_copy(tmp_path, damaged)
    keep_compiled_catalogues(root, tmp_path / "home")
    return subprocess.run([sys.executable, "main.py", *args, "--home", str(tmp_path / "home"), "--no-audio",
                           "--size", "640x360"], cwd=ROOT, env=env_for(root), capture_output=True, text=True,
                          timeout=120)


def test_demo_of_a_table_with_damaged_cards_is_one_line(tmp_path):
    out = run_game(tmp_path, CARDS, "--demo", "meow-dice:2", "--frames", "3")
    assert out.returncode != 0 and "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(
        "meowcade: table meow-dice is out of order: meow_dice_cards.json line"), out.stderr


def test_the_other_tables_start_from_the_command_line_with_damaged_cards(tmp_path):
    out = run_game(tmp_path, CARDS, "--demo", "zodiac:3", "--frames", "30")
    assert out.returncode == 0, out.stderr
    assert out.stderr.strip() == ""


def test_the_kiosk_starts_its_supervisor_with_a_damaged_palette(tmp_path):
    """Issue 20.1: no exit 2 before the supervisor: the kiosk's game runs, the table is closed."""
    home = tmp_path / "home"
    out = subprocess.run([sys.executable, "main.py", "--kiosk", "--frames", "20", "--home", str(home),
                          "--no-audio", "--size", "640x360"], cwd=ROOT,
                         env=env_for(asset_copy(tmp_path, "assets/palettes/zodiac.json")),
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "Traceback" not in out.stderr and "palette" not in out.stderr


@pytest.mark.parametrize("damaged, line", [
    (CARDS, "meowcade: table meow-dice is out of order: meow_dice_cards.json line"),
    ("assets/palettes/zodiac.json",
     "meowcade: table zodiac is out of order: palette assets/palettes/zodiac.json"),
    ("levels/hungry-meow.tmx", "meowcade: table hungry-meow is out of order: levels/hungry-meow.tmx: "),
    (FONT, f"meowcade: font {FONT} does not load"),
])
def test_the_game_in_a_terminal_says_what_is_damaged_in_one_line_and_goes_on(tmp_path, damaged, line):
    out = run_game(tmp_path, damaged, "--frames", "10")          # the title screen
    assert out.returncode == 0 and "Traceback" not in out.stderr, out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(line), out.stderr


def test_replay_and_simulate_with_damaged_cards_are_one_line(tmp_path):
    root = asset_copy(tmp_path, CARDS)
    replay = tmp_path / "md.json"
    replay.write_text(json.dumps({"game": "meow-dice", "players": 2, "seed": 3, "actions": []}))
    for args in (["replay", str(replay)], ["simulate", "meow-dice", "--games", "1"]):
        out = subprocess.run([sys.executable, "main.py", *args], cwd=ROOT, env=env_for(root),
                             capture_output=True, text=True, timeout=120)
        assert out.returncode != 0 and "Traceback" not in out.stderr, out.stderr
        assert len(out.stderr.strip().splitlines()) == 1 and "meow_dice_cards.json line" in out.stderr
        assert "internal error" not in out.stderr


def test_an_error_nothing_else_catches_is_one_line_with_the_traceback_in_the_log(tmp_path):
    home = tmp_path / "home"
    env = dict(os.environ, SDL_VIDEODRIVER="no-such-driver", SDL_AUDIODRIVER="dummy")
    out = subprocess.run([sys.executable, "main.py", "--frames", "2", "--home", str(home), "--no-audio"],
                         cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    log = home / "data" / "logs" / "meowcade.log"
    assert out.returncode == 1 and "Traceback" not in out.stderr
    assert out.stderr.strip() == f"meowcade: pygame.error: no-such-driver not available (details in {log})"
    assert "Traceback" in log.read_text(encoding="utf-8")
