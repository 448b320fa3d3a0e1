"""Tests for bleu_gui.io: segments exactly as sacreBLEU reads them, and clear errors."""

from __future__ import annotations

import gzip
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from sacrebleu.utils import smart_open

from bleu_gui.io import (
    DEFAULT_ENCODING,
    BinaryFileError,
    Bom,
    CompressedFileError,
    Corpus,
    DecodingError,
    EmptyCorpusError,
    FileAccessError,
    FilePermissionError,
    InputError,
    LineCountError,
    MissingFileError,
    NoReferencesError,
    NotAFileError,
    Segments,
    UnknownEncodingError,
    read_corpus,
    read_segments,
    readers,
    split_segments,
)


def write(path: Path, data: bytes) -> Path:
    """Write raw bytes (gzip-compressed if the name ends in .gz) and return the path."""
    if path.name.lower().endswith(".gz"):
        data = gzip.compress(data)
    path.write_bytes(data)
    return path


def sacrebleu_lines(path: Path, encoding: str = "utf-8") -> list[str]:
    """What sacreBLEU's command line scores for `path`."""
    with smart_open(str(path), encoding=encoding) as handle:
        return [line.rstrip() for line in handle]


# --------------------------------------------------------------------------------------
# Segmentation rules


SEGMENTATION_CASES = [
    pytest.param(b"a b\nc d\n", ("a b", "c d"), id="plain"),
    pytest.param(b"a b\r\nc d\r\n", ("a b", "c d"), id="crlf"),
    pytest.param(b"a\nb", ("a", "b"), id="final-line-without-newline"),
    pytest.param(b"a\nb\n", ("a", "b"), id="trailing-newline-no-extra-segment"),
    pytest.param(b"", (), id="empty-file"),
    pytest.param(b"\n", ("",), id="only-a-newline"),
    pytest.param(b"a\n\n\nb\n", ("a", "", "", "b"), id="empty-lines-kept"),
    pytest.param(b"a\n\n", ("a", ""), id="empty-last-line"),
    pytest.param(b"a \t \nb\xc2\xa0\n", ("a", "b"), id="trailing-whitespace-stripped"),
    pytest.param(b"  a\n\tb  \n", ("  a", "\tb"), id="leading-whitespace-kept"),
    pytest.param(b"   \n", ("",), id="whitespace-only-line-is-empty"),
    pytest.param("a\u2028b\nc\n".encode(), ("a\u2028b", "c"), id="u2028-inside"),
    pytest.param("a\u2029b\n".encode(), ("a\u2029b",), id="u2029-inside"),
    pytest.param("a\x85b\nc\n".encode(), ("a\x85b", "c"), id="u0085-inside"),
    pytest.param(b"a\x0cb\nc\n", ("a\x0cb", "c"), id="form-feed-inside"),
    pytest.param(b"a\x0bb\n", ("a\x0bb",), id="vertical-tab-inside"),
    pytest.param(b"a\x1cb\x1dc\x1ed\n", ("a\x1cb\x1dc\x1ed",), id="x1c-x1e-inside"),
    pytest.param(b"a\rb\nc\n", ("a\rb", "c"), id="lone-cr-inside"),
    pytest.param(b"a\rb\rc\r", ("a\rb\rc",), id="old-mac-file-is-one-segment"),
    pytest.param("a\u2028\nb\n".encode(), ("a", "b"), id="u2028-at-end-is-whitespace"),
    pytest.param("x\ufeffy\n".encode(), ("x\ufeffy",), id="bom-char-mid-file-kept"),
    pytest.param("a\u200b\n".encode(), ("a\u200b",), id="zero-width-space-kept"),
    pytest.param("ä ö\u3000\n".encode(), ("ä ö",), id="ideographic-space-stripped"),
]


@pytest.mark.parametrize(("data", "expected"), SEGMENTATION_CASES)
def test_segmentation(tmp_path: Path, data: bytes, expected: tuple[str, ...]) -> None:
    segments = read_segments(write(tmp_path / "f.txt", data))
    assert segments.lines == expected
    assert segments.encoding == DEFAULT_ENCODING


