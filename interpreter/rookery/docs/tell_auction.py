"""Rule sentences for the bidding, the nest, passing and trump (``bidding:``, ``nest:``,
``passing:``, ``trump:``)."""

from __future__ import annotations

from ..language.check import maximum_bid, points_available
from ..language.model import Rule, Variant
from .english import capital, card_name, card_with_code, listing, plural, side_words
from .writers import merges, writes


# -- bidding ----------------------------------------------------------------------------------

@writes("bidding", "first")
def _first(v: Variant, rule: Rule | None) -> str:
    who = "The dealer" if v.bidding.first == "dealer" else "The player to the dealer's left"
    return f"{who} speaks first, and the bidding goes round to the left."


@writes("bidding", "opening")
def _opening(v: Variant, rule: Rule | None) -> str:
    if v.bidding.opening is None:
        return "Nobody makes an automatic opening bid."
    return (f"The dealer opens with an automatic bid of {v.bidding.opening}; the player to "
            f"the dealer's left speaks next.")


@writes("bidding", "minimum")
def _minimum(v: Variant, rule: Rule | None) -> str:
    return f"The lowest bid is {v.bidding.minimum}."


@writes("bidding", "maximum")
def _maximum(v: Variant, rule: Rule | None) -> str:
    if v.bidding.maximum is not None:
        return f"The highest bid is {v.bidding.maximum}."
    return (f"No highest bid is set; as a hand holds {points_available(v)} points, "
            f"{maximum_bid(v)} is the highest bid possible.")


@writes("bidding", "step")
def _step(v: Variant, rule: Rule | None) -> str:
    return f"Bids are multiples of {v.bidding.step}."


STEP_WORDS = {1: "ones", 2: "twos", 5: "fives", 10: "tens", 20: "twenties", 25: "twenty-fives"}


@merges("bidding", "minimum", "maximum", "step")
def _bids(v: Variant) -> str:
    """``bidding: minimum``, ``maximum`` and ``step`` told as one range."""
    step = STEP_WORDS.get(v.bidding.step, f"steps of {v.bidding.step}")
    top, held = maximum_bid(v), points_available(v)
    why = ("" if v.bidding.maximum is not None else ", all the points a hand holds"
           if top == held else f" (a hand holds {held} points)")
    return f"Bids go up in {step} from {v.bidding.minimum} to {top}{why}."


@writes("bidding", "raise")
def _raise(v: Variant, rule: Rule | None) -> str:
    if v.bidding.jumps:
        return (f"Every bid must beat the one before it, and may jump by more than "
                f"{v.bidding.step} at once.")
    return f"Each bid is exactly {v.bidding.step} more than the one before."


@writes("bidding", "pass")
def _pass(v: Variant, rule: Rule | None) -> str:
    return ("A player who passes is out of the bidding for the rest of the hand; the last "
            "player left bidding wins the bid and becomes the bid winner.")


@writes("bidding", "all-pass")
def _all_pass(v: Variant, rule: Rule | None) -> str:
    if v.bidding.all_pass == "dealer-forced":
        last = "the dealer" if v.bidding.first == "left-of-dealer" else \
            "the player on the dealer's right"
        return (f"If all the others pass without a bid, the last to speak ({last}) may not "
                f"pass and takes the bid at the minimum, {v.bidding.minimum}.")
    if v.bidding.all_pass == "dealer-must-bid":
        last = "the dealer" if v.bidding.first == "left-of-dealer" else \
            "the player on the dealer's right"
        return (f"If all the others pass without a bid, the last to speak ({last}) may not "
                f"pass and must bid, but may bid any amount the bidding allows, from "
                f"{v.bidding.minimum} up.")
    return ("If every player passes without a bid, the cards are thrown in, nobody scores, "
            "and the next player deals.")


@writes("bidding", "at-maximum")
def _at_maximum(v: Variant, rule: Rule | None) -> str:
    if v.bidding.at_maximum == "ends-auction":
        return (f"A bid of {maximum_bid(v)}, the highest bid, wins the auction at once: the "
                f"players still in the bidding do not speak again.")
    return (f"After a bid of {maximum_bid(v)}, the highest bid, the players still in the "
            f"bidding speak in turn as usual, and can only pass.")


