"""Track changes on the raw text (`core.changes`), against hand-written expectations.

Every case by hand pins the changes a translator reads; the random cases check
the alignment against independent oracles: a textbook longest common
subsequence (`tests.oracles.common_subsequence`) for the words kept, the
Levenshtein recurrence (`tests.oracles.levenshtein`) as a floor on the edits
shown, `str.split` for the words, and `difflib` on a case where its matching
blocks are a longest common subsequence.
"""

from __future__ import annotations

import difflib
import random
from itertools import pairwise

import pytest

from bleu_gui.core.changes import (
    CHANGES_CHAR_LIMIT,
    CHAR_DIFF_LIMIT,
    Change,
    ChangeKind,
    CharChange,
    TextChanges,
    TooLong,
    text_changes,
)
from tests.oracles import common_subsequence, levenshtein

EQUAL, DELETED = ChangeKind.EQUAL, ChangeKind.DELETED
INSERTED, REPLACED = ChangeKind.INSERTED, ChangeKind.REPLACED


def kinds(changes: TextChanges) -> list[tuple[ChangeKind, str, str]]:
    return [(c.kind, c.old, c.new) for c in changes.changes]


def test_a_deletion_an_insertion_and_kept_words() -> None:
    changes = text_changes("the cat sat on the mat", "a cat sat on mat today yes")
    # Kept: "cat sat on" and "mat" (five words, the most that can stay).
    assert changes.changes == (
        Change(REPLACED, "the", "a", " ", " "),
        Change(EQUAL, "cat sat on", "cat sat on", " ", " "),
        Change(DELETED, "the", "", " ", ""),
        Change(EQUAL, "mat", "mat", "", " "),
        Change(INSERTED, "", "today yes", "", ""),
    )
    assert changes.count(EQUAL) == 4
    assert changes.count(DELETED) == 1
    assert changes.count(INSERTED) == 2
    assert changes.count(REPLACED) == 1


def test_a_replaced_word_shows_its_changed_letters() -> None:
    changes = text_changes("the colour red", "the color red")
    assert kinds(changes) == [
        (EQUAL, "the", "the"),
        (REPLACED, "colour", "color"),
        (EQUAL, "red", "red"),
    ]
    assert changes.changes[1].chars == (
        CharChange(EQUAL, "colo", "colo"),
        CharChange(DELETED, "u", ""),
        CharChange(EQUAL, "r", "r"),
    )
    analyse = text_changes("analyse", "analyzed").changes[0]
    assert analyse.chars == (
        CharChange(EQUAL, "analy", "analy"),
        CharChange(REPLACED, "s", "z"),
        CharChange(EQUAL, "e", "e"),
        CharChange(INSERTED, "", "d"),
    )


def test_unalike_words_are_replaced_whole() -> None:
    # "cat" and "dog" share no letter: marking letters would only be noise.
    (change,) = text_changes("cat", "dog").changes
    assert change == Change(REPLACED, "cat", "dog")
    assert change.chars == ()


def test_as_many_words_on_each_side_are_replaced_pair_by_pair() -> None:
    changes = text_changes("I saw teh big hous", "I saw the big house")
    assert kinds(changes) == [
        (EQUAL, "I saw", "I saw"),
        (REPLACED, "teh", "the"),
        (EQUAL, "big", "big"),
        (REPLACED, "hous", "house"),
    ]
    assert changes.changes[3].chars == (
        CharChange(EQUAL, "hous", "hous"),
        CharChange(INSERTED, "", "e"),
    )


def test_a_passage_of_other_word_counts_is_replaced_whole() -> None:
    changes = text_changes("a well known fact", "a well-known fact")
    assert kinds(changes) == [
        (EQUAL, "a", "a"),
        (REPLACED, "well known", "well-known"),
        (EQUAL, "fact", "fact"),
    ]
    assert changes.changes[1].chars == (
        CharChange(EQUAL, "well", "well"),
        CharChange(REPLACED, " ", "-"),
        CharChange(EQUAL, "known", "known"),
    )
    assert changes.count(REPLACED) == 2  # the longer side's words


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("  two  spaces\tand a tab ", "two spaces and a tab"),
        ("\u00a0non-breaking\u2003em space", "non-breaking em space\n"),
        ("trailing ", "trailing"),
        ("   ", ""),
        ("", "  "),
    ],
)
def test_the_white_space_is_kept_as_typed(old: str, new: str) -> None:
    changes = text_changes(old, new)
    assert changes.old_text() == old
    assert changes.new_text() == new
    # White space alone is no change of words.
    assert all(c.kind is EQUAL for c in changes.changes)


def test_white_space_is_kept_around_changes() -> None:
    changes = text_changes("  one\ttwo  three ", "one  2 three")
    assert changes.old_lead == "  "
    assert changes.new_lead == ""
    assert changes.changes == (
        Change(EQUAL, "one", "one", "\t", "  "),
        Change(REPLACED, "two", "2", "  ", " "),
        Change(EQUAL, "three", "three", " ", ""),
    )


