"""Zodiac Catchers' words for "Ask the tiger" (its kit's ``hint``): where to point and the chance
it is the kind the seat hopes for, from the search bot's beliefs about the seat's own view."""
from __future__ import annotations

from game.bots.advice import TOP, Candidate, Hint, Text, pct
from game.bots.zodiac import KIND_INDEX, KINDS, _action, capture_values, score_places
from game.rules.zodiac_cards import opposite


def ready(legal: list[str]) -> bool:
    """The tiger helps while pointing (mermaids are placed as the player likes)."""
    return any(a.startswith("point ") for a in legal)


def _place_name(action: str) -> str:
    w = action.split()
    return f"centre:{w[2]}" if w[1] == "centre" else f"hand:{w[2]}:{w[3]}"


def _place_key(action: str) -> tuple[int, int]:
    w = action.split()
    return (-1, int(w[2])) if w[1] == "centre" else (int(w[2]), int(w[3]))


def fair_view(view: dict) -> dict:
    """The view as a person can hold it (stranger 40e, defect 6: the tiger that remembered every
    card played the memory game for them, 10-1-1): what is on the table now (their own hand, the
    face-up cards), the last turn's three (the strip; kept until this turn ends), the catches and
    the public counts. A face-down card turned up before the last turn is unknown again, but for
    the seat's own previous turn: the person turned those cards up themselves (stranger 43 #5:
    a third pick sent, as an 11% Dragon guess, to the Rabbit they had turned up last time)."""
    last = view["turn"] - 1
    mine = own_last_turn(view)
    reveals = [r for r in view["reveals"] if r["now"] is None or r["turn"] >= last or r["turn"] == mine]
    return {**view, "reveals": reveals}


def own_last_places(view: dict) -> set:
    """Where the cards the seat turned up on its own previous turn lie now (hand seat, pos or
    centre -1, pos, as ``_place_key``)."""
    mine = own_last_turn(view)
    return {(-1, r["now"]["pos"]) if r["now"]["where"] == "centre" else (r["now"]["seat"], r["now"]["pos"])
            for r in view["reveals"] if r["turn"] == mine and r["by"] == view["seat"] and r["now"]}


def own_last_turn(view: dict) -> int | None:
    """The turn number of the seat's own latest turn before this one (None: none this round)."""
    seat, now = view["seat"], view["turn"]
    turns = [r["turn"] for r in view["reveals"] if r["by"] == seat and r["turn"] < now]
    return max(turns, default=None)


def hint(bot, view: dict, legal: list[str]) -> Hint:
    view = fair_view(view)              # the hint helps, it does not remember for the person
    seat = view["seat"]
    points = [a for a in legal if a.startswith("point ")]
    if not points:
        action = bot.choose(view, legal)
        return Hint("zodiac", seat, action, Text("zc.tiger.arrange"), ("btn:done",),
                    (Candidate(action, None),))
    # as SearchBot.rank / decide, keeping the beliefs for the words
    belief, public = bot.beliefs(view)
    picked, places, scores, jitter = score_places(view, points, belief, public, bot.rng, True)
    order = sorted(range(len(places)), key=lambda i: -(scores[i] + jitter[i]))
    action = picked or _action(places[order[0]])
    ranked = [(_action(places[i]), scores[i]) for i in order] if scores else [(action, None)]
    ranked.sort(key=lambda av: av[0] != action)
    cands = tuple(Candidate(a, v, "capture" if v is not None else "choice") for a, v in ranked[:TOP])
    row = belief[_place_key(action)]
    shown = [KIND_INDEX[c["kind"]] for c in view["pointed"]]
    if shown and (any(k != shown[0] for k in shown) or row[shown[0]] <= 1e-9):
        text = safe_words(view, action, row, public)    # no capture this turn: give little away
    elif not shown and (plan := plan_words(view, points, belief, action)) is not None:
        text = plan                         # the first card: which kind to go for, and why
    else:
        kind = shown[0] if shown else max(range(13), key=lambda k: row[k])
        chance = row[kind]
        # The tiger remembers what is up now and the last turn (``fair_view``): its words say so,
        # so a hint is not mistaken for what the player knows (issue 21); only their own hand is "yours".
        own = action.split()[1:3] == ["hand", str(seat)]
        text = point_words(view, KINDS[kind], chance, own)
        if text.key == "zc.tiger.known" and _place_key(action) in own_last_places(view):
            text = Text("zc.tiger.known_yours", text.args)     # who knows it: the person did
        if text.key == "zc.tiger.point_last" and not any(r["turn"] < view["turn"] for r in view["reveals"]):
            # no earlier turn to remember (this turn's own picks are on the table): "from the last
            # turn" on a round's first turn was a reason that was not true
            text = Text("zc.tiger.point_fresh", text.args)
    return Hint("zodiac", seat, action, text, (_place_name(action),), cands)


