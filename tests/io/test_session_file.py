"""Session files as a format: round trip, relative paths, checksums, refusals.

No Qt: `io.session_file` is values in, JSON out and back. Checksums are checked
against `hashlib` itself; messages are pinned word for word, as users read them.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from bleu_gui.core.buckets import BucketEdges
from bleu_gui.core.config import BleuConfig, Compat, Smoothing
from bleu_gui.io.bundle import Format, Roles
from bleu_gui.io.format_options import FormatOptions
from bleu_gui.io.safe_write import WriteError
from bleu_gui.io.session_file import (
    FileState,
    SavedBucketKind,
    SavedBuckets,
    SavedFile,
    SavedFilter,
    SavedRole,
    SavedSystems,
    SavedTable,
    SessionData,
    SessionFileError,
    SetKind,
    check_files,
    checksum,
    document_runs,
    documents_of_runs,
    read_session,
    write_session,
)


def text_file(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def files_session(folder: Path) -> SessionData:
    """A session of text files in `folder`, every field away from its default."""
    a = text_file(folder / "out" / "a.txt", "a b c\n")
    b = text_file(folder / "out" / "b.txt", "a b d\n")
    ref = text_file(folder / "refs" / "ref.txt", "a b c\n")
    src = text_file(folder / "src.txt", "x y z\n")
    return SessionData(
        kind=SetKind.FILES,
        files=(
            SavedFile(SavedRole.SYSTEM, a, "utf-8", checksum(a)),
            SavedFile(SavedRole.SYSTEM, b, "latin-1", checksum(b)),
            SavedFile(SavedRole.REFERENCE, ref, "utf-8", checksum(ref)),
            SavedFile(SavedRole.SOURCE, src, "utf-8", checksum(src)),
        ),
        encoding="utf-8",
        drop_bom=True,
        options=FormatOptions(languages=("de", "en")),
        documents=("d1", "d1", "d2"),
        config=BleuConfig(
            compat=Compat.NLTK,
            tokenizer="intl",
            lowercase=True,
            smoothing=Smoothing.METHOD7,
            max_order=3,
            weights=(0.5, 0.25, 0.25),
            effective_order=True,
            nltk_alpha=3.0,
            nltk_k=2.0,
        ),
        systems=SavedSystems(1, 0, "ar", 5000, True, True, seed=None),
        filter=SavedFilter(
            "bik(e|ing)",
            True,
            True,
            False,
            True,
            False,
            12.5,
            80.0,
            "WORSE",
            (0.0, 5.0, True, False),
            documents=("d1",),
        ),
        table=SavedTable(("DELTA", 0, True), 41, (("COST", 0, False),)),
        layout={"docks": b"\x00\x01\xffdock", "header": b"head"},
        buckets=SavedBuckets(
            SavedBucketKind.WORD_FREQUENCY,
            BucketEdges(length_diff=(-3, 0, 2), word_frequency=(1, 5, 50)),
            (SavedBucketKind.LENGTH_DIFF, 3),
        ),
    )


def test_every_field_survives_a_round_trip(tmp_path: Path) -> None:
    data = files_session(tmp_path / "work")
    path = tmp_path / "work" / "study.bleu-session"
    write_session(path, data)
    assert read_session(path) == data


def test_the_seed_and_the_documents_are_written_as_typed(tmp_path: Path) -> None:
    """Explicit words a person can read and edit: "none", ids; not Python names."""
    data = files_session(tmp_path / "work")
    path = tmp_path / "work" / "study.bleu-session"
    write_session(path, data)
    value = json.loads(path.read_text(encoding="utf-8"))
    assert value["systems"]["seed"] == "none"
    assert value["filter"]["documents"] == ["d1"]
    seeded = replace(data, systems=replace(data.systems, seed=7))
    write_session(path, seeded)
    value = json.loads(path.read_text(encoding="utf-8"))
    assert value["systems"]["seed"] == 7
    assert read_session(path).systems.seed == 7


def test_a_file_from_before_seeds_and_document_filters_still_reads(
    tmp_path: Path,
) -> None:
    """Without them: seed 12345 (the window's only seed then), every document."""
    data = files_session(tmp_path / "work")
    path = tmp_path / "work" / "old.bleu-session"
    write_session(path, data)
    value = json.loads(path.read_text(encoding="utf-8"))
    del value["systems"]["seed"]
    del value["filter"]["documents"]
    assert value["bleu-gui-session"] == 1
    path.write_text(json.dumps(value), encoding="utf-8")
    read = read_session(path)
    assert read.systems.seed == 12345
    assert read.filter.documents == ()
    assert read == replace(
        data,
        systems=replace(data.systems, seed=12345),
        filter=replace(data.filter, documents=()),
    )


def test_the_buckets_are_written_under_their_stored_names(tmp_path: Path) -> None:
    data = files_session(tmp_path / "work")
    path = tmp_path / "work" / "study.bleu-session"
    write_session(path, data)
    value = json.loads(path.read_text(encoding="utf-8"))
    assert value["buckets"] == {
        "view": "word_frequency",
        "edges": {
            "ref_length": [10, 20, 30, 40, 50, 60],
            "length_diff": [-3, 0, 2],
            "baseline_bleu": [10, 20, 30, 40, 50, 60, 70, 80, 90],
            "word_frequency": [1, 5, 50],
        },
        "filter": {"view": "length_diff", "bucket": 3},
    }


def test_a_file_from_before_the_buckets_reads_with_the_defaults(
    tmp_path: Path,
) -> None:
    data = files_session(tmp_path / "work")
    path = tmp_path / "work" / "old.bleu-session"
    write_session(path, data)
    value = json.loads(path.read_text(encoding="utf-8"))
    del value["buckets"]
    path.write_text(json.dumps(value), encoding="utf-8")
    read = read_session(path)
    assert read.buckets == SavedBuckets(SavedBucketKind.REF_LENGTH, BucketEdges(), None)
    assert read == replace(data, buckets=SavedBuckets())


def test_paths_are_stored_relative_to_the_session_file(tmp_path: Path) -> None:
    data = files_session(tmp_path / "work")
    path = tmp_path / "work" / "sessions" / "study.bleu-session"
    path.parent.mkdir()
    write_session(path, data)
    stored = json.loads(path.read_text(encoding="utf-8"))
    assert stored["bleu-gui-session"] == 1
    assert [f["path"] for f in stored["test_set"]["files"]] == [
        "../out/a.txt",
        "../out/b.txt",
        "../refs/ref.txt",
        "../src.txt",
    ]
    assert stored["test_set"]["documents"] == [["d1", 2], ["d2", 1]]
    assert stored["layout"]["header"] == "aGVhZA=="


def test_a_folder_moved_whole_opens_with_its_files(tmp_path: Path) -> None:
    data = files_session(tmp_path / "work")
    write_session(tmp_path / "work" / "study.bleu-session", data)
    shutil.move(tmp_path / "work", tmp_path / "moved")
    moved = read_session(tmp_path / "moved" / "study.bleu-session")
    assert [f.path for f in moved.files] == [
        tmp_path / "moved" / "out" / "a.txt",
        tmp_path / "moved" / "out" / "b.txt",
        tmp_path / "moved" / "refs" / "ref.txt",
        tmp_path / "moved" / "src.txt",
    ]
    assert {check.state for check in check_files(moved)} == {FileState.SAME}


def test_checksums_are_sha256_and_say_missing_and_changed(tmp_path: Path) -> None:
    data = files_session(tmp_path)
    a, b = data.files[0].path, data.files[1].path
    assert data.files[0].sha256 == hashlib.sha256(b"a b c\n").hexdigest()
    a.write_text("a b x\n", encoding="utf-8")
    b.unlink()
    states = [check.state for check in check_files(data)]
    assert states == [
        FileState.CHANGED,
        FileState.MISSING,
        FileState.SAME,
        FileState.SAME,
    ]


@pytest.mark.skipif(sys.platform == "win32", reason="named pipes are POSIX")
def test_a_named_pipe_is_not_hashed(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    assert checksum(pipe) is None


def test_a_bundle_session_round_trips(tmp_path: Path) -> None:
    sheet = text_file(tmp_path / "set.tsv", "id\tsrc\tref\tmt\n")
    data = SessionData(
        kind=SetKind.BUNDLE,
        files=(SavedFile(SavedRole.BUNDLE, sheet, "utf-8", checksum(sheet)),),
        roles=Roles(("ref",), ("mt", "mt2"), "src", None, "id"),
        format=Format.TSV,
        options=FormatOptions(sheet="Sheet 2"),
        systems=SavedSystems(0, 1),
    )
    path = tmp_path / "s.bleu-session"
    write_session(path, data)
    assert read_session(path) == data


def test_document_runs_round_trip() -> None:
    ids = ("a", "a", "b", "a", "a", "a")
    runs = document_runs(ids)
    assert runs == [["a", 2], ["b", 1], ["a", 3]]
    assert documents_of_runs([(str(d), int(n)) for d, n in runs]) == ids


def refused(tmp_path: Path, content: str) -> str:
    path = tmp_path / "s.bleu-session"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(SessionFileError) as error:
        read_session(path)
    return str(error.value).removeprefix(f"{path}: ")


def test_a_newer_version_is_refused_in_one_line(tmp_path: Path) -> None:
    assert refused(tmp_path, '{"bleu-gui-session": 7, "anything": []}') == (
        "saved by a newer bleu-gui (session format 7; this one reads up to 2): "
        "update bleu-gui to open it"
    )


@pytest.mark.parametrize("version", [0, -1])
def test_a_version_below_the_first_is_refused_in_one_line(
    tmp_path: Path, version: int
) -> None:
    """No bleu-gui wrote format 0: such a file is not one of ours, whatever follows."""
    content = json.dumps({"bleu-gui-session": version, "test_set": {}})
    assert refused(tmp_path, content) == (
        f"bleu-gui-session: unknown session format {version}"
    )


def test_bad_json_is_refused_with_its_line_and_column(tmp_path: Path) -> None:
    assert refused(tmp_path, '{\n  "bleu-gui-session": 1,\n}') == (
        "not valid JSON (line 3, column 1: Expecting property name enclosed in "
        "double quotes)"
    )


def test_a_file_that_is_not_text_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "s.bleu-session"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(SessionFileError) as error:
        read_session(path)
    assert str(error.value) == f"{path}: not a session file (not UTF-8 text)"


def test_a_missing_session_file_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "none.bleu-session"
    with pytest.raises(SessionFileError) as error:
        read_session(path)
    assert str(error.value) == f"{path}: no such file"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda v: v["test_set"]["files"][1].update(role="candidate"),
            "test_set.files[1].role: 'candidate' is not one of 'system', "
            "'reference', 'source', 'bundle'",
        ),
        (
            lambda v: v["settings"].update(max_order="4"),
            "settings.max_order: expected a whole number, found a string",
        ),
        (
            lambda v: v["settings"].update(tokenizer="13b"),
            "settings.tokenizer: unknown tokenizer '13b' (choose one of: 13a, "
            "intl, zh, char, none, ja-mecab, ko-mecab; split-space in tf-nmt mode)",
        ),
        (
            lambda v: v["systems"].update(shown=5),
            "systems.shown: system 5 does not exist (there are 2)",
        ),
        (
            lambda v: v["filter"].update(delta=[0, 1]),
            "filter.delta: expected [low, high, low open, high open]",
        ),
        (
            lambda v: v["systems"].update(seed="12a"),
            "systems.seed: '12a' is neither an integer nor 'none'",
        ),
        (
            lambda v: v["systems"].update(seed=-3),
            "systems.seed: -3 is less than 0",
        ),
        (
            lambda v: v["systems"].update(seed=1.5),
            "systems.seed: expected a whole number, found a number",
        ),
        (
            lambda v: v["filter"].update(documents=["d1", ""]),
            "filter.documents[1]: expected a document id, found an empty string",
        ),
        (
            lambda v: v["table"].update(selected=-1),
            "table.selected: -1 is less than 0",
        ),
        (
            lambda v: v["layout"].update(docks="%%%"),
            "layout.docks: not base64",
        ),
        (
            lambda v: v["test_set"].update(files=[]),
            "test_set.files: no file of role 'system'",
        ),
        (
            lambda v: v["test_set"]["documents"].append(["d3", 0]),
            "test_set.documents[2][1]: 0 is less than 1",
        ),
        (
            lambda v: v["buckets"]["edges"].update(length_diff=[3, 1]),
            "buckets.edges.length_diff: bucket edges must increase",
        ),
        (
            lambda v: v["buckets"]["edges"].update(ref_len=[3]),
            "buckets.edges.ref_len: 'ref_len' is not one of 'ref_length', "
            "'length_diff', 'baseline_bleu', 'word_frequency'",
        ),
        (
            lambda v: v["buckets"].update(filter={"view": "length_diff", "bucket": 4}),
            "buckets.filter.bucket: bucket 4 does not exist (there are 4)",
        ),
        (
            lambda v: v["buckets"].update(
                filter={"view": "word_frequency", "bucket": 0}
            ),
            "buckets.filter.view: words filter no sentences: expected a sentence view",
        ),
    ],
    ids=[
        "role",
        "type",
        "tokenizer",
        "system",
        "delta",
        "seed-text",
        "seed-negative",
        "seed-float",
        "filter-documents",
        "selected",
        "base64",
        "no-system",
        "documents",
        "bucket-edges",
        "bucket-kind",
        "bucket-filter",
        "bucket-filter-words",
    ],
)
def test_a_wrong_value_is_refused_naming_its_json_place(
    tmp_path: Path, change: object, message: str
) -> None:
    data = files_session(tmp_path / "work")
    path = tmp_path / "work" / "s.bleu-session"
    write_session(path, data)
    value = json.loads(path.read_text(encoding="utf-8"))
    assert callable(change)
    change(value)
    assert refused(tmp_path / "work", json.dumps(value)) == message


