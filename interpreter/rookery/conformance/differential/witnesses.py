"""Witnesses: a compared decision counts for a rule only where the rule made a difference.

A rule *made a difference* at a point of a deal when some alternative of its clause (the
alternatives ``rookery mutate`` and the learner try: the Rook low instead of high, the
minimum a step up, another first leader ...) would have given another observable there:
another phase or seat to act, another legal set, another trick winner, another view, another
result or end of the game.  Where the engine's own observable at that point was compared
and agreed with the spec, that point is a **witness** of the rule: an engine playing the
alternative would have been caught there.  A decision the rule took part in but no
alternative of it could have changed proves nothing about it, and counts for nothing.

How each rule is put to the test:

- **Flow rules** (bidding, the nest, trump, play, passing ...): a *shadow* hand of each
  alternative is played in step with the oracle along the deal's actions; the first point
  where the shadow's phase, seat to act, legal set, acting seat's cards, trick or a checked
  view differs from the oracle's is a witness when the engine agreed with the oracle there.
  A shadow still following the oracle when the comparison stopped at an earlier difference
  is **masked** by that difference.  A deal runs the shadows of the rules with the fewest
  witnesses so far (:data:`SHADOWS` at most), chosen from the counts of the round's start,
  so the result does not depend on the number of workers.
- **Scoring rules** (``scoring:`` and ``nest.points``): the finished hand is scored again
  under each alternative (the same tricks; a scoring clause changes no play); a result
  that differs is a witness where the engine's result agreed.
- **Game rules** (``game:``): the end of the game is decided again under each alternative
  from the same totals: the spec's when the engine's result agreed, **the engine's own
  totals** when it did not (so a hand scored otherwise does not hide how the engine ends
  a game: given these totals, what does the spec decide?).
- **Past a trick won otherwise** (a deal stopped at a trick winner): the engine plays the
  hand on alone and the spec scores the engine's own tricks (:class:`EngineTricks`);
  where the engine's result is that scoring, the scoring and game rules are judged there
  as on any finished hand (``Fuzzer._score_engine_tricks``), else they stay masked.
- **Stand-ins** for clauses with no alternative: the table, the deck and the deal (the
  deal accepted and the acting seats' cards as dealt), the burial's size (the burial
  compared to its end), a final pass (a seat that passed skipped, compared) and the
  documented counter total (a result compared).  A clause with neither is **moot**.

Witnesses cost time: the shadows' hands are playouts (no events, no history), the scoring
and game alternatives a function call each; see ``benchmarks/README.md`` for the figures.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ...engine import attribution
from ...engine.actions import Action
from ...engine.hand import Hand
from ...engine.scoring import score_hand
from ...engine.tables import tables_for
from ...errors import IllegalAction, RookeryError
from ...language.model import Variant

# The most shadow hands a deal plays beside the oracle (the cost of witnesses).
SHADOWS = 8
# The most witnesses a shadow gives in one hand: it follows the oracle past a legal set
# or a view it would have stated otherwise, while the oracle's actions are legal to it.
WITNESSES_PER_SHADOW = 3
DEFAULT_MIN_WITNESSES = 3

# Rules judged on a finished hand, by section, and the nest's points.
END_SECTIONS = ("scoring", "game")
END_RULES = {"nest.points"}

# Stand-ins: what witnesses a rule no alternative can vary (see the module's docstring).
STAND_INS = {
    "table.players": "deal", "table.sides": "deal", "deck.colors": "deal",
    "deck.ranks": "deal", "deck.rook": "deal", "deck.copies": "deal", "deck.order": "deal",
    "deck.add": "deal", "deck.remove": "deal", "deck.birds": "deal", "deal.hand": "deal",
    "deal.nest": "deal", "nest.discard": "burial", "bidding.pass": "pass",
    "scoring.total": "result", "trump.choices": "trump-call", "nest.forbid": "barred",
}
STAND_IN_WORDS = {
    "deal": "the engine accepted a deal of the spec's deck and stated the acting seat's "
            "cards as dealt",
    "burial": "the burial was compared to its end: the phase moved on after the spec's "
              "number of cards",
    "pass": "a seat that had passed was skipped, and the seat to act compared",
    "result": "a hand's result (the counters the sides took) was compared",
    "trump-call": "the trump calls the engine offered were compared, and agreed",
    "barred": "the burial's legal set was compared where the bid winner held a card the "
              "spec keeps out of the nest",
}
# The clauses a spec may leave at the rules language's default that still rule a hand
# (``verdicts.SILENT`` names the same, with the condition for each): varied from that
# default when the spec leaves them out.
DEFAULTED = (
    "table.sides", "bidding.first", "bidding.step", "bidding.raise", "bidding.pass",
    "bidding.all-pass", "bidding.at-maximum", "deal.poor-hand", "deal.nest-deal",
    "nest.face-up", "nest.shown", "nest.points", "nest.forbid", "trump.named",
    "trump.choices", "trump.rook", "play.leader", "play.follow", "play.claim",
    "scoring.made", "scoring.bidders", "scoring.defenders", "scoring.last-trick",
    "scoring.majority", "scoring.all-tricks", "scoring.all-points", "scoring.most-cards",
    "game.winner", "game.ties", "game.win-on", "game.low")

# Rules no explicit deal can tell apart: the fuzzer gives every deal explicitly.
UNOBSERVABLE = {"deal.nest-deal": "the deals are given explicitly, so how the nest is dealt "
                                  "from a shuffled deck never shows"}


# The clauses that change what a seat sees (the view): a shadow of another clause is not
# asked for its views (the costliest observable to compute).
VIEW_CLAUSES = {"nest.face-up", "nest.shown", "play.review", "table.dummy-shown",
                "nest.announce", "table.dummy"}


@dataclass(frozen=True)
class Alternative:
    """The spec with one rule's clause played otherwise."""

    rule: str
    line: str                   # the clause as the alternative writes it
    variant: Variant
    clause: str = ""            # its section.key (the rule id may be the spec's own)

    @property
    def shows(self) -> bool:
        """The clause changes what a seat sees."""
        return self.clause in VIEW_CLAUSES


