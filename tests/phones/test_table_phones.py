"""The big screen with phones: seat setup offers "Person, phone"; with every hidden hand on a
phone the table shows no hand and no curtain; a phone's move is logged and autosaved like a
click and can be undone from the phone; a phone that drops reconnects and carries on; the pause
menu takes a seat back to the table."""
from __future__ import annotations

import asyncio

import pygame
import pytest

from game.play.session import Seat
from scenes.hungry_meow.table import HungryMeowTable
from scenes.seat_setup import SeatSetupScene
from scenes.tables import table_info
from tests.peek import engine_of, session_of
from tests.phones.helpers import Phone, make_app, phone_table, settle, step
from tests.scenes.overlap_audit import problems


def info(game):
    return table_info(game)


def test_seat_setup_offers_phones_where_hands_hide_and_the_setting_allows(tmp_path):
    app = make_app(tmp_path)
    scene = SeatSetupScene(app, info("hungry-meow"), seats=[Seat("A", "bot"), Seat("B", "bot")])
    scene.layout()
    field = next(w for w in scene.focus.items if getattr(w, "part", "") == "kind" and w.seat_index == 1)
    where = next(w for w in scene.focus.items if getattr(w, "part", "") == "level" and w.seat_index == 1)
    kinds = []
    for _ in range(3):                  # Person <-> Computer: one click never gives a phone (issue 21 #1)
        scene.press_field(field)
        kinds.append((scene.seats[1].kind, scene.seats[1].phone))
    assert kinds == [("human", False), ("bot", False), ("human", False)]
    assert where.enabled                # a person's phone: its own, plainly labelled choice
    scene.focus.set_focus(where)
    assert scene.status_text()[0] == app.t("setup.hand_about")
    scene.press_field(where)
    assert scene.seats[1].phone and scene.make_session(seed=3).seats[1].phone
    scene.press_field(field)            # a computer holds no phone
    assert (scene.seats[1].kind, scene.seats[1].phone) == ("bot", False)
    scene.press_field(field)
    assert not scene.seats[1].phone
    dice = SeatSetupScene(app, info("meow-dice"), seats=[Seat("A", "human"), Seat("B", "bot")])
    assert not dice.phones_offered()                 # nothing hidden: no phones for Meow Meow Dice
    app.kiosk = True                                 # a kiosk: only once the operator allows it
    assert not scene.phones_offered()
    app.settings.kiosk_phones = True
    assert scene.phones_offered()


def test_every_hand_on_a_phone_no_hand_no_curtain_and_a_move_is_a_click(tmp_path):
    app = make_app(tmp_path)
    app.draw_every(4)          # state is checked: every 4th frame drawn (each new screen at once)
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=3, phones=(0, 1), seed=4,
                        setup={"first": 0})
    heard = []
    session_of(table).listeners.append(lambda s, a, e: heard.append(a))     # as the autosave listens

    async def go():
        phones = [Phone(table.phones.url(s)) for s in (0, 1)]
        for p in phones:
            assert await p.open() == 200
            await p.connect()
        await settle(app, phones, 20)
        assert table.humans == [] and table.viewer is None and table.curtain_for is None
        state = phones[0].state
        assert state["mine"] and state["prompt"]
        assert {b["act"] for b in state["buttons"]} == {"direction cw", "direction ccw"}
        assert table.pose_of(0) != "thinking"      # a person on a phone: no "thinking…" on the plate
        assert all(c["img"] for c in state["rows"][0]["cells"])
        await phones[0].send({"t": "act", "a": "direction ccw", "v": state["rev"]})
        await settle(app, phones, 3)
        assert session_of(table).actions[-1] == "direction ccw" and heard[-1] == "direction ccw"
        assert table.moves[-1][1] == "direction ccw"
        for _ in range(60):
            if phones[0].state["undo"]:
                break
            await settle(app, phones, 1)
        assert phones[0].state["undo"]                  # a quiet choice: undo from the phone
        await phones[0].send({"t": "undo", "v": phones[0].state["rev"]})
        await settle(app, phones, 30)
        assert session_of(table).actions == [] and heard[-1] is None
        # the phone drops mid-turn and comes back: the same seat, the game as it is now
        await phones[0].ws.close()
        await settle(app, [phones[1]], 3)
        again = Phone(table.phones.url(0), device=phones[0])
        assert await again.open() == 200
        await again.connect()
        await settle(app, [again], 30)
        assert again.state["mine"]
        await again.send({"t": "act", "a": "direction cw", "v": again.state["rev"]})
        await settle(app, [again], 3)
        assert session_of(table).actions == ["direction cw"]
        for _ in range(40):                               # frames with phones: no curtain, ever
            step(app)
            assert table.curtain_for is None
        surface = pygame.Surface(app.size)
        table.draw(surface)
        await again.close()
        await phones[1].close()
    asyncio.run(go())
    table.phones.close()


