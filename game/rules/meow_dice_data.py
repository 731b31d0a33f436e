"""Meow Meow Dice components and dice facts: the card data loader and the 1,296-roll tables.

Pure data, no game state. ``load_cards(path)`` reads and validates a card file (JSON, one entry a
line in the shipped file ``meow_dice_cards.json``, ``DEFAULT_CARDS`` on first use) and returns a
``CardSet``; any problem raises ``SetupError`` with one line naming the file, the section, the
entry's index, its line and what is wrong. The dice tables are computed once at import by going
through all 6**4 = 1,296 rolls.

Conditions are bits of a 12-bit mask: bit f means ``!f`` (some die shows face f), bit 6 + f means
``Xf`` (no die shows f), faces in the order C F Y M P B. A roll meets a set of conditions when its
own mask (for every face exactly one of the two bits) contains the set's mask.
"""
from __future__ import annotations

import itertools
import json
import pathlib
import re
from dataclasses import dataclass

from game.rules.base import SetupError

FACES = "CFYMPB"
FACE_INDEX = {f: i for i, f in enumerate(FACES)}
SLOTS = ("TL", "TR", "BL", "BR")
SLOT_INDEX = {s: i for i, s in enumerate(SLOTS)}
TYPES = ("food", "toy", "nest", "style")
CATS = ("tabby", "calico", "tuxedo", "siamese")
ABILITIES = ("catnip", "gourmet", "dreamer", "fanclub")
TYPE_BONUS = (0, 0, 1, 3, 5)          # by number of different item types held (MD-9.3)
SLOT_PATTERN_NAMES = {"TL": "all different", "TR": "two pairs", "BL": "three and one",
                      "BR": "four of a kind"}
DATA_PATH = pathlib.Path(__file__).with_name("meow_dice_cards.json")
MAX_CARDS_BYTES = 4 * 1024 * 1024    # the card data is ~20 KB

_COND_RE = re.compile(r"^(?:[!X][CFYMPB])+$")
_CARD_RE = re.compile(r"^([a-z]+)/([a-z]+)/(\d+)/(\S+)$")
_FISH_RE = re.compile(r"^fishbone/(\d+)$")


# ---- conditions and the 1,296 rolls ---------------------------------------------------------
def cond_bit(cond: str) -> int:
    """``"!F"`` -> its bit. KeyError/ValueError for anything else."""
    if len(cond) != 2 or cond[0] not in "!X" or cond[1] not in FACE_INDEX:
        raise ValueError(f"bad condition {cond!r}")
    return 1 << (FACE_INDEX[cond[1]] + (0 if cond[0] == "!" else 6))


def bit_cond(bit: int) -> str:
    index = bit.bit_length() - 1
    return ("!" if index < 6 else "X") + FACES[index % 6]


def parse_conds(text: str) -> tuple[str, ...]:
    if not _COND_RE.match(text):
        raise ValueError(f"bad condition {text!r} (want !f or Xf with f one of {FACES})")
    return tuple(text[i:i + 2] for i in range(0, len(text), 2))


def conds_mask(conds) -> int:
    mask = 0
    for cond in conds:
        mask |= cond_bit(cond)
    return mask


ALL_CONDS = tuple(p + f for f in FACES for p in "!X")     # the 12 condition tokens, canonical order
COND_ORDER = {c: i for i, c in enumerate(ALL_CONDS)}


def _pattern(counts: list[int]) -> int:
    shape = tuple(sorted((c for c in counts if c), reverse=True))
    return {(1, 1, 1, 1): 0, (2, 2): 1, (3, 1): 2, (4,): 3}.get(shape, -1)


def _roll_mask(counts: list[int]) -> int:
    return sum(1 << (f if counts[f] else f + 6) for f in range(6))


