"""``rookery export``: a compiled variant as JSON, in the shape of
``conformance/schema/variant.schema.json``."""

from __future__ import annotations

from .check import maximum_bid, points_available
from .model import Variant


def export_variant(v: Variant) -> dict:
    exported = _export(v)
    if v.options:   # a base with options: which ones, and which rule each option states
        exported["options"] = list(v.options)
        for rule, out in zip(v.rules, exported["rules"]):
            if rule.option:
                out["option"] = rule.option
    return exported


def _export(v: Variant) -> dict:
    return {
        "id": v.id, "title": v.title, "source": v.source, "extends": v.extends,
        "sources": [{"id": s.id, "title": s.title, s.kind: s.location} for s in v.sources],
        "table": {"players": v.table.players, "sides": v.table.sides, "teams": v.table.teams,
                  "calls": v.table.calls, "dummy": v.table.dummy,
                  "dummy_shown": v.table.dummy_shown, "call_time": v.table.call_time},
        "deck": {
            "colors": [{"name": c.name, "letter": c.letter} for c in v.deck.colors],
            "ranks": list(v.deck.ranks), "copies": v.deck.copies, "rook": v.deck.rook,
            "birds": list(v.deck.birds),
            "size": v.deck.size,
            "cards": [{"code": c.code, "color": None if c.color is None else
                       v.deck.colors[c.color].letter, "rank": c.rank, "points": c.points,
                       "copies": c.copies} for c in v.deck.cards],
        },
        "deal": {"hand": v.deal.hand, "nest": v.deal.nest, "nest_deal": v.deal.nest_deal,
                 "poor_hand": [{"kind": c.kind, "number": c.number, "low": c.low,
                                "high": c.high} for c in v.deal.poor_hand],
                 "poor_hand_redeal": v.deal.poor_hand_redeal,
                 "poor_hand_dealer": v.deal.poor_hand_dealer},
        "bidding": {"first": v.bidding.first, "opening": v.bidding.opening,
                    "minimum": v.bidding.minimum, "maximum": maximum_bid(v),
                    "step": v.bidding.step, "jumps": v.bidding.jumps,
                    "all_pass": v.bidding.all_pass, "at_maximum": v.bidding.at_maximum,
                    "moon": v.bidding.moon},
        "nest": {"discard": v.nest.discard, "forbid_counters": v.nest.forbid_counters,
                 "counters_unless_forced": v.nest.counters_unless_forced,
                 "forbid_trump": v.nest.forbid_trump,
                 "trump_unless_forced": v.nest.trump_unless_forced,
                 "forbid_cards": list(v.nest.forbid_cards),
                 "cards_unless_forced": v.nest.cards_unless_forced,
                 "burial_order": v.nest.burial_order, "points": v.nest.points,
                 "announce": v.nest.announce, "face_up": v.nest.face_up,
                 "shown": v.nest.shown, "forced_burial": v.nest.forced_burial,
                 "exchange": v.nest.exchange},
        "passing": {"cards": v.passing.cards, "directions": list(v.passing.directions),
                    "bidder_sees": v.passing.bidder_sees},
        "trump": {"named": v.trump.named, "choices": list(v.trump.choices), "rook": v.trump.rook,
                  "rook_above": v.trump.rook_above, "rook_call": v.trump.rook_call,
                  "no_trump_rook": list(v.trump.no_trump_rook) if v.trump.no_trump_rook else None,
                  "low_card_rook": v.trump.low_card_rook,
                  "specials": [{"card": s.code, "placement": s.placement, "anchor": s.anchor}
                               for s in v.trump.specials],
                  "birds": [{"card": b.code, "place": b.place, "anchor": b.anchor}
                            for b in v.trump.birds]},
        "play": {"leader": v.play.leader, "follow": v.play.follow,
                 "anytime": list(v.play.anytime), "ties": v.play.ties,
                 "review": v.play.review, "claim": v.play.claim},
        "scoring": {"trick_points": v.scoring.trick_points, "last_trick": v.scoring.last_trick,
                    "majority": v.scoring.majority, "all_tricks": v.scoring.all_tricks,
                    "all_points": v.scoring.all_points, "most_cards": v.scoring.most_cards,
                    "doubled": list(v.scoring.doubled), "moon_set": v.scoring.moon_set,
                    "total": points_available(v),
                    "formulas": {name: text for name, text in v.scoring.formulas}},
        "game": {"target": v.game.target, "winner": v.game.winner, "low": v.game.low,
                 "ties": v.game.ties, "ties_team": v.game.ties_team,
                 "win_on": v.game.win_on},
        "rules": [{"id": r.id, "text": r.text, "line": r.span.line,
                   "citations": [{"source": c.source, "where": c.where} for c in r.citations],
                   "rulings": list(r.rulings), "inherited_from": r.inherited_from}
                  for r in v.rules],
    }
