"""`bleu-gui score --export/--export-systems` on hostile texts: the files' bytes.

A segment or a system's name that a spreadsheet would run as a formula must
reach the CSV as text that it shows; the numbers beside it must stay numbers. One
that holds HTML or Markdown must render in a browser as its text. Every number is
sacreBLEU's own.
"""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
import sacrebleu

from bleu_gui.cli import main
from tests.export_files import BOM, read_delimited
from tests.markdown_render import EXPORT_TAGS, rendered_cells

REFS = ["The cat sat on the mat.", "A dog ran in the park.", "It rained all day."]
FORMULAS = ['=HYPERLINK("http://x","click")', "A dog ran in the park.", "-1"]
OTHER = ["The cat sat on the mat.", "+A dog ran.", "It rained all day."]
FIRST, SECOND = "=cmd|' calc'!A0.txt", "@x.txt"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder with the reference and two systems named as formulas, as cwd."""
    for name, lines in (("ref.txt", REFS), (FIRST, FORMULAS), (SECOND, OTHER)):
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_the_sentence_csv_quotes_formulas_and_keeps_numbers(folder: Path) -> None:
    assert main(["ref.txt", "-i", FIRST, SECOND, "--export", "s.csv", "-q"]) == 0
    data = (folder / "s.csv").read_bytes()
    assert data.startswith(BOM + b"\"Sentences of =cmd|' calc'!A0.txt, @x.txt\"\n")
    assert b',"\'=HYPERLINK(""http://x"",""click"")",' in data
    assert data.count(b",'+A dog ran.\n") == 1
    assert data.count(b",'-1,") == 1
    read = read_delimited(folder / "s.csv")
    delta = read.header.index(f"Δ − {FIRST}: {SECOND}")
    expected = [
        sacrebleu.sentence_bleu(b, [r]).score - sacrebleu.sentence_bleu(a, [r]).score
        for a, b, r in zip(FORMULAS, OTHER, REFS, strict=True)
    ]
    assert [row[delta] for row in read.rows] == [f"{x:+.1f}" for x in expected]
    assert [row[delta] for row in read.rows] == ["+100.0", "-71.4", "+100.0"]


def test_the_systems_csv_quotes_names_and_keeps_numbers(folder: Path) -> None:
    argv = ["ref.txt", "-i", FIRST, SECOND, "--export-systems", "sys.csv", "-q"]
    assert main(argv) == 0
    a = sacrebleu.corpus_bleu(FORMULAS, [REFS]).score
    b = sacrebleu.corpus_bleu(OTHER, [REFS]).score
    lines = (folder / "sys.csv").read_bytes().decode("utf-8-sig").split("\n")
    assert lines[:4] == [
        "Systems against the baseline",
        "BLEU: nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0",
        "",
        "System,BLEU,Δ,Why Δ",
    ]
    assert lines[4] == f"'{FIRST},{a:.2f},baseline,"
    assert lines[5].startswith(
        f"'{SECOND},{b:.2f},{b - a:+.2f},\"'{SECOND} gains {b - a:.2f} BLEU over "
        f"{FIRST}: "
    )


def test_the_markdown_export_renders_markup_as_text(folder: Path) -> None:
    """A CommonMark renderer that passes raw HTML shows each segment as it is."""
    markup = ["</textarea><script>alert(1)</script>", "**A** dog_ran_", "It [x](y)"]
    hostile = "<img src=x onerror=alert(1)>.txt"
    (folder / hostile).write_text("\n".join(markup) + "\n", encoding="utf-8")
    assert main(["ref.txt", "-i", hostile, "--export", "s.md", "-q"]) == 0
    page = rendered_cells((folder / "s.md").read_text(encoding="utf-8"))
    assert page.tags == EXPORT_TAGS
    header, *rows = page.rows
    assert header[-1] == "Hypothesis"
    assert [row[-1] for row in rows] == markup
    pairs = zip(markup, REFS, strict=True)
    scores = [sacrebleu.sentence_bleu(h, [r]).score for h, r in pairs]
    assert [row[1] for row in rows] == [f"{x:.1f}" for x in scores]
    argv = ["ref.txt", "-i", hostile, SECOND, "--export-systems", "sys.md", "-q"]
    assert main(argv) == 0
    page = rendered_cells((folder / "sys.md").read_text(encoding="utf-8"))
    assert page.tags == EXPORT_TAGS
    assert [row[0] for row in page.rows] == ["System", hostile, SECOND]


CR_SEGMENTS = [
    "the cat sat\ron the mat",
    "the dog ran in the park",
    "\rit rained all day",
    "a bird sang\r\ra song",
]
CR_REFS = [
    "the cat sat on the mat",
    "the dog ran in the park",
    "it rained all day",
    "a bird sang a song",
]


@pytest.mark.parametrize(("extension", "delimiter"), [(".csv", ","), (".tsv", "\t")])
def test_a_carriage_return_in_a_segment_keeps_one_row_per_segment(
    tmp_path: Path, extension: str, delimiter: str
) -> None:
    """Python's csv reader reads as many rows as there are segments."""
    ref, hyp = tmp_path / "ref.txt", tmp_path / "hyp.txt"
    ref.write_bytes("\n".join(CR_REFS).encode() + b"\n")
    hyp.write_bytes("\n".join(CR_SEGMENTS).encode() + b"\n")
    target = tmp_path / f"s{extension}"
    assert main([str(ref), "-i", str(hyp), "--export", str(target), "-q"]) == 0
    read = read_delimited(target, delimiter)
    assert len(read.rows) == len(CR_SEGMENTS)
    assert [row[-1] for row in read.rows] == [
        "the cat sat\ron the mat",
        "the dog ran in the park",
        "'\rit rained all day",
        "a bird sang\r\ra song",
    ]
    data = target.read_bytes()
    assert data.count(b'"the cat sat\ron the mat"\n') == 1
    assert data.count(b'"\'\rit rained all day"\n') == 1
    scores = [
        sacrebleu.sentence_bleu(h, [r]).score
        for h, r in zip(CR_SEGMENTS, CR_REFS, strict=True)
    ]
    assert [row[1] for row in read.rows] == [f"{x:.1f}" for x in scores]


