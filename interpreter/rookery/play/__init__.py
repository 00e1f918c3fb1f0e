"""Whole games at the table: ``bots`` that choose actions, ``games`` played hand after
hand, ``table`` for a person in a seat, ``record`` for game records and their replay,
``transcript`` for the words a game is told in.

Imports the rules language and the engine, never the conformance machinery or the CLI."""