class Alternatives:
    """Per rule of a spec, its alternatives (built when first asked for, checked)."""

    def __init__(self, spec_ref: str, variant: Variant):
        from ...language.vocabulary import SECTIONS, rule_id
        from ..mutation.mutants import _alternatives, _base, _clause_from
        self.spec_ref = spec_ref
        self.original = variant
        self._spec, clauses, _ = _base(spec_ref, own_only=False)
        present = {(c.section, c.key) for c, _, _ in clauses}
        # a rule the spec leaves at the language's default is varied from that default
        for rule in DEFAULTED:
            section, _, key = rule.partition(".")
            if (section, key) in present:
                continue
            entry = SECTIONS[section][key]
            line = f"{key}: {entry.default}" if "FORMULA" in entry.shape \
                else f"{key} {entry.default}"
            try:
                clauses.append((_clause_from(section, line), self._spec.source, None))
            except RookeryError:
                continue
        self._clauses = clauses
        self._lines: dict[str, list[tuple[int, str, str]]] = {}
        for index, (clause, _, _) in enumerate(clauses):
            rule = rule_id(clause)
            lines = [line for _change, line in _alternatives(clause, variant)]
            lines += _more_alternatives(clause, lines)
            for line in lines:
                self._lines.setdefault(rule, []).append((index, clause.section, line))
        self._built: dict[str, list[Alternative]] = {}

    def rules(self) -> list[str]:
        """The rules with at least one alternative line (valid or not)."""
        return list(self._lines)

    def of(self, rule: str, learned: dict | None = None) -> list[Alternative]:
        """The valid alternatives of ``rule`` (the checker refuses some), on top of the
        clauses ``learned`` from the engine (clause index -> (section, line)): the
        oracle's own changes, so that a shadow differs from the oracle in ``rule``
        alone."""
        learned = learned or {}
        key = (rule, tuple(sorted(learned.items())))
        if key not in self._built:
            from ...language.check import check_variant
            from ...language.gather import read_variant
            from ...language.load import known_sources
            from ..mutation.mutants import _changed
            out = []
            for index, section, line in self._lines.get(rule, ()):
                if index in learned:
                    continue            # the rule is learned: it breaks already
                try:
                    variant = read_variant(
                        self._spec, _changed(self._clauses, {**learned,
                                                             index: (section, line)}),
                        frozenset(known_sources()))
                    check_variant(variant)
                except RookeryError:
                    continue
                out.append(Alternative(rule, line, variant, f"{section}.{line.split()[0]}"
                                       .rstrip(":")))
            self._built[key] = out
        return self._built[key]

    def why_moot(self, rule: str) -> str:
        """Why no witness can exist for ``rule`` in this spec ("" when one can)."""
        if rule in UNOBSERVABLE:
            return f"it cannot decide here: {UNOBSERVABLE[rule]}"
        if rule in STAND_INS or self.of(rule):
            return ""
        return ("it cannot be told apart here: no alternative of its clause can be "
                "written for this spec (none, or the checker refuses each), and no "
                "stand-in witnesses it")

    def count(self, rule: str) -> int:
        """How many alternative lines ``rule`` has (valid or not)."""
        return len(self._lines.get(rule, ()))


