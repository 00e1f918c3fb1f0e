"""The reading text of a rules page, as issue 20 measures it: the article's words outside
code blocks, folded details and elements marked as metadata (class ``rk-meta``).

A page's Markdown is converted with the extensions of the site's ``mkdocs.yml`` (what
``mkdocs build`` does to it, without building the whole site)."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import markdown
import yaml

SKIPPED = {"pre", "details", "script", "style"}
VOID = {"br", "img", "hr", "input", "meta", "link", "wbr", "col", "source", "path", "rect",
        "line", "polygon", "circle", "ellipse", "use", "stop"}


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, bool]] = []     # (tag, skipped)
        self.words: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            return
        classes = (dict(attrs).get("class") or "").split()
        self.open.append((tag, tag in SKIPPED or "rk-meta" in classes
                          or "headerlink" in classes))

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        while self.open:
            if self.open.pop()[0] == tag:
                break

    def handle_data(self, data):
        if not any(skipped for _, skipped in self.open):
            self.words += re.findall(r"\S+", data)


def reading_words(html: str) -> list[str]:
    reader = _Reader()
    reader.feed(html)
    return reader.words


def page_html(page: Path, config: Path) -> str:
    """The HTML of a page's Markdown, with the extensions ``config`` (mkdocs.yml) names."""
    settings = yaml.load(config.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    names, options = [], {}
    for entry in settings["markdown_extensions"]:
        name, value = next(iter(entry.items())) if isinstance(entry, dict) else (entry, None)
        names.append(name)
        if value:
            options[name] = {k: (v == "true" if v in ("true", "false") else v)
                             for k, v in value.items()}
    return markdown.markdown(page.read_text(encoding="utf-8"), extensions=names,
                             extension_configs=options)
