"""The engine protocol (``docs/protocol.md``): an engine as the runner sees it
(``engines``), our interpreter in-process (``session``) and behind the JSON-lines protocol
(``serve``), any other program over it (``subprocess_engine``), the wire encoding
(``wire``), the optional ``batch`` feature, and the checks of every answer
(``answer_check``, ``schema_check``).

Imports the language and the engine; never the corpus, the differential play or the
mutation check."""
