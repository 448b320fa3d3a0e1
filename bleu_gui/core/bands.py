"""The fuzzy-match bands of CAT tools, and which band a sentence's edits put it in.

Apart from `core.effort` (which counts the edits with a compiled library) so that
the table's cells and the command line's exports can name a band without importing
it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

__all__ = ["BANDS", "Band", "band_index", "band_label", "band_lows"]


@dataclass(frozen=True, slots=True)
class Band:
    """A fuzzy-match band: matches from `low` % up to the next band's edge.

    Attributes:
        label: as CAT tools print it ("95–99 %").
        low: the lowest match in the band, in percent (100: no edit at all).
    """

    label: str
    low: int


BANDS: tuple[Band, ...] = (
    Band("100 %", 100),
    Band("95–99 %", 95),
    Band("85–94 %", 85),
    Band("75–84 %", 75),
    Band("50–74 %", 50),
    Band("< 50 %", 0),
)
"""The bands, best first. The only place their edges are written."""


def band_index(
    edits: npt.NDArray[np.int64], length: npt.NDArray[np.int64]
) -> npt.NDArray[np.int64]:
    """The band (index in `BANDS`) of each match `100 − 100 · edits / length`.

    A match reaches edge `low` when `100 · edits ≤ (100 − low) · length`: integer
    arithmetic, so that 5 edits in 100 characters is 95 % exactly, never 94.999….
    Only a sentence without edits is in the 100 % band.
    """
    edits = np.asarray(edits, dtype=np.int64)
    length = np.asarray(length, dtype=np.int64)
    band = np.full(edits.shape, len(BANDS) - 1, dtype=np.int64)
    for index in range(len(BANDS) - 2, -1, -1):
        low = BANDS[index].low
        reached = 100 * edits <= (100 - low) * length
        if low == 100:
            reached = edits == 0
        band[reached] = index
    return band


def band_label(low: float) -> str:
    """The label of the band whose lower edge is `low` ("95–99 %")."""
    return next(band.label for band in BANDS if band.low == low)


def band_lows(
    edits: npt.NDArray[np.int64], length: npt.NDArray[np.int64]
) -> npt.NDArray[np.float64]:
    """Each match's band by its lower edge in %; NaN where the edits are unknown (-1).

    What a cell and an export hold for a band: a number that sorts best first
    (descending) and that `band_label` names.
    """
    lows = np.array([band.low for band in BANDS], dtype=np.float64)
    edits = np.asarray(edits, dtype=np.int64)
    return np.where(edits < 0, np.nan, lows[band_index(edits, length)])