@pytest.mark.parametrize(("data", "expected"), SEGMENTATION_CASES)
def test_segmentation_gz(
    tmp_path: Path, data: bytes, expected: tuple[str, ...]
) -> None:
    assert read_segments(write(tmp_path / "f.txt.gz", data)).lines == expected


@pytest.mark.parametrize(("data", "expected"), SEGMENTATION_CASES)
def test_split_segments(data: bytes, expected: tuple[str, ...]) -> None:
    assert split_segments(data.decode()) == expected


# --------------------------------------------------------------------------------------
# Parity with sacreBLEU's reader (files without a byte-order mark)

PARITY_TEXT = (
    "  Leading spaces kept.\t \r\n"
    "Trailing\u00a0nbsp\u00a0\n"
    "\n"
    "line\u2028separator inside\n"
    "next\x85line inside\n"
    "form\x0cfeed and vertical\x0btab\n"
    "group\x1cfile\x1drecord\x1eseparators\n"
    "lone\rcarriage return\n"
    "Ümläute, 中文, emoji 😀  \n"
    "zero\u200bwidth and\ufeffzwnbsp\n"
    "   \n"
    "last line without newline  "
)


@pytest.mark.parametrize(
    ("name", "encoding", "data"),
    [
        pytest.param("p.txt", "utf-8", PARITY_TEXT.encode(), id="utf8"),
        pytest.param("p.txt.gz", "utf-8", PARITY_TEXT.encode(), id="utf8-gz"),
        pytest.param(
            "p.txt", "utf-8", PARITY_TEXT.replace("\n", "\r\n").encode(), id="all-crlf"
        ),
        pytest.param("p.txt", "utf-8", (PARITY_TEXT + "\n").encode(), id="final-nl"),
        pytest.param("p.txt", "utf-8", b"", id="empty"),
        pytest.param("p.txt.gz", "utf-8", b"", id="empty-gz"),
        pytest.param("p.txt", "utf-8", b"\n\n\n", id="only-newlines"),
        pytest.param("p.txt", "utf-8", b"a\rb\rc\r", id="old-mac"),
        pytest.param(
            "p.txt", "latin-1", "caf\xe9 \xa0\n\xff\n".encode("latin-1"), id="latin1"
        ),
        pytest.param("p.txt", "utf-16", PARITY_TEXT.encode("utf-16"), id="utf16"),
        pytest.param("p.txt", "utf-16-le", "a\nb\r\n".encode("utf-16-le"), id="u16le"),
        pytest.param("p.txt", "utf-8-sig", b"\xef\xbb\xbfa\nb\n", id="utf8-sig"),
    ],
)
def test_parity_with_sacrebleu(
    tmp_path: Path, name: str, encoding: str, data: bytes
) -> None:
    path = write(tmp_path / name, data)
    assert list(read_segments(path, encoding).lines) == sacrebleu_lines(path, encoding)


def test_parity_large_mixed_file(tmp_path: Path) -> None:
    rows = [f"{i} {PARITY_TEXT.splitlines()[i % 12]}" for i in range(5000)]
    path = write(tmp_path / "big.txt.gz", "\n".join(rows).encode())
    assert list(read_segments(path).lines) == sacrebleu_lines(path)


def test_repeated_lines_are_kept_once(tmp_path: Path) -> None:
    # Four copies of 3,000 distinct lines (some with trailing blanks, which the
    # reader strips), over several pieces of `iter_read_segments`, the last line
    # without its newline: each distinct line is one string, the copies included.
    distinct = [f"segment {i} " + "word " * (i % 40) for i in range(3000)]
    text = "\n".join(distinct * 4)
    path = write(tmp_path / "copies.txt", text.encode())
    assert path.stat().st_size > 2 * readers._PIECE_BYTES
    lines = read_segments(path).lines
    assert list(lines) == sacrebleu_lines(path)
    assert len(set(lines)) == 3000
    assert len({id(line) for line in lines}) == 3000


# --------------------------------------------------------------------------------------
# Byte-order marks and encodings


