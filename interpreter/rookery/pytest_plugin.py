"""A pytest plugin: the conformance corpus as pytest items, one per case.

    pytest --rookery-engine "python my_engine.py"

runs every case of the packaged corpus (or ``--rookery-cases PATH``) against the engine,
which speaks the protocol of ``docs/protocol.md``.  A case whose variant the engine does
not play is skipped; a case listed in ``--rookery-expected-failures`` is an xfail.
Without ``--rookery-engine`` the plugin collects nothing and changes nothing.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest


def pytest_addoption(parser):
    group = parser.getgroup("rookery", "rookery conformance corpus")
    group.addoption("--rookery-engine", metavar="CMD", default=None,
                    help="run the rookery conformance corpus against this engine command")
    group.addoption("--rookery-cases", metavar="PATH", action="append", default=[],
                    help="case files or folders (default: the packaged corpus)")
    group.addoption("--rookery-variant", metavar="VARIANT", action="append", default=[],
                    help="only the cases of this variant (repeatable)")
    group.addoption("--rookery-timeout", metavar="SECONDS", type=float, default=10.0,
                    help="seconds to wait for each answer of the engine (default 10)")
    group.addoption("--rookery-expected-failures", metavar="FILE", default=None,
                    help="JSON list of {\"id\", \"reason\"}: cases expected to fail")


class CaseFailed(Exception):
    """A case that did not pass; its text is the runner's account of it."""


class Corpus(pytest.Collector):
    """The node the case items hang from (``rookery-conformance::<case id>``)."""

    def collect(self):
        return []


class CaseItem(pytest.Item):
    """One scripted deal of the corpus, run against the engine."""

    def __init__(self, *, case, runner, **kwargs):
        super().__init__(**kwargs)
        # A case takes no fixtures; other plugins that look at an item's fixture values
        # (pytest-lsp's call wrapper does, and breaks on an item without them) see none.
        self.funcargs: dict = {}
        self.case = case
        self.runner = runner
        for tag in case.tags:
            self.add_marker(pytest.mark.rookery_tag(tag))

    def runtest(self):
        from .conformance.corpus.runner import FAILURES, SKIP, XFAIL, XPASS, EngineCannotStart
        try:
            result = self.runner.run(self.case)
        except EngineCannotStart as failure:
            raise CaseFailed(f"{failure.failure.verdict}: {failure}") from None
        if result.verdict == SKIP:
            pytest.skip(result.message)
        if result.verdict == XFAIL:
            pytest.xfail(result.reason or result.message)
        if result.verdict == XPASS or result.verdict in FAILURES:
            from .conformance.corpus.report import failure_text
            raise CaseFailed(f"{result.verdict}: {failure_text(result)}")

    def repr_failure(self, excinfo):
        if isinstance(excinfo.value, CaseFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return Path(self.case.file), None, self.case.id


def pytest_configure(config):
    config.addinivalue_line("markers", "rookery_tag(tag): a feature tag of a rookery case")


def pytest_collection_modifyitems(session, config, items):
    command = config.getoption("rookery_engine")
    if not command:
        return
    from .conformance.corpus.cases import load_corpus
    from .cli.conformance import read_expected_failures
    from .conformance.corpus.runner import Runner
    from .conformance.protocol.subprocess_engine import SubprocessEngine
    from .errors import RookeryError

    paths = [Path(p) for p in config.getoption("rookery_cases")] or None
    try:
        cases, problems = load_corpus(paths)
        expected_path = config.getoption("rookery_expected_failures")
        expected = read_expected_failures(Path(expected_path)) if expected_path else {}
    except RookeryError as error:
        raise pytest.UsageError(f"rookery: {error}") from None
    if problems:
        raise pytest.UsageError("rookery: invalid cases:\n" + "\n".join(map(str, problems)))
    variants = config.getoption("rookery_variant")
    if variants:
        cases = [case for case in cases if case.variant in variants]
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise pytest.UsageError(f"rookery: --rookery-engine {command!r}: {error}") from None
    runner = Runner(SubprocessEngine(argv, timeout=config.getoption("rookery_timeout")),
                    expected)
    config._rookery_runner = runner
    corpus = Corpus.from_parent(session, name="rookery-conformance",
                                nodeid="rookery-conformance")
    items.extend(CaseItem.from_parent(corpus, name=case.id, case=case, runner=runner)
                 for case in cases)


def pytest_unconfigure(config):
    runner = getattr(config, "_rookery_runner", None)
    if runner is not None:
        runner.close()
