"""Malformed case files: the corpus's own files mutated (keys dropped, values of the
wrong type, cards swapped or repeated, seats changed, huge numbers, deep nesting,
truncated text, bytes that are not UTF-8, lone surrogates, NaN, a FIFO, a link to
``/dev/zero``).  Reading must never raise nor hang;
each file's cases are valid or reported as problems; the valid ones run on our
interpreter with a verdict and no crash.

    python fuzz/fuzz_cases.py --budget 60 --count 2000
"""

from __future__ import annotations

import copy
import json
import os
import random
import tempfile
from pathlib import Path

from _common import Hang, Tally, arguments, limit_memory, time_limit

from rookery.conformance import InProcessEngine, load_corpus, run_cases
from rookery.conformance.corpus.cases import CorpusError, case_files, default_paths

BAD = ("traceback", "hang", "crash-verdict")
VALUES = [None, True, -1, 0, 10 ** 30, 1.5, "", "x", [], {}, ["R5"], "9" * 5000,
          "\ud800", [[]] * 3]


def mutate_json(data, rng: random.Random):
    """One random change somewhere in ``data`` (a case file's object)."""
    data = copy.deepcopy(data)
    case = rng.choice(data["cases"])
    kind = rng.randrange(8)
    if kind == 0:
        key = rng.choice(list(case))
        del case[key]
    elif kind == 1:
        case[rng.choice(list(case))] = rng.choice(VALUES)
    elif kind == 2:
        hands = case["deal"]["hands"]
        a, b = rng.randrange(len(hands)), rng.randrange(len(hands))
        if hands[a] and hands[b]:
            hands[a][rng.randrange(len(hands[a]))] = hands[b][rng.randrange(len(hands[b]))]
    elif kind == 3:
        hands = case["deal"]["hands"]
        held = hands[rng.randrange(len(hands))]
        if held:
            case["deal"]["nest"].append(held.pop())
    elif kind == 4 and case.get("start"):
        i = rng.randrange(len(case["start"]))
        entry = case["start"][i]
        if isinstance(entry, dict):         # a setup goal: a wrong seat in it
            goal = next(iter(entry.values()))
            goal["winner" if "winner" in goal else "seat"] = rng.choice(
                [0, 3, 9, -1, 10 ** 20, "0"])
        else:
            seat, _, action = entry.partition(" ")
            case["start"][i] = f"{rng.choice(['0', '1', '2', '3', '9' * 5000])} {action}"
    elif kind == 5 and case["steps"]:
        step = rng.choice(case["steps"])
        if "seat" in step:
            step["seat"] = rng.choice([0, 1, 2, 3, 7, -1, 10 ** 20])
        else:
            step["expect"] = rng.choice(VALUES)
    elif kind == 6:
        case["deal"]["dealer"] = rng.choice([0, 1, 5, -1, 10 ** 20, "0"])
    else:
        data[rng.choice(["variant", "cases", "extra"])] = rng.choice(VALUES)
    return data


def raw_text(text: str, rng: random.Random) -> bytes:
    kind = rng.randrange(8)
    if kind == 5:       # a lone surrogate, escaped, in the first string
        return text.replace('"', '"\\udc00', 2).encode()
    if kind == 6:
        return text.replace('"dealer": 0', '"dealer": NaN', 1).encode()
    if kind == 7:       # a number longer than any JSON file should hold
        return text.replace('"dealer": 0', '"dealer": 1e' + "9" * 40, 1).encode()
    if kind == 0:
        return text[:rng.randrange(len(text))].encode()
    if kind == 1:
        return b"[" * 100_000 + b"]" * 100_000
    if kind == 2:
        return b"\xff\xfe" + text.encode()
    if kind == 3:
        return text.replace('"dealer": 0', '"dealer": ' + "9" * 5000, 1).encode()
    return ('{"variant": "tournament", "cases": [' + "{" * 50 + "}" * 50 + "]}").encode()


def main() -> int:
    args = arguments(__doc__.splitlines()[0], count=2000, budget=60.0)
    limit_memory()
    rng = random.Random(args.seed)
    tally = Tally("fuzz_cases", args.budget, args.count)
    files = case_files(default_paths())
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        os.mkfifo(root / "fifo.json")
        (root / "zero.json").symlink_to("/dev/zero")
        while tally.more():
            source = rng.choice(files)
            text = source.read_text(encoding="utf-8")
            target = root / f"{tally.trials % 50}.json"
            if rng.random() < 0.8:
                target.write_text(json.dumps(mutate_json(json.loads(text), rng)),
                                  encoding="utf-8", errors="surrogatepass")
            else:
                target.write_bytes(raw_text(text, rng))
            try:
                with time_limit(30):
                    device = rng.choice(["fifo.json", "zero.json"])
                    cases, problems = load_corpus([target, root / device]
                                                  if rng.random() < 0.1 else [target])
                    run = run_cases(InProcessEngine(), cases[:3])
            except CorpusError:
                tally.add("refused (not a case file)")
                continue
            except Hang as error:
                tally.surprise("hang", error, target.read_bytes()[:300].decode("latin-1"))
                continue
            except Exception as error:  # noqa: BLE001 - counted
                tally.surprise("traceback", error, target.read_bytes()[:300].decode("latin-1"))
                continue
            if any(result.verdict == "crash" for result in run.results):
                crashed = next(r for r in run.results if r.verdict == "crash")
                tally.add("crash-verdict", f"{crashed.case.id}: {crashed.message}")
            tally.add("invalid file or cases" if problems else "valid, run")
    return tally.summary(BAD)


if __name__ == "__main__":
    raise SystemExit(main())
