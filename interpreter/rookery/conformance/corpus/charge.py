"""Charging a failed case to a rule: the case's deal is replayed against the spec (the
oracle) with every comparison the fuzzer makes, and the failure is charged to the rule
that governs the step that failed -- or, when the engine parted from the spec before the
case reached its own rules, the case is *blocked* by the rule that diverged first."""

from __future__ import annotations

from dataclasses import replace

from ...engine.actions import Action
from ..protocol.engines import EngineFailure, EngineInfo
from .results import CaseResult, Played


def charge(result: CaseResult, engine, info: EngineInfo, oracle, played: Played) -> None:
    """Diagnose a failed case against the spec: replay its deal with every comparison and
    name the rule of the first difference.  A difference before the case reached its own
    rules (in its setup, or in a rule it does not check) *blocks* the case; otherwise the
    failure is charged to the rule that governs the failing step."""
    from ..diagnosis.lockstep import STOPPING, diagnose
    if played.reordered:
        _charge_past_reorder(result, oracle, played)
        return
    try:
        found = diagnose(oracle, engine, info, result.case.deal, played.path,
                         action=played.failed, refused=played.refused)
    except EngineFailure:
        raise
    except Exception:  # noqa: BLE001 - a diagnosis never turns a failure into a crash
        return
    reached = len(played.path)
    # A difference the replay could not get past, before the failing step, blocks it;
    # one the case passed through (a legal set that differs elsewhere) only explains.
    own = set(result.case.rules)
    for difference in found:            # left unattributed: the rules it fits
        if not difference.rules and difference.fits:
            difference.rules = tuple(r for r in difference.fits if r in own) or \
                difference.fits
        elif not difference.rules and difference.detail == "the highest bids differ":
            # No maximum clause: the spec's highest bid is the points a hand holds.
            difference.rules = (oracle_rule(oracle, "bidding", "maximum"),)
    found = [d for d in found if d.rules]
    blocker = next((d for d in found if d.kind in STOPPING and len(d.path) < reached), None)
    at_step = [d for d in found if len(d.path) >= reached]
    first = blocker or (at_step[0] if at_step else None)
    if first is not None:
        from ..diagnosis.lockstep import KINDS
        result.diagnosis = (f"after {len(first.path)} accepted actions the engine "
                            f"{KINDS.get(first.kind, first.kind)}"
                            + (f" ({first.detail})" if first.detail else "")
                            + f": expected {_short(first.expected)}, the engine "
                            f"{_short(first.actual)}")
    if blocker is not None:
        rules, before = blocker.rules, True
    elif at_step:
        rules, before = at_step[0].rules, False
    else:
        rules = _step_rules(oracle, result, played) or (found[-1].rules if found else ())
        before = False
    if not rules and found:         # the engine parts from the spec, but says not where
        rules = _governing(oracle, result, played)
    own = set(result.case.rules)
    if rules and not own & set(rules) and (played.in_setup or before):
        result.blocked_by = rules
    else:
        result.charged = rules or tuple(result.case.rules)


def _charge_past_reorder(result: CaseResult, oracle, played: Played) -> None:
    """A failure after the engine took a burial and the naming of trump in another order
    than the spec: past that point the engine cannot be replayed in step with the spec,
    so the failing step is told by the spec alone, the burial replayed in the case's
    order (``trump.named`` is the case's own to check, not a blocker of every case)."""
    written = replace(played, path=played.written_path())
    rules = _step_rules(oracle, result, written) or _governing(oracle, result, written)
    result.diagnosis = ("the engine named trump and laid the nest aside in another order "
                        f"than the spec ({oracle_rule(oracle, 'trump', 'named')}), as the "
                        "setup let it; the failing step is told by the spec")
    if rules and not set(result.case.rules) & set(rules) and played.in_setup:
        result.blocked_by = rules
    else:
        result.charged = rules or tuple(result.case.rules)


def charge_later(result: CaseResult, engine, info: EngineInfo, oracle,
                 played: Played) -> None:
    """A failure in a game's later hand: if the engine parted from the spec in the first
    hand already (its setup chose what the spec would not), that blocks the case;
    otherwise the later hand's failing expectation is told by the game replayed."""
    if oracle is None:
        result.charged = tuple(result.case.rules)
        return
    from ..diagnosis.lockstep import STOPPING, diagnose
    first = played.path[:played.hands[0][0]]
    found = []
    if played.reordered:
        # The engine's order of burial and trump: the spec replays the case's order.
        played = replace(played, path=played.written_path())
    else:
        try:
            found = [d for d in diagnose(oracle, engine, info, result.case.deal, first)
                     if d.rules and d.kind in STOPPING]
        except EngineFailure:
            raise
        except Exception:  # noqa: BLE001 - a diagnosis never turns a failure into a crash
            found = []
    if found:
        rules = found[0].rules
        if set(rules) & set(result.case.rules):
            result.charged = rules
        else:
            result.blocked_by = rules
        return
    rules = _later_rules(oracle, result, played)
    if rules and played.in_setup and not set(rules) & set(result.case.rules):
        result.blocked_by = rules       # the later hand's setup did not get through
        return
    result.charged = rules or tuple(result.case.rules)


def oracle_rule(oracle, section: str, key: str) -> str:
    from ...engine.tables import tables_for
    return tables_for(oracle).rule(section, key)