def _build_tables():
    """Go through all 1,296 ordered rolls once: the slot each fits (or -1) and its condition
    mask, keyed by the sorted faces; and per slot every condition set that some roll of that
    pattern meets (the subsets of the masks seen: 2**6 per roll shape)."""
    by_sorted: dict[tuple, tuple[int, int]] = {}
    seen: list[set[int]] = [set() for _ in SLOTS]
    for roll in itertools.product(range(6), repeat=4):
        key = tuple(sorted(roll))
        if key in by_sorted:
            continue
        counts = [0] * 6
        for face in roll:
            counts[face] += 1
        slot, mask = _pattern(counts), _roll_mask(counts)
        by_sorted[key] = (slot, mask)
        if slot >= 0:
            seen[slot].add(mask)
    satisfiable = []
    for masks in seen:
        closure: set[int] = set()
        for mask in masks:
            bits = [1 << i for i in range(12) if mask >> i & 1]
            for n in range(len(bits) + 1):
                for combo in itertools.combinations(bits, n):
                    closure.add(sum(combo))
        satisfiable.append(frozenset(closure))
    return by_sorted, tuple(satisfiable)


ROLL_INFO, SATISFIABLE = _build_tables()   # sorted faces -> (slot or -1, mask); per slot masks


def roll_info(faces) -> tuple[int, int]:
    """(slot index the 4 dice fit or -1, condition mask) of 4 face indexes in any order."""
    return ROLL_INFO[tuple(sorted(faces))]


def satisfiable(slot: int, mask: int) -> bool:
    """Whether some roll fits ``slot``'s pattern and meets every condition in ``mask``."""
    return mask in SATISFIABLE[slot]


# ---- cards -----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Card:
    id: int
    notation: str
    name: str
    kind: str                 # "regular", "golden", "special", "fishbone"
    type: str
    cat: str | None
    points: int
    conds: tuple[str, ...]
    mask: int
    flames: int = 0
    ability: str | None = None
    text: str = ""


@dataclass(frozen=True)
class Face:
    """What a card's notation says, read once (``read_card``): ``food/tabby/2/!C`` or
    ``fishbone/N``. Rules, bots, art and scenes read notations only through this."""

    notation: str
    kind: str                 # "card" or "fishbone"
    type: str                 # item type; a fish bone is food
    cat: str | None
    points: int
    conds: tuple[str, ...]
    mask: int
    flames: int

    @property
    def fish(self) -> bool:
        return self.kind == "fishbone"


_FACES: dict[str, Face] = {}


def read_card(notation: str) -> Face:
    """The ``Face`` of a notation; ValueError for anything that is not one."""
    face = _FACES.get(notation)
    if face is None:
        fish = _FISH_RE.match(notation) if isinstance(notation, str) else None
        card = _CARD_RE.match(notation) if isinstance(notation, str) and not fish else None
        if fish:
            face = Face(notation, "fishbone", "food", None, 0, (), 0, int(fish.group(1)))
        elif card:
            conds = parse_conds(card.group(4))
            face = Face(notation, "card", card.group(1), card.group(2), int(card.group(3)), conds,
                        conds_mask(conds), 0)
        else:
            raise ValueError(f"not a Meow Meow Dice card: {notation!r}")
        _FACES[notation] = face
    return face


@dataclass(frozen=True)
class CardSet:
    source: str
    cards: tuple[Card, ...]
    regular: tuple[int, ...]
    golden: tuple[int, ...]
    special: tuple[int, ...]
    fishbones: tuple[int, ...]
    tokens: tuple[str, ...]          # condition tokens in canonical order
    token_names: dict
    strict: bool

    def by_notation(self, notation: str) -> list[int]:
        return [c.id for c in self.cards if c.notation == notation]


def _entry_lines(text: str, section: str) -> list[int]:
    """1-based line of each element of the top-level array ``section`` (for error messages)."""
    decoder = json.JSONDecoder()
    match = re.search(r'"%s"\s*:\s*\[' % re.escape(section), text)
    if not match:
        return []
    pos, lines = match.end(), []
    while True:
        while pos < len(text) and text[pos] in " \t\r\n,":
            pos += 1
        if pos >= len(text) or text[pos] == "]":
            return lines
        lines.append(text.count("\n", 0, pos) + 1)
        try:
            _, pos = decoder.raw_decode(text, pos)
        except ValueError:
            return lines