def _more_alternatives(clause, lines: list[str]) -> list[str]:
    """Alternatives the mutation check does not try but a witness needs: one trump call
    more where the spec offers a single kind (an engine offering no-trump too)."""
    if (clause.section, clause.key) == ("trump", "choices") and not lines:
        text = ", ".join(str(v) for v in clause.values)
        if "no-trump" not in text:
            return [f"choices {text}, no-trump"]
    return []


def is_end_rule(rule: str) -> bool:
    """A rule judged on the finished hand (scoring, the game's end)."""
    return rule.partition(".")[0] in END_SECTIONS or rule in END_RULES


class Shadow:
    """A hand of one alternative, played in step with the oracle's hand."""

    __slots__ = ("alternative", "hand", "tricks", "witnessed")

    def __init__(self, alternative: Alternative, oracle_hand):
        self.alternative = alternative
        self.witnessed = 0
        self.hand = Hand(alternative.variant, oracle_hand.dealer,
                         [list(h) for h in oracle_hand.start_hands],
                         list(oracle_hand.start_nest), list(oracle_hand.scores_before),
                         oracle_hand.number, record=False)
        self.tricks = 0

    def first_difference(self, oracle_hand, agreed: dict) -> tuple[str | None, bool]:
        """The first observable where this shadow parts from the oracle now (None when
        none), and whether the shadow can go on following the oracle after it."""
        mine, theirs = self.hand, oracle_hand
        if mine.phase != theirs.phase:
            return "phase", False
        if mine.actor != theirs.actor:
            return "to_act", False
        if len(theirs.tricks) != self.tricks:
            self.tricks = len(theirs.tricks)
            if len(mine.tricks) != len(theirs.tricks):
                return "last_trick", False
            if theirs.tricks:
                ours, spec = mine.tricks[-1], theirs.tricks[-1]
                if ours[3] != spec[3]:
                    return "last_trick", False
                points = mine.t.points
                if sum(points[c] for c in ours[1]) != sum(theirs.t.points[c]
                                                          for c in spec[1]):
                    return "last_trick", True
        if theirs.phase == "done":
            return None, True
        seat = theirs.actor
        if seat is not None and "hand" in agreed and \
                sorted(mine.hands[seat]) != sorted(theirs.hands[seat]):
            return "hand", False
        if "legal" in agreed:
            spec = agreed.get("legal_set")
            if spec is None:
                spec = agreed["legal_set"] = set(theirs.legal_actions())
            if set(mine.legal_actions()) != spec:
                return "legal", True
        if self.alternative.shows:
            hidden = agreed.get("hidden", {})
            for other in agreed.get("views", ()):
                if other not in hidden:
                    hidden[other] = attribution.hidden_codes(theirs, other)
                if attribution.hidden_codes(mine, other) != hidden[other]:
                    return "view", True
        return None, True

    def follow(self, action: Action, seat: int) -> bool:
        """Apply the oracle's next action; False when this alternative refuses it."""
        try:
            self.hand.apply(action, seat)
        except (IllegalAction, RookeryError):
            return False
        return True


# -- the finished hand: scoring and the game's end, judged again under each alternative --

class _Rescored:
    """A finished hand seen through another variant's tables: the same tricks, the
    counters valued by that variant (what :func:`score_hand` reads)."""

    def __init__(self, hand, variant: Variant):
        self._hand = hand
        self.variant = variant
        self.t = tables_for(variant)
        points = self.t.points
        won = [0] * hand.n
        for _leader, cards, _seats, winner in hand.tricks:
            won[winner] += sum(points[c] for c in cards)
        self.points_won = won

    def __getattr__(self, name):
        return getattr(self._hand, name)


