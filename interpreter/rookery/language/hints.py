"""Hints ("did you mean ...?") for an unknown word, that point the right way.

A suggestion that merely looks alike misleads: ``redeal`` is not ``nest-deal``, and a
``trick-bonus`` is not ``trick-points``.  So a word is matched two ways:

* by spelling, only when it is one or two keystrokes away (a letter missing, doubled,
  wrong or two letters swapped: ``stepp``, ``hadn``, ``minimun``), counted by
  :func:`keystrokes`;
* by meaning: every part of the word (``trick``, ``bonus``) found in what a key means
  (the vocabulary's descriptions), or the word being one of a key's values (``redeal``
  is a value of ``bidding: all-pass``).  A word only half found (``dealer-bonus``) gets
  no suggestion rather than a wrong one.

Keys of the section at hand come first; another section's key is suggested only when it
is one keystroke away or its meaning matches, and no more than three keys are offered.
"""

from __future__ import annotations

import re

# Words too common in the vocabulary's descriptions to say anything.
_COMMON = {"a", "an", "the", "of", "for", "to", "in", "is", "and", "or", "by", "on", "at",
           "it", "its", "each", "when", "that", "as", "with", "be", "may", "no", "not",
           "one", "all", "any"}


def keystrokes(a: str, b: str) -> int:
    """How many letters must be added, removed, changed or swapped with a neighbour to
    turn ``a`` into ``b`` (the optimal string alignment distance)."""
    rows = [list(range(len(b) + 1))]
    for i in range(1, len(a) + 1):
        row = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            row[j] = min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]


def near_in_spelling(word: str, candidates, *, most: int | None = None) -> list[str]:
    """The candidates a keystroke or two from ``word`` (one for a word of up to five
    letters), nearest first."""
    limit = most if most is not None else (1 if len(word) <= 5 else 2)
    # each letter of difference in length is a keystroke: a word much longer or shorter
    # than a candidate is not near it, and is not measured (a 60,000-letter word costs
    # nothing, where the full distance against every key took seconds)
    scored = sorted((keystrokes(word, c), c) for c in candidates
                    if abs(len(word) - len(c)) <= limit)
    return [c for distance, c in scored if distance <= limit]


def _stem(word: str) -> str:
    word = word.casefold()
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


def words_of(text: str) -> set[str]:
    """The meaningful words of a text, without plurals: "bonus for the side that takes
    most tricks" -> {bonus, side, takes->take, most, trick}."""
    return {_stem(w) for w in re.split(r"[^A-Za-z0-9]+", text) if w and
            w.casefold() not in _COMMON}


# What players call a thing, in the words the vocabulary uses for it.
_SAID_AS = {"sweep": {"every"}, "slam": {"every"}, "shoot": {"every"}, "march": {"every"},
            "widow": {"nest"}, "kitty": {"nest"}, "blind": {"nest"}, "bury": {"aside"},
            "suit": {"color"}, "partner": {"side", "team"}, "bird": {"rook"},
            "pick": {"choose"}, "chose": {"choose"}, "select": {"choose"}}


def near_in_meaning(word: str, meanings: dict[str, str], *, whole: bool = False) -> list[str]:
    """The keys whose meaning holds the most parts of ``word`` (all of them with
    ``whole``), in the order given.  A part also matches the vocabulary's word for it
    (a sweep is taking every trick, the widow is the nest)."""
    parts = words_of(word)
    if not parts:
        return []

    def score(text: str) -> int:
        said = words_of(text)
        return sum(1 for part in parts if ({part} | _SAID_AS.get(part, set())) & said)

    scores = {key: score(key + " " + meaning) for key, meaning in meanings.items()}
    best = max(scores.values(), default=0)
    if best == 0 or (whole and best < len(parts)):
        return []
    return [key for key, score in scores.items() if score == best]


def value_of(word: str, shapes: dict[str, str]) -> list[str]:
    """The keys one of whose values is ``word`` (a value written as a key)."""
    return [key for key, shape in shapes.items()   # [unless forced] qualifies a value
            if word in re.split(r"[^A-Za-z0-9-]+", re.sub(r"\[[^]]*\]", "", shape))]


def one_of(names: list[str]) -> str:
    """'a', 'a or b', 'a, b or c' with each name quoted."""
    quoted = [f"'{n}'" for n in names]
    return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]
