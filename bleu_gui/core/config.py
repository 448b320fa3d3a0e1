"""What to compute: the scoring options, validated once, as one frozen value.

A `BleuConfig` is the single description of "which BLEU" a number is. The GUI's
settings panel maps widgets to it, the command line builds it from flags, and the
signature string is derived from it, so two numbers with equal configs were computed
the same way.

Compatibility modes reproduce other libraries' numbers. Each mode accepts only the
options that library has; anything else is refused with a message that says why,
instead of being silently ignored.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum
from typing import TypeVar, cast

__all__ = [
    "DEFAULT_SMOOTHING",
    "DEFAULT_TOKENIZER",
    "MAX_ORDER_LIMIT",
    "MAX_PARAMETER",
    "SMOOTHINGS",
    "BleuConfig",
    "Compat",
    "ConfigError",
    "Smoothing",
]


class ConfigError(ValueError):
    """An option, or a combination of options, that cannot be scored.

    Attributes:
        field: The `BleuConfig` field whose value is refused, when it is one field
            (the command line names its option, the GUI its widget).
    """

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class Compat(StrEnum):
    """Whose BLEU numbers to reproduce."""

    SACREBLEU = "sacrebleu"
    NLTK = "nltk"
    TF_NMT = "tf-nmt"
    MULTI_BLEU = "multi-bleu"

    @property
    def label(self) -> str:
        """A human name for menus and reports."""
        return _COMPAT_LABELS[self]


_COMPAT_LABELS = {
    Compat.SACREBLEU: "sacreBLEU 2.6.0",
    Compat.NLTK: "NLTK 3.10 corpus_bleu / sentence_bleu",
    Compat.TF_NMT: "tensorflow/nmt compute_bleu (Hugging Face evaluate 'bleu')",
    Compat.MULTI_BLEU: "multi-bleu.perl",
}


class Smoothing(StrEnum):
    """Every smoothing method of every mode; `SMOOTHINGS` says which mode has which."""

    NONE = "none"
    FLOOR = "floor"
    ADD_K = "add-k"
    EXP = "exp"
    ADD_ONE = "add-one"
    METHOD0 = "method0"
    METHOD1 = "method1"
    METHOD2 = "method2"
    METHOD3 = "method3"
    METHOD4 = "method4"
    METHOD5 = "method5"
    METHOD6 = "method6"
    METHOD7 = "method7"


SMOOTHINGS: dict[Compat, tuple[Smoothing, ...]] = {
    Compat.SACREBLEU: (Smoothing.NONE, Smoothing.FLOOR, Smoothing.ADD_K, Smoothing.EXP),
    Compat.NLTK: (
        Smoothing.METHOD0,
        Smoothing.METHOD1,
        Smoothing.METHOD2,
        Smoothing.METHOD3,
        Smoothing.METHOD4,
        Smoothing.METHOD5,
        Smoothing.METHOD6,
        Smoothing.METHOD7,
    ),
    Compat.TF_NMT: (Smoothing.NONE, Smoothing.ADD_ONE),
    Compat.MULTI_BLEU: (Smoothing.NONE,),
}

DEFAULT_SMOOTHING: dict[Compat, Smoothing] = {
    Compat.SACREBLEU: Smoothing.EXP,
    Compat.NLTK: Smoothing.METHOD0,
    Compat.TF_NMT: Smoothing.NONE,
    Compat.MULTI_BLEU: Smoothing.NONE,
}

# NLTK and tensorflow/nmt take token lists; 'none' (whitespace split) is what their
# users feed them. Hugging Face evaluate wraps tf-nmt in the 13a tokenizer, so that
# is the tf-nmt default. multi-bleu.perl reads pre-tokenized text.
DEFAULT_TOKENIZER: dict[Compat, str] = {
    Compat.SACREBLEU: "13a",
    Compat.NLTK: "none",
    Compat.TF_NMT: "13a",
    Compat.MULTI_BLEU: "none",
}

# sacreBLEU's defaults for the smoothing value (Chen & Cherry 2014).
_SACREBLEU_SMOOTH_DEFAULTS: dict[Smoothing, float | int] = {
    Smoothing.FLOOR: 0.1,
    Smoothing.ADD_K: 1,
}
NLTK_DEFAULT_EPSILON = 0.1
NLTK_DEFAULT_ALPHA = 5
NLTK_DEFAULT_K = 5

MAX_ORDER_LIMIT = 100
"""The highest n-gram order accepted. No translation shares 100-grams with its
reference by chance, and the statistics hold one column per order and segment, so an
order of a billion asked for gigabytes before anything was counted."""
MAX_PARAMETER = 1_000_000
"""The largest smoothing value, NLTK k or alpha, and weight (in absolute value)
accepted. Each is a small number in its paper (0.1, 1, 5); far beyond that the scores
are meaningless, and an integer too large for a float crashed NLTK's arithmetic."""


