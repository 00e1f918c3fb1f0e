"""Stage 3 of the pipeline: a variant's clauses, given their meaning, become a
:class:`~rookery.language.model.Variant`.

One reader per section (:func:`rookery.language.gather.read_variant` calls them in the order rules are told); each
reads its clauses through :mod:`rookery.language.vocabulary` (which keys exist, what values they
take) and raises a :class:`~rookery.errors.SpecError` pointing at the clause to fix.
"""

from __future__ import annotations

import difflib

from . import ast, model
from ..errors import Span, SpecError
from .formula import compile_formula, render
from ..limits import (
    MAX_COLORS,
    MAX_COPIES,
    MAX_DECK,
    MAX_HAND,
    MAX_NUMBER_DIGITS,
    MAX_PLAYERS,
    MIN_PLAYERS,
)
from .vocabulary import (SECTION_ORDER, SECTIONS, Clauses, card_code_part,
                         number_of, only_value, rank_labels, rule_id, word_in)


def build_variant(spec: ast.SpecFile, clauses: list[ast.Clause],
                  rules: tuple[model.Rule, ...], sources: tuple = ()) -> model.Variant:
    """The variant that known clauses (each checked by :func:`check_known`) describe;
    raises a SpecError at the first value that does not fit."""
    by_section: dict[str, list[ast.Clause]] = {s: [] for s in SECTION_ORDER}
    for clause in clauses:
        by_section[clause.section].append(clause)
    where = spec.span

    def section(name: str) -> Clauses:
        header = next((s.span for s in spec.sections if s.name == name), where)
        return Clauses(name, by_section[name], header)

    table = _read_table(section("table"))
    scoring_clauses = section("scoring")
    deck = _read_deck(section("deck"), scoring_clauses)
    deal = _read_deal(section("deal"), deck)
    bidding = _read_bidding(section("bidding"))
    nest = _read_nest(section("nest"), deal, deck)
    passing = _read_passing(section("passing"))
    trump = _read_trump(section("trump"), deck)
    play = _read_play(section("play"), deck)
    scoring = _read_scoring(scoring_clauses)
    game = _read_game(section("game"), table)
    return model.Variant(spec.variant, spec.title or spec.variant, spec.source, spec.extends,
                         spec.path, table, deck, deal, bidding, nest, passing, trump, play,
                         scoring, game, rules, spec.span, sources=sources)


def _read_game(c: Clauses, table: model.Table) -> model.GameEnd:
    """``game:``: the target, who wins at it, and the house rules of a game's end (equal
    totals, going out only on one's own bid, a low score that loses)."""
    low = None
    clause = c.get("low")
    if clause is not None and str(only_value(clause, "NUMBER | none")) != "none":
        low = number_of(clause, low=-(10 ** MAX_NUMBER_DIGITS - 1))
    ties, team = "play-on", None
    clause = c.get("ties")
    if clause is not None:
        value = only_value(clause, SECTIONS["game"]["ties"].shape)
        words = [a.value for a in value.atoms]
        if len(words) == 2 and words[0] == "team" and isinstance(words[1], int):
            if table.sides != "teams" or not 0 <= words[1] < table.teams:
                raise SpecError(f"there is no fixed team {words[1]} to win equal totals",
                                value.span, expected="team 0 to team "
                                f"{max(table.teams - 1, 0)} with fixed teams",
                                hint="teams are numbered from 0: team 0 holds seat 0",
                                code="unknown-value")
            ties, team = "team", words[1]
        else:
            ties = word_in(clause, value, ("play-on", "bidders"))
    return model.GameEnd(c.number("target", low=1),
                         c.word("winner", ("highest", "bidder-goes"), "highest"), low, ties,
                         team, c.word("win-on", ("any-hand", "own-bid"), "any-hand"))



