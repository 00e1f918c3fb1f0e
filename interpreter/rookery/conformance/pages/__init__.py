"""A report to share, from any campaign's JSON report: a static page per run, the
spec's rules with an anchor per rule, a badge, and a dashboard of several runs side by
side (:mod:`.runs` reads the reports, :mod:`.html` writes the pages)."""

from __future__ import annotations

from pathlib import Path

from ...errors import UsageError
from ...language.model import Variant


def _specs_at_hand(variants, given: dict[str, Variant]) -> tuple[dict, dict]:
    """Each variant's compiled spec (given, else a built-in one; None when neither) and
    the digests of the built-in ones."""
    from ...language.load import builtin_variants, load_variant
    from ...language.options import is_combination
    from ..corpus.oracle import builtin_digest
    specs: dict[str, Variant | None] = {}
    digests: dict[str, str] = {}
    builtin = set(builtin_variants())
    for variant in variants:
        if variant in given:
            specs[variant] = given[variant]
        elif variant in builtin or is_combination(variant):
            try:
                specs[variant] = load_variant(variant)
                digests[variant] = builtin_digest(variant)
            except Exception:  # noqa: BLE001 - a name from a report: no spec, no words
                specs[variant] = None
        else:
            specs[variant] = None
    return specs, digests


def write_report(folder: Path, data: dict, specs: dict[str, Variant] | None = None,
                 rerun: str = "") -> Path:
    """The page of one run (``data``: the run's JSON report, as ``--json`` writes it),
    with its rules pages and badge, in ``folder``; ``specs``: the specs of the run not
    built in, by variant id; ``rerun``: the command that reruns a case."""
    from .html import write_run_page
    from .runs import run_view
    view = run_view(data, rerun)
    at_hand, digests = _specs_at_hand([p.variant for p in view.parts], specs or {})
    return write_run_page(Path(folder), view, at_hand, digests)


def write_side_by_side(folder: Path, reports: list[Path],
                       specs: dict[str, Variant] | None = None) -> Path:
    """The dashboard of several runs' JSON reports; a file that is no such report is a
    usage mistake naming it."""
    from ... import bounded
    from .html import write_dashboard
    from .runs import run_view
    views = []
    for path in reports:
        try:
            data = bounded.read_json(path)
            views.append((path.name, run_view(data)))
        except OSError as error:
            raise UsageError(f"{path}: cannot be read: "
                             f"{bounded.clean(error.strerror or str(error))}") from None
        except ValueError as error:
            raise UsageError(f"{path}: {bounded.clean(str(error))}") from None
    at_hand, _ = _specs_at_hand({p.variant for _, v in views for p in v.parts}, specs or {})
    return write_dashboard(Path(folder), views, at_hand)


__all__ = ["write_report", "write_side_by_side"]
