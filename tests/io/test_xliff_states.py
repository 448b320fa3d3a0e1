"""XLIFF workflow states: only finished translations count as references, by default.

The files are small jobs written for these tests (tests/io/data/xliff/states-*.xlf):
an empty target marked needs-translation, a copy of the source marked
needs-translation, units and groups marked translate="no", and finished units.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bleu_gui.io.errors import FormatError
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.formats import read_bundle
from bleu_gui.io.xliff_states import XliffStates

DATA = Path(__file__).parent / "data" / "xliff"
FINAL = DATA / "states-final.xlf"
ALL = FormatOptions(xliff_states=XliffStates.ALL)


def test_only_finished_units_count_and_one_notice_says_why_the_others_do_not() -> None:
    bundle = read_bundle(FINAL)
    assert bundle.segment_ids == ("unit '1'", "unit '5'", "unit '6'", "unit '7'")
    assert bundle.column("target").segments.lines == (
        "Öffnen Sie den Deckel.",
        "Warten Sie auf den Signalton.",
        "Gießen Sie den Kaffee ein.",
        "Reinigen Sie den Filter.",
    )
    assert bundle.notices == (
        f"{FINAL}: 4 units left out, not a finished translation: "
        "2 state=\"needs-translation\" (unit '2', unit '3'); "
        "2 translate=\"no\" (unit '4', unit '8'); "
        '--xliff-states all (in the window: "Count unfinished XLIFF units") '
        "counts them",
    )


def test_every_unit_with_a_target_counts_when_asked() -> None:
    bundle = read_bundle(FINAL, options=ALL)
    assert bundle.segment_ids == tuple(f"unit '{n}'" for n in range(1, 9))
    assert bundle.column("target").segments.lines[1:4] == (
        "",
        "Press the red button.",
        "ACME CoffeeMaster 3000",
    )
    assert bundle.notices == ()


def test_xliff_2_states_initial_and_translate_no_are_left_out() -> None:
    path = DATA / "states-20.xlf"
    bundle = read_bundle(path)
    assert bundle.segment_ids == ("unit 'u1'", "unit 'u3'", "unit 'u5'", "unit 'u6'")
    assert bundle.notices == (
        f"{path}: 2 units left out, not a finished translation: "
        "1 state=\"initial\" (unit 'u2'); 1 translate=\"no\" (unit 'u4'); "
        '--xliff-states all (in the window: "Count unfinished XLIFF units") '
        "counts them",
    )


def test_a_file_with_no_finished_unit_is_refused_saying_how_to_count_them() -> None:
    path = DATA / "states-mt.xlf"
    with pytest.raises(FormatError) as caught:
        read_bundle(path)
    assert str(caught.value) == (
        f"{path}: has no unit with a finished translation (8 not finished, 0 "
        "without <target>): nothing to score; --xliff-states all (in the window: "
        '"Count unfinished XLIFF units") counts them'
    )


def test_a_system_file_is_read_with_every_unit() -> None:
    bundle = read_bundle(DATA / "states-mt.xlf", options=FormatOptions().for_systems())
    assert len(bundle.segment_ids or ()) == 8
    assert bundle.notices == ()
