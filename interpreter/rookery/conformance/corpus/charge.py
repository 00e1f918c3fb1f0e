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
        _charge_past_reorder(result, oracle, played, engine, info)
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
        if difference.fits:
            # of the rules one deal cannot tell apart, the case's own (the one fuzz
            # named when it wrote the case, weighing many deals)
            difference.rules = tuple(r for r in difference.fits if r in own) or \
                difference.rules or difference.fits
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
        # Differences the case passed through before its failing step (a trick's points
        # counted otherwise) explain a result that differs at the end of the hand.
        earlier = [d for d in found if len(d.path) < reached]
        rules = _step_rules(oracle, result, played, earlier) or \
            (found[-1].rules if found else ())
        before = False
    if not rules and found:         # the engine parts from the spec, but says not where
        rules = _governing(oracle, result, played)
    own = set(result.case.rules)
    if rules and not own & set(rules) and (played.in_setup or before):
        result.blocked_by = rules
    else:
        result.charged = rules or tuple(result.case.rules)


def _engine_order(oracle):
    """The spec with the engine's order of the burial and the naming of trump (the one
    clause the setup showed to differ), or None where the spec names trump otherwise."""
    other = {"after-nest": "after-taking-nest", "after-taking-nest": "after-nest"}.get(
        oracle.trump.named)
    return replace(oracle, trump=replace(oracle.trump, named=other)) if other else None


def _charge_past_reorder(result: CaseResult, oracle, played: Played,
                         engine=None, info=None) -> None:
    """A failure after the engine took a burial and the naming of trump in another order
    than the spec.  In a case not about that order, the engine is replayed in step with
    the spec in the engine's order (the order is what the setup showed, not the case's
    to check), so a failure past it is charged as in any engine: a trick's points counted
    otherwise explain a result that differs.  Otherwise (or if that tells nothing) the
    failing step is told by the spec alone, the burial replayed in the case's order
    (``trump.named`` is the case's own to check, not a blocker of every case)."""
    from .setup import ORDER_RULES
    order = _engine_order(oracle)
    if engine is not None and order is not None and not ORDER_RULES & set(result.case.rules):
        charge(result, engine, info, order, replace(played, reordered=[]))
        if result.charged or result.blocked_by:
            result.diagnosis = ("the engine named trump and laid the nest aside in another "
                                f"order than the spec ({oracle_rule(oracle, 'trump', 'named')})"
                                ", as the setup let it; replayed in the engine's order"
                                + (f", {result.diagnosis}" if result.diagnosis else ""))
            return
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
    as_played = played
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
    rules = _later_rules(oracle, result, played, _later_explained(
        _engine_order(oracle) if played.reordered else oracle, engine, info, result,
        as_played))
    if rules and played.in_setup and not set(rules) & set(result.case.rules):
        result.blocked_by = rules       # the later hand's setup did not get through
        return
    result.charged = rules or tuple(result.case.rules)


def oracle_rule(oracle, section: str, key: str) -> str:
    from ...engine.tables import tables_for
    return tables_for(oracle).rule(section, key)


def _replayed(oracle, deal: dict, path):
    """The spec's hand after ``path`` from ``deal`` (None if the spec refuses it)."""
    session = _replayed_session(oracle, deal, path)
    return session.hand if session is not None else None


def _replayed_session(oracle, deal: dict, path):
    """The spec's session after ``path`` from ``deal`` (None if the spec refuses it)."""
    from ..protocol.session import Session
    session = Session({oracle.id: oracle})
    try:
        session.deal(oracle.id, deal["dealer"], deal["hands"], deal["nest"],
                     deal.get("scores"), deal.get("number", 0))
        for seat, action in path:
            session.apply(seat, action)
    except Exception:  # noqa: BLE001 - the case's own script is not the spec's
        return None
    return session


def _engine_result(divergence, engine_state) -> dict:
    """The engine's whole result at the failing step (the state it answered, where the
    runner kept it), else the parts of it the case compared."""
    whole = engine_state.get("result") if isinstance(engine_state, dict) else None
    if isinstance(whole, dict):
        return whole
    actual = divergence.actual if isinstance(divergence.actual, dict) else {}
    return actual.get("result") if isinstance(actual.get("result"), dict) else {}


def _result_rules(session, divergence, engine_state=None) -> list[str]:
    """The rules behind a finished hand's result that differs, told as the fuzzer tells
    them: what the sides took, where one rule explains the figures (a counter's value, a
    bonus); else the parts of the result that differ (made or set, the totals)."""
    from ...engine import attribution
    hand = session.hand
    expected = divergence.expected if isinstance(divergence.expected, dict) else {}
    if "result" not in expected or hand.result is None:
        return []
    theirs = _engine_result(divergence, engine_state)
    wanted = session.state(None)["result"]
    fits: set = set()
    if "taken" in theirs and theirs["taken"] != wanted.get("taken"):
        fits, _ = attribution.taken_hypotheses(hand, wanted["taken"], theirs["taken"])
    return sorted(fits) if len(fits) == 1 else \
        list(attribution.result_rules(hand, {k: wanted.get(k) for k in theirs}, theirs))


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