def _replayed(oracle, deal: dict, path):
    """The spec's hand after ``path`` from ``deal`` (None if the spec refuses it)."""
    from ..protocol.session import Session
    session = Session({oracle.id: oracle})
    try:
        session.deal(oracle.id, deal["dealer"], deal["hands"], deal["nest"],
                     deal.get("scores"), deal.get("number", 0))
        for seat, action in path:
            session.apply(seat, action)
    except Exception:  # noqa: BLE001 - the case's own script is not the spec's
        return None
    return session.hand


def _governing(oracle, result: CaseResult, played: Played) -> tuple[str, ...]:
    """When nothing else tells: the rules that shape the spec's decision at the failing
    step (its legal set and whose turn), not every rule the case lists."""
    from ...engine import attribution
    hand = _replayed(oracle, result.case.deal, played.path)
    if hand is None:
        return ()
    if hand.is_over:
        return attribution.scoring_rules(hand)
    return attribution.legal_rules(hand)


def _short(value, limit: int = 120) -> str:
    import json
    text = value if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _later_rules(oracle, result: CaseResult, played: Played) -> tuple[str, ...]:
    """The rules behind a failing expectation in a game's later hand: the game replayed
    in the spec, and the expectation's parts that differ told as the fuzzer tells them
    (a result, the end of the game, the deal passing on)."""
    from ...engine import attribution
    from ..protocol.session import Session
    session = Session({oracle.id: oracle})
    deal = result.case.deal
    try:
        session.deal(oracle.id, deal["dealer"], deal["hands"], deal["nest"],
                     deal.get("scores"), deal.get("number", 0))
        done = 0
        for upto, following in played.hands:
            for seat, action in played.path[done:upto]:
                session.apply(seat, action)
            session.deal_next(following["hands"], following["nest"])
            done = upto
        for seat, action in played.path[done:]:
            session.apply(seat, action)
    except Exception:  # noqa: BLE001 - the case's own script is not the spec's
        return ()
    hand = session.hand
    divergence = result.divergence
    if played.failed is not None and not hand.is_over:
        # An action of the case the engine refused: whose turn it is, or why the rules
        # allow it.
        seat, text = played.failed
        if "not-your-turn" in str(divergence.actual) or seat != hand.actor:
            return attribution.turn_rules(hand)
        code = str(divergence.actual).removeprefix("rejected (").rstrip(")")
        clause = attribution.CODE_CLAUSES.get(code)
        if clause is not None:          # the rule the engine applied where the spec does not
            return (hand.t.rule(*clause),)
        try:
            return attribution.permit_rules(hand, Action.parse(text))
        except Exception:  # noqa: BLE001
            return ()
    expected = divergence.expected if isinstance(divergence.expected, dict) else {}
    actual = divergence.actual if isinstance(divergence.actual, dict) else {}
    rules: list[str] = []
    if "result" in expected and hand.result is not None:
        theirs = actual.get("result") if isinstance(actual.get("result"), dict) else {}
        wanted = session.state(None)["result"]
        fits: set = set()
        if "taken" in theirs and theirs["taken"] != wanted.get("taken"):
            # what the sides took differs: the rule that explains those figures (a
            # counter's value, a bonus), as the fuzzer weighs it, where one does
            fits, _ = attribution.taken_hypotheses(hand, wanted["taken"], theirs["taken"])
        rules += sorted(fits) if len(fits) == 1 else \
            attribution.result_rules(hand, {k: wanted.get(k) for k in theirs}, theirs)
    if "game_over" in expected and hand.result is not None:
        rules += attribution.game_rules(hand, expected["game_over"], actual.get("game_over"))
    if "to_act" in expected:
        rules += attribution.turn_rules(hand)
    if "phase" in expected:
        rules += attribution.phase_rules(hand, actual.get("phase"))
    if {"legal", "legal_includes", "legal_excludes"} & set(expected):
        rules += attribution.legal_rules(hand)
    if {"dealer", "number", "scores"} & set(expected):
        results = session.game.results
        before = len(played.hands) - 1         # the hand before the one that failed
        last = results[before] if 0 <= before < len(results) else None
        if last is not None and last.thrown_in and "dealer" in expected:
            rules.append(hand.t.rule("bidding", "all-pass"))
    return tuple(dict.fromkeys(rules))


def _step_rules(oracle, result: CaseResult, played: Played) -> tuple[str, ...]:
    """The rules behind an ``expect`` the fuzzer's comparisons do not cover (a seat's
    view or hand, tricks won, trump): read from the spec at that point."""
    from ...engine import attribution
    hand = _replayed(oracle, result.case.deal, played.path)
    if hand is None:
        return ()
    divergence = result.divergence
    keys = list(divergence.expected) if divergence and isinstance(divergence.expected, dict) \
        else []
    rules: list[str] = []
    for key in keys:
        if key == "view":
            rules += attribution.view_rules(hand, divergence.expected["view"])
        elif key in ("trump",):
            rules.append(hand.t.rule("trump", "choices"))
        elif key in ("tricks_won", "last_trick"):
            rules += [r for trick in hand.trick_rules for r in trick]
        elif key == "hand":
            seat = divergence.expected["hand"].get("seat", hand.actor) \
                if isinstance(divergence.expected.get("hand"), dict) else hand.actor
            rules += attribution.hand_rules(hand, seat)
        elif key in ("high_bid", "bidder"):
            rules += attribution.auction_rules(hand) if hand.phase != "bidding" else \
                attribution.legal_rules(hand)
    return tuple(dict.fromkeys(rules))
