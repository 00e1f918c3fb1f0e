"""The lockstep comparisons of one state (:class:`Comparisons`, mixed into
:class:`rookery.conformance.diagnosis.lockstep.Lockstep`): the last trick, the finished
hand and the game's end, whose turn and phase, the acting seat's cards, the legal set and
what a seat sees; each difference charged to its rule by :mod:`rookery.engine.attribution`."""

from __future__ import annotations

from ...engine import attribution
from ...engine.actions import Action
from .compare import action_order, compare, strings_in
from .differences import Difference
from .judged import Judged, engine_result, game_over_of


class Comparisons:
    """The comparisons of a lockstep run (state kept by the run: ``coverage``, ``t``,
    ``pending``, ``alike``, ``unattributed``)."""

    def _compare_trick(self, hand, want, got, record) -> None:
        """The last complete trick: who won it and the points in it."""
        mine = want.get("last_trick")
        if not mine or not hand.tricks:
            return
        theirs = got.get("last_trick")
        leader, cards, seats, winner = hand.tricks[-1]
        trick_no = len(hand.tricks)
        if getattr(self, "_trick_checked", None) == (id(hand), trick_no):
            return
        self._trick_checked = (id(hand), trick_no)
        steps = [{"expect": {"last_trick": {"winner": mine["winner"],
                                            "points": mine["points"]}}}]
        if isinstance(theirs, dict) and isinstance(theirs.get("points"), int):
            self._their_points[trick_no] = theirs["points"]
        if not isinstance(theirs, dict):
            record("trick-winner", hand.trick_rules[-1], steps, mine, theirs,
                   "the engine reports no last trick", stop=True)
        if theirs.get("winner") != winner:
            rules = attribution.seat_of_card_rule(hand, hand.ctx, cards, seats, winner,
                                                  theirs.get("winner"))
            record("trick-winner", rules, steps, {"winner": winner},
                   {"winner": theirs.get("winner")},
                   f"trick {trick_no}: " + ", ".join(
                       f"{s}:{hand.t.codes[c]}" for s, c in zip(seats, cards)), stop=True)
        if theirs.get("points") != mine["points"]:
            self._counted_apart = True
            record("trick-points", attribution.points_rules(hand), steps,
                   {"points": mine["points"]}, {"points": theirs.get("points")},
                   f"trick {trick_no}: " + ", ".join(hand.t.codes[c] for c in cards))

    def _compare_end(self, hand, want, got, record) -> None:
        """The finished hand: its result, then the end of the game."""
        self._judged = None         # the engine's totals, once judged (this hand only)
        if got.get("phase") != "done" or got.get("hand_over") is not True:
            record("phase", attribution.phase_rules(hand, got.get("phase")),
                   [{"expect": {"phase": "done", "hand_over": True}}], "done",
                   got.get("phase"), stop=True)
        result = want["result"]
        theirs = got.get("result")
        parts = {k: result[k] for k in ("thrown_in", "nest_to", "taken", "made", "changes",
                                        "scores")}
        if compare({"result": parts}, got, {}):
            shown = {k: theirs.get(k) for k in parts} if isinstance(theirs, dict) else theirs
            steps = [{"expect": {"hand_over": True, "result": parts}}]
            taken_differs = isinstance(theirs, dict) and \
                theirs.get("thrown_in") == parts["thrown_in"] and \
                theirs.get("nest_to") == parts["nest_to"] and \
                theirs.get("taken") != parts["taken"]
            if taken_differs:
                if self._counted_apart:
                    return      # the trick's counters already told this difference
                fits, alike = attribution.taken_hypotheses(hand, parts["taken"],
                                                           theirs.get("taken"))
                self.alike |= alike
                difference = Difference("result", tuple(fits), record.deal, record.path(),
                                        steps, parts, shown, "what the sides took differs",
                                        record.number, record.earlier, self.learned())
                if len(fits) == 1:
                    record("result", fits, steps, parts, shown, "what the sides took differs")
                else:
                    difference.nest_unseen = bool(hand.result.nest_points)
                    self.pending.append((difference, set(fits)))
                self._judge_game_end(hand, got, record)
                return
            if isinstance(theirs, dict) and theirs.get("taken") == parts["taken"]:
                _, alike = attribution.taken_hypotheses(hand, parts["taken"], parts["taken"])
                self.alike |= alike
            record("result", attribution.result_rules(hand, parts, theirs), steps, parts,
                   shown)
            self._judge_game_end(hand, got, record)
            return
        if not parts["thrown_in"]:
            _, alike = attribution.taken_hypotheses(hand, parts["taken"], parts["taken"])
            self.alike |= alike
        if compare({"game_over": want["game_over"]}, got, {}):
            rules = attribution.game_rules(hand, want["game_over"], got.get("game_over"))
            steps = [{"expect": {"game_over": want["game_over"]}}]
            also = attribution.game_rules_also(hand, want["game_over"], got.get("game_over"))
            if also:
                # read one way, fitting another rule too: weighed at the end (finish)
                self.pending.append((Difference(
                    "game-over", rules, record.deal, record.path(), steps,
                    want["game_over"], got.get("game_over"), "", record.number,
                    record.earlier, self.learned()), set(rules) | set(also)))
                return
            record("game-over", rules, steps, want["game_over"], got.get("game_over"))

    def _judge_game_end(self, hand, got, record) -> None:
        """The hand's result differs: the engine's end of the game is judged from its
        own totals (:mod:`.judged`), not from the spec's, which it does not have.  The
        case written for a difference found so starts the hand from running scores at
        which the spec's totals after the hand are the engine's."""
        result = engine_result(hand, got.get("result"))
        self._judged = None
        if result is None or "game_over" not in got:
            return
        expected = game_over_of(hand.variant, result, hand.t.team_of)
        self._judged = (result, expected)
        if not compare({"game_over": expected}, got, {}):
            return
        actual = got.get("game_over")
        rules = attribution.game_rules(Judged(hand, result), expected, actual)
        deal = dict(record.deal)
        if not deal.get("next") and isinstance(deal.get("scores"), list):
            deal["scores"] = [b + t - s for b, t, s in zip(
                deal["scores"], result.scores, hand.result.scores)]
        totals = ", ".join(map(str, result.scores))
        difference = Difference("game-over", tuple(rules), deal, record.path(),
                                [{"expect": {"game_over": expected}}], expected, actual,
                                f"judged from the engine's own totals ({totals})",
                                record.number, record.earlier, self.learned(), judged=True)
        record.found.append(difference)

    def _compare_turn(self, hand, want, got, record) -> None:
        if got.get("phase") != want["phase"]:
            record("phase", attribution.phase_rules(hand, got.get("phase")),
                   [{"expect": {"phase": want["phase"]}}], want["phase"], got.get("phase"),
                   stop=True)
        if got.get("to_act") != want["to_act"]:
            record("to_act", attribution.turn_rules(hand, got.get("to_act")),
                   [{"expect": {"to_act": want["to_act"]}}], want["to_act"],
                   got.get("to_act"), stop=True)
        if hand.phase != "bidding" and (got.get("high_bid"), got.get("bidder")) != \
                (want["high_bid"], want["bidder"]):
            record("auction", attribution.auction_rules(hand),
                   [{"expect": {"high_bid": want["high_bid"], "bidder": want["bidder"]}}],
                   {"high_bid": want["high_bid"], "bidder": want["bidder"]},
                   {"high_bid": got.get("high_bid"), "bidder": got.get("bidder")},
                   stop=True)

    def _compare_hand(self, hand, seat, want, got, record) -> None:
        """The acting seat's cards: a nest taken at another time, cards passed
        otherwise, show here first."""
        theirs = got.get("hand")
        if seat is None or not isinstance(theirs, list):
            return
        mine = want.get("hand", [])
        if sorted(map(str, theirs)) != sorted(mine):
            record("hand", attribution.hand_rules(hand, seat),
                   [{"expect": {"hand": {"seat": seat, "cards": mine}}}], sorted(mine),
                   sorted(map(str, theirs)), stop=True)

    def _compare_legal(self, hand, want, got, record) -> tuple[list[Action], list[Action]]:
        """The legal set; returns the actions both sides allow, and the oracle's."""
        mine = [Action.parse(a) for a in want["legal"]]
        theirs_raw = got.get("legal")
        if not isinstance(theirs_raw, list):
            return mine, mine
        theirs = set()
        unreadable = []
        for text in theirs_raw:
            try:
                theirs.add(Action.parse(str(text)))
            except Exception:  # noqa: BLE001 - an action the spec has no word for
                unreadable.append(str(text)[:80])
        if unreadable:
            # never dropped: a finding of its own, quoting what the engine offers
            quoted = ", ".join(f"`{text}`" for text in unreadable[:5])
            record("unreadable-action", (), [{"expect": {"to_act": want["to_act"],
                                                        "legal": want["legal"]}}],
                   sorted(want["legal"], key=action_order), list(map(str, theirs_raw)),
                   f"the engine offers actions the spec has no word for: {quoted}")
        missing = [a for a in mine if a not in theirs]
        extra = sorted(theirs - set(mine), key=lambda a: action_order(str(a)))
        if missing or extra:
            top = getattr(self, "_engine_top", None)
            rules = attribution.legal_difference_rules(hand, missing, extra, theirs, top)
            bids = [a.value for a in theirs if a.kind == "bid"]
            if bids and attribution.lower_maximum(hand, missing, extra, theirs, top):
                # the engine's highest bid, seen in this deal: where it later allows only
                # that bid, or none over it, its maximum (not a one-step raise) explains it
                self._engine_top = max(bids)
            if rules is None:       # fits two rules here; other states will tell them apart
                return [a for a in mine if a in theirs] or mine, mine
            if not rules:
                # Left to the differences it follows from (the points a hand holds):
                # kept apart, unattributed (once), so an engine differing only here is seen.
                if ("legal", "the highest bids differ") in self._told:
                    return [a for a in mine if a in theirs] or mine, mine
                self._told.add(("legal", "the highest bids differ"))
                self.unattributed.append(Difference(
                    "legal", (), record.deal, record.path(), [{"expect": {
                        "to_act": want["to_act"], "legal": want["legal"]}}],
                    sorted(want["legal"], key=action_order),
                    sorted(map(str, theirs), key=action_order),
                    "the highest bids differ", record.number, record.earlier))
                return [a for a in mine if a in theirs] or mine, mine
            detail = []
            if missing:
                detail.append("not legal but should be: " + ", ".join(map(str, missing)))
            if extra:
                detail.append("legal but should not be: " + ", ".join(map(str, extra)))
            record("legal", rules, [{"expect": {"to_act": want["to_act"],
                                                "legal": want["legal"]}}],
                   sorted(want["legal"], key=action_order),
                   sorted(map(str, theirs), key=action_order), "; ".join(detail))
        common = [a for a in mine if a in theirs]
        return common or mine, mine

    def _check_view(self, hand, seat, got, record) -> bool:
        """What ``seat`` sees: no card hidden from it, every nest card shown to all.
        True when a view was compared and agreed."""
        view = got.get("view")
        if not isinstance(view, dict):
            return False
        before = len(record.found)
        self.coverage.views += 1
        hidden = attribution.hidden_codes(hand, seat)
        if hand.start_nest:
            # what a seat may see of the nest: face down unless the spec turns it up
            self.coverage.decide((self.t.rule("nest", "face-up"), self.t.rule("nest", "shown")),
                                 getattr(self, "_number", 0))
        if hand.tricks:
            # what a seat may look at again of the tricks taken
            self.coverage.decide((self.t.rule("play", "review"),), getattr(self, "_number", 0))
        seen = sorted(hidden & set(strings_in(view)))
        # one difference per cause: which zone (another seat's hand, the nest, the cards
        # laid aside, a trick taken ...) the seat saw into, under the rule that hides it
        for zone, codes, rules in attribution.leaks_by_cause(hand, seat, seen):
            record("view-leak", rules,
                   [{"expect": {"view": {"seat": seat, "hidden": codes}}}],
                   f"seat {seat} sees none of {', '.join(codes)}",
                   f"seat {seat} sees {', '.join(codes)}",
                   f"seat {seat} sees into {zone}")
        self._check_shown(hand, seat, view, record)
        return len(record.found) == before

    @staticmethod
    def _check_shown(hand, seat, view, record) -> None:
        """Nest cards turned face up must be in the view (``nest.face-up``,
        ``nest.shown``), and every taken trick where ``play.review all-tricks`` keeps them
        open: a view without them is charged to the rule that shows them."""
        for fact, (cards, rule) in attribution.shown_facts(hand, seat).items():
            got = view.get(fact)
            if fact == "tricks":        # every taken trick, in order (play.review)
                if got == cards:
                    continue
                told = f"the {len(cards)} tricks taken so far"
            elif isinstance(got, list) and sorted(map(str, got)) == sorted(cards):
                continue
            else:
                told = ", ".join(cards)
            record("view-shows", (rule,),
                   [{"expect": {"view": {"seat": seat, "shows": {fact: cards}}}}],
                   f"seat {seat}'s view shows {fact} {told}",
                   f"seat {seat}'s view shows {fact} {got!r:.80}")