@dataclass(frozen=True, slots=True)
class BleuConfig:
    """How to compute BLEU. Immutable; `None` fields resolve to the mode's default.

    Attributes:
        compat: whose numbers to reproduce.
        tokenizer: a sacreBLEU tokenizer name (`13a`, `intl`, `zh`, `char`, `none`,
            `ja-mecab`, `ko-mecab`); `None` means the mode's default.
        lowercase: lowercase before tokenizing (`str.lower`, or ASCII-only in
            multi-bleu mode, as Perl's `lc` on bytes).
        smoothing: the smoothing method; `None` means the mode's default.
        smooth_value: the value of `floor` / `add-k` (sacreBLEU), or NLTK's epsilon.
        max_order: the highest n-gram order. In NLTK mode `weights` decides it.
        weights: NLTK's weights, any length; `None` means uniform over `max_order`.
        effective_order: sacreBLEU's effective order, or NLTK's `auto_reweigh`.
            `None` follows sacreBLEU: off for corpus scores, on for sentence scores
            (as its `sentence_bleu()` and `-sl` do); NLTK: off.
        nltk_alpha: NLTK `SmoothingFunction(alpha=…)`, used by method6.
        nltk_k: NLTK `SmoothingFunction(k=…)`, used by method4 and method7.
    """

    compat: Compat = Compat.SACREBLEU
    tokenizer: str | None = None
    lowercase: bool = False
    smoothing: Smoothing | None = None
    smooth_value: float | None = None
    max_order: int = 4
    weights: tuple[float, ...] | None = None
    effective_order: bool | None = None
    nltk_alpha: float = NLTK_DEFAULT_ALPHA
    nltk_k: float = NLTK_DEFAULT_K

    def __post_init__(self) -> None:
        compat = _coerce_enum(Compat, self.compat, "compatibility mode")
        object.__setattr__(self, "compat", compat)
        if self.tokenizer is None:
            object.__setattr__(self, "tokenizer", DEFAULT_TOKENIZER[compat])
        if self.smoothing is None:
            object.__setattr__(self, "smoothing", DEFAULT_SMOOTHING[compat])
        else:
            smoothing = _coerce_enum(Smoothing, self.smoothing, "smoothing method")
            object.__setattr__(self, "smoothing", smoothing)
        if self.weights is not None:
            object.__setattr__(self, "weights", tuple(float(w) for w in self.weights))
        self._validate()

    @property
    def smoothing_method(self) -> Smoothing:
        """The resolved smoothing method (never `None` after construction)."""
        return cast(Smoothing, self.smoothing)

    @property
    def tokenizer_name(self) -> str:
        """The resolved tokenizer name (never `None` after construction)."""
        return cast(str, self.tokenizer)

    def uses_effective_order(self, *, sentence: bool) -> bool:
        """Whether effective order (NLTK: auto_reweigh) is on for this kind of score."""
        if self.effective_order is None:
            return sentence and self.compat is Compat.SACREBLEU
        return self.effective_order

    @property
    def order(self) -> int:
        """The number of n-gram orders scored (NLTK: the length of the weights)."""
        if self.weights is not None:
            return len(self.weights)
        return self.max_order

    @property
    def effective_smooth_value(self) -> float | int | None:
        """The smoothing value actually used, defaults filled in."""
        method = self.smoothing_method
        if self.compat is Compat.SACREBLEU:
            if method in _SACREBLEU_SMOOTH_DEFAULTS:
                if self.smooth_value is None:
                    return _SACREBLEU_SMOOTH_DEFAULTS[method]
                return self.smooth_value
            return None
        if self.compat is Compat.NLTK:
            return (
                NLTK_DEFAULT_EPSILON if self.smooth_value is None else self.smooth_value
            )
        return None

    def _validate(self) -> None:
        compat, method = self.compat, self.smoothing_method
        if isinstance(self.max_order, bool) or not isinstance(self.max_order, int):
            raise ConfigError(
                f"maximum n-gram order must be an integer, not {self.max_order!r}",
                field="max_order",
            )
        if not 1 <= self.max_order <= MAX_ORDER_LIMIT:
            raise ConfigError(
                f"maximum n-gram order must be from 1 to {MAX_ORDER_LIMIT}, not "
                f"{self.max_order}",
                field="max_order",
            )
        if method not in SMOOTHINGS[compat]:
            allowed = ", ".join(SMOOTHINGS[compat])
            raise ConfigError(
                f"smoothing {method.value!r} does not exist in {compat.value} mode "
                f"(choose one of: {allowed})"
            )
        if self.smooth_value is not None:
            self._validate_smooth_value(compat, method, self.smooth_value)
        if self.weights is not None:
            if compat is not Compat.NLTK:
                raise ConfigError(
                    f"n-gram weights exist only in nltk mode; {compat.value} averages "
                    "the orders uniformly"
                )
            if not self.weights:
                raise ConfigError("weights must not be empty", field="weights")
            if len(self.weights) > MAX_ORDER_LIMIT:
                raise ConfigError(
                    f"at most {MAX_ORDER_LIMIT} weights (one per n-gram order), not "
                    f"{len(self.weights)}",
                    field="weights",
                )
            for weight in self.weights:
                _check_bounded("weights", weight, -MAX_PARAMETER, what="a weight")
        if self.effective_order and compat in (Compat.TF_NMT, Compat.MULTI_BLEU):
            raise ConfigError(f"{compat.value} has no effective order")
        if compat is Compat.MULTI_BLEU:
            if self.tokenizer_name != "none":
                raise ConfigError(
                    "multi-bleu.perl does not tokenize (use tokenizer 'none'); for "
                    "multi-bleu-detok.perl use sacrebleu mode with smoothing 'none'"
                )
            if self.max_order != 4:
                raise ConfigError("multi-bleu.perl always uses 4-grams")
        if compat is Compat.NLTK:
            _check_bounded("nltk_k", self.nltk_k, 0)
            # NLTK accepts a negative alpha, but then method6 can divide by an
            # unnormalised zero Fraction (Fraction(0, 5) != 0 in NLTK's subclass) and
            # crash in ways that depend on CPython's Fraction internals.
            _check_bounded("nltk_alpha", self.nltk_alpha, 0)

    @staticmethod
    def _validate_smooth_value(compat: Compat, method: Smoothing, value: float) -> None:
        _check_bounded("smooth_value", value, 0, what="smoothing value")
        takes_value = (
            compat is Compat.SACREBLEU and method in _SACREBLEU_SMOOTH_DEFAULTS
        ) or (compat is Compat.NLTK and method is Smoothing.METHOD1)
        if not takes_value:
            raise ConfigError(
                f"smoothing {method.value!r} in {compat.value} mode takes no value"
                + (
                    " (epsilon is used by method1 only)"
                    if compat is Compat.NLTK
                    else ""
                )
            )


