"""Text search without Qt: compiling a search, matching it line by line.

Expected rows are read off the texts by hand; error messages are pinned word for
word, as the filter bar shows them.
"""

from __future__ import annotations

import pytest

from bleu_gui.core.text_search import (
    SearchError,
    SearchTexts,
    TextQuery,
    compile_query,
    rows_matching,
)

TEXTS = SearchTexts(
    hypotheses=["the police closed the road", "The driver", "a" * 40 + "!"],
    references=[["police shut the road", "the car driver", "aaaa"]],
    source=["Die Polizei sperrte die Straße", "Der Fahrer", "aaaa!"],
)
LINE_BREAK = (
    "the search text has a line break, and no sentence has one: "
    "search for one line at a time"
)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "a{4294967296}",
            "invalid regular expression: the repetition number is too large",
        ),
        (
            "(" * 2_000 + ")" * 2_000,
            "invalid regular expression: its groups are nested too deeply",
        ),
        ("[a-", "invalid regular expression: unterminated character set at position 0"),
        ("road\nthe", LINE_BREAK),
        ("road\r\n", LINE_BREAK),
        ("road\u2028the", LINE_BREAK),
    ],
)
def test_a_search_that_cannot_run_is_one_line(text: str, message: str) -> None:
    with pytest.raises(SearchError) as raised:
        compile_query(text, regex=True, case_sensitive=False)
    assert str(raised.value) == message
    assert "\n" not in str(raised.value)


def test_a_plain_text_with_a_line_break_is_refused_too() -> None:
    with pytest.raises(SearchError, match="line break"):
        compile_query("road\nThe", regex=False, case_sensitive=True)


def test_rows_matching_searches_each_chosen_stream_line_by_line() -> None:
    assert rows_matching(TextQuery("driver"), TEXTS) == [1]
    assert rows_matching(TextQuery("the", case_sensitive=True), TEXTS) == [0, 1]
    assert rows_matching(
        TextQuery("^the", regex=True, case_sensitive=True, in_references=False),
        TEXTS,
    ) == [0]
    assert rows_matching(TextQuery("Straße", in_hypothesis=False), TEXTS) == [0]
    assert rows_matching(TextQuery("Straße", in_source=False), TEXTS) == []
    no_source = SearchTexts(TEXTS.hypotheses, TEXTS.references, None)
    assert rows_matching(TextQuery("Fahrer"), no_source) == []


def test_rows_matching_stops_when_asked() -> None:
    asked: list[int] = []

    def stop() -> bool:
        asked.append(1)
        return True

    assert rows_matching(TextQuery("(a+)+$", regex=True), TEXTS, stop) is None
    assert asked == [1]  # before the first line: the hostile one is never run


def test_a_pattern_python_warns_about_compiles_without_a_warning() -> None:
    # re warns "Possible nested set at position 1" (FutureWarning); in the window a
    # warning escaping a slot is an error in tests and noise on stderr.
    pattern = compile_query("[[a-z]+", regex=True, case_sensitive=True)
    assert pattern.search("x[y") is not None
