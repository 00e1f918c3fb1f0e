"""Hostile text for a spec's free-text places, and a count of what became live in HTML.

Shared by ``tests/test_site_escaping.py`` (one small site with every string at once) and
``fuzz/fuzz_site.py`` (many generated sites).  Every payload carries the marker
:data:`MARK`, so a live tag the payload made is told from the theme's own.

"Live" means something a browser would run or follow: a ``<script>`` holding the marker,
any ``on*`` event attribute, a link, source or form address whose scheme is not http(s),
mailto or relative (``javascript:``, ``data:``, ``vbscript:``), an element the theme never
writes (``iframe``, ``object``, ``embed``, ``base``, a ``meta`` refresh), or any tag whose
attributes carry the marker where a browser reads them (everything but the text
attributes ``title``, ``alt``, ``aria-label``, ``content``, ``value``, ``data-*``, and
the addresses above, which are checked by their scheme: an http(s) link to an odd
address is a link, not a script).
"""

from __future__ import annotations

import random
from html.parser import HTMLParser
from pathlib import Path

MARK = "PWN"

# Payloads for text (titles, citations, rulings, source titles, option titles).  A spec's
# string holds no double quote and no line end, so none of these does.
TEXT = (
    "<script>alert('PWN')</script>",
    "<img src=x onerror=alert('PWN')>",
    "<svg onload=alert('PWN')>",
    "[click](javascript:alert('PWN'))",
    "![img](javascript:alert('PWN'))",
    "[x](JaVaScRiPt:alert('PWN'))",
    "[x]( javascript:alert('PWN') )",
    "[x](<javascript:alert('PWN')>)",
    "[x](java&#115;cript:alert('PWN'))",
    "<javascript:alert('PWN')>",
    "<a href='javascript:alert(PWN)'>a</a>",
    "<a href=jav&#x09;ascript:alert('PWN')>a</a>",
    "*em*{: onclick='alert(PWN)'}",
    "**b**{ onmouseover=alert('PWN') }",
    "{#x onclick=alert('PWN')}",
    "`</code><script>alert('PWN')</script>`",
    "'><script>alert('PWN')</script>",
    "</title><script>alert('PWN')</script>",
    "<iframe src='javascript:alert(PWN)'></iframe>",
    "<details open ontoggle=alert('PWN')>",
    "<style>@import 'PWN'</style>",
    "<meta http-equiv=refresh content='0;url=javascript:alert(PWN)'>",
    "<<script>script>alert('PWN')<</script>/script>",
    "\\<script>alert('PWN')</script>",
    "&lt;script&gt;alert('PWN')&lt;/script&gt;",
    "<object data='javascript:alert(PWN)'></object>",
    "<form action='javascript:alert(PWN)'><button>PWN</button></form>",
    "<base href='javascript:alert(PWN)//'>",
    "<!-- PWN --><script>alert('PWN')</script>",
    "<![CDATA[<script>alert('PWN')</script>]]>",
    "a: b # PWN 'q' - x | y & z % @ ! ~ ^",
    "| PWN | <script>alert('PWN')</script> |",
    "_u_ *e* **s** ~~d~~ `c` PWN",
    "!!! danger PWN",
)
# Payloads for a source's url (the page links it only when it is http or https).
URLS = (
    "javascript:alert('PWN')",
    "JAVASCRIPT:alert('PWN')",
    " javascript:alert('PWN')",
    "data:text/html,<script>alert('PWN')</script>",
    "vbscript:msgbox('PWN')",
    "https://example.org/'><script>alert('PWN')</script>",
    "https://example.org/ onmouseover=alert('PWN')",
    "https://example.org/)[x](javascript:alert('PWN'))",
    "https://example.org/PWN>",
    "//evil.example/PWN",
)

# The child's file name is hostile too: it is shown on its page, and named in the comment
# every generated page opens with.
CHILD_FILE = "hostile-child --><img src=x onerror=alert('PWN')><!-- `x`.rook"

SAFE_SCHEMES = ("http", "https", "mailto", "")
LINK_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "data", "poster",
                   "background", "srcdoc", "cite", "ping"}
TEXT_ATTRIBUTES = {"title", "alt", "aria-label", "content", "value"}
NEVER_THEIRS = {"iframe", "object", "embed", "base", "frame", "applet"}


class _Scanner(HTMLParser):
    def __init__(self, where: str):
        super().__init__(convert_charrefs=True)
        self.where = where
        self.live: list[str] = []
        self._script: list[str] | None = None

    def handle_starttag(self, tag, attrs):
        self._check(tag, attrs)
        if tag == "script":
            self._script = []

    def handle_startendtag(self, tag, attrs):
        self._check(tag, attrs)

    def handle_data(self, data):
        if self._script is not None:
            self._script.append(data)

    def handle_endtag(self, tag):
        if tag == "script" and self._script is not None:
            if MARK in "".join(self._script):
                self.live.append(f"{self.where}: a <script> holding the marker")
            self._script = None

    def _check(self, tag, attrs):
        found = self.live.append
        if tag in NEVER_THEIRS:
            found(f"{self.where}: a <{tag}> element")
        for name, value in attrs:
            value = value or ""
            if name.startswith("on"):
                found(f"{self.where}: <{tag} {name}=...>")
            if name in LINK_ATTRIBUTES:
                cleaned = "".join(ch for ch in value if ch > " ").lower()
                scheme = cleaned.split(":", 1)[0] if ":" in cleaned.split("/", 1)[0] else ""
                if scheme not in SAFE_SCHEMES:
                    found(f"{self.where}: <{tag} {name}={value[:60]!r}>")
            if (MARK in value and name not in TEXT_ATTRIBUTES | LINK_ATTRIBUTES
                    and not name.startswith("data-")):
                found(f"{self.where}: <{tag} {name}={value[:60]!r}> carries the marker")
        if tag == "meta" and any(n == "http-equiv" and (v or "").lower() == "refresh"
                                 for n, v in attrs):
            found(f"{self.where}: a <meta> refresh")
        if tag == "script" and any(n == "src" and MARK in (v or "") for n, v in attrs):
            found(f"{self.where}: a <script src> holding the marker")


