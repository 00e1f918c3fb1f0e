"""Does a case that ``rookery fuzz`` writes get charged, on rerun with ``rookery
conformance``, to the rule fuzz named?  (Issue 28, item 7: "the same answer everywhere".)

Each engine of ``tests/engines/`` with a rule quirk (and a few specs served as engines)
is fuzzed against Tournament; every case written for a broken rule is rerun against the
same engine, and the rules the corpus charges (or blocks it by) are compared with the
deviation's.  Prints one line per engine and the total; ``--json`` keeps each case.

    python3 benchmarks/rerun_charges.py --deals 60
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINES = ROOT / "tests" / "engines"
# engines with a rule quirk against Tournament (the hostile and protocol-breaking ones
# are about faults, not rules)
QUIRKS = ["scores_and_target.py", "wrong_seat.py", "dealer_forced.py", "nest_shown.py",
          "over_maximum.py", "trump_before_burial.py", "rook_worth_25.py",
          "trump_first_rook_25.py", "too_low_for_off_step.py",
          "wrong_legal.py"]


def rookery(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "rookery", *args], capture_output=True,
                          text=True, cwd=cwd, timeout=1800)


def measure(engine: str, deals: int, folder: Path) -> list[dict]:
    command = f"{sys.executable} {ENGINES / engine}"
    report = folder / "fuzz.json"
    rookery("fuzz", "--variant", "tournament", "--engine", command, "--deals", str(deals),
            "--no-progress", "--cases", str(folder / "cases"), "--json", str(report),
            cwd=folder)
    if not report.is_file():
        return [{"engine": engine, "error": "no fuzz report"}]
    out = []
    for deviation in json.loads(report.read_text())["deviations"]:
        case = deviation.get("case")
        if not case:
            continue
        rerun = folder / "rerun.json"
        rookery("conformance", "--engine", command, case, "--json", str(rerun), cwd=folder)
        results = json.loads(rerun.read_text())["cases"] if rerun.is_file() else []
        charged = sorted({r for result in results
                          for r in (result.get("charged") or result.get("blocked_by") or ())})
        verdicts = sorted({result["verdict"] for result in results})
        out.append({"engine": engine, "fuzz": deviation["rules"], "rerun": charged,
                    "verdicts": verdicts, "case": Path(case).name,
                    "same": set(deviation["rules"]) == set(charged) or
                    (bool(charged) and set(charged) <= set(deviation["rules"]))})
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=60)
    parser.add_argument("--engines", nargs="*", default=QUIRKS)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as root:
        for engine in args.engines:
            folder = Path(root) / engine.removesuffix(".py")
            folder.mkdir()
            found = measure(engine, args.deals, folder)
            rows += found
            same = sum(1 for r in found if r.get("same"))
            print(f"{engine:28} {same} / {len(found)} cases charged on rerun as fuzz named")
            for row in found:
                if not row.get("same"):
                    print(f"    {row.get('case')}: fuzz {row.get('fuzz')}, rerun "
                          f"{row.get('rerun')} {row.get('verdicts')} {row.get('error', '')}")
    same = sum(1 for r in rows if r.get("same"))
    print(f"total: {same} / {len(rows)} cases charged on rerun to the rule fuzz named")
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
