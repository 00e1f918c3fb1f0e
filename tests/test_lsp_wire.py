"""``rookery lsp`` over raw stdio, as a hostile or broken client drives it (issue 29,
class 10): a clean session exits 0; a wrongly framed stream ends the session, bounded;
end-of-input ends the server; only documents the editor opened are read; every request
is answered, with an error where it must be.  The rest of its wire: tests/test_lsp.py
(an editor's client)."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from lsp_raw import RawClient

import rookery

ROOT = Path(__file__).resolve().parent.parent
PACKAGE_ROOT = str(Path(rookery.__file__).resolve().parent.parent)
pytest.importorskip("pygls")


@pytest.fixture
def server(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        filter(None, [PACKAGE_ROOT, os.environ.get("PYTHONPATH")])))
    client = RawClient(tmp_path, env)
    yield client
    client.close()


def _hover(uri: str) -> dict:
    return {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}}


def test_a_clean_session_exits_0_without_a_traceback(server):
    """initialize, shutdown, exit: exit code 0 (before: 1, with 'I/O operation on closed
    file'); the standard input stays open, as an editor leaves it."""
    server.initialize()
    server.send(server.request(2, "shutdown"), {"jsonrpc": "2.0", "method": "exit"})
    assert server.answer(2)["result"] is None
    code, err = server.end()
    assert code == 0 and b"Traceback" not in err, err


def test_exit_without_shutdown_and_end_of_input_end_the_server_with_1(server):
    server.initialize()
    server.process.stdin.close()
    code, err = server.end()
    assert code == 1 and b"Traceback" not in err, err


@pytest.mark.parametrize("framing", [
    b"Content-Length: 1000000000000\r\n\r\n{",          # a message of 10^12 bytes
    b"Content-Length: 12" + b"0" * 2_000_000,          # a header line with no end
])
def test_a_wrongly_framed_stream_ends_the_session_in_bounds(server, framing):
    """The server reads neither 10^12 bytes nor an endless header line: it says so and
    ends while the stream is still open (before: a MemoryError, or a wait for ever)."""
    server.initialize()
    server.send(framing)
    code, err = server.end(seconds=60)
    assert code == 1 and b"Traceback" not in err and b"session ends" in err, err


def test_a_request_on_a_document_not_opened_reads_nothing_from_disk(server, tmp_path):
    """Hover, symbols, completion, definition and formatting on a URI the editor never
    opened answer at once, without reading it: a FIFO there would block the server
    (before, it did), and a spec there is not formatted for the client to read back."""
    fifo = tmp_path / "pipe.rook"
    os.mkfifo(fifo)
    secret = tmp_path / "secret.rook"
    secret.write_text("variant  secret\nextends tournament\n", encoding="utf-8")
    server.initialize()
    server.send(server.request(2, "textDocument/hover", _hover(fifo.as_uri())),
                server.request(3, "textDocument/documentSymbol",
                               {"textDocument": {"uri": fifo.as_uri()}}),
                server.request(4, "textDocument/completion", _hover(fifo.as_uri())),
                server.request(5, "textDocument/definition", _hover(fifo.as_uri())),
                server.request(6, "textDocument/formatting", {
                    "textDocument": {"uri": secret.as_uri()},
                    "options": {"tabSize": 2, "insertSpaces": True}}))
    answers = [server.answer(number, seconds=30) for number in (2, 3, 4, 5, 6)]
    assert [a.get("result") for a in answers] == [None, [], {"isIncomplete": False,
                                                              "items": []}, None, None]


def test_every_request_is_answered_an_error_where_it_must(server):
    """Parameters that do not fit the method: invalid params (before: no answer at all);
    a body that is not JSON: a parse error; JSON that is not a message: invalid request;
    a request after shutdown: invalid request; and the server goes on answering."""
    server.initialize()
    server.send(server.request(2, "textDocument/hover", {"bogus": 1}),
                server.request("three", "textDocument/hover",
                               {"textDocument": {"uri": 5}, "position": "here"}),
                b'Content-Length: 9\r\n\r\n{"id": 4,',
                {"id": 5, "hello": "there"},
                server.request(6, "no/such-method", {}))
    assert server.answer(2)["error"]["code"] == -32602
    assert server.answer("three")["error"]["code"] == -32602
    assert server.answer(None)["error"]["code"] == -32700
    assert server.answer(5)["error"]["code"] == -32600
    assert server.answer(6)["error"]["code"] == -32601
    server.send(server.request(7, "shutdown"), server.request(8, "textDocument/hover",
                                                              _hover("file:///x.rook")))
    assert server.answer(7)["result"] is None
    assert server.answer(8)["error"]["code"] == -32600


def test_only_the_latest_version_of_a_document_is_analysed(server, tmp_path):
    """Thirty edits in one burst: the stale versions are dropped (before: each one was
    analysed and published in turn, the server serving nothing meanwhile), the last
    version's diagnostics are published, and a request waits for that one only."""
    text = (ROOT / "specs" / "tournament.rook").read_text(encoding="utf-8")
    uri = (tmp_path / "mine.rook").as_uri()
    server.initialize()
    edits = [{"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
        "textDocument": {"uri": uri, "version": version},
        "contentChanges": [{"text": text + f"# edit {version}\n" + "deal:\n  hand 9,,\n" *
                            (version == 31)}]}} for version in range(2, 32)]
    began = time.monotonic()
    server.send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {
        "textDocument": {"uri": uri, "languageId": "rook", "version": 1, "text": text}}},
        *edits, server.request(2, "textDocument/documentSymbol",
                               {"textDocument": {"uri": uri}}))
    symbols = server.answer(2)["result"]
    assert symbols and time.monotonic() - began < 60
    published = [m["params"] for m in server.received
                 if m.get("method") == "textDocument/publishDiagnostics"]
    assert 1 <= len(published) <= 5, [p["version"] for p in published]
    assert published[-1]["version"] == 31
    assert [d["code"] for d in published[-1]["diagnostics"]] == ["syntax-error"]