def rule_of(clause: ast.Clause, default: str | None, inherited: str | None,
            known_sources: frozenset[str], errors: list[SpecError]) -> model.Rule:
    """The citable rule of a clause; a citation naming no source or an unknown one is
    added to ``errors`` and left out of the rule."""
    citations = []
    for citation in clause.citations:
        source = citation.source or default
        cited = " ".join(filter(None, ("per", citation.source, f'"{citation.where}"')))
        where = Span(citation.span.file, citation.span.line, citation.span.column, cited)
        if source is None:
            errors.append(SpecError(
                "this citation names no source and the spec has no default", where,
                expected='per SOURCE "where"',
                hint="name the source (per wikipedia-rook \"Scoring\") or add "
                     "'source NAME' under the variant line", code="no-source"))
            continue
        if known_sources and source not in known_sources:
            errors.append(unknown_source(source, where, known_sources, citation.where))
            continue
        citations.append(model.Citation(source, citation.where))
    text = clause.key + ": " + render(clause.formula) if clause.formula is not None else \
        (clause.key + " " + ", ".join(str(v) for v in clause.values)).strip()
    return model.Rule(rule_id(clause), clause.section, clause.key, text, tuple(citations),
                      clause.rulings, clause.span, inherited)


def unknown_source(source: str, where: Span, known_sources: frozenset[str],
                   place: str = "") -> SpecError:
    """A citation or a ``source`` line naming a source nobody declared.  A citation's
    unknown source may be the first word of its place with the opening quote moved past
    it (``per The "deal"``): the hint says so."""
    close = difflib.get_close_matches(source, sorted(known_sources), n=1)
    declared = ("sources are the documents listed in the project's sources, or declared "
                "in the spec's header: source my-club \"Our rules\" url \"https://...\"")
    if place and not close:
        declared = (f"if '{source}' is a word of the place in the source, it belongs inside "
                    f"the quotes: per \"{source} {place}\"; " + declared)
    return SpecError(f"unknown source '{source}'", where,
                     expected="one of " + ", ".join(sorted(known_sources)),
                     hint=f"did you mean '{close[0]}'?" if close else declared,
                     code="unknown-source")


def _read_table(c: Clauses) -> model.Table:
    players = c.number("players", low=MIN_PLAYERS, high=MAX_PLAYERS)
    sides_clause = c.get("sides")
    sides, teams, calls = "teams", 2, 0
    if sides_clause is not None:
        value = only_value(sides_clause, SECTIONS["table"]["sides"].shape)
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
                       c.word("call-time", ("after-auction", "before-trump", "after-trump"),
                              "after-trump"))


def _card_code_parts(code: str, colors: tuple[model.Color, ...],
                     order: tuple[str, ...]) -> tuple[int, str] | None:
    for index, color in enumerate(colors):
        if code.startswith(color.letter) and code[len(color.letter):] in order:
            return index, code[len(color.letter):]
    return None


def _read_deck(c: Clauses, scoring: Clauses) -> model.Deck:
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
        card_code_part(letter, value.span, "a color's letter", "G")
        if any(letter == other.letter for other in colors):
            raise SpecError(f"two colors share the letter {letter}", value.span,
                            expected="a different letter for each color",
                            hint="card codes start with the color's letter, so they must differ",
                            code="duplicate-color")
        colors.append(model.Color(name, letter))
    ranks = [label for label, _ in rank_labels(c.require("ranks"))]
    order_clause = c.get("order")
    order = [label for label, _ in rank_labels(order_clause)] if order_clause else list(ranks)
    if order_clause is not None:
        missing = [r for r in ranks if r not in order]
        if missing or [r for r in order if r in ranks] != ranks:
            raise SpecError("'order' must hold every rank of 'ranks' in the same order",
                            order_clause.span, expected="the ranks, plus added cards' ranks",
                            hint="for example: ranks 5..14 / order 4..14", code="bad-order")
    copies = c.number("copies", 1, low=1, high=MAX_COPIES)
    if len(colors) > MAX_COLORS or len(order) > MAX_DECK:
        raise SpecError(f"a deck of {len(colors)} colors of {len(order)} ranks is too large",
                        c.require("ranks").span, expected=f"at most {MAX_COLORS} colors and "
                        f"a deck of at most {MAX_DECK} cards", hint="the limits are in the "
                        "DSL reference", code="deck-too-large")
    rook_clause = c.get("rook")
    rook = None
    if rook_clause is not None:
        value = only_value(rook_clause, "CODE | none")
        if value.kind != "phrase" or len(value.atoms) != 1 or value.atoms[0].kind != "name":
            raise SpecError(f"'{value}' is not a card code", value.span,
                            expected="rook CODE, for example: rook ROOK", hint="or: rook none",
                            code="bad-card")
        rook = None if value.atoms[0].value == "none" else \
            card_code_part(str(value.atoms[0].value), value.span, "the Rook's code", "ROOK")
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

    birds = _read_birds(c.get("birds"), tuple(colors), tuple(order), rook)
    points_by_rank, points_by_card = _read_counters(scoring, tuple(colors), tuple(order), rook,
                                                    birds)
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
    for bird in birds:
        cards.append(model.Card(bird, None, None, points_by_card.get(bird, 0), copies))
    return model.Deck(tuple(colors), tuple(order), copies, rook, tuple(cards), birds)


