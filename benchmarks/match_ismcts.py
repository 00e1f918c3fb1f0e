"""The search bot (ismcts) against the simple bot, whole games, one line of JSON a game.

    python3 benchmarks/match_ismcts.py tournament --games 300 --iterations 80 --out t.jsonl
    python3 benchmarks/match_ismcts.py --summary t.jsonl [k.jsonl ...]
    python3 benchmarks/match_ismcts.py --paired before.jsonl after.jsonl

In a game of fixed teams the search bot holds one team's seats and the simple bot the
other's; the search bot's team alternates from game to game (even games: seats 0, 2, ...;
odd games: seats 1, 3, ...), so neither gains from the seat order.  Where every player
scores alone (Rook for Three) the search bot holds one seat, turning round the table from
game to game, against simple bots at the others: its fair share of wins is 1 in the
number of players.  Game ``g`` is dealt from seed ``first + g``; a fixed iteration count
makes every game reproducible.

Each line: the game, the seats of the search bot, whether its side won, the hands, and per
hand the contract (bid winner, which bot, the bid, made or set).  ``--summary`` prints the
win rate with its 95% confidence interval (Wilson) and the bidding of each bot: contracts,
the mean and highest bid, and the share set."""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

try:
    import rookery  # noqa: F401
except ImportError:             # run from a checkout without installing
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "interpreter"))


def search_seats(variant, game: int, count: int = 1) -> tuple[int, ...]:
    """The seats the search bot holds in game ``game`` (``count`` of them where every
    player scores alone)."""
    n = variant.table.players
    if variant.table.sides == "teams":
        return tuple(range(game % 2, n, 2)) if variant.table.teams == 2 else \
            tuple(s for s in range(n) if s % variant.table.teams == game % variant.table.teams)
    return tuple(sorted((game + i) % n for i in range(count)))


