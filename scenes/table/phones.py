"""Phones as private hands, on the table's side: ``PhoneDesk`` joins a ``TableScene`` to the
phones' web server (``game/phones/server.py``, its own thread).

Each frame (``update``) the desk reads what the phones said, makes the pictures they asked
for, and sends each phone seat its state when something it may see changed. A move from a
phone goes through ``TableScene.apply`` — the match, its validation, the log, the autosave and
undo — exactly as a click does; the phone is only another input device and another view.

What a phone is told comes from its game's ``PhoneKit`` (``scenes/<game>/phone.py``, named by
the table's ``phone_kit``), built from ``game.view(seat)`` and the seat's own choices only.
"""
from __future__ import annotations

import json
import queue
import socket

import pygame

from game.art import palette as P
from game.art.cats import draw_cat
from game.art.draw import focus_outline, panel
from game.play.hint_runner import HintRunner
from game.ui.widgets import Button
from scenes.table.free_place import free_place
from scenes.table.phone_lang import PhoneLanguages
from scenes.table.phone_links import PhoneLinks
from scenes.table.phone_waits import PhoneWaits
from scenes.table.zones import zone

IMAGE_W = 180                   # px of a card picture sent to a phone (sharp at 3x on ~60 css px)
CAT_PX = 160
WORDS = ("phone.title", "phone.refused.token.title", "phone.refused.token", "phone.refused.held.title",
         "phone.refused.held", "phone.refused.origin.title", "phone.refused.origin",
         "phone.refused.other.title", "phone.refused.other", "phone.other.back", "phone.other.move",
         "phone.error.malformed", "phone.error.too_big", "phone.error.too_fast")


def phones_enabled(app) -> bool:
    """The setting allows phones here (a kiosk also needs the operator's switch)."""
    settings = app.settings
    return bool(getattr(settings, "phones", False)) and (
        not getattr(app, "kiosk", False) or bool(getattr(settings, "kiosk_phones", False)))


def local_address() -> str:
    """This machine's address on the local network (the route out, no packet is sent), else
    loopback."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.254.254.254", 1))
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


class PhoneKit:
    """What one game tells a phone seat and how a phone's picks become actions. A game's kit
    overrides ``state`` and ``pick``; the rest has a default."""

    def __init__(self, table):
        self.table = table
        self.app = table.app

    def t(self, key: str, **fmt) -> str:
        return self.app.t(key, **fmt)

    def image_names(self) -> list[str]:
        return []

    def render(self, name: str, width: int) -> pygame.Surface:
        raise KeyError(name)

    def offers(self, seat: int) -> list[str]:
        """The actions ``seat`` may take now (empty: not its move, or the table is busy)."""
        t = self.table
        if t.feed.over or t.presenter.busy:
            return []
        return t.feed.seat_feed(seat).legal()

    def can_hint(self, seat: int, offers: list[str]) -> bool:
        return bool(offers)

    def state(self, seat: int, view: dict, offers: list[str]) -> dict:
        """prompt, sub, rows, buttons and odds of ``seat``'s phone (module notes of phone.js)."""
        return {}

    def pick(self, seat: int, button: str, cards: list, offers: list[str]) -> str | None:
        """The action pick button ``button`` (its ``b`` is "ROW:BUTTON") means with ``cards``
        (the picked cells' ``card`` values, in order); "!words" refuses in words; None: nothing."""
        return None

    def waiting(self) -> str | None:
        """Who the game waits for and why, for the phones not asked anything (None: "X is
        choosing…")."""
        return None

    def refusal(self, seat: int, action: str) -> str:
        """Words for an action the rules refuse now."""
        return self.t(self.table.text_prefix + ".why.not_now")


