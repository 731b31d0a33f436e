"""What the Zodiac Catchers rules help shows beside its words (no pygame): the cards each page
talks about, as (kind, card) pairs by page number from 1, drawn with the game's own art by
scenes/rules_help.py."""
from __future__ import annotations

RULES_PICTURES = {
    1: [("card", "RAT"), ("card", "DRAGON"), ("card", "MERMAID")],
    3: [("back", ""), ("trump", "OX")],
    4: [("back", ""), ("back", ""), ("back", "")],
    5: [("card", "TIGER"), ("card", "TIGER"), ("card", "TIGER")],
    6: [("card", "RAT"), ("card", "HORSE")],
}
