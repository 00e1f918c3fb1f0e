"""What each clause of each section means: the vocabulary of the rules language.

The grammar only knows the shape of a clause (``key values`` or ``key: formula``); this
module knows that ``bidding: minimum 70`` sets the minimum bid, that ``deck: ranks
5..14, 1`` puts the 1 above the 14, and so on.  :data:`SECTIONS` lists every key with
the values it takes and what it means (the DSL reference in the docs is generated from
it), with the typed readers of clause values (:class:`Clauses`, :func:`number_of` ...);
:mod:`rookery.language.sections` uses them to turn a variant's clauses into a
:class:`~rookery.language.model.Variant`.
"""

from __future__ import annotations

import difflib
import re
import textwrap
from dataclasses import dataclass

from . import ast
from ..errors import Span, SpecError
from .hints import keystrokes, near_in_meaning, near_in_spelling, value_of


@dataclass(frozen=True)
class Key:
    shape: str          # how the values are written
    meaning: str        # what the clause says, for the DSL reference
    default: str = ""   # what holds when the clause is absent ("" = required)


SECTIONS: dict[str, dict[str, Key]] = {
    "table": {
        "players": Key("NUMBER", "how many players sit at the table (3 to 8)"),
        "sides": Key("teams N | individual | called N",
                     "fixed teams (seat i is on team i mod N, so partners sit opposite with "
                     "4 and every other seat with 6), every player for themselves, or a side "
                     "formed each hand by the N cards the bid winner calls", "teams 2"),
        "dummy": Key("none | partner",
                     "whether the bid winner plays the partner's hand, exposed, as a dummy",
                     "none"),
        "dummy-shown": Key("after-auction | after-first-lead",
                           "when the dummy's hand is laid face up for everyone",
                           "after-first-lead"),
        "call-time": Key("after-auction | before-trump | after-trump",
                         "when the bid winner calls the partner's card(s): as soon as the "
                         "auction is won, just before naming trump (and before calling the "
                         "Rook when that comes before trump too), or once trump and the "
                         "Rook are called", "after-trump"),
    },
    "deck": {
        "colors": Key("NAME LETTER, ...",
                      "the colors (or suits) and the letter that starts their card codes"),
        "ranks": Key("RANK, LOW..HIGH, ...",
                     "the ranks of each color, from lowest to highest (5..14, 1 puts the 1 "
                     "above the 14)"),
        "order": Key("RANK, LOW..HIGH, ...",
                     "the full rank order when added cards use a rank not in 'ranks'",
                     "the ranks"),
        "copies": Key("NUMBER", "how many copies of the deck are shuffled together", "1"),
        "rook": Key("CODE | none", "the Rook Bird card and its code (one per copy)", "none"),
        "birds": Key("CODE, ... | none",
                     "other Rook-like birds (a little rook ...): cards of no color, one per "
                     "copy each, always trump, each placed by a 'trump: bird' clause", "none"),
        "add": Key("CARD, ...", "single extra cards added to the deck", "none"),
        "remove": Key("CARD, ...", "cards taken out of the deck (one copy each)", "none"),
    },
    "deal": {
        "hand": Key("NUMBER", "cards dealt to each player"),
        "nest": Key("NUMBER", "cards in the nest (widow, kitty, center)", "0"),
        "nest-deal": Key("rounds | last | first",
                         "when the nest is dealt: one card after each of the first rounds, "
                         "the cards left at the end, or the first cards", "last"),
        "poor-hand": Key("none | no counters | counters below N | points below N | "
                         "ranks LOW to HIGH, ...",
                         "what makes a hand poor enough to be thrown in (any of the "
                         "conditions listed): no counter, fewer than N counters, counters "
                         "worth fewer than N points, or every card ranked from LOW to HIGH "
                         "(a card without a rank, such as the Rook, is in no range)", "none"),
        "poor-hand-redeal": Key("may | must",
                                "a poor hand: its holder may throw the cards in (each "
                                "holder, from the dealer's left, says 'redeal' or 'keep' "
                                "before the auction), or the cards are thrown in at once",
                                "may"),
        "poor-hand-dealer": Key("next | same",
                                "who deals after a poor hand is thrown in: the next player "
                                "(the deal passes to the left) or the same dealer again",
                                "next"),
    },
    "bidding": {
        "first": Key("left-of-dealer | dealer", "who speaks first", "left-of-dealer"),
        "opening": Key("none | dealer NUMBER",
                       "an automatic opening bid made for the dealer", "none"),
        "minimum": Key("NUMBER", "the lowest bid"),
        "maximum": Key("NUMBER | none", "the highest bid", "none"),
        "step": Key("NUMBER", "bids are multiples of this", "5"),
        "raise": Key("jumps | one-step",
                     "whether a bid may raise by more than one step", "jumps"),
        "pass": Key("final", "a player who passes may not bid again in the hand", "final"),
        "all-pass": Key("redeal | dealer-forced | dealer-must-bid",
                        "when nobody bids: the hand is thrown in and the deal passes on, or "
                        "once all but one have passed, the one left (the dealer when the "
                        "auction starts at the dealer's left) must take it at the minimum "
                        "(dealer-forced) or must bid but chooses any legal amount "
                        "(dealer-must-bid)",
                        "redeal"),
        "moon": Key("none | NUMBER | game",
                    "a bid to take every trick, 'shooting the moon' (the action 'moon'): "
                    "it outbids every amount, and nothing outbids it; made (the bidding "
                    "side takes every trick), it scores N points, or wins the game at once "
                    "('game'); set, the bidding side loses what 'scoring: moon-set' says",
                    "none"),
        "at-maximum": Key("others-pass | ends-auction",
                          "a bid of the highest amount: the others still speak (they can "
                          "only pass), or it wins the auction at once", "others-pass"),
    },
    "nest": {
        "discard": Key("NUMBER", "cards the bid winner lays aside after taking the nest",
                       "the nest's size"),
        "forbid": Key("nothing | counters [unless forced] | trump [unless forced] | "
                      "CARD [unless forced], ...",
                      "cards that may not be laid aside (unless no other card is left): "
                      "counters, trumps, or one named card such as the Rook (a card code; "
                      "counters and trumps may then go)",
                      "nothing"),
        "forced-burial": Key("any | trump | trump-else-any",
                             "with 'forbid counters unless forced': which counters the bid "
                             "winner lays aside when it must (any, or trump counters only); "
                             "trump is then named with the nest in hand, and a trump that "
                             "leaves too few trump counters may not be named ('trump': the "
                             "checker proves some trump always can be; 'trump-else-any': when "
                             "none can, any trump and any counters)", "any"),
        "burial-order": Key("forced-last | any",
                            "with 'unless forced' in 'forbid': when the bid winner may lay "
                            "aside the forbidden cards it will be forced to bury (it holds "
                            "fewer other cards than it must lay aside): only once its other "
                            "cards are gone, or at any point of the burial (those of them "
                            "'forced-burial' allows, such as its trump counters)",
                            "forced-last"),
        "exchange": Key("NUMBER | any",
                        "how many cards the bid winner may exchange with the nest: at most "
                        "N of the cards laid aside may be cards that were not in the nest "
                        "(it keeps at most N nest cards)", "any"),
        "points": Key("last-trick | bidder | none",
                      "who scores counters laid aside in the nest", "last-trick"),
        "face-up": Key("NUMBER",
                       "cards of the nest turned face up for everyone before the auction: "
                       "the first N cards dealt to the nest (the first N of a written "
                       "deal's nest)", "0"),
        "shown": Key("never | after-auction",
                     "whether the whole nest is shown to every player once the auction is "
                     "won, before the bid winner takes it", "never"),
        "announce": Key("nothing | points",
                        "what the bid winner announces about the nest once it is laid aside "
                        "(points: whether it holds any counters)", "nothing"),
    },
    "passing": {
        "cards": Key("NUMBER", "cards each player passes face down to an opponent", "0"),
        "directions": Key("left | right | none, ...",
                          "the direction of passing, cycling with the hand number", "left"),
        "bidder-sees": Key("at-once | after-trump",
                           "when the cards the bid winner receives in the pass join its hand",
                           "at-once"),
    },
    "trump": {
        "named": Key("before-nest | after-taking-nest | after-nest",
                     "when the bid winner names trump: before seeing the nest, after taking "
                     "it but before laying cards aside, or after laying them aside",
                     "after-nest"),
        "choices": Key("colors | no-trump | low-card | circus, ...",
                       "what the bid winner may call: a trump color, no trump, either of "
                       "them as a low-card hand (ranks reversed), or circus (the player on "
                       "the left names trump, then everyone passes one card to the left: "
                       "that player's side its best card, the bid winner's side its worst; "
                       "the namer leads)", "colors"),
        "rook": Key("highest | lowest | above RANK | caller-chooses",
                    "where the Rook ranks in trump", "highest"),
        "rook-call": Key("before-trump | after-trump",
                         "with 'rook caller-chooses': whether the bid winner calls the Rook "
                         "high or low just before naming trump (after any partner call made "
                         "before trump) or just after", "after-trump"),
        "no-trump-rook": Key("LETTER above RANK",
                             "the color and place of the Rook when no trump is named", "none"),
        "low-card-rook": Key("above RANK",
                             "where the Rook ranks in a low-card hand (\"above 10\" is the "
                             "10.5: it beats the 11 but not the 10 once ranks are reversed)",
                             "as in a high-card hand"),
        "bird": Key("CODE highest | lowest | above RANK | above CARD | below CARD",
                    "where a bird of 'deck: birds' ranks in trump: the highest or lowest "
                    "trump, just above a rank of the trump color (above 10 is the 10.5), "
                    "or just above or below the Rook or a bird placed before it "
                    "(one clause per bird)", "none"),
        "special": Key("CARD above|below CARD-or-top-or-bottom",
                       "a card that is always trump, placed in the trump order", "none"),
    },
    "play": {
        "leader": Key("left-of-dealer | left-of-bidder | bidder | bidder-chooses",
                      "who leads the first trick", "left-of-bidder"),
        "follow": Key("color | any", "players must follow the led color if they can", "color"),
        "anytime": Key("CARD, ... | none",
                       "cards that may be played even when their holder can follow", "none"),
        "ties": Key("first-played | last-played",
                    "which of two identical cards wins a trick", "first-played"),
        "claim": Key("none | certain",
                     "whether the player on lead may lay down the rest of the hand and take "
                     "every remaining trick, when that is certain: leading its cards from "
                     "the strongest down, no card another player holds could take one of "
                     "those tricks", "none"),
        "review": Key("none | last-trick | all-tricks",
                      "which taken tricks a player may look at again: none (a trick is seen "
                      "only until the next card is led), the last one, or every trick "
                      "taken so far (each seat's view then holds them all)", "none"),
    },
    "scoring": {
        "counters": Key("RANK=POINTS | CARD=POINTS, ...", "the point value of counter cards",
                        "none"),
        "trick-points": Key("NUMBER", "points for each trick taken", "0"),
        "last-trick": Key("NUMBER", "bonus for taking the last trick", "0"),
        "majority": Key("NUMBER", "bonus for the side that takes most tricks", "0"),
        "all-tricks": Key("NUMBER | double",
                          "bonus for a side that takes every trick, or 'double': its take "
                          "(counters and bonuses) counts twice", "0"),
        "all-points": Key("NUMBER | double",
                          "bonus for a side that takes every counter of the hand (the nest's "
                          "where nest.points sends them), or 'double': its take counts twice "
                          "(a take is doubled once, however many rules double it)", "0"),
        "most-cards": Key("NUMBER",
                          "bonus for the side that takes the most cards: its tricks' cards, "
                          "and the nest's where nest.points sends its counters (nobody on a "
                          "tie)", "0"),
        "moon-set": Key("NUMBER",
                        "what a bidding side loses when its moon bid ('bidding: moon') is "
                        "set: N points off its score", "the moon's points (with 'moon "
                        "game': the points of a hand)"),
        "total": Key("NUMBER", "the documented points available in a hand (checked)", "none"),
        "made": Key("FORMULA (condition)", "when the bidding side has made its bid",
                    "taken >= bid"),
        "bidders": Key("FORMULA (amount)", "the bidding side's score for the hand",
                       "if made then taken else -bid"),
        "defenders": Key("FORMULA (amount)", "each other side's score for the hand", "taken"),
    },
    "game": {
        "target": Key("NUMBER", "the score that ends the game (reached or exceeded)"),
        "winner": Key("highest | bidder-goes",
                      "who wins when several reach the target in one hand", "highest"),
        "ties": Key("play-on | bidders | team N",
                    "who wins when the top totals at the end of the game are equal on "
                    "different sides: nobody (another hand is played), the bidding side "
                    "when it is among them, or fixed team N (seats N, N + teams, ...) when "
                    "it is among them", "play-on"),
        "win-on": Key("any-hand | own-bid",
                      "whether a side may reach the target in any hand, or wins only at the "
                      "end of a hand in which it was the bidding side and made its bid (a "
                      "side past the target as defenders keeps its score and plays on)",
                      "any-hand"),
        "low": Key("NUMBER | none",
                   "a score (such as -250) at or below which a side loses: the game ends "
                   "with that hand, and the highest total of the other sides wins (equal "
                   "totals as for 'ties'; when every side is that low, the highest of all)",
                   "none"),
    },
}

