"""Engine events → timelines of dice tumbles, flying cards and tokens, cat reactions, captions and
sound cues, for the Meow Meow Dice table.

The presenter keeps a *display board* (``Board``): what the screen shows, which lags behind the
engine while animations play. Each event becomes a step whose timeline is built when it starts
(so positions are read from the board as it then stands). After the last event of a batch the
board is re-read from the view (``Board.sync``), so a skipped or hurried animation can never leave
the screen wrong, and nothing here ever changes the rules state. Meow Meow Dice hides no card in a
hand, so every event is public and one view serves everybody.
"""
from __future__ import annotations

import math
import random

from game.art.dice_meow_dice import TUMBLE_FACES
from game.runtime.tween import Timeline, Tween, in_out_sine, out_back, out_bounce, out_cubic
from scenes.meow_dice.board import DICE, Board, DieFx
from scenes.meow_dice.rules_view import card_points, card_type
from scenes.table.presenter import BasePresenter, Flyer

# Seconds (normal speed, × the computer cats' pace) each step of a computer cat's turn stays up
# beyond its animation: a person watching could not follow a turn that was over in 1.5 s (s43).
READ_ROLL = 0.8       # the dice just rolled (0.2 s already waited after they settle)
READ_STEP = 0.65      # a die locked, a condition token placed, cards changed
READ_END = 1.3        # the card taken or the fish bone: its banner line is the turn's outcome