@pytest.mark.parametrize("name", ["ref.txt", "ref.txt.gz"])
def test_utf8_bom_kept_as_sacrebleu_keeps_it(tmp_path: Path, name: str) -> None:
    segments = read_segments(write(tmp_path / name, b"\xef\xbb\xbfHello\nworld\n"))
    assert segments.lines == ("\ufeffHello", "world")
    assert list(segments.lines) == sacrebleu_lines(tmp_path / name)
    assert segments.bom is Bom.KEPT
    assert segments.warnings == ()  # the warning is `bom_warning`'s


def test_bom_only_file_is_one_segment_as_in_sacrebleu(tmp_path: Path) -> None:
    segments = read_segments(write(tmp_path / "f.txt", b"\xef\xbb\xbf"))
    assert list(segments.lines) == sacrebleu_lines(tmp_path / "f.txt") == ["\ufeff"]
    dropped = read_segments(tmp_path / "f.txt", drop_bom=True)
    assert (dropped.lines, dropped.bom) == ((), Bom.DROPPED)


def test_bom_on_its_own_line(tmp_path: Path) -> None:
    segments = read_segments(write(tmp_path / "f.txt", b"\xef\xbb\xbf\nb\n"))
    assert segments.lines == ("\ufeff", "b")
    assert read_segments(tmp_path / "f.txt", drop_bom=True).lines == ("", "b")


def test_utf8_sig_drops_bom_silently(tmp_path: Path) -> None:
    segments = read_segments(write(tmp_path / "f.txt", b"\xef\xbb\xbfa\n"), "utf-8-sig")
    assert segments.lines == ("a",)
    assert segments.warnings == ()


def test_utf16_bom_handled_by_codec(tmp_path: Path) -> None:
    path = write(tmp_path / "f.txt", "a\nb\n".encode("utf-16"))
    segments = read_segments(path, "utf-16")
    assert segments.lines == ("a", "b")
    assert segments.warnings == ()


def test_utf16le_with_bom_kept_unless_dropped(tmp_path: Path) -> None:
    path = write(tmp_path / "f.txt", "\ufeffa\nb\n".encode("utf-16-le"))
    segments = read_segments(path, "utf-16-le")
    assert list(segments.lines) == sacrebleu_lines(path, "utf-16-le")
    assert segments.lines == ("\ufeffa", "b")
    assert segments.bom is Bom.KEPT
    dropped = read_segments(path, "utf-16-le", drop_bom=True)
    assert (dropped.lines, dropped.bom) == (("a", "b"), Bom.DROPPED)


def test_utf8_bom_read_as_latin1_is_kept_but_warned(tmp_path: Path) -> None:
    segments = read_segments(write(tmp_path / "f.txt", b"\xef\xbb\xbfa\n"), "latin-1")
    assert segments.lines == ("\xef\xbb\xbfa",)
    assert len(segments.warnings) == 1
    assert "is it UTF-8?" in segments.warnings[0]


def test_latin1_via_encoding(tmp_path: Path) -> None:
    path = write(tmp_path / "f.txt", "café\nnaïve\xff\n".encode("latin-1"))
    segments = read_segments(path, encoding="latin-1")
    assert segments.lines == ("café", "naïve\xff")
    assert segments.encoding == "latin-1"
    with pytest.raises(DecodingError):
        read_segments(path)


@pytest.mark.parametrize(
    ("encoding", "reason"),
    [
        pytest.param("no-such-codec", "unknown encoding", id="unknown"),
        pytest.param("rot13", "not a text encoding", id="not-text"),
        pytest.param("base64", "not a text encoding", id="bytes-codec"),
    ],
)
def test_unknown_encoding(tmp_path: Path, encoding: str, reason: str) -> None:
    path = write(tmp_path / "f.txt", b"a\n")
    with pytest.raises(UnknownEncodingError) as info:
        read_segments(path, encoding)
    message = str(info.value)
    assert reason in message
    assert repr(encoding) in message
    assert info.value.encoding == encoding
    assert "\n" not in message


def test_unknown_encoding_reported_before_missing_file(tmp_path: Path) -> None:
    with pytest.raises(UnknownEncodingError):
        read_segments(tmp_path / "missing.txt", "no-such-codec")


# --------------------------------------------------------------------------------------
# Invalid bytes


