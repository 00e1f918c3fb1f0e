"""Text from a spec, a case, a record or an engine, made safe for the place it lands.

A spec is written by whoever hands it to you: its title, citations, rulings and source
titles are free text, and every writer that puts them into a page, a config file or a
terminal passes them through one function of this module, never through ad-hoc replaces:

* :func:`markdown_text`: a run of text inside a Markdown page (mkdocs Markdown lets raw
  HTML through, so ``<``, ``>``, ``&`` and the Markdown syntax characters become entities:
  the reader sees the spec's characters, the browser never sees a tag, a link or an
  attribute list);
* :func:`html_text`: text in HTML or in a quoted attribute (an admonition's title);
* :func:`nav_text`: a title in mkdocs' navigation (shown as HTML, and unescaped into the
  page's ``<title>``);
* :func:`code_span`: text shown as code (a file name), fenced by more backticks than it
  holds;
* :func:`link_target`: a link's address, only ``http(s)`` (or ``None``: shown as text);
* :func:`yaml_string`: a double-quoted YAML scalar (``mkdocs.yml``);
* :func:`terminal_text`: text for the console, every control character made visible.

:func:`control_characters` finds the characters a spec may not hold at all (the parser
refuses them, :mod:`rookery.language.parse`): C0 controls except tab and line feed (a
carriage return only as part of a CRLF line end), DEL, and the C1 controls.
"""

from __future__ import annotations

import re
from urllib.parse import quote, urlsplit

# Markdown's active characters (links, emphasis, code, attribute lists, tables, headings,
# escapes) and HTML's, each as the entity that shows it as itself.
_MARKDOWN = {ch: f"&#{ord(ch)};" for ch in "\\`*_[]{}#|"}
_MARKDOWN.update({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_MARKDOWN_TABLE = str.maketrans(_MARKDOWN)
_HTML_TABLE = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;",
                             "'": "&#39;"})

# C0 (but tab and line feed), DEL, C1; and the line and paragraph separators, which
# Python's splitlines and some terminals take for line ends.
_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029]")
_SPEC_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")
_CRLF = "\r\n"
# The only escape sequence passed to a terminal: a colour or style (SGR: ESC [ digits m),
# which is how rich styles its own output.
_STYLE = re.compile("\x1b\\[[0-9;]{0,32}m")


def markdown_text(text: str) -> str:
    """``text`` as a run of Markdown that renders as exactly these characters: no tag,
    entity, link, emphasis, code span, attribute list or table cell break of its own.
    A line end becomes a space (the text stays on its line: a list item, a table row)."""
    return " ".join(str(text).splitlines()).translate(_MARKDOWN_TABLE)


def html_text(text: str) -> str:
    """``text`` as HTML character data or a quoted attribute's value."""
    return str(text).translate(_HTML_TABLE)


def nav_text(text: str) -> str:
    """``text`` as a title in mkdocs' navigation: the theme writes it into the page as
    HTML, and also into the browser tab's ``<title>`` through Jinja's ``striptags``, which
    undoes HTML escapes; so ``<`` and ``>`` become the look-alike quotation marks ``‹``
    and ``›`` (no tag can open in either place); ``&`` and ``"`` are escaped for HTML."""
    return (str(text).replace("&", "&amp;").replace('"', "&quot;")
            .replace("<", "\u2039").replace(">", "\u203a"))


def code_span(text: str) -> str:
    """``text`` as a Markdown code span: fenced by one backtick more than its longest run
    of backticks, padded with a space where it starts or ends with one."""
    text = " ".join(str(text).splitlines())
    longest = max((len(run) for run in re.findall("`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def link_target(url: str) -> str | None:
    """The address of a link to ``url`` if it is an ``http`` or ``https`` URL with a host
    (percent-encoded, so it cannot end the link or hold an attribute); else ``None``:
    a ``javascript:``, ``data:``, ``file:`` or unparsable address is shown, never linked."""
    url = str(url)
    if _CONTROL.search(url) or any(ch.isspace() for ch in url):
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    if parts.scheme.lower() not in ("http", "https") or not parts.netloc:
        return None
    return quote(url, safe=":/?#@!$&+,;=%~-._[]")


def markdown_link(text: str, url: str) -> str:
    """A Markdown link showing ``text`` to ``url``, or the text and the address as plain
    text when the address is not one a page may link to (:func:`link_target`)."""
    target = link_target(url)
    if target is None:
        why = "not linked: only http and https addresses are"
        if text == url:
            return f"{code_span(url)} ({why})"
        return f"{markdown_text(text)} ({code_span(url)}, {why})"
    return f"[{markdown_text(text)}]({target})"


def yaml_string(text: str) -> str:
    """``text`` as a double-quoted YAML scalar: quotes and backslashes escaped, every
    character YAML does not print (controls, separators, surrogates) as ``\\uXXXX``."""
    out = ['"']
    for ch in str(text):
        code = ord(ch)
        if ch in '"\\':
            out.append("\\" + ch)
        elif (code < 0x20 or 0x7f <= code <= 0x9f or ch in "\u2028\u2029\ufeff"
              or code in (0xfffe, 0xffff)):
            out.append(f"\\u{code:04x}")
        elif 0xd800 <= code <= 0xdfff:     # a lone surrogate (from a JSON file): no text
            out.append("\\ufffd")
        else:
            out.append(ch)
    return "".join(out) + '"'


def terminal_text(text: str, *, styles: bool = False) -> str:
    """``text`` safe to print: every control character (C0 but tab and line feed, DEL,
    C1, the line separators) shown as a visible escape (``\\u001b``), so no string from a
    spec, a case, a record or an engine can move the cursor, clear the screen, set the
    window's title or hide a link.  With ``styles``, colour and style sequences (SGR,
    ``ESC [ ... m``: rich's own) are kept as they are."""
    text = str(text)
    if not styles:
        return _CONTROL.sub(_visible, text)
    kept = _STYLE.split(text)
    marks = _STYLE.findall(text)
    out = [_CONTROL.sub(_visible, kept[0])]
    for mark, part in zip(marks, kept[1:]):
        out += [mark, _CONTROL.sub(_visible, part)]
    return "".join(out)


def _visible(match: re.Match) -> str:
    """``\\u001b``: readable, and inside a JSON string the same character again."""
    return f"\\u{ord(match.group()):04x}"


def control_characters(text: str) -> list[int]:
    """The offsets in ``text`` of the characters a spec may not hold: C0 controls but tab
    and line feed (a carriage return is allowed only before a line feed), DEL, C1."""
    return [m.start() for m in _SPEC_CONTROL.finditer(text)
            if not (m.group() == "\r" and text.startswith(_CRLF, m.start()))]


def shown_character(ch: str) -> str:
    """A character as a message names it: ``U+001B (ESC)`` style, never the raw byte."""
    names = {0x07: "BEL", 0x08: "BS", 0x0B: "VT", 0x0C: "FF", 0x0D: "CR", 0x1B: "ESC",
             0x7F: "DEL", 0x00: "NUL", 0x9B: "CSI"}
    code = ord(ch)
    return f"U+{code:04X}" + (f" ({names[code]})" if code in names else "")


__all__ = ["markdown_text", "html_text", "nav_text", "code_span", "link_target", "markdown_link",
           "yaml_string", "terminal_text", "control_characters", "shown_character"]
