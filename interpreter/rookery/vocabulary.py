"""What each clause of each section means: the vocabulary of the rules language.

The grammar only knows the shape of a clause (``key values`` or ``key: formula``); this
module knows that ``bidding: minimum 70`` sets the minimum bid, that ``deck: ranks
5..14, 1`` puts the 1 above the 14, and so on.  :data:`SECTIONS` lists every key with
the values it takes and what it means (the DSL reference in the docs is generated from
it); :func:`read_variant` turns a variant's clauses into a :class:`~rookery.model.Variant`.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from . import ast, model
from .errors import Span, SpecError
from .formula import compile_formula, render


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
        "call-time": Key("after-auction | after-trump",
                         "when the bid winner calls the partner's card(s)", "after-trump"),
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
        "add": Key("CARD, ...", "single extra cards added to the deck", "none"),
        "remove": Key("CARD, ...", "cards taken out of the deck (one copy each)", "none"),
    },
    "deal": {
        "hand": Key("NUMBER", "cards dealt to each player"),
        "nest": Key("NUMBER", "cards in the nest (widow, kitty, center)", "0"),
        "nest-deal": Key("rounds | last | first",
                         "when the nest is dealt: one card after each of the first rounds, "
                         "the cards left at the end, or the first cards", "last"),
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
        "all-pass": Key("redeal | dealer-forced",
                        "when nobody bids: the hand is thrown in and the deal passes on, or "
                        "the dealer must take it at the minimum", "redeal"),
    },
    "nest": {
        "discard": Key("NUMBER", "cards the bid winner lays aside after taking the nest",
                       "the nest's size"),
        "forbid": Key("nothing | counters [unless forced] | trump [unless forced], ...",
                      "cards that may not be laid aside (unless no other card is left)",
                      "nothing"),
        "points": Key("last-trick | bidder | none",
                      "who scores counters laid aside in the nest", "last-trick"),
        "announce": Key("nothing | points",
                        "what the bid winner announces about the nest once it is laid aside "
                        "(points: whether it holds any counters)", "nothing"),
    },
    "passing": {
        "cards": Key("NUMBER", "cards each player passes face down to an opponent", "0"),
        "directions": Key("left | right | none, ...",
                          "the direction of passing, cycling with the hand number", "left"),
        "bidder-sees": Key("at-once | after-trump",
                           "when the bid winner may look at the cards passed to them",
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
        "no-trump-rook": Key("LETTER above RANK",
                             "the color and place of the Rook when no trump is named", "none"),
        "low-card-rook": Key("above RANK",
                             "where the Rook ranks in a low-card hand (\"above 10\" is the "
                             "10.5: it beats the 11 but not the 10 once ranks are reversed)",
                             "as in a high-card hand"),
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
        "review": Key("none | last-trick",
                      "which taken tricks a player may look at again: none (a trick is seen "
                      "only until the next card is led) or the last one", "none"),
    },
    "scoring": {
        "counters": Key("RANK=POINTS | CARD=POINTS, ...", "the point value of counter cards",
                        "none"),
        "trick-points": Key("NUMBER", "points for each trick taken", "0"),
        "last-trick": Key("NUMBER", "bonus for taking the last trick", "0"),
        "majority": Key("NUMBER", "bonus for the side that takes most tricks", "0"),
        "all-tricks": Key("NUMBER", "bonus for a side that takes every trick", "0"),
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
    },
}

SECTION_ORDER = tuple(SECTIONS)
FORMULA_KEYS = {"made", "bidders", "defenders"}
REPEATABLE = {("trump", "special")}


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
        close = difflib.get_close_matches(clause.key, list(keys), n=1)
        elsewhere = [name for name, other in SECTIONS.items() if clause.key in other]
        if clause.key in SECTIONS and not clause.values:
            hint = f"a section header ends with a colon: '{clause.key}:'"
        elif clause.key in SECTIONS:
            hint = f"a section header stands alone on its line: '{clause.key}:'"
        elif elsewhere:
            hint = f"'{clause.key}' belongs in section {elsewhere[0]}:"
        else:
            hint = f"did you mean '{close[0]}'?" if close else \
                f"see the DSL reference for what {clause.section}: accepts"
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


# -- reading values -------------------------------------------------------------------------

class _Clauses:
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

    def number(self, key: str, default: int | None = None, *, low: int = 0) -> int | None:
        clause = self.get(key) if default is not None else self.require(key)
        if clause is None:
            return default
        return number_of(clause, low=low)

    def word(self, key: str, choices: tuple[str, ...], default: str | None = None) -> str:
        clause = self.get(key) if default is not None else self.require(key)
        if clause is None:
            return default  # type: ignore[return-value]
        return word_of(clause, choices)


def _only_value(clause: ast.Clause, shape: str) -> ast.Value:
    if len(clause.values) != 1:
        raise SpecError(f"'{clause.key}' takes one value, not {len(clause.values)}",
                        clause.values[1].span if len(clause.values) > 1 else clause.span,
                        expected=f"{clause.key} {shape}",
                        hint=f"keep one value, e.g. {clause.key} {clause.values[0]}"
                        if clause.values else f"write {clause.key} {shape}", code="wrong-values")
    return clause.values[0]


def number_of(clause: ast.Clause, low: int = 0) -> int:
    value = _only_value(clause, "NUMBER")
    if value.kind != "phrase" or len(value.atoms) != 1 or value.atoms[0].kind != "number":
        raise SpecError(f"'{clause.key}' takes a whole number", value.span,
                        expected=f"{clause.key} NUMBER", hint=f"for example: {clause.key} 5",
                        code="number-expected")
    number = value.atoms[0].value
    if number < low:  # type: ignore[operator]
        raise SpecError(f"'{clause.key}' must be at least {low}", value.span,
                        expected=f"a number >= {low}", hint="check the source's figure",
                        code="number-out-of-range")
    return number  # type: ignore[return-value]


def word_of(clause: ast.Clause, choices: tuple[str, ...]) -> str:
    value = _only_value(clause, " | ".join(choices))
    return word_in(clause, value, choices)


def word_in(clause: ast.Clause, value: ast.Value, choices: tuple[str, ...]) -> str:
    text = str(value).replace(" ", "-") if value.kind == "phrase" else str(value)
    if text not in choices:
        close = difflib.get_close_matches(text, choices, n=1)
        raise SpecError(f"'{clause.key}' does not take '{value}'", value.span,
                        expected=" or ".join(choices),
                        hint=f"did you mean '{close[0]}'?" if close else
                        f"{clause.key} takes one of: {', '.join(choices)}",
                        code="unknown-value")
    return text


def _labels(clause: ast.Clause) -> list[tuple[str, Span]]:
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
            labels.append((str(value.atoms[0].value), value.span))
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

@dataclass(frozen=True)
class _Sources:
    default: str | None
    known: frozenset[str]


def read_variant(spec: ast.SpecFile, clauses: list[tuple[ast.Clause, str | None, str | None]],
                 known_sources: frozenset[str]) -> model.Variant:
    """Give meaning to a variant's (merged) clauses.

    ``clauses`` holds each clause with the default source of the file it came from and,
    for inherited clauses, the id of the variant it was inherited from.
    """
    for header in spec.sections:   # an empty section has no clause to check
        check_section(header.name, header.span)
    for clause, _, _ in clauses:
        check_known(clause)
    by_section: dict[str, list[ast.Clause]] = {s: [] for s in SECTION_ORDER}
    for clause, _, _ in clauses:
        by_section[clause.section].append(clause)
    where = spec.span

    def section(name: str) -> _Clauses:
        header = next((s.span for s in spec.sections if s.name == name), where)
        return _Clauses(name, by_section[name], header)

    table = _read_table(section("table"))
    scoring_clauses = section("scoring")
    deck = _read_deck(section("deck"), scoring_clauses)
    deal = _read_deal(section("deal"))
    bidding = _read_bidding(section("bidding"))
    nest = _read_nest(section("nest"), deal)
    passing = _read_passing(section("passing"))
    trump = _read_trump(section("trump"), deck)
    play = _read_play(section("play"), deck)
    scoring = _read_scoring(scoring_clauses)
    game = model.GameEnd(section("game").number("target", low=1),
                         section("game").word("winner", ("highest", "bidder-goes"), "highest"))
    rules = tuple(_rule(clause, default, inherited, known_sources)
                  for clause, default, inherited in clauses)
    return model.Variant(spec.variant, spec.title or spec.variant, spec.source, spec.extends,
                         spec.path, table, deck, deal, bidding, nest, passing, trump, play,
                         scoring, game, rules, spec.span)


def _rule(clause: ast.Clause, default: str | None, inherited: str | None,
          known_sources: frozenset[str]) -> model.Rule:
    citations = []
    for citation in clause.citations:
        source = citation.source or default
        cited = " ".join(filter(None, ("per", citation.source, f'"{citation.where}"')))
        where = Span(citation.span.file, citation.span.line, citation.span.column, cited)
        if source is None:
            raise SpecError("this citation names no source and the spec has no default",
                            where, expected='per SOURCE "where"',
                            hint="name the source (per wikipedia-rook \"Scoring\") or add "
                                 "'source NAME' under the variant line", code="no-source")
        if known_sources and source not in known_sources:
            close = difflib.get_close_matches(source, sorted(known_sources), n=1)
            raise SpecError(f"unknown source '{source}'", where,
                            expected="one of " + ", ".join(sorted(known_sources)),
                            hint=f"did you mean '{close[0]}'?" if close else
                            "sources are the documents listed in the project's sources",
                            code="unknown-source")
        citations.append(model.Citation(source, citation.where))
    text = clause.key + ": " + render(clause.formula) if clause.formula is not None else \
        (clause.key + " " + ", ".join(str(v) for v in clause.values)).strip()
    return model.Rule(rule_id(clause), clause.section, clause.key, text, tuple(citations),
                      clause.rulings, clause.span, inherited)


def _read_table(c: _Clauses) -> model.Table:
    players = c.number("players", low=2)
    sides_clause = c.get("sides")
    sides, teams, calls = "teams", 2, 0
    if sides_clause is not None:
        value = _only_value(sides_clause, SECTIONS["table"]["sides"].shape)
        words = [a.value for a in value.atoms]
        if words == ["individual"]:
            sides, teams = "individual", 0
        elif len(words) == 2 and words[0] in ("teams", "called") and isinstance(words[1], int):
            sides = words[0]  # type: ignore[assignment]
            if sides == "teams":
                teams = words[1]  # type: ignore[assignment]
            else:
                teams, calls = 0, words[1]  # type: ignore[assignment]
        else:
            raise SpecError(f"'sides' does not take '{value}'", value.span,
                            expected=SECTIONS["table"]["sides"].shape,
                            hint="for example: sides teams 2", code="unknown-value")
        if sides == "teams" and (teams < 2 or players % teams):
            raise SpecError(f"{players} players cannot sit in {teams} equal teams", value.span,
                            expected="a number of teams that divides the players",
                            hint="sides teams 2 puts partners opposite with 4 players",
                            code="bad-teams")
        if sides == "called" and calls < 1:
            raise SpecError("the bid winner must call at least one card", value.span,
                            expected="called 1 or more", hint="sides called 1",
                            code="number-out-of-range")
    dummy = c.word("dummy", ("none", "partner"), "none")
    return model.Table(players, sides, teams, calls, dummy,
                       c.word("dummy-shown", ("after-auction", "after-first-lead"),
                              "after-first-lead"),
                       c.word("call-time", ("after-auction", "after-trump"), "after-trump"))


def _card_code_parts(code: str, colors: tuple[model.Color, ...],
                     order: tuple[str, ...]) -> tuple[int, str] | None:
    for index, color in enumerate(colors):
        if code.startswith(color.letter) and code[len(color.letter):] in order:
            return index, code[len(color.letter):]
    return None


def _read_deck(c: _Clauses, scoring: _Clauses) -> model.Deck:
    colors_clause = c.require("colors")
    colors: list[model.Color] = []
    for value in colors_clause.values:
        if value.kind != "phrase" or len(value.atoms) != 2 or \
                any(a.kind != "name" for a in value.atoms):
            raise SpecError(f"'{value}' is not a color", value.span,
                            expected="NAME LETTER, for example: red R",
                            hint="list colors as 'black B, red R, yellow Y, green G'",
                            code="bad-color")
        name, letter = (str(a.value) for a in value.atoms)
        if any(letter == other.letter for other in colors):
            raise SpecError(f"two colors share the letter {letter}", value.span,
                            expected="a different letter for each color",
                            hint="card codes start with the color's letter, so they must differ",
                            code="duplicate-color")
        colors.append(model.Color(name, letter))
    ranks = [label for label, _ in _labels(c.require("ranks"))]
    order_clause = c.get("order")
    order = [label for label, _ in _labels(order_clause)] if order_clause else list(ranks)
    if order_clause is not None:
        missing = [r for r in ranks if r not in order]
        if missing or [r for r in order if r in ranks] != ranks:
            raise SpecError("'order' must hold every rank of 'ranks' in the same order",
                            order_clause.span, expected="the ranks, plus added cards' ranks",
                            hint="for example: ranks 5..14 / order 4..14", code="bad-order")
    copies = c.number("copies", 1, low=1)
    rook_clause = c.get("rook")
    rook = None
    if rook_clause is not None:
        value = _only_value(rook_clause, "CODE | none")
        if value.kind != "phrase" or len(value.atoms) != 1 or value.atoms[0].kind != "name":
            raise SpecError(f"'{value}' is not a card code", value.span,
                            expected="rook CODE, for example: rook ROOK", hint="or: rook none",
                            code="bad-card")
        rook = None if value.atoms[0].value == "none" else str(value.atoms[0].value)
        if rook and _card_code_parts(rook, tuple(colors), tuple(order)):
            raise SpecError(f"the Rook's code {rook} is also a colored card's code", value.span,
                            expected="a code no colored card has", hint="rook ROOK",
                            code="duplicate-card")
    counts: dict[tuple[int, str], int] = {}
    for ci in range(len(colors)):
        for rank in ranks:
            counts[(ci, rank)] = copies

    def cards_of(key: str) -> list[tuple[tuple[int, str], ast.Value]]:
        found = []
        for clause in c.all(key):
            for value in clause.values:
                text = str(value)
                if text == "none" and len(clause.values) == 1:
                    continue
                parts = _card_code_parts(text, tuple(colors), tuple(order)) \
                    if value.kind == "phrase" and len(value.atoms) == 1 else None
                if parts is None:
                    raise SpecError(f"'{text}' is not a card of this deck", value.span,
                                    expected="a color letter followed by a rank, e.g. R1",
                                    hint="colors: " + ", ".join(x.letter for x in colors)
                                    + "; ranks: " + ", ".join(order), code="unknown-card")
                found.append((parts, value))
        return found

    for parts, _ in cards_of("add"):
        counts[parts] = counts.get(parts, 0) + 1
    for parts, value in cards_of("remove"):
        if counts.get(parts, 0) == 0:
            raise SpecError(f"cannot remove {value}: the deck has none left", value.span,
                            expected="a card the deck holds", hint="check ranks, add and copies",
                            code="remove-missing")
        counts[parts] -= 1

    points_by_rank, points_by_card = _read_counters(scoring, tuple(colors), tuple(order), rook)
    cards: list[model.Card] = []
    for ci, color in enumerate(colors):
        for rank in order:
            count = counts.get((ci, rank), 0)
            if count:
                code = color.letter + rank
                points = points_by_card.get(code, points_by_rank.get(rank, 0))
                cards.append(model.Card(code, ci, rank, points, count))
    if rook:
        cards.append(model.Card(rook, None, None, points_by_card.get(rook, 0), copies))
    return model.Deck(tuple(colors), tuple(order), copies, rook, tuple(cards))


def _read_counters(scoring: _Clauses, colors, order, rook) -> tuple[dict, dict]:
    by_rank: dict[str, int] = {}
    by_card: dict[str, int] = {}
    clause = scoring.get("counters")
    if clause is None:
        return by_rank, by_card
    for value in clause.values:
        if len(clause.values) == 1 and str(value) == "none":
            break
        if value.kind != "pair" or value.atoms[1].kind != "number":
            raise SpecError(f"'{value}' is not a counter", value.span,
                            expected="RANK=POINTS or CARD=POINTS, e.g. 14=10 or ROOK=20",
                            hint="write each counter as a pair, separated by commas",
                            code="bad-counter")
        name, points = str(value.atoms[0].value), int(value.atoms[1].value)
        if name == rook or _card_code_parts(name, colors, order):
            by_card[name] = points
        elif name in order:
            by_rank[name] = points
        else:
            raise SpecError(f"counter '{name}' is neither a rank nor a card of this deck",
                            value.span, expected="a rank (" + ", ".join(order) + ") or a card",
                            hint="ranks apply to every color; a card code to that card only",
                            code="unknown-card")
    return by_rank, by_card


def _read_deal(c: _Clauses) -> model.Deal:
    return model.Deal(c.number("hand", low=1), c.number("nest", 0),
                      c.word("nest-deal", ("rounds", "last", "first"), "last"))


def _read_bidding(c: _Clauses) -> model.Bidding:
    opening = None
    clause = c.get("opening")
    if clause is not None:
        value = _only_value(clause, "none | dealer NUMBER")
        atoms = value.atoms
        if str(value) == "none":
            opening = None
        elif len(atoms) == 2 and atoms[0].value == "dealer" and atoms[1].kind == "number":
            opening = int(atoms[1].value)
        else:
            raise SpecError(f"'opening' does not take '{value}'", value.span,
                            expected="none or dealer NUMBER", hint="opening dealer 50",
                            code="unknown-value")
    maximum = None
    clause = c.get("maximum")
    if clause is not None and str(_only_value(clause, "NUMBER | none")) != "none":
        maximum = number_of(clause, low=1)
    c.word("pass", ("final",), "final")
    return model.Bidding(
        first=c.word("first", ("left-of-dealer", "dealer"), "left-of-dealer"),
        opening=opening, minimum=c.number("minimum", low=1), maximum=maximum,
        step=c.number("step", 5, low=1),
        jumps=c.word("raise", ("jumps", "one-step"), "jumps") == "jumps",
        all_pass=c.word("all-pass", ("redeal", "dealer-forced"), "redeal"))


def _read_nest(c: _Clauses, deal: model.Deal) -> model.Nest:
    flags = {"counters": None, "trump": None}
    clause = c.get("forbid")
    if clause is not None:
        for value in clause.values:
            words = [str(a.value) for a in value.atoms]
            if words == ["nothing"] and len(clause.values) == 1:
                break
            if value.kind == "phrase" and words[0] in flags and \
                    words[1:] in ([], ["unless", "forced"]):
                flags[words[0]] = bool(words[1:])
                continue
            raise SpecError(f"'forbid' does not take '{value}'", value.span,
                            expected="counters, trump, either with 'unless forced', or nothing",
                            hint="for example: forbid counters unless forced",
                            code="unknown-value")
    return model.Nest(
        discard=c.number("discard", deal.nest),
        forbid_counters=flags["counters"] is not None,
        counters_unless_forced=bool(flags["counters"]),
        forbid_trump=flags["trump"] is not None,
        trump_unless_forced=bool(flags["trump"]),
        points=c.word("points", ("last-trick", "bidder", "none"), "last-trick"),
        announce=c.word("announce", ("nothing", "points"), "nothing"))


def _read_passing(c: _Clauses) -> model.Passing:
    directions: tuple[str, ...] = ("left",)
    clause = c.get("directions")
    if clause is not None:
        directions = tuple(word_in(clause, v, ("left", "right", "none")) for v in clause.values)
    return model.Passing(c.number("cards", 0), directions,
                         c.word("bidder-sees", ("at-once", "after-trump"), "at-once"))


def _read_trump(c: _Clauses, deck: model.Deck) -> model.Trump:
    bases: list[str] = []
    low_card = circus = False
    clause = c.get("choices")
    for value in (clause.values if clause else ()):
        word = word_in(clause, value, ("colors", "no-trump", "low-card", "circus"))  # type: ignore[arg-type]
        if word == "colors":
            bases += [col.letter for col in deck.colors]
        elif word == "no-trump":
            bases.append("none")
        elif word == "circus":
            circus = True
        else:
            low_card = True
    if clause is not None and not bases:
        raise SpecError("trump choices name no trump to call", clause.span,
                        expected="colors or no-trump among the choices",
                        hint="low-card and circus modify a call; write for example: "
                             "choices colors, low-card", code="no-trump-choice")
    if not bases:
        bases = [col.letter for col in deck.colors]
    # A low-card hand is called together with a trump (or no trump): "R-low", "none-low".
    choices = bases + ([f"{base}-low" for base in bases] if low_card else []) + \
        (["circus"] if circus else [])
    rook, rook_above = "highest", None
    clause = c.get("rook")
    if clause is not None:
        value = _only_value(clause, SECTIONS["trump"]["rook"].shape)
        words = [str(a.value) for a in value.atoms]
        if len(words) == 2 and words[0] == "above":
            if words[1] not in deck.ranks:
                raise SpecError(f"the Rook cannot sit above rank {words[1]}: no such rank",
                                value.span, expected="one of the deck's ranks",
                                hint="rook above 10 makes the Rook the '10.5' of trump",
                                code="unknown-rank")
            rook, rook_above = "above", words[1]
        else:
            rook = word_in(clause, value, ("highest", "lowest", "caller-chooses"))
    no_trump_rook = None
    clause = c.get("no-trump-rook")
    if clause is not None:
        value = _only_value(clause, "LETTER above RANK")
        words = [str(a.value) for a in value.atoms]
        letters = [col.letter for col in deck.colors]
        if len(words) != 3 or words[0] not in letters or words[1] != "above" or \
                words[2] not in deck.ranks:
            raise SpecError(f"'no-trump-rook' does not take '{value}'", value.span,
                            expected="LETTER above RANK, e.g. R above 10",
                            hint="the Rook plays as a card of that color", code="unknown-value")
        no_trump_rook = (words[0], words[2])
    low_card_rook = None
    clause = c.get("low-card-rook")
    if clause is not None:
        value = _only_value(clause, "above RANK")
        words = [str(a.value) for a in value.atoms]
        if len(words) != 2 or words[0] != "above" or words[1] not in deck.ranks:
            raise SpecError(f"'low-card-rook' does not take '{value}'", value.span,
                            expected="above RANK, e.g. above 10",
                            hint="the rank the Rook sits just above, in the deck's usual order",
                            code="unknown-value")
        low_card_rook = words[1]
    specials = []
    codes = {card.code for card in deck.cards}
    for clause in c.all("special"):
        value = _only_value(clause, SECTIONS["trump"]["special"].shape)
        words = [str(a.value) for a in value.atoms]
        if len(words) != 3 or words[1] not in ("above", "below"):
            raise SpecError(f"'special' does not take '{value}'", value.span,
                            expected="CARD above|below CARD", hint="special R1 above ROOK",
                            code="unknown-value")
        for word, atom in ((words[0], value.atoms[0]), (words[2], value.atoms[2])):
            if word not in codes and word not in ("top", "bottom"):
                raise SpecError(f"'{word}' is not a card of this deck", atom.span,
                                expected="a card code", hint="add it with 'deck: add'",
                                code="unknown-card")
        specials.append(model.Special(words[0], words[1], words[2]))
    return model.Trump(c.word("named", ("before-nest", "after-taking-nest", "after-nest"),
                              "after-nest"),
                       tuple(choices), rook, rook_above, no_trump_rook, low_card_rook,
                       tuple(specials))


def _read_play(c: _Clauses, deck: model.Deck) -> model.Play:
    anytime: list[str] = []
    clause = c.get("anytime")
    codes = {card.code for card in deck.cards}
    for value in (clause.values if clause else ()):
        text = str(value)
        if text == "none":
            continue
        if text not in codes:
            raise SpecError(f"'{text}' is not a card of this deck", value.span,
                            expected="a card code such as ROOK",
                            hint="the deck's Rook is " + (deck.rook or "absent (rook none)"),
                            code="unknown-card")
        anytime.append(text)
    return model.Play(
        leader=c.word("leader", ("left-of-dealer", "left-of-bidder", "bidder", "bidder-chooses"),
                      "left-of-bidder"),
        follow=c.word("follow", ("color", "any"), "color"),
        anytime=tuple(anytime),
        ties=c.word("ties", ("first-played", "last-played"), "first-played"),
        review=c.word("review", ("none", "last-trick"), "none"))


def _read_scoring(c: _Clauses) -> model.Scoring:
    from .parse import parse_text  # defaults are written in the language itself

    formulas = {}
    texts = []
    for key, want in (("made", "bool"), ("bidders", "number"), ("defenders", "number")):
        clause = c.get(key)
        if clause is not None:
            expr = clause.formula
        else:
            default = parse_text(f"variant d\nscoring:\n  {key}: {SECTIONS['scoring'][key].default}\n",
                                 "<default>")
            expr = default.sections[0].clauses[0].formula
        allowed = set(("taken", "counters", "tricks", "bid", "total", "all_tricks")) | \
            ({"made"} if key != "made" else set())
        formulas[key] = compile_formula(expr, want, allowed)  # type: ignore[arg-type]
        texts.append((key, render(expr)))  # type: ignore[arg-type]
    total = c.get("total")
    return model.Scoring(
        trick_points=c.number("trick-points", 0), last_trick=c.number("last-trick", 0),
        majority=c.number("majority", 0), all_tricks=c.number("all-tricks", 0),
        total=number_of(total) if total is not None else None,
        made=formulas["made"], bidders=formulas["bidders"], defenders=formulas["defenders"],
        formulas=tuple(texts))