# -- the nest ---------------------------------------------------------------------------------

@writes("bidding", "moon")
def _moon(v: Variant, rule: Rule | None) -> str:
    moon = v.bidding.moon
    if moon is None:
        return "Nobody may bid to take every trick: there is no moon bid."
    team, _ = side_words(v)
    made = "it wins the game at once" if moon == "game" else f"it scores {moon} points"
    return ("Instead of an amount, a player may shoot the moon: a bid to take every trick, "
            "above any amount, which nothing outbids (the others may only pass). If the "
            f"bid winner's {team} then takes every trick, {made}; if it misses one, the bid "
            "is set.")


@writes("nest", "discard")
def _discard(v: Variant, rule: Rule | None) -> str | None:
    n = v.nest.discard
    if v.deal.nest == 0:
        return "With no nest, nobody takes or lays aside any cards."
    mixed = "it may be the nest's own card" if n == 1 else \
        "any of them may be cards that came from the nest"
    return (f"The bid winner takes the nest into hand, then lays {plural(n, 'card')} aside "
            f"face down; {mixed}.")


@writes("nest", "forbid")
def _forbid(v: Variant, rule: Rule | None) -> str | None:
    n = v.nest
    if v.deal.nest == 0:
        return "With no nest, no card is laid aside." if rule else None
    kinds = []
    if n.forbid_cards:
        kinds.append((listing([card_with_code(v.deck, code) for code in n.forbid_cards]),
                      n.cards_unless_forced))
    if n.forbid_counters:
        kinds.append(("counters", n.counters_unless_forced))
    if n.forbid_trump:
        kinds.append(("trumps", n.trump_unless_forced))
    if not kinds:
        return "Any card may be laid aside, counters and trumps included."
    parts = []
    for what, unless in kinds:
        parts.append(f"{what} may not be laid aside"
                     + (" unless the bid winner has no other card left to lay aside"
                        if unless else ""))
    if n.forbid_cards and not (n.forbid_counters or n.forbid_trump):
        parts.append("any other card may be, counters and trumps included")
    return capital("; ".join(parts)) + "."


@writes("nest", "forced-burial")
def _forced_burial(v: Variant, rule: Rule | None) -> str:
    if v.nest.forced_burial == "any":
        return "When the bid winner must lay counters aside, any counters will do."
    text = ("When the bid winner has too few other cards and must lay counters aside, they "
            "must be trump counters. So the bid winner, who names trump with the nest in "
            "hand, may not name a trump under which it holds fewer trump counters than the "
            "counters it must lay aside.")
    if v.nest.forced_burial == "trump-else-any":
        text += (" If no trump meets that, the bid winner may name any trump and lay aside "
                 "any counters.")
    return text


@writes("nest", "burial-order")
def _burial_order(v: Variant, rule: Rule | None) -> str:
    if v.nest.burial_order == "any":
        return ("A bid winner with fewer other cards than it must lay aside may bury the "
                "cards it will be forced to lay aside at any point of the burial, before or "
                "after its other cards.")
    return ("A bid winner with fewer other cards than it must lay aside lays those other "
            "cards aside first, and only then the cards it is forced to bury.")


@writes("nest", "exchange")
def _exchange(v: Variant, rule: Rule | None) -> str:
    n = v.nest.exchange
    if n is None:
        return "The bid winner may keep any of the nest's cards."
    return (f"The bid winner may exchange at most {n} cards with the nest: of the cards "
            f"laid aside, at most {n} may be cards that were not in the nest, so it keeps at "
            f"most {n} of the nest's cards.")


@writes("nest", "points")
def _nest_points(v: Variant, rule: Rule | None) -> str | None:
    if v.deal.nest == 0:
        return "With no nest, no counters are laid aside to score." if rule else None
    team, _ = side_words(v)
    where = v.nest.points
    if where == "last-trick":
        return (f"Counters in the nest at the end of the hand go to the {team} that wins "
                f"the final trick.")
    if where == "bidder":
        return f"Counters in the nest at the end of the hand score for the bid winner's {team}."
    return "The cards in the nest score for nobody."


