"""Balance reports opened in a real browser: three reports (one setting, an A/B compare, a sweep of
five settings) made with ``simulate --report``, opened in the system's headless Chromium through
Playwright at 1366x768, a full-page screenshot of each for a person to look at, and a summary of
what a test checks (JSON): the page's width, the smallest text drawn in each plot in CSS pixels,
the tick labels of each plot, and whether the panels of one plot show the same ticks.

    .venv/bin/python tools/report_screenshots.py --out /tmp/reports [--games 60]
"""
from __future__ import annotations

import argparse
import base64
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
VIEWPORT = {"width": 1366, "height": 768}


def reports(out: Path, games: int, cards: Path) -> dict[str, list[str]]:
    """name -> the simulate command line of each report."""
    return {
        "one-setting": ["hungry-meow", "--players", "4", "--games", str(games * 2), "--bots", "heuristic"],
        "compare": ["meow-dice", "--players", "2", "--games", str(games * 2), "--bots", "heuristic",
                    "--compare", "default", str(cards)],
        "sweep": ["zodiac", "--players", "2-6", "--games", str(games), "--bots", "heuristic"],
    }


def cheap_tuna(out: Path) -> Path:
    """The shipped card file with the Tuna can worth 0 (an A/B with something to find)."""
    data = json.loads((ROOT / "game" / "rules" / "meow_dice_cards.json").read_text(encoding="utf-8"))
    data["strict"] = False
    tuna = next(e for e in data["regular"] if e["name"] == "Tuna can")
    kind, cat, _, cond = tuna["card"].split("/")
    tuna["card"] = f"{kind}/{cat}/0/{cond}"
    path = out / "cheap-tuna.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def svg_facts(src: str) -> dict:
    """The viewBox width, the smallest font size (user units) and the texts of a data-URI SVG."""
    svg = base64.b64decode(src.split(",", 1)[1]).decode("utf-8")
    width = float(re.search(r'viewBox="[\d.]+ [\d.]+ ([\d.]+) ', svg).group(1))
    sizes = [float(x) for x in re.findall(r"font-size: ([\d.]+)px", svg)]
    texts = [t.strip() for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg) if t.strip()]
    return {"width": width, "smallest": min(sizes, default=0.0), "texts": texts}


def look(pages: dict[str, Path], out: Path) -> dict:
    from playwright.sync_api import sync_playwright

    summary = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        page = browser.new_page(viewport=VIEWPORT)
        for name, path in pages.items():
            page.goto(path.resolve().as_uri())
            page.wait_for_load_state("load")
            images = page.evaluate("""() => [...document.images].map(i => ({
                alt: i.alt, shown: i.getBoundingClientRect().width, src: i.src,
                caption: i.closest('figure') ? i.closest('figure').querySelector('figcaption').textContent
                                             : ''}))""")
            plots = []
            for image in images:
                facts = svg_facts(image["src"])
                plots.append({"plot": image["alt"], "setting": image["caption"],
                              "smallest_px": round(facts["smallest"] * image["shown"] / facts["width"], 2),
                              "texts": facts["texts"]})
            shot = out / f"{name}.png"
            page.screenshot(path=str(shot), full_page=True)
            summary[name] = {"page_width": page.evaluate("document.documentElement.scrollWidth"),
                             "screenshot": str(shot), "plots": plots}
        browser.close()
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", required=True, help="folder for the reports, screenshots and summary")
    parser.add_argument("--games", type=int, default=60)
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    pages = {}
    for name, command in reports(out, args.games, cheap_tuna(out)).items():
        path = out / f"{name}.html"
        done = subprocess.run([sys.executable, str(ROOT / "main.py"), "simulate", *command,
                               "--report", str(path)], cwd=ROOT, capture_output=True, text=True)
        if done.returncode != 0:
            print(f"report_screenshots: {name}: {done.stderr.strip().splitlines()[-1:]}", file=sys.stderr)
            return 1
        pages[name] = path
    summary = look(pages, out)
    (out / "summary.json").write_text(json.dumps(summary, indent=1), encoding="utf-8")
    for name, facts in summary.items():
        print(f"{name}: page {facts['page_width']} px wide, smallest text "
              f"{min(p['smallest_px'] for p in facts['plots'])} px, {facts['screenshot']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
