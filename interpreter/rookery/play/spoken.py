"""What a person at the table types, read as an action the way players speak.

At the table a player says ``Y10``, ``y10``, ``10 yellow`` or ``yellow 10`` for a card
(``ten of yellow`` is too much typing for anyone), ``trump green`` or ``trump G`` or just
``green`` when trump is to be named, ``bid 85`` or ``85`` in the auction, and ``pass``.
The menu's own notation (``play Y10``, ``discard B7``) is read too.  The words come from
the variant's deck (its colors' names and letters, its rank labels), never from a variant
id, so a standard deck's ``QH`` / ``queen hearts`` reads as well as a Rook deck's ``G14``.

A card the person names that the rules do not allow now (a card of another color while
the led color is held, a counter the nest rule keeps in hand) is still read as an action,
so that the engine can say in words why it is refused.  Only an answer that names no
action at all, or names several equally well (``10`` with two 10s playable), comes back as
:class:`NotUnderstood`, with what would be understood.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..engine import Action, Hand

# The kinds whose value is a card, and the word a player uses for each.
CARD_KINDS = {"play": "play", "discard": "lay aside", "give": "pass", "call": "call"}

# Words said for the menu's own kind words.
_KIND_WORDS = {"discard": ("discard", "lay aside", "bury"), "give": ("give", "pass"),
               "play": ("play", "lead"), "call": ("call",), "trump": ("trump",),
               "bid": ("bid",), "rook": ("rook",), "leader": ("leader",)}

# Face cards of a standard deck as players say them.
_RANK_WORDS = {"J": "jack", "Q": "queen", "K": "king", "A": "ace"}


@dataclass(frozen=True)
class NotUnderstood:
    """An answer that names no action, or several: ``why`` says which, in words."""

    why: str


def normal(text: str) -> str:
    """Lower case, one space between words, no commas or surrounding spaces."""
    return " ".join(str(text).replace(",", " ").lower().split())


def card_spellings(hand: Hand, code: str) -> set[str]:
    """Every way a player writes the card ``code``: the code itself, and for a card of a
    color its rank and color name or letter in either order (``10 yellow``,
    ``yellow 10``, ``10y``)."""
    said = {code.lower()}
    deck = hand.variant.deck
    card = next((c for c in deck.cards if c.code == code), None)
    if card is None or card.color is None or card.rank is None:
        return said
    color = deck.colors[card.color]
    for rank in {card.rank, _RANK_WORDS.get(card.rank, card.rank)}:
        for name in {color.name, color.letter}:
            rank_l, name_l = rank.lower(), name.lower()
            said |= {f"{rank_l} {name_l}", f"{name_l} {rank_l}", f"{rank_l} of {name_l}"}
        said.add(f"{rank.lower()}{color.letter.lower()}")
    return said


def rank_of(hand: Hand, code: str) -> str | None:
    card = next((c for c in hand.variant.deck.cards if c.code == code), None)
    return None if card is None or card.rank is None or card.color is None \
        else card.rank.lower()


def trump_spellings(hand: Hand, value: str) -> set[str]:
    """``trump G`` said as ``G``, ``green``, ``trump green``; ``none`` as ``no trump``;
    ``G-low`` as ``green low``."""
    colors = {c.letter: c.name for c in hand.variant.deck.colors}
    base, _, low = str(value).partition("-")
    names = {base.lower()}
    if base in colors:
        names.add(colors[base].lower())
    if base == "none":
        names |= {"no trump", "notrump", "no-trump"}
    if low:
        names = {f"{n} low" for n in names} | {f"{n}-low" for n in names}
    return names | {f"trump {n}" for n in names}


def spellings(hand: Hand, action: Action) -> set[str]:
    """Every way a player writes ``action``."""
    kind, value = action.kind, action.value
    if value is None:
        # a moon bid as players say it (``bidding: moon``)
        return {kind, "bid moon", "shoot the moon"} if kind == "moon" else {kind}
    if kind in CARD_KINDS:
        plain = card_spellings(hand, value)
    elif kind == "trump":
        return trump_spellings(hand, value) | {str(action).lower()}
    else:
        plain = {str(value).lower()}
    verbs = _KIND_WORDS.get(kind, (kind,))
    return plain | {f"{verb} {said}" for verb in verbs for said in plain}


def read_one(hand: Hand, legal: list[Action], text: str) -> Action | NotUnderstood:
    """The one action ``text`` names: a legal one, or one the rules will refuse in words.

    An answer matching no legal action but naming a card of the deck (in a phase whose
    actions are cards) or a bid amount becomes that action, for the engine to refuse."""
    said = normal(text)
    if not said:
        return NotUnderstood("nothing typed")
    matches = [a for a in legal if said in spellings(hand, a)]
    if len(matches) == 1:
        return matches[0]
    kinds = {a.kind for a in legal}
    card_kinds = kinds & set(CARD_KINDS)
    if not matches and card_kinds:
        # a bare rank: unambiguous when one card of that rank is on offer
        by_rank = [a for a in legal if a.kind in CARD_KINDS and rank_of(hand, a.value) == said]
        if len(by_rank) == 1:
            return by_rank[0]
        if by_rank:
            return NotUnderstood(f"which {text.strip()}? "
                                 + " or ".join(str(a.value) for a in by_rank))
        kind = sorted(card_kinds)[0]
        named = [code for code in hand.t.codes
                 if said in spellings(hand, Action(kind, code))]
        if len(named) == 1:
            return Action(kind, named[0])
    if not matches and "bid" in kinds:
        amount = re.fullmatch(r"(?:bid )?(\d{1,6})", said)
        if amount:
            return Action("bid", int(amount.group(1)))
    if matches:
        return NotUnderstood(f"'{text.strip()}' could be "
                             + " or ".join(str(a) for a in matches))
    return NotUnderstood(f"'{text.strip()}' is not one of the actions open now")


def read_cards(hand: Hand, legal: list[Action], text: str) -> list[Action] | NotUnderstood:
    """Several cards in one line (``Y5 G6 B7 R8 B9``, or ``5 yellow, 6 green``): each read
    as :func:`read_one` reads one, against the same kind of action."""
    words = normal(text).split()
    kind = legal[0].kind
    chosen: list[Action] = []
    at = 0
    while at < len(words):
        # a card takes one word (Y10) or two (10 yellow) or three (10 of yellow)
        for size in (3, 2, 1):
            piece = " ".join(words[at:at + size])
            if len(words) - at < size:
                continue
            found = [code for code in hand.t.codes if piece in card_spellings(hand, code)]
            if len(found) == 1 and (size == 1 or " " in piece):
                chosen.append(Action(kind, found[0]))
                at += size
                break
        else:
            return NotUnderstood(f"'{words[at]}' is not a card of this deck")
    return chosen