def test_a_file_that_cannot_be_written_is_one_line_and_no_file(
    tmp_path: Path,
) -> None:
    data = files_session(tmp_path / "work")
    target = tmp_path / "work" / "study.bleu-session"
    target.mkdir()  # a folder where the file should go: the rename fails
    with pytest.raises(WriteError) as error:
        write_session(target, data)
    assert str(error.value) == f"{target}: cannot write the file: is a directory"
    assert [p for p in target.parent.iterdir() if ".unfinished-" in p.name] == []


# --- boundaries and defaults the hand mutations found unguarded (issue 25) ----------


def _rewritten(tmp_path: Path, change: object) -> Path:
    """`files_session` written, its JSON changed by `change`, written back."""
    data = files_session(tmp_path / "work")
    path = tmp_path / "work" / "s.bleu-session"
    write_session(path, data)
    value = json.loads(path.read_text(encoding="utf-8"))
    assert callable(change)
    change(value)
    path.write_text(json.dumps(value), encoding="utf-8")
    return path


def test_a_session_without_systems_or_filter_reads_as_a_fresh_window(
    tmp_path: Path,
) -> None:
    """What a new window starts with: the first system as baseline and shown,
    sacreBLEU's bootstrap (1000 resamples, seed 12345), and a filter that hides
    nothing: no text, every side searched, scores 0 to 100, Δ -100 to 100."""

    def strip(value: dict[str, Any]) -> None:
        del value["systems"], value["filter"]

    read = read_session(_rewritten(tmp_path, strip))
    assert (read.systems.baseline, read.systems.shown) == (0, 0)
    assert (read.systems.test, read.systems.samples, read.systems.seed) == (
        "bs",
        1000,
        12345,
    )
    assert (read.systems.all_pairs, read.systems.shown_only) == (False, False)
    shown = read.filter
    assert (shown.text, shown.regex, shown.case_sensitive) == ("", False, False)
    assert (shown.in_hypothesis, shown.in_references, shown.in_source) == (
        True,
        True,
        True,
    )
    assert (shown.min_score, shown.max_score, shown.side) == (0.0, 100.0, "ANY")
    assert shown.delta == (-100.0, 100.0, False, False)
    assert shown.documents == ()


