"""The fixed corpus of scripted deals: reading and validating cases (``cases``,
``validate``), running them against an engine (``runner``) and reporting (``report``).

Imports the protocol and the diagnosis; never the differential play or the mutation
check."""