def _read_birds(clause: ast.Clause | None, colors, order, rook) -> tuple[str, ...]:
    """``deck: birds LR, ...``: the codes of the other Rook-like birds."""
    birds: list[str] = []
    for value in (clause.values if clause is not None else ()):
        text = str(value)
        if text == "none" and len(clause.values) == 1:
            break
        if value.kind != "phrase" or len(value.atoms) != 1 or value.atoms[0].kind != "name":
            raise SpecError(f"'{value}' is not a card code", value.span,
                            expected="birds CODE, ..., for example: birds LR",
                            hint="a bird's code is a word such as LR", code="bad-card")
        card_code_part(text, value.span, "a bird's code", "LR")
        if text == rook or text in birds or _card_code_parts(text, colors, order):
            raise SpecError(f"the bird's code {text} is already a card's code", value.span,
                            expected="a code no other card has", hint="birds LR",
                            code="duplicate-card")
        birds.append(text)
    return tuple(birds)


def _read_counters(scoring: Clauses, colors, order, rook, birds=()) -> tuple[dict, dict]:
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
        if name == rook or name in birds or _card_code_parts(name, colors, order):
            by_card[name] = points
        elif name in order:
            by_rank[name] = points
        else:
            raise SpecError(f"counter '{name}' is neither a rank nor a card of this deck",
                            value.span, expected="a rank (" + ", ".join(order) + ") or a card",
                            hint="ranks apply to every color; a card code to that card only",
                            code="unknown-card")
    return by_rank, by_card


def _read_deal(c: Clauses, deck: model.Deck) -> model.Deal:
    return model.Deal(c.number("hand", low=1, high=MAX_HAND), c.number("nest", 0),
                      c.word("nest-deal", ("rounds", "last", "first"), "last"),
                      _read_poor_hand(c.get("poor-hand"), deck),
                      c.word("poor-hand-redeal", ("may", "must"), "may"),
                      c.word("poor-hand-dealer", ("next", "same"), "next"))


def _read_poor_hand(clause: ast.Clause | None, deck: model.Deck) -> tuple[model.PoorHand, ...]:
    """``deal: poor-hand no counters, counters below N, points below N, ranks LOW to
    HIGH``: the conditions, any of which makes a hand poor."""
    if clause is None:
        return ()
    conditions = []
    for value in clause.values:
        words = [str(a.value) for a in value.atoms] if value.kind == "phrase" else []
        numbers = [a.value for a in value.atoms[2:3] if a.kind == "number"] \
            if value.kind == "phrase" else []
        if words == ["none"] and len(clause.values) == 1:
            return ()
        if words == ["no", "counters"]:
            conditions.append(model.PoorHand("counters", 1))
        elif len(words) == 3 and words[0] in ("counters", "points") and \
                words[1] == "below" and numbers and numbers[0] >= 1:
            conditions.append(model.PoorHand(words[0], numbers[0]))
        elif len(words) == 4 and words[0] == "ranks" and words[2] == "to":
            for word, atom in ((words[1], value.atoms[1]), (words[3], value.atoms[3])):
                if word not in deck.ranks:
                    raise SpecError(f"rank {word} is not a rank of this deck", atom.span,
                                    expected="one of " + ", ".join(deck.ranks),
                                    hint="ranks LOW to HIGH names two of the deck's ranks",
                                    code="unknown-rank")
            if deck.ranks.index(words[1]) > deck.ranks.index(words[3]):
                raise SpecError(f"'{value}' runs from high to low", value.span,
                                expected="ranks LOW to HIGH, the lower rank first",
                                hint=f"ranks {words[3]} to {words[1]}", code="bad-range")
            conditions.append(model.PoorHand("ranks", 0, words[1], words[3]))
        else:
            raise SpecError(f"'poor-hand' does not take '{value}'", value.span,
                            expected="no counters, counters below N, points below N, "
                                     "ranks LOW to HIGH, or none",
                            hint="for example: poor-hand no counters, ranks 6 to 9",
                            code="unknown-value")
    return tuple(conditions)


