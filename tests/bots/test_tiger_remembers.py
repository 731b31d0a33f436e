"""Issue 21: Zodiac's tiger remembers everything the view ever showed, and says so ("I
remember…") so that a hint is not mistaken for what the player knows; their own cards are "yours"."""
from __future__ import annotations

import random

from game.bots.advice import advise
from game.bots.base import Budget
from game.rules.registry import engine
from game.runtime.i18n import load_language


def test_certain_hints_say_whose_knowledge_it_is():
    en = load_language("en")
    keys = {}
    for seed in range(1, 12):
        game = engine("zodiac").new(2, seed, {"rounds": 1}, {})
        rng = random.Random(seed)
        for _ in range(120):
            if game.over:
                break
            seat = game.current_player
            legal = game.legal_actions()
            if any(a.startswith("point ") for a in legal):
                hint = advise("zodiac", game.view(seat), legal, Budget(nodes=60))
                key = hint.text.key
                own = hint.action.split()[1:3] == ["hand", str(seat)]
                if key == "zc.tiger.known":
                    assert not own, hint.action
                if key == "zc.tiger.own":
                    assert own, hint.action
                keys.setdefault(key, hint)
            game.apply(rng.choice(legal))
        if {"zc.tiger.known", "zc.tiger.own", "zc.tiger.point"} <= set(keys):
            break
    assert {"zc.tiger.known", "zc.tiger.own", "zc.tiger.point"} <= set(keys), sorted(keys)
    assert en["zc.tiger.known"].startswith("I remember")
    assert en["zc.tiger.point"].startswith("I remember")


def test_the_tiger_says_a_kind_is_the_opposite_of_one_caught():
    """Stranger 3: "18% that this one is Pig" did not say why Pig: it is the opposite of the
    Snake the seat had just caught (a pair of opposites wins the round)."""
    from game.bots.zodiac_hint import point_words

    view = {"seat": 1, "captures": [["RAT"], ["SNAKE"]]}
    text = point_words(view, "PIG", 0.18, False)
    assert text.key == "zc.tiger.point_opposite" and text.args["caught"].key == "zc.kind.SNAKE", text
    assert point_words(view, "HORSE", 0.18, False).key == "zc.tiger.point"     # Rat is Tofu's catch
    assert point_words(view, "PIG", 1.0, False).key == "zc.tiger.known"
    for lang in ("en", "zh_TW"):
        words = load_language(lang)["zc.tiger.point_opposite"]
        assert "{caught}" in words and words.startswith(load_language(lang)["zc.tiger.point"][:4])
