"""The conformance runner over our interpreter, in-process: verdicts, the first
divergence, filters, expected failures, invalid case files, reports and exit codes."""

import json
from dataclasses import replace
from xml.etree import ElementTree as ET

import pytest
from _conformance_fixtures import (BIDDING, FIRST_TRICK, KENTUCKY_DEAL, KENTUCKY_OPENING,
                                   TOURNAMENT_DEAL, recorded_hand, wrong, write_corpus)

from rookery.cli import main
from rookery.conformance import InProcessEngine, load_corpus, run_cases


def run(cases_dir, **kw):
    cases, problems = load_corpus([cases_dir])
    assert problems == []
    return run_cases(InProcessEngine(), cases, **kw)


def verdicts(result):
    return {r.case.id: r.verdict for r in result.results}


def test_reasoned_fixture_cases_pass(tmp_path):
    cases = write_corpus(tmp_path, [BIDDING, FIRST_TRICK], [KENTUCKY_OPENING])
    result = run(cases)
    assert verdicts(result) == {"tournament/fixture/001": "pass",
                                "tournament/fixture/002": "pass",
                                "kentucky-rook/fixture/001": "pass"}
    assert result.ok


def test_whole_hands_to_the_end_of_the_game(tmp_path):
    ends_game = recorded_hand("tournament", TOURNAMENT_DEAL, "tournament/fixture/010",
                              scores=[295, 295])
    plain = recorded_hand("kentucky-rook", KENTUCKY_DEAL, "kentucky-rook/fixture/010")
    last = ends_game["steps"][-1]["expect"]
    assert last["game_over"] != False  # noqa: E712 - one side passes 300 in this hand
    assert plain["steps"][-1]["expect"]["game_over"] is False
    result = run(write_corpus(tmp_path, [ends_game], [plain]))
    assert set(verdicts(result).values()) == {"pass"}


def test_first_divergence_names_step_expected_and_actual(tmp_path):
    bad = wrong(BIDDING, "tournament/fixture/003", {"to_act": 3, "high_bid": 70})
    result = run(write_corpus(tmp_path, [bad]))
    (case,) = result.results
    assert case.verdict == "fail"
    d = case.divergence
    assert d.where == f"step {len(bad['steps'])}"
    assert d.expected == {"to_act": 3}      # high_bid 70 is right and not reported
    assert d.actual == {"to_act": 1}
    assert not result.ok


def test_a_wrong_rejection_code_and_a_wrong_acceptance_diverge(tmp_path):
    code = json.loads(json.dumps(BIDDING))
    code["id"] = "tournament/fixture/004"
    code["steps"][1]["reject"] = "bid-too-high"
    accepted = json.loads(json.dumps(BIDDING))
    accepted["id"] = "tournament/fixture/005"
    accepted["steps"][1] = {"seat": 1, "do": "bid 75", "reject": "bid-too-low"}
    result = run(write_corpus(tmp_path, [code, accepted]))
    first, second = result.results
    assert (first.divergence.where, first.divergence.actual) == ("step 2",
                                                                "rejected (bid-too-low)")
    assert (second.divergence.where, second.divergence.actual) == ("step 2", "accepted")


def test_a_refused_start_action_is_reported_at_its_index(tmp_path):
    case = json.loads(json.dumps(FIRST_TRICK))
    case["id"] = "tournament/fixture/006"
    case["start"] = ["1 bid 70", "2 bid 70"]
    (result,) = run(write_corpus(tmp_path, [case])).results
    assert result.verdict == "fail"
    assert result.divergence.where == "start 2"
    assert result.divergence.actual == "rejected (bid-too-low)"


def test_a_deal_that_is_not_the_deck_is_an_invalid_case_and_no_traceback(tmp_path):
    case = json.loads(json.dumps(KENTUCKY_OPENING))
    case["deal"]["nest"] = ["ROOK", "G7", "G10", "Y1", "Y1"]
    cases, problems = load_corpus([write_corpus(tmp_path, [], [case])])
    assert cases == []
    assert [p.message for p in problems] == ["deal/nest/4: Y1 is dealt twice (the deck "
                                             "has 1)"]
    # Given to the runner all the same (no validation), the engine refuses it.
    (good,), _ = load_corpus([write_corpus(tmp_path, [], [KENTUCKY_OPENING])])
    (result,) = run_cases(InProcessEngine(), [replace(good, deal=case["deal"])]).results
    assert result.verdict == "fail"
    assert result.divergence.where == "deal"
    assert "not the kentucky-rook deck" in result.divergence.detail


