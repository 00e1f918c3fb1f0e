"""Checking games an engine recorded, with no protocol at all (``rookery check-games``).

:mod:`.log` reads the log line by line (JSON lines, ``docs/recorded-games.md``, or a
record of ``rookery play --record``); :mod:`.replay` replays every hand against the
spec and charges each difference to its rule; :mod:`.report` gives the per-rule
verdicts, as differential play gives them, on the console, as JSON and JUnit XML;
:mod:`.cases` writes each broken rule's hand, cut at its first difference, as a
conformance case.
"""