SECTION_ORDER = tuple(SECTIONS)
FORMULA_KEYS = {"made", "bidders", "defenders"}
REPEATABLE = {("trump", "special"), ("trump", "bird")}


def rule_id(clause: ast.Clause) -> str:
    """The stable id of a clause: explicit (``as ID``) or ``section.key[.first-value]``."""
    if clause.explicit_id:
        return clause.explicit_id
    if (clause.section, clause.key) in REPEATABLE and clause.values:
        return f"{clause.section}.{clause.key}.{clause.values[0].atoms[0].value}"
    return f"{clause.section}.{clause.key}"


def check_section(name: str, span: Span) -> None:
    """A section header must name a known section."""
    if name not in SECTIONS:
        close = difflib.get_close_matches(name, SECTION_ORDER, n=1)
        raise SpecError(f"unknown section '{name}'", span,
                        expected="one of " + ", ".join(s + ":" for s in SECTION_ORDER),
                        hint=f"did you mean '{close[0]}:'?" if close else
                        "sections follow how rules are told: " + ", ".join(SECTION_ORDER),
                        code="unknown-section")


def check_known(clause: ast.Clause) -> None:
    """A clause must use a known section and key, in the right form."""
    keys = SECTIONS.get(clause.section)
    if keys is None:
        check_section(clause.section, Span(clause.span.file, clause.span.line, 1,
                                           clause.section + ":"))
    if clause.key not in keys:
        elsewhere = [name for name, other in SECTIONS.items() if clause.key in other]
        if clause.key in SECTIONS and not clause.values:
            hint = f"a section header ends with a colon: '{clause.key}:'"
        elif clause.key in SECTIONS:
            hint = f"a section header stands alone on its line: '{clause.key}:'"
        elif elsewhere:
            hint = f"'{clause.key}' belongs in section {elsewhere[0]}:"
        else:
            hint = key_hint(clause.section, clause.key)
        raise SpecError(f"unknown clause '{clause.key}' in section {clause.section}:",
                        clause.key_span, expected="one of " + ", ".join(keys), hint=hint,
                        code="unknown-clause")
    if clause.formula is None and not clause.values:
        raise SpecError(f"'{clause.key}' needs a value", clause.key_span,
                        expected=f"{clause.key} {keys[clause.key].shape}",
                        hint=f"write the value after the key on the same line: "
                             f"{clause.key} {keys[clause.key].shape}", code="missing-value")
    if clause.key in FORMULA_KEYS and clause.formula is None:
        raise SpecError(f"'{clause.key}' takes a formula", clause.key_span,
                        expected=f"{clause.key}: FORMULA",
                        hint=f"write a colon after the key, e.g. {clause.key}: "
                             f"{keys[clause.key].default}", code="formula-expected")
    if clause.key not in FORMULA_KEYS and clause.formula is not None:
        raise SpecError(f"'{clause.key}' does not take a formula", clause.key_span,
                        expected=f"{clause.key} {keys[clause.key].shape}",
                        hint="only made, bidders and defenders are formulas; "
                             "drop the colon", code="values-expected")


