"""What docs/protocol.md tells an engine's author ("What an engine must know") is what
``rookery serve`` does: every exchange of that section is replayed against it, each
request as written, each answer found in the real one."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

PAGE = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"


def section_exchanges() -> list[list[tuple[str, dict]]]:
    """The ``text`` blocks of the section, each a list of (``>`` or ``<``, JSON)."""
    text = PAGE.read_text(encoding="utf-8")
    section = text.split("## What an engine must know", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```text\n(.*?)```", section, re.S)
    return [[(line[0], json.loads(line[2:])) for line in block.splitlines() if line.strip()]
            for block in blocks]


def found_in(shown, real) -> bool:
    """The documented answer ``shown`` is part of ``real``: its keys with its values
    (objects compared key by key, at any depth; anything else exactly)."""
    if isinstance(shown, dict):
        return isinstance(real, dict) and all(
            key in real and found_in(value, real[key]) for key, value in shown.items())
    return shown == real


def test_the_section_has_the_four_topics_with_exchanges():
    text = PAGE.read_text(encoding="utf-8")
    for title in ("The bid winner takes the nest without an action",
                  "What a seat's `view` holds", "A thrown-in hand",
                  "Which code a wrong bid gets"):
        assert f"### {title}" in text
    exchanges = section_exchanges()
    assert len(exchanges) == 4
    assert all(line[0] in "<>" for block in exchanges for line in block)


@pytest.fixture(scope="module")
def serve():
    process = subprocess.Popen([sys.executable, "-m", "rookery.cli", "serve"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    yield process
    process.stdin.close()
    process.wait(timeout=20)


def test_every_exchange_of_the_section_is_what_rookery_serve_answers(serve):
    # One engine process plays the blocks in turn, as the runner plays cases.
    for block in section_exchanges():
        answer = None
        for direction, message in block:
            if direction == ">":
                serve.stdin.write(json.dumps(message) + "\n")
                serve.stdin.flush()
                answer = json.loads(serve.stdout.readline())
            else:
                assert answer is not None, "an answer before any request"
                assert found_in(message, answer), (message, answer)
                answer = None


def test_found_in_sees_a_wrong_value_at_any_depth():
    real = {"ok": True, "state": {"view": {"hand": ["R5"], "trick": []}}}
    assert found_in({"state": {"view": {"hand": ["R5"]}}}, real)
    assert not found_in({"state": {"view": {"hand": ["R6"]}}}, real)
    assert not found_in({"state": {"laid_aside": []}}, real)
