"""Issue 18, point 1: no string of a spec becomes live HTML in the generated site.

One small site holds every hostile string of ``tests/live_html.py`` at once, in every
free-text place of a spec (the title, citations, rulings, source titles and urls, an
option's title, a parent's title on its child's page): ``rookery docs`` writes it,
``mkdocs build`` builds it, and ``html.parser`` reads every page.  Before the fix the same
site put a live ``<script>`` in every page whose navigation listed the variant."""

from __future__ import annotations

import os
import subprocess
import sys
from html.parser import HTMLParser

import pytest
import yaml

from live_html import MARK, TEXT, URLS, hostile_specs, live_in_html, live_in_site
from rookery.cli import main
from rookery.escaping import (
    code_span,
    link_target,
    markdown_text,
    nav_text,
    terminal_text,
    yaml_string,
)


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("hostile")
    names = hostile_specs(folder)
    assert main(["docs", *names, "--out", str(folder / "project")]) == 0
    built = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q",
                            "-f", str(folder / "project" / "mkdocs.yml"),
                            "-d", str(folder / "site")], capture_output=True, text=True,
                           env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, timeout=120)
    assert built.returncode == 0, built.stderr[-3000:]
    return folder


def test_no_live_script_link_or_handler_in_a_site_of_hostile_specs(hostile_site):
    pages, live = live_in_site(hostile_site / "site")
    assert pages >= 8      # home, comparison, unclear, sources, dsl, 3 variants, 404
    assert live == []
    # and every payload did reach the pages, as text
    html = (hostile_site / "site" / "variants" / "hostile-base" / "index.html").read_text(
        encoding="utf-8")
    assert html.count(MARK) > len(TEXT)


class _Texts(HTMLParser):
    """The text of the first element of each kind asked for."""

    def __init__(self, tags):
        super().__init__(convert_charrefs=True)
        self.tags, self.found, self._open = tags, {}, None

    def handle_starttag(self, tag, attrs):
        if tag in self.tags and tag not in self.found:
            self._open, self.found[tag] = tag, ""

    def handle_endtag(self, tag):
        if tag == self._open:
            self._open = None

    def handle_data(self, data):
        if self._open:
            self.found[self._open] += data


def test_the_reader_sees_the_spec_s_own_characters(hostile_site):
    """Escaping changes nothing a reader sees: the heading is the title, character for
    character, and the browser tab's title holds no tag."""
    page = (hostile_site / "site" / "variants" / "hostile-child" / "index.html").read_text(
        encoding="utf-8")
    texts = _Texts({"h1", "title"})
    texts.feed(page)
    assert texts.found["h1"].rstrip("¶").strip() == f"{TEXT[-1]} {TEXT[0]}"
    assert "<" not in texts.found["title"] and MARK in texts.found["title"]


def test_a_source_url_is_linked_only_when_it_is_http_or_https(hostile_site):
    page = (hostile_site / "project" / "docs" / "variants" / "hostile-base.md").read_text(
        encoding="utf-8").split("## The spec")[0]     # the spec itself is shown as code
    assert "](javascript" not in page.lower() and "<javascript" not in page.lower()
    assert "not linked: only http and https addresses are" in page


def test_the_scanner_finds_what_a_browser_would_run():
    """The check above can fail: each kind of live thing is found."""
    for html in ("<script>alert('PWN')</script>", "<img src=x onerror=alert(1)>",
                 "<a href=' JavaScript:alert(1)'>x</a>", "<iframe src=x></iframe>",
                 "<a href='data:text/html,x'>x</a>", "<b style='x:PWN'>b</b>",
                 "<meta http-equiv=refresh content='0;url=x'>"):
        assert live_in_html(html), html
    for html in ("<p>&lt;script&gt;alert('PWN')&lt;/script&gt;</p>",
                 "<a href='https://example.org/PWN'>PWN</a>", "<a href='../x.md'>x</a>",
                 "<title><script>PWN</script></title>".replace("<script>", "&lt;script&gt;")):
        assert not live_in_html(html), html


@pytest.mark.parametrize("text", TEXT + URLS)
def test_markdown_text_leaves_no_markup(text):
    escaped = markdown_text(text)
    assert not set("<>[]`*_{}|#\\") & set(escaped.replace("&#", "").replace("&lt;", "")
                                            .replace("&gt;", "").replace("&amp;", ""))


@pytest.mark.parametrize("text", TEXT + URLS + ("a: b # c", "'q' \"dq\" \\ \x1b[2J",
                                                "- x", "{a: 1}", "&anchor *alias !tag %"))
def test_yaml_string_reads_back_as_itself(text):
    assert yaml.safe_load(f"key: {yaml_string(text)}") == {"key": text}
    assert yaml.safe_load(f"- {yaml_string(text)}: page.md") == [{text: "page.md"}]


def test_a_navigation_title_opens_no_tag_even_once_unescaped():
    import html
    for text in TEXT:
        assert "<" not in html.unescape(nav_text(text))


def test_links_only_to_http_and_https():
    assert link_target("https://example.org/rules?a=1#x") == "https://example.org/rules?a=1#x"
    assert link_target("http://example.org/a b") is None
    for url in URLS:
        target = link_target(url)
        assert target is None or (target.startswith(("http://", "https://"))
                                  and not set("<>'\"() ") & set(target)), url


def test_code_span_is_never_closed_by_its_text():
    assert code_span("a`b") == "``a`b``"
    assert code_span("`x`") == "`` `x` ``"


def test_terminal_text_shows_every_control_character():
    shown = terminal_text("a\x1b[2Jb\x07c\rd\x9b1me\u2028f\tg\nh")
    assert shown == "a\\u001b[2Jb\\u0007c\\u000dd\\u009b1me\\u2028f\tg\nh"
    assert terminal_text("\x1b[1mbold\x1b[0m \x1b]0;t\x07", styles=True) == \
        "\x1b[1mbold\x1b[0m \\u001b]0;t\\u0007"