def key_hint(section: str, key: str) -> str:
    """The hint for an unknown key of ``section`` (see :mod:`rookery.language.hints`): a key of
    the section a keystroke or two away, one of another section a keystroke away, the
    key of which the word is a value, or the keys whose meaning holds the word's parts."""
    keys = SECTIONS[section]
    near = near_in_spelling(key, keys)
    if near:
        return f"did you mean '{near[0]}'?"
    owner = {other: name for name, others in SECTIONS.items() if name != section
             for other in others}
    near = near_in_spelling(key, owner, most=1)
    if near:
        return f"did you mean '{near[0]}' (a clause of {owner[near[0]]}:)?"
    shapes = {f"{name}: {other}": k.shape for name, others in SECTIONS.items()
              for other, k in others.items()}
    values = value_of(key, shapes)
    if values:
        name, other = values[0].split(": ")
        return (f"'{key}' is a value, not a clause: {name}: {other} {key} "
                f"({_short(SECTIONS[name][other].meaning)})")
    meant = near_in_meaning(key, {k: v.meaning for k, v in keys.items()}, whole=True)
    if meant:   # the section's own keys first: no other section's is then offered
        if len(meant) > 3:
            return f"the clauses of {section}: that speak of it are " + ", ".join(meant)
        return "did you mean " + _listed(meant, {k: v.meaning for k, v in keys.items()}) + "?"
    meanings = {f"{name}: {other}": k.meaning for name, others in SECTIONS.items()
                if name != section for other, k in others.items()}
    meant = near_in_meaning(key, meanings, whole=True)
    if meant and len(meant) <= 3:
        return "did you mean " + _listed(meant, meanings) + "?"
    return f"see the DSL reference for what {section}: accepts"