class EngineTricks:
    """A hand whose tricks were won as the engine says, not as the spec would: the
    spec's hand up to the trick the two won otherwise (its auction, burial and running
    scores, which were compared and agreed), with the engine's tricks from there on,
    each read from the engine's ``last_trick`` (its cards and winner).  What
    :func:`score_hand` reads of it is the spec's scoring of the engine's own tricks:
    *given these tricks, what does the spec score?*  Only for sides fixed before the
    play (a called partner's side is known from the play itself)."""

    def __init__(self, hand, tricks: list[tuple[list[int], int]]):
        self._hand = hand
        self.tricks = [(None, tuple(cards), (), winner) for cards, winner in tricks]
        points = hand.t.points
        self.tricks_won = [0] * hand.n
        self.points_won = [0] * hand.n
        for cards, winner in tricks:
            self.tricks_won[winner] += 1
            self.points_won[winner] += sum(points[c] for c in cards)

    def __getattr__(self, name):
        return getattr(self._hand, name)

    @staticmethod
    def can_score(hand) -> bool:
        """Whether the sides of ``hand`` are fixed before the play (partnerships, or
        every player alone), so that the engine's tricks are scored by the same sides."""
        from ...engine.scoring import plan_of
        return plan_of(hand.t)[1] is not None


def rescored(hand, variant: Variant):
    """``hand``'s result had ``variant`` scored it (None if it cannot be)."""
    try:
        return score_hand(_Rescored(hand, variant))
    except Exception:  # noqa: BLE001 - an alternative that cannot score this hand tells nothing
        return None


def result_parts(result, t) -> dict:
    """What the protocol compares of a result (see ``session.result_of``)."""
    taken = [0] * t.keepers
    for side in result.sides:
        for seat in side.seats:
            taken[t.team_of[seat] if t.team_of is not None else seat] = side.taken
    return {"made": result.made, "changes": list(result.changes),
            "scores": list(result.scores), "taken": taken, "nest_to": result.nest_to,
            "thrown_in": result.thrown_in}


class Witnessing:
    """One deal's search for witnesses: the flow rules whose shadows it plays (on top of
    the clauses learned from the engine by then), and the shadows of the hand now."""

    def __init__(self, alternatives: Alternatives, chosen: tuple[str, ...],
                 learned: dict):
        self.alternatives = alternatives
        self.chosen = chosen
        self.learned = learned
        self.shadows: list[Shadow] = []
        self.hand_index = -1

    def of(self, rule: str) -> list[Alternative]:
        return self.alternatives.of(rule, self.learned)

    def start_hand(self, oracle_hand) -> None:
        """New shadows for a hand of the deal (the first, or a game's next)."""
        self.hand_index += 1
        self.shadows = []
        for rule in self.chosen:
            for alternative in self.of(rule):
                try:
                    self.shadows.append(Shadow(alternative, oracle_hand))
                except (RookeryError, ValueError, TypeError):
                    continue


def choose_rules(alternatives: Alternatives, witnesses: Counter, rules: list[str],
                 number: int, budget: int = SHADOWS, first: str | None = None
                 ) -> tuple[str, ...]:
    """The flow rules whose shadows deal ``number`` plays: ``first`` (the rule the deal
    is set up for), then those with the fewest witnesses at the round's start, taken in
    turn from a place that moves with the deal number, up to ``budget`` shadow hands."""
    flow = [r for r in rules if not is_end_rule(r) and alternatives.count(r)]
    if not flow:
        return ()
    shift = number % len(flow)
    ordered = sorted(range(len(flow)),
                     key=lambda i: (flow[i] != first, witnesses.get(flow[i], 0),
                                    (i - shift) % len(flow)))
    out, used = [], 0
    for i in ordered:
        size = alternatives.count(flow[i])
        if used and used + size > budget:
            continue
        out.append(flow[i])
        used += size
        if used >= budget:
            break
    return tuple(out)


__all__ = ["Alternative", "Alternatives", "DEFAULT_MIN_WITNESSES", "EngineTricks", "SHADOWS",
           "STAND_INS",
           "WITNESSES_PER_SHADOW",
           "STAND_IN_WORDS", "Shadow", "UNOBSERVABLE", "Witnessing", "choose_rules",
           "is_end_rule", "rescored", "result_parts"]
