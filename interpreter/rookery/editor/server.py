"""``rookery lsp``: the language server for spec files, on pygls (imported only here, and
only when ``rookery lsp`` runs).

Each feature is a thin layer over what the pipeline already knows:

- diagnostics on open and on every change: the checker's errors and the lint's warnings
  (:mod:`rookery.editor.analysis`), each with its range, code, expectation and hint;
- hover (:mod:`rookery.editor.hover`), completion (:mod:`rookery.editor.completion`), go to
  definition (:mod:`rookery.editor.definition`);
- document symbols: the sections and their clauses;
- formatting: ``rookery fmt`` (:func:`rookery.editor.fmt.format_spec`, with its safety check).
"""

from __future__ import annotations

import asyncio
import functools
import sys
from concurrent.futures import ThreadPoolExecutor
from urllib.parse import unquote

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from .. import __version__
from ..errors import RookeryError, Span, SpecError, SpecWarning
from ..language.model import Variant
from .analysis import Analysis, analyse, same_file, word_at
from .wire import FramedInput, KeptOpenOutput, RookProtocol, say

COMPLETION_KINDS = {
    "section": lsp.CompletionItemKind.Module, "keyword": lsp.CompletionItemKind.Keyword,
    "key": lsp.CompletionItemKind.Property, "value": lsp.CompletionItemKind.EnumMember,
    "card": lsp.CompletionItemKind.Constant, "rule": lsp.CompletionItemKind.Reference,
    "source": lsp.CompletionItemKind.Reference, "variant": lsp.CompletionItemKind.File,
}


# How long a document must stay unchanged before its analysis begins.  The analysis runs
# in a thread but holds the interpreter's lock while it works, which slows the reading of
# the editor's next messages: analysing at once after each edit of a burst would publish
# one analysis per edit.  A request (hover, symbols...) does not wait for the quiet.
QUIET = 0.15


class RookServer(LanguageServer):
    """The server, with each open spec's latest analysis and the last variant it compiled
    to (what hover and completion use while the spec has errors).

    Only what the editor opened is read: a request on a document it did not open gets
    an empty answer, never that file from disk.  A version of a document is analysed once
    the document has stayed unchanged for ``QUIET`` seconds (at once when a request needs
    it), in one thread beside the protocol's (which goes on answering); a version that a
    newer one replaced before its analysis began, or ended, is dropped unseen, so a burst
    of edits costs one analysis, not one each."""

    def __init__(self) -> None:
        super().__init__("rookery", __version__,
                         text_document_sync_kind=lsp.TextDocumentSyncKind.Full,
                         protocol_cls=RookProtocol)
        self.analyses: dict[str, Analysis] = {}
        self.last_good: dict[str, Variant] = {}
        self.edits: dict[str, int] = {}         # changes seen per open document
        self.pending: dict[str, asyncio.Future] = {}    # the latest edit's analysis
        self.waiting: dict[str, asyncio.TimerHandle] = {}   # an edit not yet begun
        self.analyser = ThreadPoolExecutor(max_workers=1,
                                           thread_name_prefix="rookery-analysis")

    def opened(self, uri: str):
        """The document the editor opened at ``uri`` (None if it did not)."""
        return self.workspace.text_documents.get(unquote(uri))

    def changed(self, uri: str, quiet: float = QUIET) -> None:
        """The document at ``uri`` has a new version: analyse it once it has stayed
        unchanged for ``quiet`` seconds (an older version still waiting is dropped), then
        publish its diagnostics."""
        if self.opened(uri) is None:
            return
        edit = self.edits[uri] = self.edits.get(uri, 0) + 1
        self._drop_waiting(uri)
        done = asyncio.get_running_loop().create_future()
        self.pending[uri] = done
        self.waiting[uri] = asyncio.get_running_loop().call_later(
            quiet, self._begin, uri, edit, done)

    def _drop_waiting(self, uri: str) -> None:
        """The version of ``uri`` still waiting for its quiet, if any, is dropped: who
        waits for it learns so (and goes on to the newer one)."""
        timer = self.waiting.pop(uri, None)
        if timer is not None:
            timer.cancel()
            done = self.pending.get(uri)
            if done is not None and not done.done():
                done.set_result(None)

    def _begin(self, uri: str, edit: int, done: asyncio.Future) -> None:
        """The analysis of edit ``edit`` of ``uri`` begins (in the analysis thread)."""
        self.waiting.pop(uri, None)
        future = asyncio.wrap_future(self.analyser.submit(self._analyse, uri, edit))
        future.add_done_callback(functools.partial(self._analysed, uri, edit, done))

    def closed(self, uri: str) -> None:
        self._drop_waiting(uri)
        for table in (self.analyses, self.last_good, self.edits, self.pending):
            table.pop(uri, None)

    def _analyse(self, uri: str, edit: int) -> tuple[Analysis, int | None] | None:
        """In the analysis thread: the analysis of ``uri``'s text, unless a newer edit
        came in the meantime (None)."""
        document = self.opened(uri)
        if document is None or self.edits.get(uri) != edit:
            return None
        version = document.version
        return analyse(document.source, to_fs_path(uri) or "<untitled>"), version

    def _analysed(self, uri: str, edit: int, done: asyncio.Future,
                  future: asyncio.Future) -> None:
        if not done.done():
            done.set_result(None)
        if future.cancelled() or future.exception() is not None:
            if not future.cancelled():
                say(f"the analysis of {uri} failed: {future.exception()!r}")
            return
        found = future.result()
        if found is None or self.edits.get(uri) != edit:
            return                      # a stale version: a newer one is coming
        result, version = found
        self.analyses[uri] = result
        if result.variant is not None:
            self.last_good[uri] = result.variant
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
            uri=uri, version=version, diagnostics=diagnostics(result)))

    async def analysis(self, uri: str) -> Analysis | None:
        """The analysis of the latest version of ``uri`` (begun now if it is waiting for
        its quiet, waited for if it is under way); None for a document the editor has not
        opened."""
        while self.opened(uri) is not None:
            if uri not in self.pending:
                self.changed(uri, quiet=0)
            timer = self.waiting.pop(uri, None)
            if timer is not None:           # a request needs it now: no more quiet
                timer.cancel()
                self._begin(uri, self.edits[uri], self.pending[uri])
            future = self.pending[uri]
            await asyncio.shield(future)
            if self.pending.get(uri) is future:     # no newer edit came meanwhile
                return self.analyses.get(uri)
        return None


