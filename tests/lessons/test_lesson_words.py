"""Issue 21, the coach's words: never ahead of the screen, never stale during the others' turns."""
from __future__ import annotations

import pytest

from game.play.lesson import WATCH, LessonRunner, lessons_for
from scenes.table.lesson import lesson_scene
from scenes.tables import table_info
from tests.lessons.driver import LessonDriver


@pytest.fixture
def app(tmp_path):
    from game.runtime.app import App

    a = App(size=(1280, 720), home=tmp_path, audio=False, lang="en")
    yield a
    a.stack.clear()


@pytest.mark.parametrize("game", ["hungry-meow", "zodiac"])
def test_while_the_computer_cats_play_the_coach_says_watch(game):
    lesson = lessons_for(game)[0]
    runner = LessonRunner(lesson)
    seen = 0
    while not runner.finished:
        if runner.bot_action() is not None:
            assert runner.say == WATCH
            seen += 1
            runner.play_bot()
        elif runner.step.info:
            runner.confirm()
        else:
            assert runner.say == runner.step.say
            runner.submit(runner.expected()[0])
    assert seen


def test_the_coach_tells_the_death_outcome_only_once_the_screen_shows_it(app):
    lesson = lessons_for("hungry-meow")[0]
    scene = lesson_scene(app, table_info("hungry-meow"), lesson)
    app.stack.push(scene)
    app.stack.apply_pending()
    driver = LessonDriver(app, scene, "mouse")
    while scene.lesson.step is None or scene.lesson.step.say != "learn.hm.death":
        driver.wait_ready()
        step = scene.lesson.step
        for name in ["learn:next"] if step.info else step.point:
            driver.press(name)
    driver.wait_ready()
    scene.apply("draw 1")                                  # Death, then the Meal that saves
    app.step(1 / 30, [])
    assert scene.lesson.say == "learn.hm.saved" and scene.presenter.busy
    assert scene.coach_line() == "learn.hm.death"          # the screen still shows the draw
    driver.wait_ready()
    assert not scene.presenter.busy and scene.coach_line() == "learn.hm.saved"


def test_hungry_meow_lessons_teach_the_prophecy():
    """Issue 21: the lesson never taught the Prophecy; its second lesson does, offered after the
    first ("learn:more")."""
    from game.play.lesson import play_through

    lessons = lessons_for("hungry-meow")
    assert [lesson.id for lesson in lessons][:2] == ["basics", "prophecy"]
    runner = play_through(lessons[1])         # fails if a step's move did not cause its "shows"
    assert runner.finished
    assert any("ProphecyUsed" in step.shows for step in lessons[1].steps)


def test_meow_dice_lessons_teach_one_bite():
    """Issue 21: the Meow Meow Dice lessons now cover the one-bite option (MD-13)."""
    from game.play.lesson import play_through

    lesson = next(x for x in lessons_for("meow-dice") if x.id == "one_bite")
    assert lesson.options == {"one_bite": True}
    assert any("Bite" in step.shows for step in lesson.steps)
    assert play_through(lesson).finished


def test_meow_dice_lesson_says_what_the_odds_badges_are(app):
    """Issue 21: the lessons cover the odds badges (the % beside each card, on by default)."""
    lesson = lessons_for("meow-dice")[0]
    step = next(s for s in lesson.steps if s.say == "learn.md.fewer")
    for lang in ("en", "zh_TW"):
        app.set_language(lang)
        assert "%" in app.t(step.say)
    app.set_language("en")
    assert app.settings.show_odds


def test_meow_dice_lessons_teach_the_specials(app):
    """Issue 21: the Meow Meow Dice lessons cover the special cards (MD-12): a lesson wins one
    and says what each of the four does, in both languages."""
    from game.play.lesson import play_through

    lesson = next(x for x in lessons_for("meow-dice") if x.id == "specials")
    assert lesson.options == {"advanced": True, "specials": True}
    assert any("CardTaken" in step.shows for step in lesson.steps)
    assert play_through(lesson).finished
    said = " ".join([app.t(step.say) for step in lesson.steps] + [app.t(lesson.finish)])
    for name in ("Gourmet plate", "Catnip sprig", "Dream pillow", "Fan letters"):
        assert name in said, name
    app.set_language("zh_TW")
    said = " ".join([app.t(step.say) for step in lesson.steps] + [app.t(lesson.finish)])
    for name in ("美食餐盤", "貓薄荷枝", "美夢枕頭", "粉絲信"):
        assert name in said, name
    app.set_language("en")


# words that place a card on the screen, in both languages: what they claim about the drawn card
SIDES = {"left of the middle": "left_half", "中間左邊": "left_half",
         "right of the middle": "right_half", "中間右邊": "right_half",
         "Miso's leftmost": "rat_leftmost", "味噌最左邊": "rat_leftmost",
         "Miso's rightmost": "rat_rightmost", "味噌最右邊": "rat_rightmost"}


