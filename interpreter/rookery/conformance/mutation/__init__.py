"""The mutation check: every clause of a spec changed to each of its alternatives
(``mutants``), and the corpus run against each mutant: does a case reject it?

Imports the corpus; never the differential play."""