def test_expected_failures(tmp_path, capsys):
    bad = wrong(BIDDING, "tournament/fixture/003", {"to_act": 3})
    cases = write_corpus(tmp_path, [BIDDING, bad])
    listed = run(cases, expected_failures={"tournament/fixture/003": "known bug"})
    assert verdicts(listed) == {"tournament/fixture/001": "pass",
                                "tournament/fixture/003": "xfail"}
    assert listed.ok
    passing = run(cases, expected_failures={"tournament/fixture/001": "thought broken"})
    assert verdicts(passing)["tournament/fixture/001"] == "xpass"
    assert not passing.ok

    ef = tmp_path / "expected.json"
    ef.write_text(json.dumps([{"id": "tournament/fixture/003", "reason": "known bug"}]))
    assert main(["conformance", str(cases), "--expected-failures", str(ef)]) == 0
    assert main(["conformance", str(cases)]) == 1
    ef.write_text(json.dumps([{"id": "tournament/fixture/001", "reason": "x"},
                              {"id": "tournament/fixture/003", "reason": "y"}]))
    assert main(["conformance", str(cases), "--expected-failures", str(ef)]) == 1
    ef.write_text(json.dumps([{"id": "tournament/fixture/003", "reason": "known bug"},
                              {"id": "tournament/fixture/099", "reason": "typo"}]))
    capsys.readouterr()
    assert main(["conformance", str(cases), "--expected-failures", str(ef)]) == 0
    assert "the expected failure tournament/fixture/099 names no case" in \
        capsys.readouterr().out


def test_filters(tmp_path, capsys):
    cases = write_corpus(tmp_path, [BIDDING, FIRST_TRICK], [KENTUCKY_OPENING])
    out = tmp_path / "r.json"

    def ids(*options):
        assert main(["conformance", str(cases), "--json", str(out), *options]) == 0
        return sorted(c["id"] for c in json.loads(out.read_text())["cases"])

    assert ids("--variant", "kentucky-rook") == ["kentucky-rook/fixture/001"]
    assert ids("--rule", "play.follow") == ["tournament/fixture/002"]
    assert ids("--rule", "bidding.*") == ["kentucky-rook/fixture/001",
                                          "tournament/fixture/001"]
    assert ids("--tag", "bidding", "--variant", "tournament") == ["tournament/fixture/001"]
    assert ids("--case", "tournament/*/002") == ["tournament/fixture/002"]
    assert main(["conformance", str(cases), "--tag", "no-such-tag"]) == 1
    assert "no case matches" in capsys.readouterr().err


