"""A small case corpus for the tests of the conformance machinery, independent of the
real corpus (which others write).  The Tournament cases are reasoned by hand from the
rules (minimum bid 70, bidding left of the dealer, the nest to the bid winner, five
cards laid aside, trump named after the nest, follow color, the Rook a trump)."""

import json
from pathlib import Path

TOURNAMENT_DEAL = {
    "dealer": 0,
    "hands": [["G14", "R13", "Y9", "Y6", "Y11", "B11", "G10", "Y8", "R10"],
              ["R14", "R6", "B14", "G8", "G13", "G7", "B12", "B5", "B13"],
              ["R8", "Y13", "B7", "Y12", "Y5", "ROOK", "R12", "B9", "G9"],
              ["B10", "R9", "B6", "G6", "R7", "Y7", "R11", "G5", "G12"]],
    "nest": ["B8", "G11", "R5", "Y14", "Y10"],
}

KENTUCKY_DEAL = {
    "dealer": 1,
    "hands": [["R5", "R1", "Y8", "B7", "R7", "R12", "G9", "B1", "B6", "R10"],
              ["G1", "G14", "Y14", "R14", "B11", "G8", "Y13", "B8", "G5", "G11"],
              ["B14", "Y7", "Y11", "R8", "B10", "B5", "R11", "Y6", "R9", "G13"],
              ["Y10", "Y9", "R13", "B9", "B13", "G6", "R6", "B12", "Y12", "Y5"]],
    "nest": ["ROOK", "G7", "G10", "Y1", "G12"],
}

SOURCE = {"id": "wikipedia-rook", "where": "Bidding"}

AUCTION = ["1 bid 70", "2 pass", "3 pass", "0 pass"]
DISCARDS = ["1 discard Y14", "1 discard Y10", "1 discard R5", "1 discard B8",
            "1 discard G11"]

BIDDING = {
    "id": "tournament/fixture/001",
    "description": "Seat 1 opens; a bid under 70 is refused; three passes give seat 1 "
                   "the nest, which nobody else may see.",
    "rules": ["bidding.minimum", "bidding.first", "nest.discard"],
    "source": SOURCE, "tags": ["bidding"], "origin": "reasoned",
    "deal": TOURNAMENT_DEAL,
    "steps": [
        {"expect": {"phase": "bidding", "to_act": 1, "legal_includes": ["bid 70", "pass"],
                    "legal_excludes": ["bid 65"], "high_bid": None, "bidder": None}},
        {"seat": 1, "do": "bid 65", "reject": "bid-too-low"},
        {"seat": 1, "do": "bid 70"},
        {"seat": 3, "do": "pass", "reject": "not-your-turn"},
        {"seat": 2, "do": "pass"}, {"seat": 3, "do": "pass"}, {"seat": 0, "do": "pass"},
        {"expect": {"phase": "discard", "to_act": 1, "high_bid": 70, "bidder": 1,
                    "hand": {"seat": 1, "cards": TOURNAMENT_DEAL["hands"][1]
                             + TOURNAMENT_DEAL["nest"]},
                    "view": {"seat": 0, "hand": TOURNAMENT_DEAL["hands"][0],
                             "hidden": ["B8", "G11", "R5", "Y14", "Y10"]},
                    "hand_over": False, "game_over": False}},
    ],
}

FIRST_TRICK = {
    "id": "tournament/fixture/002",
    "description": "Black trump; black led: seat 2 must follow with a black card or the "
                   "Rook; the highest trump takes the trick and its counters.",
    "rules": ["play.follow", "play.anytime", "trump.rook"],
    "source": {"id": "wikipedia-rook", "where": "Play"}, "tags": ["follow-color"],
    "origin": "reasoned",
    "deal": TOURNAMENT_DEAL,
    "start": AUCTION + DISCARDS,
    "steps": [
        {"expect": {"phase": "trump", "to_act": 1,
                    "legal": ["trump B", "trump R", "trump Y", "trump G"]}},
        {"seat": 1, "do": "trump B"},
        {"expect": {"phase": "play", "to_act": 1, "trump": "B"}},
        {"seat": 1, "do": "play B14"},
        {"expect": {"to_act": 2, "legal": ["play B7", "play B9", "play ROOK"]}},
        {"seat": 2, "do": "play Y5", "reject": "must-follow-color"},
        {"seat": 2, "do": "play B9"},
        {"seat": 3, "do": "play B10"},
        {"seat": 0, "do": "play B11"},
        {"expect": {"to_act": 1, "tricks_won": [0, 1, 0, 0],
                    "last_trick": {"winner": 1, "points": 20,
                                   "cards": ["B14", "B9", "B10", "B11"]}}},
    ],
}