@pytest.mark.parametrize(
    ("name", "data", "line", "column", "bad"),
    [
        pytest.param(
            "hyp.txt",
            b"one\ntwo\nthr\xffee\nfour\nfive\n",
            3,
            4,
            b"\xff",
            id="line3of5",
        ),
        pytest.param(
            "hyp.txt",
            b"one\ntwo\nthree\nfour\nfi\xfeve",
            5,
            3,
            b"\xfe",
            id="last-no-nl",
        ),
        pytest.param("hyp.txt", b"\xffone\n", 1, 1, b"\xff", id="first-byte"),
        pytest.param(
            "hyp.txt", "äöü\nxä".encode() + b"\x80\n", 2, 3, b"\x80", id="char-column"
        ),
        pytest.param(
            "hyp.txt", b"a\nb\xe2\x82", 2, 2, b"\xe2\x82", id="truncated-at-eof"
        ),
        pytest.param("hyp.txt", b"\xef\xbb\xbfab\xff\n", 1, 3, b"\xff", id="after-bom"),
        pytest.param(
            "hyp.txt.gz", b"a\r\nb\r\nc\xffd\r\n", 3, 2, b"\xff", id="gz-crlf"
        ),
    ],
)
def test_invalid_utf8_names_line_and_column(
    tmp_path: Path, name: str, data: bytes, line: int, column: int, bad: bytes
) -> None:
    path = write(tmp_path / name, data)
    with pytest.raises(DecodingError) as info:
        read_segments(path)
    error = info.value
    assert (error.path, error.line, error.column, error.bad_bytes) == (
        path,
        line,
        column,
        bad,
    )
    shown = " ".join(f"0x{byte:02x}" for byte in bad)
    assert str(error) == (
        f"{path}, line {line}: bytes that are not valid UTF-8 ({shown} at column "
        f"{column}); is the file in another encoding?"
    )


def test_invalid_utf8_line_number_in_large_file(tmp_path: Path) -> None:
    data = b"".join(b"segment %d\n" % i for i in range(200_000))
    data += b"bad \xc3\x28 here\n" + b"tail\n" * 10
    with pytest.raises(DecodingError) as info:
        read_segments(write(tmp_path / "big.txt", data))
    assert info.value.line == 200_001
    assert info.value.column == 5


def test_invalid_bytes_in_utf16(tmp_path: Path) -> None:
    # A lone low surrogate on line 2.
    data = "a\n".encode("utf-16-le") + b"\x00\xdc" + "\n".encode("utf-16-le")
    with pytest.raises(DecodingError) as info:
        read_segments(write(tmp_path / "f.txt", data), "utf-16-le")
    assert info.value.line == 2
    assert "not valid utf-16-le" in str(info.value)


# --------------------------------------------------------------------------------------
# Binary files


@pytest.mark.parametrize(
    ("data", "line"),
    [
        pytest.param(b"a\nb\nx\x00y\nd\n", 3, id="nul-on-line-3"),
        pytest.param(b"\x00", 1, id="nul-first"),
        pytest.param(b"a\n\xff\xfe\x00\n", 2, id="nul-before-invalid-utf8-wins"),
    ],
)
def test_nul_byte_is_binary(tmp_path: Path, data: bytes, line: int) -> None:
    path = write(tmp_path / "data.bin", data)
    with pytest.raises(BinaryFileError) as info:
        read_segments(path)
    assert info.value.line == line
    assert str(info.value) == (
        f"{path}, line {line}: looks like a binary file (contains a NUL byte)"
    )


def test_nul_byte_in_latin1_is_binary(tmp_path: Path) -> None:
    with pytest.raises(BinaryFileError):
        read_segments(write(tmp_path / "f.txt", b"a\x00\n"), "latin-1")


def test_utf16_and_utf32_skip_the_nul_byte_check(tmp_path: Path) -> None:
    for encoding in ["utf-16", "utf-16-le", "utf-16-be", "utf-32", "utf-32-le"]:
        path = write(tmp_path / "f.txt", "a b\nc\n".encode(encoding))
        assert read_segments(path, encoding).lines == ("a b", "c")


def test_utf16_with_nul_character_is_binary(tmp_path: Path) -> None:
    path = write(tmp_path / "f.txt", "a\nb\nc\x00\n".encode("utf-16"))
    with pytest.raises(BinaryFileError) as info:
        read_segments(path, "utf-16")
    assert info.value.line == 3


