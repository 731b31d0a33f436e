"""Write the game's pictures as SVG files under assets/pictures/ from the painters that drew them
in code (a one-off: once written, the files are the source and the painters left the game; run
it from a checkout that still has them, e.g. ``git worktree add /tmp/old <commit>``):

    .venv/bin/python tools/art_to_svg.py [--only cats|dice|...] [--out assets/pictures] [--force]

Each painter is recorded (tools/svg_record.py) at a generous size, since SVG scales, and written
as one file per picture (tools/svg_write.py). A file that exists is kept unless ``--force``:
like the level generator, this never overwrites an artist's edit by default.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

from tools.svg_record import Canvas, Names, record  # noqa: E402
from tools.svg_write import document  # noqa: E402

CAT_SIZE = 400          # u = 4: the cats' outlines come out at their drawn thickness
DIE_SIZE = 256


def _cats():
    from game.art import cats

    for coat in cats.COATS:
        for pose in cats.POSES:
            for blink in ((False, True) if pose in ("idle", "thinking") else (False,)):
                name = f"cats/{coat}/{pose}{'-blink' if blink else ''}.svg"
                yield name, f"{coat} cat, {pose}{' (eyes shut)' if blink else ''}", \
                    lambda c=coat, p=pose, b=blink: cats._make_body(CAT_SIZE, c, p, b)
        for tail, pose in (("tail", "idle"), ("tail-scared", "scared")):
            for frame in range(cats.TAIL_FRAMES):
                yield f"cats/{coat}/{tail}-{frame:02d}.svg", f"{coat} cat's tail, frame {frame}", \
                    lambda c=coat, p=pose, f=frame: cats._make_tail(CAT_SIZE, c, p, f)
        for frame in range(cats.WALK_FRAMES):
            yield f"cats/{coat}/walk-{frame}.svg", f"{coat} cat walking, step {frame}", \
                lambda c=coat, f=frame: cats._make_walker(CAT_SIZE, c, f)


def _dice():
    from game.art import dice_meow_dice as D

    for face in (*D.FACES, None):
        for style in ("normal", "dim", "locked", "selected"):
            label = face or "blank"
            yield f"meow-dice/dice/{label}-{style}.svg", f"die {label} ({style})", \
                lambda f=face, s=style: D._die(DIE_SIZE, f, s)
    for face in D.FACES:
        yield f"meow-dice/faces/{face}.svg", f"face {D.FACE_NAMES[face]}", lambda f=face: _face_icon(D, f)
        for sign in "!X":
            yield f"meow-dice/conditions/{'must' if sign == '!' else 'not'}-{face}.svg", \
                f"condition {sign}{face}", lambda c=sign + face: _condition(D, c)


    for slot in D.PATTERNS:
        for blind in (False, True):
            yield f"meow-dice/patterns/{slot}{'-colourblind' if blind else ''}.svg", \
                f"pattern {slot}{' (colour-blind look)' if blind else ''}", \
                lambda s=slot, b=blind: _pattern(D, s, b)
    yield "meow-dice/pictures/bell.svg", "the bell", lambda: _bell(D)


def _pattern(D, slot, blind):
    from game.art import palette as P

    P.set_colourblind(blind)
    w, h = DIE_SIZE * 2, round(DIE_SIZE * 2 * 0.3)
    big = pygame.Surface((w, h), pygame.SRCALPHA)
    D.draw_pattern(big, slot, pygame.Rect(0, 0, w, round(h * 0.84)))
    P.set_colourblind(False)
    return big


def _bell(D):
    big = pygame.Surface((DIE_SIZE, DIE_SIZE), pygame.SRCALPHA)
    D.draw_bell(big, (DIE_SIZE / 2, DIE_SIZE / 2), DIE_SIZE)
    return big


def _face_icon(D, face):
    big = pygame.Surface((DIE_SIZE, DIE_SIZE), pygame.SRCALPHA)
    D._face_badge(big, face, DIE_SIZE / 2, DIE_SIZE / 2, DIE_SIZE * 0.4)
    return big


def _condition(D, cond):
    big = pygame.Surface((DIE_SIZE, DIE_SIZE), pygame.SRCALPHA)
    D.draw_condition(big, cond, (DIE_SIZE / 2, DIE_SIZE / 2), DIE_SIZE * 0.96)
    return big


CARD_W = 300            # cards: 300 x 420, as the painters drew them (1.4 high)


@contextlib.contextmanager
def _without(module, *names):
    """``module``'s functions ``names`` doing nothing while recording (the corner numbers: words
    and numbers stay the game's text; the round mask: the game cuts the corners)."""
    saved = {name: getattr(module, name) for name in names}
    for name in names:
        setattr(module, name, lambda *args, **kwargs: None)
    try:
        yield
    finally:
        for name, fn in saved.items():
            setattr(module, name, fn)