# -- diagnostics ---------------------------------------------------------------------------------

def diagnostics(result: Analysis) -> list[lsp.Diagnostic]:
    """The spec's errors and warnings.  One found in another file (a parent the spec
    extends) is shown at the ``extends`` line, with the place it was found."""
    found = [_diagnostic(result, p, lsp.DiagnosticSeverity.Error) for p in result.problems]
    found += [_diagnostic(result, w, lsp.DiagnosticSeverity.Warning) for w in result.warnings]
    return found


def _diagnostic(result: Analysis, problem: SpecError | SpecWarning,
                severity: lsp.DiagnosticSeverity) -> lsp.Diagnostic:
    span = problem.span
    message = problem.message
    if isinstance(problem, SpecError) and problem.expected:
        message += f"\nexpected: {problem.expected}"
    if problem.hint:
        message += f"\nhint: {problem.hint}"
    if span is not None and not same_file(span.file, result.path):
        message = f"in {span} (a file this spec extends): {message}"
        extends = result.spec.extends_span if result.spec else None
        span = extends
    return lsp.Diagnostic(range=span_range(result.text, span), message=message,
                          severity=severity, code=problem.code, source="rookery")


def span_range(text: str, span: Span | None) -> lsp.Range:
    """A span as the protocol's 0-based range: its text's length, or the word there."""
    if span is None:
        return lsp.Range(start=lsp.Position(line=0, character=0),
                         end=lsp.Position(line=0, character=0))
    line, start = span.line - 1, span.column - 1
    first = span.text.splitlines()[0] if span.text else ""
    if not first:
        word = word_at(text, span.line, span.column)
        first = word[0] if word else " "
    return lsp.Range(start=lsp.Position(line=line, character=start),
                     end=lsp.Position(line=line, character=start + len(first)))


# -- the server ----------------------------------------------------------------------------------