def live_in_html(text: str, where: str = "") -> list[str]:
    """What became live in one HTML page (an empty list: nothing)."""
    scanner = _Scanner(where)
    scanner.feed(text)
    scanner.close()
    return scanner.live


def live_in_site(site: Path) -> tuple[int, list[str]]:
    """(pages scanned, every live thing found) in a built site's HTML pages."""
    pages = sorted(site.rglob("*.html"))
    found: list[str] = []
    for page in pages:
        found += live_in_html(page.read_text(encoding="utf-8"), str(page.relative_to(site)))
    return len(pages), found


def hostile_specs(folder: Path, texts=TEXT, urls=URLS, title: str | None = None
                  ) -> list[str]:
    """Write a house spec, a variant extending it and an option, with ``texts`` in every
    free-text place (the title, citations, rulings, source titles, the option's title)
    and ``urls`` as sources' urls; the names to give ``rookery docs``."""
    joined = " ".join(texts) if title is None else title
    lines = [f'variant hostile-base "{joined}"', "extends tournament"]
    for i, text in enumerate(texts):
        lines.append(f'source s{i} "{text}" url "{urls[i % len(urls)]}"')
    for i, url in enumerate(urls):
        lines.append(f'source u{i} "{texts[i % len(texts)]}" url "{url}"')
    lines += ["", "bidding:", "  minimum 60    per wikipedia-rook \"Bidding\""]
    for i, text in enumerate(texts):
        lines.append(f'    per s{i} "{text}"')
        lines.append(f'    ruling "{text}"')
    (folder / "hostile-base.rook").write_text("\n".join(lines) + "\n", encoding="utf-8")
    child = [f'variant hostile-child "{texts[-1]} {texts[0]}"', 'extends "hostile-base.rook"',
             f'source c0 "{texts[1 % len(texts)]}" url "{urls[0]}"', "", "game:",
             f'  target 500    per c0 "{texts[2 % len(texts)]}"',
             f'    ruling "{texts[3 % len(texts)]}"']
    (folder / CHILD_FILE).write_text("\n".join(child) + "\n", encoding="utf-8")
    option = [f'option hostile-option "{joined}"', "", "bidding:",
              f'  maximum 115   per wikipedia-rook "{texts[0]}"',
              f'    ruling "{texts[4 % len(texts)]}"']
    (folder / "hostile-option.rook").write_text("\n".join(option) + "\n", encoding="utf-8")
    return [str(folder / "hostile-base.rook"), str(folder / CHILD_FILE),
            f"{folder / 'hostile-base.rook'}+{folder / 'hostile-option.rook'}"]


def mixed(rng: random.Random, count: int) -> list[str]:
    """``count`` hostile texts: payloads cut, joined and wrapped in Markdown at random."""
    out = []
    for _ in range(count):
        parts = rng.sample(TEXT, rng.randint(1, 3))
        text = " ".join(parts)
        wrap = rng.choice(["{}", "*{}*", "**{}**", "[{}](x)", "`{}`", "# {}", "{} {{: x }}",
                           "<b>{}</b>", "{}\\", "> {}", "- {}", "1. {}"])
        out.append(wrap.format(text))
    return out


def hostile_root(folder: Path, texts=TEXT, urls=URLS, name: str = "hostile-root") -> Path:
    """A spec that extends nothing (a family's root, on the home page): Tournament Rook's
    rules with ``texts`` as its title, its file comment, its sources' titles, citations
    and rulings, and ``urls`` as its sources' urls."""
    from rookery.resources import specs_dir
    joined = " ".join(texts)
    lines = (specs_dir() / "tournament.rook").read_text(encoding="utf-8").splitlines()
    out = [f"# {joined}"]
    first_clause = True
    for line in lines:
        if line.startswith("variant "):
            out.append(f'variant {name} "{joined}"')
            out += [f'source s{i} "{text}" url "{urls[i % len(urls)]}"'
                    for i, text in enumerate(texts)]
        elif line.startswith("#"):
            continue
        else:
            out.append(line)
            if first_clause and line.startswith("  ") and not line.startswith("   "):
                first_clause = False
                for i, text in enumerate(texts):
                    out += [f'    per s{i} "{text}"', f'    ruling "{text}"']
    path = folder / f"{name}.rook"
    path.write_text("\n".join(out) + "\n", encoding="utf-8")
    return path


def hostile_option(folder: Path, texts=TEXT, name: str = "hostile-option") -> Path:
    """An option with ``texts`` as its title, its file comment (what the options page
    says it does), its citations and rulings."""
    joined = " ".join(texts)
    lines = [f"# {joined}", f'option {name} "{joined}"', "", "bidding:",
             '  maximum 115   per wikipedia-rook "Bidding"']
    for text in texts:
        lines += [f'    per wikipedia-rook "{text}"', f'    ruling "{text}"']
    path = folder / f"{name}.rook"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path