def load_cards(path: str | pathlib.Path | None = None) -> CardSet:
    path = pathlib.Path(path) if path is not None else DATA_PATH
    where = path.name
    # (the rules layer imports nothing of game.play: the checks of game.files.jsonfile, in short)
    try:
        if path.stat().st_size > MAX_CARDS_BYTES:
            raise SetupError(f"{where}: more than the {MAX_CARDS_BYTES:,} bytes a cards file may have")
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SetupError(f"cards file {path}: cannot read it ({exc.strerror or exc})") from None
    except UnicodeDecodeError as exc:
        raise SetupError(f"{where}: not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SetupError(f"{where} line {exc.lineno}: not valid JSON ({exc.msg})") from None
    except RecursionError:
        raise SetupError(f"cards file {path}: JSON nested too deeply to read") from None
    except ValueError:
        raise SetupError(f"cards file {path}: a number has too many digits to read") from None
    try:
        return build_cardset(data, where, text)
    except SetupError:
        raise
    except (TypeError, KeyError, AttributeError, IndexError, ValueError, RecursionError) as exc:
        raise SetupError(f"{where}: {type(exc).__name__}: {str(exc)[:80]}") from None


CARD_FIELDS = ("type", "cat", "points", "condition")      # the parts of a card's notation


def card_variant(path: str | pathlib.Path | None, card: str, field: str, value: str) -> str:
    """The text of card file ``path`` (default: the shipped one) with ``field`` of one card
    (named, or written in notation) set to ``value``; ``strict`` off, since the MD-4 spread no
    longer holds. SetupError (one line) for an unknown card or field; the value itself is
    checked when the file is loaded."""
    if field not in CARD_FIELDS:
        raise SetupError(f"a card's field is one of {', '.join(CARD_FIELDS)}, not {field!r}")
    path = pathlib.Path(path) if path is not None else DATA_PATH
    load_cards(path)                      # the base file's own problems first, as they are
    data = json.loads(path.read_text(encoding="utf-8"))
    entries = [e for section in ("regular", "golden", "special") for e in data.get(section, [])]
    found = [e for e in entries if card in (e.get("name"), e.get("card"))]
    if not found:
        names = ", ".join(e["name"] for e in entries[:6])
        raise SetupError(f"no card {card!r} in {path.name} (a name such as {names} …, or a "
                         f"notation such as food/tabby/2/!C)")
    parts = dict(zip(CARD_FIELDS, found[0]["card"].split("/"), strict=True))
    parts[field] = value
    found[0]["card"] = "/".join(parts[f] for f in CARD_FIELDS)
    data["strict"] = False
    return json.dumps(data, indent=1)


def build_cardset(data, where: str = "cards", text: str = "") -> CardSet:
    """Validate parsed card data and build the CardSet; SetupError names the first bad entry."""
    if not isinstance(data, dict):
        raise SetupError(f"{where}: the top level must be an object")
    sections = ("regular", "golden", "special", "fishbones", "conditions")
    allowed = set(sections) | {"format", "about", "strict"}
    for key in data:
        if key not in allowed:
            raise SetupError(f"{where}: unknown key {key!r}")
    for key in sections:
        if not isinstance(data.get(key), list):
            raise SetupError(f"{where}: {key!r} must be a list")
    strict = data.get("strict", True)
    if not isinstance(strict, bool):
        raise SetupError(f"{where}: 'strict' must be true or false")
    counts = {"regular": 36, "golden": 8, "special": 4, "fishbones": 14, "conditions": 12}
    line_cache: dict[str, list[int]] = {}

    def fail(section: str, index: int | None, msg: str):
        loc = f"{section}[{index}]" if index is not None else section
        if index is not None and text:
            lines = line_cache.setdefault(section, _entry_lines(text, section))
            if index < len(lines):
                loc += f" (line {lines[index]})"
        raise SetupError(f"{where}: {loc}: {msg}")

    for key, want in counts.items():
        if len(data[key]) != want:
            fail(key, None, f"needs {want} entries, has {len(data[key])}")

    cards: list[Card] = []
    ids: dict[str, list[int]] = {k: [] for k in ("regular", "golden", "special", "fishbones")}
    seen: dict[str, str] = {}
    for section in ("regular", "golden", "special", "fishbones"):
        for index, entry in enumerate(data[section]):
            if not isinstance(entry, dict) or not isinstance(entry.get("card"), str):
                fail(section, index, 'each entry must be an object with a "card" string')
            keys = {"card", "name"} | ({"ability", "text"} if section == "special" else set())
            for key in entry:
                if key not in keys:
                    fail(section, index, f"unknown key {key!r}")
            notation = entry["card"]
            name = entry.get("name", notation)
            if not isinstance(name, str) or not name:
                fail(section, index, f"{notation}: name must be a non-empty string")
            if section == "fishbones":
                m = _FISH_RE.match(notation)
                if not m:
                    fail(section, index, f"{notation!r} is not fishbone/N")
                flames = int(m.group(1))
                if flames > 3:
                    fail(section, index, f"{notation}: at most 3 flames")
                card = Card(len(cards), notation, name, "fishbone", "food", None, 0, (), 0, flames)
            else:
                m = _CARD_RE.match(notation)
                if not m:
                    fail(section, index, f"{notation!r} is not type/cat/points/condition")
                ctype, cat, points, cond_text = m.groups()
                if ctype not in TYPES:
                    fail(section, index, f"{notation}: unknown item type {ctype!r}")
                if cat not in CATS:
                    fail(section, index, f"{notation}: unknown cat {cat!r}")
                try:
                    conds = parse_conds(cond_text)
                except ValueError as exc:
                    fail(section, index, f"{notation}: {exc}")
                if len(set(conds)) != len(conds):
                    fail(section, index, f"{notation}: a condition is repeated")
                mask = conds_mask(conds)
                slots = (3,) if section == "golden" else (0, 1, 2)
                for slot in slots:
                    if not satisfiable(slot, mask):
                        fail(section, index, f"{notation}: no roll meets it in slot {SLOTS[slot]} "
                                             f"({SLOT_PATTERN_NAMES[SLOTS[slot]]})")
                ability, ability_text = None, ""
                if section == "special":
                    ability, ability_text = entry.get("ability"), entry.get("text", "")
                    if ability not in ABILITIES:
                        fail(section, index, f"{notation}: ability must be one of {', '.join(ABILITIES)}")
                    if not isinstance(ability_text, str):
                        fail(section, index, f"{notation}: text must be a string")
                kind = section
                card = Card(len(cards), notation, name, kind, ctype, cat, int(points), conds, mask,
                            0, ability, ability_text)
                if notation in seen:
                    fail(section, index, f"{notation} repeats a card of {seen[notation]}")
                seen[notation] = f"{section}[{index}]"
            cards.append(card)
            ids[section].append(card.id)

    tokens, token_names = [], {}
    for index, entry in enumerate(data["conditions"]):
        if not isinstance(entry, dict) or not isinstance(entry.get("token"), str):
            fail("conditions", index, 'each entry must be an object with a "token" string')
        tok = entry["token"]
        if tok not in COND_ORDER:
            fail("conditions", index, f"{tok!r} is not a condition (!f or Xf, f one of {FACES})")
        if tok in token_names:
            fail("conditions", index, f"{tok} appears twice")
        token_names[tok] = entry.get("name", tok)
        tokens.append(tok)

    by_id = {c.id: c for c in cards}
    if strict:
        _check_distribution(data, ids, by_id, fail)
    return CardSet(where, tuple(cards), tuple(ids["regular"]), tuple(ids["golden"]),
                   tuple(ids["special"]), tuple(ids["fishbones"]),
                   tuple(sorted(tokens, key=COND_ORDER.__getitem__)), token_names, strict)


def _check_distribution(data, ids, by_id, fail) -> None:
    """The MD-4 / MD-12 constraints (only for files marked strict)."""
    reg = [by_id[i] for i in ids["regular"]]
    for index, card in enumerate(reg):
        if len(card.conds) != 1:
            fail("regular", index, f"{card.notation}: a card has exactly one condition")
        want = 2 if card.conds[0][0] == "!" else 1
        if card.points != want:
            fail("regular", index, f"{card.notation}: a {card.conds[0][0]}f card is worth {want}")
    for face in FACES:
        for prefix in "!X":
            cond = prefix + face
            n = sum(1 for c in reg if c.conds == (cond,))
            if n != 3:
                first = next((i for i, c in enumerate(reg) if c.conds == (cond,)), None)
                fail("regular", first, f"{n} cards with {cond}, MD-4 wants 3")
    for key, attr, want in (("type", "type", 9), ("cat", "cat", 9)):
        values = TYPES if key == "type" else CATS
        for value in values:
            n = sum(1 for c in reg if getattr(c, attr) == value)
            if n != want:
                first = next((i for i, c in enumerate(reg) if getattr(c, attr) == value), None)
                fail("regular", first, f"{n} cards of {key} {value}, MD-4 wants {want}")
    pairs: dict[tuple, int] = {}
    for index, card in enumerate(reg):
        pairs[(card.type, card.cat)] = pairs.get((card.type, card.cat), 0) + 1
        if pairs[(card.type, card.cat)] > 3:
            fail("regular", index, f"{card.notation}: more than three {card.type}/{card.cat} cards")
    gold = [by_id[i] for i in ids["golden"]]
    want_gold = {("!" + f, 4) for f in FACES} | {("XC", 3), ("XF", 3)}
    got = set()
    for index, card in enumerate(gold):
        key = (card.conds[0] if len(card.conds) == 1 else "", card.points)
        if key not in want_gold or key in got:
            fail("golden", index, f"{card.notation}: golden cards are !f worth 4 (each face) "
                                  "and XC, XF worth 3, once each")
        got.add(key)
    for key, values in (("type", TYPES), ("cat", CATS)):
        for value in values:
            n = sum(1 for c in gold if getattr(c, key) == value)
            if n != 2:
                first = next((i for i, c in enumerate(gold) if getattr(c, key) == value), None)
                fail("golden", first, f"{n} golden cards of {key} {value}, MD-4 wants 2")
    spec = [by_id[i] for i in ids["special"]]
    abilities = set()
    for index, card in enumerate(spec):
        if card.points != 1 or len(card.conds) != 1:
            fail("special", index, f"{card.notation}: a special card is worth 1 with one condition")
        if card.ability in abilities:
            fail("special", index, f"{card.notation}: ability {card.ability} appears twice")
        abilities.add(card.ability)
    flames = sorted(by_id[i].flames for i in ids["fishbones"])
    if flames != [0] * 4 + [1] * 7 + [2] * 3:
        fail("fishbones", None, "MD-4 wants flames 0 x4, 1 x7, 2 x3")


# The shipped cards load on first use, not at import: a damaged file then closes the Meow Meow
# Dice table alone (its engine does not import) while the bots and the other tables still do.
_default: CardSet | None = None


def default_cards() -> CardSet:
    """The card set of ``DATA_PATH`` (SetupError if it does not load), read once."""
    global _default
    if _default is None:
        _default = load_cards()
    return _default


def forget_default_cards() -> None:
    """Read ``DATA_PATH`` again on next use (it was pointed at another copy)."""
    global _default
    _default = None


def set_data_root(base: pathlib.Path) -> None:
    """Read the card data from the copy under ``base`` (the program's folder, or a frozen build's)."""
    global DATA_PATH
    DATA_PATH = pathlib.Path(base) / "game" / "rules" / DATA_PATH.name
    forget_default_cards()


def __getattr__(name: str):
    if name == "DEFAULT_CARDS":
        return default_cards()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def score_parts(cards, cat: str, tokens: int, enthusiasm: int | None) -> dict:
    """Every MD-9 term of one player's score from scratch. ``cards`` are Card objects."""
    points = own = food = 0
    kinds, abilities = set(), set()
    for c in cards:                 # one pass (checked after every action of the playout tests)
        points += c.points
        if c.cat == cat:
            own += 1
        kinds.add(c.type)
        if c.type == "food":
            food += 1
        if c.ability:
            abilities.add(c.ability)
    types = len(kinds)
    special = 0
    if "gourmet" in abilities:
        special += food
    if "dreamer" in abilities:
        special += enthusiasm or 0
    if "fanclub" in abilities:
        special += 3 * (own // 2)
    parts = {"points": points, "own_cat": own, "types": TYPE_BONUS[types], "tokens": 2 * tokens,
             "specials": special}
    parts["total"] = sum(parts.values())
    return parts
