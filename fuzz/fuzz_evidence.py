"""Evidence that always reruns: engines that break one to three rules of a variant (spec
mutants, served by our interpreter in-process) are fuzzed with ``rookery fuzz`` as a user
runs it (rules learned as the engine plays them), and every case it writes is rerun with
the exact command its report prints.  Each case must be valid (schema, deal, script,
oracle and digest), fail against the engine and pass against the oracle it names.

    python fuzz/fuzz_evidence.py --budget 600 --count 100

``--count`` counts outcomes: fuzz runs (with or without cases) and cases rerun.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import shlex
import sys
import tempfile
from pathlib import Path

from _common import Tally, arguments

from rookery.cli import main
from rookery.conformance.corpus.cases import load_corpus
from rookery.conformance.mutation.mutants import mutants
from rookery.language.load import load_variant

BAD = ("invalid-case", "engine-passes", "oracle-fails", "traceback")
VARIANTS = ("tournament", "kentucky-rook", "rook-for-three", "call-partner-200")


def quiet(argv: list[str]) -> tuple[int, str]:
    """``rookery ARGV``, its output kept."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        code = main(argv)
    return code, out.getvalue()


def mutant_file(folder: Path, variant: str, picked) -> Path | None:
    """A spec of ``variant`` with the picked clauses changed (None if it does not load:
    two changes may not fit together)."""
    lines = [f'variant {variant} "{variant}, {len(picked)} rules changed"',
             f"extends {variant}", ""]
    for mutant in picked:
        lines += [f"{mutant.section}:", f"  {mutant.line}", '    ruling "a mutant"', ""]
    path = folder / "engine.rook"
    path.write_text("\n".join(lines), encoding="utf-8")
    try:
        load_variant(path)
    except Exception:  # noqa: BLE001 - a combination that does not check is skipped
        return None
    return path


def main_loop() -> int:
    args = arguments(__doc__.splitlines()[0], count=20, budget=120.0,
                     deals=(int, 60, "deals per fuzz run (default 60)"))
    rng = random.Random(args.seed)
    tally = Tally("fuzz_evidence", args.budget, args.count)
    pools = {v: [m for m in mutants(v, own_only=False) if m.mutant is not None]
             for v in VARIANTS}
    with tempfile.TemporaryDirectory() as root:
        os.chdir(root)
        while tally.more():
            variant = rng.choice(VARIANTS)
            picked = rng.sample(pools[variant], rng.choice((1, 1, 2, 3)))
            folder = Path(root) / f"run{tally.trials}"
            folder.mkdir()
            engine = mutant_file(folder, variant, picked)
            if engine is None:
                tally.add("mutants-that-do-not-fit")
                continue
            try:
                _, report = quiet(["fuzz", "--variant", variant, "--engine-spec",
                                   str(engine), "--deals", str(args.deals), "--seed",
                                   str(rng.randrange(1000)), "--cases",
                                   str(folder / "cases")])
                rerun(report, tally, [m.change for m in picked])
            except Exception as error:  # noqa: BLE001 - the fuzzer's own finding
                tally.surprise("traceback", error, f"{variant}: {picked}")
    return tally.summary(BAD)


def rerun(report: str, tally: Tally, changes) -> None:
    """Every case the report names, rerun as printed and against its oracle."""
    commands = [line.split("rerun: ", 1)[1].strip() for line in report.splitlines()
                if "rerun: " in line]
    if not commands:
        tally.add("runs-without-deviation")
        return
    tally.add("runs-with-cases")
    for command in commands:
        words = shlex.split(command)
        path = Path(words[-1])
        _, problems = load_corpus([path])
        if problems:
            tally.add("invalid-case", f"{changes}: {problems[0]}")
            continue
        engine_code, _ = quiet(words[1:])
        oracle_code, _ = quiet(["conformance", str(path)])
        if engine_code != 1:
            tally.add("engine-passes", f"{changes}: {command}")
        elif oracle_code != 0:
            tally.add("oracle-fails", f"{changes}: {command}")
        else:
            tally.add("case-reruns")


if __name__ == "__main__":
    os.environ["PATH"] = str(Path(sys.executable).parent) + os.pathsep + \
        os.environ.get("PATH", "")
    sys.exit(main_loop())