def _check_bounded(
    field: str, value: object, low: int, *, what: str | None = None
) -> None:
    """Refuse anything but a number from `low` to `MAX_PARAMETER`.

    Integers are compared as integers: converting a huge one to a float (as
    `math.isfinite` would) raises OverflowError instead of answering.
    """
    name = what or field
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ConfigError(f"{name} must be a number, not {value!r}", field=field)
    if isinstance(value, float) and not math.isfinite(value):
        raise ConfigError(f"{name} must be a finite number, not {value}", field=field)
    if not low <= value <= MAX_PARAMETER:
        shown = f"{value:g}" if isinstance(value, float) else _short_int(value)
        raise ConfigError(
            f"{name} must be from {low:,} to {MAX_PARAMETER:,}, not {shown}",
            field=field,
        )


def _short_int(value: int) -> str:
    """An integer as digits, or its size when that would be long.

    (Or impossible: `str()` refuses integers of more than 4,300 digits.)
    """
    if value.bit_length() <= 100:
        return str(value)
    sign = "-" if value < 0 else ""
    return f"{sign}an integer of about {int(value.bit_length() * 0.30103) + 1} digits"


_E = TypeVar("_E", bound=StrEnum)


def _coerce_enum(kind: type[_E], value: object, what: str) -> _E:
    """Accept an enum member or its string value; refuse anything else clearly."""
    if isinstance(value, kind):
        return value
    try:
        return kind(str(value))
    except ValueError:
        allowed = ", ".join(member.value for member in kind)
        raise ConfigError(
            f"unknown {what} {value!r} (choose one of: {allowed})"
        ) from None
