"""``rookery compare BASE HOUSE [MORE...]``: bot games of each spec on the same seeds and
what differs (:mod:`rookery.play.compare`), as a console table, JSON, and SVG pictures
with an HTML report (:mod:`rookery.play.plots`)."""

from __future__ import annotations

import json
from pathlib import Path

from ..errors import UsageError
from ..paths import make_folder, output_folder, write_text
from ..exit_codes import EXIT_CODES, OK
from .. import parallel
from .play import seat_bots

DEFAULT_GAMES = 1000
DEFAULT_HAND_LIMIT = 100


def add_subcommand(sub) -> None:
    p = sub.add_parser(
        "compare",
        description="Play bot games of each spec on the same seeds (the same deals where "
        "the decks are the same) and report what differs: contracts made and set, the "
        "winning bid, the bidders' points, hands thrown in, hands per game, the dealer's "
        "and each seat's wins, each with its 95% confidence interval, and each spec's "
        "difference from the first (docs/compare.md).", epilog=EXIT_CODES)
    p.add_argument("specs", nargs="+", metavar="SPEC",
                   help="the base first, then one or more house specs (variant ids, "
                   "spec files, BASE+OPTION)")
    p.add_argument("--games", type=int, default=DEFAULT_GAMES, metavar="N",
                   help=f"games of each spec (default {DEFAULT_GAMES}); with "
                   "--until-significant, the most to play")
    p.add_argument("--seed", type=int, default=1, help="the first game's seed (default 1)")
    p.add_argument("--bots", default="simple", metavar="BOT[,BOT...]",
                   help="the bots at the seats, in turn from seat 0 (default simple)")
    p.add_argument("--max-hands", type=int, default=DEFAULT_HAND_LIMIT, metavar="N",
                   help=f"stop a game after N hands without a winner (default "
                   f"{DEFAULT_HAND_LIMIT})")
    p.add_argument("--until-significant", nargs="?", const="contracts-set", default=None,
                   metavar="MEASURE",
                   help="stop once a sequential test (SPRT, 5%% error rates) has "
                   "established or ruled out a difference of MEASURE between each house "
                   "spec and the base (default measure contracts-set)")
    p.add_argument("--smallest", type=float, default=None, metavar="D",
                   help="with --until-significant: the smallest difference that matters "
                   "(a share as a fraction: 0.02 is two points; default per measure)")
    p.add_argument("--json", action="store_true", help="print the report as JSON")
    p.add_argument("--plots", type=Path, metavar="FOLDER",
                   help="write bids.svg, lengths.svg and report.html into FOLDER (made "
                   "if it is not there)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    parallel.add_arguments(p, "games")


def cmd_compare(args) -> int:
    from ..language.load import load_variant
    from ..play.compare import Comparison, measure_named, measures_for, report, run

    workers = parallel.workers_from(args.jobs, args.executor)
    if len(args.specs) < 2:
        raise UsageError("compare needs a base and at least one house spec: "
                         "rookery compare BASE HOUSE [MORE...]")
    for option, value in (("--games", args.games), ("--max-hands", args.max_hands)):
        if value < 1:
            raise UsageError(f"{option} {value}: give a number, 1 or more")
    if args.smallest is not None and not args.smallest > 0:
        raise UsageError(f"--smallest {args.smallest}: give a difference above 0")
    if args.smallest is not None and not args.until_significant:
        raise UsageError("--smallest goes with --until-significant")
    if args.plots:
        output_folder(args.plots, "--plots")    # made, with its parents, when written
    variants = [load_variant(spec) for spec in args.specs]
    players = {v.table.players for v in variants}
    if len(players) > 1:
        raise UsageError("compare plays the same table for every spec: "
                         + ", ".join(f"{v.id} seats {v.table.players}" for v in variants))
    players = players.pop()
    if args.until_significant and measure_named(args.until_significant, players) is None:
        keys = ", ".join(m.key for m in measures_for(players))
        raise UsageError(f"--until-significant {args.until_significant}: no such measure "
                         f"(measures: {keys})")
    seats = seat_bots(args.bots, players)
    comparison = Comparison(
        tuple(v.id for v in variants), tuple(v.title for v in variants), players,
        tuple(_same_deals(variants[0], v, args.seed) for v in variants), args.seed, seats,
        args.max_hands, tuple(parallel.portable(spec) for spec in args.specs))
    from . import terminal
    console = terminal.console(highlight=False, soft_wrap=True, stderr=args.json)
    try:
        _run(comparison, args, workers, console, run)
    except parallel.Interrupted as stop:
        console.print(f"stopped: {comparison.played} games of each spec finished; "
                      "the report covers them")
        comparison.stopped = f"interrupted after {comparison.played} games"
        _show(report(comparison), args, console)
        raise stop.cause from None
    except parallel.WorkerLost as lost:
        # a batch of games killed its worker each time: the games that finished are the
        # report, which says why it stops there (exit 1, the error said last)
        console.print(f"stopped: {comparison.played} games of each spec finished; "
                      "the report covers them", markup=False)
        comparison.stopped = f"stopped after {comparison.played} games: {lost}"
        _show(report(comparison), args, console)
        raise
    _show(report(comparison), args, console)
    return OK


def _run(comparison, args, workers, console, run) -> None:
    from .campaign import progress_bar
    with progress_bar(console, args.games * len(comparison.specs), "games",
                      not args.no_progress) as advance:
        run(comparison, args.games, workers, args.until_significant, args.smallest,
            advance)


def _show(data: dict, args, console) -> None:
    """The report where it was asked for: pictures first (files), then JSON or the
    table."""
    if args.plots:
        make_folder(args.plots, "--plots")
        from ..play.plots import bid_plot, html_report, length_plot
        for name, text in (("bids.svg", bid_plot(data)), ("lengths.svg", length_plot(data)),
                           ("report.html", html_report(data))):
            write_text(args.plots / name, text, "--plots")
    if args.json:
        print(json.dumps(data, indent=2))
        return
    _table(data, console)


def _table(data: dict, console) -> None:
    from rich.table import Table

    from ..play.plots import interval
    specs = [s["spec"] for s in data["specs"]]
    table = Table(title=f"{data['games']} games of each spec from seed "
                  f"{data['first_seed']} (95% intervals)")
    table.add_column("measure")
    for name in specs:
        table.add_column(name, justify="right", overflow="fold")
    for name in specs[1:]:
        table.add_column(f"{name} - {specs[0]}", justify="right", overflow="fold")
    for m in data["measures"]:
        cells = [interval(e, m["share"]) for e in m["specs"]]
        cells += [interval(d, m["share"]) + (" differs" if d["differs"] else "")
                  for d in m["differences"]]
        table.add_row(m["words"], *cells)
    console.print(table, markup=False)
    for s in data["specs"][1:]:
        if not s["same_deals_as_base"]:
            console.print(f"{s['spec']} is dealt other cards than {specs[0]} (its deck or "
                          "deal differs): its games are paired by seed only", markup=False)
    for test, name in zip(data["sequential_tests"], specs[1:]):
        console.print(f"sequential test of {test['measure']} ({name} against {specs[0]}, "
                      f"smallest difference {test['smallest']:g}): {test['verdict']}",
                      markup=False)
    for note in data["notes"]:
        console.print(f"note: {note}", markup=False)
    if data["stopped"]:
        console.print(data["stopped"], markup=False)


def _same_deals(base, house, seed: int) -> bool:
    """Whether the house spec is dealt exactly what the base is from the same seed
    (the same deck, hand and nest sizes): the first hands of game ``seed`` agree."""
    import random

    from ..engine import Game
    dealt = []
    for variant in (base, house):
        hand = Game(variant, random.Random(seed)).hand
        dealt.append(([sorted(hand.t.codes[c] for c in cards) for cards in hand.hands],
                      sorted(hand.t.codes[c] for c in hand.nest)))
    return dealt[0] == dealt[1]
