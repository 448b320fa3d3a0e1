"""Numbers as people read them: a sign only where the shown digits have one.

A difference that rounds to zero has no direction to show: `-0.000` reads as a
loss that is not there, and `+0.0` as a gain. `signed` writes a `+` or a minus
only before digits that are not all zero; `fixed` does the same for a number
written without its `+`. Every signed Δ, swap effect and cost the window, the
exports, the report and the command line write goes through here.

`largest_remainder` rounds parts so that the rounded parts add up exactly to
their rounded sum: the Explain panel's corpus Δ and its parts, as shown.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

__all__ = ["MINUS", "fixed", "largest_remainder", "signed"]

MINUS = "\N{MINUS SIGN}"
"""The typographic minus (−) some panels write instead of the hyphen."""


def signed(value: float, decimals: int, *, minus: str = "-") -> str:
    """`value` to `decimals` decimals with its sign: "+1.40", "-0.02", "0.000".

    A value whose shown digits are all zero gets no sign ("0.000", never
    "-0.000" or "+0.0"), whatever its sign before rounding. `minus`: the
    character written before a negative value ("-" or `MINUS`).
    """
    digits = f"{abs(value):.{decimals}f}"
    if _all_zero(digits):
        return digits
    return ("+" if value > 0 else minus) + digits


def fixed(value: float, decimals: int, *, minus: str = "-") -> str:
    """`value` to `decimals` decimals, a minus before a negative one, no `+`.

    As `signed`, a value shown as zero is written without a sign ("0.00").
    """
    digits = f"{abs(value):.{decimals}f}"
    if value < 0 and not _all_zero(digits):
        return minus + digits
    return digits


def _all_zero(digits: str) -> bool:
    return not any(c in "123456789" for c in digits)


def largest_remainder(
    parts: Sequence[float], unit: float, total: int | None = None
) -> list[int]:
    """Each part as a whole number of `unit`s, the numbers adding up to `total`.

    `total` (in units) is the sum as shown; by default the sum of `parts`
    rounded to the nearest unit. It is shared out: each part first gets the
    units below it (its floor), then the units still owed go one each to the
    parts with the largest remainders (Hamilton's method; ties to the earlier
    part). Each part is then off by less than one unit (its floor or its
    ceiling) and the parts add up to `total` exactly. (A `total` that is not the
    parts' sum rounded, more than a unit away, is still met, by moving parts
    further.)

    Args:
        parts: finite numbers (signed).
        unit: the size of one unit (0.01 for two decimals), above zero.
        total: the units the parts must add up to.
    """
    scaled = [part / unit for part in parts]
    units = [math.floor(x) for x in scaled]
    wanted = round(math.fsum(scaled)) if total is None else total
    owed = wanted - sum(units)
    if not parts:
        return units
    # Largest remainder first; a part may be passed again if more is owed.
    order = sorted(range(len(parts)), key=lambda k: (units[k] - scaled[k], k))
    step = 1 if owed > 0 else -1
    if step < 0:
        order.reverse()
    for count in range(abs(owed)):
        units[order[count % len(order)]] += step
    return units
