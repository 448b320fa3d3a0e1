"""The tokenizer a Chinese, Japanese, Korean or Thai corpus needs, if another is used.

These languages are written without spaces between words (Korean has spaces between
phrases). sacreBLEU's default tokenizer, 13a, splits on spaces and ASCII punctuation
only, so a Chinese sentence stays one token: BLEU then counts whole sentences, and
a good translation scores near zero (0.0 with 13a where `zh` gives 72.3 on the
eight Chinese sentences of tests/core/test_language_hint.py). sacreBLEU picks the
right tokenizer only when told the language pair (`-l en-zh`); bleu-gui is not
told, so it looks at the text instead.

The rule: the sample's letters are mostly of one of these scripts, and the chosen
tokenizer leaves more of that script's characters per token than a word has
(`MAX_CHARACTERS_PER_TOKEN` on average). It is a measurement, not a list of
tokenizers: `zh`, `char` and `ja-mecab` split Chinese into one or two characters a
token and get no hint, 13a and `intl` do not split it and get one. The token counts
are the scorer's own (a reference's lengths in `CorpusStats`): nothing is tokenized
again. Korean words are
separated by spaces, so 13a leaves Korean tokens short and there is no hint for it
(sacreBLEU prefers `ko-mecab` there, a finer point than a wrong tokenizer).

Pure functions on lines and their token counts: the caller (`io.notices`) says the
line on stderr or in the status bar.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import StrEnum

from bleu_gui.core.config import CAPABILITIES, BleuConfig

__all__ = [
    "MAX_CHARACTERS_PER_TOKEN",
    "SAMPLE_LINES",
    "Language",
    "LanguageHint",
    "language_hint",
    "language_of",
]

MAX_CHARACTERS_PER_TOKEN = 4.0
"""Above this many characters of the script per token, the text is left unsplit.

Punctuation tokens count too. Split as sacreBLEU's tokenizers for these languages
split it, a token has one or two characters (Chinese with `zh`: 0.9; Japanese with
`ja-mecab`: 1.5; Thai with `char`: 1.0); Korean words split at their spaces have
about 2.5. Left whole, a Chinese or Japanese sentence is 20 to 40 characters a
token, and `intl`, which splits at Chinese punctuation only, leaves 6 to 8.
"""

SAMPLE_LINES = 500
"""How many lines of a file are looked at: enough to tell, cheap to tokenize."""

MIN_SHARE = 0.5
"""The share of a sample's letters that must be of the language's script."""

_KANA_SHARE = 0.1
"""Of Han and kana letters, the share of kana that makes the text Japanese.

