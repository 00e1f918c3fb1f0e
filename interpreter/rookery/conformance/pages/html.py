"""A report to share: one static page per run (``DIR/index.html``), the spec's rules
beside it (``DIR/rules-VARIANT.html``, an anchor ``id="rule.id"`` per rule), a badge
for a README (``DIR/badge.svg``), and a dashboard of several runs side by side
(engines as columns, rules as rows).

Every string from an engine, a report or a spec is hostile: it goes through
:func:`rookery.escaping.html_text` (an address through :func:`urllib.parse.quote`), the
pages carry a Content-Security-Policy that runs no script and loads nothing from
elsewhere, and the style is inline: the pages work offline, from a folder or a CI
artifact."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from urllib.parse import quote

from ...escaping import html_text as h
from ...language.model import Variant
from ...paths import make_folder, write_text
from .runs import BREAKS, CONFORMS, NOT_REACHED, Part, Row, RunView

STYLE = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0 auto;
max-width:72rem;padding:1rem 1.5rem;color:#1d232a;background:#fff}
h1{font-size:1.5rem;margin:.5rem 0}h2{font-size:1.25rem;margin-top:2rem;
border-bottom:1px solid #d8dde3}h3{font-size:1.05rem;margin:1.4rem 0 .4rem}
table{border-collapse:collapse;width:100%;margin:.3rem 0 1rem}
th,td{border:1px solid #d8dde3;padding:.3rem .5rem;text-align:left;vertical-align:top}
th{background:#f3f5f7}code{font-size:.9em;background:#f3f5f7;padding:0 .2em;
border-radius:3px;overflow-wrap:anywhere}
.conforms{color:#136c2e;font-weight:600}.breaks{color:#b3261e;font-weight:600}
.not-reached{color:#8a5a00;font-weight:600}.muted{color:#5b6570}
.summary span{margin-right:1rem}.said{color:#3b4550}
td.conforms{background:#e8f5ec}td.breaks{background:#fdecea}
td.not-reached{background:#fff6e0}
""".strip()

# No script runs, nothing is fetched but the page's own badge (a local file): a
# hostile string that slipped through could do nothing.
CSP = ("default-src 'none'; style-src 'unsafe-inline'; img-src 'self'; "
       "base-uri 'none'; form-action 'none'")

VERDICT_CLASS = {CONFORMS: "conforms", BREAKS: "breaks", NOT_REACHED: "not-reached"}


def _page(title: str, body: list[str]) -> str:
    return "\n".join([
        "<!doctype html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{h(CSP)}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f"<title>{h(title)}</title>", f"<style>{STYLE}</style>", "</head>", "<body>",
        *body, "</body>", "</html>", ""])


def rules_file(variant: str) -> str:
    """The rules page of a variant beside a report (its id is letters, digits, ``-``
    and ``+``; quoted all the same)."""
    return "rules-" + quote(variant, safe="-") + ".html"


def rule_link(variant: str, rule: str) -> str:
    return (f'<a href="{h(rules_file(variant))}#{h(quote(rule, safe=".-"))}">'
            f"<code>{h(rule)}</code></a>")


# -- the spec: words and sections --------------------------------------------------------

class Spec:
    """What the pages say of a spec: each rule's sentence and phase (section), in the
    spec's order, the defaults it leaves included; empty for a spec not at hand."""

    def __init__(self, variant: Variant | None):
        self.variant = variant
        self.words: dict[str, str] = {}
        self.sections: dict[str, str] = {}
        self.order: list[str] = []
        if variant is None:
            return
        from ..differential.deviations import rule_words
        from ..differential.verdicts import spec_rules
        words = rule_words(variant)
        section_of = {rule.id: rule.section for rule in variant.rules}
        for rule, default in spec_rules(variant):
            self.order.append(rule)
            self.sections[rule] = section_of.get(rule, rule.partition(".")[0])
            said = words.get(rule, ("", ""))[0]
            self.words[rule] = said or (f"Left out: {default}." if default else "")

    def section(self, rule: str) -> str:
        return self.sections.get(rule) or rule.partition(".")[0]


def _section_title(section: str) -> str:
    from ...docs.sentences import SECTION_TITLES
    return SECTION_TITLES.get(section, section.capitalize() or "Other rules")


def _sections_in_order(rules: list[str], spec: Spec) -> list[tuple[str, list[str]]]:
    from ...language.vocabulary import SECTION_ORDER
    grouped: dict[str, list[str]] = {}
    for rule in rules:
        grouped.setdefault(spec.section(rule), []).append(rule)
    order = {s: i for i, s in enumerate(SECTION_ORDER)}
    return sorted(grouped.items(), key=lambda item: (order.get(item[0], len(order)),
                                                     item[0]))


