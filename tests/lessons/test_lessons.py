"""Guided first games: every lesson plays to its end through the pure runner, every scripted move
is legal in its engine with that setup, a wrong move at any step changes nothing, every move a
predicate step accepts still leads to the end, and a bad lesson file is one line."""
import json

import pytest

from game.play.lesson import (
    WAIT,
    LessonError,
    LessonRunner,
    lesson_path,
    lessons_for,
    load_lessons,
    parse_lessons,
    play_through,
)
from game.rules.base import RuleError
from game.rules.registry import KITS
from game.runtime.i18n import Translator

LESSONS = [lesson for game in KITS for lesson in lessons_for(game)]
IDS = [f"{lesson.game}:{lesson.id}" for lesson in LESSONS]


def test_every_table_has_a_lesson_and_dice_has_the_advanced_one():   # and one bite (issue 21)
    assert {lesson.game for lesson in LESSONS} == set(KITS)
    ids = [lesson.id for lesson in lessons_for("meow-dice")]
    assert ids == ["basics", "advanced", "one_bite", "specials"]


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_lesson_plays_to_its_end_and_every_scripted_move_is_legal(lesson):
    runner = play_through(lesson)
    assert runner.finished and runner.step is None and runner.say == lesson.finish
    # the same moves on a fresh engine from the file's setup: each one legal when it is made
    game = lesson.new_game()
    for index, action in enumerate(runner.session.actions):
        legal = game.legal_actions()
        assert action in legal or action.startswith("arrange"), (index, action, legal[:8])
        game.apply(action)
    assert game.dump() == runner.game.dump()
    human = lesson.human
    for step in lesson.steps:
        assert step.say and step.wrong
    # the person's moves are exactly the steps that wait for a move (no free moves slipped in)
    played = [a for a, s in _actors(lesson) if s == human]
    assert len(played) == sum(1 for s in lesson.steps if not s.info)


def _actors(lesson):
    """(action, seat that made it) for the lesson's main line."""
    runner = LessonRunner(lesson)
    out = []
    while not runner.finished:
        if runner.bot_action() is not None:
            seat = runner.game.current_player
            out.append((runner.bot_action(), seat))
            runner.play_bot()
        elif runner.step.info:
            runner.confirm()
        else:
            action = runner.expected()[0]
            out.append((action, lesson.human))
            assert runner.submit(action).ok
    return out


def _wrong_moves(runner):
    """Moves to try at this step that it must refuse: a legal move it does not want if there is one
    (the friendliest trap), else an illegal one."""
    game, step = runner.game, runner.step
    legal = [] if game.over else game.legal_actions()
    wanted = set(runner.expected())
    tries = [a for a in legal if a not in wanted][:1]
    tries.append({"hungry-meow": "play G8X", "meow-dice": "take BR", "zodiac": "point centre 99"}[
        runner.lesson.game])
    if step is not None and not step.info:
        tries.append("fly away")
    return tries


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_a_wrong_move_at_every_step_changes_nothing(lesson):
    runner = LessonRunner(lesson)
    checked = 0
    while not runner.finished:
        before, log = runner.game.dump(), list(runner.session.actions)
        where = (runner.index, list(runner.queue))
        if runner.bot_action() is not None:
            verdict = runner.submit(runner.game.legal_actions()[0])
            assert not verdict.ok and verdict.message == WAIT
            assert runner.game.dump() == before and runner.session.actions == log
            runner.play_bot()
            continue
        step = runner.step
        for wrong in _wrong_moves(runner):
            verdict = runner.submit(wrong)
            assert not verdict.ok, (runner.index, wrong)
            legal = not runner.game.over and wrong in runner.game.legal_actions()
            assert verdict.message == (step.why or step.wrong if legal else step.wrong)   # why: issue 21
            assert runner.game.dump() == before and runner.session.actions == log
            assert (runner.index, list(runner.queue)) == where
            checked += 1
        if step.info:
            assert runner.confirm()
        else:
            assert not runner.confirm()             # pressing on does not skip a move
            assert runner.submit(runner.expected()[0]).ok
    assert checked >= 2 * len(lesson.steps)


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_every_move_a_step_accepts_leads_to_the_end(lesson):
    """Predicate steps ("keep both fish", "reroll one die") accept several moves: each must leave
    a game in which the rest of the lesson still plays as written."""
    counts = []
    for k, step in enumerate(lesson.steps):
        if step.info or step.expect.kind == "action":
            continue
        probe = _runner_at(lesson, k)
        variants = probe.expected()
        assert variants, k
        counts.append(len(variants))
        for variant in variants:
            def choose(runner, k=k, variant=variant):
                return variant if runner.index == k else runner.expected()[0]
            assert play_through(lesson, choose).finished
    if lesson.game == "meow-dice" and lesson.id == "basics":
        assert counts == [1, 1, 4]      # keep FF, keep MM, any one die


def _runner_at(lesson, index):
    runner = LessonRunner(lesson)
    while runner.index < index or runner.step is None:
        if runner.bot_action() is not None:
            runner.play_bot()
        elif runner.step.info:
            runner.confirm()
        else:
            runner.submit(runner.expected()[0])
    return runner


def test_dice_keep_predicate_reads_the_dice_standing():
    lesson = lessons_for("meow-dice")[0]
    runner = _runner_at(lesson, 2)               # after the first roll: F F C M
    assert runner.game.view(0)["dice"] == "FFCM"
    assert runner.expected() == ["reroll 2 3"]
    assert runner.judge("reroll 3 2") is None    # dice in any order
    assert runner.judge("reroll 1 2 3") == "learn.md.keep_why"     # legal: the coach says why
    assert runner.judge("reroll 3") == "learn.md.keep_why"