def build_server() -> RookServer:
    server = RookServer()

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: RookServer, params: lsp.DidOpenTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: RookServer, params: lsp.DidChangeTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: RookServer, params: lsp.DidSaveTextDocumentParams) -> None:
        ls.changed(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: RookServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.closed(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    async def hover(ls: RookServer, params: lsp.HoverParams) -> lsp.Hover | None:
        from .hover import hover_text
        uri, at = params.text_document.uri, params.position
        result = await ls.analysis(uri)
        text = result and hover_text(result, at.line + 1, at.character + 1,
                                     ls.last_good.get(uri))
        if text is None:
            return None
        return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text))

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                    lsp.CompletionOptions(trigger_characters=[" ", ":"]))
    async def completion(ls: RookServer, params: lsp.CompletionParams) -> lsp.CompletionList:
        from .completion import suggestions
        uri, at = params.text_document.uri, params.position
        result = await ls.analysis(uri)
        found = suggestions(result, at.line + 1, at.character + 1,
                            ls.last_good.get(uri)) if result else []
        return lsp.CompletionList(is_incomplete=False, items=[
            lsp.CompletionItem(label=s.text, kind=COMPLETION_KINDS.get(s.kind),
                               detail=s.detail or None) for s in found])

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    async def definition(ls: RookServer, params: lsp.DefinitionParams
                         ) -> lsp.Location | None:
        from .definition import definition as find
        at = params.position
        result = await ls.analysis(params.text_document.uri)
        place = result and find(result, at.line + 1, at.character + 1)
        if place is None:
            return None
        start = lsp.Position(line=place.line - 1, character=0)
        return lsp.Location(uri=place.path.as_uri(), range=lsp.Range(start=start, end=start))

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    async def symbols(ls: RookServer, params: lsp.DocumentSymbolParams
                      ) -> list[lsp.DocumentSymbol]:
        result = await ls.analysis(params.text_document.uri)
        return document_symbols(result) if result else []

    @server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
    def formatting(ls: RookServer, params: lsp.DocumentFormattingParams
                   ) -> list[lsp.TextEdit] | None:
        from .fmt import format_spec
        uri = params.text_document.uri
        document = ls.opened(uri)
        if document is None:
            return None
        text = document.source
        try:
            result = format_spec(text, to_fs_path(uri) or "<untitled>")
        except RookeryError as error:     # it does not parse, or the safety check refused
            ls.window_show_message(lsp.ShowMessageParams(
                type=lsp.MessageType.Warning,
                message=f"rookery fmt left the spec as it is: {str(error).splitlines()[0]}"))
            return None
        if not result.changed:
            return []
        lines = text.splitlines()
        end = lsp.Position(line=len(lines), character=0)
        return [lsp.TextEdit(range=lsp.Range(start=lsp.Position(line=0, character=0), end=end),
                             new_text=result.text)]

    return server


def document_symbols(result: Analysis) -> list[lsp.DocumentSymbol]:
    """The sections, each with its clauses (named by their rule id)."""
    from .analysis import rule_id_of
    spec = result.spec
    if spec is None:
        return []
    lines = result.text.splitlines()
    found = []
    ends = [s.span.line - 1 for s in spec.sections[1:]] + [len(lines)]
    for section, end in zip(spec.sections, ends):
        children = []
        for clause in section.clauses:
            where = span_range(result.text, clause.key_span)
            row = lines[clause.key_span.line - 1] if clause.key_span.line <= len(lines) else ""
            whole = lsp.Range(start=lsp.Position(line=where.start.line, character=0),
                              end=lsp.Position(line=where.start.line, character=len(row)))
            children.append(lsp.DocumentSymbol(
                name=rule_id_of(clause), detail=clause.span.text, kind=lsp.SymbolKind.Property,
                range=whole, selection_range=where))
        header = span_range(result.text, section.span)
        last = max(end - 1, header.start.line)
        found.append(lsp.DocumentSymbol(
            name=section.name + ":", kind=lsp.SymbolKind.Namespace,
            range=lsp.Range(start=header.start,
                            end=lsp.Position(line=last, character=len(lines[last])
                                             if last < len(lines) else 0)),
            selection_range=header, children=children))
    return found


def serve(stdin=None, stdout=None) -> int:
    """Serve on stdin and stdout until the client says exit, or the input ends (or is
    framed wrongly): 0 after a ``shutdown`` request, else 1 (as the protocol says)."""
    import logging
    logging.getLogger("pygls").setLevel(logging.CRITICAL)   # its tracebacks: answered
    server = build_server()                                  # to the client instead
    protocol = server.protocol
    try:
        server.start_io(FramedInput(stdin or sys.stdin.buffer, protocol),
                        KeptOpenOutput(stdout or sys.stdout.buffer))
    finally:
        server.analyser.shutdown(wait=False, cancel_futures=True)
    return 0 if protocol._shutdown else 1
