"""How the command line reads its files: encodings, standard input, test-set files.

`score` and `report` read their inputs alike: a text file as sacreBLEU reads it, a
file of one text (WMT SGML) by its format's reader, a test-set file (WMT XML, a
spreadsheet) with its columns chosen by key, each role in its own encoding, and
each warning about them said once (`Warnings`). XLIFF and TMX files are read by
`cli_inputs`. Kept apart from the commands: reading knows nothing of scores.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from bleu_gui.cli_inputs import (
    CHOOSE_LANGUAGES,
    bilingual_options,
    is_bilingual,
    read_aligned,
)
from bleu_gui.core import ConfigError
from bleu_gui.exit_status import PROG, say
from bleu_gui.io import (
    STDIN,
    Corpus,
    DecodingError,
    InputError,
    Segments,
    TestSet,
    UndecodableFileError,
    UnknownEncodingError,
    check_encoding,
    check_piped_hypothesis,
    check_roles,
    read_segments,
    read_stdin,
)
from bleu_gui.io.errors import FormatError, LanguagesNotChosenError, display_name
from bleu_gui.io.file_format import TEST_SET_FORMATS, Format, detect_format

if TYPE_CHECKING:
    from bleu_gui.io.bundle import Bundle, Role, Selection, Units
    from bleu_gui.io.format_options import FormatOptions

__all__ = [
    "STDIN_NAME",
    "Encodings",
    "Warnings",
    "add_encoding_options",
    "add_test_set_options",
    "check_references_once",
    "error_line",
    "given_test_set_file",
    "piped_hypothesis",
    "piped_input",
    "read_systems",
    "read_test_set_file",
    "role_encodings",
    "selected_systems",
    "with_own_outputs",
]


STDIN_NAME = "-"
"""The hypothesis file name that stands for standard input (`-i -`)."""


class Warnings:
    """Warning lines in order, each once (several systems share their references).

    `add_info` takes what sacreBLEU logs as information rather than as a warning,
    which `-q` leaves out (sacreBLEU's `-q` keeps warnings and errors).
    """

    def __init__(self, *, quiet: bool = False) -> None:
        self._lines: dict[str, None] = {}
        self._quiet = quiet

    def add(self, line: str) -> None:
        """Keep `line` to say once, if it was not kept already."""
        self._lines.setdefault(line, None)

    def add_info(self, line: str) -> None:
        """Keep `line` unless `-q`: sacreBLEU logs it as information."""
        if not self._quiet:
            self.add(line)

    @property
    def lines(self) -> tuple[str, ...]:
        """The lines so far: what the report and the exports carry."""
        return tuple(self._lines)

    def flush(self) -> None:
        """Say the lines kept on stderr, before the scores or the error line."""
        for line in self._lines:
            say(f"{PROG}: warning: {line}")
        self._lines.clear()


def error_line(error: Exception, options: argparse.Namespace) -> str:
    """The one line of an error, with how to fix it where the flag is ours."""
    line = _one_line(error)
    if isinstance(error, DecodingError | UndecodableFileError):
        return f"{line} ({_encoding_advice(error, options)})"
    if isinstance(error, LanguagesNotChosenError):
        return f"{line} {CHOOSE_LANGUAGES}"
    return line


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split("\n"))


# --------------------------------------------------------------------------------------
# Encodings: one for every file (-e), or one for the hypotheses and one for the
# references, so that a latin-1 system is scored against UTF-8 references.


@dataclass(frozen=True, slots=True)
class Encodings:
    """The encoding each role's files are decoded with (before a byte-order mark's)."""

    hypotheses: str
    references: str


# The options that set one role's encoding.
_HYP_ENCODING = "--hyp-encoding"


_REF_ENCODING = "--ref-encoding"


def add_encoding_options(parser: argparse.ArgumentParser) -> None:
    """`--hyp-encoding` and `--ref-encoding`: a role's encoding, over `-e`'s."""
    parser.add_argument(
        _HYP_ENCODING,
        default=None,
        metavar="ENC",
        help="encoding of the hypothesis files and of standard input (default: "
        "-e's); e.g. a latin-1 system against UTF-8 references",
    )
    parser.add_argument(
        _REF_ENCODING,
        default=None,
        metavar="ENC",
        help="encoding of the reference files (default: -e's)",
    )


def role_encodings(options: argparse.Namespace) -> Encodings:
    """Each role's encoding, every name checked before any file is read.

    Raises:
        ConfigError: a name that is not a text codec, after the option that gave it.
    """
    given = (
        ("-e/--encoding", options.encoding),
        (_HYP_ENCODING, options.hyp_encoding),
        (_REF_ENCODING, options.ref_encoding),
    )
    for option, name in given:
        if name is None:
            continue
        try:
            check_encoding(name)
        except UnknownEncodingError as error:
            raise ConfigError(f"{option}: {_one_line(error)}") from None
    return Encodings(
        hypotheses=options.hyp_encoding or options.encoding,
        references=options.ref_encoding or options.encoding,
    )


def _encoding_advice(error: InputError, options: argparse.Namespace) -> str:
    """How to choose the encoding of the file `error` is about, for its role only.

    `-e` would decode the other role's files with it too: a latin-1 hypothesis
    scored with `-e latin-1` against UTF-8 references reads their accented
    letters as two characters each, and scores lower without a word.
    """
    path = error.path
    hypotheses = {Path(name) for name in options.input or ()} | {STDIN}
    references = {Path(ref) for ref in options.refs}
    if path in hypotheses and path not in references:
        return f"choose the hypotheses' encoding with {_HYP_ENCODING}"
    if path in references and path not in hypotheses:
        return f"choose the references' encoding with {_REF_ENCODING}"
    return "choose it with -e/--encoding"


# --------------------------------------------------------------------------------------
# The files themselves: a test-set file given alone, standard input, the references
# and each system's output.


def add_test_set_options(parser: argparse.ArgumentParser) -> None:
    """The options of a test-set file given alone (`_TEST_SET_OPTIONS`)."""
    group = parser.add_argument_group(
        "test-set files",
        f"'{PROG} score TESTSET.xml' (WMT XML, WMT21 and later) scores every "
        "system in the file, in file order (the first is the baseline of a "
        "paired test), against every reference in it; systems are "
        "named by their system attribute, references by their translator. "
        f"'{PROG} score TESTSET.xml -i mine.txt' scores your own output "
        "against the file's references instead (one line per segment the file "
        "keeps, in its order; add --systems to score some of the file's systems "
        "before it). A spreadsheet (TSV, CSV, XLSX) with a header row is a "
        "test-set file too, its columns chosen by header: --refs ref "
        "--systems mt. A column is chosen by its key: a translator (A, B), a "
        "system's name, 'source', a spreadsheet header; an unknown key is an "
        "error that lists the keys. WMT SGML files (.sgm) hold one text each: "
        "give them as REF and after -i.",
    )
    group.add_argument(
        "--refs",
        dest="ref_keys",
        nargs="+",
        metavar="KEY",
        help="the references to score against (default: every reference)",
    )
    group.add_argument(
        "--systems",
        dest="system_keys",
        nargs="+",
        metavar="KEY",
        help="the systems to score, the first the baseline (default: every system; "
        "with -i none, the -i files coming after those chosen here)",
    )
    group.add_argument(
        "--source-column",
        metavar="KEY",
        help="the source column (default: the one the file marks as the source)",
    )
    group.add_argument(
        "--doc-column",
        metavar="KEY",
        help="the column of document ids, for files that keep them in a column",
    )
    group.add_argument(
        "--unit-column",
        metavar="KEY",
        help="the column of unit ids: each segment's name in -sl output and "
        "--export instead of its row (default: a column headed id, unit, unit id, "
        "segment id)",
    )
    group.add_argument(
        "--sheet",
        metavar="NAME",
        help="XLSX: the worksheet to read (default: the first)",
    )
    group.add_argument(
        "--include-testsuites",
        action="store_true",
        help="WMT XML: keep test-suite documents (sacreBLEU leaves them out)",
    )
    group.add_argument(
        "--keep-unreferenced",
        action="store_true",
        help="WMT XML: keep segments that no reference translates, scored against "
        "empty references (sacreBLEU leaves them out, and so does bleu-gui by "
        "default, so that the numbers are sacreBLEU's)",
    )


# The options above, by destination, as the user types them.
_TEST_SET_OPTIONS = {
    "ref_keys": "--refs",
    "system_keys": "--systems",
    "source_column": "--source-column",
    "doc_column": "--doc-column",
    "unit_column": "--unit-column",
    "sheet": "--sheet",
    "include_testsuites": "--include-testsuites",
    "keep_unreferenced": "--keep-unreferenced",
}


def given_test_set_file(options: argparse.Namespace) -> Path | None:
    """The test-set file given as the only REF, if one is.

    It is told by its format, not its name. Without -i, any format but text
    (its systems are scored; a single-text format such as WMT SGML is refused
    when it is read, as holding no system). With -i, a format that holds a whole
    test set (WMT XML, a spreadsheet: `TEST_SET_FORMATS`): its references score
    the -i files.

    Raises:
        ConfigError: a test-set option (`_TEST_SET_OPTIONS`) without such a file.
    """
    alone = len(options.refs) == 1
    path = Path(options.refs[0])
    format_ = detect_format(path) if alone else Format.TEXT
    if alone and options.input is None and format_ is not Format.TEXT:
        return path
    if alone and format_ in TEST_SET_FORMATS:
        return path
    given = [flag for dest, flag in _TEST_SET_OPTIONS.items() if getattr(options, dest)]
    if given and alone:
        kind = "a text file" if format_ is Format.TEXT else f"a {format_} file"
        raise ConfigError(
            f"{given[0]}: {display_name(path)} is {kind}, not a test-set file "
            "(WMT XML, a spreadsheet) to choose in"
        )
    if given:
        raise ConfigError(
            f"{given[0]} chooses in a test-set file (WMT XML, a spreadsheet); give "
            "that file as the only REF"
        )
    return None


def piped_input(options: argparse.Namespace) -> bool:
    """Whether the hypothesis comes from standard input without `-i`, as piped.

    Without `-i`, standard input is the hypothesis, as in sacreBLEU, unless it is
    a terminal (nobody is typing a test set's translations).

    Raises:
        ConfigError: no `-i`, and standard input is a terminal.
    """
    if options.input is not None:
        return False
    stdin = sys.stdin
    if stdin is not None and _is_terminal(stdin):
        raise ConfigError(
            "no hypothesis: name its files with -i/--input, or pipe it to "
            "standard input"
        )
    options.input = [STDIN_NAME]
    return True


def piped_hypothesis(options: argparse.Namespace, encodings: Encodings) -> Segments:
    """Standard input piped without `-i`, refused where sacreBLEU reads it otherwise.

    Raises:
        InputError: it cannot be read, or holds a tab or a lone carriage return.
    """
    segments = read_stdin(encodings.hypotheses, drop_bom=options.drop_bom)
    check_piped_hypothesis(segments, how_to_read_as_file="-i -")
    return segments


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (OSError, ValueError):  # closed
        return False


def check_references_once(refs: Sequence[str]) -> None:
    """Refuse a reference file given twice, as the window does, in the same words.

    sacreBLEU would score it as one more reference and print `nrefs:2`: a
    two-reference score of one reference, ready to be pasted into a paper. A
    hypothesis named twice is not refused: as in sacreBLEU, it is scored as often
    as it is named (standard input read once), each record naming it.

    Raises:
        RepeatedFileError: naming the file and the reference it already is.
    """
    check_roles([], [Path(ref) for ref in refs])


def read_systems(
    options: argparse.Namespace,
    names: Sequence[str],
    encodings: Encodings,
    *,
    piped: Segments | None,
    warnings: Warnings,
    source: str | None = None,
    bilingual_source: bool = False,
) -> tuple[list[Corpus], Units | None, tuple[str, str] | None]:
    """Each system's files: the references (and source) read once, then each output.

    Returns the systems' corpora, each segment's unit when the files have
    them (XLIFF and TMX: the ids of the units matched), and the source and target
    languages when the files name them (XLIFF and TMX).

    The first system is read before the references, so that the first error
    found is the one it was before the references were shared. A file named
    twice is read once; `STDIN_NAME` is `piped` (standard input given without
    `-i`, already read and checked) or else reads standard input. A file in a format
    that holds one text (WMT SGML) is read in that format. XLIFF and TMX files are
    read by `cli_inputs`: their targets, units matched by id (`warnings` is told
    which units are left out). `source`: the source file (`--src`), read in `-e`'s
    encoding, one line per segment. `bilingual_source`: keep XLIFF and TMX
    files' own source, the first reference's (`bleu-gui qa`).

    Raises:
        ConfigError: `source` with XLIFF or TMX files, which hold their source.
    """
    if is_bilingual(options.refs, names):
        if source is not None:
            raise ConfigError(
                "--src: XLIFF and TMX files hold their source; leave out --src"
            )
        return read_aligned(
            options.refs,
            names,
            options=bilingual_options(options),
            notify=warnings.add,
            keep_source=bilingual_source,
        )
    read: dict[str, Segments] = {}

    def hypothesis(name: str) -> Segments:
        if name in read:
            return read[name]
        if name == STDIN_NAME:
            segments = (
                piped
                if piped is not None
                else read_stdin(encodings.hypotheses, drop_bom=options.drop_bom)
            )
        else:
            segments = _read_one(Path(name), encodings.hypotheses, options, warnings)
        read[name] = segments
        return segments

    hypothesis(names[0])
    references = tuple(
        _read_one(Path(ref), encodings.references, options, warnings)
        for ref in options.refs
    )
    if getattr(options, "num_refs", 1) != 1:  # `score`'s -nr (not `report`'s)
        from bleu_gui.cli_pasted import split_references

        references = split_references(references[0], options.num_refs)
    test_set = TestSet(
        references,
        None
        if source is None
        else _read_one(Path(source), options.encoding, options, warnings),
    )
    return [test_set.corpus(hypothesis(name)) for name in names], None, None


def _read_one(
    path: Path, encoding: str, options: argparse.Namespace, warnings: Warnings
) -> Segments:
    """The segments of one file given as a reference or a system, in `encoding`.

    A text file is read as sacreBLEU reads it; a file of another format must hold
    one text (a WMT SGML set), whose notices go to `warnings`.

    Raises:
        InputError: the file cannot be read, or holds several texts.
    """
    format_ = detect_format(path)
    if format_ is Format.TEXT:
        return read_segments(path, encoding, drop_bom=options.drop_bom)
    from bleu_gui.io.formats import read_bundle

    bundle = read_bundle(
        path, format_, encoding=encoding, options=_format_options(options)
    )
    if len(bundle.columns) != 1:
        raise FormatError(
            path,
            f"a {format_.value} file holds several texts ({_keys(bundle)}); give "
            f"it alone, as '{PROG} score {path}', without -i",
        )
    for notice in bundle.notices:
        warnings.add(notice)
    return bundle.columns[0].segments


def _format_options(options: argparse.Namespace) -> FormatOptions:
    """What the readers of test-set files take from the command line."""
    from bleu_gui.io.format_options import FormatOptions

    return FormatOptions(
        include_testsuites=options.include_testsuites,
        keep_unreferenced=options.keep_unreferenced,
        sheet=options.sheet,
        drop_bom=options.drop_bom,
    )


def read_test_set_file(
    path: Path,
    options: argparse.Namespace,
    encodings: Encodings,
    warnings: Warnings,
) -> Selection:
    """Read a test-set file and choose its references, systems, source, documents.

    By default every column the file marks as a reference is a reference and every
    one it marks as a system a system (a column chosen for the other role left
    out), and the source is the one it marks as the source. With -i, the systems
    are the -i files (after those chosen with --systems, if any): a researcher's
    own output scored against the file's references (`with_own_outputs`). The
    file holds the references, so it is decoded with the references' encoding.

    Raises:
        InputError: the file cannot be read, a key names no column, no
            reference or system is chosen or marked, or an -i file does not
            have one line per segment the file keeps.
    """
    from bleu_gui.io.bundle import Role, Roles, select
    from bleu_gui.io.formats import read_bundle

    bundle = read_bundle(
        path, encoding=encodings.references, options=_format_options(options)
    )
    for flag, keys in (
        ("--refs", options.ref_keys),
        ("--systems", options.system_keys),
        ("--source-column", [options.source_column]),
        ("--doc-column", [options.doc_column]),
        ("--unit-column", [options.unit_column]),
    ):
        for key in keys or ():
            if key is not None and key not in {c.key for c in bundle.columns}:
                raise FormatError(
                    path,
                    f"{flag}: no column has the key {key!r} (the keys: "
                    f"{_keys(bundle)})",
                )
    own = tuple(options.input or ())
    systems = tuple(options.system_keys or ())
    references = tuple(options.ref_keys or ())
    if not references:
        references = _marked(bundle, Role.REFERENCE, leaving=systems)
    if not systems and not own:
        systems = _marked(bundle, Role.SYSTEM, leaving=references)
    for keys, role, flag in (
        (references, "reference", "--refs"),
        (systems or own, "system", "--systems"),
    ):
        if not keys:
            raise FormatError(
                path,
                f"holds no column marked as a {role}; choose with {flag} KEY ... "
                f"(the keys: {_keys(bundle)})",
            )
    taken = {*references, *systems}
    source = options.source_column or next(
        iter(_marked(bundle, Role.SOURCE, leaving=taken)), None
    )
    documents = options.doc_column or next(
        iter(_marked(bundle, Role.DOCUMENT, leaving=(*taken, source))), None
    )
    units = options.unit_column or next(
        iter(_marked(bundle, Role.UNIT, leaving=(*taken, source, documents))), None
    )
    roles = Roles(references, systems, source, documents, units)
    selection = select(bundle, roles, systems_elsewhere=bool(own))
    for notice in selection.notices:  # once the choice holds: else one error line
        warnings.add(notice)
    if own:
        selection = with_own_outputs(selection, own, options, encodings, warnings)
    return selection


def with_own_outputs(
    selection: Selection,
    names: Sequence[str],
    options: argparse.Namespace,
    encodings: Encodings,
    warnings: Warnings,
    *,
    piped: Segments | None = None,
) -> Selection:
    """`selection` with the -i files as more systems, after the file's own.

    `piped`: standard input, already read (given without -i); else `STDIN_NAME`
    reads it.

    Each -i file must have one line per segment the test-set file keeps, in the
    file's order: for WMT XML, the segments sacreBLEU keeps (test-suite
    documents and segments no reference translates are left out unless asked
    for, as the warnings say), i.e. the lines of ``sacrebleu --echo src``.

    Raises:
        InputError: an -i file cannot be read, or has another number of lines.
    """
    read: dict[str, Segments] = {}
    for name in names:
        if name in read:
            continue
        if name == STDIN_NAME:
            segments = (
                piped
                if piped is not None
                else read_stdin(encodings.hypotheses, drop_bom=options.drop_bom)
            )
        else:
            segments = _read_one(Path(name), encodings.hypotheses, options, warnings)
        selection.test_set.corpus(segments)  # one line per kept segment
        read[name] = segments
    return replace(selection, systems=(*selection.systems, *read.items()))


def _marked(
    bundle: Bundle, role: Role, *, leaving: Collection[str | None]
) -> tuple[str, ...]:
    """The keys of the columns `bundle` marks with `role`, but those in `leaving`."""
    return tuple(c.key for c in bundle.of_role(role) if c.key not in leaving)


def _keys(bundle: Bundle) -> str:
    """A bundle's column keys, for a message."""
    return ", ".join(repr(column.key) for column in bundle.columns)


def selected_systems(selection: Selection, names: Sequence[str]) -> list[Corpus]:
    """The chosen systems of a test-set file, aligned with its references."""
    segments = dict(selection.systems)
    return [selection.test_set.corpus(segments[name]) for name in names]
