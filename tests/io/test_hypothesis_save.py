"""Save hypothesis as…: the edited file reads back as the overlay and scores the same.

The file written is read again by the readers and scored by sacreBLEU itself; its
bytes are pinned for an encoding other than UTF-8; refusals and failed writes
leave no file and say one line.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
import sacrebleu

from bleu_gui.core.config import BleuConfig
from bleu_gui.core.edits import Edits, apply_edits, count_edits, edited_hypotheses
from bleu_gui.core.scoring import iter_prepare, score_corpus
from bleu_gui.core.steps import drain
from bleu_gui.io.hypothesis_save import (
    HypothesisSaveError,
    SavedHypothesis,
    save_hypothesis,
)
from bleu_gui.io.readers import Segments, read_segments
from bleu_gui.io.safe_write import WriteError

REFS = (
    "The cat sat on the mat.",
    "A dog barked twice at the mailman.",
    "It rained all day in Berlin.",
    "Prices rose by 3.5 percent.",
    "Nobody came.",
)
HYPS = (
    "The cat sat on a mat.",
    "The dog barked at the postman.",
    "Rain all day in Berlin.",
    "Prices went up 3.5 percent.",
    "No one came.",
)
TEXTS = {1: "A dog barked twice at the mailman.", 3: "Prices rose by 3,5 %.", 4: ""}
CONFIG = BleuConfig()


def edits_of(texts: dict[int, str]) -> Edits:
    tokenized, stats = drain(iter_prepare(HYPS, [REFS], CONFIG))
    return count_edits(texts, tokenized.references, CONFIG, stats.max_order)


def system_file(folder: Path, encoding: str = "utf-8") -> Segments:
    path = folder / "sys.txt"
    path.write_text("".join(f"{line}\n" for line in HYPS), encoding=encoding)
    return read_segments(path, encoding)


def test_the_saved_file_reads_back_as_the_edited_hypotheses(tmp_path: Path) -> None:
    edits = edits_of(TEXTS)
    target = tmp_path / "edited.txt"
    saved = save_hypothesis(target, system_file(tmp_path), edits)
    assert saved == SavedHypothesis(target, 5, 3)
    assert saved.message() == "Saved 5 lines (3 edited) to edited.txt"
    again = read_segments(target).lines
    assert list(again) == edited_hypotheses(HYPS, edits)
    assert again == (
        "The cat sat on a mat.",
        "A dog barked twice at the mailman.",
        "Rain all day in Berlin.",
        "Prices rose by 3,5 %.",
        "",
    )


def test_the_confirmation_counts_with_thousands_separators() -> None:
    saved = SavedHypothesis(Path("/x/out.txt"), 2002, 1234)
    assert saved.message() == "Saved 2,002 lines (1,234 edited) to out.txt"


def test_scoring_the_saved_file_with_sacrebleu_gives_the_overlays_numbers(
    tmp_path: Path,
) -> None:
    edits = edits_of(TEXTS)
    target = tmp_path / "edited.txt"
    save_hypothesis(target, system_file(tmp_path), edits)
    _tokenized, stats = drain(iter_prepare(HYPS, [REFS], CONFIG))
    ours = score_corpus(apply_edits(stats, edits), CONFIG)
    theirs = sacrebleu.corpus_bleu(list(read_segments(target).lines), [list(REFS)])
    assert ours.score == pytest.approx(theirs.score, abs=1e-12)
    assert ours.bp == pytest.approx(theirs.bp, abs=1e-12)


def test_the_file_is_written_in_the_systems_encoding(tmp_path: Path) -> None:
    system = system_file(tmp_path, "latin-1")
    edits = edits_of({0: "Le chat s'assit sur le tapis, très sûr."})
    target = tmp_path / "edited.txt"
    save_hypothesis(target, system, edits)
    assert target.read_bytes().split(b"\n")[0] == (
        b"Le chat s'assit sur le tapis, tr\xe8s s\xfbr."
    )
    assert read_segments(target, "latin-1").lines[0] == edits.texts()[0]


def test_a_character_the_encoding_lacks_is_one_line_and_no_file(
    tmp_path: Path,
) -> None:
    system = system_file(tmp_path, "latin-1")
    target = tmp_path / "edited.txt"
    with pytest.raises(HypothesisSaveError) as error:
        save_hypothesis(target, system, edits_of({2: "It rained – all day."}))
    assert str(error.value) == (f"{target}, line 3: '–' cannot be written in latin-1")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["sys.txt"]


def test_an_edit_with_a_line_break_is_refused_and_nothing_written(
    tmp_path: Path,
) -> None:
    target = tmp_path / "edited.txt"
    with pytest.raises(HypothesisSaveError) as error:
        save_hypothesis(target, system_file(tmp_path), edits_of({3: "one\ntwo"}))
    assert str(error.value) == (
        f"{target}, line 4: the edit holds a line break (a hypothesis file has "
        "one segment per line)"
    )
    assert not target.exists()


def test_the_systems_own_file_is_not_written_unless_allowed(tmp_path: Path) -> None:
    system = system_file(tmp_path)
    before = system.path.read_bytes()
    link = tmp_path / "link.txt"
    link.symlink_to(system.path)
    for target in (system.path, link, tmp_path / "." / "sys.txt"):
        with pytest.raises(HypothesisSaveError) as error:
            save_hypothesis(target, system, edits_of(TEXTS))
        assert str(error.value) == (
            f"{target}: this is the system's own file: the edits are never "
            "written over it; save under another name"
        )
    assert system.path.read_bytes() == before
    save_hypothesis(system.path, system, edits_of(TEXTS), overwrite_input=True)
    assert read_segments(system.path).lines[3] == "Prices rose by 3,5 %."


def test_a_read_only_folder_is_one_line_and_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    system = system_file(tmp_path)
    folder = tmp_path / "locked"
    folder.mkdir()

    real_open = os.open

    def denied(path: str, flags: int, mode: int = 0o777) -> int:
        # what creating a file in a folder without write permission raises
        # (simulated: the tests may run as root, who may write anywhere)
        if str(path).startswith(f"{folder}{os.sep}"):
            raise PermissionError(13, "Permission denied", str(path))
        return real_open(path, flags, mode)

    monkeypatch.setattr(os, "open", denied)
    target = folder / "edited.txt"
    with pytest.raises(WriteError) as error:
        save_hypothesis(target, system, edits_of(TEXTS))
    assert str(error.value) == f"{target}: cannot write the file: permission denied"
    assert os.listdir(folder) == []


def test_a_failure_after_writing_leaves_neither_file_nor_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    system = system_file(tmp_path)
    out = tmp_path / "out"
    out.mkdir()

    def full(*_args: object, **_kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full)
    target = out / "edited.txt"
    with pytest.raises(WriteError) as error:
        save_hypothesis(target, system, edits_of(TEXTS))
    assert (
        str(error.value) == f"{target}: cannot write the file: no space left on device"
    )
    assert os.listdir(out) == []
