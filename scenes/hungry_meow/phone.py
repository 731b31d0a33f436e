"""Hungry Meow on a phone (``PhoneKit``): the seat's hand, the set to beat, and the choices of
each phase — direction, draw, play (pick up to three cards), Prophecy (pick the cards in the
order they go back), Dealer (take from a seat, or pick a card to give). Everything comes from
``game.view(seat)`` and the seat's own legal actions; refusals are the table's words."""
from __future__ import annotations

from game.art.cards_hungry_meow import all_cards, card_back, card_face
from game.bots import hungry_meow_odds as odds
from game.bots.advice import pct
from scenes.hungry_meow.rules_view import WHY, phase_of, play_action, set_sum, sort_key, symbol_of
from scenes.table.phones import PhoneKit


class HungryMeowPhone(PhoneKit):
    def image_names(self) -> list[str]:
        return all_cards() + ["back"]

    def render(self, name: str, width: int):
        return card_back(width) if name == "back" else card_face(name, width)

    def label(self, card: str) -> str:
        return self.table.card_label(card)

    def cell(self, card: str, pick: bool = False) -> dict:
        return {"img": card, "alt": self.label(card), "card": card, "pick": pick}

    def state(self, seat: int, view: dict, offers: list[str]) -> dict:
        t, name = self.t, self.table.seat_name
        phase = phase_of(offers) if offers else None
        hand_pick = phase in ("play", "dealer")
        rows = [{"id": "hand", "label": t("phone.hand"), "big": True,
                 "cells": [self.cell(c, hand_pick) for c in view["hand"]],
                 "pick": ({"max": 3} if phase == "play" else {"max": 1}) if hand_pick else None}]
        if seat in view["eliminated"] and not view["hand"]:
            rows = []                      # knocked out: no empty "Your hand" row
        table = view["table"]
        if table and not view["over"]:      # the last set to beat means nothing once it is over
            rows.insert(0, {"id": "table", "label": t("phone.hm.to_beat", name=name(view["table_owner"]))
                            if view["table_owner"] is not None else "",
                            "cells": [self.cell(c) for c in table]})
        out = {"rows": rows, "buttons": [], "prompt": "", "sub": ""}
        if phase == "direction":
            out["prompt"] = t("hm.prompt.direction")
            host, n = seat, view["players"]
            out["sub"] = t("hm.dir.both", cw=name((host + 1) % n), ccw=name((host - 1) % n))
            out["buttons"] = [{"label": t("hm.btn.cw"), "act": "direction cw", "primary": True},
                              {"label": t("hm.btn.ccw"), "act": "direction ccw"}]
        elif phase == "draw":
            out["prompt"] = t("hm.prompt.draw_choice" if "draw 5" in offers else
                              "hm.prompt.draw_optional" if "draw 0" in offers else "hm.prompt.draw_one")
            for action, key in (("draw 1", "hm.btn.draw1"), ("draw 5", "hm.btn.draw5"),
                                ("draw 0", "hm.btn.draw0")):
                if action in offers:
                    out["buttons"].append({"label": t(key), "act": action, "primary": action == "draw 1"})
        elif phase == "play":
            sym = self.table.sym_name(symbol_of(table))
            out["prompt"] = (t("hm.prompt.beat", symbol=sym, sum=set_sum(table))
                             if table else t("hm.prompt.lead"))
            out["buttons"] = [{"label": t("hm.btn.play"), "primary": True,
                               "pick": {"row": "hand", "b": "hand:play", "min": 1, "max": 3}}]
            if "pass" in offers:
                out["buttons"].append({"label": t("hm.btn.pass"), "act": "pass",
                                       "confirm": t("hm.confirm.pass")})
        elif phase == "prophecy":
            cards = list(view.get("prophecy") or [])
            out["prompt"] = t("hm.prompt.prophecy")
            out["sub"] = t("phone.hm.prophecy_order")
            rows.insert(0, {"id": "prophecy", "label": t("hm.prophecy.first"), "big": True,
                            "cells": [self.cell(c, True) for c in cards],
                            "pick": {"max": len(cards), "ordered": True}})
            if cards:
                for where in ("top", "bottom"):
                    out["buttons"].append({"label": t("hm.btn." + where), "primary": where == "top",
                                           "pick": {"row": "prophecy", "b": "prophecy:" + where,
                                                    "min": len(cards), "max": len(cards)}})
            out["buttons"].append({"label": t("hm.btn.skip_power"), "act": "prophecy skip"})
        elif phase == "dealer":
            out["prompt"] = t("hm.prompt.dealer")
            for action in offers:
                words = action.split()
                if words[1] == "take":
                    out["buttons"].append({"label": t("phone.hm.take", name=name(int(words[2]))),
                                           "act": action})
            targets = sorted({int(a.split()[2]) for a in offers if a.startswith("dealer give ")})
            for target in targets:
                out["buttons"].append({"label": t("phone.hm.give", name=name(target)),
                                       "pick": {"row": "hand", "b": f"hand:give {target}",
                                                "min": 1, "max": 1}})
            out["buttons"].append({"label": t("hm.btn.skip_power"), "act": "dealer skip"})
        out["odds"] = self.lines(seat, view)
        return out

    def lines(self, seat: int, view: dict) -> list[str]:
        """Each other seat's hand size (or out), then the odds when the setting shows them."""
        name, out = self.table.seat_name, []
        for other in range(view["players"]):
            if other == seat:
                continue
            if other in view["eliminated"]:
                out.append(self.t("phone.hm.out", name=name(other)))
            else:
                cards = self.t("hm.cards", n=view["hand_counts"][other])
                out.append(self.t("phone.hm.count", name=name(other), cards=cards))
        if self.app.settings.show_odds and not view["over"]:
            out.append(self.t("hm.odds.death", pct=pct(odds.death_chance(view))))
        return out

    def refusal(self, seat: int, action: str) -> str:
        """A set the rules refuse is a set; any other choice (a draw of 5 not open now) is not."""
        return self.t("hm.why.not_now" if action.startswith("play ") else "phone.error.not_offered")

    def pick(self, seat: int, button: str, cards: list, offers: list[str]) -> str | None:
        if button == "play":
            chosen = sorted(cards)
            same = next((a for a in offers
                         if a.startswith("play ") and sorted(a.split()[1:]) == chosen), None)
            if same is not None:                 # the engine's own spelling of that set
                return same
            action = play_action(sorted(cards, key=sort_key))
            refusal = self.table.feed.seat_feed(seat).why_not(action)
            key = WHY.get(refusal.code, "hm.why.not_now") if refusal is not None else "hm.why.not_now"
            table = self.table.feed.public["table"]
            sym = self.table.sym_name
            want = symbol_of(table)
            target = f"{sym(want)} {set_sum(table)}" if want else str(set_sum(table))
            return "!" + self.t(key, a=sym("P"), b=sym("X"), want=sym(want), have=sym(symbol_of(cards)),
                                target=target, expr=" + ".join(self.label(c) for c in cards),
                                total=set_sum(cards))
        if button in ("top", "bottom"):
            return f"prophecy {button} " + " ".join(cards)
        if button.startswith("give "):
            return f"dealer give {button[5:]} {cards[0]}"
        return None
