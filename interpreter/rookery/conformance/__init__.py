"""The conformance suite's machinery: read the corpus (``cases``), drive an engine
(``engines``: our interpreter in-process, or any program speaking the protocol), compare
(``compare``), run (``runner``) and report (``report``); ``serve`` puts our interpreter
behind the protocol.  The case format is ``docs/conformance.md``; the protocol is
``docs/protocol.md``."""

from ..lazy import lazy_names

# Each public name and its module, imported when first used (``rookery --help`` and the
# other commands need none of it).
_PUBLIC = {
    "Case": "corpus.cases", "Problem": "corpus.cases", "load_corpus": "corpus.cases",
    "EngineFailure": "protocol.engines", "EngineInfo": "protocol.engines",
    "InProcessEngine": "protocol.engines", "Outcome": "protocol.engines",
    "CaseResult": "corpus.runner", "Run": "corpus.runner", "run_cases": "corpus.runner",
    "Session": "protocol.session",
}

__all__ = ["Case", "Problem", "load_corpus", "EngineFailure", "EngineInfo",
           "InProcessEngine", "Outcome", "CaseResult", "Run", "run_cases", "Session"]


__getattr__, __dir__ = lazy_names(__name__, _PUBLIC)