def _game_end_rules(oracle, session, divergence, engine_state=None) -> list[str]:
    """The rules behind a game's end that differs, judged from the engine's own totals
    where it states them: none where the spec, given those totals, ends the game as the
    engine did (the result is then the only difference); else the game rules."""
    from ...engine import attribution
    from ..diagnosis.judged import Judged, engine_result, game_over_of
    hand = session.hand
    expected = divergence.expected if isinstance(divergence.expected, dict) else {}
    actual = divergence.actual if isinstance(divergence.actual, dict) else {}
    theirs = engine_result(hand, _engine_result(divergence, engine_state))
    if theirs is not None and theirs.scores != hand.result.scores:
        judged = game_over_of(oracle, theirs, hand.t.team_of)
        if judged == actual.get("game_over"):
            return []
        expected, hand = {"game_over": judged}, Judged(hand, theirs)
    return list(attribution.game_rules(hand, expected.get("game_over"),
                                       actual.get("game_over")))


def _short(value, limit: int = 120) -> str:
    import json
    text = value if isinstance(value, str) else json.dumps(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _game_to_last_hand(oracle, deal: dict, played: Played):
    """The spec's session of the case's game, its earlier hands replayed and its last
    hand dealt, and where that hand's actions begin in ``played.path`` (raises where the
    spec refuses the case's script)."""
    from ..protocol.session import Session
    session = Session({oracle.id: oracle})
    session.deal(oracle.id, deal["dealer"], deal["hands"], deal["nest"],
                 deal.get("scores"), deal.get("number", 0))
    done = 0
    for upto, following in played.hands:
        for seat, action in played.path[done:upto]:
            session.apply(seat, action)
        session.deal_next(following["hands"], following["nest"])
        done = upto
    return session, done


def _later_explained(oracle, engine, info, result: CaseResult, played: Played) -> list:
    """The differences the failing later hand shows before its failing step (a trick's
    points counted otherwise), found by replaying that hand alone in step with the
    engine, dealt as the game dealt it (its dealer, number and the spec's running
    scores): what explains a result of that hand that differs."""
    from ..diagnosis.lockstep import STOPPING, diagnose
    if oracle is None or engine is None or not played.hands:
        return []
    try:
        session, done = _game_to_last_hand(oracle, result.case.deal, played)
        hand = session.hand
        later = {"dealer": hand.dealer, "hands": [list(map(str, h)) for h in
                                                   played.hands[-1][1]["hands"]],
                 "nest": list(played.hands[-1][1]["nest"]),
                 "scores": list(session.game.scores), "number": hand.number}
        found = diagnose(oracle, engine, info, later, played.path[done:])
    except EngineFailure:
        raise
    except Exception:  # noqa: BLE001 - a diagnosis never turns a failure into a crash
        return []
    return [d for d in found if d.rules and d.kind not in STOPPING]


def _later_rules(oracle, result: CaseResult, played: Played,
                 earlier=()) -> tuple[str, ...]:
    """The rules behind a failing expectation in a game's later hand: the game replayed
    in the spec, and the expectation's parts that differ told as the fuzzer tells them
    (a result, the end of the game, the deal passing on); a result is charged to the
    ``earlier`` differences of that hand where there are."""
    from ...engine import attribution
    try:
        session, done = _game_to_last_hand(oracle, result.case.deal, played)
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
    explained = [r for d in earlier for r in d.rules] if "result" in expected else []
    rules: list[str] = explained or _result_rules(session, divergence, played.engine_state)
    if "game_over" in expected and hand.result is not None:
        rules += _game_end_rules(oracle, session, divergence, played.engine_state)
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


def _step_rules(oracle, result: CaseResult, played: Played, earlier=()) -> tuple[str, ...]:
    """The rules behind an ``expect`` the fuzzer's comparisons do not cover (a seat's
    view or hand, tricks won, trump, a result and the game's end): read from the spec at
    that point.  A result is charged to ``earlier`` differences of the hand where there
    are (the points of a trick counted otherwise), else to the parts of it that differ;
    the game's end is judged from the engine's own totals (given these totals, does the
    spec end the game as the engine does?), so a result that differs never charges a
    game rule by itself."""
    from ...engine import attribution
    session = _replayed_session(oracle, result.case.deal, played.path)
    if session is None:
        return ()
    hand = session.hand
    divergence = result.divergence
    keys = list(divergence.expected) if divergence and isinstance(divergence.expected, dict) \
        else []
    actual = divergence.actual if divergence and isinstance(divergence.actual, dict) else {}
    rules: list[str] = []
    for key in keys:
        if key == "result" and hand.is_over:
            # what the hand showed before (a trick's points), else the parts that differ
            # as the fuzzer tells them: never every scoring rule at once
            explained = [r for d in earlier for r in d.rules]
            rules += explained or _result_rules(session, divergence, played.engine_state)
        elif key == "game_over" and hand.is_over and hand.result is not None:
            rules += _game_end_rules(oracle, session, divergence, played.engine_state)
        elif key == "view":
            want = divergence.expected["view"]
            hidden = want.get("hidden") if isinstance(want, dict) else None
            if isinstance(hidden, list) and hidden:
                # cards the seat should not see: the rule that hides each group of
                # them, by where they lie, as fuzz tells a leak
                seat = want.get("seat", hand.actor)
                codes = [c for c in hidden if isinstance(c, str)]
                rules += [r for _, _, found in attribution.leaks_by_cause(hand, seat, codes)
                          for r in found]
            else:
                rules += attribution.view_rules(hand, want)
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
