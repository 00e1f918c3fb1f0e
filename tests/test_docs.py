"""The documentation site generated from the specs (``rookery docs``): the committed
pages are up to date, every rule is told with its id, citations and rulings, and
``mkdocs build --strict`` succeeds."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import rookery
from rookery.docs import comparison, site
from rookery.docs import generate as docs
from rookery.cli import main
from rookery.escaping import markdown_text
from rookery.docs import english, sentences
from rookery.docs.variant_page import variant_page
from rookery.language.parse import parse_text
from rookery.language.vocabulary import SECTIONS

REPO = Path(__file__).resolve().parent.parent
REPO_DOCS = REPO / "docs"
REGENERATE = "run `rookery docs` (from a checkout: PYTHONPATH=interpreter python3 -m " \
             "rookery.cli docs) and commit docs/ and mkdocs.yml"


def _site(tmp_path: Path) -> Path:
    """A docs folder in tmp_path holding the repository's hand-written pages, then the
    generated ones."""
    out = tmp_path / "docs"
    out.mkdir()
    for page in REPO_DOCS.glob("*.md"):
        if not docs.is_generated(page):
            shutil.copy(page, out / page.name)
    docs.generate(out)
    return out


def test_committed_pages_are_not_stale(tmp_path):
    out = _site(tmp_path)
    fresh = docs.render(out)
    stale = []
    for path, text in fresh.items():
        committed = REPO / path.relative_to(tmp_path)
        if not committed.is_file() or committed.read_text(encoding="utf-8") != text:
            stale.append(str(committed.relative_to(REPO)))
    leftover = [str(p.relative_to(REPO)) for p in REPO_DOCS.rglob("*.md")
                if docs.is_generated(p) and tmp_path / p.relative_to(REPO) not in fresh]
    assert not stale, f"generated pages out of date: {stale}; {REGENERATE}"
    assert not leftover, f"generated pages of removed variants: {leftover}; {REGENERATE}"


def test_every_variant_has_a_page_in_the_navigation(tmp_path):
    out = _site(tmp_path)
    config = (tmp_path / "mkdocs.yml").read_text(encoding="utf-8")
    for name in rookery.builtin_variants():
        assert (out / "variants" / f"{name}.md").is_file()
        assert f": variants/{name}.md" in config
    for page in ("index.md", "comparison.md", "dsl.md", "sources.md"):
        assert f": {page}" in config
    assert config.startswith("# " + docs.MARKER)


def test_every_rule_is_told_with_its_id_citations_and_rulings(tmp_path):
    """Every rule keeps its anchor in its phase's prose (or, for a rule that cannot
    matter, in the folded box of such rules); its citations and rulings are in the
    folded box under its phase."""
    out = _site(tmp_path)
    for name in rookery.builtin_variants():
        variant = rookery.load_variant(name)
        page = (out / "variants" / f"{name}.md").read_text(encoding="utf-8")
        assert page.startswith("<!-- " + docs.MARKER)
        rules = page.split("\n## The rules\n", 1)[1].split("\n## ", 1)[0]
        for rule in variant.rules:
            at = rules.index(f'<a id="{rule.id}"></a>')
            phase = rules[:at].rsplit("\n### ", 1)[1].split("\n", 1)[0]
            assert phase == sentences.SECTION_TITLES[rule.section], (name, rule.id)
            box = rules[at:].split('??? info rk-meta "Rule ids and sources', 1)[1] \
                .split("\n### ", 1)[0]
            told = box.split(f"    - [`{rule.id}`](#{rule.id}): ", 1)[1].split("\n    - [", 1)[0]
            for citation in rule.citations:
                assert f"[{citation.source}](../sources.md#{citation.source}), " \
                       f"“{markdown_text(citation.where)}”" in told, (name, rule.id)
            for ruling in rule.rulings:
                assert "**Ruling" in told and markdown_text(ruling[1:]) in told, (name, rule.id)
            if rule.inherited_from:
                assert "*inherited* from [" in told and f"({rule.inherited_from}.md#" in told


def test_sentences_come_from_the_model_not_the_clause_text():
    child = rookery.load_text('variant t2 "Tournament to 90"\nextends tournament\n\n'
                              'bidding:\n  minimum 90    ruling "a test"\n', "t2.rook")
    told = {s.key: s for s in sentences.sentences(child, "bidding")}
    assert told["bidding.minimum"].text == "The lowest bid is 90."
    assert told["bidding.minimum"].rule.inherited_from is None
    assert told["bidding.maximum"].text == "The highest bid is 120."
    assert told["bidding.maximum"].rule.inherited_from == "tournament"
    page = variant_page(child, {"tournament": "Tournament Rook"}, [], "")
    assert "## What differs from Tournament Rook" in page
    differs = page.split("## What differs from Tournament Rook", 1)[1].split("\n## ", 1)[0]
    assert "- The lowest bid is 90. " in differs and "bidding.maximum" not in differs
    assert '<th scope="row">Bids</th><td>90 to 120, in steps of 5</td>' in page
    assert "Bids go up in fives from 90 to 120." in page


def test_a_page_states_only_what_the_spec_rules():
    """A key the spec leaves out is not told as a rule (the rules language's default is
    not the source's word): Tournament passes no cards and its page says nothing of it;
    Rook for Three leaves out who speaks first, and its page does not claim the player
    left of the dealer does (the dealer opens with 50)."""
    variant = rookery.load_variant("tournament")
    assert sentences.sentences(variant, "passing") == []
    three = rookery.load_variant("rook-for-three")
    told = {s.key: s for s in sentences.sentences(three, "bidding")}
    assert "bidding.first" not in told
    assert told["bidding.opening"].text.startswith("The dealer opens")
    for vid in ("tournament", "rook-for-three", "standard-deck"):
        v = rookery.load_variant(vid)
        for section, told in sentences.all_sentences(v).items():
            assert all(s.rule is not None and s.key in v.rule_ids for s in told), (vid, section)


def test_every_clause_of_the_language_has_an_english_writer():
    missing = [f"{section}.{key}" for section, keys in SECTIONS.items() for key in keys
               if (section, key) not in sentences.WRITERS]
    assert not missing, f"add a writer in rookery/docs/sentences.py for {missing}"


def _formula(text: str):
    return parse_text(f"variant f\nscoring:\n  bidders: {text}\n", "<t>").sections[0] \
        .clauses[0].formula


@pytest.mark.parametrize("text, said", [
    ("if made then taken else -bid",
     "scores the points they took if the bid was made, and otherwise loses the bid"),
    ("max(0, taken - bid)", "scores the larger of 0 and the points they took minus the bid"),
    ("0", "scores nothing"),
    ("if tricks >= 5 then 2 * bid else 0",
     "scores 2 times the bid if the number of tricks they took is at least 5, and otherwise "
     "scores nothing"),
])
def test_formulas_are_read_aloud(text, said):
    assert english.score_phrase(_formula(text)) == said


def test_rank_runs_fold_consecutive_numbers():
    assert english.rank_runs(("5", "6", "7", "8", "14", "1")) == "5 to 8, 14, 1"
    assert english.rank_runs(tuple(str(n) for n in range(2, 11)) + ("J", "Q", "K", "A")) \
        == "2 to 10, J, Q, K, A"
    assert english.out_of_order(("5", "13", "14", "1")) == [("1", "14")]


def test_the_dsl_example_is_a_valid_spec(tmp_path):
    page = site.dsl_page([rookery.load_variant("tournament")])
    example = re.search(r"```rook\n(.*?)```", page, re.S).group(1)
    variant = rookery.load_text(example, "little-rook.rook")
    assert variant.deck.size == 40 and variant.scoring.total == 100
    for section, keys in SECTIONS.items():
        for key in keys:
            assert f'<a id="{section}.{key}"></a>`{key}`' in page


def test_generate_removes_pages_of_removed_variants_only(tmp_path):
    out = _site(tmp_path)
    gone = out / "variants" / "gone.md"
    gone.write_text(docs.page_header("specs/gone.rook") + "# Gone\n", encoding="utf-8")
    mine = out / "notes.md"
    mine.write_text("# Notes\n", encoding="utf-8")
    _, removed = docs.generate(out)
    assert removed == [gone] and not gone.exists() and mine.exists()
    assert '"Notes": notes.md' in (tmp_path / "mkdocs.yml").read_text(encoding="utf-8")


def test_mkdocs_build_strict(tmp_path):
    out = _site(tmp_path)
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict", "-q",
                          "-f", str(tmp_path / "mkdocs.yml"), "-d", str(tmp_path / "site")],
                         capture_output=True, text=True,
                         env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert run.returncode == 0, run.stderr[-3000:]
    html = (tmp_path / "site" / "variants" / "tournament" / "index.html").read_text()
    assert 'id="play.anytime"' in html and '<details class="info rk-meta">' in html
    assert (tmp_path / "site" / "dsl" / "index.html").is_file()
    assert out.is_dir()


def test_comparison_has_a_row_per_variant_from_the_model():
    variants = [rookery.load_variant(name) for name in rookery.builtin_variants()]
    lines = comparison.tables(variants)
    for v in variants:
        rows = [line for line in lines if line.startswith(f"| [{v.title}](variants/{v.id}.md) |")]
        assert len(rows) == 4, v.id
    tournament = [line for line in lines if line.startswith("| [Tournament Rook (Kentucky")]
    assert tournament[1].endswith("| 120 | 120 | 70–120 | 300 |")
    assert tournament[2].endswith("| highest trump | left of dealer | last trick |")
    notes = "\n".join(comparison.disagreements(variants))
    assert "### Who leads the first trick" in notes
    assert "[`tournament`](variants/tournament.md#play.leader)" in notes
    assert "[`kentucky-rook`](variants/kentucky-rook.md#play.leader)" in notes


def test_sources_page_counts_each_variants_citations():
    variant = rookery.load_variant("tournament")
    page = site.sources_page(rookery.language.load.known_sources(), [variant])
    cited = sum(1 for rule in variant.rules for c in rule.citations
                if c.source == "wikipedia-rook")
    assert f"| [{variant.title}](variants/tournament.md) | {cited} |" in page
    for source in rookery.language.load.known_sources():
        assert f"## {source} {{#{source}}}" in page


def test_every_rule_a_conformance_case_cites_has_an_anchor(tmp_path):
    import json

    from rookery.resources import conformance_dir

    out = _site(tmp_path)
    pages: dict[str, str] = {}
    cited = 0
    for path in sorted((conformance_dir() / "cases").rglob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if "spec" in data:
            continue    # a house spec's cases: it has no page (its rules are checked on load)
        variant = data["variant"]
        page = pages.setdefault(variant, (out / "variants" / f"{variant}.md")
                                .read_text(encoding="utf-8"))
        for case in data["cases"]:
            for rule_id in case.get("rules", []):
                cited += 1
                assert f'<a id="{rule_id}"></a>' in page, (case["id"], rule_id)
    assert cited > 0


def test_every_repository_path_a_page_names_exists():
    """A page that names a file or folder of the repository (`conformance/retired.json`)
    names one that exists; placeholders such as `specs/<id>.rook` name their folder."""
    pages = list(REPO_DOCS.glob("*.md")) + list((REPO / "interpreter" / "rookery" / "docs"
                                                 / "templates").glob("*.md"))
    named = re.compile(r"`((?:conformance|specs|interpreter|grammar|tests|docs|benchmarks)"
                       r"/[^`\s]*)`")
    missing = []
    for page in pages:
        for path in named.findall(page.read_text(encoding="utf-8")):
            real = path.split("<", 1)[0].rstrip("/")
            if not (REPO / real).exists():
                missing.append(f"{page.name}: {path}")
    assert not missing


def test_every_rule_a_report_names_has_an_anchor_on_its_variant_page():
    """Issue 30: a conformance report gives a verdict to every rule of the spec, the
    clauses it leaves at the language's default too (``game.ties``, ``play.claim``), and
    links each to its anchor on the variant's page: every one of them is there, once."""
    from rookery.language.load import load_variant
    from rookery.language.silent import spec_rules
    checked = 0
    for page in sorted((REPO_DOCS / "variants").glob("*.md")):
        text = page.read_text(encoding="utf-8")
        variant = load_variant(page.stem)
        for rule, _ in spec_rules(variant):
            assert text.count(f'<a id="{rule}"></a>') == 1, (page.name, rule)
            checked += 1
    assert checked > 500
