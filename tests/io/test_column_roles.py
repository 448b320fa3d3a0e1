"""The header words that name a role: researchers' and translators' tables alike.

A translator's export names its columns "Source (en-US)", "Target (de-DE)", "MT",
"Segment ID"; those columns come with their roles (`io.column_roles.role_of`), in
the spreadsheet reader, which the window's roles dialog and the command line both
use. A language code in parentheses is not part of the name, and is read apart.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bleu_gui.io.bundle import Format, Role
from bleu_gui.io.column_roles import language_of, role_of
from bleu_gui.io.formats import read_bundle


@pytest.mark.parametrize(
    ("header", "role"),
    [
        ("Source", Role.SOURCE),
        ("Source (en-US)", Role.SOURCE),
        ("source text", Role.SOURCE),
        ("SOURCE TEXT (EN)", Role.SOURCE),
        ("Target", Role.REFERENCE),
        ("Target (de-DE)", Role.REFERENCE),
        ("Translation", Role.REFERENCE),
        ("Reference", Role.REFERENCE),
        ("Post-edit", Role.REFERENCE),
        ("Post-edited", Role.REFERENCE),
        ("post_edited (de)", Role.REFERENCE),
        ("PE", Role.REFERENCE),
        ("MT", Role.SYSTEM),
        ("Machine translation", Role.SYSTEM),
        ("Machine Translation (de-DE)", Role.SYSTEM),
        ("ID", Role.UNIT),
        ("Segment ID", Role.UNIT),
        ("segment_id", Role.UNIT),
        ("Unit", Role.UNIT),
        ("Document ID", Role.DOCUMENT),
        ("Notes", None),
        ("Comment (reviewer)", None),
        ("Status", None),
        ("Target words", None),
    ],
)
def test_translators_headers_name_their_roles(header: str, role: Role | None) -> None:
    assert role_of(header) is role


@pytest.mark.parametrize(
    ("header", "language"),
    [
        ("Source (en-US)", "en-US"),
        ("Target (de-DE)", "de-DE"),
        ("Target ( de )", "de"),
        ("Translation (zh-Hans-CN)", "zh-Hans-CN"),
        ("Target", None),
        ("Notes (old)", None),
        ("Comment (reviewer)", None),
    ],
)
def test_the_language_in_parentheses_is_read_apart(
    header: str, language: str | None
) -> None:
    assert language_of(header) == language


def test_a_translators_table_opens_with_its_roles(tmp_path: Path) -> None:
    sheet = tmp_path / "job.tsv"
    sheet.write_text(
        "Segment ID\tSource (en-US)\tMT\tPost-edit\tNotes\n"
        "1\tOpen the file.\tÖffne die Datei.\tÖffnen Sie die Datei.\t\n",
        encoding="utf-8",
    )
    bundle = read_bundle(sheet)
    assert bundle.format is Format.TSV
    assert {column.key: column.role for column in bundle.columns} == {
        "Segment ID": Role.UNIT,
        "Source (en-US)": Role.SOURCE,
        "MT": Role.SYSTEM,
        "Post-edit": Role.REFERENCE,
        "Notes": None,
    }
