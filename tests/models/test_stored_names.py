"""The names session files and settings store for enum members are pinned.

A session saved by one version must open in the next: the stored names are a file
format, chosen in `models.session_state`, not the members' names in the code.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from bleu_gui.core.margin import NoMargin, NoMarginReason
from bleu_gui.core.unavailable import Unavailable
from bleu_gui.io.session_file import SavedMargin, SessionFileError, session_from_json
from bleu_gui.io.session_values import STORED_MARGIN_REASONS
from bleu_gui.models.sentence_filter import DeltaSide, SentenceFilter
from bleu_gui.models.sentence_table import ColumnKey, ColumnKind
from bleu_gui.models.session_state import (
    STORED_COLUMN_KINDS,
    STORED_SIDES,
    choices_from_json,
    choices_to_json,
    column_key,
    filter_of,
    saved_filter,
    sort_from_json,
)

# As written in session files since format 1: changing one breaks users' files.
PINNED_KINDS = [
    "NUMBER",
    "UNIT",
    "BLEU",
    "COST",
    "HYP_LEN",
    "REF_LEN",
    "BP",
    "PRECISION",
    "WORD_EDITS",
    "CHAR_EDITS",
    "BAND",
    "CLOSEST_REF",
    "QA",
    "QA_ISSUES",
    "A_BLEU",
    "B_BLEU",
    "DELTA",
    "SWAP",
    "HYPOTHESIS",
]
PINNED_SIDES = ["ANY", "BETTER", "WORSE", "SAME"]


def test_every_member_has_its_pinned_stored_name() -> None:
    assert set(STORED_COLUMN_KINDS) == set(ColumnKind)
    assert sorted(STORED_COLUMN_KINDS.values()) == sorted(PINNED_KINDS)
    assert set(STORED_SIDES) == set(DeltaSide)
    assert sorted(STORED_SIDES.values()) == sorted(PINNED_SIDES)


def test_a_file_written_before_reads_back() -> None:
    """Stored strings as an older file has them, read by today's code."""
    assert column_key("PRECISION", 3) == ColumnKey(ColumnKind.PRECISION, 3)
    assert column_key("NO_SUCH_KIND", 0) is None
    assert choices_from_json(json.dumps([["COST", 0, False], ["BP", 0, True]])) == {
        ColumnKey(ColumnKind.COST, 0): False,
        ColumnKey(ColumnKind.BP, 0): True,
    }
    assert sort_from_json(json.dumps(["DELTA", 0, True])) == (
        ColumnKey(ColumnKind.DELTA, 0),
        Qt.SortOrder.DescendingOrder,
    )


def test_what_is_written_is_the_pinned_name() -> None:
    written = json.loads(choices_to_json({ColumnKey(ColumnKind.HYP_LEN, 0): True}))
    assert written == [["HYP_LEN", 0, True]]
    saved = saved_filter(SentenceFilter(side=DeltaSide.WORSE))
    assert saved.side == "WORSE"
    restored = filter_of(saved)
    assert isinstance(restored, SentenceFilter)
    assert restored.side is DeltaSide.WORSE


def test_an_unknown_side_is_one_line_naming_the_choices() -> None:
    broken = dataclasses.replace(saved_filter(SentenceFilter()), side="SIDEWAYS")
    assert filter_of(broken) == Unavailable(
        "filter.side: 'SIDEWAYS' is not one of ANY, BETTER, WORSE, SAME"
    )


PINNED_MARGIN_REASONS = ["not-sacrebleu", "not-significant", "identical", "never-lost"]


def test_every_margin_reason_has_its_pinned_stored_name() -> None:
    assert set(STORED_MARGIN_REASONS) == set(NoMarginReason)
    assert sorted(STORED_MARGIN_REASONS.values()) == sorted(PINNED_MARGIN_REASONS)
    assert STORED_MARGIN_REASONS[NoMarginReason.NOT_SIGNIFICANT] == "not-significant"


def _session_with_margin(margin: dict[str, object]) -> dict[str, object]:
    return {
        "bleu-gui-session": 1,
        "test_set": {
            "kind": "files",
            "files": [
                {"role": "system", "path": "a.txt"},
                {"role": "system", "path": "b.txt"},
                {"role": "reference", "path": "ref.txt"},
            ],
        },
        "margin": margin,
    }


def test_a_saved_margin_reads_back_and_a_wrong_one_is_one_line() -> None:
    none = {
        "baseline": 0,
        "shown": 1,
        "samples": 200,
        "seed": "none",
        "tested": [0, 2, 5],
        "sentences": None,
        "reason": "not-significant",
        "p_value": 0.31,
    }
    data = session_from_json(_session_with_margin(none), Path("s.bleu-session"))
    assert data.margin == SavedMargin(
        0, 1, 200, None, (0, 2, 5), NoMargin(NoMarginReason.NOT_SIGNIFICANT, 0.31)
    )
    bad = _session_with_margin({**none, "reason": "NOT_SIGNIFICANT"})
    with pytest.raises(SessionFileError) as refused:
        session_from_json(bad, Path("s.bleu-session"))
    assert str(refused.value) == (
        "s.bleu-session: margin.reason: 'NOT_SIGNIFICANT' is not one of "
        "'not-sacrebleu', 'not-significant', 'identical', 'never-lost'"
    )
    beyond = _session_with_margin({**none, "shown": 2})
    with pytest.raises(SessionFileError) as refused:
        session_from_json(beyond, Path("s.bleu-session"))
    assert str(refused.value) == (
        "s.bleu-session: margin.shown: system 2 does not exist (there are 2)"
    )
