"""`-t wmt21 -l de-en`: sacreBLEU's named test sets on `bleu-gui score`'s command line.

sacreBLEU's users name the test set rather than its files; the same command line
pasted here must score the same lines and print the same number. The reading is
sacreBLEU's own (`io.sacrebleu_sets`, imported only when `-t` is given: a plain
score stays light); here are the options, what they may be given with, and the
turn of a named set into the `Selection` a test-set file gives, so that the rest
of the score command (`-d` by document, the exports, the paired tests) takes it
as it takes a WMT XML file with `-i`.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from bleu_gui.core import Compat, ConfigError

if TYPE_CHECKING:
    from bleu_gui.cli_files import Encodings, Warnings
    from bleu_gui.io import Segments
    from bleu_gui.io.bundle import Selection

__all__ = [
    "add_named_set_options",
    "check_named_set_options",
    "echo",
    "language_default_tokenizer",
    "read_named_set",
]

# sacreBLEU's default tokenizer for a target language it knows (when -l names it).
_TOKENIZER_OF_TARGET = {"zh": "zh", "ja": "ja-mecab", "ko": "ko-mecab"}

# The options that need -t, as the user types them, by destination.
_NEED_TEST_SET = {"origlang": "--origlang", "subset": "--subset", "echo": "--echo"}


def add_named_set_options(
    parser: argparse.ArgumentParser, *, echo: bool = True
) -> None:
    """The options `-t`, `-l`, `--origlang`, `--subset` and `--echo`, as sacreBLEU's.

    `echo` False: without `--echo` (the window prints nothing).
    """
    group = parser.add_argument_group(
        "sacreBLEU's test sets",
        "'-t wmt21 -l de-en' scores against sacreBLEU's test set wmt21, "
        "German-English, instead of REF files: its references, source and "
        "document ids as sacreBLEU reads them, from its cache ($SACREBLEU, else "
        "~/.sacrebleu), downloaded first when it is not there.",
    )
    group.add_argument(
        "-t",
        "--test-set",
        metavar="NAME",
        help="sacreBLEU's test set (wmt21), or several joined by commas, scored "
        "one after the other",
    )
    group.add_argument(
        "-l",
        "--language-pair",
        dest="langpair",
        metavar="PAIR",
        help="the language pair (de-en); its target language chooses the default "
        "tokenizer as in sacreBLEU (zh, ja-mecab, ko-mecab for zh, ja, ko)",
    )
    group.add_argument(
        "-ol",
        "--origlang",
        metavar="LANG",
        help="with -t: only the documents first written in LANG; non-LANG: the others",
    )
    group.add_argument(
        "--subset",
        metavar="REGEX",
        help="with -t: only the documents whose domain matches REGEX",
    )
    if not echo:
        return
    group.add_argument(
        "--echo",
        nargs="+",
        metavar="FIELD",
        help="with -t: print the fields (src, ref, docid, origlang, ref:A, all) "
        "tab-separated, one segment a line, and stop",
    )


def check_named_set_options(options: argparse.Namespace) -> None:
    """Refuse what sacreBLEU refuses: -t with REF files, a filter without -t.

    Raises:
        ConfigError: naming the option and what it needs.
    """
    if options.test_set is None:
        for dest, flag in _NEED_TEST_SET.items():
            if getattr(options, dest, None) is not None:
                raise ConfigError(
                    f"{flag} chooses in sacreBLEU's test sets: give -t NAME -l PAIR"
                )
        return
    if options.refs:
        raise ConfigError(
            f"-t {options.test_set} gives the references: leave out the REF files "
            f"({options.refs[0]})"
        )


def language_default_tokenizer(options: argparse.Namespace) -> None:
    """Set sacreBLEU's tokenizer for -l's target language, if none is chosen.

    sacreBLEU does it whenever -l is given, with -t or REF files; in sacreBLEU's
    mode only (the other modes have tokenizers of their own).
    """
    if options.langpair is None or options.tokenize is not None:
        return
    if options.compat != Compat.SACREBLEU.value:
        return
    target = options.langpair.split("-")[-1]
    options.tokenize = _TOKENIZER_OF_TARGET.get(target)


def echo(options: argparse.Namespace) -> str:
    """What `--echo` prints (sacreBLEU's own printing of the test set's fields).

    Raises:
        InputError: an unknown test set, pair or field; offline and not cached.
    """
    from bleu_gui.io.sacrebleu_sets import echo_text

    return echo_text(
        options.test_set,
        options.langpair,
        options.echo,
        origlang=options.origlang,
        subset=options.subset,
    )


def read_named_set(
    options: argparse.Namespace,
    encodings: Encodings,
    warnings: Warnings,
    *,
    piped: Segments | None,
) -> Selection:
    """The named test set with the -i files (or standard input) as its systems.

    Each -i file has one line per segment of the whole set (as for sacreBLEU);
    `--origlang` and `--subset` then keep the same lines of the references, the
    source, the document ids and every system.

    Raises:
        InputError: the set cannot be had, or an -i file has another number of
            lines.
    """
    from bleu_gui.cli_files import with_own_outputs
    from bleu_gui.io.bundle import Selection
    from bleu_gui.io.sacrebleu_sets import kept_selection, named_test_set
    from bleu_gui.io.sacrebleu_sets import read_named_set as read

    if options.tokenize == "none":
        warnings.add(
            "-tok none leaves your files as they are tokenized: the score is not "
            f"comparable with published {options.test_set} scores, which "
            "sacreBLEU's own tokenizer makes"
        )
    named = read(
        options.test_set,
        options.langpair,
        origlang=options.origlang,
        subset=options.subset,
        encoding=encodings.references,
    )
    test_set = named_test_set(named, encodings.references)
    selection = Selection(test_set, (), named.documents)
    selection = with_own_outputs(
        selection, options.input, options, encodings, warnings, piped=piped
    )
    return kept_selection(selection, named.kept)
