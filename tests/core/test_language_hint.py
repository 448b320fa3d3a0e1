"""The language hint: Chinese, Japanese or Thai left unsplit by the tokenizer chosen.

Every expectation about what a tokenizer does to these lines is checked against
sacreBLEU itself: with the tokenizer the hint names, sacreBLEU's BLEU is high; with
the one it warns about, near zero.
"""

from __future__ import annotations

import pytest
import sacrebleu

from bleu_gui.core import BleuConfig, Compat
from bleu_gui.core.language_hint import (
    Language,
    LanguageHint,
    language_hint,
    language_of,
)
from bleu_gui.core.tokenize import (
    available_tokenizers,
    get_tokenizer,
    tokenizer_available,
)
from tests.core.cjk_lines import (
    JA_HYP,
    JA_REF,
    KO_HYP,
    KO_REF,
    TH_HYP,
    TH_REF,
    ZH_HYP,
    ZH_REF,
)

ENGLISH = [
    "The city council met this morning to discuss the new transport plan.",
    "The library opens at eight in the morning and closes at ten at night.",
]
ALL = ("13a", "intl", "zh", "char", "none", "ja-mecab", "ko-mecab")


def _hint(
    lines: list[str], tokenizer: str, compat: Compat = Compat.SACREBLEU
) -> LanguageHint | None:
    config = BleuConfig(compat=compat, tokenizer=tokenizer)
    split = get_tokenizer(tokenizer, perl=compat is Compat.MULTI_BLEU)
    counts = [len(split(line).split()) for line in lines]
    return language_hint(lines, counts, config, available=ALL.__contains__)


def _sacrebleu(hyps: list[str], refs: list[str], tokenizer: str) -> float:
    return float(sacrebleu.corpus_bleu(hyps, [refs], tokenize=tokenizer).score)


def test_the_languages_are_told_apart() -> None:
    assert language_of(ZH_REF) is Language.CHINESE
    assert language_of(JA_REF) is Language.JAPANESE
    assert language_of(KO_REF) is Language.KOREAN
    assert language_of(TH_REF) is Language.THAI
    assert language_of(ENGLISH) is None
    assert language_of([]) is None
    # A Chinese name quoted in English text does not make it Chinese.
    assert language_of(["President 习近平 visited the port of Hamburg today."]) is None
    # English words in Chinese text do not hide it.
    assert language_of(["我们使用 Python 和 Qt 开发了这个程序。"]) is Language.CHINESE


@pytest.mark.parametrize(
    ("hyps", "refs", "unsplit", "split", "language"),
    [
        (ZH_HYP, ZH_REF, ("13a", "intl", "none"), "zh", Language.CHINESE),
        (JA_HYP, JA_REF, ("13a", "intl", "none"), "ja-mecab", Language.JAPANESE),
        (TH_HYP, TH_REF, ("13a", "intl", "none", "zh"), "char", Language.THAI),
    ],
)
def test_a_tokenizer_that_leaves_the_text_unsplit_gets_the_hint(
    hyps: list[str],
    refs: list[str],
    unsplit: tuple[str, ...],
    split: str,
    language: Language,
) -> None:
    right = _sacrebleu(hyps, refs, split)
    assert right > 50
    for tokenizer in unsplit:
        assert _sacrebleu(hyps, refs, tokenizer) < 15  # sacreBLEU's own number
        hint = _hint(refs, tokenizer)
        assert hint is not None, tokenizer
        assert (hint.language, hint.tokenizer, hint.suggested) == (
            language,
            tokenizer,
            split,
        )
    assert _hint(refs, split) is None


@pytest.mark.parametrize(
    ("refs", "tokenizers"),
    [
        (ZH_REF, ("zh", "char", "ja-mecab", "ko-mecab")),
        (JA_REF, ("ja-mecab", "zh", "char", "ko-mecab")),
        (TH_REF, ("char",)),
        # Korean words are separated by spaces: 13a splits them (sacreBLEU's 13a
        # score is no accident of the tokenizer), so no hint.
        (KO_REF, ("13a", "intl", "none", "ko-mecab", "char")),
        (ENGLISH, ALL),
    ],
)
def test_a_tokenizer_that_splits_the_text_gets_none(
    refs: list[str], tokenizers: tuple[str, ...]
) -> None:
    for tokenizer in tokenizers:
        assert _hint(refs, tokenizer) is None, tokenizer


