"""One rule for a file in two roles (`io.roles_check`), for the window and the CLI."""

from __future__ import annotations

from pathlib import Path

import pytest

from bleu_gui.io import InputError, RepeatedFileError, check_roles, repeated_file
from bleu_gui.models.session import FileSet


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for name in ("a.txt", "b.txt", "src.txt", "s1.txt", "s2.txt"):
        (tmp_path / name).write_text("x\n", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "link-to-b.txt").symlink_to(tmp_path / "b.txt")
    return tmp_path


def test_every_file_in_one_role_passes(here: Path) -> None:
    systems = [Path("s1.txt"), Path("s2.txt")]
    refs = [Path("a.txt"), Path("b.txt")]
    assert repeated_file(systems, refs, Path("src.txt")) is None
    check_roles(systems, refs, Path("src.txt"))  # does not raise


@pytest.mark.parametrize(
    ("systems", "refs", "source", "line"),
    [
        (
            ["s1.txt", "s2.txt", "sub/../s1.txt"],
            ["a.txt"],
            None,
            "sub/../s1.txt is already system 1: a file can be only one system",
        ),
        (
            ["s1.txt"],
            ["a.txt", "b.txt", "link-to-b.txt"],
            None,
            "link-to-b.txt is already reference 2: a file can be only one reference",
        ),
        (
            ["s1.txt"],
            ["a.txt", "src.txt"],
            "src.txt",
            "src.txt is given both as the source and as reference 2: "
            "a file cannot be both",
        ),
        (  # systems are checked first
            ["s1.txt", "s1.txt"],
            ["a.txt", "a.txt"],
            None,
            "s1.txt is already system 1: a file can be only one system",
        ),
    ],
)
def test_the_first_repeat_is_named_in_one_line(
    here: Path, systems: list[str], refs: list[str], source: str | None, line: str
) -> None:
    paths = [Path(p) for p in systems]
    references = [Path(p) for p in refs]
    source_path = None if source is None else Path(source)
    assert repeated_file(paths, references, source_path) == line
    with pytest.raises(RepeatedFileError) as info:
        check_roles(paths, references, source_path)
    assert isinstance(info.value, InputError)
    assert str(info.value) == line
    # The window's FileSet says the same, through the same rule.
    files = FileSet(paths[0], tuple(references), source_path, systems=tuple(paths))
    assert files.repeated_file() == line


def test_a_link_loop_is_compared_as_given(here: Path) -> None:
    (here / "loop").symlink_to(here / "loop")
    assert repeated_file([], [Path("loop"), Path("a.txt")]) is None
    assert repeated_file([], [Path("loop"), Path("loop")]) == (
        "loop is already reference 1: a file can be only one reference"
    )
