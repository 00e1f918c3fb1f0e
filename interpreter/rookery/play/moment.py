"""This moment at the table in words: what the person may do now, in one line, and on
``help`` the rules behind it, each said the way the rules language's reference says it.

Only the actions open now are named (a bid range in the auction, the playable cards in
the play), never every action kind of the language; the rules are the ones the engine
names as shaping the legal actions now (:meth:`Hand.legal_rules`), each with the spec's
clause, what that kind of clause means and the source it cites.
"""

from __future__ import annotations

from ..engine import Action, Hand
from ..engine.codes import CATALOGUE
from ..errors import IllegalAction
from ..language.vocabulary import SECTIONS
from .spoken import CARD_KINDS
from .transcript import trump_in_words


def bid_range(hand: Hand, legal: list[Action]) -> str:
    """The bids open now, compactly: ``bid 80 to 120 by 5, or pass``."""
    amounts = sorted(a.value for a in legal if a.kind == "bid")
    step = hand.variant.bidding.step
    if not amounts:
        said = ""
    elif len(amounts) == 1:
        said = f"bid {amounts[0]}"
    elif amounts == list(range(amounts[0], amounts[-1] + 1, step)):
        said = f"bid {amounts[0]} to {amounts[-1]} by {step}"
    else:
        said = "bid " + ", ".join(map(str, amounts))
    others = [str(a) for a in legal if a.kind != "bid"]
    return ", or ".join(filter(None, [said, ", ".join(others)]))


def choices_line(hand: Hand, legal: list[Action]) -> str:
    """The actions open now in one line: the bid range, the cards by code, or the few
    choices of the other phases (a trump color with its name)."""
    kinds = {a.kind for a in legal}
    if "bid" in kinds:
        return "you may " + bid_range(hand, legal)
    if kinds & set(CARD_KINDS):
        kind = next(k for k in CARD_KINDS if k in kinds)
        cards = " ".join(a.value for a in legal if a.kind == kind)
        rest = [str(a) for a in legal if a.kind != kind]
        if kind == "discard":
            left = hand.discards_left
            head = f"lay aside {left} card{'s' if left != 1 else ''} (one line will do)"
        else:
            head = f"you may {CARD_KINDS[kind]}"
        return f"{head}: {cards}" + (f" (or {', '.join(rest)})" if rest else "")
    return "you may: " + " | ".join(action_words(hand, a) for a in legal)


def action_words(hand: Hand, action: Action) -> str:
    if action.kind == "trump":
        return f"trump {action.value} ({trump_in_words(hand, action.value)})"
    return str(action)


def not_offered(hand: Hand, legal: list[Action]) -> list[tuple[list[str], str]]:
    """Held cards that are not among the cards offered now, grouped by the reason the
    rules give when one is tried (the rejection code's meaning): the nest rule that keeps
    counters in hand, say.  Tried on a copy of the hand, so nothing changes."""
    kinds = {a.kind for a in legal} & set(CARD_KINDS)
    if not kinds:
        return []
    kind = next(iter(kinds))
    offered = {a.value for a in legal}
    t = hand.t
    held = dict.fromkeys(t.codes[c] for c in hand.hands[hand.to_act])
    groups: dict[str, list[str]] = {}
    for code in held:
        if code in offered:
            continue
        error = refusal(hand, Action(kind, code))
        if error is not None:
            groups.setdefault(error.code, []).append(code)
    return [(cards, reason_in_words(code)) for code, cards in groups.items()]


def refusal(hand: Hand, action: Action) -> IllegalAction | None:
    """Why the rules refuse ``action`` now, or None if they take it (tried on a copy)."""
    try:
        hand.copy().apply(action, hand.actor)
    except IllegalAction as error:
        return error
    return None


def reason_in_words(code: str) -> str:
    rejection = CATALOGUE.get(code)
    return rejection.meaning if rejection is not None else code


def rule_in_words(hand: Hand, rule_id: str) -> str | None:
    """A rule as the help says it: its id, the spec's clause, what such a clause means
    and the citation: ``bidding.step "step 5": bids are multiples of this (wikipedia-rook,
    Bidding)``."""
    rule = next((r for r in hand.variant.rules if r.id == rule_id), None)
    if rule is None:
        return None
    key = SECTIONS.get(rule.section, {}).get(rule.key)
    cited = "; ".join(f"{c.source}, {c.where}" if c.where else c.source
                      for c in rule.citations)
    meaning = _trump_calls_meaning(rule.text) if rule.id == "trump.choices" else \
        key.meaning if key else ""
    return (f"{rule.id} \"{rule.text}\"" + (f": {meaning}" if meaning else "")
            + (f" ({cited})" if cited else ""))


# What each call of ``trump: choices`` lets the bid winner name, in words.
_TRUMP_CALLS = {"colors": "a trump color", "no-trump": "no trump",
                "low-card": "a low-card hand (ranks reversed: the low card wins)",
                "circus": "circus (the player on the left names trump, then everyone "
                          "passes one card to the left: that player's side its best card, "
                          "the bid winner's side its worst; the namer leads)"}


def _trump_calls_meaning(text: str) -> str:
    """``trump: choices`` as this variant says it: only the calls it lists (the key's
    meaning in the DSL reference lists every call the language has)."""
    calls = [_TRUMP_CALLS.get(word, word) for word in text.split(" ", 1)[-1].split(", ")]
    listed = calls[0] if len(calls) == 1 else ", ".join(calls[:-1]) + " or " + calls[-1]
    return f"the bid winner may call {listed}"


def moment_help(hand: Hand, legal: list[Action], hint_bot: str) -> list[str]:
    """The lines ``help`` (or ``?``) prints: this moment's actions, the rules behind
    them in words, and how to type them."""
    lines = ["now " + choices_line(hand, legal)]
    rules = [said for said in (rule_in_words(hand, r) for r in hand.legal_rules()) if said]
    if rules:
        lines.append("the rules behind it:")
        lines += [f"  {said}" for said in rules]
    kinds = {a.kind for a in legal}
    examples = []
    if "bid" in kinds:
        example = min((a.value for a in legal if a.kind == "bid"), default=None)
        examples.append(f"a bid as 'bid {example}' or '{example}', or 'pass'")
    if kinds & set(CARD_KINDS):
        code = next(a.value for a in legal if a.kind in CARD_KINDS)
        card = next(c for c in hand.variant.deck.cards if c.code == code)
        spoken = f", '{code.lower()}'"
        if card.color is not None and card.rank is not None:
            spoken += f" or '{card.rank} {hand.variant.deck.colors[card.color].name}'"
        examples.append(f"a card as '{code}'{spoken}")
    colors = {c.letter: c for c in hand.variant.deck.colors}
    color = next((colors[a.value] for a in legal if a.kind == "trump" and a.value in colors),
                 None)
    if color is not None:
        examples.append(f"trump as 'trump {color.name}', 'trump {color.letter}' or "
                        f"'{color.name}'")
    if examples:
        lines.append("type " + "; ".join(examples))
    lines.append(f"also: hint (the {hint_bot} bot's choice; Enter then plays it), "
                 "help or ?, quit (the game so far is saved)")
    return lines