def _read_bidding(c: Clauses) -> model.Bidding:
    opening = None
    clause = c.get("opening")
    if clause is not None:
        value = only_value(clause, "none | dealer NUMBER")
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
    if clause is not None and str(only_value(clause, "NUMBER | none")) != "none":
        maximum = number_of(clause, low=1)
    c.word("pass", ("final",), "final")
    return model.Bidding(
        first=c.word("first", ("left-of-dealer", "dealer"), "left-of-dealer"),
        opening=opening, minimum=c.number("minimum", low=1), maximum=maximum,
        step=c.number("step", 5, low=1),
        jumps=c.word("raise", ("jumps", "one-step"), "jumps") == "jumps",
        all_pass=c.word("all-pass", ("redeal", "dealer-forced", "dealer-must-bid"), "redeal"),
        at_maximum=c.word("at-maximum", ("others-pass", "ends-auction"), "others-pass"),
        moon=_moon(c))


def _moon(c: Clauses) -> int | str | None:
    """``bidding: moon N | game | none``: what a moon bid wins when it is made."""
    clause = c.get("moon")
    if clause is None:
        return None
    word = str(only_value(clause, SECTIONS["bidding"]["moon"].shape))
    if word in ("none", "game"):
        return None if word == "none" else word
    return number_of(clause, low=1)


def _read_nest(c: Clauses, deal: model.Deal, deck: model.Deck) -> model.Nest:
    flags = {"counters": None, "trump": None}
    cards: dict[str, bool] = {}     # a named card: whether 'unless forced' goes with it
    clause = c.get("forbid")
    codes = {card.code for card in deck.cards}
    if clause is not None:
        for value in clause.values:
            words = [str(a.value) for a in value.atoms]
            if words == ["nothing"] and len(clause.values) == 1:
                break
            if value.kind == "phrase" and words[0] in flags and \
                    words[1:] in ([], ["unless", "forced"]):
                flags[words[0]] = bool(words[1:])
                continue
            if value.kind == "phrase" and words[0] in codes and \
                    words[1:] in ([], ["unless", "forced"]):
                cards[words[0]] = bool(words[1:])
                continue
            raise SpecError(f"'forbid' does not take '{value}'", value.span,
                            expected="counters, trump, either with 'unless forced', or nothing",
                            hint="for example: forbid counters unless forced",
                            code="unknown-value")
    if len(set(cards.values())) > 1:
        raise SpecError("some named cards are forbidden 'unless forced' and some always",
                        clause.span, expected="'unless forced' after every named card or "
                        "after none", hint="for example: forbid ROOK unless forced, R1 unless "
                        "forced", code="unknown-value")
    return model.Nest(
        discard=c.number("discard", deal.nest),
        forbid_counters=flags["counters"] is not None,
        counters_unless_forced=bool(flags["counters"]),
        forbid_trump=flags["trump"] is not None,
        trump_unless_forced=bool(flags["trump"]),
        points=c.word("points", ("last-trick", "bidder", "none"), "last-trick"),
        announce=c.word("announce", ("nothing", "points"), "nothing"),
        face_up=c.number("face-up", 0),
        shown=c.word("shown", ("never", "after-auction"), "never"),
        forced_burial=c.word("forced-burial", ("any", "trump", "trump-else-any"), "any"),
        exchange=_exchange(c), forbid_cards=tuple(cards),
        burial_order=c.word("burial-order", ("forced-last", "any"), "forced-last"),
        cards_unless_forced=any(cards.values()))


def _exchange(c: Clauses) -> int | None:
    """``nest: exchange N | any``: the most nest cards the bid winner may keep."""
    clause = c.get("exchange")
    if clause is None or str(only_value(clause, "NUMBER | any")) == "any":
        return None
    return number_of(clause, low=0)


def _read_passing(c: Clauses) -> model.Passing:
    directions: tuple[str, ...] = ("left",)
    clause = c.get("directions")
    if clause is not None:
        directions = tuple(word_in(clause, v, ("left", "right", "none")) for v in clause.values)
    return model.Passing(c.number("cards", 0), directions,
                         c.word("bidder-sees", ("at-once", "after-trump"), "at-once"))


