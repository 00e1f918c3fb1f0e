"""The statistics of ``rookery compare``: a measure's value with its 95% confidence
interval, the difference between two specs played on the same seeds, and a sequential
test that stops a comparison once a difference is established or ruled out.

Every measure is a ratio of two sums over games: the hands whose contract was made
over the hands with a contract, the hands over the games (one game each), and so on.
Games are independent; the hands of one game are not (the scores carry over), so the
interval treats the game as the unit: the ratio estimator with its variance by the delta
method, summed over games (a cluster-robust interval).  Two specs are played on the
same seeds, so the difference is taken game by game (paired), which makes it tighter
when the deals are the same and costs nothing when they are not.

The sequential test is Wald's SPRT on the mean of the paired per-game terms, with a
normal approximation and the variance estimated as it goes, in the spirit of the tests
chess engine frameworks run (fishtest's normalised SPRT): H0 "no difference" against H1
"a difference of at least the smallest one that matters", in each direction; error
rates alpha = beta = 0.05."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054     # the normal quantile of a two-sided 95% interval
ALPHA = BETA = 0.05


@dataclass(frozen=True)
class Estimate:
    """A measure over some games: its value and the half width of its 95% interval
    (``None`` when there is nothing to measure: no hand had a contract, say)."""

    value: float | None
    margin: float | None
    count: int                  # the denominator's total (hands, contracts, games)

    @property
    def low(self) -> float | None:
        return None if self.value is None else self.value - self.margin

    @property
    def high(self) -> float | None:
        return None if self.value is None else self.value + self.margin

    def to_json(self) -> dict:
        return {"value": self.value, "ci95": None if self.value is None
                else [self.low, self.high], "count": self.count}


def _residuals(pairs: list[tuple[float, float]]) -> tuple[float | None, list[float]]:
    """The ratio sum(x)/sum(n) over games, and each game's linearised term
    ``(x - r*n) / mean(n)`` (its contribution to the ratio's error)."""
    total_n = sum(n for _, n in pairs)
    if not pairs or total_n == 0:
        return None, []
    ratio = sum(x for x, _ in pairs) / total_n
    mean_n = total_n / len(pairs)
    return ratio, [(x - ratio * n) / mean_n for x, n in pairs]


def _margin(terms: list[float]) -> float:
    """The 95% half width of the mean of ``terms`` (0 with fewer than two)."""
    count = len(terms)
    if count < 2:
        return 0.0
    mean = sum(terms) / count
    variance = sum((t - mean) ** 2 for t in terms) / (count - 1)
    return Z95 * math.sqrt(variance / count)


def estimate(pairs: list[tuple[float, float]]) -> Estimate:
    """sum(x) / sum(n) over games, given each game's ``(x, n)``, with its interval."""
    ratio, terms = _residuals(pairs)
    count = int(sum(n for _, n in pairs))
    if ratio is None:
        return Estimate(None, None, count)
    return Estimate(ratio, _margin(terms), count)


@dataclass(frozen=True)
class Difference:
    """HOUSE minus BASE for one measure, with its 95% interval; ``differs`` when the
    interval leaves out zero."""

    value: float | None
    margin: float | None

    @property
    def differs(self) -> bool:
        return self.value is not None and abs(self.value) > self.margin and \
            self.value != 0

    def to_json(self) -> dict:
        return {"value": self.value, "ci95": None if self.value is None
                else [self.value - self.margin, self.value + self.margin],
                "differs": self.differs}


def paired_terms(base: list[tuple[float, float]],
                 house: list[tuple[float, float]]) -> tuple[float | None, list[float]]:
    """The difference of the two ratios, and each game's term of it (the house's
    linearised term minus the base's, game by game on the same seed)."""
    base_ratio, base_terms = _residuals(base)
    house_ratio, house_terms = _residuals(house)
    if base_ratio is None or house_ratio is None:
        return None, []
    return house_ratio - base_ratio, [h - b for h, b in zip(house_terms, base_terms)]


def difference(base: list[tuple[float, float]],
               house: list[tuple[float, float]]) -> Difference:
    value, terms = paired_terms(base, house)
    if value is None:
        return Difference(None, None)
    return Difference(value, _margin(terms))


# -- the sequential test ---------------------------------------------------------------

ESTABLISHED, RULED_OUT, UNDECIDED = "established", "ruled out", "undecided"


@dataclass(frozen=True)
class Sequential:
    """Where the SPRT stands: the log-likelihood ratio of each direction (a
    difference of +smallest, of -smallest, against none), its bounds, the verdict."""

    smallest: float
    llr_up: float
    llr_down: float
    verdict: str

    lower: float = math.log(BETA / (1 - ALPHA))
    upper: float = math.log((1 - BETA) / ALPHA)

    def to_json(self) -> dict:
        return {"smallest": self.smallest, "llr": [self.llr_down, self.llr_up],
                "bounds": [self.lower, self.upper], "verdict": self.verdict,
                "alpha": ALPHA, "beta": BETA}


def sprt(base: list[tuple[float, float]], house: list[tuple[float, float]],
         smallest: float) -> Sequential:
    """Wald's test of "the house's measure differs from the base's by ``smallest`` or
    more" (in either direction) against "it does not differ", on the paired per-game
    terms: the log-likelihood ratio of a normal mean ``+-smallest`` against 0 with the
    estimated variance, ``G * (d * s - s^2 / 2) / var``.  Established when either
    direction passes the upper bound, ruled out when both pass the lower one; games
    whose terms are all equal (two specs that play alike) rule a difference out."""
    value, terms = paired_terms(base, house)
    if value is None or len(terms) < 2:
        return Sequential(smallest, 0.0, 0.0, UNDECIDED)
    count = len(terms)
    mean = sum(terms) / count
    variance = sum((t - mean) ** 2 for t in terms) / (count - 1)
    if variance == 0:
        verdict = RULED_OUT if abs(value) < smallest else ESTABLISHED
        bound = Sequential.upper if verdict == ESTABLISHED else Sequential.lower
        return Sequential(smallest, bound, bound, verdict)

    def llr(shift: float) -> float:
        return count * (value * shift - shift * shift / 2) / variance

    up, down = llr(smallest), llr(-smallest)
    if max(up, down) >= Sequential.upper:
        verdict = ESTABLISHED
    elif up <= Sequential.lower and down <= Sequential.lower:
        verdict = RULED_OUT
    else:
        verdict = UNDECIDED
    return Sequential(smallest, up, down, verdict)
