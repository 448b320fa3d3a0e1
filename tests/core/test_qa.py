"""The QA checks (`core.qa`): hand-counted cases for every check, as users read them.

Every expected message, span and count below is written out by hand from the
segments shown; none is computed by the code under test.
"""

from __future__ import annotations

import time

import pytest

from bleu_gui.core.inline_tags import InlineTag
from bleu_gui.core.number_formats import convention_of, number_keys
from bleu_gui.core.qa import LONGEST, QaResult, iter_qa, qa_of
from bleu_gui.core.qa_checks import ALL_CHECKS, CHECKS, CheckKind
from bleu_gui.core.qa_rules import MOST_PER_CHECK, Span


def found(result: QaResult) -> list[tuple[int, str, str, Span]]:
    """Every issue as (row, check, message, span)."""
    return [
        (issue.row, issue.kind.value, issue.message, issue.span)
        for issue in result.issues()
    ]


def only(kind: CheckKind) -> frozenset[CheckKind]:
    return frozenset({kind})


# --------------------------------------------------------------------------------------
# The spec table


def test_every_check_is_in_the_table_once_with_its_words() -> None:
    assert [spec.kind for spec in CHECKS] == list(CheckKind)
    assert frozenset(CheckKind) == ALL_CHECKS
    needs = {spec.kind.value: (spec.needs_source, spec.needs_tags) for spec in CHECKS}
    assert needs == {
        "empty": (False, False),
        "untranslated": (True, False),
        "numbers": (True, False),
        "tags": (True, True),
        "punctuation": (True, False),
        "spaces": (False, False),
        "inconsistent": (True, False),
    }
    assert [spec.title for spec in CHECKS] == [
        "Empty",
        "Untranslated",
        "Numbers",
        "Tags",
        "End punctuation",
        "Spaces",
        "Inconsistent",
    ]


# --------------------------------------------------------------------------------------
# Empty, untranslated


def test_empty_points_at_the_source_it_leaves_untranslated() -> None:
    result = qa_of(["", "   ", "", "Da."], ["Go now.", "Hi", "", "There."])
    assert found(result) == [
        (0, "empty", "the translation is empty", Span(0, 7, in_source=True)),
        (1, "empty", "the translation is empty", Span(0, 2, in_source=True)),
        # white space only is also two spaces' worth of "spaces"
        (1, "spaces", "the translation is only white space", Span(0, 3)),
    ]
    assert result.counts[CheckKind.EMPTY] == 2


def test_empty_without_a_source_points_at_the_start() -> None:
    result = qa_of(["", "Hallo"], enabled=only(CheckKind.EMPTY))
    assert found(result) == [(0, "empty", "the translation is empty", Span(0, 0))]


def test_untranslated_leaves_numbers_punctuation_and_tag_only_segments_alone() -> None:
    hypotheses = ["Hello world", "42", "1.5 %", "…", "Hallo Welt", " Hello world "]
    sources = ["Hello world", "42", "1.5 %", "…", "Hello world", "Hello world"]
    result = qa_of(hypotheses, sources, enabled=only(CheckKind.UNTRANSLATED))
    assert found(result) == [
        (0, "untranslated", "the translation is the source, unchanged", Span(0, 11)),
        (5, "untranslated", "the translation is the source, unchanged", Span(0, 13)),
    ]


# --------------------------------------------------------------------------------------
# Numbers


@pytest.mark.parametrize(
    ("text", "language", "keys"),
    [
        ("1,5", "de", ["1.5"]),
        ("1.5", "en", ["1.5"]),
        ("1.500", "de", ["1500"]),
        ("1,500", "en-US", ["1500"]),
        ("1,500", "de-DE", ["1.5"]),
        ("1.234,50 €", "de", ["1234.5"]),
        ("$1,234.50", "en", ["1234.5"]),
        ("3\u202f000", "fr", ["3000"]),  # a narrow no-break space groups thousands
        ("1'234.5", "de-CH", ["1234.5"]),  # Swiss German: a decimal point
        ("12.03.2024", "de", ["12.03.2024"]),  # no number shape: as written
        ("1,5", None, ["15"]),  # no language: digits alone
        ("1.5", "xx", ["15"]),
        ("\u0661\u0662", None, ["12"]),  # Arabic-Indic digits
        ("route 66, exit 7.", "en", ["66", "7"]),
    ],
)
def test_numbers_are_read_in_their_language(
    text: str, language: str | None, keys: list[str]
) -> None:
    convention = convention_of(language)
    assert [key for key, _, _ in number_keys(text, convention)] == keys