class Presenter(BasePresenter):
    """Meow Meow Dice's handlers: the butler's deal, dice tumbling, cards and tokens flying."""

    def __init__(self, scene):
        self.dice_fx = [DieFx() for _ in range(DICE)]
        self.hidden_slots: set[str] = set()      # slots whose card is in flight
        self.pulse = [0.0] * scene.n             # a seat's score/enthusiasm pulse, 0..1
        self.rng = random.Random(5)              # presentation only (tumble paths, flicker faces)
        self.outcome: int | None = None          # the seat whose turn just ended in a card or fish bone
        super().__init__(scene)

    def make_board(self, players: int) -> Board:
        return Board(players)

    def sync(self) -> None:
        self._sync_now()

    def tick(self, dt: float) -> None:
        self.pulse = [max(0.0, p - dt * 1.6) for p in self.pulse]
        for fx in self.dice_fx:
            fx.pop = max(0.0, fx.pop - dt * 3.0)

    def clear_motion(self) -> None:
        self.flyers.clear()
        self.hidden_slots.clear()

    def read(self, tl: Timeline, seat: int, seconds: float) -> None:
        """Keep a computer cat's decision in view ``seconds`` more (× both speed settings); a
        person's own steps, and attract mode's quick demo, keep their pace."""
        if self._bot_read(seat):
            tl.wait(seconds * self.app.settings.bot_pace)

    def _bot_read(self, seat: int) -> bool:
        sc = self.scene
        return not sc.attract and seat not in sc.humans

    def _bump(self, seat: int) -> None:
        if 0 <= seat < len(self.pulse):
            self.pulse[seat] = 1.0

    def _sync_now(self) -> None:
        self.board.sync(self.scene.feed)
        for d, fx in enumerate(self.dice_fx):
            fx.face = self.board.dice[d]
            fx.offset = (0.0, 0.0)
            fx.angle = 0.0
        self.hidden_slots.clear()

    def deal(self) -> None:
        """The opening: the butler's cards fly from the decks into the four slots, face up."""
        def build() -> Timeline:
            sc = self.scene
            game = sc.feed
            self.board.sync(game)
            cards = dict(self.board.slots)
            self.board.deck += sum(1 for s in ("TL", "TR", "BL") if cards[s])
            self.board.golden += 1 if cards["BR"] else 0
            tl = self.tl()
            self.say(tl, self.t("md.ev.deal"))
            self.sound(tl, "shuffle")
            steps = []
            for i, slot in enumerate(("TL", "TR", "BL", "BR")):
                if cards[slot]:
                    steps.append(self._refill_anim(slot, cards[slot], "golden" if slot == "BR" else "regular",
                                                   delay=0.14 * i))
            tl.together(*steps)
            tl.call(self._sync_now)
            return tl
        for slot in ("TL", "TR", "BL", "BR"):
            self.hidden_slots.add(slot)
        self.push(build)

    def _refill_anim(self, slot: str, card: str, deck: str, delay: float = 0.0) -> Timeline:
        sc = self.scene
        golden = deck == "golden"

        def launch():
            self.hidden_slots.add(slot)
            if golden:
                self.board.golden = max(0, self.board.golden - 1)
            else:
                self.board.deck = max(0, self.board.deck - 1)
            start, start_w = sc.pile_card(deck if golden else "deck")
            flyer = Flyer(card, start, start_w, 1.0 if golden else 0.0)
            end, end_w = sc.slot_card(slot)
            self.app.audio.play("card_flip")
            return flyer, self.fly(flyer, end, end_w, 0.42, out_cubic, flip_to=1.0)

        def land():
            self.board.slots[slot] = card
            self.hidden_slots.discard(slot)
        return self.launched(delay, launch, land)

    # ---- one handler per event kind -------------------------------------------------------------------
    # ---- the move history ------------------------------------------------------------------------
    def log_line(self, e) -> str | None:
        t, d = self.t, e.data
        name = self.name(d["seat"]) if "seat" in d else ""
        k = e.kind
        if k == "DiceRolled":
            join = t("tiger.join")                    # ", " / "、"
            faces = join.join(t("md.face." + f) for f in d["faces"])
            # the dice left on the table (locked, or kept out of a reroll) are named first, so the
            # history says which dice stayed and which were thrown
            kept = [f for i, f in enumerate(d.get("all", "")) if i not in d["dice"]]
            if not kept:
                return t("md.log.roll", name=name, faces=faces)
            kept = join.join(t("md.face." + f) for f in kept)
            if d.get("was"):                          # a reroll: the dice thrown, then what came up
                was = join.join(t("md.face." + f) for f in d["was"])   # (stranger 40e, defect 13)
                return t("md.log.reroll_from", name=name, kept=kept, was=was, faces=faces)
            return t("md.log.reroll", name=name, faces=faces, kept=kept)   # a first roll beside locked dice
        if k == "TokenPlaced":
            return t("md.ev.cond", name=name)
        if k == "DieLocked":                          # which face: the roll line after it says "keeps"
            return t("md.ev.lock", name=name, face=t("md.face." + d["face"]))
        if k == "Bite":
            return t("md.ev.bite", name=name)
        if k == "CardsChanged":
            return t("md.ev.token" if d["by"] == "token" else "md.ev.change", name=name)
        if k == "CardTaken":
            return t("md.ev.take", name=name, card=self.scene.card_name(d["card"]))
        if k == "FishboneTaken":
            return t("md.ev.fishbone" if d["card"] else "md.ev.fish_empty", name=name)
        if k == "EnthusiasmChanged" and d["why"] != "spend":
            return t("md.ev.catnip" if d["why"] == "catnip" else "md.ev.enth_up", name=name, n=d["new"])
        if k == "TokenFlipped" and d.get("face_up"):
            return t("md.ev.token_up", name=name)
        if k == "TieBreakThrow":
            return t("md.ev.tie_throw", name=name, face=t("md.face." + d["face"]))
        if k == "GameWon":
            seat = d["winners"][0]
            return t("md.ev.win", name=self.name(seat), n=d["scores"][seat])
        return None

    def on_TurnStarted(self, e, rest) -> Timeline:
        tl = self.tl()
        seat = e.data["seat"]

        def start():
            self.board.current = seat
            self.outcome = None
            self.board.rolls = 0
            self.board.locked = []
            self.board.dice = [None] * DICE
            for fx in self.dice_fx:
                fx.face = None
                fx.offset = (0.0, 0.0)
                fx.angle = 0.0
            self.caption = self.t("md.prompt.turn", name=self.name(seat))
        tl.call(start)
        tl.wait(0.25)
        return tl

    def on_TurnEnded(self, e, rest) -> Timeline:
        tl = self.tl()
        tl.wait(0.35)
        return tl

    def on_TokenFlipped(self, e, rest) -> Timeline:
        seat, up = e.data["seat"], e.data["face_up"]
        tl = self.tl("card_flip")
        self.say(tl, self.t("md.ev.token_up" if up else "md.ev.token", name=self.name(seat)))
        flip = self.scene.set_token_flip(seat, up)
        flip.calm = "instant"       # under reduce motion the token shows its new face at once (calm.py)
        tl.add(self.tw(self.scene, flip, 1.0, 0.4, in_out_sine, start=0.0))

        def done():
            if self.board.cat_up is not None:
                self.board.cat_up[seat] = up
        tl.call(done)
        tl.wait(0.15)
        return tl

    def on_EnthusiasmChanged(self, e, rest) -> Timeline:
        tl = self.tl()
        seat, new, why = e.data["seat"], e.data["new"], e.data["why"]

        def change():
            self.board.enth[seat] = new
            self._bump(seat)
        tl.call(change)
        if why == "spend":
            self.sound(tl, "power")
            tl.wait(0.2)
        else:
            self.sound(tl, "purr")
            self.pose(tl, seat, "happy", 1.2)
            key = "md.ev.catnip" if why == "catnip" else "md.ev.enth_up"
            self.shout(tl, self.t(key, name=self.name(seat), n=new), (255, 170, 90), 1.2)
            tl.wait(0.5)
        return tl

    def on_CardsChanged(self, e, rest) -> Timeline:
        sc = self.scene
        tl = self.tl()
        seat = e.data["seat"]
        key = "md.ev.token" if e.data["by"] == "token" else "md.ev.change"
        self.say(tl, self.t(key, name=self.name(seat)))
        flyers, tweens = [], []
        for i, slot in enumerate(e.data["slots"]):
            card = e.data["discarded"][i]
            start, w = sc.slot_card(slot)
            f = Flyer(card, start, w, 1.0)
            end = (start[0], start[1] - sc.s(140))
            tweens += self.fly(f, end, w * 0.6, 0.4, in_out_sine, delay=0.06 * i)
            tweens.append(Tween(f, "alpha", 0.0, 0.4, in_out_sine, delay=0.06 * i, speed=self.speed))
            flyers.append(f)
        returned = list(e.data.get("tokens") or [])
        for tok in returned:
            slot = next((s for s in e.data["slots"] if tok in self.board.slot_tokens.get(s, [])),
                        e.data["slots"][0])
            start = sc.token_pos(slot, self.board.slot_tokens.get(slot, []).index(tok)
                                 if tok in self.board.slot_tokens.get(slot, []) else 0)
            f = Flyer(tok, start, sc.token_size(), kind="token")
            tweens += self.fly(f, sc.supply_pos(tok), sc.supply_token_size(), 0.45,
                               in_out_sine)
            flyers.append(f)

        def lift():
            for slot in e.data["slots"]:
                self.board.slots[slot] = None
                self.board.slot_tokens[slot] = []
            self.flyers.extend(flyers)
        tl.call(lift)
        self.sound(tl, "card_slide")
        tl.together(*tweens)
        tl.call(lambda: self.drop(flyers))
        tl.call(lambda: self.board.supply.extend(returned))
        self.read(tl, seat, READ_STEP)
        return tl

    def on_SlotRefilled(self, e, rest) -> Timeline:
        tl = self.tl()
        slot, card = e.data["slot"], e.data["card"]
        if card is None:
            tl.call(lambda: self.board.slots.__setitem__(slot, None))
            return tl
        tl.add(self._refill_anim(slot, card, e.data["deck"]))
        return tl

    def on_TokenPlaced(self, e, rest) -> Timeline:
        sc = self.scene
        tl = self.tl()
        slot, tok = e.data["slot"], e.data["condition"]
        f = Flyer(tok, sc.supply_pos(tok), sc.supply_token_size(), kind="token")
        end = sc.token_pos(slot, len(self.board.slot_tokens.get(slot, [])))

        def lift():
            if tok in self.board.supply:
                self.board.supply.remove(tok)
            self.flyers.append(f)
        tl.call(lift)
        self.say(tl, self.t("md.ev.cond", name=self.name(e.data["seat"])))
        self.sound(tl, "card_slide")
        tl.together(*self.fly(f, end, sc.token_size(), 0.45, out_back))
        tl.call(lambda: self.drop([f]))
        tl.call(lambda: self.board.slot_tokens.setdefault(slot, []).append(tok))
        self.sound(tl, "dice_clack")
        tl.wait(0.2)
        self.read(tl, e.data["seat"], READ_STEP)
        return tl

    def on_DieLocked(self, e, rest) -> Timeline:
        tl = self.tl()
        d, face = e.data["die"], e.data["face"]
        fx = self.dice_fx[d]
        self.say(tl, self.t("md.ev.lock", name=self.name(e.data["seat"]), face=self.t("md.face." + face)))

        def lock():
            fx.face = face
            fx.pop = 1.0 if self.scene.juice.on else 0.0
            self.board.dice[d] = face
            if d not in self.board.locked:
                self.board.locked.append(d)
        tl.call(lock)
        self.sound(tl, "dice_clack")
        tl.wait(0.35)
        self.read(tl, e.data["seat"], READ_STEP)
        return tl

    def on_DiceRolled(self, e, rest) -> Timeline:
        sc = self.scene
        tl = self.tl()
        seat, thrown, faces = e.data["seat"], list(e.data["dice"]), e.data["faces"]
        self.say(tl, self.t("md.ev.roll", name=self.name(seat), n=len(thrown)))
        # the header counts this roll as the caption says it (it lagged a step behind)
        tl.call(lambda: setattr(self.board, "rolls", e.data["roll"]))
        # and what the next reroll may throw with it (never "no reroll left" while the dice tumble)
        tl.call(lambda: setattr(self.board, "next_max", e.data["next_max"]))
        self.sound(tl, "dice_rattle")
        side = -1 if sc.seat_rect(seat).centerx < sc.app.size[0] / 2 else 1
        tumbles = [_Tumble(self, d, faces[i], side, 0.07 * i) for i, d in enumerate(thrown)]
        tl.together(*tumbles)

        def settle():
            self.board.dice = [None if f == "-" else f for f in e.data["all"]]
            self.board.rolls = e.data["roll"]
            self.board.next_max = e.data["next_max"]
            self.board.locked = list(e.data["locked"])
        tl.call(settle)
        tl.wait(0.2)
        self.read(tl, seat, READ_ROLL)
        return tl

    def on_Bite(self, e, rest) -> Timeline:
        seat, card = e.data["seat"], e.data["card"]
        tl = self.tl("meal_chime")
        self.pose(tl, seat, "happy", 1.2)

        def bite():
            self.board.bitten[seat].append(card)
            self.board.next_max = e.data["next_max"]
        tl.call(bite)
        self.shout(tl, self.t("md.ev.bite", name=self.name(seat)), (255, 200, 120), 1.3)
        tl.wait(0.5)
        self.read(tl, seat, READ_STEP)
        return tl

    def on_CardTaken(self, e, rest) -> Timeline:
        sc = self.scene
        tl = self.tl()
        seat, slot, card = e.data["seat"], e.data["slot"], e.data["card"]
        tokens = list(e.data.get("tokens") or [])
        start, w = sc.slot_card(slot)
        ctype = card_type(card)
        index = len([c for c in self.board.hands[seat] if card_type(c) == ctype])
        end, end_w = sc.hand_card(seat, ctype, index)
        f = Flyer(card, start, w, 1.0)
        flyers = [f]
        tweens = self.fly(f, end, end_w, 0.5, in_out_sine)
        for k, tok in enumerate(tokens):
            tf = Flyer(tok, sc.token_pos(slot, k), sc.token_size(), kind="token")
            tweens += self.fly(tf, sc.won_token_pos(seat, len(self.board.won_tokens[seat]) + k),
                               sc.won_token_size(), 0.5, in_out_sine, delay=0.05 * (k + 1))
            flyers.append(tf)

        def lift():
            self.board.slots[slot] = None
            self.board.slot_tokens[slot] = []
            self.hidden_slots.add(slot)
            self.flyers.extend(flyers)
        tl.call(lift)
        golden = slot == "BR"
        tl.call(lambda: setattr(self, "outcome", seat))
        self.sound(tl, "capture_chime")
        name = self.scene.card_name(card)
        line = self.t("md.ev.take_pts", name=self.name(seat), card=name, n=card_points(card))
        self.say(tl, line)
        self.shout(tl, line, (255, 214, 90) if golden else (150, 240, 170), self._end_seconds(seat, 1.4),
                   big=True)
        self.pose(tl, seat, "victorious" if golden else "happy", 1.6)
        tl.together(*tweens)
        tl.call(lambda: self.drop(flyers))

        def land():
            self.board.hands[seat].append(card)
            self.board.won_tokens[seat].extend(tokens)
            self._bump(seat)
            self.hidden_slots.discard(slot)
        tl.call(land)
        tl.call(self._score_from_engine)
        tl.wait(0.25)
        self.floor(tl)
        self.read(tl, seat, READ_END)
        return tl

    def _end_seconds(self, seat: int, seconds: float) -> float:
        """A turn's outcome banner lasts through the hold that keeps it readable."""
        return seconds + (READ_END * self.app.settings.bot_pace if self._bot_read(seat) else 0.0)

    def _score_from_engine(self) -> None:
        """Scores shown rise as cards land; the engine's running score is the truth, and it is
        already final for this action, so read it at the moment the card arrives."""
        self.board.scores = list(self.scene.feed.view(None)["scores"])

    def on_FishboneTaken(self, e, rest) -> Timeline:
        sc = self.scene
        tl = self.tl()
        seat, card = e.data["seat"], e.data["card"]
        if card is None:
            tl.call(lambda: setattr(self, "outcome", seat))
            self.sound(tl, "pass_tap")
            self.shout(tl, self.t("md.ev.fish_empty", name=self.name(seat)), (200, 210, 230),
                       self._end_seconds(seat, 1.4), big=True)
            self.pose(tl, seat, "scared", 1.2)
            tl.wait(0.6)
            self.floor(tl)
            self.read(tl, seat, READ_END)
            return tl
        face_down = self.board.advanced
        start, w = sc.pile_card("fishbones")
        index = len([c for c in self.board.hands[seat] if card_type(c) == "food"])
        end, end_w = sc.hand_card(seat, "food", index)
        f = Flyer(card, start, w, 0.0 if face_down else 1.0)

        def lift():
            self.board.fish = max(0, self.board.fish - 1)
            self.board.fish_top = None
            self.flyers.append(f)
        tl.call(lift)
        tl.call(lambda: setattr(self, "outcome", seat))
        self.sound(tl, "card_slide")
        self.say(tl, self.t("md.ev.fishbone", name=self.name(seat)))
        self.shout(tl, self.t("md.ev.fishbone", name=self.name(seat)), (190, 210, 235),
                   self._end_seconds(seat, 1.4), big=True)
        self.pose(tl, seat, "scared", 1.4)
        tl.together(*self.fly(f, end, end_w, 0.55, in_out_sine, flip_to=1.0))
        tl.call(lambda: self.drop([f]))
        tl.call(lambda: self.board.hands[seat].append(card))
        tl.call(self._score_from_engine)
        tl.wait(0.25)
        self.floor(tl)
        self.read(tl, seat, READ_END)
        return tl

    def on_TieBreakThrow(self, e, rest) -> Timeline:
        seat, face = e.data["seat"], e.data["face"]
        tl = self.tl("dice_rattle")
        tl.add(_Tumble(self, 0, face, -1, 0.0))
        self.shout(tl, self.t("md.ev.tie_throw", name=self.name(seat), face=self.t("md.face." + face)),
                   (255, 226, 140), 1.0)
        self.pose(tl, seat, "happy" if face == "C" else "thinking", 1.0)
        tl.wait(0.6)
        return tl

    def on_GameWon(self, e, rest) -> Timeline:
        tl = self.tl()
        seat = e.data["winners"][0]
        score = e.data["scores"][seat]
        tl.call(lambda: setattr(self.board, "winner", seat))
        self.sound(tl, "win_fanfare")
        self.pose(tl, seat, "victorious", 600)
        text = self.t("md.ev.win", name=self.name(seat), n=score)
        self.shout(tl, text, (255, 214, 90), 3.0)
        self.say(tl, text)
        tl.wait(1.2)
        # held: the winner and their points stay across the table, and a tie-break says how it
        # was settled (MD end: most food, then a die), as the results will (playtest 12)
        tl.call(lambda: setattr(self, "banner", (text, (255, 214, 90), math.inf)))
        if e.data["reason"] != "score":
            self.say(tl, self.t("results.reason." + e.data["reason"]))
        self.hold(tl, unattended=1.0)     # a person goes on by a press, as at the other tables' ends
        return tl


