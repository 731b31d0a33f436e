"""A phone is told only what its own seat may see: over many seeded games, no message to a seat
names a card that the seat's view does not show (Hungry Meow), and no face is shown at a place
where the seat's view has a face-down card (Zodiac). No seed, no other hand, no log."""
from __future__ import annotations

import json
import random
import re

import pytest

from scenes.hungry_meow.table import HungryMeowTable
from scenes.zodiac.table import ZodiacTable
from tests.peek import engine_of, match_of
from tests.phones.helpers import make_app, phone_table

HM_CARD = re.compile(r"\b([RYBG][1-8][PX]|LOAF|FISH|DEATH)\b")


def sent_messages(table) -> list[tuple[int, str]]:
    """Capture every text the server would send (states and errors) from now on."""
    server, out = table.phones.server, []
    original = server._send_soon

    def spy(seat, text):
        out.append((seat, text))
        original(seat, text)
    server._send_soon = spy
    return out


def play(table, rng, check, max_actions=400) -> int:
    """Bots and random phone choices to the end; ``check(seat, text, view)`` after each step."""
    desk, match = table.phones, match_of(table)
    sent = sent_messages(table)
    steps = 0
    while not engine_of(table).over and steps < max_actions:
        table.presenter.finish_all()
        match.run_setup()
        seat = engine_of(table).current_player
        offers = {s: desk.kit.offers(s) for s in desk.seats}
        due = [s for s in desk.seats if offers[s]]
        if due:
            s = due[0]
            desk.receive(s, {"t": "act", "a": rng.choice(offers[s]), "v": desk.rev[s]})
        elif seat in match.bots:
            table.apply(match.bot_move(seat))
        table.presenter.finish_all()
        for s in desk.seats:
            desk.keys.pop(s, None)
            desk.publish(s)
        for s, text in sent:
            check(s, text, engine_of(table).view(s))
        sent.clear()
        steps += 1
    return steps


@pytest.mark.parametrize("seed", range(30))
def test_hungry_meow_messages_name_only_cards_the_seat_sees(tmp_path, seed):
    app = make_app(tmp_path)
    players = 2 + seed % 5
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=players, phones=(0, 1), seed=seed)
    for bot in match_of(table).bots.values():
        bot.budget.nodes = 30
    try:
        def check(seat, text, view):
            shown = set(HM_CARD.findall(json.dumps(view)))
            named = set(HM_CARD.findall(text))
            assert named <= shown, (seat, named - shown)
            assert '"seed"' not in text and "deck" not in text
        assert play(table, random.Random(seed), check) > 5
    finally:
        table.phones.close()


@pytest.mark.parametrize("seed", range(10))
def test_zodiac_phone_shows_faces_only_where_the_view_does(tmp_path, seed):
    app = make_app(tmp_path)
    table = phone_table(app, "zodiac", ZodiacTable, players=3 + seed % 3, phones=(0, 2), seed=seed,
                        options={"rounds": 1})
    try:
        def check(seat, text, view):
            msg = json.loads(text)
            if msg["t"] != "state":
                return
            assert "seed" not in msg
            for row in msg["rows"]:
                for cell in row["cells"]:
                    where = cell.get("at")
                    if where is None:
                        continue
                    if where[0] == "hand" and where[1] == seat:
                        truth = view["hand"][where[2]]
                    elif where[0] == "hand":
                        truth = view["table"]["hands"][where[1]][where[2]]
                    else:
                        truth = view["table"]["centre"][where[2]]
                    shown = cell.get("img")
                    if truth in ("down", "hole"):
                        assert shown in ("back", None), (seat, where, shown)
                    else:
                        assert shown == truth, (seat, where, shown, truth)
        assert play(table, random.Random(seed), check) > 5
    finally:
        table.phones.close()
