"""The secrecy audit: play a table frame by frame and record every card face it draws and every
card name in the words it draws; fail when one is drawn that the screen's eyes may not know then.

What the eyes may know is worked out here from the game itself (the test may read the engine;
the table may not): the eyes are decided from the scenario (who plays at the screen, who on a
phone, who lifted the curtain: seen at the press that lifted it, not read from the table) by the
one rule (``eyes_on_screen``). Their knowledge is the multiset of the card names in the public
view (the most of each seen all game: anyone saw them) and in each of those seats' own views and
the events they saw (the most of each since the eyes last changed: a picture lags behind the game
while it animates, never ahead of the eyes). A face drawn more often than that in one frame, or a
card named in words that they may not know at all, is a leak. At the game's end everything is
shown and nothing is checked.
"""
from __future__ import annotations

from collections import Counter

from game.play.feed import eyes_on_screen
from game.rules.hungry_meow_cards import ALL_CARDS
from tests.peek import engine_of

RECENT = 12             # the actions whose events still show (the animation lags the game)


def vocabulary(game_name: str, table) -> dict[str, str]:
    """Card id -> the words the table names it by, for the cards a line of words can give away
    (a Dealer's card named in a recap): every Hungry Meow card (each numbered card's name is
    its own: colour, symbol, number). Zodiac's kinds are checked as faces only (its words name
    kinds to count them: "not seen yet")."""
    if game_name == "hungry-meow":
        return {c: table.card_label(c) for c in set(ALL_CARDS)}
    return {}


def cards_in(value, vocab) -> Counter:
    """Every card id in a view (walked all the way down)."""
    out: Counter = Counter()
    if isinstance(value, str):
        if value in vocab:
            out[value] += 1
    elif isinstance(value, dict):
        for v in value.values():
            out += cards_in(v, vocab)
    elif isinstance(value, (list, tuple)):
        for v in value:
            out += cards_in(v, vocab)
    return out


def seat_on_phone(feed, seat: int) -> bool:
    return seat in feed.phones


class Audit:
    """Hooks a table's card drawing and its words; ``check()`` once per drawn frame."""

    def __init__(self, table, monkeypatch, game_name: str, all_cards):
        self.table = table
        self.game_name = game_name
        self.cards = set(all_cards)
        self.faces: Counter = Counter()
        self.words: list[str] = []
        self.leaks: list[str] = []
        self.frames = 0
        self.known: Counter = Counter()
        self.public: Counter = Counter()
        self.private: Counter = Counter()
        self.eyes_then = None
        cls = type(table)
        blit = cls._blit_card

        def spy_blit(this, surface, card, *a, **k):
            flip = k.get("flip", a[2] if len(a) > 2 else 1.0) if game_name == "zodiac" else 1.0
            own = k.get("own", a[3] if len(a) > 3 else False) if game_name == "zodiac" else False
            if card is not None and card in self.cards and (flip >= 0.5 or own):
                self.faces[card] += 1
            return blit(this, surface, card, *a, **k)
        monkeypatch.setattr(cls, "_blit_card", spy_blit)
        # a curtain is lifted by a person's press, never by the table on its own: the eyes behind
        # it are known from the lift itself, not from what the table shows
        self.lifted = None
        lift = cls.lift_curtain

        def spy_lift(this, *a, **k):
            self.lifted = this.curtain_for
            return lift(this, *a, **k)
        monkeypatch.setattr(cls, "lift_curtain", spy_lift)
        app_cls = type(table.app)
        draw_text = app_cls.draw_text

        def spy_text(this, surface, text, *a, **k):
            self.words.append(str(text))
            return draw_text(this, surface, text, *a, **k)
        monkeypatch.setattr(app_cls, "draw_text", spy_text)

    def eyes(self) -> frozenset:
        t = self.table
        game = engine_of(t)
        feed = t.feed
        people = [s for s, seat in enumerate(feed.seats) if seat.human]
        phones = [s for s in people if seat_on_phone(feed, s)]
        here = [s for s in people if s not in phones]
        playing = {s for s in people if feed.playing(s)}
        if t.curtain_for is not None:
            self.lifted = None
        lifted = self.lifted
        return eyes_on_screen(len(feed.seats), here, phones, playing, lifted, game.over, t.secret_hands)

    def knowledge(self, eyes) -> Counter:
        """The cards in the eyes' own views and the latest events they saw (a card shown in
        passing: Death drawn and shuffled back, a capture's three cards)."""
        game = engine_of(self.table)
        out: Counter = Counter()
        for seat in eyes:
            out |= cards_in(game.view(seat), self.cards)
        for _, events in self.table.feed._history[-RECENT:]:
            for e in events:
                if e.seen_by is None or eyes & e.seen_by:
                    out |= cards_in(e.data, self.cards)
        return out

    def begin(self) -> None:
        self.faces.clear()
        self.words.clear()

    def check(self) -> None:
        """After a frame was drawn: its faces and names against what the eyes may know."""
        self.frames += 1
        game = engine_of(self.table)
        if game.over:
            return
        eyes = self.eyes()
        if eyes != self.eyes_then:
            self.eyes_then, self.private = eyes, Counter()
        # what anyone has seen stays known to all (a hand the table still shows while it
        # animates a Death); what the eyes alone have seen, only while they look
        self.public |= cards_in(game.view(None), self.cards)
        self.private |= self.knowledge(eyes)
        self.known = self.public | self.private
        for card, n in self.faces.items():
            # a numbered Hungry Meow card is one of a kind: drawn twice in a frame it is the same
            # card on its way (a flight over the board it left); Zodiac's kinds repeat: counted
            n = min(n, 1) if self.game_name == "hungry-meow" else n
            if n > self.known[card]:
                self.leaks.append(f"frame {self.frames}: {n} x {card} face up, eyes {sorted(eyes)} "
                                  f"may know {self.known[card]}")
        vocab = vocabulary(self.game_name, self.table)
        named: Counter = Counter()
        for text in self.words:
            for card, word in vocab.items():
                named[card] += text.count(word)
        for card, n in named.items():
            if n and not self.known[card]:
                self.leaks.append(f"frame {self.frames}: {vocab[card]!r} named in words, eyes "
                                  f"{sorted(eyes)} may know none")