STILL_ROLL = 0.25    # seconds (normal speed) a die shown still takes under "reduce motion"


class _Tumble:
    """One die thrown: it flies in from the roller's side, spins, bounces on the velvet and
    settles on its face. Faces flicker while it turns (presentation only)."""

    def __init__(self, presenter: Presenter, die: int, face: str, side: int, delay: float):
        self.p = presenter
        self.die = die
        self.face = face
        speed = presenter.speed
        # "reduce motion": the die shows its result where it lies, after a short still beat
        # (stranger 6: the dice still flew, spun and bounced with the setting on)
        self.still = not presenter.scene.juice.on
        self.delay = 0.0 if self.still else delay * speed
        self.duration = (STILL_ROLL if self.still else 0.9) * speed
        self.elapsed = 0.0
        self.done = False
        rng = presenter.rng
        s = presenter.scene.s
        self.start = (tumble_x(presenter.scene, die, side * s(rng.randrange(260, 420))),
                      -tumble_rise(presenter.scene, die, s(rng.randrange(170, 260))))
        self.spin = rng.choice((-1, 1)) * rng.randrange(420, 900)
        self.flicker = 0.0
        self.clacked = False
        self.started = False

    def update(self, dt: float) -> float:
        if self.done:
            return dt
        self.elapsed += dt
        run = self.elapsed - self.delay
        if run < 0:
            return 0.0
        fx = self.p.dice_fx[self.die]
        if not self.started:
            self.started = True
            self.p.board.dice[self.die] = None
            if self.still:
                fx.face, fx.offset, fx.angle = self.face, (0.0, 0.0), 0.0
        if run >= self.duration:
            self.finish()
            return run - self.duration
        if self.still:
            return 0.0
        t = run / self.duration
        x = self.start[0] * (1 - out_cubic(t))
        y = self.start[1] * (1 - out_bounce(t))
        fx.offset = (x, y)
        fx.angle = self.spin * (1 - out_cubic(min(1.0, t * 1.15)))
        self.flicker -= dt
        if t < 0.78 and self.flicker <= 0:
            self.flicker = 0.07 * self.p.speed
            fx.face = self.p.rng.choice(TUMBLE_FACES)
        elif t >= 0.78:
            fx.face = self.face
        if not self.clacked and t > 0.37:
            self.clacked = True
            self.p.app.audio.play("dice_clack")
        return 0.0

    def finish(self) -> None:
        if self.done:
            return
        fx = self.p.dice_fx[self.die]
        fx.face = self.face
        fx.offset = (0.0, 0.0)
        fx.angle = 0.0
        if not self.p.scene.juice.land(fx, self.p.scene.dice_rects()[self.die]) and not self.still:
            fx.pop = 1.0                                                         # (land: with weight)
        self.p.board.dice[self.die] = self.face
        self.done = True


