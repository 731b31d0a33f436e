"""The table's feed (game/play/feed.py): one rule for whose eyes are on the screen, views that
never give another seat's hand, recaps only for the eyes behind them, results from a finished
record, and a seat's cat that is the cat it picked (MD-2)."""
from __future__ import annotations

import pytest

from game.play.feed import TableFeed, eyes_on_screen
from game.play.match import Match, assign_cats, new_session
from game.play.results_record import Finished, finished_record
from game.play.session import Seat
from game.rules.base import Event
from game.rules.hungry_meow_kit import final_record as hm_final_record

NAMES = ["Mochi", "Tofu", "Biscuit", "Pepper", "Nori", "Miso"]


def feed_for(game: str, players: int, people=(0,), phones=(), seed: int = 3) -> TableFeed:
    seats = [Seat(NAMES[i], "human" if i in people or i in phones else "bot", "heuristic",
                  phone=i in phones) for i in range(players)]
    return TableFeed(Match(new_session(game, seats, seed)), phones=phones)


@pytest.mark.parametrize("here,phones,playing,lifted,over,want", [
    ([0], [], {0}, None, False, {0}),            # one person with computer cats: that person
    ([0, 1], [], {0, 1}, None, False, set()),    # hot seat: nobody until the curtain lifts
    ([0, 1], [], {0, 1}, 1, False, {1}),         # ... then the one who lifted it
    ([0], [1], {0, 1}, None, False, set()),      # a phone's person watches too: a curtain
    ([0], [1], {0, 1}, 0, False, {0}),
    ([], [0, 1], {0, 1}, None, False, set()),    # every hand on a phone: the public view
    ([0, 1], [], {0}, None, False, {0}),         # the other person is out: no curtain
    ([0, 1], [], {0, 1}, 0, True, {0, 1, 2}),    # game over: everyone
])
def test_one_rule_decides_whose_eyes_are_on_the_screen(here, phones, playing, lifted, over, want):
    assert eyes_on_screen(3, here, phones, playing, lifted, over, True) == frozenset(want)


def test_a_seat_whose_eyes_are_not_on_the_screen_gets_the_public_view():
    feed = feed_for("hungry-meow", 4, people=(0, 1))
    assert feed.eyes == frozenset()
    assert feed.view(0)["hand"] == [] and feed.view(2)["hand"] == []
    assert feed.legal() == [] and feed.why_not("draw 1") is not None
    feed.lift(0)
    assert feed.view(0)["hand"] and feed.view(1)["hand"] == [] and feed.view(2)["hand"] == []


def test_the_recap_waits_for_the_eyes_behind_it():
    feed = feed_for("hungry-meow", 3, people=(0, 1))
    private = Event("DealerCard", {"seat": 2, "other": 0, "card": "FISH"}, frozenset({0, 2}))
    feed._history = [(0, []), (2, [private, Event("Passed", {"seat": 2})])]
    assert feed.recap_events(0) == []                  # the curtain is down: nothing at all
    feed.lift(1)
    assert feed.recap_events(0) == []                  # another person is looking
    feed.lift(0)
    assert private in feed.recap_events(0)


def test_moving_seats_decides_the_eyes_again():
    feed = feed_for("zodiac", 4, people=(0,), phones=(1,))
    feed.lift(0)
    assert feed.eyes == {0}
    feed.move_seat(1, "screen")                         # the phone's person sits at the table
    assert feed.eyes == frozenset() and feed.at_screen == [0, 1] and feed.phones == []
    feed.move_seat(1, "computer")
    assert feed.people == [0] and 1 in feed.bot_seats and feed.eyes == {0}
    feed.move_seat(1, "phone")
    assert feed.phones == [1] and 1 not in feed.bot_seats and feed.eyes == frozenset()


def test_a_preview_never_turns_a_hidden_card():
    feed = feed_for("meow-dice", 2, people=())
    assert feed.preview("roll") is None                 # dice not yet thrown are not known ahead
    secret = feed_for("hungry-meow", 3)
    assert secret.preview(secret.legal()[0]) is None    # a game with hidden hands: never


def test_hand_at_death_holds_the_cards_of_the_draw_that_found_death():
    """HM results: a seat holding one card draws five; three come, then Death, and the card
    after it knocks the seat out. "Hand at Death" is the four cards held when Death came (it
    showed the one card held before the draw)."""
    before = {"hands": [["R1P"], [], []]}
    events = [Event("CardDrawn", {"seat": 0, "card": c, "reason": "draw"}) for c in ("B2X", "Y3P", "G4P")]
    events += [Event("CardDrawn", {"seat": 0, "card": "DEATH", "reason": "draw"}),
               Event("DeathDrawn", {"seat": 0, "returned": 4}),
               Event("CardDrawn", {"seat": 0, "card": "R7X", "reason": "death"}),
               Event("Eliminated", {"seat": 0, "card": "R7X"})]
    extra = hm_final_record(None, [(before, events)])
    assert sorted(extra["death_hands"]["0"]) == ["B2X", "G4P", "R1P", "Y3P"]
    from scenes.hungry_meow.scores import tableau

    final = Finished("hungry-meow", True, [Seat(n) for n in NAMES[:3]], {}, [1], "last", 5, {},
                     {"hands": [[], ["R2P"], ["R3P"]]}, [], [], [], extra, 9)
    shown = [c for caption, items in tableau(final)[0] for _, c in items
             if caption == "results.tab.death_hand"]
    assert len(shown) == 4


def test_a_seats_cat_is_the_cat_it_picked_and_each_is_different():
    """MD-2: the person took the calico a computer seat had; the computer seat takes a cat left,
    and the calico scores for the person (the engine's cats are the seats' coats)."""
    seats = [Seat("Ann", "human", coat="calico"), Seat("Bo", "bot", coat="calico"),
             Seat("Cy", "bot", coat="black")]
    cats = assign_cats(seats, ("tabby", "calico", "tuxedo", "siamese"))
    assert cats[0] == "calico" and len(set(cats)) == 3 and [s.coat for s in seats] == cats
    session = new_session("meow-dice", [Seat("Ann", "human", coat="siamese"), Seat("Bo", coat="siamese")], 4)
    assert session.game.view(None)["cats"] == ["siamese", "tabby"]
    assert [s.coat for s in session.seats] == ["siamese", "tabby"]
    final = finished_record(session)
    assert final.public["cats"][0] == "siamese"
