"""Zodiac Catchers on a phone (``PhoneKit``): the seat's own hand always; while it arranges, each
the places its mermaids stand, picked in its hand; while it points, the whole table as the
seat's view has it (face-down cards to press, face-up ones shown, holes left empty), the trump,
the points and the kinds not seen yet. Cells carry their place (``at``), so a test can check
each face against the view."""
from __future__ import annotations

from game.art.cards_zodiac import card_back, card_face
from game.bots import zodiac_odds as odds
from game.bots.zodiac import KINDS
from game.rules.zodiac_cards import KIND_INDEX
from scenes.table.phones import PhoneKit
from scenes.zodiac.odds import odds_items


class ZodiacPhone(PhoneKit):
    def image_names(self) -> list[str]:
        return list(KINDS) + ["back"]

    def render(self, name: str, width: int):
        # the face's name in the table's language, as on the table (English: "Ox" under 牛)
        return card_back(width) if name == "back" else card_face(name, width, self.table.face_name(name))

    def kind_name(self, kind: str) -> str:
        return self.t("zc.kind." + kind)

    def offers(self, seat: int) -> list[str]:
        t = self.table
        if t.feed.over or t.presenter.busy:
            return []
        mine = t.feed.seat_feed(seat).legal()
        arrange = [a for a in mine if a.startswith("arrange ")]
        if arrange:
            return arrange
        people = set(t.feed.people)
        if any(verb == "arrange" and s in people for s, verb in t.feed.waiting_on().items()):
            return []                     # every mermaid is placed before the first pointing
        return [a for a in mine if a.startswith("point ")]

    def can_hint(self, seat: int, offers: list[str]) -> bool:
        return any(a.startswith("point ") for a in offers)

    def refusal(self, seat: int, action: str) -> str:
        return self.t("zc.why.not_now")

    def waiting(self) -> str | None:
        """Whose mermaids the round waits for, else who points."""
        t = self.table
        placing = sorted(s for s, verb in t.feed.waiting_on().items() if verb == "arrange")
        if placing:
            return self.t("phone.zc.wait.arrange", names=self.t("tiger.join").join(map(t.seat_name, placing)))
        cur = t.feed.current_player
        return self.t("phone.zc.wait.point", name=t.seat_name(cur)) if cur is not None else None

    def state(self, seat: int, view: dict, offers: list[str]) -> dict:
        t = self.t
        hand = view["hand"]
        acts = set(offers)
        own = {"id": "hand", "label": t("phone.hand"), "big": len(hand) <= 5,
               "cells": [{"img": k, "alt": self.kind_name(k), "at": ["hand", seat, p],
                          **({"act": f"point hand {seat} {p}"} if f"point hand {seat} {p}" in acts else {})}
                         for p, k in enumerate(hand)]}
        out = {"rows": [own], "buttons": [], "prompt": "", "sub": "", "odds": self.lines(seat, view)}
        trump = {"id": "trump", "label": t("zc.trump"),
                 "cells": [{"img": view["trump"], "alt": self.kind_name(view["trump"])}]}
        if offers and offers[0].startswith("arrange "):
            # the places the mermaids stand are picked in the hand (one row, big cards), not
            # chosen among every placement (dozens of rows of twelve cards with two or three)
            spots = hand.count("MERMAID")
            own["cells"] = [{"img": k, "alt": self.kind_name(k), "at": ["hand", seat, p], "card": p,
                             "pick": True} for p, k in enumerate(hand)]
            own["pick"] = {"max": spots}
            out["prompt"], out["sub"] = t("phone.zc.arrange"), t("zc.arrange.numbers")
            keep = f"arrange {seat} " + " ".join(hand)
            out["buttons"] = [{"label": t("phone.zc.place"),
                               "pick": {"row": "hand", "b": "hand:place", "min": spots, "max": spots}}]
            if keep in acts:
                out["buttons"].append({"label": t("phone.zc.keep"), "act": keep, "primary": True})
            return out
        if offers:
            out["prompt"] = t("zc.prompt.point", step=view["step"] + 1)
        # one screen at 390x844: the others and the centre small, the own hand pinned at the thumb
        trump["compact"] = own["pin"] = True
        out["rows"] = [trump] + self.table_rows(seat, view, acts) + [own]
        return out

    def pick(self, seat: int, button: str, cards: list, offers: list[str]) -> str | None:
        """"place": the mermaids stand at the picked places, the numbers in order round them."""
        hand = self.table.feed.seat_feed(seat).view()["hand"]
        spots = set(cards)
        if button != "place" or len(spots) != hand.count("MERMAID"):
            return None
        numbers = iter(sorted((k for k in hand if k != "MERMAID"), key=KIND_INDEX.__getitem__))
        action = f"arrange {seat} " + " ".join("MERMAID" if p in spots else next(numbers)
                                               for p in range(len(hand)))
        return action if action in offers else "!" + self.t("zc.why.not_now")

    def table_rows(self, seat: int, view: dict, acts: set) -> list[dict]:
        """The other hands (from the seat's left) and the centre grid, as the view has them."""
        rows = []
        n = view["players"]
        for other in [(seat + k) % n for k in range(1, n)]:
            cells = [self.cell(c, ["hand", other, p], f"point hand {other} {p}", acts)
                     for p, c in enumerate(view["table"]["hands"][other])]
            rows.append({"id": f"seat{other}", "label": self.table.seat_name(other), "cells": cells,
                         "compact": True})
        _, cols = view["grid"]
        centre = view["table"]["centre"]
        for r in range(0, len(centre), cols):
            cells = [self.cell(centre[p], ["centre", None, p], f"point centre {p}", acts)
                     for p in range(r, min(r + cols, len(centre)))]
            rows.append({"id": f"centre{r // cols}", "label": self.t("phone.zc.centre") if r == 0 else "",
                         "cells": cells, "compact": True, "centre": True})
        return rows

    def cell(self, shown: str, at: list, action: str, acts: set) -> dict:
        if shown == "hole":
            return {"img": None, "at": at}
        out = {"img": "back" if shown == "down" else shown,
               "alt": self.t("phone.zc.down") if shown == "down" else self.kind_name(shown), "at": at}
        if action in acts:
            out["act"] = action
        return out

    def lines(self, seat: int, view: dict) -> list[str]:
        name = self.table.seat_name
        points = " · ".join(f"{name(s)} {p}" for s, p in enumerate(view["points"]))
        out = [self.t("phone.zc.points", points=points)]
        if self.app.settings.show_odds and not view["over"]:
            counts = odds.unseen_counts(view)
            items = [text for text, n in odds_items(self.t, counts) if n]
            out.append(self.t("phone.zc.unseen", items="  ".join(items)))
        return out
