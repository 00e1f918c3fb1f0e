"""``docs/comparison.md``: every variant side by side, and where the readings differ.

The tables are figures from the compiled variants; the notes group the variants by how
they read one rule (who leads first, where the Rook ranks ...), each reading linked to
the rule and its citation, so a disagreement between sources shows with its evidence.
"""

from __future__ import annotations

from collections.abc import Callable

from ..escaping import markdown_text
from ..language.check import summary
from ..language.model import Variant
from .english import capital, number
from .families import in_order


def sides(v: Variant) -> str:
    t = v.table
    if t.sides == "teams":
        return f"{t.teams} teams of {t.players // t.teams}"
    if t.sides == "individual":
        return "each alone"
    return f"called partner ({t.calls} card{'s' if t.calls > 1 else ''})"


def rook_place(v: Variant) -> str:
    if v.deck.rook is None:
        return "no Rook"
    return {"highest": "highest trump", "lowest": "lowest trump",
            "caller-chooses": "high or low, bid winner calls",
            "above": f"trump above the {v.trump.rook_above}"}[v.trump.rook]


LEADERS = {"left-of-dealer": "left of dealer", "left-of-bidder": "left of bid winner",
           "bidder": "bid winner", "bidder-chooses": "bid winner chooses"}
NEST_POINTS = {"last-trick": "last trick", "bidder": "bid winner", "none": "nobody"}


def mechanisms(v: Variant) -> list[str]:
    """The things that set a variant apart, in a few words each."""
    found = []
    b, n, t, p, s = v.bidding, v.nest, v.trump, v.play, v.scoring
    if v.deck.copies > 1:
        found.append(f"{number(v.deck.copies)} decks")
    if b.opening is not None:
        found.append(f"dealer opens at {b.opening}")
    if b.first == "dealer":
        found.append("dealer bids first")
    if b.all_pass == "dealer-forced":
        found.append("forced bid when all others pass")
    if b.all_pass == "dealer-must-bid":
        found.append("the last one left must bid when all others pass")
    if b.at_maximum == "ends-auction":
        found.append("the highest bid ends the auction")
    if b.moon is not None:
        found.append("a moon bid " + ("wins the game" if b.moon == "game" else
                                      f"worth {b.moon}"))
    if v.deal.poor_hand:
        found.append("a poor hand " + ("is" if v.deal.poor_hand_redeal == "must"
                                       else "may be") + " thrown in")
    if n.face_up:
        found.append(f"{number(n.face_up)} nest card{'s' if n.face_up > 1 else ''} face up")
    if n.shown == "after-auction":
        found.append("the nest shown after the auction")
    if not b.jumps:
        found.append("raises of one step")
    if n.forbid_cards:
        found.append(f"no {' or '.join(n.forbid_cards)} in the nest"
                     + (" unless forced" if n.cards_unless_forced else ""))
    if n.forbid_counters:
        found.append("no counters in the nest" + (" unless forced" if n.counters_unless_forced
                                                  else ""))
    if n.forbid_trump:
        found.append("no trumps in the nest" + (" unless forced" if n.trump_unless_forced
                                                else ""))
    if v.passing.cards:
        found.append(f"{v.passing.cards} cards passed")
    if t.named == "before-nest":
        found.append("trump named before the nest")
    if "none" in t.choices:
        found.append("no-trump")
    if any(choice.endswith("-low") for choice in t.choices):
        found.append("low card")
    if "circus" in t.choices:
        found.append("circus")
    if getattr(n, "announce", "nothing") == "points":
        found.append("nest points announced")
    if t.specials:
        found.append("special trumps " + ", ".join(sp.code for sp in t.specials))
    if v.table.sides == "called":
        found.append("called partner")
    if v.table.dummy == "partner":
        found.append("dummy partner")
    if p.anytime:
        found.append(", ".join(p.anytime) + " playable anytime")
    if p.follow == "any":
        found.append("no need to follow")
    if p.review == "all-tricks":
        found.append("every trick taken stays open")
    if n.burial_order == "any":
        found.append("forced cards buried in any order")
    if s.trick_points:
        found.append(f"{s.trick_points} points a trick")
    if s.last_trick:
        found.append(f"last trick {s.last_trick}")
    if s.majority:
        found.append(f"most tricks {s.majority}")
    if s.all_tricks:
        found.append(f"all tricks {s.all_tricks}")
    defaults = {"made": "taken >= bid", "bidders": "if made then taken else -bid",
                "defenders": "taken"}
    custom = [name for name, text in s.formulas if text != defaults.get(name)]
    if custom:
        found.append("own scoring of " + ", ".join(custom))
    if v.game.winner == "bidder-goes":
        found.append("bidder goes out")
    return found


def _link(v: Variant, anchor: str = "") -> str:
    return f"[{markdown_text(v.title)}](variants/{v.id}.md{'#' + anchor if anchor else ''})"


