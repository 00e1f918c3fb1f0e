"""Issue 11: the checks made fast keep their verdicts.  Each is compared with the plain
Python it replaced (written out here) on generated text."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from rookery import bounded
from rookery.conformance.corpus.validate import _may_be_unprintable, _unprintable


def too_deep_by_hand(text: str, limit: int) -> bool:
    """The nesting check as it was: one character at a time."""
    level = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            level += 1
            if level > limit:
                return True
        elif char in "]}":
            level -= 1
    return False


JSONISH = st.text(alphabet='[]{}"\\ a,:1\n', max_size=120)


@settings(max_examples=400, deadline=None)
@given(JSONISH, st.integers(min_value=0, max_value=6))
def test_the_nesting_check_counts_as_before(text, limit):
    assert bounded.too_deep(text, limit) == too_deep_by_hand(text, limit)


def test_the_nesting_check_on_real_shapes():
    deep = "[" * 40 + "]" * 40
    assert bounded.too_deep(deep, 32) and not bounded.too_deep(deep, 40)
    quoted = json.dumps({"a": "[" * 100, "b": [[1]]})
    assert not bounded.too_deep(quoted, 3)
    assert not bounded.too_deep('"\\"' + "[" * 10, 5)   # a string that never ends
    assert bounded.too_deep('"\\""' + "[" * 10, 5)      # an escaped quote, then the end


TEXT = st.text(alphabet=st.sampled_from(list("aZ09 \\\"b\t\n\r\x01\x1f\x7f\x80\x9f\u00e9"
                                             "\u2014\ud800")), max_size=20)
VALUES = st.recursive(st.none() | st.booleans() | st.integers() | TEXT,
                      lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(TEXT, inner, max_size=3), max_leaves=8)


@settings(max_examples=400, deadline=None)
@given(VALUES)
def test_a_plain_answer_line_needs_no_cleaning(value):
    line = json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")
    if bounded.plain(line):
        assert bounded.cleaned(bounded.loads(line)) == bounded.loads(line)


def test_plain_lines():
    assert bounded.plain(b'{"ok": true, "state": {"phase": "play"}}\n')
    for line in (b'{"a": "\\u0001"}', b'{"a": "\\n"}', '{"a": "\u00e9"}'.encode(),
                 b'{"a": "\x7f"}', b'{"a": "' + b"x" * 10_001 + b'"}'):
        assert not bounded.plain(line)


@settings(max_examples=400, deadline=None)
@given(st.dictionaries(TEXT, VALUES, max_size=4))
def test_the_quick_look_for_unprintable_text_misses_nothing(case):
    if not _may_be_unprintable(case):
        assert list(_unprintable(case, "")) == []
