"""``rookery mutate``: the corpus's mutation check (:mod:`rookery.conformance.mutation.mutants`)
on the command line.  Its own module, so that the command line's help does not import
the mutation machinery."""

from __future__ import annotations

import json
from pathlib import Path


# -- the ``rookery mutate`` command ----------------------------------------------------------

def add_subcommand(sub) -> None:
    p = sub.add_parser(
        "mutate", help="mutation check: does the corpus reject every changed rule?",
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


def cmd_mutate(args) -> int:
    from rich.console import Console
    from rich.table import Table

    from ..errors import UsageError
    from ..paths import output_file
    from ..conformance.corpus.cases import CorpusError, load_corpus
    from ..conformance.mutation.mutants import check_variant_corpus, summary_row

    if args.json:
        output_file(args.json, "--json")     # said before the long run, not after
    try:
        cases, problems = load_corpus(args.cases or None)
    except CorpusError as error:
        raise UsageError(str(error)) from None
    # A house variant's cases name its spec file: that file is what is mutated.
    with_cases = sorted({case.spec_file or case.variant for case in cases})
    chosen = args.variants or with_cases
    reports = [check_variant_corpus(variant, cases) for variant in chosen]
    table = Table(title="spec mutation check")
    for column in ("variant", "cases", "mutants", "killed", "survived", "equivalent",
                   "invalid", "score"):
        # a variant id is never cut short: it is what a reader types next
        table.add_column(column, justify="left" if column == "variant" else "right",
                         no_wrap=column == "variant")
    for r in reports:
        table.add_row(*summary_row(r))
    console = Console(highlight=False)
    console.print(table)
    console.print("mutants = killed + survived + equivalent + invalid; the score is killed "
                  "out of killed + survived (equivalent mutants cannot be seen by any case, "
                  "invalid ones break a static check)")
    for r in reports:
        for m in r.survived:
            console.print(f"survived: {r.variant}: {m.rule}: {m.change}")
    if args.json:
        from ..paths import write_text
        write_text(args.json, json.dumps([r.to_json() for r in reports], indent=2) + "\n",
                   "--json")
    return 0 if all(not r.survived for r in reports) else 1