def _hungry_meow():
    from game.art import cards_hungry_meow as H

    w, h = H.size_for(CARD_W)

    def numbered(colour, symbol):
        with _without(H, "_corner_numbers", "_round_mask"):
            return H._numbered(f"{colour}1{symbol}", w, h)

    def plain(make):
        with _without(H, "_round_mask"):
            return make()

    def symbol(sym, colour):
        big = pygame.Surface((CARD_W, CARD_W), pygame.SRCALPHA)
        H.draw_symbol(big, sym, (CARD_W / 2, CARD_W / 2), CARD_W, colour)
        return big

    for colour in "RYBG":
        for sym in "PX":
            yield f"hungry-meow/cards/{colour}{sym}.svg", \
                f"{H.COLOUR_NAMES[colour]} {H.SYMBOLS[sym]} card (numbers drawn by the game)", \
                lambda c=colour, s=sym: numbered(c, s)
            yield f"hungry-meow/symbols/{colour}{sym}.svg", f"{H.SYMBOLS[sym]}, {H.COLOUR_NAMES[colour]}", \
                lambda c=colour, s=sym: symbol(s, H.C.CARD_COLOURS[c][0])
    for sym in "PX":
        yield f"hungry-meow/symbols/{sym}.svg", f"{H.SYMBOLS[sym]}", \
            lambda s=sym: symbol(s, H.C.SYMBOL_ICON_COLOUR)
    yield "hungry-meow/cards/LOAF.svg", "Meal: the loaf", lambda: plain(lambda: H._meal("LOAF", w, h))
    yield "hungry-meow/cards/FISH.svg", "Meal: the fish", lambda: plain(lambda: H._meal("FISH", w, h))
    yield "hungry-meow/cards/DEATH.svg", "Death", lambda: plain(lambda: H._death(w, h))
    yield "hungry-meow/cards/back.svg", "the back", lambda: plain(lambda: H._back(w, h))


def _zodiac():
    from game.art import cards_zodiac as Z

    w, h = CARD_W, round(CARD_W * Z.RATIO)

    def face(kind, named):
        with _without(Z, "_draw_name"), _zodiac_words(Z):
            return Z._face(kind, w, h, "name" if named else None)

    for kind in Z.KINDS:
        for named in (False, True):
            yield f"zodiac/cards/{kind}{'-named' if named else ''}.svg", \
                f"{kind}{' (room for its name)' if named else ''}; number and character drawn by the game", \
                lambda k=kind, n=named: face(k, n)
    yield "zodiac/cards/back.svg", "the back", lambda: Z._back(w, h)


@contextlib.contextmanager
def _zodiac_words(Z):
    """A card's words and numbers left out (the game draws them: a blit of text, not a shape)."""
    real = Z._font

    class Blank:
        def __init__(self, px):
            self.px = px

        def render(self, text, *args):
            return pygame.Surface((1, 1), pygame.SRCALPHA)

    Z._font = Blank
    saved_outlined = getattr(Z, "_outlined", None)
    if saved_outlined is not None:
        Z._outlined = lambda *args, **kwargs: pygame.Surface((1, 1), pygame.SRCALPHA)
    try:
        yield
    finally:
        Z._font = real
        if saved_outlined is not None:
            Z._outlined = saved_outlined


def _square(paint, size=DIE_SIZE):
    big = pygame.Surface((size, size), pygame.SRCALPHA)
    paint(big, size)
    return big


def _meow_dice_cards():
    from game.art import cards_meow_dice as M
    from game.art import toys_meow_dice as T

    w, h = M.card_size(CARD_W)
    kinds = {"regular": ("food/tabby/1/!C", None), "golden": ("food/tabby/3/!C", None),
             "special": ("food/tabby/1/!C", "catnip")}

    def frame(notation, ability):
        with _without(M, "draw_type", "draw_cat_head", "_ability_badge", "draw_condition", "_round_mask"), \
                _zodiac_words(M):
            return M._butler(notation, w, h, ability, None)

    for kind, (notation, ability) in kinds.items():
        yield f"meow-dice/cards/{kind}.svg", f"a {kind} butler card without its item, cat, points, " \
            "name and conditions (the game puts those on)", lambda n=notation, a=ability: frame(n, a)
    for flames in range(4):
        yield f"meow-dice/cards/fishbone-{flames}.svg", f"fish bone, {flames} flames", \
            lambda f=flames: _plain_mask(M, lambda: M._fishbone(f, w, h))
    for kind in ("regular", "fishbone"):
        yield f"meow-dice/cards/back{'' if kind == 'regular' else '-fishbone'}.svg", f"the {kind} back", \
            lambda k=kind: _plain_mask(M, lambda: M._back(k, w, h))
    for ctype in M.PICTURES:
        yield f"meow-dice/items/{ctype}.svg", f"the {ctype} type on its disc", \
            lambda c=ctype: _square(lambda big, S: M.draw_type(big, c, (S / 2, S / 2), S))
    for paint in dict.fromkeys(T.TOY_PICTURES.values()):
        yield f"meow-dice/items/{paint.__name__}.svg", f"toy: {paint.__name__} on the toy disc", \
            lambda p=paint: _square(lambda big, S: M.draw_type(big, "toy", (S / 2, S / 2), S, picture=p))
    for cat in ("tabby", "calico", "tuxedo", "siamese"):
        yield f"meow-dice/heads/{cat}.svg", f"{cat} head", \
            lambda c=cat: _square(lambda big, S: M.draw_cat_head(big, c, (S / 2, S * 0.52), S * 0.92))
        yield f"meow-dice/tokens/cat-{cat}.svg", f"{cat}'s cat token", \
            lambda c=cat: _square(lambda big, S: _token(M, big, S, c, True))
    yield "meow-dice/tokens/cat-used.svg", "a used cat token", \
        lambda: _square(lambda big, S: _token(M, big, S, "tabby", False))
    for ability in M.C.ABILITY_COLOURS:
        yield f"meow-dice/abilities/{ability}.svg", f"{ability} badge", \
            lambda a=ability: _square(lambda big, S: M._ability_badge(big, a, (S / 2, S / 2), S / 2 / 1.1))
    for lit in (True, False):
        yield f"meow-dice/tokens/flame{'' if lit else '-unlit'}.svg", "enthusiasm flame", \
            lambda v=lit: _square(lambda big, S: M.draw_flame(big, (S / 2, S / 2), S * 0.9, v))
    yield "meow-dice/cards/bite.svg", "a bite out of a turned food card, with its dimming veil", \
        lambda: M.bite_mark.__wrapped__(CARD_W)
    yield "meow-dice/tokens/condition.svg", "a condition token without its condition", \
        lambda: _square(lambda big, S: _condition_disc(M, big, S))


