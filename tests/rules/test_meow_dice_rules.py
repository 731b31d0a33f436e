"""Meow Meow Dice rules, one test (at least) per rule id MD-1 … MD-13, with scripted dice."""
import itertools
import json

import pytest

from game.rules.base import RuleError, SetupError
from game.rules.meow_dice import MeowDice, turns_per_player
from game.rules.meow_dice_data import (
    DATA_PATH,
    DEFAULT_CARDS,
    FACES,
    SLOTS,
    cond_bit,
    load_cards,
    roll_info,
)

TL, TR, BL, BR = "food/tabby/2/!C", "toy/calico/2/!C", "nest/tuxedo/2/!C", "food/tabby/4/!C"
SLOTS4 = {"TL": TL, "TR": TR, "BL": BL, "BR": BR}


def new(players=2, options=None, dice=None, **setup):
    setup.setdefault("slots", dict(SLOTS4))
    if dice is not None:
        setup["dice"] = dice
    return MeowDice.new(players, 1, options or {}, setup)


def kinds(events):
    return [e.kind for e in events]


def event(events, kind):
    return next(e for e in events if e.kind == kind)


# ---- MD-1 dice ------------------------------------------------------------------------------
def test_MD_1_four_dice_with_six_faces_from_the_script_or_the_rng():
    game = new(dice="CFYM")
    events = game.apply("roll")
    rolled = event(events, "DiceRolled").data
    assert rolled["dice"] == [0, 1, 2, 3] and rolled["faces"] == "CFYM" and rolled["all"] == "CFYM"
    assert game.view(0)["dice"] == "CFYM"
    seen = set()
    for seed in range(30):
        g = MeowDice.new(2, seed)
        g.apply("roll")
        seen.update(g.view(0)["dice"])
    assert seen == set(FACES)
    with pytest.raises(SetupError, match="setup.dice"):
        new(dice="CFYZ")


# ---- MD-2 cats and item types ------------------------------------------------------------------
def test_MD_2_each_player_a_different_cat_and_cards_kept_by_type():
    assert new(3).cats == ["tabby", "calico", "tuxedo"]
    game = new(2, cats=["siamese", "tabby"], dice="CFYM")
    assert game.view(1)["cats"] == ["siamese", "tabby"]
    for bad in (["tabby", "tabby"], ["tabby", "lion"], ["tabby"]):
        with pytest.raises(SetupError, match="cats"):
            new(2, cats=bad)
    game.apply("roll")
    game.apply("take TL")                       # food/tabby/2/!C to seat 0 (siamese)
    parts = game.score_parts(0)
    assert parts["points"] == 2 and parts["own_cat"] == 0 and parts["types"] == 0
    assert game.summary()["cards"][0] == [TL]


# ---- MD-3 slot patterns -------------------------------------------------------------------------
@pytest.mark.parametrize("faces,slot", [("FYMP", "TL"), ("FFYY", "TR"), ("MMMP", "BL"), ("PPPP", "BR"),
                                        ("CFYM", "TL"), ("CCFF", "TR"), ("CCCF", "BL"), ("CCCC", "BR"),
                                        ("CCFM", None), ("MFFP", None)])
def test_MD_3_slot_patterns(faces, slot):
    index = roll_info([FACES.index(f) for f in faces])[0]
    assert (SLOTS[index] if index >= 0 else None) == slot
    game = new(dice=faces, slots={"TL": "style/siamese/1/XC", "TR": "toy/tuxedo/1/XC",
                                  "BL": "food/calico/1/XC", "BR": "nest/siamese/3/XC"})
    game.apply("roll")
    takes = [a for a in game.legal_actions() if a.startswith("take")]
    if "C" in faces or slot is None:
        # every card says XC, so a cat face blocks them all; a single pair fits no slot at all
        assert takes == [] and game.legal_actions()[-1] == "fishbone"
    else:
        assert takes == [f"take {slot}"] and "fishbone" not in game.legal_actions()


def test_MD_3_a_single_pair_fits_no_slot_and_every_roll_has_one_shape():
    shapes = {}
    for roll in itertools.product(range(6), repeat=4):
        shapes.setdefault(roll_info(roll)[0], 0)
        shapes[roll_info(roll)[0]] += 1
    assert shapes == {0: 360, 1: 90, 2: 120, 3: 6, -1: 720}


