"""Numbers as a language writes them: which separator is the decimal one.

"1,5" in German is "1.5" in English, and "1.500" in German is "1,500" in English.
A QA check that compares a translation's numbers with its source's must read each
side in its own language, or it flags every correctly localised number and misses
the one that moved a decimal. `CONVENTIONS` is the one table of which languages
write a decimal comma and which a decimal point; a language not in it is not
guessed: its numbers are compared by their digits alone (`number_keys` with no
convention), which cannot tell 1,5 from 15 but never flags a number that is right.

A number is read by its convention only where its shape is unambiguous in that
convention: whole groups of three digits between group separators, or one decimal
separator. Anything else ("1.2.3", a date "12.03.2024", a version "1.5" in German)
is kept as written, which is how it is carried over in any language.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

__all__ = [
    "CONVENTIONS",
    "NumberConvention",
    "convention_of",
    "number_key",
    "number_keys",
    "number_tokens",
]


@dataclass(frozen=True, slots=True)
class NumberConvention:
    """How a language writes numbers: its decimal separator ("." or ",")."""

    decimal: str

    @property
    def grouping(self) -> str:
        """The other of "." and ",": the separator between groups of thousands."""
        return "," if self.decimal == "." else "."


_POINT = NumberConvention(".")
_COMMA = NumberConvention(",")

_POINT_LANGUAGES = "en zh ja ko th he hi ms ga mt sw tl"
_COMMA_LANGUAGES = (
    "de fr es it pt nl ru pl cs sk sl hr sr bs bg uk be ro hu tr da sv nb nn no fi "
    "et lv lt el id vi is ca gl eu mk sq af az kk ka hy"
)
# Regions that write otherwise than their language's default.
_POINT_REGIONS = "de-ch de-li it-ch es-mx es-us"

CONVENTIONS: dict[str, NumberConvention] = {
    **dict.fromkeys(_POINT_LANGUAGES.split(), _POINT),
    **dict.fromkeys(_COMMA_LANGUAGES.split(), _COMMA),
    **dict.fromkeys(_POINT_REGIONS.split(), _POINT),
}
"""Language tags (lower case: a language, or language-region) to their convention."""

# A number: digits, with single separators between runs of digits. Linear: each
# separator must be followed by a digit, so no run can be matched two ways.
_NUMBER = re.compile(r"\d+(?:[.,\u00a0\u202f'\u2019]\d+)*")
# Separators that only ever group thousands, in any language.
_SPACES = re.compile(r"[\u00a0\u202f'\u2019](?=\d{3}(?!\d))")
_NOT_DIGITS = re.compile(r"\D+")


def convention_of(language: str | None) -> NumberConvention | None:
    """The convention of a language tag ("de-CH", "pt_BR", "fr"), None if unknown."""
    if not language:
        return None
    tag = language.strip().lower().replace("_", "-")
    found = CONVENTIONS.get(tag)
    if found is None:
        parts = tag.split("-")
        found = CONVENTIONS.get(f"{parts[0]}-{parts[-1]}") or CONVENTIONS.get(parts[0])
    return found


def number_keys(
    text: str, convention: NumberConvention | None
) -> Iterator[tuple[str, int, int]]:
    """Each number in `text`: (its value as a key, its start, its end).

    Two numbers with the same key are the same number ("1.5" in English, "1,5"
    in German). Without a convention the key is the digits alone.
    """
    for match in _NUMBER.finditer(text):
        yield number_key(match.group(), convention), match.start(), match.end()


def number_tokens(text: str) -> list[str]:
    """The numbers of `text` as written ("1.234,5", "12"), in order."""
    return _NUMBER.findall(text)


def number_key(token: str, convention: NumberConvention | None) -> str:
    """The value of one number as written (see the module's docstring)."""
    if token.isdigit() and token.isascii():  # most numbers: digits alone
        return token
    return _key(token, convention)


@functools.lru_cache(maxsize=1 << 16)  # the same numbers recur: years, 1.5, 10,000
def _key(token: str, convention: NumberConvention | None) -> str:
    """`number_key` of a number with a separator or other digits than ASCII's."""
    if not token.isascii():
        token = "".join(
            str(unicodedata.decimal(char)) if char.isdigit() else char for char in token
        )
    if convention is None:
        return _NOT_DIGITS.sub("", token)
    token = _SPACES.sub("", token)
    grouped, plain = _shapes(convention)
    if grouped.fullmatch(token):
        token = token.replace(convention.grouping, "")
    elif not plain.fullmatch(token):
        return token  # a shape the convention does not explain: as written
    whole, _, fraction = token.partition(convention.decimal)
    fraction = fraction.rstrip("0")
    return f"{whole}.{fraction}" if fraction else whole


@functools.cache
def _shapes(convention: NumberConvention) -> tuple[re.Pattern[str], re.Pattern[str]]:
    """A convention's grouped number ("1.234,5") and plain one ("1234,5", "12")."""
    decimal, grouping = re.escape(convention.decimal), re.escape(convention.grouping)
    return (
        re.compile(rf"\d{{1,3}}(?:{grouping}\d{{3}})+(?:{decimal}\d+)?"),
        re.compile(rf"\d+{decimal}\d+|\d+"),
    )
