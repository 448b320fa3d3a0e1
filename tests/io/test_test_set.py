"""A test set read once, systems read against it; standard input read as a file."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from bleu_gui.io import (
    STDIN,
    BinaryFileError,
    Bom,
    DecodingError,
    EmptyCorpusError,
    FileAccessError,
    InputError,
    LineCountError,
    MissingFileError,
    NoReferencesError,
    TestSet,
    check_piped_hypothesis,
    read_corpus,
    read_segments,
    read_stdin,
    read_system,
    read_test_set,
)


def write(path: Path, text: str, encoding: str = "utf-8") -> Path:
    path.write_bytes(text.encode(encoding))
    return path


@pytest.fixture
def files(tmp_path: Path) -> dict[str, Path]:
    return {
        "ref_a": write(tmp_path / "ref.A.txt", "a b c\nd e f\n"),
        "ref_b": write(tmp_path / "ref.B.txt", "a b\nd e\n"),
        "src": write(tmp_path / "src.txt", "x y\nz\n"),
        "hyp": write(tmp_path / "hyp.txt", "a b c\nd e\n"),
        "hyp2": write(tmp_path / "hyp2.txt", "a c\nd f\n"),
        "short": write(tmp_path / "short.txt", "a b c\n"),
    }


def test_systems_read_against_a_test_set_equal_read_corpus(
    files: dict[str, Path],
) -> None:
    refs = [files["ref_a"], files["ref_b"]]
    test_set = read_test_set(refs, files["src"])
    for name in ("hyp", "hyp2"):
        assert read_system(test_set, files[name]) == read_corpus(
            files[name], refs, files["src"]
        )


def test_the_systems_share_the_references_as_read(files: dict[str, Path]) -> None:
    test_set = read_test_set([files["ref_a"]])
    first = read_system(test_set, files["hyp"])
    second = read_system(test_set, files["hyp2"])
    assert first.references is second.references is test_set.references
    assert first.source is None


def test_a_system_with_another_line_count_gets_read_corpus_error(
    files: dict[str, Path],
) -> None:
    refs = [files["ref_a"], files["ref_b"]]
    test_set = read_test_set(refs)
    with pytest.raises(LineCountError) as ours:
        read_system(test_set, files["short"])
    with pytest.raises(LineCountError) as theirs:
        read_corpus(files["short"], refs)
    assert (
        str(ours.value)
        == str(theirs.value)
        == (
            f"{files['ref_a']} has 2 lines but {files['short']} has 1 (a reference "
            "needs one line per hypothesis line)"
        )
    )


def test_a_test_set_needs_references(files: dict[str, Path]) -> None:
    with pytest.raises(NoReferencesError):
        read_test_set([])
    with pytest.raises(NoReferencesError):
        TestSet(())
    with pytest.raises(TypeError, match="wrap it in a list"):
        read_test_set(files["ref_a"])  # type: ignore[arg-type]


def test_a_missing_reference_is_named(tmp_path: Path) -> None:
    with pytest.raises(MissingFileError, match=r"ref\.txt: no such file$"):
        read_test_set([tmp_path / "ref.txt"])


def test_drop_bom_applies_to_the_test_set(tmp_path: Path) -> None:
    ref = write(tmp_path / "ref.txt", "\ufeffa b\n")
    assert read_test_set([ref]).references[0].bom is Bom.KEPT
    dropped = read_test_set([ref], drop_bom=True).references[0]
    assert (dropped.bom, dropped.lines) == (Bom.DROPPED, ("a b",))


# ----------------------------------------------------------------- standard input


def test_stdin_is_read_as_the_same_file_would_be(tmp_path: Path) -> None:
    data = "\ufeffa b \r\nc\u2028d\n\ne".encode()
    from_file = read_segments(write(tmp_path / "hyp.txt", data.decode()))
    from_stdin = read_stdin(stream=io.BytesIO(data))
    assert from_stdin.path == STDIN == Path("<stdin>")
    assert from_stdin.lines == from_file.lines == ("\ufeffa b", "c\u2028d", "", "e")
    assert from_stdin.bom is Bom.KEPT
    assert [w.replace("<stdin>", "F") for w in from_stdin.warnings] == [
        w.replace(str(from_file.path), "F") for w in from_file.warnings
    ]


def test_stdin_in_another_encoding() -> None:
    segments = read_stdin("latin-1", stream=io.BytesIO("café\n".encode("latin-1")))
    assert segments.lines == ("café",)


def test_stdin_decoding_error_names_stdin() -> None:
    with pytest.raises(DecodingError) as error:
        read_stdin(stream=io.BytesIO(b"ok\nbad \xff\n"))
    assert str(error.value) == (
        "<stdin>, line 2: bytes that are not valid UTF-8 (0xff at column 5); is the "
        "file in another encoding?"
    )


def test_stdin_with_binary_data_is_refused() -> None:
    with pytest.raises(BinaryFileError, match=r"^<stdin>, line 2: "):
        read_stdin(stream=io.BytesIO(b"a\nb\0c\n"))


def test_closed_stdin_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", None)
    with pytest.raises(FileAccessError) as error:
        read_stdin()
    assert str(error.value) == "<stdin>: cannot be read (standard input is closed)"
    closed = io.BytesIO(b"a\n")
    closed.close()
    with pytest.raises(FileAccessError, match="standard input is closed"):
        read_stdin(stream=closed)


def test_empty_stdin_has_nothing_to_score(files: dict[str, Path]) -> None:
    test_set = read_test_set([files["ref_a"]])
    with pytest.raises(EmptyCorpusError) as error:
        test_set.corpus(read_stdin(stream=io.BytesIO(b"")))
    assert str(error.value) == "<stdin>: the file is empty: there is nothing to score"


def test_stdin_line_count_error_names_stdin(files: dict[str, Path]) -> None:
    test_set = read_test_set([files["ref_a"]])
    with pytest.raises(LineCountError) as error:
        test_set.corpus(read_stdin(stream=io.BytesIO(b"one line\n")))
    assert str(error.value) == (
        f"{files['ref_a']} has 2 lines but <stdin> has 1 (a reference needs one "
        "line per hypothesis line)"
    )


@pytest.mark.parametrize(
    ("data", "words"),
    [
        pytest.param(
            b"a\nb\tc\n",
            "<stdin>, line 2: contains a tab, where sacreBLEU starts another "
            "system's column when it reads standard input; -i - reads it as a "
            "file, as one system",
            id="tab",
        ),
        pytest.param(
            b"a\rb\n",
            "<stdin>, line 1: contains a carriage return (U+000D) inside the "
            "segment, where sacreBLEU ends a line when it reads standard input; "
            "-i - reads it as a file, as one system",
            id="lone-cr",
        ),
    ],
)
def test_piped_text_that_sacrebleu_reads_otherwise_is_refused(
    data: bytes, words: str
) -> None:
    segments = read_stdin(stream=io.BytesIO(data))
    with pytest.raises(InputError) as error:
        check_piped_hypothesis(segments, how_to_read_as_file="-i -")
    assert str(error.value) == words


def test_piped_text_with_crlf_and_trailing_tabs_is_accepted() -> None:
    """Line ends and trailing whitespace are read alike by sacreBLEU and by us."""
    segments = read_stdin(stream=io.BytesIO(b"a b\t\r\nc\t\n"))
    check_piped_hypothesis(segments, how_to_read_as_file="-i -")
    assert segments.lines == ("a b", "c")