# ---- MD-4 cards -----------------------------------------------------------------------------------
def test_MD_4_card_data_matches_the_rules():
    cs = DEFAULT_CARDS
    cards = cs.cards
    assert (len(cs.regular), len(cs.golden), len(cs.fishbones), len(cs.special), len(cs.tokens)) == \
           (36, 8, 14, 4, 12)
    reg = [cards[i] for i in cs.regular]
    for face in FACES:
        assert sorted(c.points for c in reg if c.conds == ("!" + face,)) == [2, 2, 2]
        assert sorted(c.points for c in reg if c.conds == ("X" + face,)) == [1, 1, 1]
    for t in ("food", "toy", "nest", "style"):
        assert sum(c.type == t for c in reg) == 9
        assert sum(cards[i].type == t for i in cs.golden) == 2
    for cat in ("tabby", "calico", "tuxedo", "siamese"):
        assert sum(c.cat == cat for c in reg) == 9
        assert sum(cards[i].cat == cat for i in cs.golden) == 2
    golden = sorted((cards[i].conds[0], cards[i].points) for i in cs.golden)
    assert golden == sorted([("!" + f, 4) for f in FACES] + [("XC", 3), ("XF", 3)])
    assert sorted(cards[i].flames for i in cs.fishbones) == [0] * 4 + [1] * 7 + [2] * 3
    assert all(cards[i].type == "food" and cards[i].points == 0 for i in cs.fishbones)
    notations = [c.notation for c in cards if c.kind != "fishbone"]
    assert len(notations) == len(set(notations)) == 48
    assert {cards[i].ability for i in cs.special} == {"catnip", "gourmet", "dreamer", "fanclub"}
    assert cards[cs.regular[0]].name == "Tuna can"


