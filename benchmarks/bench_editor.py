#!/usr/bin/env python3
"""How long the language server takes to re-check a 300-line spec after a change.

The spec: Kentucky Rook written out in full (no ``extends``) with a note or a comment under
its clauses until it is 300 lines long.  Each round changes one number (the target, 500 or
505), and measures, back to back:

- **re-check**: :func:`rookery.editor.analysis.analyse` on the changed text, in process,
  in CPU time: what ``rookery lsp`` runs on each change (parse, read, check, warnings);
- its peer, **parse**: :func:`rookery.language.parse.parse_text` of the same text alone;
- **round trip**: over stdio to ``rookery lsp`` (pytest-lsp's client): a
  ``textDocument/didChange`` until its ``publishDiagnostics`` arrives, wall time.

Usage (from the repository root)::

    python3 benchmarks/bench_editor.py --rounds 15
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def long_spec(lines: int = 300) -> str:
    """Kentucky Rook padded with notes and comments under its clauses to ``lines`` lines."""
    out = (ROOT / "specs" / "kentucky-rook.rook").read_text(encoding="utf-8").splitlines()
    n = 0
    while len(out) < lines:
        clauses = [i for i, line in enumerate(out)
                   if line.startswith("  ") and not line.startswith(("   ", "  #"))]
        at = clauses[n % len(clauses)] + 1
        n += 1
        out.insert(at, f'    ruling "note {n}: why the clause reads so"' if n % 2
                   else f"  # comment {n}")
    return "\n".join(out) + "\n"


def cpu(fn) -> float:
    start = time.process_time()
    fn()
    return time.process_time() - start


def in_process(text: str, rounds: int, path: str) -> tuple[list[float], list[float]]:
    from rookery.editor.analysis import analyse
    from rookery.language.parse import parse_text

    analyse(text, path)          # the grammar built, the sources read: as in a live server
    checks, parses = [], []
    for i in range(rounds):
        changed = text.replace("target 500", f"target {500 + 5 * (i % 2)}")
        checks.append(cpu(lambda: analyse(changed, path)))
        parses.append(cpu(lambda: parse_text(changed, path)))
    return checks, parses


async def over_stdio(text: str, rounds: int, path: Path) -> list[float]:
    from lsprotocol import types as lsp
    from pytest_lsp import ClientServerConfig, client_capabilities

    client = await ClientServerConfig(
        server_command=[sys.executable, "-m", "rookery", "lsp"]).start()
    await client.initialize_session(lsp.InitializeParams(
        capabilities=client_capabilities("visual-studio-code")))
    uri = path.as_uri()
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(text_document=lsp.TextDocumentItem(
        uri=uri, language_id="rook", version=1, text=text)))
    await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    times = []
    for i in range(rounds):
        changed = text.replace("target 500", f"target {500 + 5 * ((i + 1) % 2)}")
        start = time.perf_counter()
        client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=i + 2),
            content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=changed)]))
        await client.wait_for_notification(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        times.append(time.perf_counter() - start)
    await client.shutdown_session()
    await client.stop()
    return times


def row(name: str, values: list[float]) -> str:
    ms = [v * 1000 for v in values]
    return (f"{name:<34} {min(ms):7.1f} {statistics.median(ms):7.1f} {max(ms):7.1f} ms")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=15)
    args = parser.parse_args()
    text = long_spec()
    assert len(text.splitlines()) == 300
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.rook"
        path.write_text(text, encoding="utf-8")
        checks, parses = in_process(text, args.rounds, str(path))
        trips = asyncio.run(over_stdio(text, args.rounds, path))
    ratios = [c / p for c, p in zip(checks, parses) if p]
    print(f"a 300-line spec, {args.rounds} rounds:          min  median     max")
    print(row("re-check (analyse, CPU)", checks))
    print(row("peer: parse alone (CPU)", parses))
    print(f"{'re-check / parse':<34} {min(ratios):7.2f} {statistics.median(ratios):7.2f} "
          f"{max(ratios):7.2f}")
    print(row("round trip over stdio (wall)", trips))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
