"""Hostile session files: every value bounded, one line naming its JSON place.

A session file may come from anyone. Numbers JSON does not have (NaN, Infinity),
integers of thousands of digits, nesting deep enough to exhaust the stack, a NUL
byte in a path and numbers no window can hold are refused in one line by
`read_session`, before anything of the session applies; files outside the
session's folder are found by `outside_folder`. Messages are pinned word for word.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bleu_gui.io.session_file import (
    SessionFileError,
    outside_folder,
    read_session,
    write_session,
)
from tests.io.test_session_file import files_session

Change = Callable[[dict[str, Any]], None]


def saved(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """A valid session of files (every field set) and its JSON value."""
    path = tmp_path / "work" / "s.bleu-session"
    write_session(path, files_session(tmp_path / "work"))
    return path, json.loads(path.read_text(encoding="utf-8"))


def refusal(path: Path, text: str) -> str:
    """What `read_session` says of a session file holding `text` (its place on)."""
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SessionFileError) as error:
        read_session(path)
    message = str(error.value)
    assert "\n" not in message
    return message.removeprefix(f"{path}: ")


def put(keys: tuple[str | int, ...], raw: str) -> Callable[[Path, dict[str, Any]], str]:
    """The session's JSON text with the value at `keys` written as `raw` JSON text."""

    def text(_path: Path, value: dict[str, Any]) -> str:
        item: Any = value
        for key in keys[:-1]:
            item = item[key]
        item[keys[-1]] = "@@@"
        return json.dumps(value).replace('"@@@"', raw)

    return text


DIGITS_5000 = "9" * 5000


@pytest.mark.parametrize(
    ("keys", "raw", "message"),
    [
        # A 5,000-digit integer: Python's int() refuses it with a ValueError.
        (
            ("systems", "samples"),
            DIGITS_5000,
            "systems.samples: a whole number of 5,000 digits is more than 1,000,000",
        ),
        (
            ("table", "selected"),
            "-" + DIGITS_5000,
            "table.selected: a whole number of 5,000 digits is less than 0",
        ),
        (
            ("bleu-gui-session",),
            DIGITS_5000,
            "bleu-gui-session: unknown session format (a whole number of 5,000 digits)",
        ),
        (
            ("systems", "seed"),
            f'"{DIGITS_5000}"',
            "systems.seed: a whole number of 5,000 digits is more than "
            "99,999,999,999,999,999,999",
        ),
        (
            ("settings", "max_order"),
            DIGITS_5000,
            "settings.max_order: a whole number of 5,000 digits is too large",
        ),
        # samples of 10**12: the window's spin box cannot hold it.
        (
            ("systems", "samples"),
            "1000000000000",
            "systems.samples: 1000000000000 is more than 1,000,000",
        ),
        (("systems", "samples"), "0", "systems.samples: 0 is less than 1"),
        # NaN and Infinity are not JSON; Python's reader takes them by default.
        (
            ("filter", "min_score"),
            "NaN",
            "filter.min_score: NaN is not a number (expected 0 to 100)",
        ),
        (
            ("filter", "max_score"),
            "Infinity",
            "filter.max_score: Infinity is more than 100",
        ),
        (
            ("filter", "delta", 0),
            "-Infinity",
            "filter.delta[0]: -Infinity is less than -100",
        ),
        (("filter", "max_score"), "1e999", "filter.max_score: 1e999 is more than 100"),
        (
            ("settings", "nltk_alpha"),
            "NaN",
            "settings.nltk_alpha: NaN is not a number",
        ),
        (("filter", "text"), "NaN", "filter.text: expected a string, found NaN"),
        # Scores are 0 to 100; a difference of two is -100 to 100.
        (("filter", "max_score"), "100.5", "filter.max_score: 100.5 is more than 100"),
        (("filter", "min_score"), "-0.5", "filter.min_score: -0.5 is less than 0"),
        (("filter", "delta", 1), "250", "filter.delta[1]: 250 is more than 100"),
        # Rows and counts of segments: at most ten million.
        (
            ("table", "selected"),
            "10000000",
            "table.selected: 10000000 is more than 9,999,999",
        ),
        (
            ("test_set", "documents", 0, 1),
            "10000001",
            "test_set.documents[0][1]: 10000001 is more than 10,000,000",
        ),
        (
            ("table", "sort", 1),
            "101",
            "table.sort[1]: 101 is more than 100",
        ),
        (
            ("systems", "seed"),
            "100000000000000000000",
            "systems.seed: 100000000000000000000 is more than "
            "99,999,999,999,999,999,999",
        ),
        # A NUL byte in a path: the system's calls raise ValueError on it.
        (
            ("test_set", "files", 1, "path"),
            '"out/b\\u0000.txt"',
            "test_set.files[1].path: a path with a NUL character",
        ),
    ],
)
def test_a_value_out_of_its_range_is_refused_naming_its_place(
    tmp_path: Path, keys: tuple[str | int, ...], raw: str, message: str
) -> None:
    path, value = saved(tmp_path)
    assert refusal(path, put(keys, raw)(path, value)) == message


def test_document_runs_of_more_segments_than_a_session_may_name_are_refused(
    tmp_path: Path,
) -> None:
    """Each run in range, their total not: it would be expanded, one id a segment."""
    path, value = saved(tmp_path)
    value["test_set"]["documents"] = [["d1", 6_000_000], ["d2", 6_000_000]]
    assert refusal(path, json.dumps(value)) == (
        "test_set.documents: 12,000,000 segments in all is more than 10,000,000"
    )


@pytest.mark.parametrize("where", ["alone", "inside the session"])
def test_nesting_deep_enough_to_exhaust_the_stack_is_one_line(
    tmp_path: Path, where: str
) -> None:
    path = tmp_path / "s.bleu-session"
    deep = "[" * 100_000
    text = deep if where == "alone" else '{"bleu-gui-session": 1, "x": ' + deep
    assert refusal(path, text) == (
        "not a session file (lists or objects nested too deeply)"
    )


def test_an_enormous_integer_where_nothing_is_read_is_left_alone(
    tmp_path: Path,
) -> None:
    """A key this bleu-gui does not know is ignored, whatever it holds."""
    path, value = saved(tmp_path)
    value["from_a_newer_bleu_gui"] = "@@@"
    path.write_text(json.dumps(value).replace('"@@@"', DIGITS_5000), encoding="utf-8")
    assert read_session(path) == files_session(tmp_path / "work")


def test_files_outside_the_session_folder_are_found(tmp_path: Path) -> None:
    path, value = saved(tmp_path)
    elsewhere = tmp_path / "data" / "ref.txt"
    value["test_set"]["files"][0]["path"] = str(elsewhere)  # absolute
    value["test_set"]["files"][1]["path"] = "../up.txt"
    value["test_set"]["files"][3]["path"] = "out/../src.txt"  # still inside
    path.write_text(json.dumps(value), encoding="utf-8")
    data = read_session(path)
    assert outside_folder(data, path) == (elsewhere, tmp_path / "up.txt")


def test_a_session_of_its_own_folder_has_nothing_outside(tmp_path: Path) -> None:
    path, _value = saved(tmp_path)
    assert outside_folder(read_session(path), path) == ()