def _short(meaning: str) -> str:
    """A key's meaning cut to its first clause, for a hint."""
    first = meaning.split(", ")[0].split("; ")[0]
    return textwrap.shorten(first, 60, placeholder=" ...")


def _listed(keys: list[str], meanings: dict[str, str]) -> str:
    parts = [f"'{key}' ({_short(meanings[key])})" for key in keys]
    return parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " or " + parts[-1]


# -- reading values -------------------------------------------------------------------------

class Clauses:
    """The clauses of one section, by key, with typed readers that raise SpecErrors."""

    def __init__(self, section: str, clauses: list[ast.Clause], where: Span):
        self.section = section
        self.where = where
        self.by_key: dict[str, list[ast.Clause]] = {}
        for clause in clauses:
            self.by_key.setdefault(clause.key, []).append(clause)

    def get(self, key: str) -> ast.Clause | None:
        found = self.by_key.get(key)
        return found[-1] if found else None

    def all(self, key: str) -> list[ast.Clause]:
        return self.by_key.get(key, [])

    def require(self, key: str) -> ast.Clause:
        clause = self.get(key)
        if clause is None:
            shape = SECTIONS[self.section][key].shape
            raise SpecError(f"section {self.section}: needs a '{key}' clause", self.where,
                            expected=f"{key} {shape}",
                            hint=f"add a line '{key} ...' under {self.section}:"
                                 + (" (or extend a variant that has it)"),
                            code="missing-clause")
        return clause

    def number(self, key: str, default: int | None = None, *, low: int = 0,
               high: int | None = None) -> int | None:
        clause = self.get(key) if default is not None else self.require(key)
        if clause is None:
            return default
        return number_of(clause, low=low, high=high)

    def word(self, key: str, choices: tuple[str, ...], default: str | None = None) -> str:
        clause = self.get(key) if default is not None else self.require(key)
        if clause is None:
            return default  # type: ignore[return-value]
        return word_of(clause, choices)