@writes("nest", "face-up")
def _face_up(v: Variant, rule: Rule | None) -> str | None:
    n = v.nest.face_up
    if n == 0:
        return "The nest is dealt face down: nobody sees its cards before the auction." \
            if rule else None
    which = "The first card dealt to the nest is" if n == 1 else \
        f"The first {n} cards dealt to the nest are"
    return (f"{which} turned face up for everyone to see before the bidding starts; the "
            f"bid winner takes {'it' if n == 1 else 'them'} with the rest of the nest.")


@writes("nest", "shown")
def _shown(v: Variant, rule: Rule | None) -> str | None:
    if v.nest.shown == "after-auction":
        return ("Once the bidding is won, the whole nest is turned face up for every player "
                "to see before the bid winner takes it.")
    return "Nobody but the bid winner sees the nest's cards." if rule else None


@writes("nest", "announce")
def _announce(v: Variant, rule: Rule | None) -> str:
    if getattr(v.nest, "announce", "nothing") == "points":
        return ("Once the cards are laid aside, the bid winner tells everyone whether the "
                "nest holds any counters (but not which, nor how many).")
    return "The bid winner says nothing about the cards laid aside."


# -- passing ----------------------------------------------------------------------------------

@writes("passing", "cards")
def _passing_cards(v: Variant, rule: Rule | None) -> str:
    n = v.passing.cards
    if n == 0:
        return "Players do not pass cards to one another."
    when = "After the nest exchange" if v.deal.nest else "After the bidding"
    return (f"{when}, every player passes {plural(n, 'card')} face down to an opponent, "
            f"all at the same time, so nobody can pass on a card they have just received.")


_DIRECTION = {"left": "to the left", "right": "to the right", "none": "not at all"}
_NTH = ("first", "second", "third", "fourth", "fifth", "sixth")


@writes("passing", "directions")
def _directions(v: Variant, rule: Rule | None) -> str | None:
    if v.passing.cards == 0:
        return "No cards are passed, so the direction does not matter." if rule else None
    ways = v.passing.directions
    if len(ways) == 1:
        return f"Cards are always passed {_DIRECTION[ways[0]]}."
    cycle = [f"{_DIRECTION[way]} in the {_NTH[i] if i < len(_NTH) else str(i + 1) + 'th'} "
             f"hand" for i, way in enumerate(ways)]
    return (f"The direction changes from hand to hand: cards go {listing(cycle)} of the "
            f"game, and then the cycle starts again.")


@writes("passing", "bidder-sees")
def _bidder_sees(v: Variant, rule: Rule | None) -> str | None:
    if v.passing.cards == 0:
        return "No cards are passed, so there is nothing to look at." if rule else None
    if v.passing.bidder_sees == "after-trump":
        return ("The cards passed to the bid winner stay face down until the bid winner has "
                "named trump.")
    return "Everyone picks up the cards passed to them at once."


# -- trump ------------------------------------------------------------------------------------

@writes("trump", "named")
def _named(v: Variant, rule: Rule | None) -> str:
    named = v.trump.named
    if v.deal.nest == 0:
        return "The bid winner names trump after the bidding."
    if named == "before-nest":
        return "The bid winner names trump before taking the nest."
    if named == "after-taking-nest":
        return ("The bid winner names trump after taking the nest into hand and before "
                "laying cards aside.")
    after = "the nest exchange and the passing of cards" if v.passing.cards else \
        "laying the nest's cards aside"
    return f"The bid winner names trump after {after}."


@writes("trump", "choices")
def _choices(v: Variant, rule: Rule | None) -> str:
    choices = v.trump.choices
    letters = [c for c in choices if c in {col.letter for col in v.deck.colors}]
    names = [col.name for col in v.deck.colors if col.letter in letters]
    if len(names) == len(v.deck.colors):
        text = "The bid winner may name any color trump"
    else:
        text = f"The bid winner may name {listing(names, 'or')} trump"
    if "none" in choices:
        text += ", or call no trump at all"
    text += "."
    if any(c.endswith("-low") for c in choices):
        text += (" Any of these may instead be called *low card*: the ranks are reversed, so "
                 "in every color, trump included, the lowest card wins.")
    if "circus" in choices:
        text += (" The bid winner may also call *circus*: then the player on their left "
                 "names trump, every player passes one card to the left (the namer's side "
                 "its best card, the bid winner's side its worst), and the namer leads to "
                 "the first trick.")
    return text


