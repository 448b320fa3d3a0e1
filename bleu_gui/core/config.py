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
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType
from typing import TypeVar, cast

__all__ = [
    "CAPABILITIES",
    "DEFAULT_SMOOTHING",
    "DEFAULT_TOKENIZER",
    "MAX_ORDER_LIMIT",
    "MAX_PARAMETER",
    "SIGNIFICANCE_MODE",
    "SIGNIFICANCE_REFUSAL",
    "SMOOTHINGS",
    "SMOOTHING_HELP",
    "SMOOTH_VALUE_RANGE",
    "SPLIT_SPACE",
    "TOKENIZER_HELP",
    "BleuConfig",
    "Capabilities",
    "Compat",
    "ConfigError",
    "NumberRange",
    "Option",
    "ScoreScale",
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
        """A human name for menus and reports (`Capabilities.label`)."""
        return CAPABILITIES[self].label


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


NLTK_DEFAULT_EPSILON = 0.1
NLTK_DEFAULT_ALPHA = 5
NLTK_DEFAULT_K = 5
MAX_ORDER_LIMIT = 100
"""The highest n-gram order accepted. BLEU is read at order 4, and beyond a few dozen
an order says nothing more; the statistics hold one column per order and segment, so
an order of a billion asked for gigabytes before anything was counted."""
MAX_PARAMETER = 1_000_000
"""The largest smoothing value, NLTK k or alpha, and weight (in absolute value)
accepted. Each is a small number in its paper (0.1, 1, 5); far beyond that the scores
are meaningless, and an integer too large for a float crashed NLTK's arithmetic."""


# --- one capabilities table per mode ---------------------------------------------
#
# Which options each mode has, their defaults and their ranges, in one place. The
# validation below, the GUI's settings panel and the command line's help all read it,
# so a mode can never offer in one place what another refuses.


class Option(StrEnum):
    """The scoring options a mode may have (the fields of `BleuConfig`)."""

    TOKENIZER = "tokenizer"
    LOWERCASE = "lowercase"
    SMOOTHING = "smoothing"
    SMOOTH_VALUE = "smooth_value"
    MAX_ORDER = "max_order"
    WEIGHTS = "weights"
    EFFECTIVE_ORDER = "effective_order"
    NLTK_ALPHA = "nltk_alpha"
    NLTK_K = "nltk_k"


@dataclass(frozen=True, slots=True)
class NumberRange:
    """The values a number option accepts, `minimum` to `maximum` (`None`: no top)."""

    minimum: float
    maximum: float | None = None

    def __contains__(self, value: object) -> bool:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return False
        # Integers compare as integers: math.isfinite would overflow on a huge one.
        if isinstance(value, float) and not math.isfinite(value):
            return False
        if value < self.minimum:
            return False
        return self.maximum is None or value <= self.maximum


class ScoreScale(StrEnum):
    """The scale a library returns BLEU on, as the texts name it."""

    PERCENT = "percent"
    UNIT = "0–1 scale"


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What one compatibility mode offers.

    Attributes:
        compat: the mode.
        name: the mode's short name, its library's, for labels ("NLTK").
        label: its library and version in full, for menus and reports.
        signature_name: what a signature's `compat:` says, naming the emulated
            library; None for sacreBLEU, whose signature is sacreBLEU's own.
        options: the options the mode has; the others are refused or fixed.
        smoothings: its smoothing methods, in menu order.
        default_smoothing: the method used when none is chosen.
        smooth_values: the methods that take a value, with that value's default.
        default_tokenizer: the tokenizer used when none is chosen.
        own_tokenizers: tokenizers only this mode offers, beside sacreBLEU's (the
            way its library reads a file, say).
        fixed_tokenizer: the only tokenizer the mode accepts, if it has no choice.
        default_max_order: the highest n-gram order when none is chosen.
        max_order_range: the orders the mode accepts.
        effective_order_default: (corpus, sentence): whether effective order (NLTK:
            auto_reweigh) is on when the user leaves it at the default.
        effective_order_name: what the mode's own documentation calls it.
        smooth_value_name: what the mode calls the smoothing value.
        score_scale: the scale the mode's library returns BLEU on.
        precision_scale: the scale of its precisions (multi-bleu.perl prints a
            percentage but does its arithmetic on 0-1 precisions).
        significance: whether the paired tests (and the document bootstrap) run:
            they are sacreBLEU's, on sacreBLEU's statistics and scores (the mode
            that has them is `SIGNIFICANCE_MODE`).
    """

    compat: Compat
    name: str
    label: str
    signature_name: str | None
    options: frozenset[Option]
    smoothings: tuple[Smoothing, ...]
    default_smoothing: Smoothing
    smooth_values: Mapping[Smoothing, float | int]
    default_tokenizer: str
    own_tokenizers: tuple[str, ...]
    fixed_tokenizer: str | None
    default_max_order: int
    max_order_range: NumberRange
    effective_order_default: tuple[bool, bool]
    effective_order_name: str
    smooth_value_name: str
    score_scale: ScoreScale
    precision_scale: ScoreScale
    significance: bool

    def has(self, option: Option) -> bool:
        """Whether the user can choose `option` in this mode."""
        return option in self.options

    @property
    def effective_order_default_text(self) -> str:
        """What the default effective order does, in words (labels, help texts).

        "off" (NLTK's auto_reweigh), or "corpus: off, sentences: on" (sacreBLEU).
        """
        corpus, sentence = self.effective_order_default
        if corpus == sentence:
            return "on" if corpus else "off"
        return (
            f"corpus: {'on' if corpus else 'off'}, "
            f"sentences: {'on' if sentence else 'off'}"
        )

    def takes_value(self, method: Smoothing) -> bool:
        """Whether `method` has a value (floor's k, add-k's k, NLTK's epsilon)."""
        return method in self.smooth_values


SPLIT_SPACE = "split-space"
"""tensorflow/nmt's reading of a file line: `line.strip().split(" ")`. Its `_bleu`
(nmt/utils/evaluation_utils.py) tokenizes references and hypotheses so, which makes an
empty line one empty token and a double space an empty token between two others."""

TOKENIZER_HELP: Mapping[str, str] = MappingProxyType(
    {
        "13a": "13a: sacreBLEU's default, the tokenizer of WMT's mteval-v13a script: "
        "splits off punctuation, keeps words whole.",
        "intl": "intl: like 13a, but splits punctuation and symbols of every script.",
        "zh": "zh: each Chinese character is a word; other text as 13a.",
        "char": "char: every character is a word (for languages without spaces).",
        "none": "none: split at spaces only, for text that is already tokenized.",
        "ja-mecab": "ja-mecab: Japanese words found by MeCab.",
        "ko-mecab": "ko-mecab: Korean words found by MeCab.",
        SPLIT_SPACE: "split-space: tensorflow/nmt's file reading: strip, then split "
        "on each single space; an empty line is one empty token.",
    }
)
"""What each tokenizer does, in words a translator can follow (menus, help)."""

SMOOTH_VALUE_RANGE = NumberRange(0.0, MAX_PARAMETER)
"""A smoothing value, in every mode."""

_COMMON = frozenset({Option.LOWERCASE, Option.SMOOTHING})
_ANY_ORDER = NumberRange(1, MAX_ORDER_LIMIT)

CAPABILITIES: Mapping[Compat, Capabilities] = MappingProxyType(
    {
        Compat.SACREBLEU: Capabilities(
            compat=Compat.SACREBLEU,
            name="sacreBLEU",
            label="sacreBLEU 2.6.0",
            signature_name=None,
            options=_COMMON
            | {
                Option.TOKENIZER,
                Option.SMOOTH_VALUE,
                Option.MAX_ORDER,
                Option.EFFECTIVE_ORDER,
            },
            smoothings=(
                Smoothing.NONE,
                Smoothing.FLOOR,
                Smoothing.ADD_K,
                Smoothing.EXP,
            ),
            default_smoothing=Smoothing.EXP,
            # sacreBLEU's defaults for the smoothing value (Chen & Cherry 2014).
            smooth_values=MappingProxyType({Smoothing.FLOOR: 0.1, Smoothing.ADD_K: 1}),
            default_tokenizer="13a",
            own_tokenizers=(),
            fixed_tokenizer=None,
            default_max_order=4,
            max_order_range=_ANY_ORDER,
            # As sacrebleu's corpus_bleu() (off) and sentence_bleu() / -sl (on).
            effective_order_default=(False, True),
            effective_order_name="effective order",
            smooth_value_name="smoothing value",
            score_scale=ScoreScale.PERCENT,
            precision_scale=ScoreScale.PERCENT,
            significance=True,
        ),
        # NLTK takes token lists; 'none' (whitespace split) is what its users feed it.
        Compat.NLTK: Capabilities(
            compat=Compat.NLTK,
            name="NLTK",
            label="NLTK 3.10 corpus_bleu / sentence_bleu",
            signature_name="nltk-3.10.4",
            options=_COMMON
            | {
                Option.TOKENIZER,
                Option.SMOOTH_VALUE,
                Option.MAX_ORDER,
                Option.WEIGHTS,
                Option.EFFECTIVE_ORDER,
                Option.NLTK_ALPHA,
                Option.NLTK_K,
            },
            smoothings=(
                Smoothing.METHOD0,
                Smoothing.METHOD1,
                Smoothing.METHOD2,
                Smoothing.METHOD3,
                Smoothing.METHOD4,
                Smoothing.METHOD5,
                Smoothing.METHOD6,
                Smoothing.METHOD7,
            ),
            default_smoothing=Smoothing.METHOD0,
            smooth_values=MappingProxyType({Smoothing.METHOD1: NLTK_DEFAULT_EPSILON}),
            default_tokenizer="none",
            own_tokenizers=(),
            fixed_tokenizer=None,
            default_max_order=4,
            max_order_range=_ANY_ORDER,
            effective_order_default=(False, False),  # auto_reweigh=False
            effective_order_name="auto_reweigh",
            smooth_value_name="epsilon (method1)",
            score_scale=ScoreScale.UNIT,
            precision_scale=ScoreScale.UNIT,
            significance=False,
        ),
        # Hugging Face evaluate wraps tf-nmt in the 13a tokenizer: the tf-nmt default.
        # tensorflow/nmt's own file pipeline splits on single spaces: split-space.
        Compat.TF_NMT: Capabilities(
            compat=Compat.TF_NMT,
            name="tensorflow/nmt",
            label="tensorflow/nmt compute_bleu (Hugging Face evaluate 'bleu')",
            signature_name="tf-nmt",
            options=_COMMON | {Option.TOKENIZER, Option.MAX_ORDER},
            smoothings=(Smoothing.NONE, Smoothing.ADD_ONE),
            default_smoothing=Smoothing.NONE,
            smooth_values=MappingProxyType({}),
            default_tokenizer="13a",
            own_tokenizers=(SPLIT_SPACE,),
            fixed_tokenizer=None,
            default_max_order=4,
            max_order_range=_ANY_ORDER,
            effective_order_default=(False, False),
            effective_order_name="effective order",
            smooth_value_name="smoothing value",
            score_scale=ScoreScale.UNIT,
            precision_scale=ScoreScale.UNIT,
            significance=False,
        ),
        # multi-bleu.perl reads pre-tokenized text and always counts 4-grams.
        Compat.MULTI_BLEU: Capabilities(
            compat=Compat.MULTI_BLEU,
            name="multi-bleu.perl",
            label="multi-bleu.perl",
            signature_name="multi-bleu.perl",
            options=_COMMON,
            smoothings=(Smoothing.NONE,),
            default_smoothing=Smoothing.NONE,
            smooth_values=MappingProxyType({}),
            default_tokenizer="none",
            own_tokenizers=(),
            fixed_tokenizer="none",
            default_max_order=4,
            max_order_range=NumberRange(4, 4),
            effective_order_default=(False, False),
            effective_order_name="effective order",
            smooth_value_name="smoothing value",
            score_scale=ScoreScale.PERCENT,
            precision_scale=ScoreScale.UNIT,
            significance=False,
        ),
    }
)

SIGNIFICANCE_MODE: Capabilities = next(
    caps for caps in CAPABILITIES.values() if caps.significance
)
"""The one mode with significance tests (sacreBLEU's tests, on its statistics and
scores): the paired tests, the confidence interval, the margin, the bucket and
document bootstraps. Every refusal elsewhere names it from here."""

SIGNIFICANCE_REFUSAL = (
    f"significance tests follow {SIGNIFICANCE_MODE.name}: "
    f"choose the {SIGNIFICANCE_MODE.name} mode"
)
"""Why a test does not run in another mode, as the window and the core say it."""

# Derived views, kept for their readers.
SMOOTHINGS: Mapping[Compat, tuple[Smoothing, ...]] = MappingProxyType(
    {compat: caps.smoothings for compat, caps in CAPABILITIES.items()}
)
DEFAULT_SMOOTHING: Mapping[Compat, Smoothing] = MappingProxyType(
    {compat: caps.default_smoothing for compat, caps in CAPABILITIES.items()}
)
DEFAULT_TOKENIZER: Mapping[Compat, str] = MappingProxyType(
    {compat: caps.default_tokenizer for compat, caps in CAPABILITIES.items()}
)

SMOOTHING_HELP: Mapping[Smoothing, str] = MappingProxyType(
    {
        Smoothing.NONE: "none: no smoothing; if no n-gram of some order matches, BLEU "
        "is 0.",
        Smoothing.FLOOR: "floor: an order with no match counts the smoothing value "
        "(default 0.1) as its matches instead of 0.",
        Smoothing.ADD_K: "add-k: adds the smoothing value k (default 1) to the matches "
        "and to the total of every order from 2 up.",
        Smoothing.EXP: "exp (sacreBLEU's default): the first order with no match "
        "counts 1/2 match, the next 1/4, then 1/8, and so on.",
        Smoothing.ADD_ONE: "add-one: adds 1 to the matches and to the total of every "
        "order (tensorflow/nmt smooth=True).",
        Smoothing.METHOD0: "method0: no smoothing; an order with no match makes "
        "BLEU 0.",
        Smoothing.METHOD1: "method1: an order with no match counts epsilon (the "
        "smoothing value, default 0.1) as its matches.",
        Smoothing.METHOD2: "method2: adds 1 to the matches and to the total of every "
        "order from 2 up (Lin & Och 2004).",
        Smoothing.METHOD3: "method3: the first order with no match counts 1/2 match, "
        "the next 1/4, and so on (as sacreBLEU's exp).",
        Smoothing.METHOD4: "method4: like method3, but shorter sentences get larger "
        "counts (uses NLTK's k, default 5).",
        Smoothing.METHOD5: "method5: each order's precision is averaged with its "
        "neighbours' (orders n-1, n, n+1).",
        Smoothing.METHOD6: "method6: from order 3 up, mixes each precision with an "
        "estimate from the two orders below (uses NLTK's alpha, default 5).",
        Smoothing.METHOD7: "method7: method4, then method5.",
    }
)
"""What each smoothing method does, in words a translator can follow."""


@dataclass(frozen=True, slots=True)
class BleuConfig:
    """How to compute BLEU. Immutable; `None` fields resolve to the mode's default.

    Attributes:
        compat: whose numbers to reproduce.
        tokenizer: a sacreBLEU tokenizer name (`13a`, `intl`, `zh`, `char`, `none`,
            `ja-mecab`, `ko-mecab`), or one of the mode's own (`split-space` in
            tf-nmt mode); `None` means the mode's default.
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
            object.__setattr__(
                self, "tokenizer", CAPABILITIES[compat].default_tokenizer
            )
        if self.smoothing is None:
            object.__setattr__(
                self, "smoothing", CAPABILITIES[compat].default_smoothing
            )
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

    @property
    def capabilities(self) -> Capabilities:
        """What this config's mode offers (its options, defaults and ranges)."""
        return CAPABILITIES[self.compat]

    def uses_effective_order(self, *, sentence: bool) -> bool:
        """Whether effective order (NLTK: auto_reweigh) is on for this kind of score."""
        if self.effective_order is None:
            return self.capabilities.effective_order_default[sentence]
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
        caps = self.capabilities
        if self.compat is Compat.NLTK:
            # NLTK's SmoothingFunction holds epsilon whichever method is chosen.
            method = Smoothing.METHOD1
        if not caps.takes_value(method):
            return None
        if self.smooth_value is None:
            return caps.smooth_values[method]
        return self.smooth_value

    def _validate(self) -> None:
        compat, method = self.compat, self.smoothing_method
        if isinstance(self.max_order, bool) or not isinstance(self.max_order, int):
            raise ConfigError(
                f"maximum n-gram order must be an integer, not {self.max_order!r}",
                field="max_order",
            )
        caps = CAPABILITIES[compat]
        orders = caps.max_order_range
        if self.max_order not in orders:
            if orders.minimum == orders.maximum:
                raise ConfigError(
                    f"{compat.label} always uses {orders.minimum:g}-grams",
                    field="max_order",
                )
            raise ConfigError(
                f"maximum n-gram order must be from {orders.minimum:g} to "
                f"{orders.maximum:g}, not {_short_int(self.max_order)}",
                field="max_order",
            )
        if method not in caps.smoothings:
            allowed = ", ".join(caps.smoothings)
            raise ConfigError(
                f"smoothing {method.value!r} does not exist in {compat.value} mode "
                f"(choose one of: {allowed})"
            )
        if self.smooth_value is not None:
            self._validate_smooth_value(compat, method, self.smooth_value)
        if self.weights is not None:
            if not caps.has(Option.WEIGHTS):
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
        if self.effective_order and not caps.has(Option.EFFECTIVE_ORDER):
            raise ConfigError(f"{compat.value} has no effective order")
        self._validate_tokenizer(caps)
        fixed = caps.fixed_tokenizer
        if fixed is not None and self.tokenizer_name != fixed:
            # Only multi-bleu.perl has a fixed tokenizer: it reads tokenized text.
            raise ConfigError(
                f"{compat.label} does not tokenize (use tokenizer {fixed!r}); for "
                "multi-bleu-detok.perl use sacrebleu mode with smoothing 'none'"
            )
        if compat is Compat.NLTK:
            _check_bounded("nltk_k", self.nltk_k, -MAX_PARAMETER)  # NLTK takes k < 0
            # NLTK accepts a negative alpha, but then method6 can divide by an
            # unnormalised zero Fraction (Fraction(0, 5) != 0 in NLTK's subclass) and
            # crash in ways that depend on CPython's Fraction internals.
            _check_bounded("nltk_alpha", self.nltk_alpha, 0)

    def _validate_tokenizer(self, caps: Capabilities) -> None:
        """Refuse a mode's own tokenizer in the modes that do not have it.

        sacreBLEU's tokenizers are checked where they are built (`get_tokenizer`),
        which also knows which ones are installed.
        """
        name = self.tokenizer_name
        if name in caps.own_tokenizers:
            return
        owners = [
            other.compat.value
            for other in CAPABILITIES.values()
            if name in other.own_tokenizers
        ]
        if owners:
            raise ConfigError(
                f"tokenizer {name!r} exists only in {' and '.join(owners)} mode",
                field="tokenizer",
            )

    @staticmethod
    def _validate_smooth_value(compat: Compat, method: Smoothing, value: float) -> None:
        _check_bounded("smooth_value", value, 0, what="smoothing value")
        if not CAPABILITIES[compat].takes_value(method):
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