def test_hungry_meow_lesson_shows_death_and_the_meal_rescue_and_is_won():
    runner = play_through(lessons_for("hungry-meow")[0])
    game = runner.game
    assert game.over and game.winners == [0] and game.end_reason == "meals"
    assert "dealer take 1" in runner.session.actions


def test_zodiac_lesson_wins_the_round_by_opposites():
    lesson = lessons_for("zodiac")[0]
    runner = LessonRunner(lesson)
    events = []
    while not runner.finished:
        if runner.bot_action() is not None:
            runner.play_bot()
        elif runner.step.info:
            runner.confirm()
        else:
            events += runner.submit(runner.expected()[0]).events
    won = [e for e in events if e.kind == "RoundWon"]
    assert len(won) == 1 and won[0].data["seat"] == 0 and won[0].data["how"] == "opposites"


@pytest.mark.parametrize("lang", ["en", "zh_TW"])
def test_every_text_key_of_every_lesson_is_in_both_languages(lang):
    table = Translator(lang).table(lang)
    keys = set().union(*(lesson.text_keys() for lesson in LESSONS)) | {"learn.wrong", WAIT}
    missing = sorted(k for k in keys if k not in table)
    assert not missing


def test_a_table_can_apply_the_move_itself_and_record_it():
    """The table path: judge, apply through its own session, then record."""
    lesson = lessons_for("hungry-meow")[0]
    runner = LessonRunner(lesson)
    assert runner.step.info and runner.judge("draw 1") == "learn.wrong"
    runner.confirm()
    while runner.bot_action() is not None:
        action = runner.bot_action()
        runner.session.apply(action)
        runner.record(action)
    assert runner.judge("draw 1") is None
    runner.session.apply("draw 1")
    runner.record("draw 1")
    assert runner.step.say == "learn.hm.beat"


# ---- a bad lesson file: one line, naming the place -------------------------------------------------
def _data(game="hungry-meow"):
    return json.loads(lesson_path(game).read_text(encoding="utf-8"))


def _error(data, check=True):
    with pytest.raises(LessonError) as info:
        for lesson in parse_lessons(data, "x.json"):
            if check:
                play_through(lesson)
    message = str(info.value)
    assert "\n" not in message
    return message


def test_bad_lesson_files_give_one_line(tmp_path):
    data = _data()
    data["lessons"][0]["steps"][1]["expect"] = {"action": "draw 1", "verb": "draw"}
    assert "steps[1].expect: give exactly one of" in _error(data)
    data = _data()
    data["lessons"][0]["steps"][2]["colour"] = "red"
    assert "steps[2]: unknown key 'colour'" in _error(data)
    data = _data()
    data["lessons"][0]["steps"][2]["expect"] = {"action": "play R3P"}
    assert "steps[2]: no legal move fits expect" in _error(data)
    data = _data()
    data["lessons"][0]["steps"][0]["bots"] = ["direction cw", "draw 1", "play B2P B4P", "pass"]
    assert "steps[0].bots: 'pass' is the person's move" in _error(data)
    data = _data()
    data["lessons"][0]["seed"] = 1
    assert "did not cause SurvivedDeath (seed 1" in _error(data)
    data = _data()
    data["lessons"][0]["setup"]["hands"][0][0] = "DEATH"
    assert "setup: setup.hands[0] holds DEATH" in _error(data)
    data = _data("meow-dice")
    data["lessons"][1]["steps"][3]["expect"] = {"verb": "roll", "keep": "Y"}
    assert "keep and count go with verb reroll only" in _error(data, check=False)
    data = _data("zodiac")
    data["lessons"][0]["seats"][1]["human"] = True
    assert "exactly one seat must be the person's" in _error(data, check=False)
    bad = tmp_path / "broken.json"
    bad.write_text('{"format": "meowcade-lessons/1",\n "game": }', encoding="utf-8")
    with pytest.raises(LessonError, match=r"^broken.json line 2: not valid JSON"):
        load_lessons(bad)


def test_scripted_move_that_breaks_the_rules_is_refused_by_the_engine_too():
    lesson = lessons_for("zodiac")[0]
    game = lesson.new_game()
    with pytest.raises(RuleError):
        game.apply("point centre 5")            # the hole the trump was turned from


def test_the_lesson_runner_is_pure():
    """game.play.lesson runs with pygame absent (it belongs to the play layer, below the runtime)."""
    import subprocess
    import sys

    code = ("import sys; sys.modules['pygame'] = None\n"
            "from game.play.lesson import lessons_for, play_through\n"
            "print(play_through(lessons_for('zodiac')[0]).finished)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                         cwd=str(lesson_path("zodiac").parents[2]))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"


@pytest.mark.parametrize("lesson", LESSONS, ids=IDS)
def test_a_lesson_cat_wears_the_coat_its_name_wears_everywhere_else(lesson):
    """stranger40e #23: the Zodiac lesson's Miso was drawn as the calico, who is Tofu everywhere
    else (seat setup gives seat i the name ``name.i`` and the coat ``COATS[i]``; the title's and
    the attract mode's cats walk in that order). Every lesson seat named ``name.i`` wears
    ``COATS[i]``, and no two seats share a coat."""
    from game.art.cats import COATS

    for seat in lesson.seats:
        if seat.name.startswith("name."):
            i = int(seat.name.split(".")[1])
            assert seat.coat == COATS[i % len(COATS)], (seat.name, seat.coat)
    assert len({s.coat for s in lesson.seats}) == len(lesson.seats)