def test_a_localised_decimal_is_the_same_number() -> None:
    result = qa_of(
        ["Es kostet 1,5 Euro.", "Es sind 1.500 Stück.", "Es sind 1,500 Stück."],
        ["It costs 1.5 euros.", "There are 1,500 pieces.", "There are 1,500 pieces."],
        source_language="en",
        target_language="de",
        enabled=only(CheckKind.NUMBERS),
    )
    # Only the third: "1,500" is 1.5 in German, not fifteen hundred.
    assert found(result) == [
        (
            2,
            "numbers",
            "number 1,500 of the source is 1,500 here, which the target language "
            "reads as another number",
            Span(8, 13),
        )
    ]
    assert result.notices == ()


def test_numbers_missing_changed_and_extra() -> None:
    result = qa_of(
        ["Seite 5 und 8", "Kapitel", "Um 7 Uhr 30"],
        ["Page 5 and 6", "Chapter 12", "At 7"],
        source_language="en",
        target_language="de",
        enabled=only(CheckKind.NUMBERS),
    )
    assert found(result) == [
        (0, "numbers", "number 6 of the source is 8 here", Span(12, 13)),
        (
            1,
            "numbers",
            "number 12 of the source is missing",
            Span(8, 10, in_source=True),
        ),
        (2, "numbers", "number 30 is not in the source", Span(9, 11)),
    ]


def test_without_languages_numbers_compare_by_digits_and_say_so() -> None:
    result = qa_of(
        ["Es kostet 1,5 Euro.", "Es kostet 2 Euro."],
        ["It costs 1.5 euros.", "It costs 3 euros."],
        enabled=only(CheckKind.NUMBERS),
    )
    assert found(result) == [
        (1, "numbers", "number 3 of the source is 2 here", Span(10, 11))
    ]
    assert result.notices == (
        "numbers are compared by their digits alone (1,5 and 1.5 count as the "
        "same): the source and target languages are not known",
    )


def test_an_unknown_language_is_named() -> None:
    result = qa_of(["1"], ["1"], source_language="en", target_language="xx")
    assert result.notices == (
        "numbers are compared by their digits alone (1,5 and 1.5 count as the "
        "same): the number format of the target language 'xx' is not known",
    )
    result = qa_of(["1"], ["1"], target_language="de")
    assert result.notices == (
        "numbers are compared by their digits alone (1,5 and 1.5 count as the "
        "same): the source language is not known",
    )


def test_many_numbers_in_one_segment_are_bounded() -> None:
    source = " ".join(str(number) for number in range(1, 21))  # 1 … 20
    result = qa_of(["nichts"], [source], enabled=only(CheckKind.NUMBERS))
    messages = [message for _, _, message, _ in found(result)]
    assert len(messages) == MOST_PER_CHECK == 5
    assert messages[:4] == [
        f"number {number} of the source is missing" for number in (1, 2, 3, 4)
    ]
    assert messages[4] == "number 5 of the source is missing (and 15 more like it)"


# --------------------------------------------------------------------------------------
# Tags


X1 = InlineTag("x", "id", "1")
G2 = InlineTag("g", "id", "2")
PH = InlineTag("ph", "", "{0}")


def at(tag: InlineTag, offset: int) -> InlineTag:
    return InlineTag(tag.name, tag.attribute, tag.value, offset)


