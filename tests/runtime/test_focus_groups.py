"""One focus model for keys and pads: groups (a hand, the board, the actions) reached by Tab /
the bumpers, the arrows along a row's group stopping at its ends and leaving it across."""
import pygame

from game.runtime.input import Intent
from game.ui.focus import FocusGroup


class Thing:
    def __init__(self, group, x, y, w=60, h=90):
        self.group = group
        self.rect = pygame.Rect(x, y, w, h)


def table():
    hand = [Thing("hand", 100 + 70 * i, 500) for i in range(4)]
    hand[1].rect.y -= 20                             # a picked card rises a little
    board = [Thing("board", 200 + 100 * i, 200 + 110 * j) for j in range(2) for i in range(3)]
    actions = [Thing("actions", 700, 480, 200, 60), Thing("actions", 700, 560, 200, 60)]
    focus = FocusGroup(board + hand + actions)
    focus.group_of = lambda item: item.group
    return focus, hand, board, actions


def test_tab_and_the_bumpers_go_from_group_to_group():
    focus, hand, board, actions = table()
    focus.set_focus(hand[2])
    assert focus.handle(Intent("next")) and focus.focused is actions[0]
    assert focus.handle(Intent("next")) and focus.focused is board[0]          # round again
    assert focus.handle(Intent("prev")) and focus.focused is actions[0]
    assert focus.handle(Intent("prev")) and focus.focused is hand[0]


def test_the_arrows_go_along_a_hand_and_stop_at_its_ends():
    focus, hand, board, actions = table()
    focus.set_focus(hand[0])
    focus.handle(Intent("move", direction="right"))
    assert focus.focused is hand[1]                 # the raised card is still next along the row
    focus.set_focus(hand[3])
    focus.handle(Intent("move", direction="right"))
    assert focus.focused is hand[3]                 # no wrap to the far side of the table
    focus.handle(Intent("move", direction="left"))
    assert focus.focused is hand[2]


def test_down_from_a_raised_card_leaves_the_hand_for_the_actions():
    """In Meow Meow Dice picked dice rose, so Down went to another die instead of Reroll."""
    focus, hand, board, actions = table()
    focus.set_focus(hand[1])
    focus.handle(Intent("move", direction="down"))
    assert focus.focused not in hand
    focus.set_focus(hand[3])
    focus.handle(Intent("move", direction="right"))
    focus.handle(Intent("move", direction="down"))
    assert focus.focused not in hand


def test_a_grid_group_keeps_the_arrows_in_it_while_it_goes_on():
    focus, hand, board, actions = table()
    focus.set_focus(board[0])
    focus.handle(Intent("move", direction="down"))
    assert focus.focused is board[3]
    focus.handle(Intent("move", direction="right"))
    assert focus.focused is board[4]


def test_without_groups_next_walks_every_item():
    focus = FocusGroup([Thing(None, 10 * i, 0) for i in range(3)])
    focus.handle(Intent("next"))
    assert focus.index == 1