class PhoneDesk:
    def __init__(self, table, seats: list[int], kit: PhoneKit, host: str | None = None, port: int = 0,
                 links: PhoneLinks | None = None):
        self.table = table
        self.app = table.app
        self.kit = kit
        self.seats = list(seats)
        from game.phones.server import PhoneServer  # aiohttp only once a phone game starts

        address = host if host is not None else (self.app.settings.phones_address or local_address())
        names = set(kit.image_names()) | {f"cat.{s.coat}" for s in table.feed.seats}
        words = {k: self.app.t(k) for k in WORDS}
        self.links = links
        saved = links.load() if links is not None else None      # this game's links, kept by a crash

        def serve(saved):
            shared = [s for s in self.seats if getattr(table.feed.seats[s], "shared", False)]
            return PhoneServer(self.seats, address, saved["port"] if saved else port, names, words,
                               self.app.settings.language, self.app.log, saved=saved, shared=shared).start()
        try:
            self.server = serve(saved)
        except OSError as exc:
            if saved is None:
                raise
            self.app.log.warning("phones: the links' port is taken (%s): new codes", exc)
            self.server = serve(None)
        self.app.log.info("phones: listening on %s:%d for seats %s", address, self.server.port, self.seats)
        self.notes: dict[int, str] = {}
        self.rev: dict[int, int] = {s: 0 for s in self.seats}
        self.keys: dict[int, tuple] = {}
        self.shown: dict[int, str] = {}                 # seat -> its last state, less its revision
        self.cells: dict[int, dict[str, list]] = {}     # seat -> row id -> the cells' cards as sent
        self.hints = HintRunner(table.feed.game_name, log=self.app.log)
        self.hint: dict[int, tuple] = {}                # seat -> (position key, words or None, action)
        self._qr: dict = {}
        self._places: dict = {}                         # where each code panel stands (scan_place)
        # a code panel that would hide what a person at the table may point at folds into a
        # chip at its seat ("Tofu: show code", issue 21); a press opens it until the next press,
        # Esc, or the phone joins
        self.chips: dict[int, Button] = {}              # seat -> its chip, while its panel folds
        self.opened: set[int] = set()                   # seats whose folded panel a press opened
        self._board: list[pygame.Rect] = []             # the board and what lies on it (scan_place)
        self._offers_key, self._offers = None, {}
        self.acks: dict[int, int] = {}                  # messages read from each phone
        self.title_key = table.kit.title_key         # the game's title, as the table select names it
        self.waits = PhoneWaits(self)                   # no seat waits forever; refused scans on the TV
        self.langs = PhoneLanguages(self.app)           # each phone's own language

    def add(self, seat: int) -> None:
        """A person at the table takes their hand to a phone: the seat's code shows at its place."""
        if seat in self.seats:
            return
        self.seats = sorted(self.seats + [seat])
        self.rev.setdefault(seat, 0)
        self.server.add(seat)

    @classmethod
    def open(cls, table) -> "PhoneDesk | None":
        """A desk for the table's phone seats, or None (no phone seat, no kit, phones off)."""
        kit_class = getattr(table, "phone_kit", None) or (table.kit.load("phone") if table.kit else None)
        seats = list(table.feed.phones)
        if not seats or kit_class is None or table.attract or not phones_enabled(table.app):
            return None
        try:
            return cls(table, seats, kit_class(table), links=PhoneLinks.for_table(table))
        except OSError as exc:              # the address is not this machine's: play at the table
            table.app.log.warning("%s", exc)
            return None

    def close(self) -> None:
        self.hints.cancel()
        self.server.stop()
        if self.links is not None and self.table.feed.over:
            self.links.forget()                  # nothing left to resume

    # ---- each frame ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for _ in range(32):                    # a frame's worth; the rest waits for the next
            try:
                seat, message = self.server.inbox.get_nowait()
            except queue.Empty:
                break
            if seat in self.seats:
                with self.langs.speaking(seat):
                    self.receive(seat, message)
        self.waits.update(dt)
        if self.links is not None:
            self.links.keep(self.server.port, self.server.keys.snapshot())
        self.draw_pictures(1)                  # a card face is ~3 ms: one a frame
        for seat in self.seats:
            with self.langs.speaking(seat):
                self.publish(seat)

    def draw_pictures(self, most: int) -> None:
        for name in self.server.images.wanted()[:most]:
            if name.startswith("cat."):
                surf = pygame.Surface((CAT_PX, CAT_PX), pygame.SRCALPHA)
                draw_cat(surf, (CAT_PX // 2, CAT_PX // 2), CAT_PX - 8, name[4:], "happy", 0.0)
            else:
                surf = self.kit.render(name, IMAGE_W)
            self.server.images.put(name, *surf.get_size(), pygame.image.tobytes(surf, "RGBA"))

    def offers(self, seat: int) -> list[str]:
        """The kit's offers for ``seat``, worked out once per position (asked several times a
        frame: the turn loop, the prompt, each phone's state)."""
        t = self.table
        key = (t.feed.changes, t.presenter.busy, tuple(t.humans), tuple(self.seats))
        if self._offers_key != key:
            self._offers_key, self._offers = key, {}
        if seat not in self._offers:
            self._offers[seat] = self.kit.offers(seat)
        return self._offers[seat]

    def due(self) -> list[int]:
        """Phone seats the game waits for now."""
        return [s for s in self.seats if self.offers(s)]

    def position(self, seat: int) -> tuple:
        return (self.table.feed.revision, seat)

    def publish(self, seat: int) -> None:
        t = self.table
        hint = self.hint.get(seat)
        if hint and hint[0] != self.position(seat):
            self.hint.pop(seat)
            hint = None
        if hint and hint[1] is None:
            found = self.hints.poll(hint[0])
            if found is not None:
                hint = self.hint[seat] = (hint[0], found.render(self.app.t, t.seat_name), found.action)
        key = (t.feed.revision, t.presenter.busy, t.feed.over, self.app.i18n.lang,
               self.notes.get(seat), hint, t.feed.undoable(seat), self.server.connected(seat),
               self.acks.get(seat, 0))
        if self.keys.get(seat) == key:
            return
        self.keys[seat] = key
        state = self.state(seat, hint)
        # a new revision only for what the phone would show differently: a tap made on the same
        # picture is not stale (a phone joining re-sent the same state under a new number)
        shown = json.dumps({k: v for k, v in state.items() if k != "rev"}, sort_keys=True, default=str)
        if self.shown.get(seat) == shown:
            return
        self.shown[seat] = shown
        if self.server.publish(seat, state):
            self.rev[seat] += 1

    def state(self, seat: int, hint) -> dict:
        t = self.table
        game = t.feed
        view = game.seat_feed(seat).view()
        offers = self.offers(seat)
        info = t.feed.seats[seat]
        title = self.app.t(self.title_key)
        out = {"rev": self.rev[seat] + 1, "ack": self.acks.get(seat, 0), "seat": seat, "name": info.name,
               "cat": f"cat.{info.coat}", "title": title, "mine": bool(offers), "over": game.over,
               "lang": self.app.i18n.lang, "langs": self.langs.offered(),
               "prompt": "", "sub": "", "rows": [], "buttons": [], "odds": [],
               "note": self.notes.get(seat, ""),
               "undo": bool(t.feed.undoable(seat)) and not t.presenter.busy,
               "tiger": ("thinking" if hint and hint[1] is None else
                         bool(self.kit.can_hint(seat, offers)) and not hint),
               "hint": hint[1] if hint else None,
               "tiger_act": hint[2] if hint and hint[1] is not None else None,   # its card is marked
               "words": {"undo": self.app.t("table.undo"), "tiger": self.app.t("tiger.ask"),
                         "thinking": self.app.t("tiger.thinking"), "yes": self.app.t("phone.yes"),
                         "no": self.app.t("phone.no"), "released": self.app.t("phone.released"),
                         "tiger_mark": self.app.t("phone.tiger.mark"),
                         "your_turn": self.app.t("phone.your_turn"),
                         **{k: self.app.t("phone.lost." + k) for k in ("away", "over", "held")}}}
        out.update(self.kit.state(seat, view, offers))
        if game.over:
            won = seat in game.winners
            out["prompt"] = self.app.t("phone.won" if won else "phone.over")
            names = self.app.t("tiger.join").join(t.seat_name(w) for w in sorted(game.winners))
            out["sub"] = self.app.t("phone.result.won", names=names) if names else ""
            out["buttons"], out["mine"] = [], False      # the kit's lines (points, who is out) stay
        elif not offers and not out["prompt"]:
            out["prompt"] = self.waiting_words()
        self.cells[seat] = {row["id"]: [c.get("card") for c in row["cells"]] for row in out["rows"]}
        for row in out["rows"]:
            for cell in row["cells"]:
                cell.pop("card", None)          # the phone needs only the picture and its words
        out["rev"] = self.rev[seat] + 1
        return out

    def waiting_words(self) -> str:
        t = self.table
        cur = t.feed.current_player
        if t.presenter.busy or cur is None:
            return self.app.t("phone.watch")
        return self.kit.waiting() or self.app.t("phone.waiting", name=t.seat_name(cur))

    # ---- what a phone says -----------------------------------------------------------------------
    def receive(self, seat: int, message: dict) -> None:
        kind = message["t"]
        self.notes.pop(seat, None)
        self.app.idle_seconds = 0.0             # a person at a phone: the kiosk's idle reset waits
        if kind == "hello":
            self.keys.pop(seat, None)               # a (re)connected phone gets the state now
            return
        if kind == "lang":
            self.langs.choose(seat, message["l"])
            return
        self.acks[seat] = self.acks.get(seat, 0) + 1     # the next state says this press was read
        if message["v"] != self.rev[seat]:         # made on a state the table has moved past
            self.refuse(seat, self.app.t("phone.error.stale"))
            return
        if kind == "undo":
            self.undo(seat)
        elif kind == "tiger":
            self.ask_tiger(seat)
        elif kind == "act":
            self.act(seat, message["a"])
        elif kind == "pick":
            row, _, name = message["b"].partition(":")
            cells = self.cells.get(seat, {}).get(row)
            if cells is None or any(i >= len(cells) or cells[i] is None for i in message["cards"]) \
                    or len(set(message["cards"])) != len(message["cards"]):
                self.refuse(seat, self.app.t("phone.error.malformed"))
                return
            cards = [cells[i] for i in message["cards"]]
            picked = self.kit.pick(seat, name, cards, self.offers(seat))
            if picked is None:
                self.refuse(seat, self.app.t("phone.error.not_now"))
                return
            if picked.startswith("!"):             # the kit's refusal in words
                self.refuse(seat, picked[1:])
                return
            self.act(seat, picked)

    def refuse(self, seat: int, words: str) -> None:
        self.notes[seat] = words
        self.server.tell(seat, {"t": "error", "code": "refused", "text": words,
                                "ack": self.acks.get(seat, 0)})

    def act(self, seat: int, action: str) -> None:
        t = self.table
        if t.feed.over:
            self.refuse(seat, self.app.t("phone.error.over"))
            return
        offers = self.offers(seat)
        if not offers:               # the big screen is showing a move, or it is not this seat's
            self.refuse(seat, self.app.t("phone.error.busy" if t.presenter.busy else "phone.error.not_now"))
            return
        if action not in offers:
            self.refuse(seat, self.kit.refusal(seat, action))
            return
        with self.langs.speaking(None):            # the table words what it shows for the TV
            applied = t.apply(action)
        if not applied:                            # the same path as a click
            self.refuse(seat, t.message[0] if t.message else self.kit.refusal(seat, action))

    def undo(self, seat: int) -> None:
        t = self.table
        if t.presenter.busy or not t.feed.undo(seat):
            self.refuse(seat, self.app.t("table.undo.refused"))
            return
        with self.langs.speaking(None):
            t.after_undo(seat)

    def ask_tiger(self, seat: int) -> None:
        offers = self.offers(seat)
        if not self.kit.can_hint(seat, offers):
            self.refuse(seat, self.app.t("phone.error.not_now"))
            return
        key = self.position(seat)
        self.hint[seat] = (key, None)
        self.hints.ask(key, self.table.feed.seat_feed(seat).view(), offers)

    # ---- the big screen --------------------------------------------------------------------------
    def take_back(self, seat: int) -> None:
        """The seat plays at the table again (behind the curtain while others play: the feed
        decides the eyes again); its link dies."""
        t = self.table
        if seat not in self.seats:
            return
        self.seats.remove(seat)
        self.server.revoke(seat)
        t.seat_moved(seat, "screen")

    def release(self, seat: int) -> None:
        """Another phone may open the seat's code (the old phone is cut off)."""
        if seat in self.seats:
            self.server.release(seat)
            self.keys.pop(seat, None)

    def url(self, seat: int) -> str:
        return self.server.url(seat)

    # ---- drawing on the big screen ---------------------------------------------------------------
    def draw(self, surface) -> None:
        """A code to scan (and its address in words) at each phone seat no phone holds yet; a
        "on a phone" chip at the others."""
        t = self.table
        s = t.s
        placed: list[pygame.Rect] = []
        for seat in self.seats:
            if self.server.connected(seat):
                self.chips.pop(seat, None)            # the phone joined: no code to show
                self.opened.discard(seat)
                bubble = t.bubbles.get(seat)
                if bubble and bubble[1] > t.time:
                    continue                  # the seat's speech bubble stands there for a moment
                # in the seat's speech place: never over the cat's face (issue 21)
                t.seat_tag(surface, seat, self.app.t("phone.on_phone"), P.GOOD, 26, f"phone:seat{seat}")
                continue
            url = self.url(seat)
            title = self.app.t("phone.scan", name=t.seat_name(seat))
            need = self.app.font(28).size(title)[0] + s(40)     # the title whole, at the floor size
            box, side = self.scan_place(seat, need, placed)
            if self.folds(box):
                self.draw_chip(surface, seat)
                if seat not in self.opened:
                    continue
            else:
                self.chips.pop(seat, None)
                self.opened.discard(seat)
            placed.append(box)
            key = (url, side)
            code = self._qr.get(key)
            if code is None:
                from game.phones.qr import qr_surface

                code = self._qr[key] = qr_surface(url, side)
            t.boxes.add("overlay", f"scan{seat}", box)
            surface.blit(panel(box.size, P.PANEL, s(20), max(2, s(4)), P.LAMP, 0), box)
            t.text(surface, title, 30, P.LAMP, (box.centerx, box.y + s(30)), max_w=box.w - s(20))
            surface.blit(code, code.get_rect(midtop=(box.centerx, box.y + s(56))))
            head, _, tail = url.partition("/p/")
            y = box.y + s(64) + code.get_height()
            for line in (head, "/p/" + tail):
                t.text(surface, line, 28, P.CREAM, (box.centerx, y + s(22)), max_w=box.w - s(12))
                y += s(40)

    def pointable(self) -> list[pygame.Rect]:
        """What a person at the table may point at now (the table's focus ring, its board's
        cards among it), not the chips; none while no person at the table acts."""
        t = self.table
        if not t.humans or t.curtain_for is not None or t.presenter.busy or t.feed.over:
            return []
        chips = list(self.chips.values())
        return [pygame.Rect(i.rect) for i in t.focus.items if i not in chips and t.focus.usable(i)]

    def folds(self, box: pygame.Rect) -> bool:
        """A code panel at ``box`` would hide something a person at the table may point at now
        (their turn, or a step everyone takes at once), or lie on the board at any time (the
        set to beat, the centre cards everyone memorises while a phone rejoins): it folds into
        a chip."""
        return box.collidelist(self.pointable()) != -1 or box.collidelist(self._board) != -1

    def draw_chip(self, surface, seat: int) -> None:
        """The folded panel's chip by the seat's name plate: a real button (mouse, the focus
        ring, keys and pads press it)."""
        t = self.table
        chip = self.chips.get(seat)
        if chip is None:
            chip = self.chips[seat] = Button((0, 0, 1, 1), "phone.code.show", lambda: self.toggle(seat),
                                             raw=True)
        key = "phone.code.hide" if seat in self.opened else "phone.code.show"
        focused = chip is t.focus.focused
        text, edge = self.app.t(key, name=t.seat_name(seat)), P.FOCUS if focused else P.LAMP
        spot = self.chip_spot(surface, seat, text)
        if spot is not None:
            chip.rect = t.chip(surface, text, spot[0].center, edge, spot[1], f"phone:seat{seat}")
        else:
            chip.rect = t.seat_tag(surface, seat, text, edge, CHIP_PX, f"phone:seat{seat}")
        chip.radius = chip.rect.h // 2
        if focused:
            focus_outline(surface, chip.rect, t.time, self.app.scale, chip.radius)

    def chip_spot(self, surface, seat: int, text: str) -> tuple[pygame.Rect, int] | None:
        """Where a seat's chip stands by its name plate (under it, over the cat, beside the
        plate) clear of every piece and overlay, and its words' size; None: nowhere there."""
        t, s = self.table, self.table.s
        rect = t.seat_rect(seat)
        plate = getattr(t, "plates", {}).get(seat, rect)
        keep = [pygame.Rect(r) for n, r in t.piece_boxes() if n not in SCAN_MAY_HIDE and n != f"seat{seat}"]
        keep += [d.rect for d in t.boxes.overlays()]
        keep += [d.rect for d in t.boxes.items if d.layer in ("face", "name")]   # no cat's face nor name
        if getattr(t, "match_rect", None):
            keep.append(t.match_rect)
        keep += self.late_overlays()
        gap = s(6)
        screen = surface.get_rect().inflate(-2 * gap, -2 * gap)
        for px in (CHIP_PX, CHIP_PX - 4):        # smaller only where the bigger finds no place
            w, h = t.chip(surface, text, plate.center, P.LAMP, px, dry=True).size
            paws = plate.y - gap - h // 2        # over the seat's own cat, under its face
            shifts = sorted(range(-w // 2, w // 2 + 1, 2), key=abs)
            for centre in ((plate.centerx, plate.bottom + gap + h // 2),
                           (rect.centerx, rect.top - gap - h // 2),
                           (plate.right + gap + w // 2, plate.centery),
                           (plate.left - gap - w // 2, plate.centery),
                           *((plate.centerx + dx, paws) for dx in shifts)):
                spot = pygame.Rect(0, 0, w, h)
                spot.center = centre
                if screen.contains(spot) and spot.inflate(s(2), s(2)).collidelist(keep) == -1:
                    return spot, px
        return None

    def late_overlays(self) -> list[pygame.Rect]:
        """What the table logs only after the phones drew (the tiger's button)."""
        advice = getattr(self.table, "advice", None)
        button = getattr(advice, "button", None)
        return [pygame.Rect(button.rect)] if button is not None and button.visible else []

    def toggle(self, seat: int) -> None:
        if seat in self.opened:
            self.opened.discard(seat)
            self.app.audio.play("ui_back")
        else:
            self.opened.add(seat)
            self.app.audio.play("ui_confirm")

    def keep_focus(self, focused) -> None:
        """After the table rebuilt its focus ring: the chips in it (as the tools keep theirs)."""
        ring = self.table.focus
        unfocused = ring.index < 0
        for chip in list(ring.items):
            if isinstance(chip, Button) and chip.on_press and chip not in self.chips.values() \
                    and chip.label == "phone.code.show":
                ring.items.remove(chip)          # a chip of a seat whose phone joined
        for chip in self.chips.values():
            if chip not in ring.items:
                ring.add(chip)
            if focused is chip and ring.focused is not chip:
                ring.index = ring.items.index(chip)
        if unfocused and focused not in self.chips.values():
            ring.index = -1                      # the table picks its own first focus

    def handle(self, intent) -> bool:
        """A chip pressed by the mouse; Esc / B or a click on an opened panel folds it again."""
        kind = intent.kind
        if kind == "click" and intent.pos is not None:
            for seat, chip in self.chips.items():
                if chip.rect.collidepoint(intent.pos):
                    self.table.focus.set_focus(chip)
                    self.toggle(seat)
                    return True
            shown = {d.name: d.rect for d in self.table.boxes.overlays()}
            for seat in list(self.opened):
                box = shown.get(f"scan{seat}")
                if box is not None and box.collidepoint(intent.pos):
                    self.toggle(seat)
                    return True
        if kind in ("back", "pause") and self.opened:
            self.opened.clear()
            self.app.audio.play("ui_back")
            return True
        return False

    def scan_place(self, seat: int, need: int, placed: list) -> tuple[pygame.Rect, int]:
        """Where a seat's code panel stands, and its code's side (window px): the biggest code
        whose panel covers no seat, hand, button, the status line nor anything else the table
        shows (stranger 3: it hid the phone seat's cat, name, score and the Zodiac trump), as
        near the seat as can be. Only what the table names in ``phone_may_cover`` (its board)
        may lie under it, as little as can be, when nowhere else is free; when even that finds
        nothing, on the seat as before."""
        t, s = self.table, self.table.s
        screen = pygame.Rect((0, 0), self.app.size)
        soft_names = set(getattr(t, "phone_may_cover", ()))
        pieces = [(name, pygame.Rect(r)) for name, r in t.piece_boxes() if name not in SCAN_MAY_HIDE]
        boards = [r for name, r in pieces if name in soft_names]
        hard, soft = [], []
        for name, r in pieces:      # what lies on the board (its cards) goes with the board
            on_board = name in soft_names or any(b.contains(r) for b in boards)
            (soft if on_board else hard).append(r.inflate(s(8), s(8)))
        hard += [d.rect.inflate(s(8), s(8)) for d in t.boxes.overlays()
                 if d.name == "odds" or d.name.startswith("tools:")]
        hard += [z.inflate(s(8), s(8)) for z in (zone(t.anchors, "odds"),) if z is not None]
        hard += [r.inflate(s(8), s(8)) for r in self.late_overlays()]
        self._board = soft
        key = (seat, need, tuple(map(tuple, hard)), tuple(map(tuple, soft)), tuple(map(tuple, placed)),
               screen.size)
        found = self._places.get(key)
        if found is None:
            near = t.seat_rect(seat).center
            found = free_place(screen, near, need, hard + placed, soft, s)
            if found[0].collidelist(placed) != -1:
                # nowhere free, and its seat is under another code: as little of the table as
                # can be under it, never another code (two codes on each other scan as neither)
                found = free_place(screen, near, need, placed, hard + soft, s)
            self._places[key] = found
        return found


CHIP_PX = 26                     # a folded code panel's chip ("Tofu: show code")
SCAN_MAY_HIDE = {"banner", "reveal"}     # there only while something moves
