"""``rookery lsp`` driven as an editor drives it: pytest-lsp starts the server over stdio
and speaks the protocol to it.  One server serves the whole module (starting one costs
about a second); each test opens its own documents."""

from __future__ import annotations

import asyncio
import shutil
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types as lsp
from pytest_lsp import ClientServerConfig, LanguageClient

import rookery
from rookery.docs.sentences import sentence_for_rule
from rookery.editor.layout import format_text

ROOT = Path(__file__).resolve().parent.parent
HOUSE = ROOT / "docs" / "house-rules"
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(
    server_command=[sys.executable, "-m", "rookery", "lsp"]))
async def client(lsp_client: LanguageClient):
    await lsp_client.initialize_session(lsp.InitializeParams(
        capabilities=pytest_lsp.client_capabilities("visual-studio-code")))
    yield
    await lsp_client.shutdown_session()


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> Path:
    """A copy of the tutorial's club folder: its spec, its rule sheet, its first try."""
    folder = tmp_path_factory.mktemp("club")
    for name in ("club.rook", "club-rules.txt", "first-try.rook"):
        shutil.copy(HOUSE / name, folder / name)
    return folder


async def opened(client: LanguageClient, path: Path, text: str | None = None) -> str:
    """Open ``path`` in the server (with ``text`` instead of its contents) and wait for its
    diagnostics."""
    uri = path.as_uri()
    client.text_document_did_open(lsp.DidOpenTextDocumentParams(text_document=lsp.TextDocumentItem(
        uri=uri, language_id="rook", version=1,
        text=path.read_text(encoding="utf-8") if text is None else text)))
    await until(client, lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, lambda: uri in client.diagnostics)
    return uri


async def until(client: LanguageClient, method: str, done) -> None:
    """Wait for notifications of ``method`` until ``done()`` holds (at most 30 s: a server
    that never says it fails the test instead of hanging it)."""
    async with asyncio.timeout(30):
        while not done():
            await client.wait_for_notification(method)


def at(uri: str, line: int, character: int) -> dict:
    """A 0-based place, as the protocol's parameters take it."""
    return {"text_document": lsp.TextDocumentIdentifier(uri=uri),
            "position": lsp.Position(line=line, character=character)}


async def test_diagnostics_of_a_spec_with_mistakes_then_fixed(client, club):
    uri = await opened(client, club / "first-try.rook")
    found = sorted(client.diagnostics[uri], key=lambda d: d.range.start.line)
    # The five mistakes the tutorial shows; the total that no longer adds up is found in
    # the parent's clause and shown in this file (at its 'extends' line, or wherever the
    # checker places it in the writer's file).
    assert [(d.range.start.line, d.code) for d in found if d.code != "points-mismatch"] == [
        (7, "unknown-value"), (10, "unknown-source"), (13, "unknown-value"),
        (19, "low-unreachable")]
    (total,) = [d for d in found if d.code == "points-mismatch"]
    assert 0 <= total.range.start.line <= 20
    assert all(d.severity == lsp.DiagnosticSeverity.Error and d.source == "rookery"
               for d in found)
    dealer = next(d for d in found if d.code == "unknown-value")
    assert (dealer.range.start.character, dealer.range.end.character) == (11, 22)
    assert "hint: did you mean 'dealer-must-bid'?" in dealer.message

    fixed = (club / "club.rook").read_text(encoding="utf-8")
    client.diagnostics.pop(uri)
    client.text_document_did_change(lsp.DidChangeTextDocumentParams(
        text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=2),
        content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=fixed)]))
    await until(client, lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS, lambda: uri in client.diagnostics)
    assert len(client.diagnostics[uri]) == 0


async def test_warnings_come_with_their_code(client, club):
    text = (club / "club.rook").read_text(encoding="utf-8").replace(
        'face-up 1                     per "Dealing"', 'face-up 1                     per "Dealnig"')
    uri = await opened(client, club / "warned.rook", text)
    (warning,) = client.diagnostics[uri]
    assert warning.severity == lsp.DiagnosticSeverity.Warning
    assert warning.code == "unknown-place" and warning.range.start.line == 17


async def test_hover_tells_the_rule_as_its_page_does_with_its_source(client, club):
    uri = await opened(client, club / "club.rook")
    variant = rookery.load_variant(club / "club.rook")
    hover = await client.text_document_hover_async(lsp.HoverParams(**at(uri, 7, 4)))
    text = hover.contents.value
    assert text.startswith(sentence_for_rule(variant, "deal.poor-hand"))
    assert "Rule `deal.poor-hand`" in text
    assert 'per **club** (Thursday Club house rules, 2026 sheet), section "Dealing"' in text

    on_value = await client.text_document_hover_async(lsp.HoverParams(**at(uri, 7, 16)))
    assert on_value.contents.value == text      # 'counters', a value of the same clause

    replacing = await client.text_document_hover_async(lsp.HoverParams(**at(uri, 12, 3)))
    assert "_Replaces_ `maximum none` _of_ `kentucky-rook`" in replacing.contents.value

    header = await client.text_document_hover_async(lsp.HoverParams(**at(uri, 6, 1)))
    assert "`deal.hand`: `hand 10` (inherited from `kentucky-rook`)" in header.contents.value