def tumble_x(scene, die: int, x: float) -> float:
    """A thrown die's sideways start, kept over the dice's own part of the tray, so a spinning die
    never passes over the tiger or the condition token supply (issue 21: dice tumbled over
    "Condition tokens")."""
    rect, area = scene.dice_rects()[die], scene.dice_area()
    pad = rect.w * 0.21                          # a die turned 45 degrees is 1.41 times as wide
    lo, hi = area.x + pad - rect.x, area.right - pad - rect.right
    return 0.0 if lo > hi else min(hi, max(lo, x))


def tumble_rise(scene, die: int, rise: float) -> float:
    """How high a thrown die may start above its place: below the market's cards, slot words and
    pile counts ("7 left": dice flew over it), its turned corners included."""
    rect, s = scene.dice_rects()[die], scene.s
    above = [a.rect for name, a in scene.anchors.items() if name.startswith("slot")]
    above += [a.rect.inflate(0, 2 * s(34)) for name, a in scene.anchors.items()
              if name in ("deck", "golden", "fishbones")]          # a pile's count under it
    ceiling = max((r.bottom for r in above if r.bottom <= rect.top + rect.h // 2), default=0)
    return max(0.0, min(rise, rect.top - ceiling - rect.h * 0.21))


def flip_squash(flip: float) -> float:
    return abs(math.cos(math.pi * flip)) if 0.0 < flip < 1.0 else 1.0
