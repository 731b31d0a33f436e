"""Issue 21: a lesson never refuses a better legal move without saying why.

Every lesson is played through as scripted; at each of the person's steps the advisor (the
"Ask the tiger" bot, game/bots/advice.py, with a fixed node budget so the values repeat) rates
every legal move from the person's own view. When a move the step does not accept is rated
clearly better than the best move it does accept, the step must carry a ``why`` (the coach's
reason, said when that move is tried). Zodiac's lesson never refuses a certain catch.
"""
from __future__ import annotations

import pytest

from game.bots.advice import view_seed
from game.bots.base import Budget, make_bot
from game.play.lesson import LessonRunner, lessons_for
from game.rules.registry import KITS

NODES = {"hungry-meow": 48, "meow-dice": 400, "zodiac": 400}
LESSONS = [lesson for game in KITS for lesson in lessons_for(game)]


def margin(best: float) -> float:
    """How much better than the taught move a refused one must be rated to count as better
    (the advisor's values are estimates: near-ties are ties)."""
    return 0.02 + 0.1 * abs(best)


def person_steps(lesson):
    """(runner, step index, legal moves, accepted moves) at each of the person's move steps."""
    runner = LessonRunner(lesson)
    while not runner.finished:
        if runner.bot_action() is not None:
            runner.play_bot()
            continue
        step = runner.step
        if step.info:
            runner.confirm()
            continue
        game = runner.game
        accepted = runner.expected()
        if game.current_player == lesson.human and not accepted[0].startswith("arrange"):
            legal = game.legal_actions()
            if len(legal) > 1:
                yield runner, runner.index, legal, accepted
        assert runner.submit(accepted[0]).ok


def refused_better(lesson, runner, legal, accepted) -> list[tuple[str, float, float]]:
    """Legal moves the step refuses that the advisor rates clearly above every accepted one."""
    seat = lesson.human
    view = runner.game.view(seat)
    bot = make_bot(lesson.game, KITS[lesson.game].advisor_level(), seat, view_seed(view, legal),
                   Budget(nodes=NODES[lesson.game]))
    ranked = bot.rank(view, list(legal))
    if any(r.why.get("unit") == "choice" for r in ranked):      # no values: only its choice
        choice = ranked[0].action
        return [] if choice in accepted else [(choice, 1.0, 0.0)]
    values = {r.action: float(r.value) for r in ranked}
    taught = max((values.get(a, float("-inf")) for a in accepted), default=float("-inf"))
    best = max(values.values())
    return [(a, v, taught) for a, v in values.items()
            if a not in accepted and v > taught + margin(best)]


@pytest.mark.parametrize("lesson", LESSONS, ids=[f"{x.game}:{x.id}" for x in LESSONS])
def test_every_refused_better_move_is_explained(lesson):
    unexplained = []
    for runner, index, legal, accepted in person_steps(lesson):
        step = lesson.steps[index]
        better = refused_better(lesson, runner, legal, accepted)
        if better and not step.why:
            unexplained.append((index, step.say, accepted[:2], better[:3]))
    assert not unexplained, unexplained


def test_the_zodiac_lesson_never_refuses_the_certain_catch():
    """The two-Horses step (issue 21): the lesson used to send the person to a blind centre guess
    with a certain third Horse in their own hand. Now no step refuses a certain catch, and where
    another legal card is refused (a guess as good as the taught one) the coach says why."""
    lesson = lessons_for("zodiac")[0]
    seen_two_horses = 0
    for runner, index, legal, accepted in person_steps(lesson):
        view = runner.game.view(lesson.human)
        better = refused_better(lesson, runner, legal, accepted)
        if view["step"] == 2:                                   # the third card: chance = value
            assert not [b for b in better if b[1] >= 1 - 1e-9], (index, better)
        if [c["kind"] for c in view["pointed"]] == ["HORSE", "HORSE"]:
            seen_two_horses += 1
            assert not better, (index, better)
            step = lesson.steps[index]
            other = next(a for a in legal if a not in accepted)
            assert runner.judge(other) == (step.why or step.wrong)
    assert seen_two_horses == 2
