"""Attribution of what a seat sees: the cards hidden from it, those the spec shows
(``nest.face-up``, ``nest.shown``, a dummy's hand by ``table.dummy-shown``, the last trick
by ``play.review``) and the rule a card shown too soon departs from."""

from __future__ import annotations

from collections.abc import Iterable

from ..dummy import seat as dummy_seat
from .common import _rule, _unique


def visible_codes(hand, seat: int) -> set[str]:
    """Every card code ``seat`` may see now: its hand, the trick on the table, the last
    trick while it stays in view (every taken trick, where ``play.review`` says so), an
    exposed dummy, the cards it laid aside or is
    passing, and the called cards."""
    obs = hand.observation(seat)
    seen = set(obs["hand"])
    for key in ("trick", "last_trick"):
        for entry in obs.get(key) or ():
            seen.add(entry[1])
    for trick in obs.get("tricks", ()):     # every taken trick (play.review all-tricks)
        seen.update(code for _, code in trick)
    seen.update(obs.get("laid_aside", ()))
    seen.update(obs.get("giving", ()))
    seen.update(obs.get("called", ()))
    for fact in SHOWN_FACTS:
        seen.update(obs.get(fact, ()))
    if "dummy" in obs:
        seen.update(obs["dummy"]["hand"])
    return seen


# The nest cards every seat is shown, by the view's key: the rule that shows them.
SHOWN_FACTS = {"nest_face_up": ("nest", "face-up"), "nest_shown": ("nest", "shown")}


def shown_facts(hand, seat: int) -> dict[str, tuple[list, str]]:
    """The cards a seat's view must show face up now, by key: (cards, rule id); and
    where ``play.review all-tricks`` keeps them open, every taken trick (``tricks``:
    each a list of [seat, card])."""
    obs = hand.observation(seat)
    facts = {fact: (obs[fact], _rule(hand, *clause)) for fact, clause in SHOWN_FACTS.items()
             if fact in obs}
    if obs.get("tricks"):
        facts["tricks"] = (obs["tricks"], _rule(hand, "play", "review"))
    return facts


def view_rules(hand, want: dict | None = None) -> tuple[str, ...]:
    """The rules that decide what a seat's view shows beyond its own hand: the last
    trick kept in view, the dummy exposed, the nest's announcement, the partners known
    (and, where the expected view ``want`` shows them, the nest cards turned face up)."""
    shows = (want or {}).get("shows", {}) if isinstance(want, dict) else {}
    face_up = [_rule(hand, *SHOWN_FACTS[fact]) for fact in SHOWN_FACTS
               if isinstance(shows, dict) and fact in shows]
    if face_up:
        return _unique(face_up)
    candidates = [("play", "review"), ("table", "dummy-shown"), ("nest", "announce"),
                  ("table", "sides")]
    ids = hand.t.rule_ids
    return _unique(ids[c] for c in candidates if c in ids) or \
        _unique([_rule(hand, "play", "review")])


def hidden_codes(hand, seat: int) -> set[str]:
    """The card codes ``seat`` may not see now (a code with a visible copy is visible)."""
    return set(hand.t.codes) - visible_codes(hand, seat)


def leak_rules(hand, seat: int, leaked: Iterable[str]) -> tuple[str, ...]:
    """The rules that hide the ``leaked`` cards from ``seat``: a dummy's hand shown too
    early, a taken trick left in view, the laid-aside nest.  Another seat's hand is
    hidden by no clause: it is the game itself."""
    t = hand.t
    rules: list[str | None] = []
    played = {t.codes[c] for trick in hand.tricks for c in trick[1]}
    nest = {t.codes[c] for c in hand.laid_aside + hand.nest}
    dummy = dummy_seat(hand)
    passed = {t.codes[c] for cards in hand.given for c in cards}
    dealt_to_nest = set(hand.start_nest)
    leaked = list(leaked)
    shown = set(leaked)
    # a trick shown again shows its other cards too (play.review): a card of the nest
    # in it is seen as a card of that trick, not as a nest card turned up
    in_shown_trick = {t.codes[c] for trick in hand.tricks
                      if sum(t.codes[c] in shown for c in trick[1]) > 1 for c in trick[1]}
    from_nest = [code for code in leaked if code in dealt_to_nest
                 and code not in in_shown_trick]
    zones = leak_zones(hand, seat, leaked)
    whole = {c for zone, codes in zones.items() if zone.startswith("seat ") for c in codes}
    whole_nest = zones.get("the whole nest", [])
    if whole_nest:
        rules.append(_nest_shown_rule(hand, seat, whole_nest))
    for code in leaked:
        if code in whole:
            rules.append(_rule(hand, "play", "review"))
        elif code in whole_nest:
            continue
        elif code in from_nest:
            rules.append(_nest_shown_rule(hand, seat, from_nest))
        elif code in passed:
            rules.append(_rule(hand, "passing", "directions"))   # sent to another seat
        elif code in played:
            rules.append(_rule(hand, "play", "review"))
        elif code in nest:
            rules.append(_rule(hand, "deal", "nest"))
        elif dummy is not None and code in {t.codes[c] for c in hand.hands[dummy]}:
            rules.append(_rule(hand, "table", "dummy-shown"))
        else:
            # another seat's hand: no clause but what a seat may see of the table, the
            # view rule (a view is the seat's own hand and what the rules show it)
            rules.append(_rule(hand, "play", "review"))
    return _unique(rules)


