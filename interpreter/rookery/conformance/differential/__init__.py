"""Differential play (``rookery fuzz``): seeded deals played by an engine and by a spec in
lockstep, every difference charged to a rule (``adapt`` learns a rule the engine plays
otherwise), shrunk to a minimal case (``shrink``) and reported (``deviations``).

Imports everything below it in ``conformance``."""
