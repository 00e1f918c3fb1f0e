"""Reading the corpus: case files checked against ``case.schema.json`` and against each
other (unique ids, the file's variant, rule ids the variant's spec defines).

A broken file never stops the reading: each problem is a :class:`Problem` naming the
file and the case id, and the good cases are still returned.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from ...errors import RookeryError
from ...resources import conformance_dir
from ... import bounded
from . import validate
from .oracle import Oracle, find_oracle
from ..protocol.schema_check import SchemaCheck, schema, validator  # noqa: F401


@dataclass(frozen=True)
class Case:
    """One scripted deal of the corpus, as its file wrote it."""

    id: str
    variant: str
    description: str
    rules: tuple[str, ...]
    tags: tuple[str, ...]
    origin: str
    deal: dict
    start: tuple[str, ...]
    steps: tuple[dict, ...]
    file: str
    source: dict = field(default_factory=dict)
    replaces: str | None = None
    oracle: dict | None = None          # a generated case: the spec that decides it
    next_hands: tuple[dict, ...] = ()   # further hands of the same game
    spec_file: str | None = None        # the house spec that decides it (the file's 'spec')
    oracle_file: str | None = None      # the spec file its oracle names, found, digest checked

    @property
    def topic(self) -> str:
        return self.id.split("/")[1]


@dataclass(frozen=True)
class Problem:
    """A case file (or one case in it) that cannot be run as written."""

    file: str
    case: str | None
    message: str

    def __str__(self) -> str:
        where = f"{self.file} [{self.case}]" if self.case else self.file
        return f"{where}: {self.message}"


class CorpusError(RookeryError):
    """The corpus cannot be found or read at all."""


def default_paths() -> list[Path]:
    """The corpus: ``conformance/cases`` and, kept apart, ``conformance/regression``."""
    root = conformance_dir()
    return [p for p in (root / "cases", root / "regression") if p.is_dir()]


def retired_ids(root: Path | None = None) -> set[str]:
    """Ids listed in ``conformance/retired.json`` (replaced cases, no longer run): a list
    of ids or of objects with an ``id``."""
    path = (root or conformance_dir()) / "retired.json"
    if not path.is_file():
        return set()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise CorpusError(f"{path}: cannot be read: {error}") from None
    if isinstance(data, dict):
        data = data.get("retired", [])
    return {entry["id"] if isinstance(entry, dict) else str(entry) for entry in data}


def case_files(paths: list[Path]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        path = Path(path)
        if path.is_dir():
            # Regular files only: a FIFO named *.json would block the reading for ever.
            files.extend(sorted(p for p in path.rglob("*.json") if p.is_file()))
        elif path.is_file():
            files.append(path)
        elif path.exists():
            raise CorpusError(f"{path}: not a regular file nor a folder")
        else:
            raise CorpusError(f"no such case file or folder: {path}")
    return files


def _where(error) -> str:
    parts = [str(p) for p in error.absolute_path]
    return "/".join(parts) if parts else "(top)"


def read_file(path: Path, rules_of=None, skip: frozenset[str] = frozenset()
              ) -> tuple[list[Case], list[Problem]]:
    """The cases of one file and the problems found in it.  ``rules_of(variant)``
    returns the variant's rule ids (or None when the variant is not known here); cases
    whose id is in ``skip`` (retired ones, which are not run) are passed over unread."""
    name = str(path)
    try:
        # lone surrogates are kept: each is reported below with its case and place
        data = bounded.read_json(path, MAX_CASE_FILE, MAX_CASE_DEPTH, surrogates=True)
    except OSError as error:
        return [], [Problem(name, None, f"cannot be read: {error.strerror or error}")]
    except ValueError as error:
        return [], [Problem(name, None, f"is not JSON: {bounded.clean(str(error))}")]
    if not isinstance(data, dict) or not isinstance(data.get("cases"), list):
        return [], [Problem(name, None, "is not a case file: expected an object with "
                            "'variant' and a list of 'cases'")]
    problems: list[Problem] = [Problem(name, None, f"{_where(error)}: {error.message}")
                               for error in _file_validator().iter_errors(data)]
    file_ok = not problems
    variant = data.get("variant") if isinstance(data.get("variant"), str) else None
    rule_ids = rules_of(variant) if (rules_of and variant) else None
    spec_file = decided = None
    if file_ok and isinstance(data.get("spec"), str):
        spec_file, decided, problem = _house_spec(Path(path), data["spec"], variant)
        if problem:
            return [], problems + [Problem(name, None, problem)]
        if rules_of:
            rule_ids = spec_rules(decided)
    case_check = _case_validator()
    # once for all the file's cases: the house spec the file names, or the built-in
    compiled = decided if spec_file else validate.builtin_variant(variant)
    cases: list[Case] = []
    oracles: dict[tuple, Oracle | str] = {}     # each oracle a file's cases name, once
    for index, raw in enumerate(data["cases"]):
        label = raw.get("id") if isinstance(raw, dict) and isinstance(raw.get("id"), str) \
            else f"case #{index + 1}"
        if label in skip:
            continue
        errors = sorted(case_check.iter_errors(raw), key=lambda e: list(e.absolute_path))
        if errors:
            for error in errors[:5]:
                problems.append(Problem(name, label, _explain(error)))
            continue
        decides = compiled
        oracle = None
        if isinstance(raw.get("oracle"), dict):
            # A generated case is checked against the spec it names, digest and all.
            oracle = oracles.get(tuple(sorted(raw["oracle"].items())))
            if oracle is None:
                oracle = find_oracle(Path(path), raw["oracle"], variant)
                oracles[tuple(sorted(raw["oracle"].items()))] = oracle
            if isinstance(oracle, str):
                problems.append(Problem(name, label, oracle))
                continue
            decides = oracle.variant
        bad = _semantic_problems(raw, variant, rule_ids) \
            or validate.case_problems(raw, variant, decides)
        if bad:
            problems.extend(Problem(name, label, message) for message in bad)
            continue
        cases.append(Case(
            id=raw["id"], variant=variant, description=raw["description"],
            rules=tuple(raw["rules"]), tags=tuple(raw.get("tags", ())),
            origin=raw["origin"], deal=raw["deal"], start=tuple(raw.get("start", ())),
            steps=tuple(raw["steps"]), file=name, source=raw.get("source", {}),
            replaces=raw.get("replaces"), oracle=raw.get("oracle"),
            next_hands=tuple(raw.get("next_hands", ())), spec_file=spec_file,
            oracle_file=oracle.file if isinstance(oracle, Oracle) else None))
    # A file whose own keys are wrong (no variant...) runs none of its cases.
    return (cases if file_ok else []), problems


def _house_spec(case_file: Path, spec: str, variant: str | None):
    """The spec file a case file names (``"spec"``, relative to the case file): its
    resolved path, the compiled variant, or a problem (no such file, a spec with errors,
    another variant id)."""
    from ...language.load import load_variant
    from ...language.reach import OUTSIDE, allowing, refusal, regular
    # A case file is handed around like a spec: the spec it names is read only where a
    # spec's own paths would be (its folder, the current folder's tree, --allow-root),
    # in the built-in corpus, or as a .rook file up its own tree by a relative path;
    # anything else (an absolute path, /proc, a file that is no spec) is refused unread.
    with allowing([conformance_dir()]):
        why = refusal(spec, case_file.parent)
    if why == OUTSIDE and spec.endswith(".rook") and _no_link_followed(case_file.parent, spec):
        why = None      # a spec file up the tree of a corpus (its house specs beside it)
    if why is not None:
        return None, None, (f"spec: {bounded.clean(spec, 80)!r}: {why}, not read (a "
                            "case names a spec file beside it, in the current folder's "
                            "tree or under --allow-root DIR)")
    try:
        where = (case_file.parent / spec).resolve()
        found = where.is_file() and regular(where)      # a regular file, not a pipe
    except OSError as error:        # a name too long for a path
        return None, None, (f"spec: {bounded.clean(spec, 80)!r} cannot be a file "
                            f"({error.strerror or error})")
    if not found:
        return None, None, (f"spec: no such spec file {bounded.clean(spec, 80)!r} "
                            f"(looked for {bounded.clean(str(where), 120)})")
    try:
        decided = load_variant(where)
    except RookeryError as error:
        return None, None, f"spec: {spec} has errors: {error}"
    if decided.id != variant:
        return None, None, (f"spec: {spec} is variant {decided.id!r}, but the file's "
                            f"variant is {variant!r}")
    return str(where), decided, None


def _no_link_followed(folder: Path, written: str) -> bool:
    """Whether the relative path ``written`` from ``folder`` leads where it reads, no
    symbolic link on the way (``../house/x.rook`` going up the corpus's own tree); a link
    (``x.rook`` to ``/etc/passwd``) may not stretch the reach."""
    try:
        start = os.path.realpath(folder)
        return os.path.normpath(os.path.join(start, written)) == \
            os.path.realpath(os.path.join(start, written))
    except (OSError, ValueError):
        return False


MAX_CASE_FILE = 16 << 20       # bytes
MAX_CASE_DEPTH = 32            # levels of JSON nesting


@cache
def _file_validator() -> SchemaCheck:
    """The file's own keys (the cases are checked one by one, to name each)."""
    top = dict(schema("case"))
    top["properties"] = dict(top["properties"], cases={"type": "array", "minItems": 1})
    return SchemaCheck(top)


@cache
def _case_validator() -> SchemaCheck:
    return SchemaCheck({"$ref": "#/$defs/case", "$defs": schema("case")["$defs"]})


def _explain(error) -> str:
    """``where: what`` for one schema error; for a step that fits neither kind of step,
    the deepest complaint of the kind it resembles (not "'expect' is required")."""
    while error.validator == "oneOf" and error.context:
        real = [e for e in error.context if e.validator not in ("required",
                                                                "additionalProperties")]
        error = max(real or error.context, key=lambda e: len(e.absolute_path))
    message = error.message
    if error.validator == "pattern" and isinstance(error.schema, dict) \
            and error.schema.get("description"):
        message = f"{error.instance!r} does not fit. {error.schema['description']}"
    if len(message) > 300:
        message = message[:297] + "..."
    return f"{_where(error)}: {message}"


def _semantic_problems(raw: dict, variant: str | None, rule_ids) -> list[str]:
    out = []
    if variant and not raw["id"].startswith(variant + "/"):
        out.append(f"the id must begin with the file's variant: '{variant}/...'")
    if rule_ids is not None:
        unknown = [r for r in raw["rules"] if r not in rule_ids]
        if unknown:
            out.append(f"{variant} has no rule {', '.join(unknown)}")
    return out


def spec_rules(variant) -> set[str]:
    """The rule ids a case may name for a compiled variant: its clauses' ids, and
    ``section.key`` for every key of the rules language (a key a spec leaves out still
    rules, by its default)."""
    from ...language.vocabulary import SECTIONS
    return set(variant.rule_ids) | {f"{section}.{key}" for section, keys in SECTIONS.items()
                                    for key in keys}


def builtin_rules(variant: str) -> set[str] | None:
    """Rule ids of a built-in variant (None for a variant we do not ship)."""
    from ...language.load import load_variant
    from ...language.options import is_builtin
    if not is_builtin(variant):
        return None
    try:
        return spec_rules(load_variant(variant))
    except RookeryError:
        return None


def own_rules(variant: str) -> set[str] | None:
    """Rule ids a built-in variant states itself (inherited ones are the parent's to
    cover)."""
    from ...language.load import load_variant
    from ...language.options import is_builtin
    if not is_builtin(variant):
        return None
    try:
        return {rule.id for rule in load_variant(variant).rules if not rule.inherited_from}
    except RookeryError:
        return None


def load_corpus(paths: list[Path] | None = None, rules_of=builtin_rules,
                skip_retired: bool = True) -> tuple[list[Case], list[Problem]]:
    """Every case under ``paths`` (default: the packaged corpus), minus retired ones;
    duplicate ids are problems."""
    files = case_files(paths if paths else default_paths())
    cases: list[Case] = []
    problems: list[Problem] = []
    # Retired cases are kept for the record, not run: read (and checked) only when asked.
    retired = frozenset(retired_ids()) if skip_retired else frozenset()
    for path in files:
        found, bad = read_file(path, rules_of, retired)
        cases.extend(found)
        problems.extend(bad)
    seen: dict[str, str] = {}
    unique: list[Case] = []
    for case in cases:
        if case.id in seen:
            problems.append(Problem(case.file, case.id,
                                    f"the id is already used in {seen[case.id]}"))
            continue
        seen[case.id] = case.file
        unique.append(case)
    return unique, problems
