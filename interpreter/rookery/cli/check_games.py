"""``rookery check-games``: games an engine recorded (a log of JSON lines, or a record of
``rookery play --record``) checked against a spec, with no protocol: the verdict of
every rule, each break with its case (the stage is :mod:`rookery.conformance.records`)."""

from __future__ import annotations

import shlex
from pathlib import Path

from ..errors import UsageError


def add_subcommand(sub) -> None:
    p = sub.add_parser(
        "check-games",
        description="Replay every hand of a log of recorded games against the spec: each "
        "action with its seat, the legal actions offered (where recorded), each hand's "
        "result and the game's end (docs/recorded-games.md).  The verdict of every rule, "
        "each break with a conformance case; a line that cannot be read is an error with "
        "its line number, and the rest of the log is still checked.  Exit code 0 when "
        "everything agrees, 1 on a finding or a bad line, 2 on a usage mistake.")
    p.add_argument("log", type=Path, metavar="LOG",
                   help="the log: JSON lines, or a game record (rookery play --record)")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--variant", metavar="VARIANT",
                       help="a built-in variant as the spec (default: the log's first "
                       "game's variant)")
    which.add_argument("--spec", metavar="FILE", type=Path, help="your own spec")
    p.add_argument("--cases", type=Path, default=Path("rookery-games"), metavar="DIR",
                   help="where to write a case per broken rule (default ./rookery-games)")
    p.add_argument("--json", type=Path, metavar="FILE", help="write the report as JSON")
    p.add_argument("--junit", type=Path, metavar="FILE",
                   help="write JUnit XML (one test per rule of the spec)")
    p.add_argument("--html", type=Path, metavar="DIR",
                   help="write a report to share: DIR/index.html, DIR/rules.html and "
                   "DIR/badge.svg")
    p.add_argument("--no-witnesses", action="store_true",
                   help="count each rule's compared decisions only, not its witnesses (the "
                   "decisions where an alternative of the rule would have been caught)")
    p.add_argument("--min-witnesses", type=int, default=1, metavar="N",
                   help="witnesses a rule needs to conform (default 1: a log is the games "
                   "it holds, no deal steered towards a rule; fuzz asks for 3)")
    p.add_argument("-v", "--verbose", action="store_true", help="every rule not reached")


def _spec(args):
    from ..conformance.corpus.oracle import builtin_digest, spec_digest
    from ..conformance.records.log import first_variant
    from ..language.load import load_variant
    if args.spec is not None:
        if not args.spec.is_file():
            raise UsageError(f"no such spec file: {args.spec}")
        return load_variant(args.spec), {"spec": str(args.spec),
                                         "sha256": spec_digest(args.spec)}
    name = args.variant or first_variant(args.log)
    if name is None:
        raise UsageError(f"{args.log}: no game in the log (a log opens each game with "
                         "{\"type\": \"game\", \"variant\": ...}); give --variant or --spec")
    from .fuzz import _oracle
    import argparse
    return _oracle(argparse.Namespace(spec=None, variant=name))


def cmd_check_games(args) -> int:
    from rich.console import Console

    from ..conformance.records.check import check_games
    from ..conformance.records.report import print_report, write_json, write_junit
    from .fuzz import _check_output_paths
    _check_output_paths(args)
    if args.min_witnesses < 1:
        raise UsageError(f"--min-witnesses {args.min_witnesses}: a rule needs at least one "
                         "witness to conform")
    if not args.log.exists():
        raise UsageError(f"no such log: {args.log}")
    variant, oracle = _spec(args)
    rerun = "rookery conformance" + (f" --spec {shlex.quote(str(args.spec))}"
                                     if args.spec is not None else "")
    report, problems = check_games(args.log, variant, oracle, cases=args.cases,
                                   spec_file=args.spec, rerun=rerun,
                                   spec_ref=None if args.no_witnesses else
                                   str(args.spec or oracle["spec"]),
                                   min_witnesses=args.min_witnesses)
    console = Console(highlight=False, soft_wrap=True)
    for path, write in ((args.json, write_json), (args.junit, write_junit)):
        if path is not None:
            write(report, path)
    if args.html is not None:
        from ..conformance.pages import write_report
        write_report(args.html, _json(report), {variant.id: variant}, rerun)
    print_report(report, console, args.verbose)
    for problem in problems:
        console.print(f"[red]rookery check-games wrote a case that cannot be rerun[/] (a "
                      f"fault of rookery, please report it): {problem}")
    if report.check.games == 0:
        import sys
        print(f"rookery: {args.log}: no game of {variant.id} could be read from the log",
              file=sys.stderr)
        return 2
    return 0 if report.ok else 1


def _json(report):
    from ..conformance.records.report import to_json
    return to_json(report)
