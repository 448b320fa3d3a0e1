"""The command line's help says what each mode offers, in the table's words.

Its texts are built from `core.config.CAPABILITIES` (one place for which mode has
which option and default); these pin what a user reads.
"""

from __future__ import annotations

import re

import pytest

from bleu_gui.__main__ import main


def help_text(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> str:
    monkeypatch.setenv("COLUMNS", "2000")  # argparse wraps to the terminal's width
    with pytest.raises(SystemExit) as exit_:
        main(["score", "--help"])
    assert exit_.value.code == 0
    return re.sub(r"\s+", " ", capsys.readouterr().out)


@pytest.mark.parametrize(
    "words",
    [
        "tokenizer (default: 13a in sacrebleu, tf-nmt; none in nltk, multi-bleu)",
        "smoothing: none/floor/add-k/exp in sacrebleu (default exp); "
        "method0/method1/method2/method3/method4/method5/method6/method7 in nltk "
        "(default method0); none/add-one in tf-nmt (default none); none in "
        "multi-bleu (default none)",
        "the value of floor (sacrebleu, default 0.1); add-k (sacrebleu, default 1); "
        "method1 (nltk, default 0.1)",
        "highest n-gram order, 1 to 100 (default: 4; multi-bleu: always 4)",
        "nltk method6's alpha (default: 5)",
        "nltk method4's and method7's k (default: 5)",
        "turn on effective order (sacrebleu: corpus: off, sentences: on by default); "
        "auto_reweigh (nltk: off by default)",
    ],
)
def test_the_help_names_each_modes_options(
    words: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert words in help_text(capsys, monkeypatch)
