"""On stderr: Chinese references scored with a tokenizer that leaves them unsplit.

The number is still sacreBLEU's for the tokenizer chosen (the hint changes nothing);
the line names the tokenizer that splits the text, whose number is sacreBLEU's too.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
import sacrebleu

from bleu_gui.cli import main
from bleu_gui.core import language_hint
from tests.core.cjk_lines import JA_HYP, JA_REF, ZH_HYP, ZH_REF

HINT = (
    "bleu-gui: warning: ref.zh.txt: looks like Chinese text, which tokenizer 13a "
    "leaves unsplit (22.1 characters a token), so BLEU counts whole sentences; "
    "use -tok zh (sacreBLEU's tokenizer for Chinese)\n"
)


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    for name, lines in (
        ("ref.zh.txt", ZH_REF),
        ("hyp.zh.txt", ZH_HYP),
        ("ref.ja.txt", JA_REF),
        ("hyp.ja.txt", JA_HYP),
    ):
        (tmp_path / name).write_text("".join(f"{x}\n" for x in lines), "utf-8")
    return tmp_path


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[float, str]:
    assert main([*argv, "-w", "4"]) == 0
    captured = capsys.readouterr()
    return json.loads(captured.out)["score"], captured.err


def _sacrebleu(hyps: list[str], refs: list[str], tokenizer: str) -> float:
    return round(sacrebleu.corpus_bleu(hyps, [refs], tokenize=tokenizer).score, 4)


def test_13a_on_chinese_gets_the_hint_and_sacrebleus_number(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    score, err = _run(["ref.zh.txt", "-i", "hyp.zh.txt"], capsys)
    assert score == _sacrebleu(ZH_HYP, ZH_REF, "13a") == 0.0
    assert err == HINT
    # -q leaves out information, not warnings about the input (as sacreBLEU's -q).
    assert _run(["ref.zh.txt", "-i", "hyp.zh.txt", "-q"], capsys)[1] == HINT


def test_the_named_tokenizer_scores_without_a_hint(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    score, err = _run(["ref.zh.txt", "-i", "hyp.zh.txt", "-tok", "zh"], capsys)
    assert score == _sacrebleu(ZH_HYP, ZH_REF, "zh") == 72.2994
    assert err == ""


def test_japanese_is_named_with_ja_mecab(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, err = _run(["ref.ja.txt", "-i", "hyp.ja.txt", "-tok", "intl"], capsys)
    assert err == (
        "bleu-gui: warning: ref.ja.txt: looks like Japanese text, which tokenizer "
        "intl leaves unsplit (7.8 characters a token), so BLEU counts whole "
        "sentences; use -tok ja-mecab (sacreBLEU's tokenizer for Japanese)\n"
    )
    score, err = _run(["ref.ja.txt", "-i", "hyp.ja.txt", "-tok", "ja-mecab"], capsys)
    assert score == _sacrebleu(JA_HYP, JA_REF, "ja-mecab")
    assert err == ""


def test_several_systems_get_the_hint_once(
    folder: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Said once, and looked for once: the systems share the references it is
    about (looking took 0.09 s a system on WMT lines, issue 28's five systems)."""
    looked: list[object] = []
    real = language_hint.language_of

    def spy(*args: Any, **kwargs: Any) -> object:
        looked.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(language_hint, "language_of", spy)
    (folder / "hyp2.zh.txt").write_text("".join(f"{x}\n" for x in ZH_REF), "utf-8")
    (folder / "hyp3.zh.txt").write_text("".join(f"{x}\n" for x in ZH_HYP), "utf-8")
    assert main(["ref.zh.txt", "-i", "hyp.zh.txt", "hyp2.zh.txt", "hyp3.zh.txt"]) == 0
    assert capsys.readouterr().err == HINT
    assert len(looked) == 1