def test_pause_menu_takes_a_seat_back_to_the_table(tmp_path):
    from scenes.pause import PauseScene
    from scenes.phones_menu import PhonesScene

    app = make_app(tmp_path)
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=3, phones=(0, 1), seed=4)
    pause = PauseScene(app, table)
    app.stack.push(pause)
    step(app)
    labels = [b.label for b in pause.focus.items]
    assert "pause.seats" in labels
    pause.open_phones()
    step(app)
    menu = app.stack.top
    assert isinstance(menu, PhonesScene)
    assert [b.label for b in menu.focus.items] == [
        "Mochi: play at the table", "Mochi: let another phone join",
        "Tofu: play at the table", "Tofu: let another phone join"]
    menu.focus.items[2].on_press()                        # Tofu plays at the table
    step(app, 2)
    # Mochi, on a phone, watches the big screen too: Tofu's hand waits behind the curtain
    assert table.humans == [1] and table.viewer is None and table.phones.seats == [0]
    assert 1 not in table.phones.server.keys.token
    table.phones.close()


def test_a_refused_pick_says_why_in_the_tables_words_and_the_tiger_answers(tmp_path):
    from tests.phones.helpers import express

    app = make_app(tmp_path)
    hands = [["R1P", "G2X", "B3P", "Y4P", "R5X"], ["R2P", "G3X", "B4P", "Y5P", "R6X"],
             ["R3P", "G4X", "B5P", "Y6P", "R7X"]]
    from tests.scenes.hm_driver import fixed_setup
    table = phone_table(app, "hungry-meow", HungryMeowTable, players=3, phones=(0, 1), seed=4,
                        setup=fixed_setup(hands, first=0))

    async def go():
        phone = Phone(table.phones.url(0))
        await phone.open()
        await phone.connect()
        for action in ("direction cw", "draw 1"):
            for _ in range(80):
                await settle(app, [phone], 1)
                if phone.state and phone.state["mine"] and express(phone.state, action):
                    break
            await phone.send(express(phone.state, action))
        for _ in range(80):
            await settle(app, [phone], 1)
            if phone.state["mine"] and any(b.get("pick") for b in phone.state["buttons"]):
                break
        cells = [c["img"] for c in phone.state["rows"][-1]["cells"]]
        mixed = [cells.index("R1P"), cells.index("G2X")]           # a paw and a punch together
        await phone.send({"t": "pick", "b": "hand:play", "cards": mixed, "v": phone.state["rev"]})
        await settle(app, [phone], 3)
        assert phone.errors[-1]["text"] == app.t("hm.why.mixed", a=app.t("hm.sym.P"), b=app.t("hm.sym.X"))
        before = list(session_of(table).actions)
        await phone.send({"t": "tiger", "v": phone.state["rev"]})
        for _ in range(100):
            await settle(app, [phone], 1)
            if phone.state.get("hint"):
                break
        assert phone.state["hint"] and session_of(table).actions == before
        await phone.close()
    asyncio.run(go())
    table.phones.close()


def _zodiac_phone_with_a_mermaid(tmp_path, person_holds_none: bool):
    """Zodiac, 3 seats, 80 frames in: seat 0 a person at the table who starts, seat 1 a phone
    holding a mermaid (with ``person_holds_none``, seat 0 holds none): (app, table)."""
    from game.play.match import new_session
    from game.play.session import Seat as S
    from scenes.zodiac.table import ZodiacTable

    def fits(seed):
        seats = [S("a", "human"), S("b", "human", phone=True), S("c")]
        game = new_session("zodiac", seats, seed, {"rounds": 1}).game
        return "MERMAID" in game.view(1)["hand"] and game.view(0)["current_player"] == 0 \
            and not (person_holds_none and "MERMAID" in game.view(0)["hand"])
    seed = next(s for s in range(400) if fits(s))
    app = make_app(tmp_path)
    app.draw_every(4)          # state is checked: every 4th frame drawn (each new screen at once)
    table = phone_table(app, "zodiac", ZodiacTable, players=3, phones=(1,), people=(0,), seed=seed,
                        options={"rounds": 1})
    step(app, 80)
    return app, table


def lift(app, table) -> None:
    """The person at the table lifts their curtain (and reads their recap), if one is down."""
    if table.curtain_for is not None:
        table.lift_curtain()
        table.recap = []
        step(app, 5)


def test_zodiac_a_person_at_the_table_waits_for_mermaids_on_phones(tmp_path):
    app, table = _zodiac_phone_with_a_mermaid(tmp_path, person_holds_none=False)
    desk = table.phones
    assert table.humans == [0] and table.feed.waiting_on().get(1) == "arrange"
    assert not [a for a in table.legal if a.startswith("point")]        # the person waits
    desk.receive(1, {"t": "act", "a": desk.kit.offers(1)[0], "v": desk.rev[1]})   # the phone places them
    step(app, 80)
    lift(app, table)                     # the phone's person watches the screen too: a curtain
    if table.pending_arrange() == [0]:                                  # the person's own mermaids first
        table.apply("arrange 0 " + " ".join(engine_of(table).view(0)["hand"]))
        step(app, 80)
        lift(app, table)
    assert [a for a in table.legal if a.startswith("point")], (table.mode, desk.due())
    desk.close()