@writes("trump", "low-card-rook")
def _low_card_rook(v: Variant, rule: Rule | None) -> str | None:
    above = getattr(v.trump, "low_card_rook", None)
    if v.deck.rook is None:
        return "The deck has no Rook, so where it would rank in a low-card hand does not matter."
    if above is None:
        return "In a low-card hand the Rook ranks as it does in any other hand."
    return (f"In a low-card hand the Rook ranks between the {above} and the next card "
            f"above it in the usual order: with the ranks reversed, it beats the cards "
            f"above the {above} but loses to the {above} and everything below it.")


@writes("trump", "rook")
def _rook_place(v: Variant, rule: Rule | None) -> str:
    t = v.trump
    if v.deck.rook is None:
        return "The deck has no Rook, so where it would rank does not matter."
    if t.rook == "highest":
        return ("The Rook is a trump: it belongs to the trump color and ranks "
                "above its highest card.")
    if t.rook == "lowest":
        return ("The Rook is a trump: it belongs to the trump color and ranks "
                "below its lowest card.")
    if t.rook == "above":
        return (f"The Rook is a trump ranking just above the {t.rook_above} of the trump "
                f"color.")
    when = "Before" if getattr(t, "rook_call", "") == "before-trump" else "After"
    return (f"{when} naming trump, the bid winner calls the Rook either high (the highest "
            "trump) or low (the lowest trump).")


@writes("trump", "rook-call")
def _rook_call(v: Variant, rule: Rule | None) -> str | None:
    if v.trump.rook != "caller-chooses" or v.deck.rook is None:
        return "Nobody calls the Rook high or low: its place in trump is fixed." \
            if rule else None
    if v.trump.rook_call == "after-trump":
        return "The bid winner calls the Rook high or low just after naming trump."
    first = "the partner's card, then " if v.table.sides == "called" and \
        v.table.call_time == "before-trump" else ""
    return (f"The bid winner calls {first}the Rook high or low, and only then names "
            f"trump.")


@writes("trump", "no-trump-rook")
def _no_trump_rook(v: Variant, rule: Rule | None) -> str | None:
    placed = v.trump.no_trump_rook
    if placed is None or v.deck.rook is None:
        return None
    color = next(c.name for c in v.deck.colors if c.letter == placed[0])
    return (f"When no trump is named, the Rook plays as a {color} card ranking just above "
            f"the {color} {placed[1]}.")


@writes("trump", "bird")
def _bird(v: Variant, rule: Rule | None) -> str | None:
    if rule is None:
        return None
    code = rule.text.split()[1] if len(rule.text.split()) > 1 else ""
    for bird in v.trump.birds:
        if bird.code != code:
            continue
        if bird.place in ("highest", "lowest"):
            return f"The bird `{code}` is a trump: the {bird.place} trump."
        if bird.anchor in v.deck.ranks:
            return (f"The bird `{code}` is a trump ranking just above the {bird.anchor} of "
                    f"the trump color.")
        return (f"The bird `{code}` is a trump ranking just {bird.place} "
                f"{card_name(v.deck, bird.anchor)}.")
    return None


@writes("trump", "special")
def _special(v: Variant, rule: Rule | None) -> str | None:
    if rule is None:
        return None
    code = rule.id.split(".", 2)[2] if rule.id.count(".") >= 2 else ""
    for special in v.trump.specials:
        if special.code == code or rule.text.split()[1:2] == [special.code]:
            d = v.deck
            if special.anchor in ("top", "bottom"):
                where = "the highest trump" if special.anchor == "top" else "the lowest trump"
                return f"{capital(card_with_code(d, special.code))} is always trump: {where}."
            return (f"{capital(card_with_code(d, special.code))} is always trump, ranking "
                    f"just {special.placement} {card_name(d, special.anchor)}.")
    return None