def _read_trump(c: Clauses, deck: model.Deck) -> model.Trump:
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
        value = only_value(clause, SECTIONS["trump"]["rook"].shape)
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
        value = only_value(clause, "LETTER above RANK")
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
        value = only_value(clause, "above RANK")
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
        value = only_value(clause, SECTIONS["trump"]["special"].shape)
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
                       tuple(specials),
                       c.word("rook-call", ("before-trump", "after-trump"), "after-trump"),
                       _read_bird_places(c, deck))


def _read_bird_places(c: Clauses, deck: model.Deck) -> tuple[model.Bird, ...]:
    """``trump: bird CODE highest | lowest | above RANK | above CARD | below CARD``, one
    clause per bird, in the order they are placed."""
    places = []
    for clause in c.all("bird"):
        value = only_value(clause, SECTIONS["trump"]["bird"].shape)
        words = [str(a.value) for a in value.atoms]
        if len(words) < 2 or words[0] not in deck.birds:
            raise SpecError(f"'{words[0]}' is not a bird of this deck", value.atoms[0].span,
                            expected="a code of 'deck: birds'",
                            hint="declare it first: deck: birds " + words[0],
                            code="unknown-card")
        if words[1:] in (["highest"], ["lowest"]):
            places.append(model.Bird(words[0], words[1]))
            continue
        if len(words) != 3 or words[1] not in ("above", "below") or \
                (words[1] == "below" or words[2] not in deck.ranks) and \
                words[2] not in (deck.rook, *deck.birds):
            raise SpecError(f"'bird' does not take '{value}'", value.span,
                            expected=SECTIONS["trump"]["bird"].shape,
                            hint=f"bird {words[0]} above 10 makes it the 10.5 of trump",
                            code="unknown-value")
        places.append(model.Bird(words[0], words[1], words[2]))
    return tuple(places)


def _read_play(c: Clauses, deck: model.Deck) -> model.Play:
    anytime: list[str] = []
    clause = c.get("anytime")
    codes = {card.code for card in deck.cards}
    for value in (clause.values if clause else ()):
        text = str(value)
        if text == "none":
            continue
        if text not in codes:
            raise SpecError(f"'{text}' is not a card of this deck", value.span,
                            expected="a card of this deck, such as "
                                     + (deck.rook or deck.cards[0].code),
                            hint="the deck's Rook is " + (deck.rook or "absent (rook none)"),
                            code="unknown-card")
        anytime.append(text)
    return model.Play(
        leader=c.word("leader", ("left-of-dealer", "left-of-bidder", "bidder", "bidder-chooses"),
                      "left-of-bidder"),
        follow=c.word("follow", ("color", "any"), "color"),
        anytime=tuple(anytime),
        ties=c.word("ties", ("first-played", "last-played"), "first-played"),
        review=c.word("review", ("none", "last-trick", "all-tricks"), "none"),
        claim=c.word("claim", ("none", "certain"), "none"))


def _read_scoring(c: Clauses) -> model.Scoring:
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
        allowed = set(("taken", "counters", "tricks", "bid", "total", "all_tricks", "score")) | \
            ({"made"} if key != "made" else set())
        formulas[key] = compile_formula(expr, want, allowed)  # type: ignore[arg-type]
        texts.append((key, render(expr)))  # type: ignore[arg-type]
    total = c.get("total")
    all_tricks, all_points = _sweep_bonus(c, "all-tricks"), _sweep_bonus(c, "all-points")
    return model.Scoring(
        trick_points=c.number("trick-points", 0), last_trick=c.number("last-trick", 0),
        majority=c.number("majority", 0), all_tricks=all_tricks or 0,
        total=number_of(total) if total is not None else None,
        made=formulas["made"], bidders=formulas["bidders"], defenders=formulas["defenders"],
        formulas=tuple(texts), all_points=all_points or 0,
        most_cards=c.number("most-cards", 0), moon_set=_moon_set(c),
        doubled=tuple(key for key, bonus in (("all-tricks", all_tricks),
                                             ("all-points", all_points)) if bonus is None))


def _moon_set(c: Clauses) -> int | None:
    """``scoring: moon-set N``: what a set moon bid loses (None: the moon's points)."""
    clause = c.get("moon-set")
    return None if clause is None else number_of(clause, low=1)


def _sweep_bonus(c: Clauses, key: str) -> int | None:
    """A bonus for taking every trick or every counter: points, or None for 'double'."""
    clause = c.get(key)
    if clause is not None and str(only_value(clause, "NUMBER | double")) == "double":
        return None
    return c.number(key, 0)
