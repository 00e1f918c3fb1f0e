"""Attribution of tricks: which rules decide who takes a trick (the rank order, trump,
the Rook and birds, ``play.ties``) and the points in it (``scoring.counters``)."""

from __future__ import annotations

from .common import _rule, _unique


def bird_rule(hand, card: int) -> str:
    """The id of the ``trump: bird`` clause that places the bird ``card``."""
    code = hand.t.codes[card]
    for rule in hand.variant.rules:
        if rule.section == "trump" and rule.key == "bird" and rule.text.split()[1:2] == [code]:
            return rule.id
    return f"trump.bird.{code}"


def beats_rule(hand, ctx, winner: int, other: int) -> str | None:
    """The rule by which card ``winner`` beats card ``other`` in this trick (``None``
    when it is no clause but the shape of a trick: an off-color card cannot win)."""
    t = hand.t
    rules = hand.variant.trump
    if winner == other:
        return _rule(hand, "play", "ties")
    birds = [card for card in (winner, other) if card in t.birds]
    if birds:       # placed after the Rook and against it: the later bird's clause decides
        return bird_rule(hand, max(birds, key=t.birds.index))
    if t.rook is not None and t.rook in (winner, other):
        if ctx.trump < 0 and rules.no_trump_rook is not None:
            return _rule(hand, "trump", "no-trump-rook")
        if "-low" in ctx.call and rules.low_card_rook is not None:
            return _rule(hand, "trump", "low-card-rook")
        return _rule(hand, "trump", "rook")
    for special in rules.specials:
        code = t.card_of[special.code]
        if code in (winner, other):
            own = f"trump.special.{special.code}"
            return own if own in t.all_rule_ids else _rule(hand, "trump", "special")
    win_trump, other_trump = ctx.trump_key[winner] >= 0, ctx.trump_key[other] >= 0
    if win_trump and not other_trump:
        return _rule(hand, "trump", "choices")
    if ctx.suit_of[winner] == ctx.suit_of[other]:
        if "-low" in ctx.call:
            return _rule(hand, "trump", "choices")
        return t.rule_ids.get(("deck", "order")) or _rule(hand, "deck", "ranks")
    return None


def trick_rules(hand, ctx, cards, seats, winner: int) -> tuple[str, ...]:
    """The rules that gave the trick to ``winner``: why its card beat the strongest of
    the others (the card that would have won without it).  Asked at every trick, so the
    answer is kept per trump call and pair of cards."""
    win_card = cards[seats.index(winner)]
    trump_key, rank_key, suit_of = ctx.trump_key, ctx.rank_key, ctx.suit_of
    led = suit_of[cards[0]]
    runner_up, best = None, -2
    for seat, card in zip(seats, cards):
        if seat == winner:
            continue
        key = trump_key[card]
        if key < 0:
            key = rank_key[card] if suit_of[card] == led else -1
        if key > best:
            runner_up, best = card, key
    if runner_up is None:
        return ()
    cache = hand.t.trick_rule_cache
    found = cache.get((ctx.call, win_card, runner_up))
    if found is None:
        found = cache[(ctx.call, win_card, runner_up)] = \
            _unique([beats_rule(hand, ctx, win_card, runner_up)])
    return found


def seat_of_card_rule(hand, ctx, cards, seats, winner: int, claimed: int) -> tuple[str, ...]:
    """The rule by which the trick is ``winner``'s, not ``claimed``'s (as another engine
    says): why the winning card beats the card the other engine thinks won."""
    if claimed not in seats or winner not in seats:
        return trick_rules(hand, ctx, cards, seats, winner)
    return _unique([beats_rule(hand, ctx, cards[seats.index(winner)],
                               cards[seats.index(claimed)])])


def points_rules(hand) -> tuple[str, ...]:
    """The rules that count the points in a trick."""
    return hand.t.counters_rules
