"""A reference given twice, or the source given as a reference, is found and named."""

from __future__ import annotations

import os
from pathlib import Path

from bleu_gui.io import (
    Duplicate,
    Sameness,
    duplicate_warning,
    find_duplicates,
    read_corpus,
)

HYP = ["a cat sat", "a dog ran"]
REF = ["the cat sat", "the dog ran"]
OTHER = ["one cat sat", "one dog ran"]
SRC = ["die Katze", "der Hund"]


def write(path: Path, lines: list[str], prefix: bytes = b"") -> Path:
    path.write_bytes(prefix + "".join(f"{line}\n" for line in lines).encode())
    return path


def test_distinct_files_have_no_duplicates(tmp_path: Path) -> None:
    hyp = write(tmp_path / "hyp.txt", HYP)
    refs = [write(tmp_path / "a.txt", REF), write(tmp_path / "b.txt", OTHER)]
    src = write(tmp_path / "src.txt", SRC)
    assert find_duplicates(read_corpus(hyp, refs, source_path=src)) == ()


def test_same_path_twice(tmp_path: Path) -> None:
    hyp = write(tmp_path / "hyp.txt", HYP)
    ref = write(tmp_path / "ref.txt", REF)
    corpus = read_corpus(hyp, [ref, ref])
    (duplicate,) = find_duplicates(corpus)
    assert duplicate == Duplicate(ref, ref, "reference", Sameness.SAME_FILE)
    assert duplicate_warning(duplicate, 2) == (
        f"{ref}: reference given twice; it is scored as two references, as "
        "sacreBLEU does, so nrefs:2 in the signature counts a duplicate"
    )


def test_same_file_by_another_path(tmp_path: Path) -> None:
    hyp = write(tmp_path / "hyp.txt", HYP)
    ref = write(tmp_path / "ref.txt", REF)
    link = tmp_path / "link.txt"
    os.symlink(ref, link)
    spelled = tmp_path / "sub" / ".." / "ref.txt"
    (tmp_path / "sub").mkdir()
    corpus = read_corpus(hyp, [ref, write(tmp_path / "o.txt", OTHER), link, spelled])
    assert find_duplicates(corpus) == (
        Duplicate(ref, link, "reference", Sameness.SAME_FILE),
        Duplicate(ref, spelled, "reference", Sameness.SAME_FILE),
    )
    assert duplicate_warning(find_duplicates(corpus)[0], 4) == (
        f"{link}: reference the same file as reference {ref}; it is scored as two "
        "references, as sacreBLEU does, so nrefs:4 in the signature counts a "
        "duplicate"
    )


def test_same_content_as_read(tmp_path: Path) -> None:
    # A copy saved with CRLF line ends and trailing spaces reads the same segments.
    hyp = write(tmp_path / "hyp.txt", HYP)
    ref = write(tmp_path / "ref.txt", REF)
    copy = tmp_path / "copy.txt"
    copy.write_bytes(b"the cat sat  \r\nthe dog ran\r\n")
    (duplicate,) = find_duplicates(read_corpus(hyp, [ref, copy]))
    assert duplicate == Duplicate(ref, copy, "reference", Sameness.SAME_CONTENT)
    assert duplicate_warning(duplicate, 2).startswith(
        f"{copy}: reference identical to reference {ref}; it is scored as two"
    )


def test_each_repeat_reported_once_against_the_first(tmp_path: Path) -> None:
    hyp = write(tmp_path / "hyp.txt", HYP)
    refs = [write(tmp_path / f"r{i}.txt", REF) for i in range(3)]
    assert find_duplicates(read_corpus(hyp, refs)) == (
        Duplicate(refs[0], refs[1], "reference", Sameness.SAME_CONTENT),
        Duplicate(refs[0], refs[2], "reference", Sameness.SAME_CONTENT),
    )


def test_source_given_as_a_reference(tmp_path: Path) -> None:
    hyp = write(tmp_path / "hyp.txt", HYP)
    ref = write(tmp_path / "ref.txt", REF)
    src = write(tmp_path / "src.txt", SRC)
    as_ref = read_corpus(hyp, [ref, src], source_path=src)
    (duplicate,) = find_duplicates(as_ref)
    assert duplicate == Duplicate(src, src, "source", Sameness.SAME_FILE)
    assert duplicate_warning(duplicate, 2) == (
        f"{src}: the source is also given as a reference; is a reference missing?"
    )
    copy = write(tmp_path / "copy.txt", SRC)
    (duplicate,) = find_duplicates(read_corpus(hyp, [ref, copy], source_path=src))
    assert duplicate_warning(duplicate, 2) == (
        f"{src}: the source is identical to reference {copy}; is a reference missing?"
    )
