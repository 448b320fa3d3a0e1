"""Session files keep the what-if edits: format 2, round trips, refusals, restoring.

The file format is `io.session_file`; capturing and restoring go through
`models.session_state` against a fake `EditsHolder` (the session's
`edits`/`set_edits`). Restored statistics are checked against a fresh count of
the edited corpus (`core.scoring.corpus_stats`), not against `count_edits`.
Messages are pinned word for word.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.edits import Edits, RowStats, count_edits
from bleu_gui.core.scoring import corpus_stats, iter_prepare
from bleu_gui.core.steps import drain
from bleu_gui.io import Corpus, Segments
from bleu_gui.io.session_file import (
    SavedEdits,
    SessionData,
    SessionFileError,
    read_session,
    session_to_json,
    write_session,
)
from bleu_gui.models.session_state import restore_edits, saved_edits
from bleu_gui.models.workspace import System, SystemId
from tests.io.test_session_file import files_session

# The systems of `files_session`: out/a.txt (position 0) and out/b.txt (1).
EDITS = (
    SavedEdits(0, ((0, "a b c"),)),
    SavedEdits(
        1,
        (
            (0, ""),
            (2, 'quotes " and \\ and ü, a tab\there'),
            (11, "“curly” — <b>&amp;</b>"),
        ),
    ),
)


def with_edits(folder: Path) -> SessionData:
    return replace(files_session(folder), edits=EDITS)


def test_every_edit_field_survives_a_round_trip(tmp_path: Path) -> None:
    data = with_edits(tmp_path / "work")
    path = tmp_path / "work" / "study.bleu-session"
    write_session(path, data)
    assert read_session(path) == data


def test_edits_are_stored_by_system_position_and_0_based_row(tmp_path: Path) -> None:
    value = session_to_json(with_edits(tmp_path), tmp_path)
    assert value["bleu-gui-session"] == 2
    assert value["edits"] == [
        {"system": 0, "segments": [{"row": 0, "text": "a b c"}]},
        {
            "system": 1,
            "segments": [
                {"row": 0, "text": ""},
                {"row": 2, "text": 'quotes " and \\ and ü, a tab\there'},
                {"row": 11, "text": "“curly” — <b>&amp;</b>"},
            ],
        },
    ]


def test_a_session_without_edits_stays_format_1(tmp_path: Path) -> None:
    value = session_to_json(files_session(tmp_path), tmp_path)
    assert value["bleu-gui-session"] == 1
    assert "edits" not in value


def test_a_version_1_file_opens_without_edits(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("a b c\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("a b c\n", encoding="utf-8")
    path = tmp_path / "old.bleu-session"
    path.write_text(
        json.dumps(
            {
                "bleu-gui-session": 1,
                "test_set": {
                    "kind": "files",
                    "files": [
                        {"role": "system", "path": "a.txt", "sha256": None},
                        {"role": "reference", "path": "ref.txt", "sha256": None},
                    ],
                },
            }
        ),
        encoding="utf-8",
    )
    data = read_session(path)
    assert data.edits == ()
    assert [f.path.name for f in data.files] == ["a.txt", "ref.txt"]


def test_a_newer_version_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "s.bleu-session"
    path.write_text('{"bleu-gui-session": 3, "edits": {}}', encoding="utf-8")
    with pytest.raises(SessionFileError) as error:
        read_session(path)
    assert str(error.value) == (
        f"{path}: saved by a newer bleu-gui (session format 3; this one reads up "
        "to 2): update bleu-gui to open it"
    )


def _set_segment(field: str, value: object) -> object:
    def change(item: dict[str, object]) -> None:
        edits = item["edits"]
        assert isinstance(edits, list)
        edits[1]["segments"][2][field] = value

    return change


def _set_entry(field: str, value: object) -> object:
    def change(item: dict[str, object]) -> None:
        edits = item["edits"]
        assert isinstance(edits, list)
        edits[1][field] = value

    return change


def _set_root(value: object) -> object:
    def change(item: dict[str, object]) -> None:
        item["edits"] = value

    return change


def _version_1(item: dict[str, object]) -> None:
    item["bleu-gui-session"] = 1


def _twice(item: dict[str, object]) -> None:
    edits = item["edits"]
    assert isinstance(edits, list)
    edits[1]["segments"][0]["row"] = 11


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            _set_segment("text", 12),
            "edits of system 'b.txt', segment 12: the text is not a string (a number)",
        ),
        (
            _set_segment("text", None),
            "edits of system 'b.txt', segment 12: the text is not a string (null)",
        ),
        (_twice, "edits of system 'b.txt', segment 12: edited twice"),
        (
            _set_segment("row", -1),
            "edits[1].segments[2].row: -1 is less than 0",
        ),
        (
            _set_segment("row", "11"),
            "edits[1].segments[2].row: expected a whole number, found a string",
        ),
        (
            _set_entry("system", 2),
            "edits[1].system: system 2 does not exist (there are 2)",
        ),
        (
            _set_entry("system", 0),
            "edits[1].system: a second list of edits of system 'a.txt'",
        ),
        (
            _set_entry("segments", {"11": "x"}),
            "edits[1].segments: expected a list, found an object",
        ),
        (_set_root({"b.txt": []}), "edits: expected a list, found an object"),
        (
            _version_1,
            "edits: edits in a session of format 1 (they came with format 2)",
        ),
    ],
)
def test_a_broken_edits_field_is_refused_in_one_line(
    tmp_path: Path, change: object, message: str
) -> None:
    path = tmp_path / "session.bleu-session"
    value = session_to_json(with_edits(tmp_path), tmp_path)
    assert callable(change)
    change(value)
    path.write_text(json.dumps(value), encoding="utf-8")
    with pytest.raises(SessionFileError) as error:
        read_session(path)
    assert str(error.value) == f"{path}: {message}"


# --- capturing and restoring through the session's edits ------------------------------

CONFIG = BleuConfig()
REFS = ("the cat sat on the mat .", "a dog barked twice .", "it rained all day .")
HYPS_A = ("the cat sat on a mat .", "the dog barked .", "rain all day .")
HYPS_B = ("a cat is on the mat .", "a dog barks twice .", "it rains all day")


class FakeHolder:
    """The session's `edits`/`set_edits`, as a dictionary."""

    def __init__(self, edits: dict[SystemId, Edits] | None = None) -> None:
        self.kept: dict[SystemId, Edits] = dict(edits or {})
        self.calls: list[SystemId] = []

    def edits(self, system_id: SystemId) -> Edits:
        return self.kept.get(system_id, Edits())

    def set_edits(self, system_id: SystemId, edits: Edits) -> None:
        self.calls.append(system_id)
        self.kept[system_id] = edits


