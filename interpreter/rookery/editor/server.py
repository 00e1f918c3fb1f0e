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

from lsprotocol import types as lsp
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path

from .. import __version__
from ..errors import RookeryError, Span, SpecError, SpecWarning
from ..language.model import Variant
from .analysis import Analysis, analyse, same_file, word_at

COMPLETION_KINDS = {
    "section": lsp.CompletionItemKind.Module, "keyword": lsp.CompletionItemKind.Keyword,
    "key": lsp.CompletionItemKind.Property, "value": lsp.CompletionItemKind.EnumMember,
    "card": lsp.CompletionItemKind.Constant, "rule": lsp.CompletionItemKind.Reference,
    "source": lsp.CompletionItemKind.Reference, "variant": lsp.CompletionItemKind.File,
}


class RookServer(LanguageServer):
    """The server, with each open spec's latest analysis and the last variant it compiled
    to (what hover and completion use while the spec has errors)."""

    def __init__(self) -> None:
        super().__init__("rookery", __version__,
                         text_document_sync_kind=lsp.TextDocumentSyncKind.Full)
        self.analyses: dict[str, Analysis] = {}
        self.last_good: dict[str, Variant] = {}

    def refresh(self, uri: str) -> Analysis:
        """Check the document again and publish its diagnostics."""
        document = self.workspace.get_text_document(uri)
        path = to_fs_path(uri) or "<untitled>"
        result = analyse(document.source, path)
        self.analyses[uri] = result
        if result.variant is not None:
            self.last_good[uri] = result.variant
        self.text_document_publish_diagnostics(lsp.PublishDiagnosticsParams(
            uri=uri, version=document.version, diagnostics=diagnostics(result)))
        return result

    def analysis(self, uri: str) -> Analysis:
        return self.analyses.get(uri) or self.refresh(uri)


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
        ls.refresh(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: RookServer, params: lsp.DidChangeTextDocumentParams) -> None:
        ls.refresh(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: RookServer, params: lsp.DidSaveTextDocumentParams) -> None:
        ls.refresh(params.text_document.uri)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: RookServer, params: lsp.DidCloseTextDocumentParams) -> None:
        ls.analyses.pop(params.text_document.uri, None)
        ls.last_good.pop(params.text_document.uri, None)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    def hover(ls: RookServer, params: lsp.HoverParams) -> lsp.Hover | None:
        from .hover import hover_text
        uri, at = params.text_document.uri, params.position
        text = hover_text(ls.analysis(uri), at.line + 1, at.character + 1,
                          ls.last_good.get(uri))
        if text is None:
            return None
        return lsp.Hover(contents=lsp.MarkupContent(kind=lsp.MarkupKind.Markdown, value=text))

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                    lsp.CompletionOptions(trigger_characters=[" ", ":"]))
    def completion(ls: RookServer, params: lsp.CompletionParams) -> lsp.CompletionList:
        from .completion import suggestions
        uri, at = params.text_document.uri, params.position
        found = suggestions(ls.analysis(uri), at.line + 1, at.character + 1,
                            ls.last_good.get(uri))
        return lsp.CompletionList(is_incomplete=False, items=[
            lsp.CompletionItem(label=s.text, kind=COMPLETION_KINDS.get(s.kind),
                               detail=s.detail or None) for s in found])

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    def definition(ls: RookServer, params: lsp.DefinitionParams) -> lsp.Location | None:
        from .definition import definition as find
        at = params.position
        place = find(ls.analysis(params.text_document.uri), at.line + 1, at.character + 1)
        if place is None:
            return None
        start = lsp.Position(line=place.line - 1, character=0)
        return lsp.Location(uri=place.path.as_uri(), range=lsp.Range(start=start, end=start))

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    def symbols(ls: RookServer, params: lsp.DocumentSymbolParams) -> list[lsp.DocumentSymbol]:
        return document_symbols(ls.analysis(params.text_document.uri))

    @server.feature(lsp.TEXT_DOCUMENT_FORMATTING)
    def formatting(ls: RookServer, params: lsp.DocumentFormattingParams
                   ) -> list[lsp.TextEdit] | None:
        from .fmt import format_spec
        uri = params.text_document.uri
        text = ls.workspace.get_text_document(uri).source
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


def serve() -> None:
    """Serve on stdin and stdout until the client says exit."""
    build_server().start_io()
