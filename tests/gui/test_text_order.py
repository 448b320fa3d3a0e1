"""Alphabetical order of the hypothesis column: what a translator expects, pinned."""

from __future__ import annotations

import math

import pytest

from bleu_gui.models.text_order import alphabetical_ranks, collation_key, natural_ranks


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("Apple", "apple"),
        ("École", "ecole"),
        ("Straße", "strasse"),  # case folding: ß is ss
        ("ﬁne", "fine"),  # a ligature decomposes
        ("Ἀθῆναι", "αθηναι"),  # Greek breathings and accents
        ("Ёлка", "елка"),  # Russian sorts ё with е
        ("Ångström", "angstrom"),
        ("हिन्दी", "हिन्दी"),  # Devanagari vowel signs are letters: kept
        ("日本語", "日本語"),
        ("", ""),
    ],
)
def test_the_key_ignores_case_and_accents_only(text: str, key: str) -> None:
    assert collation_key(text) == key


def ordered(texts: list[str]) -> list[str]:
    """`texts` by rank (ties in their order), the texts without a rank last."""
    ranks = alphabetical_ranks(texts)
    ranked = [i for i in range(len(texts)) if not math.isnan(ranks[i])]
    unranked = [i for i in range(len(texts)) if math.isnan(ranks[i])]
    return [texts[i] for i in sorted(ranked, key=lambda i: ranks[i]) + unranked]


def test_texts_rank_as_in_a_dictionary() -> None:
    texts = ["zoo", "Zebra", "", "éclair", "Eclat", "eclair", "apple", "Apple", "10"]
    assert ordered(texts) == [
        "10",
        "apple",
        "Apple",
        "éclair",
        "eclair",
        "Eclat",
        "Zebra",
        "zoo",
        "",
    ]


def test_equal_keys_share_a_rank_and_empty_texts_have_none() -> None:
    b, b_upper, a, empty, a_upper, c = alphabetical_ranks(["b", "B", "a", "", "A", "c"])
    assert a == a_upper < b == b_upper < c
    assert math.isnan(empty)


def test_no_texts_no_ranks() -> None:
    assert alphabetical_ranks([]).size == 0


def test_unit_ids_rank_by_their_numbers() -> None:
    """The Unit column's sort: "u2" before "u10", as a CAT tool counts units."""
    names = ["u10", "u9", "10", "9", "u2", "007", "#5", "u2a", "U3"]
    ranks = natural_ranks(names)
    assert [names[i] for i in sorted(range(len(names)), key=lambda i: ranks[i])] == [
        "#5",
        "007",
        "9",
        "10",
        "u2",
        "u2a",
        "U3",
        "u9",
        "u10",
    ]