async def test_hover_on_a_card_code(client):
    path = ROOT / "specs" / "kentucky-rook.rook"
    uri = await opened(client, path)
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines) if text.startswith("  counters"))
    hover = await client.text_document_hover_async(
        lsp.HoverParams(**at(uri, line, lines[line].index("ROOK") + 1)))
    assert hover.contents.value.startswith("the Rook (`ROOK`), worth 20 points")
    assert "Rule `scoring.counters`" in hover.contents.value


async def test_completion(client, club):
    text = "variant mine\nextends tournament\n\ndeal:\n  \n  nest-deal \n  hand 9  per \n" \
           "  nest 5  as \n\nplay:\n  anytime \n"
    uri = await opened(client, club / "mine.rook", text)

    async def labels(line: int, character: int) -> list[str]:
        found = await client.text_document_completion_async(
            lsp.CompletionParams(**at(uri, line, character)))
        return [item.label for item in found.items]

    assert {"deck:", "scoring:", "extends"} <= set(await labels(8, 0))
    assert {"hand", "nest", "poor-hand"} <= set(await labels(4, 2))
    assert {"rounds", "last"} <= set(await labels(5, 12))
    assert {"wikipedia-rook", "kentucky-rook"} <= set(await labels(6, 14))
    assert {"deal.hand", "scoring.counters"} <= set(await labels(7, 14))
    assert "club" in await labels(1, 8)  # extends: the .rook files beside it too
    assert {"ROOK", "R14", "B5", "none"} <= set(await labels(10, 10))   # the deck's cards


async def test_go_to_definition(client, club):
    uri = await opened(client, club / "club.rook")

    async def target(line: int, character: int) -> tuple[str, int]:
        found = await client.text_document_definition_async(
            lsp.DefinitionParams(**at(uri, line, character)))
        return Path(found.uri.removeprefix("file://")).name, found.range.start.line

    assert await target(2, 9) == ("kentucky-rook.rook", 0)          # extends
    assert await target(4, 8) == ("club.rook", 3)                   # source club
    assert await target(7, 40) == ("club-rules.txt", 2)             # per "Dealing"
    comment = "# as kentucky-rook+rook-low would\n" + (club / "club.rook").read_text()
    other = await opened(client, club / "commented.rook", comment)
    found = await client.text_document_definition_async(
        lsp.DefinitionParams(**at(other, 0, 25)))
    assert found.uri.endswith("/options/rook-low.rook")


async def test_document_symbols(client, club):
    uri = await opened(client, club / "club.rook")
    found = await client.text_document_document_symbol_async(
        lsp.DocumentSymbolParams(text_document=lsp.TextDocumentIdentifier(uri=uri)))
    assert [s.name for s in found] == ["deal:", "bidding:", "nest:", "trump:", "play:",
                                       "scoring:", "game:"]
    assert [c.name for c in found[0].children] == [
        "deal.poor-hand", "deal.poor-hand-redeal", "deal.poor-hand-dealer"]


async def test_formatting_is_rookery_fmt(client, club):
    messy = "variant messy\nextends   tournament\nscoring:\n total  120\ndeal:\n   hand 9\n"
    uri = await opened(client, club / "messy.rook", messy)
    edits = await client.text_document_formatting_async(lsp.DocumentFormattingParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri),
        options=lsp.FormattingOptions(tab_size=2, insert_spaces=True)))
    (edit,) = edits
    assert edit.new_text == format_text(messy)
    assert edit.range.start == lsp.Position(line=0, character=0)


async def test_formatting_leaves_a_spec_that_does_not_parse_alone(client, club):
    uri = await opened(client, club / "broken.rook", "variant v\ndeal:\n  hand 10,,\n")
    edits = await client.text_document_formatting_async(lsp.DocumentFormattingParams(
        text_document=lsp.TextDocumentIdentifier(uri=uri),
        options=lsp.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert not edits
    await until(client, lsp.WINDOW_SHOW_MESSAGE, lambda: any(
        "rookery fmt left the spec as it is" in m.message for m in client.messages))
    (said,) = [m for m in client.messages if "rookery fmt left" in m.message]
    assert "3:11: error[syntax-error]" in said.message


async def test_an_option_gets_its_syntax_checked_and_says_why_it_has_no_sentence(client):
    path = ROOT / "specs" / "options" / "rook-low.rook"
    uri = await opened(client, path)
    assert len(client.diagnostics[uri]) == 0
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines) if text.startswith("  rook"))
    hover = await client.text_document_hover_async(lsp.HoverParams(**at(uri, line, 3)))
    assert hover.contents.value.startswith("**trump.rook**: where the Rook ranks in trump")
    assert "an option is told with a base it applies to" in hover.contents.value
