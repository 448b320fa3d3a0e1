"""A hand-made corpus with a source, each sentence built to trip one QA check.

Counted by hand from the rules in docs/design.md ("QA checks"): the window's QA
panel and the command line's export are checked against `EXPECTED`.
"""

from __future__ import annotations

from pathlib import Path

SOURCE_LINES = [
    "Das kostet 15 Euro.",  # 1: 15 became 16 (numbers)
    "Hallo Welt.",  # 2: copied (untranslated)
    "Guten Morgen",  # 3: left empty (empty)
    "Wie geht es?",  # 4: "?" became "." (end punctuation)
    "Danke.",  # 5: two spaces (spaces), and translated otherwise in 6
    "Danke.",  # 6: translated otherwise in 5 (inconsistent)
    "Ja.",  # 7: no issue
]
HYPOTHESES = [
    "It costs 16 euros.",
    "Hallo Welt.",
    "",
    "How are you.",
    "Thanks  a lot.",
    "Thank you.",
    "Yes.",
]
REFERENCES = [
    "It costs 15 euros.",
    "Hello world.",
    "Good morning",
    "How are you?",
    "Thanks a lot.",
    "Thank you.",
    "Yes.",
]
# By hand: (sentence, check, message), in the list's order (by sentence, then
# in the order of the checks).
EXPECTED = [
    ("1", "Numbers", "number 15 of the source is 16 here"),
    ("2", "Untranslated", "the translation is the source, unchanged"),
    ("3", "Empty", "the translation is empty"),
    ("4", "End punctuation", "ends with '.' where the source has '?'"),
    ("5", "Spaces", "two spaces in a row"),
    (
        "5",
        "Inconsistent",
        "the same source is translated differently in segment 6",
    ),
    (
        "6",
        "Inconsistent",
        "the same source is translated differently in segment 5",
    ),
]


def write(path: Path, lines: list[str]) -> Path:
    """`lines` as a text file, one per line."""
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return path
