"""``rookery mutate``: the corpus's mutation check (:mod:`rookery.conformance.mutation.mutants`)
on the command line.  Its own module, so that the command line's help does not import
the mutation machinery."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

from .. import parallel


# -- the ``rookery mutate`` command ----------------------------------------------------------

def add_subcommand(sub) -> None:
    p = sub.add_parser(
        "mutate",
        description="Change each rule clause of a variant's spec in turn and run the "
        "variant's conformance cases against the mutant: a mutant no case rejects is a rule "
        "the corpus does not pin down.  Exit code 0 when every observable mutant is killed.")
    p.add_argument("variants", nargs="*", metavar="VARIANT",
                   help="variants to mutate: built-in ids or spec files, whose cases are "
                   "the corpus's cases of that variant (default: every variant with cases)")
    p.add_argument("--cases", metavar="PATH", type=Path, action="append", default=[],
                   help="case files or folders to use instead of the packaged corpus "
                   "(repeatable)")
    p.add_argument("--json", metavar="FILE", type=Path, help="write the report as JSON")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    parallel.add_arguments(p, "variants")


def cmd_mutate(args) -> int:
    from rich.table import Table

    from ..errors import UsageError
    from ..paths import output_file
    from ..conformance.corpus.cases import CorpusError, load_corpus
    from ..conformance.mutation.mutants import summary_row
    from .campaign import progress_bar

    workers = parallel.workers_from(args.jobs, args.executor)
    if args.json:
        output_file(args.json, "--json")     # said before the long run, not after
    try:
        cases, problems = load_corpus(args.cases or None)
    except CorpusError as error:
        raise UsageError(str(error)) from None
    # A house variant's cases name its spec file: that file is what is mutated.
    with_cases = sorted({case.spec_file or case.variant for case in cases})
    chosen = args.variants or with_cases
    items = [(parallel.portable(spec), tuple(_own_cases(spec, cases))) for spec in chosen]
    from . import terminal
    console = terminal.console(highlight=False)
    stopped = None
    with progress_bar(console, len(items), "variants", not args.no_progress) as advance:
        try:
            reports = parallel.map_in_order(mutate_variant, items, workers,
                                            lambda index, report: advance(),
                                            lost=_lost_variant)
        except parallel.Interrupted as stop:
            reports, stopped = stop.in_order(), stop.cause
            console.print(f"stopped: the report covers the {len(reports)} variants that "
                          "finished")
            if not reports:
                raise stopped from None
    table = Table(title="spec mutation check")
    for column in ("variant", "cases", "mutants", "killed", "survived", "equivalent",
                   "invalid", "score"):
        # a variant id is never cut short: it is what a reader types next
        table.add_column(column, justify="left" if column == "variant" else "right",
                         no_wrap=column == "variant")
    for r in reports:
        table.add_row(*summary_row(r))
    console.print(table)
    console.print("mutants = killed + survived + equivalent + invalid; the score is killed "
                  "out of killed + survived (equivalent mutants cannot be seen by any case, "
                  "invalid ones break a static check)")
    for r in reports:
        for m in r.survived:
            console.print(f"survived: {r.variant}: {m.rule}: {m.change}")
        if r.lost is not None:
            console.print(f"lost: {r.variant}: {r.lost}; its mutants were not checked",
                          markup=False)
    if args.json:
        from ..paths import write_text
        write_text(args.json, json.dumps([r.to_json() for r in reports], indent=2) + "\n",
                   "--json")
    if stopped is not None:     # 130 or 143: a part of the run is not all of it
        raise stopped
    return 0 if all(not r.survived and r.lost is None for r in reports) else 1


def _lost_variant(item: tuple, why: str):
    """The report of a variant whose work item killed its worker each time: counted as
    lost (exit 1), the other variants' reports kept."""
    from ..conformance.mutation.mutants import MutationReport
    from ..language.load import load_variant
    spec, cases = item
    try:
        name = load_variant(spec).id
    except Exception:  # noqa: BLE001 - the spec as the command line named it
        name = str(spec)
    return MutationReport(name, len(cases), lost=why)


def _own_cases(spec: str, cases: list) -> list:
    """The cases of ``spec``'s variant (what a worker mutating it needs of the corpus)."""
    from ..language.load import load_variant
    variant_id = load_variant(spec).id
    return [case for case in cases if case.variant == variant_id]


def mutate_variant(item: tuple):
    """A work item of ``rookery mutate``: one variant's mutants against its cases (run
    by a worker); the report keeps each mutant's rule and change, not its compiled
    spec, so that it travels back light."""
    from ..conformance.mutation.mutants import check_variant_corpus
    spec, cases = item
    report = check_variant_corpus(spec, list(cases))
    for name in ("killed", "survived", "invalid"):
        setattr(report, name, [replace(m, mutant=None) for m in getattr(report, name)])
    report.equivalent = [(replace(m, mutant=None), why) for m, why in report.equivalent]
    return report