def _plain_mask(M, make):
    with _without(M, "_round_mask"):
        return make()


def _token(M, big, S, cat, face_up):
    c = (S / 2, S / 2)
    pygame.draw.circle(big, M.C.INK, c, S * 0.49)
    if face_up:
        pygame.draw.circle(big, M.C.BRASS, c, S * 0.45)
        pygame.draw.circle(big, M.C.VELVET, c, S * 0.36)
        M.draw_cat_head(big, cat, (S / 2, S * 0.48), S * 0.58)
    else:
        pygame.draw.circle(big, M.C.PAINT_2, c, S * 0.45)
        pygame.draw.circle(big, M.C.PAINT_3, c, S * 0.36, max(2, round(S * 0.03)))


def _condition_disc(M, big, S):
    c = (S / 2, S / 2)
    pygame.draw.circle(big, M.C.INK, c, S * 0.49)
    pygame.draw.circle(big, M.C.BRASS_DARK, c, S * 0.46)
    pygame.draw.circle(big, M.C.BRASS, (S * 0.49, S * 0.48), S * 0.42)
    pygame.draw.circle(big, M.C.PAINT_1, c, S * 0.35)


TOWN = (1920, 1080)
DOOR = (360, 470)       # the title's house (scenes/title.py)
COVER = (480, 300)


def _town():
    from game.art import town
    from game.rules.registry import KITS

    for street in (True, False):
        yield f"town/backdrop{'' if street else '-no-street'}.svg", "the town at dusk", \
            lambda s=street: town.backdrop.__wrapped__(TOWN, s)
    for game in (*KITS, "plain"):      # plain: a table without its own colours
        for lit in (True, False):
            yield f"town/door-{game}{'' if lit else '-dark'}.svg", f"{game}'s doorway", \
                lambda g=game, v=lit: town.doorway.__wrapped__(DOOR, g, v)
        yield f"town/street-light-{game}.svg", f"the pool of {game}'s door light on the street", \
            lambda g=game: town.street_light.__wrapped__((400, 400), g)
        yield f"town/door-light-{game}.svg", f"the light in front of {game}'s door", \
            lambda g=game: town.door_light((400, 400), g)


def _covers():
    from game.art import covers
    from game.rules.registry import KITS

    for game in (*KITS, None):
        maker = (KITS[game].load("cover") if game else None) or covers._plain
        yield f"covers/{game or 'plain'}.svg", f"the table select's cover of {game or 'any other game'}", \
            lambda m=maker: m(COVER, COVER[0] / 480)


GROUPS = {"cats": _cats, "dice": _dice, "hungry-meow": _hungry_meow, "zodiac": _zodiac,
          "meow-dice-cards": _meow_dice_cards, "town": _town, "covers": _covers}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", choices=sorted(GROUPS), action="append")
    ap.add_argument("--out", default=str(ROOT / "assets" / "pictures"))
    ap.add_argument("--force", action="store_true", help="overwrite files that exist")
    args = ap.parse_args(argv)
    pygame.init()
    from game.art.cache import ART

    out = Path(args.out)
    names = Names()
    written = kept = 0
    for group in args.only or sorted(GROUPS):
        for rel, about, make in GROUPS[group]():
            path = out / rel
            if path.exists() and not args.force:
                kept += 1
                continue
            ART.clear()
            real, tagged = record(make, names)
            assert isinstance(real, Canvas)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(document(real, tagged, names, about), encoding="utf-8")
            written += 1
    print(f"{written} written, {kept} kept (they exist; --force overwrites)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