def test_gzip_data_without_gz_suffix(tmp_path: Path) -> None:
    path = tmp_path / "hyp.txt"
    path.write_bytes(gzip.compress(b"a\n" * 100))
    with pytest.raises(BinaryFileError, match=r"gzip-compressed.*name it \*\.gz"):
        read_segments(path)


# --------------------------------------------------------------------------------------
# Compressed files


def test_gz_is_decompressed_transparently(tmp_path: Path) -> None:
    path = tmp_path / "ref.txt.gz"
    with gzip.open(path, "wt", encoding="utf-8", newline="") as handle:
        handle.write("Hallo Welt\r\nzweite Zeile\n")
    assert read_segments(path).lines == ("Hallo Welt", "zweite Zeile")


def test_gz_suffix_is_case_insensitive(tmp_path: Path) -> None:
    assert read_segments(write(tmp_path / "REF.GZ", b"a\n")).lines == ("a",)


def test_multi_member_gz(tmp_path: Path) -> None:
    path = tmp_path / "f.gz"
    path.write_bytes(gzip.compress(b"a\nb") + gzip.compress(b"\nc\n"))
    assert read_segments(path).lines == ("a", "b", "c")


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"this is not gzip data\n", id="not-gzip"),
        pytest.param(gzip.compress(b"a\n" * 1000)[:-12], id="truncated"),
        pytest.param(gzip.compress(b"abc\n")[:-8] + b"\0" * 8, id="bad-crc"),
        pytest.param(
            gzip.compress(b"abc\n" * 50)[:12] + b"\xff" * 30, id="corrupt-deflate"
        ),
    ],
)
def test_corrupt_gz(tmp_path: Path, data: bytes) -> None:
    path = tmp_path / "ref.txt.gz"
    path.write_bytes(data)
    with pytest.raises(CompressedFileError) as info:
        read_segments(path)
    message = str(info.value)
    assert message.startswith(f"{path}: not a valid gzip file (")
    assert "\n" not in message
    assert info.value.path == path
    assert info.value.line is None


def test_empty_gz_file_has_no_segments(tmp_path: Path) -> None:
    # An empty .gz holds no members: gzip.open (sacreBLEU) reads it as empty text too.
    path = tmp_path / "ref.txt.gz"
    path.write_bytes(b"")
    assert read_segments(path).lines == ()
    assert sacrebleu_lines(path) == []


# --------------------------------------------------------------------------------------
# File system errors


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "ref.txt"
    with pytest.raises(MissingFileError) as info:
        read_segments(path)
    assert str(info.value) == f"{path}: no such file"
    assert isinstance(info.value, FileAccessError)


def test_missing_file_relative_name_as_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(MissingFileError, match=r"^ref\.txt: no such file$"):
        read_segments("ref.txt")


def test_directory(tmp_path: Path) -> None:
    with pytest.raises(NotAFileError) as info:
        read_segments(tmp_path)
    assert str(info.value) == f"{tmp_path}: is a directory, not a file"


