"""The table scene every game shares: the turn loop around a match it never holds, only its feed
(``game.play.feed.TableFeed``: the views the eyes on the screen may see).

What lives here, once: the match and its bots thinking off the frame (``BotRunner``), the
computer seats' setup choices, who is shown which hand (``viewer``) and the curtain between
human seats, rule errors shown as a short note, going to results, pause and rules help, hurry
(``skip``, or a click on the bare table while something moves), the presenter's step queue, cat
poses and speech bubbles, control hints, and the test hooks (``widgets()``, ``widget(name)``).
The only way a table changes the game is ``apply`` (through the feed, to the match's session).

A game's table (a subclass) holds its geometry, its input modes and its drawing:
``refresh_mode`` (what the person may do now, its buttons and focusable widgets),
``named_widgets``, ``draw`` and the few hooks below (``reset_input``, ``handle_mode``...).

Extension points for features every table gets at once: ``moves`` (every applied action with
its actor and the events the viewer saw: move history, score breakdown), ``apply``/``send``
(undo within a turn, hints, a tutorial's scripted checks), ``presenter.present`` (odds or
explanations next to an animation). Undo, the move history and the confirm of a turn-ending
choice live in ``scenes/table/tools.py`` (``TableTools``); a game only says where its two tool
buttons sit (``tools_y``) and which choices ask first (``confirm_text``).
"""
from __future__ import annotations

import pygame

from game.art import palette as P
from game.art import pictures
from game.art.cache import ART
from game.play.feed import TableFeed, table_match
from game.rules.base import RuleError
from game.rules.registry import KITS
from game.runtime.layout import load_level
from game.runtime.scene import Scene
from game.ui.focus import FocusGroup
from scenes.advice import AdviceLayer
from scenes.pause import PauseScene
from scenes.results import ResultsScene
from scenes.rules_help import RulesHelpScene
from scenes.table.eyes import TableEyes
from scenes.table.frame import TableFrame
from scenes.table.glide import SeatGlide
from scenes.table.juice import Juice
from scenes.table.look import TableLook
from scenes.table.phones import PhoneDesk
from scenes.table.relocalise import LogLine, relocalise
from scenes.table.tools import TableTools
from scenes.table.tooltip import Tooltip
from scenes.table.zones import BoxLog, TableZones
from scenes.table.zoom import Zoom