Japanese prose is a third or more kana; Chinese has none, but may quote a name.
"""


class Language(StrEnum):
    """A language the default tokenizer leaves unsplit, named as users name it."""

    CHINESE = "Chinese"
    JAPANESE = "Japanese"
    KOREAN = "Korean"
    THAI = "Thai"


class _Script(StrEnum):
    HAN = "han"
    KANA = "kana"
    HANGUL = "hangul"
    THAI = "thai"


# (first, last) code points of each script's blocks.
_BLOCKS: tuple[tuple[int, int, _Script], ...] = (
    (0x3040, 0x30FF, _Script.KANA),  # hiragana, katakana
    (0x31F0, 0x31FF, _Script.KANA),  # katakana phonetic extensions
    (0xFF66, 0xFF9F, _Script.KANA),  # half-width katakana
    (0x3400, 0x4DBF, _Script.HAN),  # extension A
    (0x4E00, 0x9FFF, _Script.HAN),  # unified ideographs
    (0xF900, 0xFAFF, _Script.HAN),  # compatibility ideographs
    (0x20000, 0x3FFFF, _Script.HAN),  # extensions B and later
    (0x1100, 0x11FF, _Script.HANGUL),  # jamo
    (0x3130, 0x318F, _Script.HANGUL),  # compatibility jamo
    (0xAC00, 0xD7AF, _Script.HANGUL),  # syllables
    (0x0E00, 0x0E7F, _Script.THAI),
)

# The scripts a language is written in, and the tokenizer sacreBLEU uses for it.
_SCRIPTS: dict[Language, frozenset[_Script]] = {
    Language.CHINESE: frozenset({_Script.HAN}),
    Language.JAPANESE: frozenset({_Script.HAN, _Script.KANA}),
    Language.KOREAN: frozenset({_Script.HANGUL}),
    Language.THAI: frozenset({_Script.THAI}),
}
_TOKENIZER: dict[Language, str] = {
    Language.CHINESE: "zh",
    Language.JAPANESE: "ja-mecab",
    Language.KOREAN: "ko-mecab",
    Language.THAI: "char",
}
# Why that tokenizer, in the hint's words.
_WHY: dict[Language, str] = {
    Language.CHINESE: "sacreBLEU's tokenizer for Chinese",
    Language.JAPANESE: "sacreBLEU's tokenizer for Japanese",
    Language.KOREAN: "sacreBLEU's tokenizer for Korean",
    Language.THAI: "Thai as characters: bleu-gui has no Thai word tokenizer",
}
# The bleu-gui extra that installs a tokenizer's dependencies.
_EXTRA = {"ja-mecab": "ja", "ko-mecab": "ko"}


@dataclass(frozen=True, slots=True)
class LanguageHint:
    """A corpus in `language` that the tokenizer in use leaves unsplit.

    Attributes:
        language: What the text is written in.
        tokenizer: The tokenizer in use.
        characters_per_token: Characters of the language's script per token.
        suggested: The tokenizer to use instead.
        available: Whether `suggested` is installed here.
        tokenizes: Whether the scoring mode lets the user choose a tokenizer
            (multi-bleu.perl reads text tokenized beforehand).
    """

    language: Language
    tokenizer: str
    characters_per_token: float
    suggested: str
    available: bool = True
    tokenizes: bool = True

    def line(self, choose: str) -> str:
        """The one-line hint, without a file name.

        Args:
            choose: How the user chooses a tokenizer, "{}" standing for its name
                ("-tok {}", "Tokenizer: {}").
        """
        said = (
            f"looks like {self.language} text, which tokenizer {self.tokenizer} "
            f"leaves unsplit ({self.characters_per_token:.1f} characters a token), "
            "so BLEU counts whole sentences"
        )
        if not self.tokenizes:
            advice = self._advice(choose)
            return f"{said}; this mode scores text tokenized beforehand: {advice}"
        return (
            f"{said}; {self._advice(choose)} ({_WHY[self.language]})" + self._install()
        )

    def short(self, choose: str) -> str:
        """The hint in a few words, for a place that stays in view (a status line).

        `line` says why; this says what and what to do, as `line` does.
        """
        return (
            f"{self.language} text left unsplit by tokenizer {self.tokenizer}: "
            f"{self._advice(choose)}{self._install()}"
        )

    def _advice(self, choose: str) -> str:
        if not self.tokenizes:
            return (
                "tokenize it first, or score in sacrebleu mode with tokenizer "
                f"{self.suggested}"
            )
        return choose.format(self.suggested)

    def _install(self) -> str:
        """What to install first, when the tokenizer suggested is not installed."""
        extra = _EXTRA.get(self.suggested)
        if self.tokenizes and not self.available and extra is not None:
            return f", after pip install 'bleu-gui[{extra}]'"
        return ""


def language_of(lines: Sequence[str]) -> Language | None:
    """The language `lines` are clearly written in, if one of `Language`'s, or None.

    "Clearly": at least `MIN_SHARE` of the letters are of its script (Han for
    Chinese; Han and kana with some kana for Japanese; Hangul; Thai). A letter is
    a character of one of these scripts, or else one `str.isalpha` calls a letter.
    """
    counts, letters = _script_counts("".join(lines))
    if letters == 0:
        return None
    han_and_kana = counts[_Script.HAN] + counts[_Script.KANA]
    if han_and_kana >= MIN_SHARE * letters:
        kana = counts[_Script.KANA] >= _KANA_SHARE * han_and_kana
        return Language.JAPANESE if kana else Language.CHINESE
    for script, language in (
        (_Script.HANGUL, Language.KOREAN),
        (_Script.THAI, Language.THAI),
    ):
        if counts[script] >= MIN_SHARE * letters:
            return language
    return None


def _script_counts(text: str) -> tuple[Counter[_Script], int]:
    """How many characters of `text` are of each script, and how many are letters.

    The characters of the scripts are looked for among those at or above U+0E00
    only, found by one regular expression (in C): a character loop in Python over
    all of the text was a tenth of `bleu-gui score`'s time on 500 English segments.
    """
    counts: Counter[_Script] = Counter()
    letters = sum(map(str.isalpha, text))
    for char in _HIGH.findall(text):
        script = _script_of(char)
        if script is not None:
            counts[script] += 1
            letters += not char.isalpha()  # a letter of its script all the same
    return counts, letters


def language_hint(
    lines: Sequence[str],
    token_counts: Sequence[int],
    config: BleuConfig,
    *,
    available: Callable[[str], bool],
) -> LanguageHint | None:
    """A hint if `lines` are clearly in a `Language` their tokens leave unsplit.

    Args:
        lines: A sample of one file's segments (`SAMPLE_LINES` are plenty).
        token_counts: How many tokens each of `lines` has, as the tokenizer in
            use splits it.
        config: The scoring options (the tokenizer in use, the mode).
        available: Whether a tokenizer is installed here; asked only of the one
            suggested, once a hint is given (`core.tokenize.tokenizer_available`:
            asking loads its packages, which a run without a hint need not).

    Returns:
        The hint, or None when the text is not clearly in one of these languages
        or its tokens are short enough.
    """
    language = language_of(lines)
    if language is None:
        return None
    scripts = _SCRIPTS[language]
    counts, _ = _script_counts("".join(lines))
    characters = sum(counts[script] for script in scripts)
    counted = sum(token_counts)
    if counted <= 0 or characters / counted <= MAX_CHARACTERS_PER_TOKEN:
        return None
    suggested = _TOKENIZER[language]
    return LanguageHint(
        language=language,
        tokenizer=config.tokenizer_name,
        characters_per_token=characters / counted,
        suggested=suggested,
        available=available(suggested),
        tokenizes=CAPABILITIES[config.compat].fixed_tokenizer is None,
    )


def _script_of(char: str) -> _Script | None:
    code = ord(char)
    for first, last, script in _BLOCKS:
        if first <= code <= last:
            return script
    return None


# Every character at or above the first block's (Thai, U+0E00). A negated class
# of one small range: a class of the blocks themselves took Python's compiler
# ~80 M instructions, as long as the rest of `bleu-gui score`'s imports.
_HIGH = re.compile("[^\x00-\u0dff]")
assert min(first for first, _, _ in _BLOCKS) == 0x0E00
