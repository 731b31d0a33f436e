"""Zodiac Catchers engine events → timelines of card flips, flights, cat reactions and sounds.

Like the Hungry Meow presenter: a *display board* lags behind the engine while animations play;
each event becomes a step whose timeline is built when it starts (positions read from the board
as it then stands), and each batch ends with ``Board.sync`` from the views, so a skipped or
shortened animation can never leave the screen wrong. Only events the shown seat may see are
presented (``Event.visible_to(viewer)``).

The display board and its cards are in scenes/zodiac/board.py.
"""
from __future__ import annotations

from game.runtime.tween import Deferred, Timeline, Tween, in_out_sine, out_back, out_cubic
from scenes.table.presenter import BasePresenter, Flyer, Hold
from scenes.zodiac.board import Board, ZCard
from scenes.zodiac.landing import Landing
from scenes.zodiac.strip import hand_seat

# Seconds (× the animation speed: longer at "slow") a turned card stays up to be remembered; a
# press goes on at once (issue 21: three computer turns used to pass in about 6 s).
READ_OTHERS = 1.1         # a card another seat turned up
READ_LAST = 2.5           # the three cards together, before a miss turns them back (or a press)


class Presenter(BasePresenter):
    """Zodiac's handlers: rounds dealt, mermaids arranged, cards turned up, caught and turned back."""

    def __init__(self, scene):
        super().__init__(scene)
        self._win: dict | None = None
        # kinds of cards the events turned up whose zoom is not yet shown: public from the event
        # on, their faces are made ahead (CardPictures.warm_up), oldest first
        self.revealing: list[str] = []

    def present(self, events, viewer: int | None) -> None:
        self.revealing = (self.revealing + [e.data["card"] for e in events
                                            if e.kind == "CardRevealed" and e.visible_to(viewer)])[-6:]
        super().present(events, viewer)

    def _revealed(self, kind: str) -> None:
        if kind in self.revealing:
            self.revealing.remove(kind)

    def make_board(self, players: int) -> Board:
        return Board(players)

    def sync(self) -> None:
        self.board.sync(self.scene.feed, hand_seat(self.scene))

    def tick(self, dt: float) -> None:
        for f in self.board.floats:
            f[2] -= dt
        self.board.floats = [f for f in self.board.floats if f[2] > 0]

    def kind_name(self, kind: str) -> str:
        return self.app.t("zc.kind." + kind)

    def shout(self, tl: Timeline, text: str, colour=None, seconds: float = 1.6, big: bool = False) -> None:
        """A banner: the zoom of a card just turned up gives way to it, and no card zooms over it
        (stranger 40e, defect 5: the enlarged card hid the catch's words, "Mochi catch▮▮▮e Rabbit")."""
        tl.call(self.scene.zoom.dismiss)
        super().shout(tl, text, colour, seconds, big)

    def zoom(self, tl: Timeline, item, caption: str = "") -> None:
        tl.call(lambda: self.banner is None and self.scene.zoom.show(item, caption))

    def pos_of(self, where: str, seat, card: ZCard):
        sc = self.scene
        if where == "hand":
            (x, y), w = sc.hand_slot(seat, card.slot, self.board.counts[seat])
            if card.flip > 0.5:                   # face-up hand cards are drawn lifted
                ox, oy = sc.lift_offset(seat, card)
                x, y = x + ox, y + oy
            return (x, y), w
        return sc.centre_slot(int(card.slot))

    # ---- events ----------------------------------------------------------------------------------
    # ---- the move history ------------------------------------------------------------------------
    def log_line(self, e) -> str | None:
        t, d = self.app.t, e.data
        k = e.kind
        if k == "RoundStarted":
            return t("zc.ev.deal", n=d["round"])
        if k == "TrumpTurned":
            return t("zc.ev.trump", kind=self.kind_name(d["card"]))
        if k == "Arranged":
            return t("zc.log.arranged", name=self.name(d["seat"]))
        if k == "CardRevealed":                  # where it lay, so the log helps one remember
            return t("zc.log.reveal", name=self.name(d["by"]), kind=self.kind_name(d["card"]),
                     place=self.place_name(d["where"], d["seat"], d["pos"]))
        if k == "Captured":
            mine = self.taken_from_viewer(d)
            return t("zc.log.capture_yours" if mine else "zc.ev.capture", name=self.name(d["seat"]),
                     kind=self.kind_name(d["card"]), n=mine)
        if k == "TurnedBack":
            return t("zc.ev.no_match")
        if k == "RoundWon":
            return t("zc.ev.round_won." + d["how"], name=self.name(d["seat"]))
        if k == "PointsScored":
            return t("zc.log.points", name=self.name(d["seat"]), pts=t("zc.points", n=d["points"]))
        if k == "RoundNoWinner":
            return t("zc.ev.no_winner", n=d["round"])
        if k == "MatchWon":
            w = d["winners"]
            return t("zc.ev.match", name=self.name(w[0])) if len(w) == 1 else t("zc.ev.match_tie")
        return None

    def taken_from_viewer(self, d: dict) -> int:
        """How many cards a catch (event data ``d``) took out of the hand of the person looking."""
        viewer = self.scene.viewer
        if viewer is None or viewer == d["seat"] or viewer not in self.scene.humans:
            return 0
        return sum(1 for p in d["places"] if p["where"] == "hand" and p["seat"] == viewer)

    def reveal_end(self) -> bool:
        """At the match's end every hand turns face up (each seat's own view of its hand)."""
        game = self.scene.feed
        hands = [list(game.view(s)["hand"]) for s in range(self.scene.n)]

        def build():
            tl = self.tl()
            flips = []
            for seat, kinds in enumerate(hands):
                live = sorted((c for c in self.board.hands[seat] if not c.gone), key=lambda c: c.slot)
                for card, kind in zip(live, kinds, strict=False):
                    if card.flip < 0.5:
                        card.kind = kind
                        flips.append(self.tw(card, "flip", 1.0, 0.3))
            self.sound(tl, "card_flip")
            if flips:
                tl.together(*flips)
            self.say_end(tl)
            self.hold(tl, unattended=3.0)
            return tl
        self.push(build)
        return True

    def place_name(self, where: str, seat, pos: int) -> str:
        """"Tofu's hand, card 3 from the end marked 1" / "centre, row 2, column 4" (as it was then).
        A hand counts from its end mark 1 (the small end, drawn beside every hand): "from their
        left" was the viewer's right for a hand across the table (stranger 43, defect 3), and in
        hot seat the table turns, so no viewer's left or right holds for the whole log."""
        if where == "hand":
            return self.app.t("zc.place.hand", owner=self.name(seat), n=pos + 1)
        cols = max(1, self.board.grid[1])
        return self.app.t("zc.place.centre", row=pos // cols + 1, col=pos % cols + 1)

    def on_RoundStarted(self, e, rest=()) -> Timeline:
        sc = self.scene
        b = self.board
        tl = self.tl()
        # whatever is still on the table gathers back to the middle of the grid
        home = sc.grid_rect().center
        flyers, tweens = [], []
        for s in range(b.n):
            for c in b.hands[s]:
                if not c.gone:
                    (pos, w) = self.pos_of("hand", s, c)
                    up = c.flip > 0.5
                    flyers.append(Flyer(c.kind if up else None, pos, w, 1.0 if up else 0.0))
        for c in b.centre:
            if c is not None:
                pos, w = sc.centre_slot(int(c.slot))
                flyers.append(Flyer(c.kind if c.flip > 0.5 else None, pos, w, 1.0 if c.flip > 0.5 else 0.0))
        for i, f in enumerate(flyers):
            tweens += [self.tw(f, "pos", home, 0.35, in_out_sine, delay=0.004 * i),
                       self.tw(f, "flip", 0.0, 0.3)]

        def clear():
            b.hands = [[] for _ in range(b.n)]
            b.counts = [0.0] * b.n
            b.centre = []
            b.captures = [[] for _ in range(b.n)]
            b.trump_shown = False
            # the last round's trump frames and its last turn's strip (its catch) go too: the new
            # hand is dealt unframed, the prompt bar bare (stranger 40e, defect 22)
            b.trump, b.trump_pos, b.last_turn, b.this_turn, b.turns = None, None, [], [], []
            b.arranged = [False] * b.n
            b.round = e.data["round"]
            b.start_player = e.data["start_player"]
            b.grid = tuple(e.data["grid"])
            self.flyers.extend(flyers)
        tl.call(clear)
        if tweens:
            self.sound(tl, "card_slide")
            tl.together(*tweens)
        tl.call(lambda: [self.flyers.remove(f) for f in flyers if f in self.flyers])
        self.sound(tl, "shuffle")
        self.say(tl, self.app.t("zc.ev.deal", n=e.data["round"]))
        self.shout(tl, self.app.t("zc.round", n=e.data["round"]), (255, 226, 140), 1.0)
        return tl

    def on_Dealt(self, e, rest=()) -> Timeline:
        sc = self.scene
        b = self.board
        sizes = e.data["hand_sizes"]
        centre = e.data["centre"]
        tl = self.tl()
        home = sc.grid_rect().center
        flyers = []
        order = [("hand", s, k) for k in range(max(sizes)) for s in range(b.n) if k < sizes[s]]
        order += [("centre", None, p) for p in range(centre)]
        b.counts = [float(x) for x in sizes]
        flights = []
        for i, (where, s, k) in enumerate(order):
            if where == "hand":
                end, w = sc.hand_slot(s, float(k), float(sizes[s]))
            else:
                end, w = sc.centre_slot(k)
            f = Flyer(None, home, w * 0.8, 0.0)
            flyers.append(f)
            delay = 0.025 * i
            rest = (round(end[0]), round(end[1]), sc.card_px(w))
            flights.append(Landing(     # each card lands in its hand or the grid as it arrives
                [self.tw(f, "pos", end, 0.3, out_cubic, delay=delay),
                 self.tw(f, "width", float(w), 0.3, out_cubic, delay=delay)],
                lambda f=f, rest=rest: at_rest(f, *rest),
                lambda f=f, where=where, s=s, k=k: land(f, where, s, k)))

        def launch():
            b.hands = [[] for _ in range(b.n)]
            b.centre = []
            self.flyers.extend(flyers)
            self.app.audio.play("deal")

        def at_rest(f, x: int, y: int, width: int) -> bool:
            """Is the card drawn where and as it will rest (its place, its picture's width)?"""
            return round(f.pos[0]) == x and round(f.pos[1]) == y and sc.card_px(f.width) == width

        def land(f, where, seat, k):
            """One card from the air to its place (scenes/zodiac/landing.py)."""
            if f in self.flyers:
                self.flyers.remove(f)
            row = b.hands[seat] if where == "hand" else b.centre
            if len(row) == k:               # the cards land in order: a hand's k-th is its next
                row.append(ZCard(None, 0.0, float(k)))

        def landed():
            """All in place (a skipped deal too)."""
            if [len(h) for h in b.hands] != list(sizes) or len(b.centre) != centre:
                b.hands = [[ZCard(None, 0.0, float(k)) for k in range(sizes[s])] for s in range(b.n)]
                b.centre = [ZCard(None, 0.0, float(p)) for p in range(centre)]
        tl.call(launch)
        tl.together(*flights)
        tl.call(landed)
        self.sound(tl, "card_slide")
        return tl

    def on_HandDealt(self, e, rest=()) -> Timeline:
        tl = self.tl()
        seat, hand = e.data["seat"], e.data["hand"]

        cards = list(self.board.hands[seat])

        def show():
            for c, kind in zip(cards, hand, strict=False):
                c.kind = kind
                c.peek = 0.0
        tl.call(show)
        self.sound(tl, "card_flip")             # the owner looks at the dealt hand, card by card
        tl.together(*[self.tw(c, "peek", 1.0, 0.3, in_out_sine, delay=0.05 * i) for i, c in enumerate(cards)])
        return tl

    def on_TrumpTurned(self, e, rest=()) -> Timeline:
        sc = self.scene
        b = self.board
        kind, pos = e.data["card"], e.data["pos"]
        tl = self.tl()
        start, w = sc.centre_slot(pos)
        end, end_w = sc.trump_slot()
        f = Flyer(kind, start, w, 0.0)

        def lift():
            if 0 <= pos < len(b.centre):
                b.centre[pos] = None
            self.flyers.append(f)
        tl.call(lift)
        self.sound(tl, "card_flip")
        tl.add(self.tw(f, "flip", 1.0, 0.35))
        tl.wait(0.2)
        tl.together(self.tw(f, "pos", end, 0.45, out_back), self.tw(f, "width", float(end_w), 0.45))

        def land():
            if f in self.flyers:
                self.flyers.remove(f)
            b.trump, b.trump_pos, b.trump_shown = kind, pos, True
        tl.call(land)
        self.sound(tl, "power")
        self.shout(tl, self.app.t("zc.ev.trump", kind=self.kind_name(kind)), (255, 214, 90), 1.4)
        tl.wait(0.5)
        return tl

    def on_Arranged(self, e, rest=()) -> Timeline:
        tl = self.tl()
        seat = e.data["seat"]
        self.board.arranged[seat] = True
        if self.board.lost and self.board.lost[2] == seat:
            self.board.lost = None
        self.sound(tl, "card_slide")     # who has placed is said in the prompt: no pill over a name
        return tl

    def on_HandArranged(self, e, rest=()) -> Timeline:
        tl = self.tl()
        seat, hand = e.data["seat"], e.data["hand"]
        cards = self.board.hands[seat]
        olds = {}
        for c in cards:                          # each kind's old slots, to slide from
            olds.setdefault(c.kind, []).append(c.slot)
        new = []
        for k, kind in enumerate(hand):
            c = ZCard(kind, 0.0, olds[kind].pop(0) if olds.get(kind) else float(k))
            new.append(c)
        self.board.hands[seat] = new
        tl.together(*[self.tw(c, "slot", float(k), 0.3) for k, c in enumerate(new)])
        return tl

    def on_TurnStarted(self, e, rest=()) -> Timeline:
        tl = self.tl()
        seat = e.data["seat"]
        self.board.current = seat
        self.sound(tl, "pass_tap")
        self.say(tl, self.app.t("zc.ev.turn", name=self.name(seat)))
        return tl

    def on_CardRevealed(self, e, rest=()) -> Timeline:
        tl = self.tl()
        by, step, kind = e.data["by"], e.data["step"], e.data["card"]
        card = self.board.card_at(e.data["where"], e.data["seat"], e.data["pos"])
        if self.board.lost and self.board.lost[2] == by:
            self.board.lost = None               # the person's own next move: the line has been read
        self.say(tl, self.app.t("zc.ev.reveal", name=self.name(by), kind=self.kind_name(kind)))
        tl.call(lambda: self.turned(step, kind, by))
        if card is None:
            self._revealed(kind)
            return tl
        if card.flip > 0.5:                      # already showing: nothing to turn
            card.step = step
            card.seen = True
            self._revealed(kind)
            return tl


        def start():
            card.step = step
            card.seen = True
            self.scene.zoom.dismiss()            # the card turning now is the one to look at
            self.app.audio.play("card_flip")
        tl.call(start)
        if self.scene.juice.on:
            tl.add(self.tw(card, "flip", 0.5, 0.16))
            tl.call(lambda: setattr(card, "kind", kind))
            tl.add(self.tw(card, "flip", 1.0, 0.16))
            self.zoom(tl, kind, self.kind_name(kind))      # every seat's card, large for a moment
        else:      # "reduce motion": face up where it lies, no turn and no zoom (stranger 6)
            tl.call(lambda: (setattr(card, "kind", kind), setattr(card, "flip", 1.0)))
        tl.call(lambda: self._revealed(kind))
        if kind == self.board.trump:
            self.pose(tl, by, "happy", 0.8)
        if by in self.scene.humans and len(self.scene.humans) == 1:
            tl.wait(0.45 if step < 3 else 0.3)  # the person's own pick: they chose it, they saw it
        else:
            self.read(tl, READ_OTHERS)
        return tl

    def turned(self, step: int, kind: str, by: int | None = None) -> None:
        """A card of this turn is up: the last turn's strip gives way to it at the first."""
        b = self.board
        if step == 1:
            b.last_turn, b.turning = [], by
        b.this_turn = b.this_turn[:step - 1] + [kind]

    def turn_done(self) -> None:
        b = self.board
        by = getattr(b, "turning", None)
        if b.this_turn and by is not None:
            b.turns = b.turns[-11:] + [(by, list(b.this_turn))]   # a round of 6 seats, twice
        b.last_turn, b.this_turn = list(b.this_turn), []

    def read(self, tl: Timeline, seconds: float) -> None:
        """Keep what was turned up in view for ``seconds`` × the speed, or until a press."""
        tl.add(Hold(self, seconds * self.speed, quiet=True))

    def on_Captured(self, e, rest=()) -> Timeline:
        sc = self.scene
        b = self.board
        tl = self.tl()
        seat, kind = e.data["seat"], e.data["card"]
        places = e.data["places"]
        cards = [b.card_at(p["where"], p["seat"], p["pos"]) for p in places]
        mine = self.taken_from_viewer(e.data)
        tl.wait(0.45)
        self.sound(tl, "capture_chime")
        self.shout(tl, self.app.t("zc.ev.caught_yours" if mine else "zc.ev.capture", name=self.name(seat),
                                  kind=self.kind_name(kind), n=mine), (255, 214, 90), 1.4, big=True)
        if mine:
            owner = self.scene.viewer
            tl.call(lambda: setattr(b, "lost", (seat, kind, owner, mine)))
        self.pose(tl, seat, "happy", 1.6)
        target, tw = sc.capture_slot(seat, len(b.captures[seat]))
        flyers, tweens = [], []

        def lift():
            for p, c in zip(places, cards, strict=True):
                if c is None:
                    continue
                pos, w = self.pos_of(p["where"], p["seat"], c)
                f = Flyer(kind, pos, w, 1.0)
                flyers.append(f)
                if p["where"] == "hand":
                    c.gone = True
                else:
                    b.centre[p["pos"]] = None
            self.flyers.extend(flyers)
            for i, f in enumerate(flyers):    # gather into a little stack, slightly fanned
                off = (target[0] + sc.s(4) * i, target[1] - sc.s(4) * i)
                tweens.extend([self.tw(f, "pos", off, 0.5, in_out_sine, delay=0.06 * i),
                               self.tw(f, "width", float(tw), 0.5, in_out_sine, delay=0.06 * i)])
        tl.call(lift)
        tl.add(Deferred(lambda: tweens))

        def land():
            self.turn_done()
            for f in flyers:
                if f in self.flyers:
                    self.flyers.remove(f)
            b.captures[seat].append(kind)
            sc.juice.burst(target, (255, 214, 90))            # sparks on the catch's pile
        tl.call(land)
        self.floor(tl)
        return tl

    def on_HandsClosedUp(self, e, rest=()) -> Timeline:
        b = self.board
        seat = e.data["seat"]
        tl = self.tl()
        left = [c for c in b.hands[seat] if not c.gone]
        b.hands[seat] = left
        tweens = [self.tw(c, "slot", float(k), 0.3) for k, c in enumerate(left)]
        tweens.append(Tween(None, _setter(b.counts, seat), float(len(left)), 0.3, in_out_sine,
                            start=b.counts[seat], speed=self.speed))
        self.sound(tl, "card_slide")
        tl.together(*tweens)
        return tl

    def on_TurnedBack(self, e, rest=()) -> Timeline:
        b = self.board
        tl = self.tl()
        cards = [b.card_at(p["where"], p["seat"], p["pos"]) for p in e.data["places"]]
        cards = [c for c in cards if c is not None]
        self.say(tl, self.app.t("zc.ev.no_match"))
        self.read(tl, READ_LAST)                  # time to remember what was shown
        self.sound(tl, "card_flip")
        tl.together(*[self.tw(c, "flip", 0.5, 0.16) for c in cards])
        viewer = self.scene.viewer
        own = {id(c) for p, c in zip(e.data["places"], cards, strict=False)
               if p["where"] == "hand" and p["seat"] == viewer}

        def hide():
            self.turn_done()                      # the three stay in sight as a strip
            for c in cards:
                c.step = 0
                if id(c) not in own:
                    c.kind = None
        tl.call(hide)
        tl.together(*[self.tw(c, "flip", 0.0, 0.16) for c in cards])
        return tl

    def on_RoundWon(self, e, rest=()) -> Timeline:
        tl = self.tl()
        seat = e.data["seat"]
        self._win = dict(e.data)
        self.sound(tl, "trick_won")
        self.pose(tl, seat, "victorious", 3.0)
        for s in range(self.board.n):
            if s != seat:
                self.pose(tl, s, "scared", 1.2)
        won = self.app.t("zc.ev.round_won." + e.data["how"], name=self.name(seat))
        self.shout(tl, won, (255, 214, 90), 2.0)
        self.say(tl, won)                      # the prompt line says it too, not the last card
        return tl

    def on_PointsScored(self, e, rest=()) -> Timeline:
        b = self.board
        tl = self.tl()
        seat = e.data["seat"]

        def score():
            b.points[seat] = e.data["total"]
            b.floats.append([seat, self.app.t("zc.ev.points", n=e.data["points"]), 1.6 * self.speed + 0.4])
            self.app.audio.play("meal_chime")
        tl.call(score)
        if self._win is not None and not self.scene.feed.over:
            win, self._win = self._win, None
            game = self.scene.feed

            def summary():
                b.summary = {"round": win["round"], "seat": win["seat"], "how": win["how"],
                             "points": list(b.points), "next": game.view(None)["start_player"]}
            tl.wait(0.6)
            tl.call(summary)
            self.sound(tl, "purr")
            tl.wait(1.0)
            self.hold(tl)                        # until dismissed (8 s when nobody plays here)
            tl.call(lambda: setattr(b, "summary", None))
        return tl

    def on_RoundNoWinner(self, e, rest=()) -> Timeline:
        b = self.board
        tl = self.tl("ui_back")
        self.shout(tl, self.app.t("zc.ev.no_winner", n=e.data["round"]), (220, 220, 240), 1.6)
        game = self.scene.feed

        def summary():
            b.summary = {"round": e.data["round"], "seat": None, "how": None, "points": list(b.points),
                         "next": game.view(None)["start_player"] if not game.over else None}
        tl.call(summary)
        tl.wait(1.0)
        self.hold(tl)
        tl.call(lambda: setattr(b, "summary", None))
        return tl

    def on_MatchWon(self, e, rest=()) -> Timeline:
        tl = self.tl()
        winners = e.data["winners"]
        self.board.winners = list(winners)
        self.board.points = list(e.data["points"])
        self.sound(tl, "win_fanfare")
        text = (self.app.t("zc.ev.match", name=self.name(winners[0])) if len(winners) == 1
                else self.app.t("zc.ev.match_tie"))
        self.shout(tl, text, (255, 214, 90), 2.6)
        self.say(tl, text)                     # stays in the prompt once the banner is gone
        # the held end names the score that won it (ZC-6): the top total against the next one
        ranked = sorted(e.data["points"], reverse=True)
        won, nxt = ranked[0], (ranked[1] if len(ranked) > 1 else 0)
        end = (self.app.t("zc.end.match", name=self.name(winners[0]), won=won, next=nxt) if len(winners) == 1
               else self.app.t("zc.end.match_tie", won=won))
        self.end_words = (end, (255, 214, 90))
        for s in winners:
            self.pose(tl, s, "victorious", 30)
        tl.wait(1.2)
        return tl


def _setter(values: list, index: int):
    def set_value(v):
        values[index] = v
    return set_value
