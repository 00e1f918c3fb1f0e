"""The Python harness kit (``rookery.harness``): the engine protocol owned for an engine
that implements a hand in its own terms.  A toy engine stands in for a Rook engine: two
seats, a nest of one card, one bid each (the higher bid takes the hand), the game to 100.

The JavaScript kit has the same tests under ``node --test`` (run here too), and both kits
carry the protocol's refusal codes, checked against the catalogue."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rookery import harness
from rookery.engine.codes import GAME, GENERAL, RULES
from rookery.harness import Action, Code, Engine, Refused, Result, Table

ROOT = Path(__file__).resolve().parent.parent
JS_KIT = ROOT / "conformance" / "harness" / "js"


class Toy:
    def __init__(self, deal):
        self.deal = deal
        self.phase = "bidding"
        self.to_act = (deal.dealer + 1) % 2
        self.bids = [None, None]
        self.result = None

    def legal(self):
        return ["bid 10", "bid 20", "pass"] if self.phase == "bidding" else []

    def apply(self, seat, action):
        if action.kind == "play":
            raise Refused(Code.WRONG_PHASE, "the auction is on")
        if action.kind == "bid" and action.value % 10:
            raise Refused(Code.BID_NOT_MULTIPLE, "tens")
        if action == Action("bid", 0):
            raise RuntimeError("a bug in the engine")
        self.bids[seat] = action.value if action.kind == "bid" else 0
        self.to_act = (seat + 1) % 2
        if None not in self.bids:
            winner = 0 if self.bids[0] >= self.bids[1] else 1
            changes = [0, 0]
            changes[winner] = max(self.bids)
            self.phase, self.to_act = "done", None
            self.result = Result(made=True, changes=changes, taken=changes, nest_to=winner,
                                 scores=[s + c for s, c in zip(self.deal.scores, changes)])
        return [{"event": action.kind, "seat": seat}]

    @property
    def high_bid(self):
        made = [bid for bid in self.bids if bid is not None]
        return max(made) if made else None

    def game_over(self):
        if self.result is None:
            return None
        return [k for k in (0, 1) if self.result.scores[k] >= 100] or None

    def view(self, seat):
        return {"hand": self.deal.hands[seat], "bids": list(self.bids)}


TOY = Engine(name="toy", version="0.1", variants=["toy"], start=Toy, seats=2, keepers=2,
             deck=["A", "B", "C", "D", "E"])
DEAL = {"cmd": "deal", "variant": "toy", "dealer": 0, "hands": [["A", "B"], ["C", "D"]],
        "nest": ["E"]}


def table(*requests):
    t = Table(TOY)
    return [t.answer(request) for request in requests]


def test_hello_names_the_engine_its_variants_and_the_features_the_kit_speaks():
    assert table({"cmd": "hello", "protocol": 1}) == [{
        "ok": True, "name": "toy", "version": "0.1", "variants": ["toy"],
        "features": ["next-hand", "batch"], "error_codes": True, "protocol": 1}]


def test_the_notation_is_read_into_kind_and_value_or_refused_bad_action():
    assert Action.parse("bid  75") == Action("bid", 75) and str(Action("bid", 75)) == "bid 75"
    assert Action.parse("play R14") == Action("play", "R14")
    assert Action.parse("pass") == Action("pass")
    for text in ["dance", "bid seventy", "bid -5", "bid ²", "pass now", "play", "bid 1234567890", ""]:
        with pytest.raises(Refused) as refused:
            Action.parse(text)
        assert refused.value.code == Code.BAD_ACTION, text


def test_an_action_is_accepted_with_its_events_or_refused_with_its_code():
    answers = table(DEAL, {"cmd": "apply", "seat": 1, "action": "bid 15"},
                    {"cmd": "apply", "seat": 0, "action": "bid 10"},
                    {"cmd": "apply", "seat": 1, "action": "play A"},
                    {"cmd": "apply", "seat": 1, "action": "dance"},
                    {"cmd": "apply", "seat": 1, "action": "bid 20"}, {"cmd": "state"})
    assert answers[0] == {"ok": True}
    assert [a.get("code") for a in answers[1:5]] == [
        "bid-not-multiple", "not-your-turn", "wrong-phase", "bad-action"]
    assert answers[5] == {"ok": True, "accepted": True, "events": [{"event": "bid", "seat": 1}]}
    assert answers[6]["state"]["to_act"] == 0


def test_the_state_answer_is_read_from_the_hand_in_the_protocol_words():
    *_, seat1, whole = table(DEAL, {"cmd": "apply", "seat": 1, "action": "bid 20"},
                             {"cmd": "apply", "seat": 0, "action": "pass"},
                             {"cmd": "state", "seat": 1}, {"cmd": "state"})
    assert whole["state"] == {
        "phase": "done", "to_act": None, "legal": [], "high_bid": 20,
        "result": {"made": True, "changes": [0, 20], "scores": [0, 20], "taken": [0, 20],
                   "nest_to": 1, "thrown_in": False},
        "game_over": False, "hand_over": True, "dealer": 0, "number": 0, "scores": [0, 0]}
    assert seat1["state"]["hand"] == ["C", "D"]
    assert seat1["state"]["view"] == {"hand": ["C", "D"], "bids": [0, 20]}
    json.dumps(whole)                   # the answer is JSON as it stands


def test_once_the_hand_is_over_every_action_is_refused_hand_over():
    answers = table(DEAL, {"cmd": "apply", "seat": 1, "action": "pass"},
                    {"cmd": "apply", "seat": 0, "action": "pass"},
                    {"cmd": "apply", "seat": 1, "action": "pass"},
                    {"cmd": "apply", "seat": 0, "action": "bid 10"})
    assert [a["code"] for a in answers[3:]] == ["hand-over", "hand-over"]


def test_a_next_hand_is_dealt_by_the_next_dealer_with_the_scores_carried():
    t = Table(TOY)
    t.answer({**DEAL, "scores": [30, 70], "number": 4})
    assert t.answer({**DEAL, "next": True})["error"] == "no-game"      # not over yet
    both = [{"seat": 1, "action": "bid 20"}, {"seat": 0, "action": "pass"}]
    t.answer({"cmd": "batch", "actions": both})
    cards = {"hands": [["E", "D"], ["C", "B"]], "nest": ["A"]}
    state = t.answer({"cmd": "deal", "variant": "toy", "next": True, **cards, "state": {}})["state"]
    assert (state["dealer"], state["number"], state["scores"], state["to_act"]) == (1, 5, [30, 90], 0)
    t.answer({"cmd": "batch", "actions": both[::-1]})   # seat 0 bids, seat 1 passes
    t.answer({"cmd": "deal", "variant": "toy", "next": True, **cards})
    t.answer({"cmd": "batch", "actions": both})
    assert t.answer({"cmd": "state"})["state"]["game_over"] == {"winners": [1]}
    assert t.answer({**DEAL, "next": True})["error"] == "no-game"       # the game is over


def test_a_batch_stops_at_the_first_refusal_and_carries_the_state_asked_for():
    _, some, done, empty = table(
        DEAL, {"cmd": "batch", "actions": [{"seat": 1, "action": "bid 10"},
                                           {"seat": 1, "action": "bid 20"},
                                           {"seat": 0, "action": "pass"}], "state": {"seat": 0}},
        {"cmd": "batch", "actions": [{"seat": 0, "action": "pass"}], "state": {}},
        {"cmd": "batch", "actions": []})
    assert some["applied"] == 1 and some["rejected"]["code"] == "not-your-turn"
    assert some["state"]["hand"] == ["A", "B"]
    assert (done["applied"], "rejected" in done, done["state"]["phase"]) == (1, False, "done")
    assert empty == {"ok": True, "applied": 0}


def test_requests_it_cannot_serve_get_error_answers_and_nothing_is_applied():
    answers = table(
        {"cmd": "state"}, {"cmd": "deal", "variant": "chess", "dealer": 0, "hands": []},
        {**DEAL, "hands": [["A", "Z"], ["C", "D"]]}, {**DEAL, "hands": [["A", "A"], ["C", "D"]]},
        {**DEAL, "hands": [["A"], ["B"], ["C"]]}, {**DEAL, "dealer": 2}, {**DEAL, "scores": [1]},
        {**DEAL, "hands": "ABCD"}, DEAL, {"cmd": "apply", "seat": "1", "action": "pass"},
        {"cmd": "apply", "seat": True, "action": "pass"}, {"cmd": "apply", "seat": 1, "action": 7},
        {"cmd": "state", "seat": 2},
        {"cmd": "batch", "actions": [{"seat": 1, "action": "pass"}, {"seat": 0}]},
        {"cmd": "batch", "actions": [{"seat": 1, "action": "pass"}], "state": {"seat": 5}},
        {"cmd": "shuffle"}, [1, 2], {"cmd": "apply", "seat": 1, "action": "bid 0"},
        {"cmd": "state"})
    assert [a.get("error") for a in answers] == [
        "no-deal", "unsupported-variant", "bad-deal", "bad-deal", "bad-deal", "bad-deal",
        "bad-deal", "bad-request", None, "bad-request", "bad-request", "bad-request",
        "bad-request", "bad-request", "bad-request", "unknown-command", "bad-request",
        "internal-error", None]
    assert answers[-1]["state"]["to_act"] == 1          # no batch applied anything
    assert "a bug in the engine" in answers[-2]["message"]


def test_a_refused_deal_keeps_the_message_the_engine_gave():
    def refuse(deal):
        raise Refused("bad-deal", "no aces today")
    t = Table(Engine(name="x", version="1", variants=["toy"], start=refuse))
    assert t.answer(DEAL) == {"ok": False, "error": "bad-deal", "message": "no aces today"}


def test_serve_answers_one_line_per_line_until_quit():
    lines = [b'{"cmd": "hello", "protocol": 1}', b"not json", b'{"cmd": "\xff"}',
             json.dumps(DEAL).encode(), b'{"cmd": "quit"}', b'{"cmd": "hello"}']
    out = io.StringIO()
    stdin = io.TextIOWrapper(io.BytesIO(b"\n".join(lines) + b"\n"), encoding="ascii")
    harness.serve(TOY, stdin, out)
    answers = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [a["ok"] for a in answers] == [True, False, False, True, True]
    assert answers[1]["error"] == answers[2]["error"] == "bad-json"


def test_both_kits_carry_every_refusal_code_of_the_catalogue_in_its_order():
    catalogue = [r.code for r in GENERAL + RULES + GAME]
    assert list(harness.CODES) == catalogue
    names = {code.upper().replace("-", "_"): code for code in catalogue}
    assert {name: getattr(Code, name) for name in names} == names
    js = subprocess.run(["node", "-e", "process.stdout.write(JSON.stringify(require("
                         f"{json.dumps(str(JS_KIT))}).Code))"],
                        capture_output=True, text=True, timeout=60, check=True)
    assert json.loads(js.stdout) == names
    assert list(json.loads(js.stdout).values()) == catalogue


def test_the_kit_imports_nothing_but_the_standard_library():
    """It is for other people's engines: loaded by its path, with no rookery installed."""
    code = ("import importlib.util, sys; spec = importlib.util.spec_from_file_location("
            f"'kit', {str(ROOT / 'interpreter' / 'rookery' / 'harness.py')!r}); "
            "kit = importlib.util.module_from_spec(spec); sys.modules['kit'] = kit; "
            "spec.loader.exec_module(kit); "
            "print(sorted(m for m in sys.modules if m.startswith(('rookery', 'lark'))))")
    done = subprocess.run([sys.executable, "-I", "-S", "-c", code], capture_output=True,
                          text=True, timeout=60, check=True)
    assert done.stdout.strip() == "[]"


def test_the_js_kit_passes_its_own_tests():
    """``node --test`` on the kit (conformance/harness/js/test)."""
    done = subprocess.run(["node", "--test", str(JS_KIT)], capture_output=True, text=True,
                          timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "# fail 0" in done.stdout and "# pass 0" not in done.stdout
