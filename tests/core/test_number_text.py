"""Signed numbers without a negative zero, and parts that add up as shown.

The expected texts are written out by hand; `largest_remainder` is checked on
its two promises (each part within one unit, the units adding up) over many
random splits.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bleu_gui.core.number_text import MINUS, fixed, largest_remainder, signed


@pytest.mark.parametrize(
    ("value", "decimals", "text"),
    [
        (-0.00017, 3, "0.000"),  # a swap effect that rounds to zero
        (-0.042, 1, "0.0"),  # a sentence Δ that rounds to zero
        (-7e-231, 1, "0.0"),  # NLTK's tiny sentence scores
        (0.04, 1, "0.0"),  # no "+0.0" either
        (-0.0, 2, "0.00"),
        (0.0, 2, "0.00"),
        (-0.05001, 1, "-0.1"),
        (1.395, 2, "+1.40"),
        (-3.0454, 2, "-3.05"),
        (12.0, 0, "+12"),
    ],
)
def test_signed_never_shows_a_sign_before_zero(
    value: float, decimals: int, text: str
) -> None:
    assert signed(value, decimals) == text


def test_a_typographic_minus_on_request() -> None:
    assert signed(-6.61, 2, minus=MINUS) == "−6.61"
    assert signed(-0.001, 2, minus=MINUS) == "0.00"
    assert fixed(-6.61, 2, minus=MINUS) == "−6.61"
    assert fixed(-0.001, 2) == "0.00"
    assert fixed(5.5, 1) == "5.5"


def test_largest_remainder_on_the_demos_parts() -> None:
    # Facebook-AI → happypoet, BLEU points: alone they round to -7.94.
    parts = [0.0, -0.7394, -1.6942, -2.4719, -3.0454]
    assert largest_remainder(parts, 0.01, -795) == [0, -74, -169, -247, -305]


def test_largest_remainder_defaults_to_the_rounded_sum() -> None:
    assert largest_remainder([0.004, 0.004, 0.004], 0.01) == [1, 0, 0]
    assert largest_remainder([-0.006, -0.006], 0.01) == [0, -1]
    assert largest_remainder([], 0.01) == []


@given(
    st.lists(
        st.floats(min_value=-50, max_value=50, allow_nan=False), min_size=1, max_size=6
    )
)
def test_each_part_is_off_by_less_than_a_unit_and_they_add_up(
    parts: list[float],
) -> None:
    units = largest_remainder(parts, 0.01)
    assert sum(units) == round(math.fsum(p / 0.01 for p in parts))
    for part, count in zip(parts, units, strict=True):
        assert abs(count - part / 0.01) < 1 + 1e-9
