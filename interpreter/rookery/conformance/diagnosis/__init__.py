"""Lockstep comparison of an engine with a spec, decision by decision: what the corpus
runner and differential play both use to say where, and under which rule, an engine
parts from the spec (``lockstep``), with the comparison of one state (``compare``).

Imports the protocol; never the corpus, the differential play or the mutation check."""