def test_zodiac_lesson_left_and_right_match_the_drawn_hand(app):
    """Issue 21 playtest #3: "right of the middle" rang Miso's 2nd card of 8 from the left. Miso
    sits across the table, so its hand is drawn 12 (left) .. 1 (right): every step's words that
    say left, right or middle must be true of the cards as drawn, in English and in Chinese."""
    from game.runtime.i18n import load_language

    texts = {lang: load_language(lang) for lang in ("en", "zh_TW")}
    lesson = lessons_for("zodiac")[0]
    scene = lesson_scene(app, table_info("zodiac"), lesson)
    app.stack.push(scene)
    app.stack.apply_pending()
    driver = LessonDriver(app, scene)
    checked = set()
    while True:
        driver.wait_ready()
        if scene.lesson.finished:
            break
        step, index = scene.lesson.step, scene.lesson.index
        rects = scene.widgets()
        for key in (step.say, step.wrong, step.why):
            for lang, table in texts.items():
                words = table.get(key or "", "")
                for phrase, claim in SIDES.items():
                    if phrase not in words:
                        continue
                    checked.add(claim)
                    miso = [r for n, r in rects.items() if n.startswith("hand:1:")]
                    middle = sum(r.centerx for r in miso) / len(miso)
                    if claim.startswith("rat_"):
                        xs = sorted(r.centerx for r in miso)
                        end = xs[0] if claim == "rat_leftmost" else xs[-1]
                        assert rects["hand:1:0"].centerx == end, (lang, key, words)
                        continue
                    target = rects[next(p for p in step.point if p.startswith("hand:1:"))]
                    left = target.centerx < middle
                    assert left == (claim == "left_half"), (lang, key, words, target, middle)
        if step.info:
            driver.press("learn:next")
        else:
            for name in step.point:
                driver.press(name)
        for _ in range(40):
            if scene.lesson.index != index or scene.lesson.finished:
                break
            driver.step()
    assert {"left_half", "rat_rightmost"} <= checked


def test_the_fish_bone_words_match_the_score():
    """Issue 21 (stranger21c defect 7): the Meow Meow Dice coach said a fish bone gives "no points"
    while Mochi's score went from 2 to 3: the fish bone is food, a new kind of card (MD-9). The words
    now say so: no card points, but a kind that still raises the score."""
    from game.runtime.i18n import Translator

    runner = LessonRunner(lessons_for("meow-dice")[0])
    while runner.step is None or runner.step.say != "learn.md.fishbone":
        if runner.bot_action() is not None:
            runner.play_bot()
        elif runner.step.info:
            runner.confirm()
        else:
            runner.submit(runner.expected()[0])
    before = runner.game.score_parts(0)
    runner.submit(runner.expected()[0])
    after = runner.game.score_parts(0)
    assert after["points"] == before["points"] and after["total"] > before["total"]
    assert after["types"] > before["types"]
    en, zh = Translator("en").t("learn.md.fishbone"), Translator("zh_TW").t("learn.md.fishbone")
    assert "no card points" in en and "kind" in en
    assert "種類" in zh and "沒有分數，" not in zh


def test_the_lessons_win_is_said_once(app):
    """At the lesson's end "Mochi wins with a full belly!" stood in the banner and again in the
    prompt line under it: the line says "Game over" while the banner names the winner."""
    lesson = lessons_for("hungry-meow")[0]
    scene = lesson_scene(app, table_info("hungry-meow"), lesson)
    app.stack.push(scene)
    app.stack.apply_pending()
    LessonDriver(app, scene, "mouse").play(check_wrong=False)
    banner = scene.presenter.banner
    assert banner is not None and scene.feed.over
    assert scene.waiting_line()[0] == app.t("table.game_over") != banner[0]


def test_the_coach_steps_away_while_the_result_of_a_done_step_is_shown(app):
    """Stranger 6, defect 4: after the person drew at "Careful: Death hides in the pile", the
    coach still said it while Death lay on the table; at the end the Play buttons stood over the
    old words for a frame. While the screen shows what came of a done step, no coach box is
    drawn; every coach box drawn says the step's own words."""
    lesson = lessons_for("hungry-meow")[0]
    scene = lesson_scene(app, table_info("hungry-meow"), lesson)
    app.stack.push(scene)
    app.stack.apply_pending()
    stale = []
    away = 0
    driver = LessonDriver(app, scene, "mouse", draw_every=1)
    lesson_run = scene.lesson
    while not lesson_run.finished:
        driver.wait_ready()
        if lesson_run.finished:
            break
        step = lesson_run.step
        for name in ["learn:next"] if step.info else step.point:
            driver.press(name)
        for _ in range(200):
            app.step(1 / 20, [])
            app.show_now()
            coach = [d for d in scene.boxes.overlays() if d.name == "coach"]
            if coach and scene.shown_say != lesson_run.say:
                stale.append((lesson_run.index, scene.shown_say, lesson_run.say))
            away += not coach
            if not scene.presenter.busy:
                break
    assert not stale, stale[:5]
    assert away                               # the Death (and the win) were shown without it
