"""The conformance suite's machinery: read the corpus (``cases``), drive an engine
(``engines``: our interpreter in-process, or any program speaking the protocol), compare
(``compare``), run (``runner``) and report (``report``); ``serve`` puts our interpreter
behind the protocol.  The case format is ``docs/conformance.md``; the protocol is
``docs/protocol.md``."""

from .cases import Case, Problem, load_corpus
from .engines import EngineFailure, EngineInfo, InProcessEngine, Outcome
from .runner import CaseResult, Run, run_cases
from .session import Session

__all__ = ["Case", "Problem", "load_corpus", "EngineFailure", "EngineInfo",
           "InProcessEngine", "Outcome", "CaseResult", "Run", "run_cases", "Session"]