def test_tags_missing_extra_and_reordered() -> None:
    hypotheses = ["Eins zwei", "Eins zwei", "Eins zwei", "Eins zwei"]
    sources = ["One two", "One two", "One two", "One two"]
    source_tags = [
        (at(X1, 3),),
        (),
        (at(X1, 0), at(G2, 4)),
        (at(X1, 0), at(PH, 7)),
    ]
    hypothesis_tags = [
        (),
        (at(PH, 4),),
        (at(G2, 0), at(X1, 5)),
        (at(X1, 2), at(PH, 9)),  # the same tags elsewhere: no issue
    ]
    result = qa_of(
        hypotheses,
        sources,
        source_tags=source_tags,
        hypothesis_tags=hypothesis_tags,
        enabled=only(CheckKind.TAGS),
    )
    assert found(result) == [
        (
            0,
            "tags",
            'tag <x id="1"> of the source is missing',
            Span(3, 3, in_source=True),
        ),
        (1, "tags", "tag <ph>{0}</ph> is not in the source", Span(4, 4)),
        (2, "tags", 'tag <g id="2"> is out of the source\'s order', Span(0, 0)),
    ]


def test_checks_that_cannot_run_say_why() -> None:
    result = qa_of(["Hallo"])
    assert dict(result.not_run) == {
        CheckKind.UNTRANSLATED: "needs the source, and none was given",
        CheckKind.NUMBERS: "needs the source, and none was given",
        CheckKind.TAGS: "needs the source, and none was given",
        CheckKind.PUNCTUATION: "needs the source, and none was given",
        CheckKind.INCONSISTENT: "needs the source, and none was given",
    }
    assert set(result.counts) == {CheckKind.EMPTY, CheckKind.SPACES}
    with_source = qa_of(["Hallo"], ["Hello"])
    assert dict(with_source.not_run) == {
        CheckKind.TAGS: "needs inline tags, which only XLIFF and TMX files keep"
    }
    # A check switched off is not "not run": it was not asked for.
    skipped = qa_of(["Hallo"], enabled=only(CheckKind.SPACES))
    assert dict(skipped.not_run) == {}


# --------------------------------------------------------------------------------------
# End punctuation


@pytest.mark.parametrize(
    ("hypothesis", "source", "message", "span"),
    [
        ("Geh.", "Go!", "ends with '.' where the source has '!'", Span(3, 4)),
        ("Geh", "Go.", "ends without the source's '.'", Span(2, 3, in_source=True)),
        ("Geh!", "Go", "ends with '!' where the source has none", Span(3, 4)),
        ("Warte...", "Wait:", "ends with '…' where the source has ':'", Span(5, 8)),
    ],
)
def test_end_punctuation_that_differs(
    hypothesis: str, source: str, message: str, span: Span
) -> None:
    result = qa_of([hypothesis], [source], enabled=only(CheckKind.PUNCTUATION))
    assert found(result) == [(0, "punctuation", message, span)]


@pytest.mark.parametrize(
    ("hypothesis", "source", "language"),
    [
        ("你好。", "Hello.", None),  # a full stop in any script
        ("Vraiment ?", "Really?", "fr"),
        ("Er sagte: „Geh.“", 'He said: "Go."', "de"),  # past the closing quote
        ("Warte…", "Wait...", None),
        ("Τι ώρα είναι;", "What time is it?", "el"),  # the Greek question mark
    ],
)
def test_end_punctuation_written_otherwise_is_the_same(
    hypothesis: str, source: str, language: str | None
) -> None:
    result = qa_of(
        [hypothesis],
        [source],
        target_language=language,
        enabled=only(CheckKind.PUNCTUATION),
    )
    assert found(result) == []


# --------------------------------------------------------------------------------------
# Spaces


def test_spaces_leading_trailing_and_double() -> None:
    result = qa_of(
        [" Hallo", "Hallo ", "Hallo  Welt   da", "Hallo Welt"],
        enabled=only(CheckKind.SPACES),
    )
    assert found(result) == [
        (0, "spaces", "starts with a space", Span(0, 1)),
        (1, "spaces", "ends with a space", Span(5, 6)),
        (2, "spaces", "two spaces in a row", Span(5, 7)),
        (2, "spaces", "two spaces in a row", Span(11, 14)),
    ]


def test_two_spaces_around_a_dropped_code_are_not_two_spaces() -> None:
    # "Siehe Seite <ph/> für" reads "Siehe Seite  für": the code stood at 12.
    hypothesis = "Siehe Seite  für Details."
    tags = ((at(PH, 12),),)
    result = qa_of(
        [hypothesis],
        ["See page  for details."],
        source_tags=((at(PH, 9),),),
        hypothesis_tags=tags,
    )
    assert found(result) == []


