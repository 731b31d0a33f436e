"""Bringing a saved game back onto its table: the title's "Continue" (outside kiosk mode) and the
kiosk's resume after a restart both rebuild the table scene of the session in the autosave."""
from __future__ import annotations

from game.play import saves
from scenes.name_keyboard import localised_name
from scenes.tables import is_available, table_info


def table_scene_for(app, session):
    """The table scene for ``session`` (a saved game coming back), or None with a logged reason.
    Only that table is checked and imported: the others wait until someone goes to pick one
    (a resume after a crash is what a visitor stands waiting for)."""
    try:
        info = table_info(session.game_name)
    except KeyError:
        info = None
    if info is None or not is_available(info):
        app.log.warning("saved game %s has no table in this build", session.game_name)
        return None
    for seat in session.seats:          # saved in another language: default names in this one (issue 21)
        seat.name = localised_name(seat.name, app.t)
    try:
        return info.scene_class()(app, session, attract=False)
    except Exception:
        app.log.exception("could not rebuild the %s table from the save", session.game_name)
        return None


def continue_scene(app):
    """The table scene of the saved people's game, rebuilt at the position it was left, or None
    when there is nothing (loadable) to continue."""
    session = saves.load_resumable(app.home)
    return table_scene_for(app, session) if session is not None else None
