"""The phases of a hand, in the words the engine and the protocol use for them: the
auction (``bidding``), naming trump, calling the Rook, laying the nest aside
(``discard``), passing cards, calling a partner, choosing the leader, the play of the
tricks, and the hand's end.  A variant's ``steps`` list them in its own order."""

BIDDING, TRUMP, ROOK, DISCARD, PASSING, CALL, LEADER, PLAY, DONE = (
    "bidding", "trump", "rook", "discard", "passing", "call", "leader", "play", "done")
