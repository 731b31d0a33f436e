"""Tests may look behind a table's feed: the match, its session and its engine (the table
itself never does; ``game.play.feed``)."""


def match_of(table):
    return table.feed._match


def session_of(table):
    return table.feed._match.session


def engine_of(table):
    return table.feed._match.session.game