def only_value(clause: ast.Clause, shape: str) -> ast.Value:
    if len(clause.values) != 1:
        raise SpecError(f"'{clause.key}' takes one value, not {len(clause.values)}",
                        clause.values[1].span if len(clause.values) > 1 else clause.span,
                        expected=f"{clause.key} {shape}",
                        hint=f"keep one value, e.g. {clause.key} {clause.values[0]}"
                        if clause.values else f"write {clause.key} {shape}", code="wrong-values")
    return clause.values[0]


def number_of(clause: ast.Clause, low: int = 0, high: int | None = None) -> int:
    value = only_value(clause, "NUMBER")
    if value.kind != "phrase" or len(value.atoms) != 1 or value.atoms[0].kind != "number":
        raise SpecError(f"'{clause.key}' takes a whole number", value.span,
                        expected=f"{clause.key} NUMBER", hint=f"for example: {clause.key} 5",
                        code="number-expected")
    number = value.atoms[0].value
    if high is not None and not low <= number <= high:  # type: ignore[operator]
        raise SpecError(f"'{clause.key}' must be from {low} to {high}", value.span,
                        expected=f"a number from {low} to {high}",
                        hint="check the source's figure (the limits are in the DSL "
                             "reference)", code="number-out-of-range")
    if number < low:  # type: ignore[operator]
        raise SpecError(f"'{clause.key}' must be at least {low}", value.span,
                        expected=f"a number >= {low}", hint="check the source's figure",
                        code="number-out-of-range")
    return number  # type: ignore[return-value]


def word_of(clause: ast.Clause, choices: tuple[str, ...]) -> str:
    value = only_value(clause, " | ".join(choices))
    return word_in(clause, value, choices)