def test_permission_denied_simulated(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write(tmp_path / "ref.txt", b"a\n")

    def deny(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr("bleu_gui.io.readers.open", deny, raising=False)
    with pytest.raises(FilePermissionError) as info:
        read_segments(path)
    assert str(info.value) == f"{path}: permission denied"


def test_other_os_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = write(tmp_path / "ref.txt", b"a\n")

    def fail(*args: Any, **kwargs: Any) -> Any:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr("bleu_gui.io.readers.open", fail, raising=False)
    with pytest.raises(FileAccessError) as info:
        read_segments(path)
    assert str(info.value) == f"{path}: cannot be read (Input/output error)"


# --------------------------------------------------------------------------------------
# Corpora


def make_files(tmp_path: Path, **counts: int) -> dict[str, Path]:
    """Files named <key>.txt with that many lines."""
    return {
        key: write(
            tmp_path / f"{key.replace('_', '.')}.txt",
            b"".join(b"%s %d\n" % (key.encode(), i) for i in range(n)),
        )
        for key, n in counts.items()
    }


def test_read_corpus(tmp_path: Path) -> None:
    files = make_files(tmp_path, hyp=3, ref_A=3, ref_B=3, src=3)
    corpus = read_corpus(
        files["hyp"], [files["ref_A"], str(files["ref_B"])], source_path=files["src"]
    )
    assert corpus.num_segments == 3
    assert corpus.hypothesis.path == files["hyp"]
    assert corpus.hypothesis_lines == ("hyp 0", "hyp 1", "hyp 2")
    assert [ref.path for ref in corpus.references] == [files["ref_A"], files["ref_B"]]
    assert corpus.reference_lines == (
        ("ref_A 0", "ref_A 1", "ref_A 2"),
        ("ref_B 0", "ref_B 1", "ref_B 2"),
    )
    assert corpus.source is not None
    assert corpus.source_lines == ("src 0", "src 1", "src 2")
    assert corpus.warnings == ()


def test_read_corpus_without_source(tmp_path: Path) -> None:
    files = make_files(tmp_path, hyp=2, ref=2)
    corpus = read_corpus(files["hyp"], [files["ref"]])
    assert corpus.source is None
    assert corpus.source_lines is None


def test_read_corpus_accepts_any_iterable(tmp_path: Path) -> None:
    files = make_files(tmp_path, hyp=2, ref=2)
    corpus = read_corpus(files["hyp"], (p for p in [files["ref"]]))
    assert len(corpus.references) == 1


def test_read_corpus_empty_files(tmp_path: Path) -> None:
    files = make_files(tmp_path, hyp=0, ref=0)
    with pytest.raises(EmptyCorpusError) as info:
        read_corpus(files["hyp"], [files["ref"]])
    assert (
        str(info.value)
        == f"{files['hyp']}: the file is empty: there is nothing to score"
    )


def test_corpus_warnings_collected_in_order(tmp_path: Path) -> None:
    hyp = write(tmp_path / "hyp.txt", b"\xef\xbb\xbfa\n")
    ref = write(tmp_path / "ref.txt", "b\u2028c\n".encode())
    src = write(tmp_path / "src.txt", b"\xef\xbb\xbfs\n")
    corpus = read_corpus(hyp, [ref], source_path=src)
    assert len(corpus.warnings) == 3
    assert corpus.warnings[0].startswith(f"{hyp}: starts with a byte-order mark")
    assert corpus.warnings[1].startswith(f"{ref}, line 1: contains U+2028")
    assert corpus.warnings[2].startswith(f"{src}: starts with a byte-order mark")


def test_reference_line_count_mismatch(tmp_path: Path) -> None:
    files = make_files(tmp_path, hyp=1000, ref_A=1000, ref_B=999)
    with pytest.raises(LineCountError) as info:
        read_corpus(files["hyp"], [files["ref_A"], files["ref_B"]])
    error = info.value
    message = str(error)
    assert message.startswith(
        f"{files['ref_B']} has 999 lines but {files['hyp']} has 1000"
    )
    assert "\n" not in message
    assert (error.path, error.count) == (files["ref_B"], 999)
    assert (error.hypothesis_path, error.hypothesis_count) == (files["hyp"], 1000)
    assert error.role == "reference"
    assert error.line is None


def test_line_count_message_with_relative_names(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    make_files(tmp_path, hyp=1000, ref_B=999)
    with pytest.raises(LineCountError) as info:
        read_corpus("hyp.txt", ["ref.B.txt"])
    assert str(info.value) == (
        "ref.B.txt has 999 lines but hyp.txt has 1000 (a reference needs one line per "
        "hypothesis line)"
    )


def test_line_count_singular(tmp_path: Path) -> None:
    files = make_files(tmp_path, hyp=2, ref=1)
    with pytest.raises(LineCountError, match=r"has 1 line but .* has 2 "):
        read_corpus(files["hyp"], [files["ref"]])


def test_trailing_empty_line_counts(tmp_path: Path) -> None:
    hyp = write(tmp_path / "hyp.txt", b"a\nb\n")
    ref = write(tmp_path / "ref.txt", b"a\nb\n\n")
    with pytest.raises(LineCountError, match="has 3 lines but"):
        read_corpus(hyp, [ref])


def test_source_line_count_mismatch(tmp_path: Path) -> None:
    files = make_files(tmp_path, hyp=5, ref=5, src=6)
    with pytest.raises(LineCountError) as info:
        read_corpus(files["hyp"], [files["ref"]], source_path=files["src"])
    message = str(info.value)
    assert f"{files['src']} has 6 lines" in message
    assert f"{files['hyp']} has 5" in message
    assert "source" in message
    assert info.value.role == "source"


def test_no_references(tmp_path: Path) -> None:
    files = make_files(tmp_path, hyp=1)
    with pytest.raises(NoReferencesError) as info:
        read_corpus(files["hyp"], [])
    assert str(info.value) == "at least one reference file is required"
    assert info.value.path is None


def test_no_references_checked_before_reading(tmp_path: Path) -> None:
    with pytest.raises(NoReferencesError):
        read_corpus(tmp_path / "missing.txt", [])


@pytest.mark.parametrize("single", ["ref.txt", Path("ref.txt")], ids=["str", "path"])
def test_single_reference_path_is_a_type_error(single: str | Path) -> None:
    with pytest.raises(TypeError, match="single path"):
        read_corpus("hyp.txt", single)  # type: ignore[arg-type]


def test_corpus_constructor_checks_alignment() -> None:
    hyp = Segments(Path("hyp.txt"), ("a", "b"))
    with pytest.raises(NoReferencesError):
        Corpus(hyp, ())
    with pytest.raises(LineCountError):
        Corpus(hyp, (Segments(Path("ref.txt"), ("a",)),))
    with pytest.raises(LineCountError):
        Corpus(
            hyp,
            (Segments(Path("ref.txt"), ("a", "b")),),
            source=Segments(Path("src.txt"), ()),
        )


def test_missing_reference_in_corpus(tmp_path: Path) -> None:
    files = make_files(tmp_path, hyp=1)
    with pytest.raises(MissingFileError, match=r"ref\.txt: no such file"):
        read_corpus(files["hyp"], [tmp_path / "ref.txt"])


# --------------------------------------------------------------------------------------
# Every error: one line, names the file


def _unknown_encoding(tmp: Path) -> None:
    read_segments(write(tmp / "x.txt", b"a\n"), "nope")


def _missing(tmp: Path) -> None:
    read_segments(tmp / "x.txt")


def _directory(tmp: Path) -> None:
    (tmp / "x.txt").mkdir()
    read_segments(tmp / "x.txt")


def _corrupt_gz(tmp: Path) -> None:
    (tmp / "x.txt.gz").write_bytes(b"\x1f\x8bnot really\n")
    read_segments(tmp / "x.txt.gz")


def _invalid_utf8(tmp: Path) -> None:
    read_segments(write(tmp / "x.txt", b"a\n\xff\n"))


def _binary(tmp: Path) -> None:
    read_segments(write(tmp / "x.txt", b"a\n\x00\n"))


def _line_count(tmp: Path) -> None:
    read_corpus(write(tmp / "x.txt", b"a\n"), [write(tmp / "ref.txt", b"")])


def _newline_in_name(tmp: Path) -> None:
    read_segments(write(tmp / "x\nname.txt", b"\xff\n"))


def _newline_in_encoding(tmp: Path) -> None:
    read_segments(write(tmp / "x.txt", b"a\n"), "bad\nname")


ERROR_CASES: list[Any] = [
    pytest.param(_unknown_encoding, None, id="unknown-encoding"),
    pytest.param(_missing, "x.txt", id="missing"),
    pytest.param(_directory, "x.txt", id="directory"),
    pytest.param(_corrupt_gz, "x.txt.gz", id="corrupt-gz"),
    pytest.param(_invalid_utf8, "x.txt, line 2", id="invalid-utf8"),
    pytest.param(_binary, "x.txt, line 2", id="binary"),
    pytest.param(_line_count, "x.txt", id="line-count"),
    pytest.param(_newline_in_name, "x\\nname.txt", id="newline-in-file-name"),
    pytest.param(_newline_in_encoding, None, id="newline-in-encoding"),
]


@pytest.mark.parametrize(("cause", "named"), ERROR_CASES)
def test_every_error_is_one_line_naming_the_file(
    tmp_path: Path, cause: Callable[[Path], None], named: str | None
) -> None:
    with pytest.raises(InputError) as info:
        cause(tmp_path)
    message = str(info.value)
    assert "\n" not in message
    assert "\r" not in message
    assert message.strip() == message
    if named is not None:
        assert named in message
        assert info.value.path is not None


@pytest.mark.parametrize(("cause", "named"), ERROR_CASES)
def test_errors_survive_pickling(
    tmp_path: Path, cause: Callable[[Path], None], named: str | None
) -> None:
    with pytest.raises(InputError) as info:
        cause(tmp_path)
    copy = pickle.loads(pickle.dumps(info.value))
    assert type(copy) is type(info.value)
    assert str(copy) == str(info.value)
    assert copy.__dict__ == info.value.__dict__


# --------------------------------------------------------------------------------------
# Warnings about line breaks that do not end a segment


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        pytest.param(b"a\nb c\n", None, id="none-when-absent"),
        pytest.param("a\nb\u2028c\n".encode(), ", line 2: contains U+2028", id="u2028"),
        pytest.param(b"a\rb\n", ", line 1: contains U+000D CARRIAGE RETURN", id="cr"),
        pytest.param(b"a\x0cb\nc\x0cd\n", "(and 1 more lines)", id="count"),
    ],
)
def test_other_line_break_warning(
    tmp_path: Path, data: bytes, expected: str | None
) -> None:
    segments = read_segments(write(tmp_path / "f.txt", data))
    if expected is None:
        assert segments.warnings == ()
    else:
        assert len(segments.warnings) == 1
        assert expected in segments.warnings[0]


@pytest.mark.parametrize(
    "data",
    [
        pytest.param(b"a\r\nb\r\n", id="crlf"),
        pytest.param("a\u2028\nb \x0c\n".encode(), id="trailing-breaks-are-stripped"),
        pytest.param(b"a\r", id="final-cr"),
    ],
)
def test_no_line_break_warning_for_harmless_cases(tmp_path: Path, data: bytes) -> None:
    assert read_segments(write(tmp_path / "f.txt", data)).warnings == ()


# --------------------------------------------------------------------------------------
# Values and speed


def test_segments_repr_is_short(tmp_path: Path) -> None:
    segments = read_segments(write(tmp_path / "f.txt", b"x\n" * 1000))
    assert "1000 lines" in repr(segments)
    assert len(repr(segments)) < 200


def test_segments_are_frozen(tmp_path: Path) -> None:
    segments = read_segments(write(tmp_path / "f.txt", b"x\n"))
    with pytest.raises(AttributeError):
        segments.lines = ()  # type: ignore[misc]


def test_path_like_accepted(tmp_path: Path) -> None:
    path = write(tmp_path / "f.txt", b"x\n")
    assert read_segments(str(path)).path == path
    assert read_segments(path).path == path


def test_reading_100k_crlf_lines(tmp_path: Path) -> None:
    """A large CRLF file: every segment found, the CR stripped (speed: bench/)."""
    line = "Die Katze sitzt auf der Matte, und der Hund schläft vor dem Kamin. "
    path = tmp_path / "big.txt"
    path.write_text(
        "".join(f"{i} {line}\r\n" for i in range(100_000)), encoding="utf-8", newline=""
    )
    segments = read_segments(path)
    assert len(segments.lines) == 100_000
    assert segments.lines[-1] == f"99999 {line.rstrip()}"


def test_reading_a_corpus_reports_progress_per_piece(tmp_path: Path) -> None:
    hyp = write(tmp_path / "hyp.txt", b"a b\nc d\ne f\n")
    ref = write(tmp_path / "ref.txt", b"a b\nc\ne f g\n")
    steps = readers.iter_read_corpus(hyp, [ref])
    progress = []
    while True:
        try:
            progress.append(next(steps))
        except StopIteration as end:
            corpus = end.value
            break
    assert corpus.reference_lines == (("a b", "c", "e f g"),)
    assert {total for _, total in progress} == {2000}
    done = [step for step, _ in progress]
    assert done == sorted(done)
    assert done[-1] == 2000
    assert len(done) >= 2