def test_invalid_case_files_are_named_with_their_case_and_the_rest_still_runs(
        tmp_path, capsys):
    cases = write_corpus(tmp_path, [BIDDING])
    (cases / "tournament" / "broken.json").write_text("{ not json")
    bad = json.loads(json.dumps(FIRST_TRICK))
    bad["id"] = "tournament/fixture/007"
    del bad["source"]                            # a reasoned case must cite its source
    bad["steps"][0] = {"seat": 1, "do": "bid seventy"}
    twin = json.loads(json.dumps(BIDDING))       # the same id twice
    (cases / "tournament" / "more.json").write_text(
        json.dumps({"variant": "tournament", "cases": [bad, twin]}))
    (cases / "tournament" / "rules.json").write_text(json.dumps({"variant": "tournament", "cases": [
        dict(json.loads(json.dumps(BIDDING)), id="tournament/fixture/008",
             rules=["play.no-such-rule"]),
        dict(json.loads(json.dumps(BIDDING)), id="kentucky-rook/fixture/009")]}))
    (cases / "tournament" / "novariant.json").write_text(json.dumps({"cases": [
        dict(json.loads(json.dumps(BIDDING)), id="tournament/fixture/010")]}))
    found, problems = load_corpus([cases])
    assert [c.id for c in found] == ["tournament/fixture/001"]
    text = "\n".join(map(str, problems))
    assert "broken.json: is not JSON" in text
    assert "more.json [tournament/fixture/007]" in text and "'source' is a required" in text
    assert "steps/0/do" in text
    assert "more.json [tournament/fixture/001]: the id is already used" in text
    assert "[tournament/fixture/008]: tournament has no rule play.no-such-rule" in text
    assert "[kentucky-rook/fixture/009]: the id must begin with the file's variant" in text
    assert "novariant.json: (top): 'variant' is a required property" in text

    assert main(["conformance", str(cases)]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert "1 passed" in out and "invalid" in out


def test_json_and_junit_reports(tmp_path):
    bad = wrong(BIDDING, "tournament/fixture/003", {"phase": "play"})
    cases = write_corpus(tmp_path, [BIDDING, bad], [KENTUCKY_OPENING])
    json_path, junit_path = tmp_path / "report.json", tmp_path / "junit.xml"
    assert main(["conformance", str(cases), "--json", str(json_path),
                 "--junit", str(junit_path)]) == 1
    report = json.loads(json_path.read_text())
    assert report["ok"] is False
    assert report["counts"] == {"pass": 2, "fail": 1}
    assert report["rules"]["tournament"]["bidding.minimum"] == {
        "passed": 1, "failed": 1, "blocked": 0, "skipped": 0, "expected": 0}
    failed = [c for c in report["cases"] if c["verdict"] == "fail"][0]
    assert failed["divergence"]["expected"] == {"phase": "play"}
    assert failed["divergence"]["actual"] == {"phase": "discard"}
    suites = {s.get("name"): s for s in ET.parse(junit_path).getroot()}
    assert set(suites) == {"tournament", "kentucky-rook"}
    assert suites["tournament"].get("tests") == "2"
    assert suites["tournament"].get("failures") == "1"
    failure = suites["tournament"].find("testcase[@name='tournament/fixture/003']/failure")
    assert failure is not None and "phase" in failure.get("message")


def test_the_readable_report_is_grouped_by_variant_and_rule(tmp_path, capsys):
    bad = wrong(BIDDING, "tournament/fixture/003", {"phase": "play"})
    cases = write_corpus(tmp_path, [BIDDING, bad], [KENTUCKY_OPENING])
    assert main(["conformance", str(cases)]) == 1
    out = capsys.readouterr().out
    assert "kentucky-rook: 1 passed, 0 failed" in out
    assert "tournament: 1 passed, 1 failed" in out
    assert "bidding.minimum" in out
    assert "FAIL bidding.minimum" in out        # grouped by the rule it is charged to
    assert "tournament/fixture/003" in out
    assert "expected: {\"phase\": \"play\"}" in out
    assert "actual:   {\"phase\": \"discard\"}" in out


@pytest.mark.parametrize("options, message", [
    (["--timeout", "0"], "--timeout must be a positive"),
    (["--expected-failures", "missing.json"], "cannot read the expected failures"),
    (["--engine", '"unclosed'], "No closing quotation"),
    (["--json", "no/such/folder/report.json"], "the folder no/such/folder does not exist"),
    (["--junit", "no/such/folder/junit.xml"], "the folder no/such/folder does not exist"),
])
def test_bad_options_end_in_a_message(tmp_path, capsys, options, message):
    cases = write_corpus(tmp_path, [BIDDING])
    assert main(["conformance", str(cases), *options]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_a_missing_path_ends_in_a_message(tmp_path, capsys):
    assert main(["conformance", str(tmp_path / "nowhere")]) == 2
    assert "no such case file or folder" in capsys.readouterr().err


def test_the_report_names_rules_and_variants_without_a_case(tmp_path):
    from rich.console import Console

    from rookery.conformance.corpus.report import print_report
    result = run(write_corpus(tmp_path, [BIDDING]))
    console = Console(record=True, width=120)
    print_report(result, [], console,
                 rules_of=lambda variant: {"bidding.minimum", "play.follow"},
                 variants=["tournament", "kentucky-rook"])
    text = console.export_text()
    assert "play.follow" in text and "no case" in text
    overview = text[text.index("per variant"):]
    assert "kentucky-rook" in overview and "tournament" in overview


def test_a_bug_in_the_interpreter_is_a_crash_verdict_and_the_run_goes_on(tmp_path,
                                                                        monkeypatch):
    from rookery.conformance.protocol.session import Session
    real = Session.apply

    def buggy(self, seat, action):
        if action == "trump B":
            raise KeyError("trump B")
        return real(self, seat, action)

    monkeypatch.setattr(Session, "apply", buggy)
    result = run(write_corpus(tmp_path, [FIRST_TRICK, BIDDING]))
    crashed, after = result.results
    assert crashed.verdict == "crash" and "KeyError" in crashed.message
    assert any("buggy" in line for line in crashed.output)
    assert after.verdict == "pass"


def test_a_mistyped_variant_gets_a_suggestion(capsys):
    assert main(["conformance", "--variant", "tournamnt"]) == 2
    assert "did you mean 'tournament'" in capsys.readouterr().err


def test_the_per_rule_table_explains_its_columns(tmp_path, capsys):
    cases = write_corpus(tmp_path, [BIDDING], [KENTUCKY_OPENING])
    assert main(["conformance", str(cases)]) == 0
    out = capsys.readouterr().out
    assert "expected: listed as an expected failure" in out
    assert "blocked: the engine parted from the spec" in out


def test_maxfail_and_exitfirst_leave_the_rest_not_run(tmp_path, capsys):
    bad1 = wrong(BIDDING, "tournament/fixture/003", {"phase": "play"})
    bad2 = wrong(BIDDING, "tournament/fixture/004", {"phase": "play"})
    cases = write_corpus(tmp_path, [bad1, bad2, BIDDING])
    report = tmp_path / "r.json"
    assert main(["conformance", str(cases), "-x", "--json", str(report)]) == 1
    verdicts = [c["verdict"] for c in json.loads(report.read_text())["cases"]]
    assert verdicts == ["fail", "not-run", "not-run"]
    assert "2 not run" in capsys.readouterr().out
    assert main(["conformance", str(cases), "--maxfail", "2", "--json", str(report)]) == 1
    verdicts = [c["verdict"] for c in json.loads(report.read_text())["cases"]]
    assert verdicts == ["fail", "fail", "not-run"]