def test_korean_with_13a_scores_as_words_in_sacrebleu() -> None:
    assert round(_sacrebleu(KO_HYP, KO_REF, "13a"), 4) == 60.9396


def test_the_line_names_the_tokenizer_and_how_to_choose_it() -> None:
    hint = _hint(ZH_REF, "13a")
    assert hint is not None
    assert round(hint.characters_per_token, 1) == 22.1
    assert hint.line("use -tok {}") == (
        "looks like Chinese text, which tokenizer 13a leaves unsplit (22.1 "
        "characters a token), so BLEU counts whole sentences; use -tok zh "
        "(sacreBLEU's tokenizer for Chinese)"
    )
    thai = _hint(TH_REF, "13a")
    assert thai is not None
    assert thai.line("choose Tokenizer {} in the settings").endswith(
        "; choose Tokenizer char in the settings (Thai as characters: bleu-gui has "
        "no Thai word tokenizer)"
    )


def test_a_tokenizer_not_installed_is_named_with_its_extra() -> None:
    config = BleuConfig(tokenizer="13a")
    split = get_tokenizer("13a")
    counts = [len(split(line).split()) for line in JA_REF]
    hint = language_hint(
        JA_REF, counts, config, available=("13a", "zh", "char").__contains__
    )
    assert hint is not None
    assert not hint.available
    assert hint.line("use -tok {}").endswith(
        "; use -tok ja-mecab (sacreBLEU's tokenizer for Japanese), after pip "
        "install 'bleu-gui[ja]'"
    )
    assert hint.short("choose Tokenizer {} in the settings") == (
        "Japanese text left unsplit by tokenizer 13a: choose Tokenizer ja-mecab in "
        "the settings, after pip install 'bleu-gui[ja]'"
    )
    installed = "ja-mecab" in available_tokenizers()
    here = language_hint(JA_REF, counts, config, available=tokenizer_available)
    assert here is not None
    assert here.available is installed


def test_a_mode_without_a_tokenizer_choice_says_to_tokenize_first() -> None:
    hint = _hint(ZH_REF, "none", Compat.MULTI_BLEU)
    assert hint is not None
    assert not hint.tokenizes
    assert hint.line("use -tok {}").endswith(
        "; this mode scores text tokenized beforehand: tokenize it first, or score "
        "in sacrebleu mode with tokenizer zh"
    )
    assert hint.short("use -tok {}") == (
        "Chinese text left unsplit by tokenizer none: tokenize it first, or score "
        "in sacrebleu mode with tokenizer zh"
    )
    # NLTK's default is `none` too, but it may be given another tokenizer.
    nltk = _hint(ZH_REF, "none", Compat.NLTK)
    assert nltk is not None
    assert nltk.tokenizes


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 2 Han of 4 letters: half, enough
        ("中中aa", Language.CHINESE),
        # 1 Han of 4 letters: not enough
        ("中aaa", None),
        # digits and punctuation are not letters: 2 Han of 3
        ("中中a1!2 ", Language.CHINESE),
        # U+30FB (katakana middle dot) is not alphabetic, but in the kana block it
        # counts as a letter of the script: Han and kana 2 of 5 letters
        ("中・aaa", None),
        # ... and 2 of 4 with one letter less: Japanese (kana 1 of 2)
        ("中・aa", Language.JAPANESE),
        # letters outside these scripts count (é, Cyrillic): 3 Han of 6
        ("éжé中中中", Language.CHINESE),
        ("éжéa中中中", None),
        # Hangul and Thai against Latin letters
        ("한국aa", Language.KOREAN),
        ("ไทยaaaa", None),
        ("ไทยaaa", Language.THAI),
        ("", None),
        ("1234 !?", None),
    ],
)
def test_the_share_counts_the_scripts_characters_and_other_letters(
    text: str, expected: Language | None
) -> None:
    """`MIN_SHARE` of the letters; a letter is a character of one of the scripts'
    blocks, or one Python calls alphabetic. Counted by hand."""
    assert language_of([text]) is expected
    assert language_of(list(text)) is expected  # lines are joined, not separated