def word_in(clause: ast.Clause, value: ast.Value, choices: tuple[str, ...]) -> str:
    text = str(value).replace(" ", "-") if value.kind == "phrase" else str(value)
    if text not in choices:
        close = value_hint(clause.section, clause.key, text, choices)
        raise SpecError(f"'{clause.key}' does not take '{value}'", value.span,
                        expected=" or ".join(choices),
                        hint=f"did you mean '{close}'?" if close else
                        f"{clause.key} takes one of: {', '.join(choices)}",
                        code="unknown-value")
    return text


def value_hint(section: str, key: str, word: str, choices: tuple[str, ...]) -> str | None:
    """The value of ``section: key`` an unknown ``word`` most likely meant (see
    :mod:`rookery.language.hints`): one a keystroke or two away, else the one whose
    meaning holds every part of the word.  Letters alone mislead: ``dealer-picks`` looks
    most like ``dealer-forced``, the opposite rule; its meaning (the dealer chooses the
    amount) is ``dealer-must-bid``'s."""
    near = near_in_spelling(word, choices)
    if near:
        return near[0]
    cut_short = [choice for choice in choices if choice.startswith(word)]
    if len(cut_short) == 1:         # 'dealer-must' for dealer-must-bid
        return cut_short[0]
    meaning = SECTIONS[section][key].meaning if key in SECTIONS.get(section, {}) else ""
    meant = near_in_meaning(word, value_meanings(meaning, choices), whole=True)
    # of values that mean it equally, the one nearest in spelling
    return min(meant, key=lambda choice: keystrokes(word, choice)) if meant else None


def value_meanings(meaning: str, choices) -> dict[str, str]:
    """What each value of a key means, read from the key's meaning, where a value's
    words come just before it in parentheses ("must take it at the minimum
    (dealer-forced) or must bid but chooses any legal amount (dealer-must-bid)"); a
    value not named so means its own words."""
    found = {}
    for choice in choices:
        at = meaning.find(f"({choice})")
        start = max(meaning.rfind(")", 0, max(at, 0)), meaning.rfind(":", 0, max(at, 0)))
        found[choice] = choice + (" " + meaning[start + 1:at] if at >= 0 else "")
    return found


_CODE_PART = re.compile(r"[A-Za-z0-9]+")


def card_code_part(text: str, span: Span, what: str, example: str) -> str:
    """A piece of the card notation (a color's letter, a rank's label, the Rook's or a
    bird's code): letters and digits only, as the case and protocol schemas have them
    (``^[A-Za-z0-9]+$``), so that every card code reads back as one card.  A dash
    passed as a word of the spec (``green G-x``), then broke every reader of the codes
    (``trump G-x`` in play, serve and fuzz)."""
    if not _CODE_PART.fullmatch(text):
        raise SpecError(f"'{text}' cannot be part of a card's code: {what} holds letters "
                        "and digits only", span, expected=f"letters and digits, e.g. {example}",
                        hint="card codes are written R14, B5, ROOK: no dash, no other sign",
                        code="bad-card")
    return text


def rank_labels(clause: ast.Clause) -> list[tuple[str, Span]]:
    """Rank labels from ``5..14, 1`` or ``2..10, J, Q, K, A`` (low to high)."""
    labels: list[tuple[str, Span]] = []
    for value in clause.values:
        if value.kind == "range":
            low, high = value.atoms
            if low.kind != "number" or high.kind != "number" or low.value > high.value:
                raise SpecError(f"bad rank range '{value}'", value.span,
                                expected="LOW..HIGH with whole numbers, low first",
                                hint="for example 5..14", code="bad-range")
            if high.value - low.value >= 100:
                raise SpecError(f"the rank range '{value}' holds more than 100 ranks",
                                value.span, expected="a range of at most 100 ranks",
                                hint="a color of Rook cards holds 14 ranks or so: 1..14",
                                code="bad-range")
            labels += [(str(n), value.span) for n in range(low.value, high.value + 1)]
        elif value.kind == "phrase" and len(value.atoms) == 1:
            labels.append((card_code_part(str(value.atoms[0].value), value.span,
                                          "a rank's label", "J"), value.span))
        else:
            raise SpecError(f"'{value}' is not a rank", value.span,
                            expected="a rank label or a range such as 5..14",
                            hint="separate ranks with commas: 5..14, 1", code="bad-rank")
    seen: set[str] = set()
    for label, span in labels:
        if label in seen:
            raise SpecError(f"rank {label} is listed twice", span,
                            expected="each rank once, from lowest to highest",
                            hint="a rank's place in the list is its place in the order",
                            code="duplicate-rank")
        seen.add(label)
    return labels


# -- reading a whole variant ------------------------------------------------------------------