def play(variant_id: str, games: int, first: int, iterations: int, out: Path,
         bid_by_playouts: bool = False, policy: str = "greedy", tree: bool = False,
         auction: str = "valuation", trump: str = "valuation", count: int = 1,
         boldness: float | None = None, burial: str = "voids") -> None:
    from rookery import load_variant
    from rookery.play.bots import make_bot
    from rookery.play.games import play_game
    from rookery.play.rollout import POLICIES

    variant = load_variant(variant_id)
    with out.open("a", encoding="utf-8") as sink:
        for game in range(games):
            seed = first + game
            seats = search_seats(variant, game, count)
            rng = random.Random(seed)
            players = [make_bot("ismcts" if s in seats else "simple", rng,
                                iterations=iterations)
                       for s in range(variant.table.players)]
            for s in seats:
                players[s].bid_by_playouts = bid_by_playouts
                players[s].policy = POLICIES[policy]
                players[s].flat = not tree
                players[s].auction = auction
                players[s].trump = trump
                if boldness is not None:
                    players[s].boldness = boldness
                players[s].burial = burial
            start = time.process_time()
            outcome = play_game(variant, players, seed, rng=rng)
            t = outcome.game.t
            keepers = {t.team_of[s] if t.team_of is not None else s for s in seats}
            contracts = []
            spread = 0.0
            for hand in outcome.record["hands"]:
                result = hand.get("result") or {}
                changes = result.get("changes") or []
                if changes:
                    own = sum(changes[k] for k in keepers) / len(keepers)
                    rest = [c for k, c in enumerate(changes) if k not in keepers]
                    spread += own - sum(rest) / max(1, len(rest))
                if result.get("thrown_in") or result.get("bidder") is None:
                    continue
                contracts.append({"bidder": result["bidder"],
                                  "bot": "ismcts" if result["bidder"] in seats else "simple",
                                  "bid": result["bid"], "made": result["made"]})
            line = {"variant": variant.id, "game": game, "seed": seed, "iterations": iterations,
                    "bid_by_playouts": bid_by_playouts, "policy": policy, "tree": tree,
                    "auction": auction, "trump": trump,
                    "boldness": players[seats[0]].boldness, "burial": burial,
                    "search_seats": list(seats), "players": variant.table.players,
                    "finished": bool(outcome.winners),
                    "won": bool(keepers & set(outcome.winners)), "hands": outcome.hands,
                    "spread": round(spread / max(1, outcome.hands), 2),
                    "scores": list(outcome.game.scores), "winners": list(outcome.winners),
                    "cpu_seconds": round(time.process_time() - start, 2),
                    "contracts": contracts}
            sink.write(json.dumps(line) + "\n")
            sink.flush()


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% confidence interval of a rate (Wilson's score interval)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (centre - half, centre + half)


def summary(paths: list[Path]) -> None:
    for path in paths:
        lines = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x]
        if not lines:
            print(f"{path}: no games yet")
            continue
        n = len(lines)
        wins = sum(x["won"] for x in lines)
        low, high = wilson(wins, n)
        alone = "scores" in lines[0] and len(lines[0]["scores"]) == lines[0]["players"]
        held = len(lines[0]["search_seats"])
        share = held / lines[0]["players"] if alone else 0.5
        print(f"{lines[0]['variant']}: search bot won {wins} of {n} games = "
              f"{100 * wins / n:.1f}% (95% CI {100 * low:.1f}..{100 * high:.1f}%; fair "
              f"share {100 * share:.0f}%), {sum(x['finished'] for x in lines)} finished, "
              f"{sum(x['hands'] for x in lines) / n:.1f} hands a game, "
              f"{sum(x['cpu_seconds'] for x in lines) / n:.1f} CPU s a game, "
              f"{lines[0]['iterations']} iterations")
        if alone:
            _alone(lines)
        first = lines[0]
        spreads = [x["spread"] for x in lines if "spread" in x]
        if len(spreads) > 1:
            mean = sum(spreads) / len(spreads)
            sd = math.sqrt(sum((x - mean) ** 2 for x in spreads) / (len(spreads) - 1))
            print(f"  points a hand, its side's change less the others': {mean:+.1f} "
                  f"(95% CI {mean - 1.96 * sd / math.sqrt(len(spreads)):+.1f}.."
                  f"{mean + 1.96 * sd / math.sqrt(len(spreads)):+.1f})")
        print(f"  ({path.name}: playouts by the {first.get('policy', 'quick')} player, "
              f"{'a tree' if first.get('tree', True) else 'every card on the same deals'}"
              f", auction by {first.get('auction', 'valuation')}, trump by "
              f"{first.get('trump', 'valuation')}, boldness {first.get('boldness', 0.0)}"
              f", burial by {first.get('burial', 'valuation')})")
        for bot in ("ismcts", "simple"):
            made = [c for x in lines for c in x["contracts"] if c["bot"] == bot]
            if not made:
                print(f"  {bot}: no contracts")
                continue
            bids = [c["bid"] for c in made]
            sets = sum(not c["made"] for c in made)
            slow, shigh = wilson(sets, len(made))
            print(f"  {bot}: {len(made)} contracts, mean bid {sum(bids) / len(bids):.1f}, "
                  f"highest {max(bids)}, bids above 80: {sum(b > 80 for b in bids)}, set "
                  f"{sets} = {100 * sets / len(made):.1f}% (95% CI {100 * slow:.1f}.."
                  f"{100 * shigh:.1f}%)")


