"""A tap made on a state the table has moved past is refused in words and changes nothing,
whatever its kind (a move, a pick, undo, the tiger); a move without a revision is not read."""
from __future__ import annotations

import asyncio

from game.phones import protocol
from scenes.hungry_meow.table import HungryMeowTable
from tests.peek import session_of
from tests.phones.helpers import Phone, express, make_app, phone_table, settle

MOVED_ON = "moved on"


def test_every_kind_of_message_needs_its_revision():
    for kind in ('{"t":"act","a":"draw 1"}', '{"t":"undo"}', '{"t":"tiger"}',
                 '{"t":"pick","b":"hand:play","cards":[0]}'):
        try:
            protocol.parse(kind)
        except protocol.ProtocolError as exc:
            assert exc.code == "malformed"
        else:
            raise AssertionError(kind)
    assert protocol.parse('{"t":"undo","v":3}') == {"t": "undo", "v": 3}


async def _stale(app, phone, message) -> dict:
    """Send ``message`` after the phone's state moved on (a refused move made it new), and
    return the error the phone got."""
    old = phone.state["rev"]
    await phone.send({"t": "act", "a": "draw 99", "v": old})           # refused: a new state
    for _ in range(20):
        await settle(app, [phone], 1)
        if phone.state["rev"] > old:
            break
    assert phone.state["rev"] > old
    phone.errors.clear()
    await phone.send({**message, "v": old})
    await settle(app, [phone], 3)
    assert phone.errors, message
    return phone.errors[-1]


def test_a_stale_move_undo_and_tiger_are_refused_and_change_nothing(tmp_path):
    app = make_app(tmp_path)
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=2, phones=(0,), seed=4,
                        setup={"first": 0})
    desk = table.phones

    async def go():
        phone = Phone(desk.url(0))
        await phone.open()
        await phone.connect()
        for _ in range(40):
            await settle(app, [phone], 1)
            if phone.state and phone.state["mine"]:
                break
        before = list(session_of(table).actions)
        offered = desk.offers(0)[0]                                    # a direction: legal now
        error = await _stale(app, phone, express(phone.state, offered))
        assert MOVED_ON in error["text"] and session_of(table).actions == before
        error = await _stale(app, phone, {"t": "tiger"})
        assert MOVED_ON in error["text"] and desk.hint.get(0) is None
        # a move, then its undo made on the state before the move: the move stays
        await phone.send(express(phone.state, offered))
        for _ in range(60):
            await settle(app, [phone], 1)
            if phone.state["undo"]:
                break
        assert session_of(table).actions == before + [offered] and phone.state["undo"]
        error = await _stale(app, phone, {"t": "undo"})
        assert MOVED_ON in error["text"] and session_of(table).actions == before + [offered]
        await phone.close()
    asyncio.run(go())
    desk.close()


def test_a_stale_pick_is_refused_and_changes_nothing(tmp_path):
    from game.play.match import new_session
    from game.play.session import Seat
    from scenes.zodiac.table import ZodiacTable
    from tests.phones.helpers import step

    def fits(seed):                        # the phone's seat holds mermaids to place
        seats = [Seat("a", "human", phone=True), Seat("b"), Seat("c")]
        return "MERMAID" in new_session("zodiac", seats, seed, {"rounds": 1}).game.view(0)["hand"]
    seed = next(s for s in range(400) if fits(s))
    app = make_app(tmp_path)
    table = phone_table(app, "zodiac", ZodiacTable, players=3, phones=(0,), seed=seed, options={"rounds": 1})
    desk = table.phones
    step(app, 40)
    state = desk.state(0, None)
    message = express(state, desk.kit.offers(0)[-1])
    old = desk.rev[0]
    desk.receive(0, {"t": "act", "a": "nothing", "v": old})          # refused: the state moves on
    step(app, 2)
    assert desk.rev[0] > old
    before = list(session_of(table).actions)
    desk.receive(0, {**message, "v": old})
    step(app, 5)
    assert session_of(table).actions == before and desk.notes[0] == app.t("phone.error.stale")
    desk.close()