def test_a_carriage_return_in_a_markdown_cell_is_shown_as_its_mark(
    tmp_path: Path,
) -> None:
    ref, hyp = tmp_path / "ref.txt", tmp_path / "hyp.txt"
    ref.write_bytes("\n".join(CR_REFS).encode() + b"\n")
    hyp.write_bytes("\n".join(CR_SEGMENTS).encode() + b"\n")
    target = tmp_path / "s.md"
    assert main([str(ref), "-i", str(hyp), "--export", str(target), "-q"]) == 0
    page = rendered_cells(target.read_text(encoding="utf-8"))
    assert [row[-1] for row in page.rows] == [
        "Hypothesis",
        "the cat sat⟨U+000D⟩on the mat",
        "the dog ran in the park",
        "⟨U+000D⟩it rained all day",
        "a bird sang⟨U+000D⟩⟨U+000D⟩a song",
    ]


def test_a_private_export_written_again_stays_private_and_linked(
    folder: Path,
) -> None:
    """Mode 600 kept; a link to the export stays a link, its target replaced."""
    kept = folder / "kept"
    kept.mkdir()
    (kept / "s.csv").write_text("old\n", encoding="utf-8")
    (kept / "s.csv").chmod(0o600)
    (folder / "s.csv").symlink_to(kept / "s.csv")
    assert main(["ref.txt", "-i", SECOND, "--export", "s.csv", "-q"]) == 0
    assert (folder / "s.csv").is_symlink()
    assert stat.S_IMODE((kept / "s.csv").stat().st_mode) == 0o600
    data = (kept / "s.csv").read_bytes()
    assert data.startswith(BOM + b"Sentences of @x.txt\n")
    assert data.endswith(b",It rained all day.\n")
    assert os.listdir(kept) == ["s.csv"]


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full")
@pytest.mark.parametrize("extension", [".xlsx", ".csv", ".json"])
def test_a_full_disk_is_one_line_on_stderr(folder: Path, extension: str) -> None:
    """The export goes to /dev/full (ENOSPC): one line, no "Exception ignored"."""
    target = folder / f"s{extension}"
    target.symlink_to("/dev/full")
    argv = ["score", "ref.txt", "-i", SECOND, "--export", target.name, "-q"]
    result = subprocess.run(
        [sys.executable, "-m", "bleu_gui", *argv],
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 1
    assert result.stderr.decode() == (
        f"bleu-gui: error: s{extension}: cannot write the file: "
        "no space left on device\n"
    )
    assert target.is_symlink()