# --------------------------------------------------------------------------------------
# Inconsistency


def test_the_same_source_translated_differently() -> None:
    result = qa_of(
        ["Start", "Beginn", "Start", "Ende", "Anfang", ""],
        ["Start", "Start", "Start", "End", "Start", "Start"],
        enabled=only(CheckKind.INCONSISTENT),
    )
    assert found(result) == [
        (
            0,
            "inconsistent",
            "the same source is translated differently in segment 2 and 1 more",
            Span(0, 5),
        ),
        (
            1,
            "inconsistent",
            "the same source is translated differently in segment 1 and 2 more",
            Span(0, 6),
        ),
        (
            2,
            "inconsistent",
            "the same source is translated differently in segment 2 and 1 more",
            Span(0, 5),
        ),
        (
            4,
            "inconsistent",
            "the same source is translated differently in segment 1 and 2 more",
            Span(0, 6),
        ),
    ]


# --------------------------------------------------------------------------------------
# The result, the steps, the bounds


def test_result_counts_rows_and_masks() -> None:
    result = qa_of(
        ["", " Da", "Hallo"], ["Go.", "There.", "Hello."], enabled=ALL_CHECKS
    )
    assert result.rows == 3
    assert result.counts[CheckKind.EMPTY] == 1
    assert result.counts[CheckKind.SPACES] == 1
    assert result.counts[CheckKind.PUNCTUATION] == 2
    assert result.total == 4
    assert result.flagged().tolist() == [True, True, True]
    assert result.flagged(CheckKind.SPACES).tolist() == [False, True, False]
    assert [issue.kind for issue in result.row_issues(1)] == [
        CheckKind.PUNCTUATION,
        CheckKind.SPACES,
    ]
    assert result.row_issues(7) == ()


def test_steps_report_progress_and_lengths_are_checked() -> None:
    steps = iter_qa(["a"] * 1_200, ["a"] * 1_200, enabled=only(CheckKind.EMPTY))
    progress = []
    while True:
        try:
            progress.append(next(steps))
        except StopIteration as done:
            result = done.value
            break
    # Steps of 500 segments (a worker gives way to the GUI between steps).
    assert [done for done, _, _ in progress] == [500, 1_000, 1_200]
    assert result.rows == 1_200
    with pytest.raises(ValueError, match="2 sources for 1 hypotheses"):
        qa_of(["a"], ["a", "b"])


def test_a_two_megabyte_segment_is_bounded() -> None:
    huge = "1,5  " * 400_000  # 2 MB of numbers and double spaces
    started = time.perf_counter()
    result = qa_of([huge], ["1.5 " * 400_000])
    assert time.perf_counter() - started < 10  # a busy CI core; ~0.3 s here
    assert result.counts[CheckKind.SPACES] == MOST_PER_CHECK
    assert (
        f"1 segment is longer than {LONGEST:,} characters: numbers and spaces "
        f"were checked in the first {LONGEST:,} only"
    ) in result.notices


def test_100000_segments_in_seconds() -> None:
    hypotheses = [
        f"Satz {i} mit {i * 1.5:.1f} Wörtern.".replace(".", ",", 1)
        for i in range(100_000)
    ]
    sources = [f"Sentence {i} with {i * 1.5:.1f} words." for i in range(100_000)]
    started = time.perf_counter()
    result = qa_of(hypotheses, sources, source_language="en", target_language="de")
    assert time.perf_counter() - started < 30  # ~1-2 s; generous for a busy CI
    assert result.total == 0


def test_a_source_repeated_50000_times_is_compared_in_linear_time() -> None:
    hypotheses = ["OK", "Okay"] * 25_000
    started = time.perf_counter()
    result = qa_of(hypotheses, ["OK"] * 50_000, enabled=only(CheckKind.INCONSISTENT))
    assert time.perf_counter() - started < 20  # quadratic would be minutes
    assert result.counts[CheckKind.INCONSISTENT] == 50_000
    assert result.row_issues(0)[0].message == (
        "the same source is translated differently in segment 2 and 24,999 more"
    )
    assert result.row_issues(3)[0].message == (
        "the same source is translated differently in segment 1 and 24,999 more"
    )
