"""Track changes in the sentence exports: wdiff's plain text, XLSX's rich text.

The expected changes are written by hand from the texts: which words a
post-editor deletes from the hypothesis and types to reach the closest
reference. The workbook is read back with openpyxl, as Excel would show it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from openpyxl import load_workbook
from openpyxl.cell.rich_text import CellRichText, TextBlock

from bleu_gui.cli import main
from bleu_gui.core.changes import (
    CHANGES_CHAR_LIMIT,
    closest_changes,
    markup,
    text_changes,
)
from bleu_gui.io.changes_cells import DELETED_RGB, INSERTED_RGB

# (text, struck, underlined, bold, colour) of one piece of a cell's rich text
Piece = tuple[str, bool, bool, bool, str | None]


def pieces(value: object) -> list[Piece]:
    """A cell's rich text, piece by piece, with the styles a reader sees."""
    assert isinstance(value, CellRichText), value
    out: list[Piece] = []
    for part in value:
        if isinstance(part, TextBlock):
            font = part.font
            colour = font.color.rgb if font.color is not None else None
            out.append(
                (part.text, bool(font.strike), font.u == "single", bool(font.b), colour)
            )
        else:
            out.append((str(part), False, False, False, None))
    return out


def plain(text: str) -> Piece:
    return (text, False, False, False, None)


def deleted(text: str, bold: bool = False) -> Piece:
    return (text, True, False, bold, DELETED_RGB)


def inserted(text: str, bold: bool = False) -> Piece:
    return (text, False, True, bold, INSERTED_RGB)


@pytest.mark.parametrize(
    ("hypothesis", "reference", "expected"),
    [
        ("the cat sat", "the cat sat", "the cat sat"),
        ("the big cat sat", "the cat sat", "the [-big-] cat sat"),
        ("the cat sat", "the cat sat down", "the cat sat {+down+}"),
        ("the cat sat", "the dog sat", "the [-cat-]{+dog+} sat"),
        ("", "new words", "{+new words+}"),
        ("old words", "", "[-old words-]"),
        ("  lead and  two", " lead and two", " lead and two"),
    ],
)
def test_markup_reads_as_wdiff(hypothesis: str, reference: str, expected: str) -> None:
    assert markup(text_changes(hypothesis, reference)) == expected


def test_markup_of_texts_too_long_says_why() -> None:
    long = "x" * (CHANGES_CHAR_LIMIT + 1)
    assert markup(text_changes(long, "short")) == (
        f"not compared: the hypothesis has {CHANGES_CHAR_LIMIT + 1:,} characters "
        f"(at most {CHANGES_CHAR_LIMIT:,})"
    )
    assert markup(text_changes("short", long)).startswith(
        "not compared: the reference has 10,001 characters"
    )


def test_changes_go_into_the_closest_reference() -> None:
    hypotheses = ["a b c", "x y"]
    references: list[list[str | None]] = [["a b c d", "p q"], ["a z c", None]]
    closest = [0, 0]  # as `Effort.closest` says; the second row has no ref B
    changes = list(closest_changes(hypotheses, references, closest))
    assert [markup(c) for c in changes] == ["a b c {+d+}", "[-x-]{+p+} [-y-]{+q+}"]
    into_b = list(closest_changes(hypotheses[:1], [r[:1] for r in references], [1]))
    assert markup(into_b[0]) == "a [-b-]{+z+} c"


def write(tmp_path: Path, hypotheses: list[str], *refs: list[str], name: str) -> Path:
    hyp = tmp_path / "hyp.txt"
    hyp.write_text("".join(f"{line}\n" for line in hypotheses), encoding="utf-8")
    ref_paths = []
    for index, lines in enumerate(refs):
        ref = tmp_path / f"ref{index}.txt"
        ref.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
        ref_paths.append(str(ref))
    target = tmp_path / name
    assert main([*ref_paths, "-i", str(hyp), "--export", str(target), "-q"]) == 0
    return target


def test_the_workbook_shows_the_changes_as_tracked_changes(tmp_path: Path) -> None:
    target = write(
        tmp_path,
        ["the cat sat on the mat", "hello world", "colour me blue"],
        ["the cat sat on a mat", "hello there world", "color me blue"],
        ["a dog", "bye", "nothing alike at all"],
        name="changes.xlsx",
    )
    sheet = load_workbook(target, rich_text=True)["Table"]
    header = [cell.value for cell in sheet[1]]
    assert header[-2:] == ["Hypothesis", "Changes into the closest reference"]
    cells = [row[-1].value for row in sheet.iter_rows(min_row=2)]
    assert pieces(cells[0]) == [
        plain("the cat sat on "),
        deleted("the"),
        plain(" "),
        inserted("a"),
        plain(" mat"),
    ]
    assert pieces(cells[1]) == [
        plain("hello "),
        inserted("there"),
        plain(" world"),
    ]
    # A retouched word: its changed letters in bold, the rest in its side's style.
    assert pieces(cells[2]) == [
        deleted("colo"),
        deleted("u", bold=True),
        deleted("r"),
        plain(" "),
        inserted("color"),
        plain(" me blue"),
    ]


def test_only_the_workbook_has_the_changes_column(tmp_path: Path) -> None:
    target = write(tmp_path, ["a b"], ["a c"], name="changes.csv")
    header = target.read_text(encoding="utf-8-sig").splitlines()[3]
    assert header.endswith(",Band,Closest ref,Hypothesis")
    assert "Changes" not in target.read_text(encoding="utf-8-sig")


def test_control_characters_in_a_change_are_replaced(tmp_path: Path) -> None:
    target = write(tmp_path, ["bad\x07word"], ["good word"], name="changes.xlsx")
    sheet = load_workbook(target, rich_text=True)["Table"]
    cell = next(sheet.iter_rows(min_row=2))[-1]
    text = "".join(piece[0] for piece in pieces(cell.value))
    assert "\x07" not in text
    assert "bad\ufffdword" in text