def complete_rows(part: Part, spec: Spec, tool: str) -> list[Row]:
    """The part's rows, in the spec's order, with a row for each rule of the spec the
    run says nothing of (a corpus run checks only the rules its cases name; a run
    stopped before its first deal gives no verdict)."""
    rows = {row.rule: row for row in part.rows}
    missing = "no case of the run checks it" if tool == "conformance" else \
        "the run gives it no verdict (stopped, or the engine failed before any deal)"
    out = [rows.pop(rule) if rule in rows else Row(rule, NOT_REACHED, reason=missing)
           for rule in spec.order]
    return out + list(rows.values())


# -- one run -------------------------------------------------------------------------------

def tally(rows: list[Row]) -> Counter:
    return Counter(row.verdict for row in rows)


def write_run_page(folder: Path, view: RunView, specs: dict[str, Variant | None],
                   digests: dict[str, str] | None = None) -> Path:
    """``folder/index.html`` for one run, the rules page of each spec and the badge;
    ``specs``: each part's variant id -> its compiled spec (None where not at hand);
    ``digests``: a spec's sha256 where the report has none.  Returns the page's path."""
    make_folder(folder, "--html")
    digests = digests or {}
    body = [f"<h1>rookery {h(view.tool)}: {h(view.engine)}</h1>"]
    all_rows: list[Row] = []
    for part in view.parts:
        spec = Spec(specs.get(part.variant))
        rows = complete_rows(part, spec, view.tool)
        all_rows += rows
        body += _part(part, spec, rows, digests.get(part.variant, ""),
                      several=len(view.parts) > 1)
        write_text(folder / rules_file(part.variant), rules_page(part.variant, spec,
                                                                 [r.rule for r in rows]),
                   "the rules page")
    counts = tally(all_rows)
    badge_label = f"rookery {view.parts[0].variant}" if len(view.parts) == 1 else \
        f"rookery {view.tool}"
    write_text(folder / "badge.svg", badge(badge_label, counts[CONFORMS], len(all_rows),
                                           counts[BREAKS]), "the badge")
    head = [f'<p class="summary"><img src="badge.svg" alt="{h(badge_label)}: '
            f'{counts[CONFORMS]}/{len(all_rows)} conform"> '
            f'<span class="conforms">{counts[CONFORMS]} conform</span>'
            f'<span class="breaks">{counts[BREAKS]} break</span>'
            f'<span class="not-reached">{counts[NOT_REACHED]} not reached</span>'
            + ("" if view.ok else '<span class="breaks">findings: see below</span>')
            + "</p>"]
    if view.notes:
        head += ["<h2>Findings no rule explains</h2>", "<ul>"]
        head += [f"<li>{h(note)}</li>" for note in view.notes[:200]]
        if len(view.notes) > 200:
            head.append(f"<li>... and {len(view.notes) - 200} more (in the JSON report)"
                        "</li>")
        head.append("</ul>")
    body[1:1] = head
    page = folder / "index.html"
    write_text(page, _page(f"rookery {view.tool}: {view.engine}", body), "the report page")
    return page


def _part(part: Part, spec: Spec, rows: list[Row], digest: str,
          several: bool) -> list[str]:
    out = [f"<h2>{h(part.variant)}</h2>" if several else "",
           f"<p>The spec <code>{h(part.spec or part.variant)}</code> "
           f"(variant <code>{h(part.variant)}</code>)"
           + (f", sha256 <code>{h(part.sha256 or digest)}</code>"
              if part.sha256 or digest else "") + ".</p>"]
    broken = [row for row in rows if row.verdict == BREAKS]
    if broken:
        out += ["<h3>Rules the engine breaks</h3>", "<ul>"]
        for row in broken:
            out.append(f"<li>{rule_link(part.variant, row.rule)}: "
                       f"{h(row.did or row.reason)}"
                       + (f"<br>minimal case: <code>{h(row.case)}</code>"
                          f"<br>rerun: <code>{h(row.rerun)} {h(row.case)}</code>"
                          if row.case else "") + "</li>")
        out.append("</ul>")
    for section, rules in _sections_in_order([r.rule for r in rows], spec):
        by_rule = {row.rule: row for row in rows}
        out += [f"<h3>{h(_section_title(section))}</h3>", "<table>",
                "<tr><th>rule</th><th>verdict</th><th>evidence, or why not</th>"
                "<th>the spec says</th></tr>"]
        for rule in rules:
            row = by_rule[rule]
            out.append(f'<tr><td>{rule_link(part.variant, rule)}</td>'
                       f'<td class="{VERDICT_CLASS.get(row.verdict, "")}">'
                       f"{h(row.verdict)}</td><td>{h(_evidence(row))}</td>"
                       f'<td class="said">{h(spec.words.get(rule, ""))}</td></tr>')
        out.append("</table>")
    return out