KENTUCKY_OPENING = {
    "id": "kentucky-rook/fixture/001",
    "description": "The first bidder sits left of the dealer.",
    "rules": ["bidding.first"], "source": SOURCE, "tags": ["bidding"], "origin": "reasoned",
    "deal": KENTUCKY_DEAL,
    "steps": [{"expect": {"phase": "bidding", "to_act": 2}}],
}


def wrong(case, case_id, expect):
    """A copy of ``case`` whose last step expects something false."""
    out = json.loads(json.dumps(case))
    out["id"] = case_id
    out["steps"].append({"expect": expect})
    return out


def write_corpus(root: Path, tournament: list[dict], kentucky: list[dict] = ()) -> Path:
    """Case files under ``root/cases``; returns that folder."""
    cases = root / "cases"
    cases.mkdir(parents=True, exist_ok=True)
    if tournament:
        (cases / "tournament").mkdir(parents=True, exist_ok=True)
        (cases / "tournament" / "fixture.json").write_text(
            json.dumps({"variant": "tournament", "cases": list(tournament)}, indent=1))
    if kentucky:
        (cases / "kentucky-rook").mkdir(parents=True, exist_ok=True)
        (cases / "kentucky-rook" / "fixture.json").write_text(
            json.dumps({"variant": "kentucky-rook", "cases": list(kentucky)}, indent=1))
    return cases


def recorded_hand(variant_id: str, deal: dict, case_id: str, scores=None) -> dict:
    """A whole hand played by always taking the first legal action, recorded from our
    interpreter (a regression case): every turn's legal set, then the result."""
    from rookery.conformance.protocol.session import Session

    session = Session()
    session.deal(variant_id, deal["dealer"], deal["hands"], deal["nest"], scores)
    steps = []
    while not session.hand.is_over:
        state = session.state()
        steps.append({"expect": {"to_act": state["to_act"], "legal": state["legal"]}})
        steps.append({"seat": state["to_act"], "do": state["legal"][0]})
        assert session.apply(state["to_act"], state["legal"][0])["accepted"]
    final = session.state()
    result = {key: final["result"][key] for key in ("made", "changes", "scores", "taken",
                                                    "nest_to", "thrown_in")}
    steps.append({"expect": {"phase": "done", "hand_over": True, "result": result,
                             "game_over": final["game_over"],
                             "tricks_won": final["tricks_won"]}})
    full_deal = dict(deal, scores=list(scores) if scores else None)
    if scores is None:
        del full_deal["scores"]
    return {"id": case_id, "description": "A whole hand, first legal action each turn.",
            "rules": ["play.follow"], "tags": ["whole-hand"], "origin": "regression",
            "deal": full_deal, "steps": steps}


def rookery_on_path(folder: Path, monkeypatch) -> None:
    """Put a ``rookery`` launcher for this rookery (the package under test) first on PATH,
    so that an ``--engine "rookery serve ..."`` command runs it."""
    import os
    import shlex
    import sys
    bin_dir = folder / "bin"
    bin_dir.mkdir()
    launcher = bin_dir / "rookery"
    launcher.write_text(f"#!/bin/sh\nexec {shlex.quote(sys.executable)} -m rookery.cli "
                        '"$@"\n')
    launcher.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")


def small_corpus(tmp_path_factory) -> list:
    """The fixtures as a corpus: BIDDING (offers a bid of 65), FIRST_TRICK, then a
    Kentucky opening; read as the runner reads it, with no problem."""
    from rookery.conformance import load_corpus
    cases, problems = load_corpus([write_corpus(tmp_path_factory.mktemp("corpus"),
                                                [BIDDING, FIRST_TRICK], [KENTUCKY_OPENING])])
    assert problems == []
    return cases