class TableScene(TableEyes, TableFrame, TableZones, TableLook, Scene):
    # (empty: the game's kit says — its name, level, anchors and texts prefix)
    art_family = ""                 # art cache family the kiosk releases when the table exits
    level_name = ""                 # levels/<name>.tmx
    anchor_names: tuple[str, ...] = ()
    text_prefix = ""                # "hm" / "md" / "zc": <prefix>.why.not_now, .hint.<device>, .curtain.*
    presenter_class = None
    secret_hands = True             # a curtain between human seats (hands hide something)
    dirty_redraw = True             # on a 4K window only what moved is redraw (game/runtime/dirty.py)
    think_on_turn = True            # a bot seat on turn looks "thinking" even before its thread starts
    demo_options: dict = {}         # engine options of an attract-mode game (shorter demos)
    bot_pace = (0.7, 0.35)          # seconds a bot move stays readable: people's game, attract
    note_seconds = 2.5              # how long a note (why not, a rule error) stays
    tools_y = 0.36                  # top of the Undo / Moves buttons at the right edge (share of height)
    phone_kit = None                # a PhoneKit class (default: the kit's ``phone``): hands on phones

    def __init_subclass__(cls, **kw):
        """Every table's ``draw`` (its own, in its draw mixin) ends with the shared tools on top,
        drawn once per frame even when a lesson wraps the table's draw again."""
        super().__init_subclass__(**kw)
        own = cls.draw
        if getattr(own, "with_tools", False) or own is Scene.draw:
            return

        def draw(self, surface, _own=own):
            self._draw_depth = getattr(self, "_draw_depth", 0) + 1
            if self._draw_depth == 1:
                self.boxes.clear()
            try:
                _own(self, surface)
            finally:
                self._draw_depth -= 1
            if self._draw_depth == 0:
                self.juice.draw(surface)
                self.zoom.draw(surface)
                self.tools.draw(surface)
                if self.phones is not None:
                    self.phones.draw(surface)
                self.draw_recap(surface)
                self.log_pieces()
        draw.with_tools = True
        cls.draw = draw

    def __init__(self, app, session, attract: bool = False):
        super().__init__(app)
        self.attract = attract
        # the table keeps the feed alone: the match (and its engine) stays in the play layer
        match = table_match(session, attract, self.demo_options)
        phones = [i for i, s in enumerate(match.seats) if s.human and getattr(s, "phone", False)]
        self.feed = TableFeed(match, phones=phones if self.phones_possible(app, attract) else (),
                              secret=self.secret_hands, in_game=lambda seat: self.seat_in_game(seat))
        self.n = len(self.feed.seats)
        self.phones = None
        self.human_game = bool(self.feed.people)
        self.started_people = list(self.feed.people)   # (the Seats menu lists them all game long)
        self.finished = False
        self.time = 0.0
        self.frame_dt = 0.0
        self.end_wait = 0.0
        self.bottom = self.humans[0] if self.humans else 0
        self.curtain_for: int | None = None
        self.still_for = 0.0                     # seconds of calm under a curtain or recap (eyes.py)
        self.poses: dict[int, tuple[str, float]] = {}
        self.bubbles: dict[int, tuple[str, float]] = {}
        self.message: tuple[str, float] | None = None     # a short note (e.g. an illegal click)
        # (seat, words, card or None): the latest thing that touched that person (a card taken from
        # their hand; the card that came into it, marked there), kept in sight until their own next
        # move (stranger 6, defect 1: it flashed by)
        self.news: tuple[int, str, str | None] | None = None
        self.moves: list[tuple[int | None, str, list]] = []   # (actor, action, events seen)
        self.recap: list[str] = []                            # shown once the curtain is lifted
        self.end_revealed = False                             # the hands shown at the game's end
        self.mode: str | None = None
        self.mode_key = None
        self.legal: list[str] = []
        self.kit = KITS.get(self.feed.game_name)
        if self.kit is not None:          # what the class leaves out, the game's kit says
            self.text_prefix = self.text_prefix or self.kit.text_prefix
            self.anchor_names = self.anchor_names or self.kit.anchors
            self.art_family = self.art_family or self.kit.name
        level = self.level_name or (self.kit.level if self.kit else "") or self.art_family
        own = self.kit.asset(f"levels/{level}.tmx") if self.kit else None   # a game kept elsewhere
        self.level = load_level(level, app.size, path=own)
        self.anchors = {}
        self._bg = None
        self.focus = FocusGroup(wrap=True)
        self.focus.on_move = self.focus_moved
        self.focus.group_of = self.focus_group
        self.active_buttons: list = []
        self.lang = app.i18n.lang                 # the language the table's words were made in
        self.boxes = BoxLog()                     # what the last frame drew where (issue 21's audit)
        self.runner = self.feed.bot_runner(self.bot_pace[1 if attract else 0], app.log)
        self.advice = AdviceLayer(self)           # odds on the table, Ask the tiger (issue 13)
        self.tools = TableTools(self)             # undo, move history, confirm (issue 12)
        self.tooltip = Tooltip(self)              # a piece rested on shows large, in words (issue 13)
        self.zoom = Zoom(self)                    # a piece just revealed, large for a moment (issue 12)
        self.juice = Juice(self)                  # sparks where something good lands
        self.glide = SeatGlide(self)              # hot seat: the seats turn to the next person
        self.setup_widgets()
        self.layout()
        self.presenter = self.presenter_class(self)
        self.phones = PhoneDesk.open(self)        # hidden hands held on phones (issue 22)
        if self.phones is None and self.feed.phones:  # no desk after all: those seats play here
            for seat in self.feed.phones:
                self.feed.move_seat(seat, "screen")
        if self.phones is not None:
            self.bottom = self.humans[0] if self.humans else self.phones.seats[0]
            self.layout()
            self.advice.on = self.advice.on and bool(self.humans)
            self.tools.on = self.tools.on and bool(self.humans)
            for b in (self.tools.undo_btn, self.tools.moves_btn):
                b.visible = self.tools.on
        if self.feed.revision:                  # a resumed game: show it as it stands
            for event in self.feed.past():      # and its moves so far
                self.presenter.note(event)
            self.presenter.sync()
        else:
            self.opening()

    # ---- a game's hooks ----------------------------------------------------------------------------
    def setup_widgets(self) -> None:
        """Make the game's own widgets (before the first layout)."""

    def opening(self) -> None:
        """Queue the opening animation of a new game (the deal)."""

    def refresh_mode(self) -> None:
        """Work out what the person may do now; place buttons and widgets."""

    def reset_input(self) -> None:
        """Forget a choice in progress (after an action went through)."""

    def human_due(self) -> int | None:
        """The human seat that must act now, or None."""
        cur = self.feed.current_player
        return cur if cur in self.humans else None

    def handle_first(self, intent) -> bool:
        """Intents a mode takes before pause/help (``back`` cancelling a choice)."""
        return False

    def handle_mode(self, intent) -> bool:
        """Intents of the game's input modes (drag, alt, carrying a card)."""
        return False

    def handle_focus(self, intent) -> None:
        self.focus.handle(intent)

    def named_widgets(self) -> list[tuple[str, object]]:
        """(name, widget) of everything that can be pointed at now (tests, tools)."""
        return [(f"btn:{key}", b) for key, b in getattr(self, "buttons", {}).items()
                if b in self.active_buttons]

    def rule_note(self, exc: RuleError) -> str:
        return str(exc.reason)

    def warm_up(self) -> None:
        """Rasterise a piece of art per frame ahead of need."""

    def seat_in_game(self, seat: int) -> bool:
        """Is ``seat`` still playing (not knocked out)? When no person's seat is, the table offers
        to skip to the results."""
        return True

    def confirm_text(self, action: str) -> str | None:
        """The question to ask before ``action`` when it ends the turn for good and one press
        from elsewhere reaches it (None: no question)."""
        return None

    def confirm_yes_first(self, action: str) -> bool:
        """Whether the question preselects Yes: the move the person pressed for, when saying yes
        gives nothing up (else Cancel, so a second press of the same key is not a yes)."""
        return False

    def focus_group(self, item) -> str:
        """The group of a focusable thing (Tab / the bumpers go group to group, the arrows stay
        along a row): the moment's buttons are "actions", Undo, Moves and the tiger "tools", a
        widget naming its own group keeps it, the rest is the "board"."""
        if item in getattr(self, "active_buttons", ()):
            return "actions"
        if item in (self.tools.undo_btn, self.tools.moves_btn, self.tools.results_btn, self.advice.button):
            return "tools"
        return getattr(item, "group", None) or "board"

    def main_button(self):
        """The moment's main action for the person here (Play, Draw 1, Roll, Reroll, Done...):
        the first usable primary button; None while a curtain, a question or a computer's turn."""
        if self.curtain_for is not None or self.tools.pending is not None or not self.my_turn():
            return None
        return next((b for b in getattr(self, "active_buttons", ()) if getattr(b, "primary", False)
                     and b.enabled and b.visible), None)

    def press_main(self) -> bool:
        """Press the main action directly (K, pad Y), wherever the focus is; a turn-ending choice
        still asks first (``send``)."""
        button = self.main_button()
        if button is None or button.on_press is None:
            return False
        self.focus.set_focus(button)
        button.on_press()
        return True

    def pointed_done(self, widget) -> bool:
        """A lesson's pointed widget the person has already pressed in this step (a picked card)."""
        return False

    def choice_open(self) -> bool:
        """A choice of several presses is half made (nothing sent yet): Undo steps back in it."""
        return False

    def take_back_choice(self) -> None:
        """Step back in the half-made choice (``choice_open``)."""

    def go_on_at(self) -> tuple[int, int]:
        """Where "press to go on" shows under a held moment."""
        w, h = self.app.size
        return (w // 2, h - self.s(130))

    def tools_rect(self) -> pygame.Rect:
        """Where the Undo and Moves buttons stand (the same place in every phase): the level's
        ``zone:tools`` for this seat count, else the right edge at ``tools_y``."""
        found = self.zone("tools")
        if found is not None:
            return found
        w, h = self.app.size
        rect = pygame.Rect(0, 0, self.s(150), self.s(140))
        rect.topright = (w - self.s(14), int(h * self.tools_y))
        return rect

    # ---- geometry ------------------------------------------------------------------------------------
    def layout(self) -> None:
        self.anchors = self.level.anchors(self.n, self.app.size, require=self.anchor_names)
        self._bg = None
        self.mode_key = None

    def s(self, v: float) -> int:
        return self.app.s(v)

    def position(self, seat: int) -> int:
        """Where ``seat`` sits on screen, counted from the bottom seat."""
        return (seat - self.bottom) % self.n

    def seat_rect(self, seat: int) -> pygame.Rect:
        return self.anchors[f"seat{self.position(seat)}"].rect

    def seat_name(self, seat: int) -> str:
        return self.feed.seats[seat].name

    @property
    def shake_offset(self) -> tuple[int, int]:
        """How far the app moves this frame (a Death's shake; the app draws such a frame whole)."""
        return self.juice.offset

    @property
    def speed(self) -> float:
        return self.app.settings.speed_factor * (0.75 if self.attract else 1.0)

    # ---- lifecycle -------------------------------------------------------------------------------------
    @property
    def music_key(self) -> str:
        """The table's piece in assets/music (keyed by its level's name, like its art)."""
        return self.level_name or self.art_family

    def enter(self) -> None:
        self.app.audio.play_music(self.music_key)

    def exit(self) -> None:
        self.runner.cancel()
        self.advice.runner.cancel()
        if self.phones is not None:          # the links die with the game
            self.phones.close()
        # the shared pictures it drew go too (its cards, cats, words): the next screen (a table,
        # the results, the title) makes its own. At 4K the last table's 40-60 MiB of them were
        # still held while the next table made its background (the kiosk's highest memory).
        ART.clear()
        pictures.forget_ahead()
        self.release_art()            # a table's sprites go with it (the kiosk cycles tables all day)

    # ---- poses, bubbles, notes ------------------------------------------------------------------------
    def set_pose(self, seat: int, pose: str, seconds: float) -> None:
        self.poses[seat] = (pose, self.time + seconds)

    def bubble(self, seat: int, text: str, seconds: float) -> None:
        self.bubbles[seat] = (text, self.time + seconds)

    def fixed_pose(self, seat: int) -> str | None:
        """A pose that outlasts any reaction (the winner, a knocked-out cat)."""
        return "victorious" if getattr(self.presenter.board, "winner", None) == seat else None

    def pose_of(self, seat: int) -> str:
        fixed = self.fixed_pose(seat)
        if fixed:
            return fixed
        pose = self.poses.get(seat)
        if pose and pose[1] > self.time:
            return pose[0]
        if self.runner.thinking_seat == seat:
            return "thinking"
        board = self.presenter.board
        on_phone = self.phones is not None and seat in self.phones.seats   # a person, not a cat thinking
        if (self.think_on_turn and getattr(board, "current", None) == seat and seat not in self.humans
                and not on_phone and not self.presenter.busy and not self.feed.over):
            return "thinking"
        return "idle"

    def note(self, text: str, seconds: float | None = None) -> None:
        self.message = (text, self.time + (seconds or self.note_seconds))
        self.message_colour = None               # a refusal's colour unless the caller says

    def focus_moved(self, item) -> None:
        self.app.audio.play("ui_move")

    # ---- the turn loop -----------------------------------------------------------------------------------
    def my_turn(self) -> bool:
        """A human may make a rules choice now (their hand is shown, nothing is animating)."""
        game = self.feed
        return (not game.over and game.current_player in self.humans and self.viewer == game.current_player
                and not self.presenter.busy and self.curtain_for is None)

    def update(self, dt: float) -> None:
        self.time += dt
        if self.app.i18n.lang != self.lang:          # switched under the pause menu: new words
            relocalise(self, self.lang)
            self.lang = self.app.i18n.lang
        self.frame_dt = dt
        if self.app.frame:          # not before the first frame is up (a resume is waited for)
            self.warm_up()
        slow = 1.0 if self.attract else self.app.settings.bot_pace   # the bot speed setting
        pace = self.bot_pace[1 if self.attract else 0]
        self.runner.min_delay = pace * slow * self.app.settings.speed_factor
        if self.message and self.message[1] < self.time:
            self.message = None
        self.presenter.update(self.juice.held(dt))    # (a Death's hit-stop holds it a blink)
        self.juice.update(dt)
        self.glide.update(dt)
        if self.presenter.banner and self.my_turn():
            self.presenter.banner = None    # its moment is over: a person chooses now (issue 21)
        if self.phones is not None:
            self.phones.update(dt)
        if not self.presenter.busy:
            self.advance(dt)
        before = self.focus.focused
        tiger_focused = before is self.advice.button   # a rebuilt focus ring forgets it
        self.refresh_mode()
        self.advice.update(dt, tiger_focused)
        self.tools.update(before)
        if self.phones is not None:
            self.phones.keep_focus(before)
        self.tooltip.update(dt)
        self.zoom.update(dt)
        self.still_hands(dt)

    def advance(self, dt: float) -> None:
        """Nothing is moving: end the game, make the computer seats' setup choices, show the next
        human their hand, or let a bot move."""
        if self.feed.over:
            if not self.end_revealed:
                self.end_revealed = True
                if self.presenter.reveal_end():      # every hand face up first, until a press
                    return
            self.end_wait += dt
            if self.end_wait >= 1.2 * self.speed + 0.3 and not self.finished:
                self.end()
            return
        if self.tools.pending is not None:
            return                                 # a person is reading a question: nobody moves
        setup = self.feed.run_setup()
        if setup:
            for action, events in setup:
                self.moves.append((None, action, events))
                self.presenter.present(events, self.viewer)
            return
        seat = self.human_due()
        if seat is not None:
            self.show(seat)
            return
        if self.phones is not None and self.phones.due():
            return                                 # a phone's choice is awaited
        if self.feed.bot_to_move is not None:
            if self.hot_seat() and self.viewer is not None:
                self.feed.lower()                  # hide the last human's hand from the room
                self.presenter.sync()
            action = self.runner.poll(dt)
            if action is not None:
                self.apply(action)

    def waiting_line(self) -> tuple[str, tuple]:
        """The prompt while nobody at the screen is asked anything: a bot's turn, or the caption."""
        cur = self.feed.current_player
        if not self.presenter.busy and cur in self.runner.bots and self.human_due() is None:
            return self.app.t(self.text_prefix + ".prompt.wait", name=self.seat_name(cur)), P.LAMP_SOFT
        due = self.phones.due() if self.phones is not None and not self.presenter.busy else []
        if due and self.human_due() is None:
            return self.app.t("phone.table.wait", name=self.seat_name(due[0])), P.LAMP_SOFT
        caption = self.presenter.caption
        banner = self.presenter.banner
        if banner is not None and caption == banner[0]:
            # the banner says it across the table: the line under it does not say it twice
            caption = self.app.t("table.game_over") if self.feed.over else ""
        return caption, P.CREAM

    def end(self) -> None:
        self.finished = True
        if self.attract:
            return
        self.app.stack.replace(ResultsScene(self.app, self.feed))

    def apply(self, action: str) -> bool:
        """Apply ``action`` for whoever is to move; a rule error becomes a note and changes nothing."""
        looking = self.viewer                  # (whose hand showed as the move was made)
        try:
            actor, seen, _ = self.feed.apply(action)
        except RuleError as exc:
            self.app.log.warning("%s table: %s", self.feed.game_name, exc)
            self.note(self.rule_note(exc))
            self.app.audio.play("ui_back")
            return False
        self.moves.append((actor, action, seen))
        self.recap = []
        if self.news is not None and self.news[0] == actor:
            self.news = None                   # read: the person has moved on
        if actor in self.humans and looking == actor:
            self.app.audio.play("ui_confirm")
            self.hide_outgoing_hand(actor)
        self.reset_input()
        self.mode_key = None
        self.presenter.present(self.feed.seen(seen), self.viewer)
        return True

    def send(self, action: str) -> None:
        """A person's choice: only on their turn, and only a legal action (else a note why not)."""
        if not self.my_turn():
            return
        if self.legal and action not in self.legal:
            self.note(self.app.t(self.text_prefix + ".why.not_now"))
            self.app.audio.play("ui_back")
            return
        # the question can be turned off in the settings (a player who knows what each press does)
        question = self.confirm_text(action) if self.tools.on and self.app.settings.ask_first else None
        if question:
            self.tools.ask(action, question)
            if self.confirm_yes_first(action):
                self.tools.choice = self.tools.yes_btn
            return
        self.apply(action)

    def skip_to_results(self) -> None:
        """Nobody at the screen is in the game any more: the computer cats finish it at once
        (each move through the match, so the log and the autosave stay whole), then results."""
        self.runner.cancel()
        self.feed.play_out()
        self.presenter.finish_all()
        self.presenter.sync()
        if self.feed.over:
            self.end()

    def after_undo(self, seat: int) -> None:
        """The match took back ``seat``'s last action: forget it on screen too."""
        self.runner.cancel()                  # a bot's answer to the old position must not land
        undone = []
        for i in range(len(self.moves) - 1, -1, -1):
            if self.moves[i][0] == seat:
                undone = self.moves.pop(i)[2]
                break
        self.presenter.finish_all()
        words = lambda: self.app.t("table.undone", name=self.seat_name(seat))   # noqa: E731
        self.presenter.log.append((LogLine(words(), words), None))
        self.presenter.sync()
        self.reset_input()
        self.mode_key = None
        # say what was taken back, in the status line's place (issue 21: Undo acted silently)
        move = next((line for line in map(self.presenter.log_line, undone) if line), None)
        self.note(self.app.t("table.undone_move", move=move) if move else words())
        self.message_colour = P.GOOD

    # ---- intents ----------------------------------------------------------------------------------------
    def handle(self, intent) -> None:
        kind = intent.kind
        self.tooltip.observe(intent)
        self.zoom.observe(intent)
        if self.hands_unsteady(intent):
            return                             # a press meant for what came before the curtain
        if self.recap and kind in ("confirm", "click", "back", "skip", "alt"):
            self.recap = []                    # read: the person's turn goes on
            return
        if self.tools.handle_dialog(intent):
            return
        if self.tools.handle_menu(intent):
            return
        if self.handle_first(intent):
            return
        if self.presenter.holding is not None and kind in ("confirm", "click", "skip", "alt"):
            self.presenter.release()           # a held key moment (a round's summary): go on
            return
        if self.curtain_for is None and self.tools.handle(intent):
            return
        if self.phones is not None and self.curtain_for is None and self.phones.handle(intent):
            return
        if kind in ("back", "pause"):
            self.pause()
            return
        if kind == "help":
            self.app.stack.push(RulesHelpScene(self.app, self.feed.game_name))
            return
        if kind == "skip":          # K / pad Y: hurry; when nothing moves, the moment's main action
            if not self.presenter.busy and self.press_main():
                return
            self.presenter.skip()
            return
        if self.curtain_for is not None:
            if kind in ("confirm", "click") and not self.presenter.busy:
                self.lift_curtain()
            return
        if self.advice.handle(intent):
            return
        if self.handle_mode(intent):
            return
        if kind == "click" and self.presenter.busy and self.focus.item_at(intent.pos) is None:
            self.presenter.skip()              # a click on the bare table hurries the animation
            return
        self.handle_focus(intent)

    def meaning_icons(self) -> list[tuple[str, pygame.Rect]]:
        """(what, window rect) of every meaning-carrying icon drawn now (the icon floor test)."""
        return []

    def zoom_picture(self, item) -> pygame.Surface | None:
        """How a revealed piece looks enlarged (``scenes/table/zoom.py``); None: no zoom here."""
        return None

    def zoom_centre(self) -> tuple[int, int]:
        w, h = self.app.size
        return w // 2, h // 2

    def pause(self) -> None:
        self.app.audio.play("ui_back")
        self.app.stack.push(PauseScene(self.app, self))