def leaks_by_cause(hand, seat: int, seen) -> list[tuple[str, list[str], tuple[str, ...]]]:
    """The cards ``seat`` sees and should not, one group per cause: where they lie
    (:func:`leak_zones`), those cards, and the rule that hides them (a whole hand shown:
    the view rule, ``play.review``; else :func:`leak_rules`)."""
    return [(zone, codes, leak_rules(hand, seat, codes) if not zone.startswith("seat ")
             else _unique([_rule(hand, "play", "review")]))
            for zone, codes in leak_zones(hand, seat, seen).items()]


def leak_zones(hand, seat: int, seen) -> dict[str, list[str]]:
    """The cards ``seat`` should not see, by where they lie: every card of another
    seat's hand when the whole of it is shown (its cards from the nest too), then each
    other card by :func:`leak_zone`."""
    t = hand.t
    seen = list(seen)
    out: dict[str, list[str]] = {}
    hidden = hidden_codes(hand, seat)
    taken: set[str] = set()
    dealt_to_nest = set(hand.start_nest)
    for owner, held in enumerate(hand.hands):
        codes = {t.codes[c] for c in held} & hidden
        # a whole hand shown: every card of it the seat may not see, some of them the
        # seat's own from the deal (a hand of nest cards alone is the nest, below)
        if owner != seat and len(codes) > 1 and codes <= set(seen) and \
                codes - dealt_to_nest:
            out[f"seat {owner}'s hand"] = [c for c in seen if c in codes]
            taken |= codes
    nest = (dealt_to_nest & hidden) - taken
    played = {t.codes[c] for trick in hand.tricks for c in trick[1]}
    if len(nest) > 1 and nest <= set(seen) and nest - played:
        # the whole nest shown, wherever its cards are now (not only nest cards played
        # in a trick shown again: that is what a seat may look back on)
        out["the whole nest"] = [c for c in seen if c in nest]
        taken |= nest
    for code in seen:
        if code not in taken:
            out.setdefault(leak_zone(hand, code), []).append(code)
    return out


def leak_zone(hand, code: str) -> str:
    """Where a card a seat should not see lies, in a player's words: the nest, the cards
    laid aside, a trick taken, cards passed, the dummy, another seat's hand."""
    t = hand.t
    if code in {t.codes[c] for trick in hand.tricks for c in trick[1]}:
        return "a trick taken"          # wherever it came from: a trick shown again
    for owner, held in enumerate(hand.hands):
        if code in {t.codes[c] for c in held}:
            return f"seat {owner}'s hand"   # wherever it came from: a hand shown
    if code in set(hand.start_nest):
        return "the nest"
    if code in {t.codes[c] for c in hand.laid_aside}:
        return "the cards laid aside"
    if code in {t.codes[c] for cards in hand.given for c in cards}:
        return "cards passed"
    return "a hidden card"


def _nest_shown_rule(hand, seat: int, shown: list[str]) -> str:
    """Cards dealt to the nest that a seat sees, wherever they are now: the nest shown
    once the auction is won (every nest card the seat could not see otherwise) is
    ``nest.shown`` (never, by default); any other nest card, at any time, was turned face
    up (``nest.face-up``, face down by default)."""
    auction_won = hand.bidder is not None and hand.phase != "bidding"
    if auction_won:
        hidden_nest = set(hand.start_nest) & hidden_codes(hand, seat)
        if hidden_nest and hidden_nest <= set(shown):
            return _rule(hand, "nest", "shown")
    return _rule(hand, "nest", "face-up")
