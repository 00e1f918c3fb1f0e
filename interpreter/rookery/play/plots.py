"""The pictures of ``rookery compare``, written as SVG by this module (no plotting
library needed): the winning bids and the game lengths of each spec side by side, as
grouped bars of the share of contracts (or games) at each value, and an HTML report with
the measures' table and both pictures.  Every spec's words are escaped for the markup
they land in."""

from __future__ import annotations

from html import escape

# colours a reader tells apart (and in grey), one per spec in turn
COLOURS = ("#1f6fb4", "#e07b1a", "#2a9d3a", "#b02a2a", "#7d4fb0", "#6b6b6b")
WIDTH, HEIGHT = 720, 320
LEFT, RIGHT, TOP, BOTTOM = 56, 16, 40, 56


def _shares(counts: dict) -> dict[int, float]:
    total = sum(counts.values())
    return {int(k): v / total for k, v in counts.items()} if total else {}


# The steps of a share axis, as shares: a tick every 1%, 2%, 5%, 10%, 20% or 25%.
_TICKS = (0.01, 0.02, 0.05, 0.1, 0.2, 0.25)


def share_axis(highest: float) -> tuple[float, float]:
    """The top of a share axis and the step between its ticks: round figures (0%, 20%,
    40% ...) with at most five steps, the top the first tick at or above ``highest``
    (an axis in fifths of the highest bar read 0%, 20%, 41%, 61%, 82%)."""
    tick = next((t for t in _TICKS if highest <= 5 * t + 1e-9), 0.25)
    steps = max(1, -(-round(highest * 1e6) // round(tick * 1e6)))
    return steps * tick, tick


def grouped_bars(title: str, axis: str, series: list[tuple[str, dict]]) -> str:
    """An SVG of grouped bars: for each value on the x axis, one bar per spec with the
    share of its contracts or games at that value.  ``series`` is ``(spec, {value:
    count})`` in the specs' order."""
    shares = [(name, _shares(counts)) for name, counts in series]
    values = sorted({v for _, s in shares for v in s})
    top, tick = share_axis(max((share for _, s in shares for share in s.values()),
                               default=0) or 1.0)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / max(1, len(values))
    bar = slot * 0.8 / max(1, len(shares))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
           f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="11" '
           f'role="img" aria-label="{escape(title)}">',
           f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
           f'<text x="{WIDTH / 2}" y="18" text-anchor="middle" font-size="14">'
           f'{escape(title)}</text>']
    for step in range(round(top / tick) + 1):     # the share axis, at round figures
        share = tick * step
        y = TOP + plot_h - plot_h * share / top
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
                   'stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">'
                   f'{100 * share:.0f}%</text>')
    label_every = max(1, len(values) // 24)
    for i, value in enumerate(values):
        x0 = LEFT + i * slot + slot * 0.1
        for j, (name, s) in enumerate(shares):
            height = plot_h * s.get(value, 0) / top
            out.append(f'<rect x="{x0 + j * bar:.1f}" y="{TOP + plot_h - height:.1f}" '
                       f'width="{bar:.1f}" height="{height:.1f}" '
                       f'fill="{COLOURS[j % len(COLOURS)]}"><title>{escape(name)}: '
                       f'{value}: {100 * s.get(value, 0):.1f}%</title></rect>')
        if i % label_every == 0:
            out.append(f'<text x="{LEFT + (i + 0.5) * slot:.1f}" y="{TOP + plot_h + 14}" '
                       f'text-anchor="middle">{value}</text>')
    out.append(f'<text x="{LEFT + plot_w / 2}" y="{HEIGHT - 22}" text-anchor="middle">'
               f'{escape(axis)}</text>')
    x = LEFT
    for j, (name, _) in enumerate(shares):   # the legend, under the axis name
        out.append(f'<rect x="{x}" y="{HEIGHT - 12}" width="10" height="10" '
                   f'fill="{COLOURS[j % len(COLOURS)]}"/>')
        out.append(f'<text x="{x + 14}" y="{HEIGHT - 3}">{escape(name)}</text>')
        x += 24 + 7 * len(name)
    out.append("</svg>")
    return "\n".join(out) + "\n"


def bid_plot(report: dict) -> str:
    return grouped_bars("The winning bid: share of contracts at each amount",
                        "winning bid", [(s["spec"], d) for s, d in
                                        zip(report["specs"], report["bid_distribution"])])


def length_plot(report: dict) -> str:
    return grouped_bars("Game length: share of games lasting each number of hands",
                        "hands in the game", [(s["spec"], d) for s, d in
                                              zip(report["specs"], report["game_lengths"])])


def shown(value: float | None, share: bool) -> str:
    """A measure's value as the report shows it (a share as a percentage)."""
    if value is None:
        return "-"
    text = f"{100 * value:.1f}%" if share else f"{value:.2f}"
    # a value that rounds to zero is shown as 0, whatever its sign
    return text[1:] if text.startswith("-") and float(text.rstrip("%")) == 0 else text


def interval(entry: dict, share: bool) -> str:
    """``value [low, high]``, or ``-`` when there was nothing to measure."""
    if entry["value"] is None:
        return "-"
    low, high = entry["ci95"]
    return f"{shown(entry['value'], share)} [{shown(low, share)}, {shown(high, share)}]"


def html_report(report: dict) -> str:
    """The comparison as one HTML page: the measures' table and both pictures."""
    specs = [s["spec"] for s in report["specs"]]
    head = "".join(f"<th>{escape(name)}</th>" for name in specs) + "".join(
        f"<th>{escape(name)} &minus; {escape(specs[0])}</th>" for name in specs[1:])
    rows = []
    for m in report["measures"]:
        cells = "".join(f"<td>{escape(interval(e, m['share']))}</td>" for e in m["specs"])
        for d in m["differences"]:
            mark = " class=\"differs\"" if d["differs"] else ""
            cells += f"<td{mark}>{escape(interval(d, m['share']))}" + \
                ("" if d["value"] is None else " differs" if d["differs"] else "") + "</td>"
        rows.append(f"<tr><th>{escape(m['words'])}</th>{cells}</tr>")
    titles = "".join(f"<li><code>{escape(s['spec'])}</code>: {escape(s['title'])}"
                     + ("" if i == 0 else " (the same deals as the base)"
                        if s["same_deals_as_base"] else " (other deals: its deck differs)")
                     + "</li>" for i, s in enumerate(report["specs"]))
    stopped = f"<p>{escape(report['stopped'])}</p>" if report.get("stopped") else ""
    notes = "".join(f"<li>{escape(note)}</li>" for note in report.get("notes", ()))
    notes = f"<ul class=\"notes\">{notes}</ul>" if notes else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>rookery compare: {escape(" vs ".join(specs))}</title>
<style>body{{font-family:sans-serif;max-width:60rem;margin:2rem auto}}
table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.25rem .5rem;text-align:right}}
th{{text-align:left}}td.differs{{font-weight:bold;background:#fff3d6}}</style></head>
<body><h1>What the rules change</h1>
<ul>{titles}</ul>
<p>{report["games"]} games of each spec from seed {report["first_seed"]}, bots
{escape(", ".join(report["bots"]))}, at most {report["hand_limit"]} hands a game; each
value with its 95% confidence interval (games as the unit).</p>{stopped}
<table><tr><th>measure</th>{head}</tr>
{"".join(rows)}</table>{notes}
<h2>Winning bids</h2>
<figure id="bids">{bid_plot(report)}</figure>
<h2>Game lengths</h2>
<figure id="lengths">{length_plot(report)}</figure>
</body></html>
"""