def test_zodiac_while_a_phone_places_its_mermaids_the_table_names_the_phone(tmp_path):
    """qr21 under Xvfb: while the game waited for a phone's mermaids, the person who starts read
    "Mochi's turn" and "Click a face-down card to point at it", and clicks did nothing. The prompt
    and the footer name the phone awaited."""
    app, table = _zodiac_phone_with_a_mermaid(tmp_path, person_holds_none=True)
    desk = table.phones
    assert desk.due() == [1] and table.human_due() is None and table.mode is None
    prompt, _ = table._prompt_text()
    assert prompt == app.t("phone.table.wait", name=table.seat_name(1)), prompt
    said = []
    real = app.draw_text
    app.draw_text = lambda surface, text, *a, **k: said.append(text) or real(surface, text, *a, **k)
    table.draw_hints(pygame.Surface(app.size))
    app.draw_text = real
    assert app.t("table.hint.wait.mouse", name=table.seat_name(1)) in said, said
    desk.receive(1, {"t": "act", "a": desk.kit.offers(1)[0], "v": desk.rev[1]})   # the phone places them
    step(app, 80)
    lift(app, table)
    assert table.human_due() == 0 and [a for a in table.legal if a.startswith("point")]
    desk.close()


def test_zodiac_mermaids_are_placed_by_picking_their_places_in_the_hand(tmp_path):
    from game.play.match import new_session
    from game.play.session import Seat as S
    from scenes.zodiac.table import ZodiacTable
    from tests.phones.helpers import express

    def fits(seed):                        # the phone's seat holds two mermaids or more
        seats = [S("a", "human", phone=True), S("b"), S("c")]
        return new_session("zodiac", seats, seed, {"rounds": 1}).game.view(0)["hand"].count("MERMAID") >= 2
    seed = next(s for s in range(400) if fits(s))
    app = make_app(tmp_path)
    table = phone_table(app, "zodiac", ZodiacTable, players=3, phones=(0,), seed=seed, options={"rounds": 1})
    desk = table.phones
    step(app, 40)
    offers = desk.kit.offers(0)
    hand = engine_of(table).view(0)["hand"]
    state = desk.state(0, None)
    assert [r["id"] for r in state["rows"]] == ["hand"]
    assert state["rows"][0]["pick"]["max"] == hand.count("MERMAID")
    assert [b.get("pick", {}).get("b") or b["act"] for b in state["buttons"]] == [
        "hand:place", "arrange 0 " + " ".join(hand)]                 # one row, two buttons
    assert len(offers) > 10                                          # (not one button each)
    desk.receive(0, {"t": "pick", "b": "hand:place", "cards": [0], "v": desk.rev[0]})
    assert desk.notes[0] and not engine_of(table).view(0)["arranged"][0]   # too few places: refused
    target = offers[-1]                                              # mermaids at the far right
    message = express(state, target)
    message["v"] = desk.rev[0]
    desk.receive(0, message)
    step(app, 5)
    assert session_of(table).actions[-1] == target and engine_of(table).view(0)["hand"] == target.split()[2:]
    desk.close()


@pytest.mark.parametrize("game", ["hungry-meow", "zodiac"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_on_a_phone_chip_never_covers_a_cats_face_nor_its_name(tmp_path, game, size):
    """Issue 21: the "on a phone" chip stood over a top seat's cat's head. Six seats, five held
    by phones: each chip is named to the overlap audit ("phone:seat<N>"), which fails on a chip
    over a cat's face; none covers the middle of the seat's name line either."""
    app = make_app(tmp_path, size=size)
    table = phone_table(app, game, table_info(game).scene_class(), players=6, phones=(1, 2, 3, 4, 5),
                        people=(0,))
    table.phones.server.connected = lambda seat: True           # every phone holds its seat
    step(app, 5)
    chips = {d.name: d.rect for d in table.boxes.items if d.name.startswith("phone:seat")}
    assert len(chips) == 5
    faces = [line for line in problems(table, f"{game} phones") if "face:seat" in line]
    assert not faces, "\n".join(faces)
    for name, rect in chips.items():
        plate = table.plates[int(name[len("phone:seat"):])]
        assert not rect.collidepoint(plate.centerx, plate.y + table.s(22)), (name, rect, plate)
    table.phones.close()


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_two_code_panels_never_stand_on_each_other(tmp_path, lang):
    """Zodiac, 3 seats, phones at seats 0 and 2, 1920x1080 (tools/phone_screenshots.py's game):
    no free spot was left for the second code, so it stood on its seat, over the first code's
    panel and title. When nothing is free, a panel still keeps off the other panels."""
    from scenes.zodiac.table import ZodiacTable

    app = make_app(tmp_path, lang=lang, size=(1920, 1080))
    table = phone_table(app, "zodiac", ZodiacTable, players=3, phones=(0, 2), seed=8,
                        options={"rounds": 1})
    for _ in range(40):
        step(app, 3)
        app.draw()
        boxes = [d.rect for d in table.boxes.overlays() if d.name.startswith("scan")]
        assert len(boxes) < 2 or not boxes[0].colliderect(boxes[1]), boxes
    # each code shown, or folded into its chip where it would lie on the board
    assert len(boxes) + len(table.phones.chips) == 2
    table.phones.close()