def safe_words(view: dict, action: str, row: list, public: set) -> Text:
    """No capture this turn: words true to the card picked (stranger 6, defect 10: "show a card
    everyone has already seen" on the seat's own 8 Sheep, which nobody had seen)."""
    if _place_key(action) in public:
        return Text("zc.tiger.safe")
    if action.split()[1:3] == ["hand", str(view["seat"])]:
        kind = max(range(13), key=lambda k: row[k])
        if row[kind] >= 1 - 1e-9:
            return Text("zc.tiger.safe_own", {"kind": Text(f"zc.kind.{KINDS[kind]}")})
    return Text("zc.tiger.safe_any")


def point_words(view: dict, kind: str, chance: float, own: bool) -> Text:
    """The tiger's words for a card it rates ``chance`` to be ``kind``; when the seat has caught
    that kind's opposite, it says so: that is why (stranger 3: "18% that this one is Pig" did not
    say Pig is the opposite of the Snake just caught)."""
    fmt = {"pct": pct(chance), "kind": Text(f"zc.kind.{kind}")}
    if chance >= 1 - 1e-9:
        return Text("zc.tiger.own" if own else "zc.tiger.known", fmt)
    other = opposite(KINDS.index(kind))
    caught = (view.get("captures") or [])[view["seat"]:][:1]
    if other is not None and caught and KINDS[other] in caught[0]:
        return Text("zc.tiger.point_opposite_last", {**fmt, "caught": Text(f"zc.kind.{KINDS[other]}")})
    return Text("zc.tiger.point_last", fmt)     # (it no longer remembers every card: fair_view)


def catch_chance(probs: list, k: int, first: int | None = None) -> float:
    """The chance of catching kind ``k`` this turn, pointing first at place ``first`` (an index
    of ``probs``; None: the likeliest place) and then at the two likeliest others."""
    if first is None:
        ranked = sorted((pr[k] for pr in probs), reverse=True)
        return ranked[0] * ranked[1] * ranked[2] if len(ranked) >= 3 else 0.0
    rest = sorted((pr[k] for i, pr in enumerate(probs) if i != first), reverse=True)
    return probs[first][k] * rest[0] * rest[1] if len(rest) >= 2 else 0.0


def plan_words(view: dict, points: list[str], belief: dict, action: str) -> Text | None:
    """Why this first card: the kind it starts, the chance to catch all three this turn and how
    many of them the tiger knows where; when the seat knows two of the trump but the plan is
    another kind, why not the trump (its third card is still hidden: a stranger holding two trump
    Rats was sent to an Ox with no word why). None: no catch in sight (the chance words then)."""
    probs = [belief[_place_key(a)] for a in points]
    values = capture_values(view, view["seat"])
    first = points.index(action)
    chances = [catch_chance(probs, k, first) for k in range(13)]
    kind = max(range(13), key=lambda k: chances[k] * values[k])
    if chances[kind] <= 1e-9:
        return None
    known = sum(1 for pr in probs if pr[kind] >= 1 - 1e-9)
    if not known:
        return None                         # nothing known of it: the chance words say it all
    fmt = {"kind": Text(f"zc.kind.{KINDS[kind]}"), "pct": pct(chances[kind]), "known": known,
           "n": known}                      # (the count picks "is" or "are")
    trump = KIND_INDEX[view["trump"]]
    trump_known = sum(1 for pr in probs if pr[trump] >= 1 - 1e-9)
    if kind != trump and trump_known == 2:
        return Text("zc.tiger.plan_not_trump", {**fmt, "other": Text(f"zc.kind.{KINDS[trump]}"),
                                                 "tpct": pct(catch_chance(probs, trump))})
    key = "zc.tiger.plan_trump" if kind == trump else "zc.tiger.plan"
    if probs[first][kind] < 1 - 1e-9:
        # the card pointed at is not one of those it knows: the words say it looks for another
        # there first ("I know where 2 of them are" while pointing elsewhere: stranger 40r-en, #7)
        key += "_hunt"
    return Text(key, fmt)
