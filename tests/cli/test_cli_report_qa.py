"""`bleu-gui report --src`: the report's QA section, counted and listed per system.

The corpus is made here and its issues counted by hand: sentence 1 changes a
number of the source, sentence 2 is the source left untranslated; the other
system changes nothing the checks see.
"""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path

import pytest

from bleu_gui.cli import report_main

SOURCE = ["Der Preis ist 15 Euro.", "Hallo Welt", "Guten Tag"]
FIRST = ["The price is 16 euros.", "Hallo Welt", "Good day"]
SECOND = ["The price is 15 euros.", "Hello world", "Good day"]
REFERENCE = ["The price is 15 euros.", "Hello world", "Good day."]


def write(folder: Path, name: str, lines: list[str]) -> str:
    """Write `lines` to `folder/name`; the name as the user types it (cwd)."""
    (folder / name).write_text("".join(f"{line}\n" for line in lines), "utf-8")
    return name


def section(page: str) -> str:
    """The QA section's text, tags dropped, one line per row or paragraph."""
    start = page.index("<h2>QA checks</h2>")
    end = page.index("<h2>", start + 1)
    text = re.sub(r"</(tr|p|li|h2|h3)>", "\n", page[start:end])
    text = re.sub(r"</t[dh]>", " | ", text)
    return unescape(re.sub(r"<[^>]+>", "", text))


def test_the_report_counts_and_lists_each_systems_issues(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    ref = write(tmp_path, "ref.txt", REFERENCE)
    first = write(tmp_path, "first.txt", FIRST)
    second = write(tmp_path, "second.txt", SECOND)
    src = write(tmp_path, "src.txt", SOURCE)
    page = tmp_path / "report.html"
    args = [ref, "-i", first, second, "--src", src, "-o", str(page), "--samples", "9"]
    assert report_main(args) == 0
    tags = "needs inline tags, which only XLIFF and TMX files keep"
    assert section(page.read_text(encoding="utf-8")).splitlines() == [
        "QA checks",
        "Check | first.txt | second.txt | ",
        "Empty | 0 | 0 | ",
        "Untranslated | 1 | 0 | ",
        "Numbers | 1 | 0 | ",
        f"Tags | {tags} | {tags} | ",
        "End punctuation | 0 | 0 | ",
        "Spaces | 0 | 0 | ",
        "Inconsistent | 0 | 0 | ",
        "All | 2 | 0 | ",
        "numbers are compared by their digits alone (1,5 and 1.5 count as the "
        "same): the source and target languages are not known",
        "first.txt: 2 issues",
        "Sentence 1: Numbers: number 15 of the source is 16 here",
        "Sentence 2: Untranslated: the translation is the source, unchanged",
        "second.txt: no issues",
    ]


def test_without_a_source_the_section_says_what_the_checks_need(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    ref = write(tmp_path, "ref.txt", REFERENCE)
    first = write(tmp_path, "first.txt", FIRST)
    page = tmp_path / "report.html"
    assert report_main([ref, "-i", first, "-o", str(page)]) == 0
    assert section(page.read_text(encoding="utf-8")).splitlines() == [
        "QA checks",
        "The QA checks compare each translation with its source: give the source "
        "(--src, or a test set that holds it) to run them.",
    ]
