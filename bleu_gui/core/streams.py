"""The one check every counter makes first: all streams have as many segments.

Below every module that counts (`core.row_counts`, `core.stats`, `core.scoring`),
so that none of them imports another for it.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["check_streams", "check_systems"]


def check_streams(
    hypotheses: Sequence[object], references: Sequence[Sequence[object]]
) -> int:
    """The number of segments, after checking every reference stream has as many.

    Raises:
        ValueError: naming the first stream whose length differs.
    """
    size = len(hypotheses)
    for k, stream in enumerate(references):
        if len(stream) != size:
            raise ValueError(
                f"reference stream {k + 1} has {len(stream)} segments, "
                f"the hypotheses have {size}"
            )
    return size


def check_systems(
    systems: Sequence[Sequence[object]], references: Sequence[Sequence[object]]
) -> int:
    """The number of segments of systems scored together against `references`.

    Raises:
        ValueError: naming the first system, or reference stream, of another length.
    """
    size = 0
    for index, hypotheses in enumerate(systems):
        size = check_streams(hypotheses, references)
        if size != len(systems[0]):
            raise ValueError(
                f"system {index + 1} has {size} segments, "
                f"system 1 has {len(systems[0])}"
            )
    return size