def counted_system(number: int, path: Path, hyps: tuple[str, ...]) -> System:
    """A system read and counted, as the session holds it once a test set is open."""
    refs = (Segments(path.parent / "ref.txt", REFS),)
    tokenized, stats = drain(iter_prepare(hyps, [REFS], CONFIG))
    return System(
        SystemId(number),
        path.name,
        Corpus(Segments(path, hyps), refs),
        tokenized=tokenized,
        stats=stats,
    )


def two_systems(folder: Path) -> tuple[SessionData, tuple[System, System]]:
    data = files_session(folder)
    a, b = (f.path for f in data.files[:2])
    return data, (counted_system(7, a, HYPS_A), counted_system(9, b, HYPS_B))


def edited(texts: dict[int, str], system: System) -> Edits:
    assert system.tokenized is not None
    assert system.stats is not None
    return count_edits(
        texts, system.tokenized.references, CONFIG, system.stats.max_order
    )


def test_edits_go_through_the_file_and_come_back_as_counted(tmp_path: Path) -> None:
    data, (a, b) = two_systems(tmp_path / "work")
    b_texts = {0: "a cat sat on the mat .", 2: "it rained all day ."}
    before = FakeHolder({b.id: edited(b_texts, b)})
    data = replace(data, edits=saved_edits(before, (a.id, b.id)))
    assert data.edits == (SavedEdits(1, ((0, b_texts[0]), (2, b_texts[2]))),)
    path = tmp_path / "work" / "study.bleu-session"
    write_session(path, data)

    after = FakeHolder()
    assert restore_edits(after, (a, b), read_session(path), CONFIG) == ""
    assert after.calls == [b.id]
    restored = after.kept[b.id]
    assert restored.texts() == b_texts
    fresh = corpus_stats(
        [b_texts.get(row, line) for row, line in enumerate(HYPS_B)], [REFS], CONFIG
    )
    assert [line.stats for line in restored] == [
        RowStats.of(fresh, 0),
        RowStats.of(fresh, 2),
    ]
    assert [line.tokens for line in restored] == list(b_texts.values())


def test_a_system_left_out_finds_the_others_edits_by_file(tmp_path: Path) -> None:
    data, (_a, b) = two_systems(tmp_path)
    data = replace(data, edits=(SavedEdits(0, ((1, "x"),)), SavedEdits(1, ((1, "y"),))))
    holder = FakeHolder()
    message = restore_edits(holder, (b,), data, CONFIG)
    assert message == "edits of system 'a.txt': left out (the system is not open)"
    assert holder.kept[b.id].texts() == {1: "y"}


def test_an_edit_beyond_the_system_is_refused_and_the_rest_restored(
    tmp_path: Path,
) -> None:
    data, (a, b) = two_systems(tmp_path)
    data = replace(
        data,
        edits=(SavedEdits(0, ((0, "x"), (3, "y"))), SavedEdits(1, ((2, "z"),))),
    )
    holder = FakeHolder()
    message = restore_edits(holder, (a, b), data, CONFIG)
    assert message == (
        "edits of system 'a.txt', segment 4: beyond its 3 segments "
        "(its edits are left out)"
    )
    assert holder.calls == [b.id]


def test_a_system_not_counted_keeps_no_edits(tmp_path: Path) -> None:
    data, (a, b) = two_systems(tmp_path)
    data = replace(data, edits=(SavedEdits(0, ((0, "x"),)),))
    holder = FakeHolder()
    message = restore_edits(holder, (replace(a, stats=None), b), data, CONFIG)
    assert message == "edits of system 'a.txt': left out (the system is not counted)"
    assert holder.calls == []