def tables(variants: list[Variant]) -> list[str]:
    """Four narrow tables rather than one wide one, so each fits a laptop's screen: the
    players and the cards, points and bidding, the play, what sets each variant apart."""
    variants = in_order(variants)
    lines = ["## Players and cards", "",
             "| Variant | Players | Sides | Deck | Hand | Nest |", "|---|--:|---|--:|--:|--:|"]
    for v in variants:
        s = summary(v)
        lines.append(f"| {_link(v)} | {v.table.players} | {sides(v)} | {s.deck} | {s.hand} | "
                     f"{s.nest} |")
    lines += ["", "## Points, bidding and the game", "",
              "| Variant | Counters | Points | Bids | Game |", "|---|--:|--:|---|--:|"]
    for v in variants:
        s = summary(v)
        counters = sum(c.points * c.copies for c in v.deck.cards)
        lines.append(f"| {_link(v)} | {counters} | {s.points} | "
                     f"{s.minimum_bid}–{s.maximum_bid} | {s.target} |")
    lines += ["", "*Counters* is what the counter cards hold in all; *Points* adds the points "
              "for tricks and bonuses (the all-tricks bonus aside). *Game* is the score that "
              "wins.", "",
              "## The play", "",
              "| Variant | Rook | Leads first | Nest scores for |", "|---|---|---|---|"]
    for v in variants:
        lines.append(f"| {_link(v)} | {rook_place(v)} | {LEADERS[v.play.leader]} | "
                     f"{NEST_POINTS[v.nest.points] if v.deal.nest else '(no nest)'} |")
    lines += ["", "## What sets each variant apart", "",
              "| Variant | Special rules |", "|---|---|"]
    lines += [f"| {_link(v)} | {'; '.join(mechanisms(v)) or '—'} |" for v in variants]
    return lines + [""]


# Rules on which the sources are compared: (rule id, topic, reading of a variant).
TOPICS: list[tuple[str, str, Callable[[Variant], str | None]]] = [
    ("play.leader", "Who leads the first trick",
     lambda v: {"left-of-dealer": "the player left of the dealer",
                "left-of-bidder": "the player left of the bid winner",
                "bidder": "the bid winner",
                "bidder-chooses": "the bid winner or the player on the left, as the bid "
                                  "winner chooses"}[v.play.leader]),
    ("bidding.first", "Who bids first",
     lambda v: "the dealer, by an automatic opening bid" if v.bidding.opening is not None
     else {"dealer": "the dealer", "left-of-dealer": "the player left of the dealer"}
     [v.bidding.first]),
    ("trump.rook", "Where the Rook ranks",
     lambda v: rook_place(v) if v.deck.rook else None),
    ("play.anytime", "Whether the Rook may be played when its holder can follow",
     lambda v: None if not v.deck.rook else
     ("yes, at any time" if v.deck.rook in v.play.anytime else "no, it follows as a trump")),
    ("nest.forbid", "What the bid winner may lay aside in the nest",
     lambda v: None if not v.deal.nest else
     (f"not {' or '.join(v.nest.forbid_cards)}"
      + (" unless forced" if v.nest.cards_unless_forced else ""))
     if v.nest.forbid_cards else
     ("no counters" + (" unless forced" if v.nest.counters_unless_forced else ""))
     if v.nest.forbid_counters else
     ("no trumps" + (" unless forced" if v.nest.trump_unless_forced else ""))
     if v.nest.forbid_trump else "any card"),
    ("nest.points", "Who scores the counters in the nest",
     lambda v: None if not v.deal.nest else
     {"last-trick": "the winner of the last trick", "bidder": "the bid winner",
      "none": "nobody"}[v.nest.points]),
    ("bidding.all-pass", "What happens when nobody bids",
     lambda v: None if v.bidding.opening is not None else
     {"redeal": "the cards are thrown in",
      "dealer-forced": "the last to speak must take the minimum bid",
      "dealer-must-bid": "the last to speak must bid, any amount"}[v.bidding.all_pass]),
    ("trump.named", "When trump is named",
     lambda v: {"before-nest": "before the nest is taken",
                "after-taking-nest": "after taking the nest, before laying cards aside",
                "after-nest": "after the nest exchange"}[v.trump.named]),
]


def _short(v: Variant, anchor: str | None) -> str:
    """A variant's id, linked to its rules page (at the rule, where the page states it)."""
    return f"[`{v.id}`](variants/{v.id}.md" + (f"#{anchor})" if anchor else ")")


def disagreements(variants: list[Variant]) -> list[str]:
    """For each topic on which the variants differ, a table: every reading, the places
    in the sources cited for it, and the variants that state it (variants that only
    inherit the rule are counted, not listed)."""
    lines = ["## Where the readings differ", ""]
    for rule_id, topic, read in TOPICS:
        readings: dict[str, list[Variant]] = {}
        for v in variants:
            reading = read(v)
            if reading is not None:
                readings.setdefault(reading, []).append(v)
        if len(readings) < 2:
            continue
        lines += [f"### {topic}", "", f"Rule `{rule_id}`.", "",
                  "| Reading | Cited from | Stated by |", "|---|---|---|"]
        for reading, group in readings.items():
            cited: list[str] = []
            stating: list[str] = []
            inheriting = rulings = 0
            for v in group:
                try:
                    rule = v.rule(rule_id)
                except KeyError:
                    # a rule left at its default has no sentence (no anchor) on the page
                    stating.append(_short(v, None) + " (default)")
                    continue
                if rule.inherited_from:
                    inheriting += 1
                    continue
                stating.append(_short(v, rule_id))
                rulings += bool(rule.rulings)
                for c in rule.citations:
                    where = f"[{c.source}](sources.md#{c.source}) “{markdown_text(c.where)}”"
                    if where not in cited:
                        cited.append(where)
            if rulings:
                cited.append(f"{'a ruling' if rulings == 1 else str(rulings) + ' rulings'}")
            who = ", ".join(stating)
            if inheriting:
                who += f" (and {inheriting} variant{'s' if inheriting > 1 else ''} "\
                       f"extending them)" if stating else f"{inheriting} variants, inherited"
            lines.append(f"| {capital(reading)} | {'; '.join(cited) or '—'} | {who} |")
        lines.append("")
    return lines