def _evidence(row: Row) -> str:
    if row.verdict == CONFORMS:
        return f"{row.count} {row.unit}" + (f"; {row.witness}" if row.witness else "")
    if row.verdict == BREAKS:
        return row.did or row.reason or "broken"
    return row.reason


def rules_page(variant: str, spec: Spec, rules: list[str]) -> str:
    """The spec's rules, phase by phase, each under its anchor ``id="rule.id"`` (every
    rule a report links to, the spec's order first)."""
    body = [f"<h1>The rules of <code>{h(variant)}</code></h1>",
            '<p class="muted">Each rule under its id, as the reports beside this page '
            'link to it; <a href="index.html">back to the report</a>.</p>']
    known = list(dict.fromkeys(spec.order + rules))
    for section, ids in _sections_in_order(known, spec):
        body.append(f"<h2>{h(_section_title(section))}</h2>")
        for rule in ids:
            body.append(f'<p id="{h(rule)}"><code>{h(rule)}</code> '
                        f"{h(spec.words.get(rule, '') or '(the spec is not at hand)')}</p>")
    return _page(f"The rules of {variant}", body)


# -- the badge -------------------------------------------------------------------------------

def badge(label: str, conform: int, total: int, broken: int) -> str:
    """A flat badge: ``rookery tournament | 44/46 conform`` (green when nothing breaks
    and every rule conforms, red when a rule breaks, amber otherwise)."""
    value = f"{conform}/{total} conform"
    colour = "#b3261e" if broken else "#2e7d32" if conform == total else "#b26a00"
    left, right = 6.6 * len(label) + 12, 6.6 * len(value) + 12
    width = left + right
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="20" '
            f'role="img" aria-label="{h(label)}: {h(value)}">'
            f"<title>{h(label)}: {h(value)}</title>"
            f'<rect width="{left:.0f}" height="20" fill="#555"/>'
            f'<rect x="{left:.0f}" width="{right:.0f}" height="20" fill="{colour}"/>'
            '<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">'
            f'<text x="6" y="14">{h(label)}</text>'
            f'<text x="{left + 6:.0f}" y="14">{h(value)}</text></g></svg>\n')


# -- several runs side by side ---------------------------------------------------------------

def write_dashboard(folder: Path, views: list[tuple[str, RunView]],
                    specs: dict[str, Variant | None]) -> Path:
    """``folder/index.html``: the runs side by side, one table per spec, the engines as
    columns and the rules as rows (``views``: each run's name, its file, and its view)."""
    make_folder(folder, "--html")
    columns: dict[str, list[tuple[str, RunView, Part]]] = {}
    for name, view in views:
        for part in view.parts:
            columns.setdefault(part.variant, []).append((name, view, part))
    body = ["<h1>rookery: engines side by side</h1>",
            f'<p class="muted">{len(views)} runs; each cell is the run\'s verdict for the '
            "rule, with its evidence or the reason it was not reached.</p>"]
    for variant, runs in columns.items():
        spec = Spec(specs.get(variant))
        rows = [{row.rule: row for row in complete_rows(part, spec, view.tool)}
                for _, view, part in runs]
        rules = list(dict.fromkeys(spec.order + [r for mine in rows for r in mine]))
        body += [f"<h2>{h(variant)}</h2>", "<table>", "<tr><th>rule</th>" + "".join(
            f"<th>{h(view.engine)}<br><span class=\"muted\">{h(view.tool)}, {h(name)}"
            f"</span></th>" for name, view, _ in runs) + "</tr>"]
        for section, ids in _sections_in_order(rules, spec):
            body.append(f'<tr><th colspan="{len(runs) + 1}">{h(_section_title(section))}'
                        "</th></tr>")
            for rule in ids:
                cells = []
                for mine in rows:
                    row = mine.get(rule)
                    if row is None:
                        cells.append('<td class="muted">-</td>')
                        continue
                    cells.append(f'<td class="{VERDICT_CLASS.get(row.verdict, "")}" '
                                 f'title="{h(_evidence(row))}">{h(row.verdict)}'
                                 + (f" ({row.count} {h(row.unit)})"
                                    if row.verdict == CONFORMS else "") + "</td>")
                body.append(f"<tr><td>{rule_link(variant, rule)}</td>{''.join(cells)}</tr>")
        body.append("</table>")
        write_text(folder / rules_file(variant), rules_page(variant, spec, rules),
                   "the rules page")
    page = folder / "index.html"
    write_text(page, _page("rookery: engines side by side", body), "the dashboard")
    return page


__all__ = ["badge", "rule_link", "rules_file", "rules_page", "write_dashboard",
           "write_run_page"]
