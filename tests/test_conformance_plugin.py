"""The pytest plugin: ``pytest --rookery-engine CMD`` makes one item per case; without
the option it collects nothing."""

import json
import sys
from pathlib import Path

from _conformance_fixtures import BIDDING, FIRST_TRICK, KENTUCKY_OPENING, wrong, write_corpus

pytest_plugins = ["pytester"]

ENGINES = Path(__file__).parent / "engines"
# Block the installed entry point (if any) and load the plugin by module, so the test
# runs the same from a source checkout and from an installed wheel.
PLUGIN = ["-p", "no:rookery", "-p", "rookery.pytest_plugin"]


def engine(script):
    return f"{sys.executable} {ENGINES / script}"


def test_one_item_per_case_with_verdicts(pytester, tmp_path):
    bad = wrong(BIDDING, "tournament/fixture/003", {"phase": "play"})
    cases = write_corpus(tmp_path, [BIDDING, FIRST_TRICK, bad], [KENTUCKY_OPENING])
    result = pytester.runpytest_subprocess(
        *PLUGIN, "--rookery-engine", engine("no_error_codes.py"), "--rookery-cases",
        str(cases), "--rookery-timeout", "5", "-rs", "-v")
    result.assert_outcomes(passed=2, failed=1, skipped=1)
    result.stdout.fnmatch_lines([
        "*rookery-conformance::tournament/fixture/001 PASSED*",
        "*rookery-conformance::tournament/fixture/003 FAILED*",
        "*expected: {\"phase\": \"play\"}*",
        "*does not play kentucky-rook*",
    ])


def test_expected_failures_and_variant_filter(pytester, tmp_path):
    bad = wrong(BIDDING, "tournament/fixture/003", {"phase": "play"})
    cases = write_corpus(tmp_path, [BIDDING, bad], [KENTUCKY_OPENING])
    listed = tmp_path / "xfail.json"
    listed.write_text(json.dumps([{"id": "tournament/fixture/003", "reason": "known"}]))
    result = pytester.runpytest_subprocess(
        *PLUGIN, "--rookery-engine", f"{sys.executable} -m rookery.cli serve",
        "--rookery-cases", str(cases), "--rookery-variant", "tournament",
        "--rookery-expected-failures", str(listed))
    result.assert_outcomes(passed=1, xfailed=1)


def test_a_crashing_engine_fails_each_item_and_the_session_ends(pytester, tmp_path):
    cases = write_corpus(tmp_path, [BIDDING, FIRST_TRICK])
    result = pytester.runpytest_subprocess(
        *PLUGIN, "--rookery-engine", engine("crash_at_start.py"), "--rookery-cases",
        str(cases), "--rookery-timeout", "2")
    result.assert_outcomes(failed=2)
    # Whether it dies before or while answering the hello depends on the machine's
    # timing: either is the same crash.
    result.stdout.fnmatch_lines(["crash: *", "*the engine ended *hello*(exit status 3)*"])


def test_without_the_option_it_collects_nothing(pytester):
    pytester.makepyfile(test_plain="def test_one():\n    assert True\n")
    result = pytester.runpytest_subprocess(*PLUGIN, "-v")
    result.assert_outcomes(passed=1)
    assert "rookery-conformance" not in result.stdout.str()


def test_bad_options_are_usage_errors(pytester, tmp_path):
    cases = write_corpus(tmp_path, [BIDDING])
    result = pytester.runpytest_subprocess(*PLUGIN, "--rookery-engine", '"unclosed',
                                           "--rookery-cases", str(cases))
    assert result.ret == 4          # pytest's usage error
    result.stderr.fnmatch_lines(["*No closing quotation*"])
    (cases / "tournament" / "bad.json").write_text("{")
    result = pytester.runpytest_subprocess(*PLUGIN, "--rookery-engine", engine("hang.py"),
                                           "--rookery-cases", str(cases))
    assert result.ret == 4
    result.stderr.fnmatch_lines(["*invalid cases*", "*bad.json: is not JSON*"])
