"""Engine events → timelines of card sprites, cat reactions, captions and sound cues.

The presenter keeps a *display board* (``Board``): what the screen shows, which lags behind the
engine while animations play. Each event becomes a step whose timeline is built when it starts
(so positions are read from the board as it then stands) and which changes the board as its cards
land. After the last event of a batch the board is re-read from the views (``Board.sync``), so a
skipped or shortened animation can never leave the screen wrong, and the rules state never
depends on any of this.

Only events visible to the seat whose hand is shown (``Event.visible_to(viewer)``) are presented;
private events of other seats are dropped here, before anything is drawn.
"""
from __future__ import annotations

import math
from collections import Counter

from game.runtime.tween import Timeline, Tween, Wait, in_out_sine, out_back, out_cubic
from scenes.hungry_meow.board import Board
from scenes.hungry_meow.rules_view import expression, is_meal, sort_key
from scenes.table import calm
from scenes.table.presenter import BasePresenter, Flyer

HOLD = 2.4        # seconds a big moment is held (or until a press)


class Presenter(BasePresenter):
    """Hungry Meow's handlers: the deal, draws and Death, sets played and beaten, the powers."""

    banner_colour = (255, 230, 140)
    quiet = {"DealerSkipped": "hm.ev.dealer_skip", "DrawDeclined": "hm.ev.draw_declined",
             "NoDraw": "hm.ev.no_draw", "NoCardToDraw": "hm.ev.no_card",
             "ProphecySkipped": "hm.ev.prophecy_skip"}

    def __init__(self, scene):
        super().__init__(scene)
        self.flash = 0.0                                         # red Death flash, 0..1
        self.deck_shake = 0.0
        # seat -> the Dealer whose take made this screen unsure of that seat's shown Meals: the
        # nameplate says why its Meal count went (issue 21)
        self.meals_unsure: dict[int, int] = {}
        self.leaving: dict[int, int] = {}      # seat -> its cards flying back to the pile (still counted)
        # cards drawn in the game whose draw is not yet shown landing, oldest first: their faces
        # are kept ready (the game runs ahead of the pictures; HungryMeowDraw.warm_up)
        self.coming: list[str] = []
        # cards of sets played in the game whose flight to the table is not yet shown landing:
        # public from the event on, their faces are made ahead too (flights.faces_ahead)
        self.sets_coming: list[str] = []
        # banners to come (words, colour), newest last: their pictures are made before they show
        # (HungryMeowDraw.warm_up), not in the frame of the shout with the rest of its news
        self.shouts: list[tuple[str, tuple]] = []

    def present(self, events, viewer: int | None) -> None:
        self.coming = (self.coming + [e.data["card"] for e in events
                                      if e.kind == "CardDrawn" and e.visible_to(viewer)])[-8:]
        self.sets_coming = (self.sets_coming + [c for e in events if e.kind == "SetPlayed"
                                                and e.visible_to(viewer) for c in e.data["cards"]])[-12:]
        # the way of play is shouted as its step starts: known now, when the game chose it
        self.shouts = (self.shouts + [self.direction_shout(e.data["direction"]) for e in events
                                      if e.kind == "DirectionChosen" and e.visible_to(viewer)])[-4:]
        super().present(events, viewer)

    def direction_shout(self, direction: str) -> tuple[str, tuple]:
        return self.app.t("hm.ev.direction", dir=self.app.t("hm.dir." + direction)), (140, 240, 255)

    def shout(self, tl: Timeline, text: str, colour=None, seconds: float = 1.6, big: bool = False) -> None:
        self.shouts = (self.shouts + [(text, colour or self.banner_colour)])[-4:]     # shown later
        super().shout(tl, text, colour, seconds, big)

    def reveal_end(self) -> bool:
        """Every hand still in the game, face up (each seat's own view of its hand)."""
        game = self.scene.feed
        hands = {s: list(game.view(s)["hand"]) for s in range(self.scene.n) if s not in self.board.out}

        def show():
            for seat, hand in hands.items():
                self.board.hands[seat] = hand

        def build():
            tl = self.tl("card_flip")
            tl.call(show)
            self.say_end(tl)
            BasePresenter.hold(self, tl, unattended=3.0)      # until a press (this class's hold is timed)
            return tl
        self.push(build)
        return True

    def make_board(self, players: int) -> Board:
        return Board(players)

    def sync(self) -> None:
        self.board.sync(self.scene.feed, self.scene.viewer)

    def hide_hand(self, seat: int) -> None:
        """The hand as the room sees it: backs, and the cards everyone knows."""
        hand = self.board.hands[seat]
        known = sorted(Counter(self.scene.feed.view(None)["known"][seat]).elements(), key=sort_key)
        known = known[:len(hand)]
        self.board.hands[seat] = [None] * (len(hand) - len(known)) + known

    def hold(self, tl: Timeline, seconds: float = HOLD) -> None:
        """A big moment stays on screen ``seconds`` whatever the animation speed (a press hurries
        it, as any animation): Death drawn, a knock-out, a card taken from the person."""
        tl.add(Wait(seconds if not self.scene.attract else seconds * 0.5, 1.0))

    def big_shout(self, tl: Timeline, text: str, colour, extra: float = 0.0) -> None:
        """The banner of a big moment, in words, for as long as the moment is held."""
        self.shouts = (self.shouts + [(text, colour)])[-4:]
        tl.call(lambda: setattr(self, "banner", (text, colour, HOLD + 0.4 + extra * self.speed)))

    def tick(self, dt: float) -> None:
        self.flash = max(0.0, self.flash - dt * 1.5)

    def flight(self, card, start, start_w, end, end_w, duration, ease=in_out_sine, flip_from=None,
               flip_to=None, delay: float = 0.0) -> tuple[Flyer, list[Tween]]:
        """A new flyer at ``start`` and its tweens to ``end`` (for ``together``)."""
        flyer = Flyer(card, start, start_w, flip=(1.0 if flip_from is None else flip_from) if card else 0.0)
        return flyer, self.fly(flyer, end, end_w, duration, ease, flip_to, delay)

    def deal(self) -> None:
        """The opening deal: 5 cards to each seat, one at a time, round the table."""
        def build() -> Timeline:
            sc = self.scene
            game = sc.feed
            public = game.view(None)
            counts = public["hand_counts"]
            self.board.pile = public["draw_pile"] + sum(counts)
            for h in self.board.hands:
                h.clear()
            tl = self.tl()
            self.say(tl, self.app.t("hm.ev.deal"))
            self.sound(tl, "shuffle")
            order = [(k, s) for k in range(max(counts)) for s in range(sc.n) if k < counts[s]]
            steps = []
            for i, (_k, seat) in enumerate(order):
                steps.append(self._deal_one(seat, i * 0.07))
            tl.together(*steps)
            tl.call(lambda: self.board.sync(game, sc.viewer))
            return tl
        self.push(build)

    def _deal_one(self, seat: int, delay: float) -> Timeline:
        sc = self.scene

        def launch():
            self.board.pile -= 1
            index = len(self.board.hands[seat])
            end, end_w = sc.hand_slot(seat, index, index + 1)
            self.app.audio.play("deal")
            return self.flight(None, sc.deck_pos(), sc.card_w("deck"), end, end_w, 0.32, out_cubic)
        return self.launched(delay, launch, lambda: self.board.hands[seat].append(None))

    # ---- the move history ------------------------------------------------------------------------
    def log_line(self, e) -> str | None:
        t, d, sc = self.app.t, e.data, self.scene
        name = self.name(d["seat"]) if "seat" in d else ""
        k = e.kind
        if k == "DirectionChosen":
            return t("hm.ev.direction", dir=t("hm.dir." + d["direction"]))
        if k == "CardDrawn":
            card = d["card"]
            if card == "DEATH" or d.get("reason") == "death":
                return None      # the Death's line names it, and the knock-out's or survival's the card after
            return t("hm.log.drew", name=name, card=sc.card_label(card))
        if k == "DeathDrawn":
            return t("hm.ev.death_drawn", name=name)
        if k == "SurvivedDeath":
            return t("hm.ev.survives", name=name, card=t("hm.card." + d["card"]))
        if k == "Eliminated":
            return t("hm.log.out", name=name, card=sc.card_label(d["card"]))
        if k == "SetPlayed":
            # each card with its colour, as the draw lines name them (stranger 6, defect 14)
            expr = " + ".join(map(sc.card_label, d["cards"]))
            return t("hm.ev.plays", name=name, expr=expr, total=d["sum"])
        if k == "Passed":
            return t("hm.ev.passes", name=name)
        if k == "TrickWon":
            return t("hm.ev.trick", name=name)
        if k == "ProphecyUsed":
            return t("hm.ev.prophecy", name=name, where=t("hm.where." + d["where"]))
        if k == "DealerTook":
            return t("hm.ev.dealer_take", name=name, other=self.name(d["source"]))
        if k == "DealerGave":
            return t("hm.ev.dealer_give", name=name, other=self.name(d["target"]))
        if k == "DealerCard":        # read only by the two seats: who gave or took what, in words
            card, other = sc.card_label(d["card"]), self.name(d["other"])
            yours = d["other"] == sc.viewer and d["seat"] != sc.viewer
            key = ("hm.log.dealer_took_yours" if yours else "hm.log.dealer_took") if d.get("move") == "take" \
                else ("hm.log.dealer_gave_you" if yours else "hm.log.dealer_gave")
            return t(key, name=name, card=card, other=other)
        if k == "Refilled":
            return t("hm.ev.refill")
        if k == "GameWon":
            key = {"meals": "hm.ev.win_meals", "fish": "hm.ev.win_meals", "last": "hm.ev.win_last"}
            return t(key.get(d["reason"], "hm.ev.win"), name=name)
        if k in self.quiet:
            return t(self.quiet[k], name=name)
        return None

    def recap_keeps(self, e) -> bool:
        """A Meal drawn in sight of all, a Death and what it did, a card taken or given by the
        Dealer, the game's end: never left out of the hot-seat recap (stranger 2, defect 9)."""
        if e.kind == "CardDrawn":
            return e.seen_by is None and is_meal(e.data.get("card"))
        return e.kind in ("DeathDrawn", "SurvivedDeath", "Eliminated", "DealerTook", "DealerGave", "GameWon")

    # ---- one handler per event kind ------------------------------------------------------------
    card_banner: str | None = None          # the words of the card on show ("Miso grabs a Loaf!")

    def end_card_banner(self) -> None:
        """Issue 21: "Miso grabs a Loaf!" stayed up over the next card of a 5-card draw."""
        if self.banner and self.banner[0] == self.card_banner:
            self.banner = None
        self.card_banner = None

    def on_DirectionChosen(self, e, rest) -> Timeline:
        tl = self.tl()
        self.board.direction = e.data["direction"]
        self.sound(tl, "ui_confirm")
        self.shout(tl, *self.direction_shout(e.data["direction"]), 1.2)
        calm.unless(self, tl, lambda: setattr(self.scene, "dir_spin", 1.0))    # the ring's arrows turn
        tl.call(lambda: setattr(self.scene, "dir_loud", 4.0 * max(1.0, self.speed)))
        tl.wait(0.6)
        return tl

    def on_TurnStarted(self, e, rest) -> Timeline:
        # a person's turn come round again is heard (the cats' turns take seconds: eyes wander)
        back = e.data["seat"] in self.scene.humans and self.board.current != e.data["seat"]
        tl = self.tl("ui_confirm" if back and not self.scene.attract else None)
        self.board.current = e.data["seat"]
        self.board.passed.discard(e.data["seat"])
        return tl

    def on_CardDrawn(self, e, rest) -> Timeline:
        sc = self.scene
        seat, card, reason = e.data["seat"], e.data["card"], e.data["reason"]
        tl = self.tl()
        self.board.pile = max(0, self.board.pile - 1)
        tl.call(self.end_card_banner)             # a new card shows: the last card's words go
        reveal, reveal_w = sc.reveal_pos(), sc.card_w("reveal")
        flyer, tweens = self.flight(card, sc.deck_pos(), sc.card_w("deck"), reveal, reveal_w, 0.34, out_cubic,
                                 flip_from=0.0, flip_to=1.0)
        self.add_flyers(tl, [flyer])
        self.sound(tl, "card_flip")
        if reason == "draw":
            self.say(tl, self.app.t("hm.ev.draws", name=self.name(seat)))
        tl.together(*tweens)
        if card == "DEATH":
            return self._death_reveal(tl, flyer, seat)
        if is_meal(card):
            self.sound(tl, "meal_chime")
            tl.call(lambda: sc.juice.burst(flyer.pos, (255, 236, 150)))    # sparks round the Meal
            self.pose(tl, seat, "happy", 1.6)
            said = self.app.t("hm.ev.meal", name=self.name(seat), card=self.app.t("hm.card." + card))
            self.shout(tl, said, (255, 214, 90))
            tl.call(lambda: setattr(self, "card_banner", said))
        eliminated = reason == "death" and not is_meal(card)
        tl.wait(0.75 if reason == "death" else 0.45)
        if eliminated:
            end, end_w = sc.discard_pos(), sc.card_w("deck")
        else:
            index = len(self.board.hands[seat])
            end, end_w = sc.hand_slot(seat, index, index + 1)
        move = [self.tw(flyer, "pos", tuple(end), 0.34, in_out_sine),
                self.tw(flyer, "width", float(end_w), 0.34, in_out_sine)]
        self.sound(tl, "card_slide")
        tl.together(*move)
        self.drop_flyers(tl, [flyer])

        def land():
            if card in self.coming:
                self.coming.remove(card)
            if eliminated:
                self.board.discard += 1
                self.board.discard_top = [card]
            else:
                self.board.hands[seat].append(card)       # a drawn card was seen by all (HM-12)
                sc.drew(seat, card)
        tl.call(land)
        return tl

    def _death_reveal(self, tl: Timeline, flyer: Flyer, seat: int) -> Timeline:
        sc = self.scene
        self.meals_unsure.pop(seat, None)          # the hand went into the pile: nothing unsure
        self.sound(tl, "death_hiss")
        self.sound(tl, "death_drone")
        tl.call(lambda: setattr(self, "flash", 1.0))
        tl.call(lambda: sc.juice.burst(flyer.pos, (150, 40, 90), 20))         # a dark puff: Death
        tl.call(sc.juice.hit)                                  # a blink's hold, then the table shakes
        self.big_shout(tl, self.app.t("hm.ev.death"), (255, 80, 100), 1.3)
        self.say(tl, self.app.t("hm.ev.death_drawn", name=self.name(seat)))
        for s in range(sc.n):
            if s not in self.board.out:
                self.pose(tl, s, "scared", 2.4)
        if not self.app.settings.reduce_motion:          # the Death card shakes
            tl.add(Tween(flyer, "shake", 1.0, 0.9, lambda t: math.sin(t * math.pi), speed=self.speed))
        self.hold(tl, HOLD - 0.9 * self.speed)       # Death stays in view about 2.4 s, its shake included
        # Death and the hand fly back into the pile
        tl.together(self.tw(flyer, "pos", tuple(sc.deck_pos()), 0.35, in_out_sine),
                    self.tw(flyer, "width", float(sc.card_w("deck")), 0.35),
                    Tween(flyer, "flip", 0.0, 0.35, speed=self.speed))
        self.drop_flyers(tl, [flyer])
        tl.call(lambda: setattr(self.board, "pile", self.board.pile + 1))
        return tl

    def on_DeathDrawn(self, e, rest) -> Timeline:
        sc = self.scene
        seat = e.data["seat"]
        tl = self.tl()
        self.say(tl, self.app.t("hm.ev.death_draw", name=self.name(seat)))
        hand = list(self.board.hands[seat])
        starts = [sc.hand_slot(seat, i, len(hand)) for i in range(len(hand))]
        self.board.hands[seat] = []
        self.leaving[seat] = len(hand)          # the plate counts them until they land
        flights = [self.flight(card, pos, w, sc.deck_pos(), sc.card_w("deck"), 0.42, in_out_sine,
                               flip_from=1.0 if card else 0.0, flip_to=0.0, delay=0.05 * i)
                   for i, (card, (pos, w)) in enumerate(zip(hand, starts, strict=True))]
        self.volley(tl, flights, "card_slide")
        tl.call(lambda: self.leaving.pop(seat, None))
        tl.call(lambda: setattr(self.board, "pile", self.board.pile + len(hand)))
        return tl

    def on_DeathShuffle(self, e, rest) -> Timeline:
        tl = self.tl("shuffle")
        calm.shake(self, tl, "deck_shake", 0.7, 3)
        tl.call(lambda: setattr(self.board, "pile", e.data["draw_pile"]))
        return tl

    def on_SurvivedDeath(self, e, rest) -> Timeline:
        seat = e.data["seat"]
        tl = self.tl("purr")
        self.pose(tl, seat, "happy", 1.8)
        self.shout(tl, self.app.t("hm.ev.survives", name=self.name(seat),
                                  card=self.app.t("hm.card." + e.data["card"])), (140, 255, 170), big=True)
        tl.wait(0.6)
        self.floor(tl)
        return tl

    def on_Eliminated(self, e, rest) -> Timeline:
        """The card that did it, in words, in the status line: "Mochi turned up green punch 6, not a
        Meal: out!" (the line under the banner said "…shuffles the hand into the pile and
        draws…", still promising a second chance, and the card was named only in the moves list:
        strangers 40r-en #4, 40r-zh #3). A person's own knock-out is the banner itself, kept whole
        (never fading under the pile's labels) until they press, and stays under the status line
        for the rest of the game (the table's ``news``); a computer cat's banner stays short."""
        sc = self.scene
        seat = e.data["seat"]
        said = self.app.t("hm.ev.out_card", name=self.name(seat), card=sc.card_label(e.data["card"]))
        tl = self.tl("eliminated")
        tl.call(lambda: self.board.out.add(seat))
        self.pose(tl, seat, "knocked_out", 60)
        self.say(tl, said)
        colour = (255, 120, 110)
        if seat in sc.humans and not sc.attract:
            self.shouts = (self.shouts + [(said, colour)])[-4:]
            tl.call(lambda: setattr(self, "banner", (said, colour, math.inf)))
            BasePresenter.hold(self, tl)                # until a press (this class's hold is timed)
            tl.call(self._let_banner_go)
            if seat == sc.viewer:                       # then under the status line, game long
                tl.call(lambda: setattr(sc, "news", (seat, said, None)))
            return tl
        self.big_shout(tl, self.app.t("hm.ev.eliminated", name=self.name(seat)), colour)
        self.hold(tl)
        return tl

    def _let_banner_go(self) -> None:
        """A banner kept until a press fades out once it is pressed away."""
        if self.banner is not None and self.banner[2] == math.inf:
            self.banner = (self.banner[0], self.banner[1], 0.3)

    def on_SetPlayed(self, e, rest) -> Timeline:
        sc = self.scene
        seat, cards = e.data["seat"], list(e.data["cards"])
        tl = self.tl()
        hand = self.board.hands[seat]
        starts = []
        for card in cards:               # where each card leaves the hand from
            if card in hand:
                i = hand.index(card)
            elif None in hand:
                i = hand.index(None)
            else:
                i = max(0, len(hand) - 1)
            starts.append(sc.hand_slot(seat, i, len(hand)))
            if hand:
                hand.pop(min(i, len(hand) - 1))
        beaten = list(self.board.table)
        if beaten:                       # the old set slides off to the discard pile first
            self._to_discard(tl, beaten, lambda: None)
        flights = [self.flight(card, pos, w, *sc.table_slot(i, len(cards)), 0.4, out_back,
                               flip_from=1.0 if seat == sc.viewer else 0.0, flip_to=1.0, delay=0.06 * i)
                   for i, (card, (pos, w)) in enumerate(zip(cards, starts, strict=True))]
        self.say(tl, self.app.t("hm.ev.plays", name=self.name(seat),
                                expr=expression(cards, sc.sym_name), total=e.data["sum"]))
        self.volley(tl, flights, "set_play")

        def land():
            for card in cards:
                if card in self.sets_coming:
                    self.sets_coming.remove(card)
            self.board.table = cards
            self.board.table_owner = seat
            self.board.passed = set()
        tl.call(land)
        self.pose(tl, seat, "happy", 1.0)
        tl.wait(0.35)
        return tl

    def _to_discard(self, tl: Timeline, cards: list[str], after) -> None:
        sc = self.scene
        flights = [self.flight(card, *sc.table_slot(i, len(cards)), sc.discard_pos(), sc.card_w("deck"), 0.34,
                               in_out_sine) for i, card in enumerate(cards)]
        self.volley(tl, flights, "card_slide", lambda: setattr(self.board, "table", []))

        def land():
            self.board.discard += len(cards)
            self.board.discard_top = list(cards)
            after()
        tl.call(land)

    def on_SetBeaten(self, e, rest) -> Timeline:
        return self.tl()                # shown by SetPlayed (the beaten set leaves as the new lands)

    def on_Passed(self, e, rest) -> Timeline:
        seat = e.data["seat"]
        tl = self.tl("pass_tap")
        self.say(tl, self.app.t("hm.ev.passes", name=self.name(seat)))
        tl.call(lambda: self.board.passed.add(seat))
        self.bubble(tl, seat, self.app.t("hm.btn.pass"), 1.2)
        tl.wait(0.45)
        return tl

    def on_TrickWon(self, e, rest) -> Timeline:
        seat = e.data["seat"]
        tl = self.tl("trick_won")
        self.pose(tl, seat, "happy", 1.6)
        # the status line says it: no banner repeating it over the Pile and Discards counts (issue 21)
        self.say(tl, self.app.t("hm.ev.trick", name=self.name(seat)))
        self.mark(tl)
        tl.wait(0.4)
        cards = list(e.data["cards"]) or list(self.board.table)
        if self.board.table:
            self._to_discard(tl, cards, lambda: None)
        tl.call(lambda: setattr(self.board, "passed", set()))
        tl.call(lambda: setattr(self.board, "table_owner", None))
        self.floor(tl)
        return tl

    def on_PowerOffered(self, e, rest) -> Timeline:
        tl = self.tl("power")
        seat = e.data["seat"]
        key = "hm.prompt.prophecy" if e.data["power"] == "prophecy" else "hm.prompt.dealer"
        if seat != self.scene.viewer:
            key = "hm.ev.prophecy_offer" if e.data["power"] == "prophecy" else "hm.ev.dealer_offer"
            self.say(tl, self.app.t(key, name=self.name(seat)))
        tl.wait(0.3)
        return tl

    def on_Refilled(self, e, rest) -> Timeline:
        sc = self.scene
        tl = self.tl()
        self.say(tl, self.app.t("hm.ev.refill"))
        count = min(6, e.data["count"])
        flights = [self.flight(None, sc.discard_pos(), sc.card_w("deck"), sc.deck_pos(), sc.card_w("deck"),
                               0.3, in_out_sine, delay=0.05 * i) for i in range(count)]

        def lift():
            self.board.discard = 0
            self.board.discard_top = []
        self.volley(tl, flights, "shuffle", lift)
        tl.call(lambda: setattr(self.board, "pile", e.data["draw_pile"]))
        return tl

    def on_ProphecyUsed(self, e, rest) -> Timeline:
        tl = self.tl()
        seat = e.data["seat"]
        where = self.app.t("hm.where." + e.data["where"])
        self.sound(tl, "shuffle")
        self.say(tl, self.app.t("hm.ev.prophecy", name=self.name(seat), where=where))
        calm.shake(self, tl, "deck_shake", 0.5, 2)
        return tl

    def on_ProphecyCards(self, e, rest) -> Timeline:
        return self.tl()                # the prophet laid them out themself

    def _dealer_move(self, giver: int, receiver: int, card: str | None, line: str | None = None) -> Timeline:
        sc = self.scene
        tl = self.tl()
        src = self.board.hands[giver]
        if card is not None and card in src:
            i = src.index(card)
        elif None in src:
            i = src.index(None)
        else:
            i = max(0, len(src) - 1)
        start = sc.hand_slot(giver, i, len(src))
        if src:
            src.pop(min(i, len(src) - 1))
        index = len(self.board.hands[receiver])
        end = sc.hand_slot(receiver, index, index + 1)
        shown = card is not None
        f, ts = self.flight(card, start[0], start[1], end[0], end[1], 0.55, in_out_sine,
                         flip_from=1.0 if shown else 0.0, flip_to=1.0 if shown else 0.0)
        self.add_flyers(tl, [f])
        self.sound(tl, "card_slide")
        tl.together(*ts)
        self.drop_flyers(tl, [f])
        tl.call(lambda: self.board.hands[receiver].append(card if receiver == sc.viewer else None))
        if shown:               # who and which in one line ("The card: …" alone left a reader asking whose)
            self.say(tl, line or self.app.t("hm.ev.dealer_card", card=sc.card_label(card)))
        tl.wait(0.3 if not shown else 0.8)
        return tl

    def on_DealerTook(self, e, rest) -> Timeline:
        return self._dealer(rest, "hm.ev.dealer_take", e.data["source"], e.data["seat"], e.data["seat"])

    def on_DealerGave(self, e, rest) -> Timeline:
        return self._dealer(rest, "hm.ev.dealer_give", e.data["seat"], e.data["target"], e.data["seat"])

    def _dealer(self, rest, key: str, giver: int, receiver: int, dealer: int) -> Timeline:
        """The Dealer moves a card between hands; the card shows only to the two seats involved
        (their private ``DealerCard`` event follows in ``rest``)."""
        private = next((x for x in rest if x.kind == "DealerCard"), None)
        other = receiver if giver == dealer else giver
        tl = self.tl("power")
        viewer = self.scene.viewer
        if viewer not in (giver, receiver) and any(c and is_meal(c) for c in self.board.hands[giver]):
            tl.call(lambda: self.meals_unsure.__setitem__(giver, dealer))   # which card went is unseen
        self.say(tl, self.app.t(key, name=self.name(dealer), other=self.name(other)))
        if giver != dealer:
            self.pose(tl, giver, "scared", 1.2)
        mine = private is not None and viewer in (giver, receiver)
        news = self._dealer_news(private.data["card"], giver, receiver, dealer, viewer) if mine else None
        tl.add(self._dealer_move(giver, receiver, private.data["card"] if private else None, news))
        if mine:
            # kept beside the person's hand until their next move (stranger 6, defect 1)
            came = private.data["card"] if receiver == viewer else None
            tl.call(lambda: setattr(self.scene, "news", (viewer, news, came)))
        if private is not None and viewer in (giver, receiver) and dealer != viewer:
            # taken from the person or given to them: said in words, held until read
            card = self.scene.card_label(private.data["card"])
            key = "hm.ev.dealer_took_yours" if giver == viewer else "hm.ev.dealer_gave_yours"
            self.big_shout(tl, self.app.t(key, name=self.name(dealer), card=card), (255, 170, 120))
            self.hold(tl)
        return tl

    def _dealer_news(self, card: str, giver: int, receiver: int, dealer: int, viewer: int) -> str:
        """What a Dealer move did to the person at the screen, in words."""
        card, t = self.scene.card_label(card), self.app.t
        if dealer == viewer:
            other = self.name(receiver if giver == viewer else giver)
            key = "hm.news.you_gave" if giver == viewer else "hm.news.you_took"
            return t(key, card=card, other=other)
        key = "hm.log.dealer_took_yours" if giver == viewer else "hm.log.dealer_gave_you"
        return t(key, name=self.name(dealer), card=card)

    def on_GameWon(self, e, rest) -> Timeline:
        tl = self.tl()
        seat = e.data["seat"]
        key = {"meals": "hm.ev.win_meals", "fish": "hm.ev.win_meals", "last": "hm.ev.win_last"}.get(
            e.data["reason"], "hm.ev.win")
        # the held end names the rule that won (HM-11), as the game's event gives it
        end = "hm.end." + e.data["reason"] if e.data["reason"] in ("meals", "fish", "last") else key
        self.end_words = (self.app.t(end, name=self.name(seat)), (255, 214, 90))
        tl.call(lambda: setattr(self.board, "winner", seat))
        self.sound(tl, "win_fanfare")
        self.pose(tl, seat, "victorious", 600)
        for s in range(self.scene.n):
            if s != seat and s not in self.board.out:
                self.pose(tl, s, "scared", 2.0)
        self.shout(tl, self.app.t(key, name=self.name(seat)), (255, 214, 90), 3.0, big=True)
        self.say(tl, self.app.t(key, name=self.name(seat)))
        tl.wait(2.2)
        self.floor(tl)
        return tl