def test_unicode_letters_count_as_one_each() -> None:
    (change,) = text_changes("Straße", "Strasse").changes
    assert change.chars == (
        CharChange(EQUAL, "Stra", "Stra"),
        CharChange(REPLACED, "ß", "ss"),
        CharChange(EQUAL, "e", "e"),
    )
    emoji = text_changes("ok 👍🏽 done", "ok 👍 done")
    assert kinds(emoji) == [
        (EQUAL, "ok", "ok"),
        (REPLACED, "👍🏽", "👍"),
        (EQUAL, "done", "done"),
    ]
    assert emoji.changes[1].chars == (
        CharChange(EQUAL, "👍", "👍"),
        CharChange(DELETED, "🏽", ""),
    )


def test_text_without_spaces_is_one_word_changed_letter_by_letter() -> None:
    (change,) = text_changes("猫が座った。", "犬が座った。").changes
    assert change.kind is REPLACED
    assert change.chars == (
        CharChange(REPLACED, "猫", "犬"),
        CharChange(EQUAL, "が座った。", "が座った。"),
    )


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        ("", "", []),
        ("", "new words", [(INSERTED, "", "new words")]),
        ("old words", "", [(DELETED, "old words", "")]),
        (" ", "x", [(INSERTED, "", "x")]),
    ],
)
def test_empty_sides(
    old: str, new: str, expected: list[tuple[ChangeKind, str, str]]
) -> None:
    changes = text_changes(old, new)
    assert kinds(changes) == expected
    assert changes.too_long is None
    assert (changes.old_text(), changes.new_text()) == (old, new)


def test_identical_texts_have_no_changes() -> None:
    changes = text_changes("same words here", "same words here")
    assert kinds(changes) == [(EQUAL, "same words here", "same words here")]


def test_a_text_past_the_limit_is_not_compared() -> None:
    at_limit = "a" * (CHANGES_CHAR_LIMIT - 2) + " b"
    assert len(at_limit) == CHANGES_CHAR_LIMIT
    assert text_changes(at_limit, "b").too_long is None
    two_megabytes = "word " * 400_000
    changes = text_changes("short", two_megabytes)
    assert changes.too_long == TooLong("new", 2_000_000, CHANGES_CHAR_LIMIT)
    assert changes.changes == ()
    assert text_changes(two_megabytes, "x").too_long == TooLong(
        "old", 2_000_000, CHANGES_CHAR_LIMIT
    )


def test_letters_are_not_aligned_in_a_long_replacement() -> None:
    long_word = "x" * (CHAR_DIFF_LIMIT + 1)
    changes = text_changes(f"keep {long_word}", f"keep {long_word}y")
    assert changes.chars_skipped
    assert changes.changes[1] == Change(REPLACED, long_word, long_word + "y", "", "")
    short = text_changes("keep xx", "keep xxy")
    assert not short.chars_skipped
    assert short.changes[1].chars != ()


def test_difflib_finds_the_same_kept_words() -> None:
    old = ["the", "quick", "brown", "fox", "jumps", "over", "the", "lazy", "dog"]
    new = ["a", "quick", "red", "fox", "jumped", "over", "the", "dog"]
    matcher = difflib.SequenceMatcher(a=old, b=new, autojunk=False)
    kept = [" ".join(old[m.a : m.a + m.size]) for m in matcher.get_matching_blocks()]
    changes = text_changes(" ".join(old), " ".join(new))
    assert [c.old for c in changes.changes if c.kind is EQUAL] == [k for k in kept if k]


def _random_text(rng: random.Random, vocabulary: list[str]) -> str:
    spaces = [" ", " ", " ", "  ", "\t"]
    words = [rng.choice(vocabulary) for _ in range(rng.randrange(0, 14))]
    text = rng.choice(["", " "])
    for word in words:
        text += word + rng.choice(spaces)
    return text.rstrip(" ") if rng.random() < 0.5 else text


def test_random_texts_against_the_oracles() -> None:
    rng = random.Random(26)
    vocabulary = ["the", "cat", "cats", "sat", "mat", "a", "on", "über", "é", "年"]
    for _ in range(400):
        old, new = _random_text(rng, vocabulary), _random_text(rng, vocabulary)
        changes = text_changes(old, new)
        assert (changes.old_text(), changes.new_text()) == (old, new)
        old_words, new_words = old.split(), new.split()
        kept = sum(len(c.old.split()) for c in changes.changes if c.kind is EQUAL)
        assert kept == common_subsequence(old_words, new_words)
        shown = sum(
            max(len(c.old.split()), len(c.new.split()))
            for c in changes.changes
            if c.kind is not EQUAL
        )
        assert shown >= levenshtein(old_words, new_words)
        assert (
            changes.count(DELETED) + changes.count(INSERTED) + changes.count(REPLACED)
            == shown
        )
        for change in changes.changes:
            if change.kind is EQUAL:
                assert change.old.split() == change.new.split()
            if change.chars:
                assert "".join(p.old for p in change.chars) == change.old
                assert "".join(p.new for p in change.chars) == change.new
                same = sum(len(p.old) for p in change.chars if p.kind is EQUAL)
                assert same == common_subsequence(list(change.old), list(change.new))
        # Neighbouring changes are never both deletions or both insertions.
        for first, second in pairwise(changes.changes):
            assert not (first.kind is second.kind is DELETED)
            assert not (first.kind is second.kind is INSERTED)
