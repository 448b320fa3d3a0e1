"""The QA checks, in one table: what each is called, what it finds, what it needs.

Translators know these checks from Xbench and their CAT tools' QA: concrete
problems a reviewer can point at, not a score. Every place that names a check (the
command line's `--checks`, its text and JSON, the window's filter) reads
`CHECKS`, so a check is added or renamed here once.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

__all__ = ["ALL_CHECKS", "CHECKS", "CheckKind", "CheckSpec", "spec_of"]


class CheckKind(StrEnum):
    """A QA check; its value is the name users type and read ("numbers")."""

    EMPTY = "empty"
    UNTRANSLATED = "untranslated"
    NUMBERS = "numbers"
    TAGS = "tags"
    PUNCTUATION = "punctuation"
    SPACES = "spaces"
    INCONSISTENT = "inconsistent"


@dataclass(frozen=True, slots=True)
class CheckSpec:
    """What a check is, as users read it and as the runner needs it.

    Attributes:
        kind: The check.
        title: Its name in a list or a header ("Numbers").
        description: One line: what it finds (help text, tooltips).
        needs_source: It compares the hypothesis with its source: without a
            source it cannot run.
        needs_tags: It compares inline tags: it runs only on a format that
            keeps them (XLIFF, TMX).
    """

    kind: CheckKind
    title: str
    description: str
    needs_source: bool
    needs_tags: bool


CHECKS: tuple[CheckSpec, ...] = (
    CheckSpec(
        CheckKind.EMPTY,
        "Empty",
        "the translation is empty where the source is not",
        needs_source=False,
        needs_tags=False,
    ),
    CheckSpec(
        CheckKind.UNTRANSLATED,
        "Untranslated",
        "the translation is the source, unchanged (segments of only numbers, "
        "punctuation or tags are left alone)",
        needs_source=True,
        needs_tags=False,
    ),
    CheckSpec(
        CheckKind.NUMBERS,
        "Numbers",
        "a number of the source is missing or changed in the translation, or one "
        "is there that the source lacks (read with each language's decimal and "
        "thousands separators when the languages are known)",
        needs_source=True,
        needs_tags=False,
    ),
    CheckSpec(
        CheckKind.TAGS,
        "Tags",
        "an inline tag or placeholder of the source is missing, extra or in "
        "another order in the translation (XLIFF and TMX)",
        needs_source=True,
        needs_tags=True,
    ),
    CheckSpec(
        CheckKind.PUNCTUATION,
        "End punctuation",
        "the translation ends with other punctuation than the source",
        needs_source=True,
        needs_tags=False,
    ),
    CheckSpec(
        CheckKind.SPACES,
        "Spaces",
        "the translation starts or ends with a space, or has two spaces in a row",
        needs_source=False,
        needs_tags=False,
    ),
    CheckSpec(
        CheckKind.INCONSISTENT,
        "Inconsistent",
        "the same source is translated differently elsewhere in the same system",
        needs_source=True,
        needs_tags=False,
    ),
)
"""Every check, in the order reports list them."""

ALL_CHECKS = frozenset(spec.kind for spec in CHECKS)
"""Every check: the default set of those switched on."""

_BY_KIND = {spec.kind: spec for spec in CHECKS}


def spec_of(kind: CheckKind) -> CheckSpec:
    """The spec of `kind`."""
    return _BY_KIND[kind]
