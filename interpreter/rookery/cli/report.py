"""``rookery report``: several runs' JSON reports (``fuzz``, ``conformance``,
``check-games`` with ``--json``) laid side by side in one static page: the engines as
columns, the rules as rows (the stage is :mod:`rookery.conformance.pages`)."""

from __future__ import annotations

from pathlib import Path

from ..errors import UsageError


def add_subcommand(sub) -> None:
    p = sub.add_parser(
        "report",
        description="Lay several runs side by side: DIR/index.html with a table per spec, "
        "the engines as columns and the rules as rows, each rule linked to its sentence "
        "on DIR/rules-VARIANT.html.  The page works offline.")
    p.add_argument("reports", nargs="+", type=Path, metavar="REPORT",
                   help="JSON reports of rookery fuzz, conformance or check-games (--json)")
    p.add_argument("--html", type=Path, required=True, metavar="DIR",
                   help="the folder to write the page in")
    p.add_argument("--spec", action="append", default=[], type=Path, metavar="FILE",
                   help="a spec of the runs that is not built in, for its rules' words "
                   "(repeatable)")


def cmd_report(args) -> int:
    from ..conformance.pages import write_side_by_side
    from .conformance import user_specs
    for path in args.reports:
        if not path.is_file():
            raise UsageError(f"no such report: {path}")
    page = write_side_by_side(args.html, args.reports, user_specs(args.spec))
    print(f"written: {page}")
    return 0