def _write(tmp_path, data, name="cards.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data, indent=1), encoding="utf-8")
    return path


def _data():
    return json.loads(DATA_PATH.read_text(encoding="utf-8"))


def test_MD_4_card_file_validation_names_the_bad_entry(tmp_path):
    assert load_cards(_write(tmp_path, _data())).strict
    cases = []
    d = _data()
    d["regular"].pop()
    cases.append((d, r"regular: needs 36 entries, has 35"))
    d = _data()
    d["regular"][5]["card"] = "toy/tuxedo/1/XQ"
    cases.append((d, r"regular\[5\] \(line \d+\): toy/tuxedo/1/XQ: bad condition"))
    d = _data()
    d["regular"][7]["card"] = "hat/tabby/2/!F"
    cases.append((d, r"regular\[7\].*unknown item type 'hat'"))
    d = _data()
    d["golden"][3]["card"] = "food/tabby/2/!C"
    cases.append((d, r"golden\[3\].*repeats a card of regular\[0\]"))
    d = _data()
    d["regular"][0]["card"] = "food/tabby/3/!C"
    cases.append((d, r"regular\[0\].*worth 2"))
    d = _data()
    d["strict"] = False
    d["regular"][2]["card"] = "nest/tuxedo/2/!CXC"
    cases.append((d, r"regular\[2\].*no roll meets it in slot TL"))
    d = _data()
    d["strict"] = False
    d["golden"][0]["card"] = "food/tabby/4/!C!F"
    cases.append((d, r"golden\[0\].*no roll meets it in slot BR"))
    d = _data()
    d["conditions"][11]["token"] = "XC"
    cases.append((d, r"conditions\[11\].*XC appears twice"))
    d = _data()
    d["fishbones"][0]["card"] = "fishbone"
    cases.append((d, r"fishbones\[0\].*fishbone/N"))
    d = _data()
    d["special"][1]["ability"] = "sleepy"
    cases.append((d, r"special\[1\].*ability must be one of"))
    d = _data()
    d["fishbones"][0]["card"] = "fishbone/2"
    cases.append((d, r"fishbones: MD-4 wants flames"))
    for i, (data, pattern) in enumerate(cases):
        with pytest.raises(SetupError, match=pattern):
            load_cards(_write(tmp_path, data, f"bad{i}.json"))
    broken = tmp_path / "broken.json"
    broken.write_text('{\n "regular": [\n  {"card": "x"},,\n ]\n}\n', encoding="utf-8")
    with pytest.raises(SetupError, match=r"broken.json line 3: not valid JSON"):
        load_cards(broken)
    with pytest.raises(SetupError, match="cannot read"):
        load_cards(tmp_path / "missing.json")


def test_MD_4_line_numbers_point_at_the_entry(tmp_path):
    text = DATA_PATH.read_text(encoding="utf-8").replace('"food/calico/1/XC"', '"food/calico/1/!Z"')
    line = next(i for i, t in enumerate(text.splitlines(), 1) if "!Z" in t)
    path = tmp_path / "c.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SetupError, match=rf"c.json: regular\[4\] \(line {line}\): food/calico/1/!Z"):
        load_cards(path)


def test_MD_4_with_cards_binds_another_card_file(tmp_path):
    d = _data()
    d["strict"] = False
    for entry in d["regular"]:
        if "/X" in entry["card"]:
            entry["card"] = entry["card"].replace("/1/X", "/2/X")
    cls = MeowDice.with_cards(_write(tmp_path, d))
    assert issubclass(cls, MeowDice) and cls.name == "meow-dice"
    game = cls.new(2, 3, {}, {"slots": {"TL": "style/siamese/2/XC"}, "dice": "FYMP"})
    game.apply("roll")
    game.apply("take TL")
    assert game.score_parts(0)["points"] == 2
    assert MeowDice.CARDSET is DEFAULT_CARDS              # the original is untouched
    with pytest.raises(SetupError):
        MeowDice.with_cards(tmp_path / "nope.json")


# ---- MD-5 setup ---------------------------------------------------------------------------------
def test_MD_5_setup_deals_slots_golden_and_fishbones():
    game = MeowDice.new(3, 42)
    dump = game.dump()
    cs = MeowDice.CARDSET
    regular = {cs.cards[i].notation for i in cs.regular}
    golden = {cs.cards[i].notation for i in cs.golden}
    assert dump["slots"]["TL"] in regular and dump["slots"]["BL"] in regular
    assert dump["slots"]["BR"] in golden and len(dump["golden"]) == 7 and len(dump["deck"]) == 33
    assert len(dump["fishbones"]) == 14 and game.current_player == 0
    view = game.view(1)
    assert view["fishbone_top"] == dump["fishbones"][0]          # face up in the basic game
    assert "deck" not in view and view["deck_count"] == 33 and view["golden_top"] == dump["golden"][0]
    adv = MeowDice.new(3, 42, {"advanced": True})
    assert adv.view(0)["fishbone_top"] is None and adv.view(0)["enthusiasm"] == [2, 2, 2]
    assert MeowDice.new(3, 42).dump() == dump                      # the seed decides everything
    assert MeowDice.new(3, 43).dump()["deck"] != dump["deck"]
    assert MeowDice.new(4, 1, {}, {"first": 2}).current_player == 2
    fixed = new(2, deck=["toy/tabby/2/!Y", "food/tabby/1/XY"], golden=["toy/calico/4/!F"],
                fishbones=["fishbone/2"])
    assert fixed.dump()["deck"] == ["toy/tabby/2/!Y", "food/tabby/1/XY"]
    fixed.check_invariants()
    dealt = MeowDice.new(2, 5, {}, {"deck": [TL, TR, BL, "food/tabby/1/XY"]})
    assert dealt.dump()["slots"] == {"TL": TL, "TR": TR, "BL": BL, "BR": dealt.dump()["slots"]["BR"]}
    for bad, match in ((dict(first=2), "first"), (dict(slots={"BR": TL}), "not a card of this deck"),
                       (dict(slots={"TL": TL}, deck=[TL]), "used twice"), (dict(colour=1), "unknown key"),
                       (dict(slots={"XX": TL}), "unknown key"),
                       (dict(fishbones=["fishbone/2"] * 4), "twice")):
        with pytest.raises(SetupError, match=match):
            MeowDice.new(2, 1, {}, bad)
    with pytest.raises(SetupError, match="needs 'advanced'"):
        MeowDice.new(2, 1, {"specials": True})
    with pytest.raises(SetupError, match="unknown key"):
        MeowDice.new(2, 1, {"turbo": True})
    with pytest.raises(SetupError, match="true or false"):
        MeowDice.new(2, 1, {"advanced": "yes"})
    with pytest.raises(SetupError):
        MeowDice.new(5, 1)


# ---- MD-6 turn structure ------------------------------------------------------------------------
def test_MD_6_turn_steps_in_order_then_the_next_player():
    game = new(3, dice="CFYM" + "CCFM")
    for action in ("take TL", "reroll 0", "bite food/tabby/2/!C", "fishbone"):
        with pytest.raises(RuleError, match="needs a roll first"):
            game.apply(action)
    game.apply("token TR")                      # step 0: optional action before rolling
    game.apply("roll")
    assert game.view(0)["phase"] == "rolling"
    with pytest.raises(RuleError, match="before the first roll"):
        game.apply("token TL")
    events = game.apply("take TL")
    assert kinds(events)[-2:] == ["TurnEnded", "TurnStarted"] and game.current_player == 1
    assert event(events, "TurnStarted").data == {"seat": 1, "turn": 1, "round": 1}
    game.apply("roll")
    game.apply("fishbone")
    assert game.current_player == 2 and game.turn == 2


# ---- MD-7 rolling ------------------------------------------------------------------------------
def test_MD_7_each_roll_throws_fewer_dice():
    game = new(dice="CCFM" + "YYY" + "PP" + "B")
    game.apply("roll")
    assert game.view(0)["next_max"] == 3
    with pytest.raises(RuleError, match="fewer dice than the one before"):
        game.apply("reroll 0 1 2 3")
    events = game.apply("reroll 1 2 3")
    assert event(events, "DiceRolled").data["dice"] == [1, 2, 3]
    assert game.view(0)["dice"] == "CYYY"
    with pytest.raises(RuleError, match=r"fewer dice than the one before \(3\), so at most 2"):
        game.apply("reroll 0 1 2")
    game.apply("reroll 3 0")                            # any order; faces go in ascending die order
    assert game.view(0)["dice"] == "PYYP"
    game.apply("reroll 1")
    assert game.view(0)["dice"] == "PBYP" and game.view(0)["rolls"] == 4
    assert not any(a.startswith("reroll") for a in game.legal_actions())
    with pytest.raises(RuleError):
        game.apply("reroll 0")
    game.apply("fishbone")


def test_MD_7_scripted_dice_running_out_is_an_error_and_changes_nothing():
    game = new(dice="CCF")
    before = game.dump()
    with pytest.raises(RuleError, match="ran out of faces"):
        game.apply("roll")
    assert game.dump() == before


def test_MD_7_locked_dice_are_not_rolled_and_cannot_be_rerolled():
    game = new(options={"advanced": True}, dice="FYM" + "P")
    game.apply("lock 0 C")
    events = game.apply("roll")
    assert event(events, "DiceRolled").data["dice"] == [1, 2, 3] and game.view(0)["dice"] == "CFYM"
    with pytest.raises(RuleError, match="locked"):
        game.apply("reroll 0")
    assert "reroll 0" not in game.legal_actions() and "reroll 1 2" in game.legal_actions()
    game.apply("reroll 3")
    assert game.view(0)["dice"] == "CFYP"


# ---- MD-8 collecting ------------------------------------------------------------------------------
def test_MD_8_take_needs_pattern_condition_and_tokens():
    game = new(options={"advanced": True}, dice="CCCF",
               slots={"TL": TL, "TR": TR, "BL": "food/calico/1/XC", "BR": BR})
    game.apply("roll")                                   # three and one, with C: BL XC fails
    with pytest.raises(RuleError, match=r"do not meet food/calico/1/XC"):
        game.apply("take BL")
    with pytest.raises(RuleError, match="are not two pairs"):
        game.apply("take TR")
    assert game.legal_actions()[-1] == "fishbone"
    game2 = new(options={"advanced": True}, dice="CCCY", slots={"BL": "nest/tuxedo/2/!C"})
    game2.apply("condition BL !F")
    game2.apply("roll")                                  # pattern and card met, the token is not
    with pytest.raises(RuleError, match=r"do not meet nest/tuxedo/2/!C with !F"):
        game2.apply("take BL")
    assert "take BL" not in game2.legal_actions()


def test_MD_8_take_refills_fishbone_only_when_nothing_fits():
    game = new(options={"advanced": True}, dice="CCCF" + "CCCY", slots={**SLOTS4, "BL": "nest/tuxedo/2/!C"},
               deck=["toy/tabby/2/!Y"])
    game.apply("condition BL !F")
    game.apply("roll")
    with pytest.raises(RuleError, match="only for when no card can be taken"):
        game.apply("fishbone")
    events = game.apply("take BL")
    taken = event(events, "CardTaken").data
    assert taken["card"] == "nest/tuxedo/2/!C" and taken["tokens"] == ["!F"]
    assert event(events, "SlotRefilled").data == {"slot": "BL", "card": "toy/tabby/2/!Y",
                                                  "deck": "regular", "left": 0}
    assert game.won_tokens[0] == ["!F"] and game.score_parts(0)["tokens"] == 2
    game.apply("roll")                                    # CCCY: BL now needs !Y
    events = game.apply("take BL")
    assert event(events, "SlotRefilled").data["card"] is None and game.slots[2] is None
    game.check_invariants()


def test_MD_8_br_refills_from_the_golden_deck():
    game = new(dice="CCCC", golden=["toy/tuxedo/4/!B"])
    game.apply("roll")
    events = game.apply("take BR")
    assert event(events, "SlotRefilled").data == {"slot": "BR", "card": "toy/tuxedo/4/!B",
                                                  "deck": "golden", "left": 0}


def test_MD_8_empty_fishbone_pile_gives_nothing():
    game = new(options={"advanced": True}, dice="CCFM" * 3, fishbones=["fishbone/2"])
    game.apply("roll")
    events = game.apply("fishbone")
    assert event(events, "FishboneTaken").data["card"] == "fishbone/2"
    assert game.enth[0] == 3
    game.apply("change TL")                               # seat 1 spends: 2 -> 1
    game.apply("roll")
    events = game.apply("fishbone")
    assert event(events, "FishboneTaken").data == {"seat": 1, "card": None, "flames": 0, "left": 0}
    assert "EnthusiasmChanged" not in kinds(events) and game.enth[1] == 1 and game.hands[1] == []
    assert game.turn == 2 and game.current_player == 0
    basic = new(dice="CCFM", fishbones=[], first=1)
    basic.cat_up[1] = False
    basic.apply("roll")
    events = basic.apply("fishbone")
    assert "TokenFlipped" not in kinds(events) and basic.cat_up[1] is False


# ---- MD-9 game end and scoring -------------------------------------------------------------------
@pytest.mark.parametrize("players,options,turns", [(2, {}, 6), (3, {}, 6), (4, {}, 5),
                                                   (4, {"advanced": True}, 5),
                                                   (4, {"advanced": True, "specials": True}, 6)])
def test_MD_9_game_ends_after_the_right_number_of_turns(players, options, turns):
    assert turns_per_player(players, options.get("specials", False)) == turns
    game = MeowDice.new(players, 7, options, {"dice": "CCFM" * 40})
    for t in range(players * turns):
        assert not game.over
        game.apply("roll")
        game.apply("fishbone")
        assert game.turn == t + 1
    assert game.over and game.current_player is None and game.legal_actions() == []
    summary = game.summary()
    assert summary["turn"] == players * turns and summary["current_player"] is None
    assert len(summary["winners"]) == 1
    with pytest.raises(RuleError, match="over"):
        game.apply("roll")


def test_MD_9_every_scoring_term():
    game = new(2, options={"advanced": True, "specials": True})
    # seat 0 (tabby): give cards straight to the running parts the engine keeps
    for card in ("food/tabby/2/!C", "toy/tabby/2/!Y", "nest/calico/2/!Y", "style/tabby/2/!F",
                 "food/calico/1/!F"):
        cid = next(i for i in DEFAULT_CARDS.by_notation(card) if i in game.deck or i in game.slots)
        if cid in game.deck:
            game.deck.remove(cid)
        else:
            game.slots[game.slots.index(cid)] = None
        game._gain(cid)
    game.won_tokens[0] = ["!C"]
    game.supply.remove("!C")
    parts = game.score_parts(0)
    # points 2+2+2+2+1, own cat 3, four types 5, one token 2, Gourmet 2 food cards
    assert parts == {"points": 9, "own_cat": 3, "types": 5, "tokens": 2, "specials": 2, "total": 21}
    assert game.score(0) == 21 and game.summary()["scores"][0] == 21


def test_MD_9_tie_throws_go_from_the_start_player_until_a_cat_face():
    # all fish bones: both get 6 food cards and 0 points; equal -> dice, from the start player
    game = new(2, dice="CCFM" * 12 + "FMPC", first=1)
    while not game.over:
        game.apply("roll")
        events = game.apply("fishbone")
    throws = [e.data for e in events if e.kind == "TieBreakThrow"]
    assert throws == [{"seat": 1, "face": "F"}, {"seat": 0, "face": "M"}, {"seat": 1, "face": "P"},
                      {"seat": 0, "face": "C"}]
    assert game.winners == [0] and game.end_reason == "tiebreak-dice"
    assert event(events, "GameWon").data["reason"] == "tiebreak-dice"


def test_MD_9_tie_on_score_broken_by_food_cards():
    game = new(2, dice="CFYM" + "CYMB" + "CCFM" * 10,
               slots={"TL": "food/tabby/2/!C", "TR": TR, "BL": BL, "BR": BR},
               deck=["style/calico/1/XF"], fishbones=["fishbone/0"] * 4 + ["fishbone/1"] * 6)
    game.apply("roll")
    game.apply("take TL")            # seat 0 (tabby): food/tabby/2: 2 + 1 own cat, one type
    game.apply("roll")
    game.apply("take TL")            # seat 1 (calico): style/calico/1: 1 + 1 own cat
    while not game.over:
        game.apply("roll")
        game.apply("fishbone")
    # 5 fish bones each: seat 0 has 3 + 0 (one type), seat 1 has 2 + 1 (two types): 3 each;
    # seat 0 holds 6 food cards, seat 1 only 5
    assert game.scores()[0] == game.scores()[1]
    assert game.winners == [0] and game.end_reason == "tiebreak-food"


def test_MD_9_tie_throw_without_a_script_comes_from_the_rng():
    results = []
    for _ in range(2):
        game = MeowDice.new(2, 11, {}, {"dice": "CCFM" * 12})
        while not game.over:
            game.apply("roll")
            if game.turn == 11:
                game.script = None          # the rolls were scripted; the tie throw is not
            game.apply("fishbone")
        assert game.scores()[0] == game.scores()[1] and game.end_reason == "tiebreak-dice"
        faces = [face for _, face in game.tie_throws]
        assert faces[-1] == "C" and "C" not in faces[:-1]
        assert [seat for seat, _ in game.tie_throws] == [i % 2 for i in range(len(faces))]
        assert game.winners == [game.tie_throws[-1][0]]
        results.append(game.dump())
    assert results[0] == results[1]


# ---- MD-10 cat token ----------------------------------------------------------------------------
def test_MD_10_cat_token_discards_and_refills_in_order_written():
    game = new(dice="CCFM" * 4, deck=["toy/tabby/2/!Y", "food/tabby/1/XY", "nest/calico/2/!Y"],
               golden=["toy/calico/4/!F"])
    events = game.apply("token BL TL BR")
    assert kinds(events)[:2] == ["TokenFlipped", "CardsChanged"]
    assert event(events, "CardsChanged").data["discarded"] == [BL, TL, BR]
    refills = [e.data["card"] for e in events if e.kind == "SlotRefilled"]
    assert refills == ["toy/tabby/2/!Y", "food/tabby/1/XY", "toy/calico/4/!F"]
    assert game.view(0)["slots"] == {"TL": "food/tabby/1/XY", "TR": TR, "BL": "toy/tabby/2/!Y",
                                     "BR": "toy/calico/4/!F"}
    assert game.view(0)["discard"] == [BL, TL, BR]
    assert not any(a.startswith("token") for a in game.legal_actions())
    with pytest.raises(RuleError, match="face down"):
        game.apply("token TR")
    game.apply("roll")
    game.apply("fishbone")                      # seat 0's token flips up again
    assert game.cat_up == [True, True] and game.current_player == 1
    for bad, match in (("token", "at least one slot"), ("token TL TL", "named twice"),
                       ("token XX", "'XX' is not a slot")):
        with pytest.raises(RuleError, match=match):
            game.apply(bad)
    game.apply("token TL TR BL")                # one card left in the deck: TR and BL stay empty
    assert game.view(1)["slots"] == {"TL": "nest/calico/2/!Y", "TR": None, "BL": None,
                                     "BR": "toy/calico/4/!F"}
    assert "token TR" not in game.legal_actions()
    game.apply("roll")
    with pytest.raises(RuleError, match="slot TR is empty"):
        game.apply("take TR")
    game.apply("fishbone")
    game.check_invariants()
    adv = new(options={"advanced": True})
    with pytest.raises(RuleError, match="no cat token"):
        adv.apply("token TL")


def test_MD_10_token_flips_up_on_a_fish_bone():
    game = new(dice="CCFM")
    game.apply("token TL")
    assert game.cat_up[0] is False
    game.apply("roll")
    events = game.apply("fishbone")
    assert event(events, "TokenFlipped").data == {"seat": 0, "face_up": True}


# ---- MD-11 enthusiasm ------------------------------------------------------------------------------
ADV = {"advanced": True}


def test_MD_11_enthusiasm_actions_cost_one_and_need_some():
    game = new(options=ADV, dice="YM", deck=["toy/tabby/2/!Y"])
    assert game.enth == [2, 2]
    events = game.apply("lock 0 C")
    assert event(events, "EnthusiasmChanged").data == {"seat": 0, "old": 2, "new": 1, "why": "spend"}
    with pytest.raises(RuleError, match="already locked"):
        game.apply("lock 0 F")
    game.apply("lock 1 F")
    assert game.enth[0] == 0
    with pytest.raises(RuleError, match="no enthusiasm"):
        game.apply("change TL")
    assert not any(a.split()[0] in ("lock", "change", "condition") for a in game.legal_actions())
    game.apply("roll")
    assert game.view(0)["dice"] == "CFYM"
    game.apply("take TL")
    assert game.locked == [False] * 4                  # locks end with the turn
    basic = new()
    with pytest.raises(RuleError, match="advanced"):
        basic.apply("lock 0 C")


def test_MD_11_condition_tokens_legal_exactly_when_some_roll_still_meets_the_card():
    game = new(options=ADV, slots={"TL": TL, "TR": "toy/calico/2/!C", "BL": "food/calico/1/XC",
                                   "BR": "nest/siamese/3/XC"})
    for slot in ("TR", "BL", "BR"):
        s = SLOTS.index(slot)
        card = DEFAULT_CARDS.cards[game.slots[s]]
        for tok in DEFAULT_CARDS.tokens:
            need = card.mask | cond_bit(tok)
            brute = any(roll_info(r)[0] == s and roll_info(r)[1] & need == need
                        for r in itertools.product(range(6), repeat=4))
            legal = f"condition {slot} {tok}" in game.legal_actions()
            assert legal == (brute and tok not in card.conds), (slot, tok)
    with pytest.raises(RuleError, match="TL card"):
        game.apply("condition TL !F")
    with pytest.raises(RuleError, match="already has condition XC"):
        game.apply("condition BL XC")
    with pytest.raises(RuleError, match="contradicts"):
        game.apply("condition TR XC")
    game.apply("condition BR XF")                 # XC and XF: four of Y, M, P or B still meet it
    with pytest.raises(RuleError, match="contradicts"):
        game.apply("condition BR !F")
    assert game.slot_tokens[3] == ["XF"] and "XF" not in game.supply
    game2 = new(options=ADV)                      # BR food/tabby/4/!C: XF adds nothing, still legal
    game2.apply("condition BR XF")
    assert game2.slot_tokens[3] == ["XF"]


def test_MD_11_token_combinations_are_checked_together_and_discards_return_them():
    game = new(options={"advanced": True}, slots={"TL": TL, "TR": "toy/calico/2/!C", "BL": BL, "BR": BR})
    game.apply("condition TR !F")                 # two pairs with C and F: fine
    with pytest.raises(RuleError, match="contradicts"):
        game.apply("condition TR !Y")             # C, F and Y cannot make two pairs
    assert "condition TR !Y" not in game.legal_actions()
    with pytest.raises(RuleError, match="not in the supply"):
        game.apply("condition BR !F")
    events = game.apply("change TR")
    assert event(events, "CardsChanged").data["tokens"] == ["!F"] and "!F" in game.supply
    assert game.enth[0] == 0


def test_MD_11_fish_bone_flames_give_enthusiasm_up_to_three():
    game = new(options=ADV, dice="CCFM" * 3, fishbones=["fishbone/2", "fishbone/1", "fishbone/2"])
    game.apply("roll")
    events = game.apply("fishbone")
    assert event(events, "EnthusiasmChanged").data == {"seat": 0, "old": 2, "new": 3, "why": "fishbone"}
    game.apply("roll")
    game.apply("fishbone")
    assert game.enth == [3, 3]
    assert game.view(1)["fishbone_top"] is None and game.view(1)["fishbone_count"] == 1


# ---- MD-12 special cards ---------------------------------------------------------------------------
SPEC = {"advanced": True, "specials": True}


def test_MD_12_catnip_refills_enthusiasm_on_gain():
    game = new(options=SPEC, dice="CYYY", slots={"BL": "toy/tabby/1/!Y"})
    game.apply("change TL")
    game.apply("change TR")
    assert game.enth[0] == 0
    game.apply("roll")
    events = game.apply("take BL")
    assert event(events, "CardTaken").data["ability"] == "catnip"
    assert event(events, "EnthusiasmChanged").data == {"seat": 0, "old": 0, "new": 3, "why": "catnip"}


def test_MD_12_gourmet_dreamer_fanclub_score_at_the_end():
    game = new(options=SPEC)

    def give(seat, card):
        cid = next(i for i in DEFAULT_CARDS.by_notation(card)
                   if i in game.deck or i in game.fishpile or i in game.slots)
        for pile in (game.deck, game.fishpile):
            if cid in pile:
                pile.remove(cid)
        if cid in game.slots:
            game.slots[game.slots.index(cid)] = None
        game.current = seat
        game._gain(cid)
    give(0, "food/calico/1/!F")                         # Gourmet (itself food)
    give(0, "fishbone/1")
    give(0, "toy/tabby/2/!Y")
    assert game.score_parts(0)["specials"] == 2
    give(1, "nest/tuxedo/1/!P")                         # Dreamer: +1 per enthusiasm (2)
    assert game.score_parts(1)["specials"] == 2
    game.enth[1] = 3
    assert game.score(1) == game.score_parts(1)["total"] and game.score_parts(1)["specials"] == 3
    game.current = 0
    game.check_invariants()
    fan = new(options=SPEC, cats=["siamese", "tabby"])
    fan_give = [("style/siamese/1/!B"), ("food/siamese/2/!Y"), ("nest/siamese/2/!F")]
    for card in fan_give:
        cid = next(i for i in DEFAULT_CARDS.by_notation(card) if i in fan.deck or i in fan.slots)
        if cid in fan.deck:
            fan.deck.remove(cid)
        else:
            fan.slots[fan.slots.index(cid)] = None
        fan._gain(cid)
    # 3 siamese cards: own-cat +3 and Fan club 3 * (3 // 2) = 3
    assert fan.score_parts(0)["own_cat"] == 3 and fan.score_parts(0)["specials"] == 3


def test_MD_12_specials_are_shuffled_into_the_regular_deck_only_with_the_option():
    cs = DEFAULT_CARDS
    specials = {cs.cards[i].notation for i in cs.special}
    with_sp = MeowDice.new(2, 3, SPEC).dump()
    without = MeowDice.new(2, 3, ADV).dump()
    in_play = set(with_sp["deck"]) | set(with_sp["slots"].values())
    assert specials <= in_play and not specials & (set(without["deck"]) | set(without["slots"].values()))
    assert set(without["box"]) == specials


# ---- MD-13 one bite ---------------------------------------------------------------------------------
BITE = {"one_bite": True}


def test_MD_13_bite_lets_the_next_reroll_throw_as_many_dice_as_the_last():
    game = new(options=BITE, dice="CCCC" + "CCFM" + "CCFM" + "YYY" + "PPP" + "BB", first=0)
    game.apply("roll")
    game.apply("take BR")                             # seat 0 takes a food card (golden !C)
    game.apply("roll")
    game.apply("fishbone")                            # seat 1
    assert not any(a.startswith("bite") for a in game.legal_actions())   # before rolling: no
    game.apply("roll")
    assert "bite food/tabby/4/!C" in game.legal_actions()
    game.apply("reroll 0 1 2")                        # 3 dice
    assert game.view(0)["dice"] == "YYYM" and game.view(0)["next_max"] == 2
    events = game.apply("bite food/tabby/4/!C")
    assert event(events, "Bite").data["next_max"] == 3
    with pytest.raises(RuleError, match="followed by a reroll"):
        game.apply("fishbone")
    game.apply("reroll 0 1 2")                        # 3 again thanks to the bite
    assert game.view(0)["dice"] == "PPPM" and game.view(0)["next_max"] == 2
    with pytest.raises(RuleError, match="already turned"):
        game.apply("bite food/tabby/4/!C")
    game.apply("reroll 0 1")
    assert game.view(0)["rolls"] == 4 and game.view(0)["bitten"][0] == ["food/tabby/4/!C"]
    assert game.view(0)["dice"] == "BBPM"
    game.apply("fishbone")
    game.check_invariants()


def test_MD_13_bite_limits():
    game = new(options=BITE, dice="CCCC" + "CCFM" + "CCFM" + "CCC" + "CC" + "C")
    game.apply("roll")
    game.apply("take BR")                             # seat 0: food/tabby/4/!C
    game.apply("roll")
    game.apply("fishbone")
    game.apply("roll")
    with pytest.raises(RuleError, match="you hold no card"):
        game.apply("bite food/calico/4/!P")
    game.apply("reroll 0 1 2")
    game.apply("reroll 0 1")
    game.apply("reroll 0")
    assert game.view(0)["rolls"] == 4
    with pytest.raises(RuleError, match="no reroll is left"):
        game.apply("bite food/tabby/4/!C")
    off = new(dice="CCFM")
    off.apply("roll")
    with pytest.raises(RuleError, match="option is off"):
        off.apply("bite food/tabby/2/!C")


def test_MD_13_two_flame_fish_bones_and_non_food_cannot_be_bitten():
    game = new(options=BITE, dice="CCFM" * 3 + "CFYM" + "CCFM",
               fishbones=["fishbone/2", "fishbone/1", "fishbone/0"], first=0)
    game.apply("roll")
    game.apply("fishbone")                             # seat 0: fishbone/2
    game.apply("roll")
    game.apply("fishbone")                             # seat 1: fishbone/1
    game.apply("roll")
    with pytest.raises(RuleError, match="2-flame"):
        game.apply("bite fishbone/2")
    assert not any(a.startswith("bite") for a in game.legal_actions())
    game.apply("fishbone")                             # seat 0: fishbone/0
    game.apply("roll")                                 # seat 1: CFYM
    game.apply("take TL")
    game.apply("roll")
    assert "bite fishbone/0" in game.legal_actions()


# ---- illegal input changes nothing -----------------------------------------------------------------
@pytest.mark.parametrize("action", ["", "roll ", "roll  now", "jump", "reroll 0", "take TL", "lock 0 C",
                                    "token", "token TL TL", "condition BR !C", "bite x", "fishbone 1",
                                    "change TL", "reroll 4"])
def test_illegal_actions_raise_and_change_nothing(action):
    game = new(dice="CCFM")
    before = json.dumps(game.dump(), sort_keys=True)
    with pytest.raises(RuleError) as info:
        game.apply(action)
    assert info.value.action == action and action in str(info.value) and info.value.reason
    assert json.dumps(game.dump(), sort_keys=True) == before


def test_illegal_after_rolling_change_nothing():
    game = new(options={"advanced": True, "one_bite": True}, dice="CCFM" + "C")
    game.apply("roll")
    before = json.dumps(game.dump(), sort_keys=True)
    for action in ("roll", "lock 0 C", "take TL", "take TR", "reroll 0 1 2 3", "reroll 0 0",
                   "bite fishbone/1", "condition TR !F", "fishbone x", "take", "reroll x"):
        with pytest.raises(RuleError):
            game.apply(action)
        assert json.dumps(game.dump(), sort_keys=True) == before, action
    with pytest.raises(RuleError):
        game.apply(3)


# ---- a whole scripted game as a §4 replay ------------------------------------------------------------
def test_scripted_replay_gives_the_section_4_final_state():
    from game.play.replay import ReplayError, play
    replay = {
        "game": "meow-dice", "players": 2, "seed": 9, "options": {},
        "setup": {"slots": SLOTS4, "deck": ["toy/tabby/2/!Y", "style/calico/1/XF", "nest/calico/2/!Y"],
                  "golden": ["toy/calico/4/!F"], "fishbones": ["fishbone/1"] * 7 + ["fishbone/0"] * 4,
                  "dice": "CFYM" + "CCCC" + "CCYY" + "YYYM" + "CCFM" * 8},
        "actions": ["roll", "take TL",                      # seat 0 tabby: food/tabby/2/!C (3)
                    "roll", "take BR",                      # seat 1 calico: food/tabby/4/!C (4)
                    "roll", "fishbone",                     # CCYY meets TR toy/calico/2/!C: illegal
                    ] + ["roll", "fishbone"] * 9,
    }
    with pytest.raises(ReplayError, match=r"action 5 'fishbone': .*only for when no card"):
        play(replay)
    replay["actions"][4:6] = ["roll", "take TR"]           # seat 0: toy/calico/2/!C with CCYY
    replay["actions"][6:8] = ["roll", "take BL"]           # seat 1: YYYM is three and one, no C
    with pytest.raises(ReplayError, match=r"action 7 'take BL': the dice YYYM do not meet nest/tuxedo/2/!C"):
        play(replay)
    replay["actions"][6:8] = ["roll", "fishbone"]
    game = play(replay)
    summary = game.summary()
    assert summary["over"] and summary["turn"] == 12 and summary["current_player"] is None
    assert summary["cards"][0][:2] == ["food/tabby/2/!C", "toy/calico/2/!C"]
    assert summary["cards"][1][0] == "food/tabby/4/!C"
    assert all(c.startswith("fishbone/") for c in summary["cards"][0][2:] + summary["cards"][1][1:])
    # seat 0: 2 + 2 points, 1 own cat, food + toy = 2 types (+1) -> 6; seat 1: 4 points, 1 type -> 4
    assert summary["scores"] == [6, 4] and summary["winners"] == [0] and game.end_reason == "score"
    assert summary["enthusiasm"] == [None, None]