def paired(before: Path, after: Path) -> None:
    """Two runs of the same seeds compared game by game: the change in the points a hand
    (the second run's less the first's, a game's mean; normal 95% interval) and the
    games each won that the other lost."""
    runs = [{x["seed"]: x for x in (json.loads(line) for line in
                                     p.read_text(encoding="utf-8").splitlines() if line)}
            for p in (before, after)]
    seeds = sorted(set(runs[0]) & set(runs[1]))
    if len(seeds) < 2:
        print("fewer than 2 games on the same seeds: nothing to compare")
        return
    diffs = [runs[1][s]["spread"] - runs[0][s]["spread"] for s in seeds]
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    half = 1.96 * sd / math.sqrt(len(diffs))
    gained = sum(runs[1][s]["won"] and not runs[0][s]["won"] for s in seeds)
    lost = sum(runs[0][s]["won"] and not runs[1][s]["won"] for s in seeds)
    print(f"{len(seeds)} games on the same seeds: points a hand {mean:+.1f} (95% CI "
          f"{mean - half:+.1f}..{mean + half:+.1f}); won {sum(runs[0][s]['won'] for s in seeds)}"
          f" -> {sum(runs[1][s]['won'] for s in seeds)} ({gained} gained, {lost} lost)")


def _alone(lines: list[dict]) -> None:
    """Where every player scores alone: the search bot's wins per seat it held (fair
    share 1 in the number of players), and how often a search seat finished ahead of
    a given simple seat (fair share 50%)."""
    seat_games = sum(len(x["search_seats"]) for x in lines)
    seat_wins = sum(len(set(x["search_seats"]) & set(x["winners"])) for x in lines)
    low, high = wilson(seat_wins, seat_games)
    print(f"  per search seat: won {seat_wins} of {seat_games} = "
          f"{100 * seat_wins / seat_games:.1f}% (95% CI {100 * low:.1f}..{100 * high:.1f}%;"
          f" fair share {100 / lines[0]['players']:.0f}%)")
    pairs = ahead = 0
    for x in lines:
        for mine in x["search_seats"]:
            for other in range(x["players"]):
                if other not in x["search_seats"]:
                    pairs += 1
                    ahead += x["scores"][mine] > x["scores"][other]
    low, high = wilson(ahead, pairs)
    print(f"  a search seat finished ahead of a simple seat in {ahead} of {pairs} pairs = "
          f"{100 * ahead / pairs:.1f}% (95% CI {100 * low:.1f}..{100 * high:.1f}%; "
          f"fair share 50%)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", nargs="?")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--iterations", type=int, default=55)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--bid-by-playouts", action="store_true",
                        help="the search bot bids by playing hands out (see play/ismcts.py)")
    parser.add_argument("--policy", choices=("greedy", "quick"), default="greedy",
                        help="the player of the playouts (see play/rollout.py)")
    parser.add_argument("--tree", action="store_true",
                        help="search a tree (ISMCTS) instead of comparing every card on "
                        "the same deals")
    parser.add_argument("--auction", choices=("search", "valuation"), default="valuation",
                        help="bid by weighing each bid against a pass on deals played "
                        "out, or as the simple bot does")
    parser.add_argument("--trump", choices=("search", "valuation"), default="valuation",
                        help="name trump by comparing the colors on deals played out, "
                        "or as the simple bot does")
    parser.add_argument("--search-seats", type=int, default=1, metavar="N",
                        help="where every player scores alone: the search bot holds N "
                        "seats (default 1)")
    parser.add_argument("--boldness", type=float, metavar="SHARE",
                        help="the search bot bids this share of the highest bid above "
                        "the simple bot's valuation of its hand (default: the bot's)")
    parser.add_argument("--burial", choices=("voids", "valuation"), default="voids",
                        help="lay cards aside to empty short colors (play/laying_aside.py)"
                        ", or as the simple bot does")
    parser.add_argument("--summary", nargs="+", type=Path)
    parser.add_argument("--paired", nargs=2, type=Path, metavar=("BEFORE", "AFTER"),
                        help="compare two runs of the same seeds game by game")
    args = parser.parse_args()
    if args.summary:
        summary(args.summary)
    elif args.paired:
        paired(*args.paired)
    elif args.variant and args.out:
        play(args.variant, args.games, args.first_seed, args.iterations, args.out,
             args.bid_by_playouts, args.policy, args.tree, args.auction, args.trump,
             args.search_seats, args.boldness, args.burial)
    else:
        parser.error("give a variant and --out FILE, or --summary FILE...")


if __name__ == "__main__":
    main()