def test_a_baseline_one_past_the_last_system_is_refused(tmp_path: Path) -> None:
    path = _rewritten(tmp_path, lambda v: v["systems"].update(baseline=2))
    with pytest.raises(SessionFileError) as error:
        read_session(path)
    assert str(error.value) == (
        f"{path}: systems.baseline: system 2 does not exist (there are 2)"
    )


def test_an_empty_list_of_edits_reads_as_no_edits(tmp_path: Path) -> None:
    """A system listed with no edited segment has nothing to restore."""

    def empty_edits(value: dict[str, Any]) -> None:
        value["bleu-gui-session"] = 2
        value["edits"] = [{"system": 1, "segments": []}]

    assert read_session(_rewritten(tmp_path, empty_edits)).edits == ()


def test_exactly_the_most_segments_a_session_may_name_is_read(tmp_path: Path) -> None:
    """ "more than 10,000,000" is refused: 10,000,000 itself is not."""

    def most(value: dict[str, Any]) -> None:
        value["test_set"]["documents"] = [["d1", 5_000_000], ["d2", 5_000_000]]

    documents = read_session(_rewritten(tmp_path, most)).documents
    assert documents is not None
    assert len(documents) == 10_000_000
    assert (documents[0], documents[-1]) == ("d1", "d2")


def test_the_filters_documents_are_a_set(tmp_path: Path) -> None:
    """Chosen documents have no order and no repeats: read once each, in id order."""
    path = _rewritten(
        tmp_path, lambda v: v["filter"].update(documents=["d2", "d1", "d2"])
    )
    assert read_session(path).filter.documents == ("d1", "d2")
