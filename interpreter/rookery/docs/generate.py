"""Generate the site: :func:`render` returns every generated file's text; :func:`generate`
writes them into a docs folder (and ``mkdocs.yml`` beside it) and removes generated
pages of variants that no longer exist."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from . import header, rejections
from ..escaping import markdown_text
from ..paths import make_folder, write_text
from .header import GENERATED_BLOCK, MARKER, REGENERATE, STYLESHEET, is_generated, page_header  # noqa: F401

# The pages' writers (and the specs' loader) are imported where used: ``rookery docs``
# is imported for the command line's help, which needs none of them.
if TYPE_CHECKING:
    from ..language.model import Variant

def _variants() -> list[Variant]:
    from ..language.load import builtin_variants, load_variant
    return [load_variant(name) for name in builtin_variants()]


def user_site_variants(specs: list[str]) -> list[Variant]:
    """The variants of a site for a user's own spec files: those specs, and every variant
    they extend (so each page's links lead somewhere), by id."""
    from ..language.load import find_spec, load_parent, load_variant
    from ..language.options import is_combination
    found: dict[str, Variant] = {}
    pending = [load_variant(spec if is_combination(spec) else find_spec(spec))
               for spec in specs]
    while pending:
        v = pending.pop()
        if v.id in found:
            continue
        found[v.id] = v
        if v.extends and v.extends not in found:
            pending.append(load_parent(v))
    return [found[key] for key in sorted(found)]


def spec_origin(v: Variant) -> str:
    """How a page's header names its spec: ``specs/...`` for a built-in spec, else the
    file's own path as given (a user's spec, wherever it lives)."""
    from .variant_page import shown_path
    shown = shown_path(Path(v.path))
    return shown if shown.startswith("specs/") else str(Path(v.path))


def render(docs: Path, variants: list[Variant] | None = None) -> dict[Path, str]:
    """Every generated file for a docs folder ``docs``: its path and its text; the site
    of the built-in variants unless ``variants`` are given.

    The hand-written pages already in ``docs`` decide the Conformance entries of the
    navigation and the links on the home page."""
    from ..language.load import known_sources, load_variant
    from ..language.options import corpus_combinations
    from . import comparison, site
    from .options_page import options_page
    from .unclear import unclear_page
    from .variant_page import variant_page
    builtin = variants is None
    page_header = header.page_header if builtin else header.users_page_header
    variants = _variants() if variants is None else variants
    combinations = [load_variant(name) for name in corpus_combinations()] if builtin else []
    titles = {v.id: markdown_text(v.title) for v in variants + combinations}
    extra = site.hand_written(docs) if docs.is_dir() else []
    files: dict[Path, str] = {}
    by_id = {v.id: v for v in variants}
    for v in variants:
        children = [c.id for c in variants if c.extends == v.id]
        files[docs / "variants" / f"{v.id}.md"] = variant_page(
            v, titles, children, page_header(spec_origin(v)), by_id.get(v.extends or ""))
    files[docs / "index.md"] = page_header("specs/") + "\n" + site.index_page(variants, extra,
                                                                       options_page=builtin)
    files[docs / "comparison.md"] = (
        page_header("specs/") + "\n" + site.fill("comparison.md",
                                                 tables="\n".join(comparison.tables(variants)),
                                                 disagreements="\n".join(
                                                     comparison.disagreements(variants))))
    files[docs / "unclear.md"] = page_header("specs/") + "\n" + unclear_page(variants)
    if builtin:   # the built-in options, tried on the built-in bases
        files[docs / "options.md"] = options_page(page_header("specs/options/"))
        for v in combinations:   # the combinations the corpus has cases for
            files[docs / "variants" / f"{v.id}.md"] = variant_page(
                v, titles, [], page_header(f"specs/{Path(v.path).name} and specs/options/"),
                by_id.get(v.extends or ""))
    files[docs / "quickstart.md"] = page_header("interpreter/rookery/docs/templates/") \
        + "\n" + site.fill("quickstart.md")
    files[docs / "dsl.md"] = (page_header("interpreter/rookery/language/vocabulary.py")
                              + "\n" + site.dsl_page(variants, options_page=builtin))
    files[docs / "sources.md"] = (page_header("specs/sources.json") + "\n"
                                  + site.sources_page(known_sources(), variants))
    files[docs / STYLESHEET] = (f"/* {MARKER} from "
                                f"{'interpreter/rookery/docs/templates/' if builtin else 'rookery'}"
                                f". Do not edit. */\n" + site.fill("rookery.css"))
    protocol = docs / "protocol.md"
    if protocol.is_file():
        files[protocol] = rejections.filled(protocol.read_text(encoding="utf-8"))
    config_header = f"# {MARKER} from specs/. Do not edit: run `{REGENERATE}` to regenerate."
    files[docs.parent / "mkdocs.yml"] = site.mkdocs_config(
        variants, docs.name, extra, config_header,
        options=combinations if builtin else None)
    return {path: text.rstrip("\n") + "\n" for path, text in files.items()}


def stale(docs: Path, fresh: dict[Path, str]) -> list[Path]:
    """Generated pages in ``docs`` that the generator would no longer write."""
    return [path for path in sorted(docs.rglob("*.md"))
            if is_generated(path) and path not in fresh]


def generate(docs: Path, variants: list[Variant] | None = None,
             files: dict[Path, str] | None = None) -> tuple[list[Path], list[Path]]:
    """Write the site into ``docs`` (``mkdocs.yml`` beside it); returns the files
    written and the stale generated pages removed.  ``files`` is what :func:`render`
    gave for this folder, if it was already called."""
    docs = docs.resolve()
    files = render(docs, variants) if files is None else files
    removed = stale(docs, files) if docs.is_dir() else []
    for path in removed:
        path.unlink()
    for path, text in files.items():
        make_folder(path.parent)
        write_text(path, text)
    return list(files), removed


__all__ = ["render", "generate", "stale", "is_generated", "user_site_variants", "MARKER"]
