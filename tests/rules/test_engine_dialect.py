"""Issue 19 item 5: one dialect for the three engines. The same names for the same things
(``current``, ``game_over``, ``winning_seats``, ``ending``, ``turns``), a copy that cannot share a
list with its original, ``dump`` from declared fields, and actions read by the declared verbs."""
import random

import pytest

from game.rules.base import Event, Game, RuleError, copy_state
from game.rules.registry import engine

GAMES = ("hungry-meow", "meow-dice", "zodiac")


def played(name: str, moves: int = 25, seed: int = 5, options: dict | None = None) -> Game:
    game = engine(name).new(3, seed, options)
    rng = random.Random(seed)
    for _ in range(moves):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def lists_in(value, path="state"):
    """Every (path, list or dict or set) inside a value, the value itself included."""
    if isinstance(value, (list, dict, set)):
        yield path, value
    items = value.items() if isinstance(value, dict) else enumerate(value) \
        if isinstance(value, (list, tuple)) else ()
    for key, inner in items:
        yield from lists_in(inner, f"{path}[{key!r}]")


@pytest.mark.parametrize("name", GAMES)
def test_the_same_names_for_the_same_things(name):
    game = played(name, 40)
    assert game.current_player == (None if game.game_over else game.current)
    assert game.over is game.game_over
    assert game.turn == game.turns
    assert game.winners == (list(game.winning_seats) if game.game_over else [])
    assert game.end_reason == (game.ending if game.game_over else None)
    finished = played(name, 100000)
    assert finished.over and finished.winners and finished.end_reason == finished.ending


def assert_nothing_shared(game: Game, copy: Game) -> None:
    assert copy.dump() == game.dump()
    for key, value in game.__dict__.items():
        if key in game.shared_state:
            continue
        mine = {id(v) for _, v in lists_in(value)}
        theirs = {id(v) for _, v in lists_in(copy.__dict__[key])}
        assert not mine & theirs, f"{game.name}: {key} shares a list, dict or set with the clone"
    assert copy.rng is not game.rng and copy.rng.getstate() == game.rng.getstate()


@pytest.mark.parametrize("name, options", [("hungry-meow", None), ("meow-dice", None), ("zodiac", None),
                                           ("meow-dice", {"advanced": True, "specials": True,
                                                          "one_bite": True})])
def test_no_state_shares_a_list_with_its_clone(name, options):
    """Every state along a few games (so each declared ``state_depth`` is deep enough)."""
    for seed in range(4):
        game = played(name, 0, seed, options)
        rng = random.Random(seed)
        while not game.over and game.turn < 12:
            assert_nothing_shared(game, game.clone())
            game.apply(rng.choice(game.legal_actions()))
        assert_nothing_shared(game, game.clone())


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_shares_no_list_with_its_original(name):
    game = played(name, 8)
    assert not game.over
    copy = game.clone()
    assert_nothing_shared(game, copy)
    action = copy.legal_actions()[0]
    before = game.dump()
    copy.apply(action)
    assert game.dump() == before            # playing on the copy leaves the original as it was


def test_clone_refuses_what_it_cannot_copy_unless_it_is_declared_shared():
    game = played("zodiac", 3)
    game.oddity = object()
    with pytest.raises(TypeError, match="oddity"):
        game.clone()
    assert copy_state([1, [2, (3, 4)], {"a": {5}}, Event("X", {})])[1] == [2, (3, 4)]

    class Shares(type(game)):
        shared_state = type(game).shared_state | {"oddity"}
    game.__class__ = Shares
    assert game.clone().oddity is game.oddity


@pytest.mark.parametrize("name", GAMES)
def test_actions_are_read_by_the_declared_verbs(name):
    game = played(name, 4)
    before = game.dump()
    for bad in ("fly away", "", " ".join([game.legal_actions()[0].split(" ")[0], ""])):
        with pytest.raises(RuleError):
            game.apply(bad)
        assert game.why_not(bad) is not None
        assert game.dump() == before
    assert {a.split(" ")[0] for a in game.legal_actions()} <= set(game.verbs)


@pytest.mark.parametrize("name", GAMES)
def test_a_bug_mid_apply_after_drawing_from_the_rng_changes_nothing(name, monkeypatch):
    """apply's backup takes the RNG's state only when the action draws (the RNG is watched
    while it runs): an action that draws, changes the state and then fails leaves the state,
    the RNG object and its coming numbers exactly as before."""
    game = played(name, 6)
    rng = game.rng
    before = game.dump()
    coming = random.Random()
    coming.setstate(rng.getstate())
    action = game.legal_actions()[0]
    real = type(game)._apply

    def buggy(self, action):
        self.rng.shuffle(list(range(50)))
        self.rng.random()
        real(self, action)                      # changes the state, draws or not
        self.turns += 7
        raise KeyError("a bug after the changes")

    monkeypatch.setattr(type(game), "_apply", buggy)
    with pytest.raises(KeyError):
        game.apply(action)
    assert game.rng is rng and type(rng) is random.Random and "_state_before" not in rng.__dict__
    assert game.dump() == before
    assert [rng.random() for _ in range(5)] == [coming.random() for _ in range(5)]
    monkeypatch.undo()
    game.apply(action)                          # and a good action still works after it
    assert type(game.rng) is random.Random and game.dump() != before
