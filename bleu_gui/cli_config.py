"""The options that choose which BLEU, and the `BleuConfig` they describe.

`bleu-gui score`, `bleu-gui report` and the window's command line (`app`) take the
same scoring flags, with the same help and the same errors; they are kept apart
from the score command's own options so that each command adds them alike.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from bleu_gui.core import BleuConfig, Compat, ConfigError
from bleu_gui.core.config import (
    CAPABILITIES,
    NLTK_DEFAULT_ALPHA,
    NLTK_DEFAULT_K,
    TOKENIZER_HELP,
    Capabilities,
    Option,
    Smoothing,
)
from bleu_gui.core.tokenize import TOKENIZER_NAMES

__all__ = ["add_file_encoding_option", "add_scoring_options", "config_from_options"]


# The option that sets each `BleuConfig` field, to name it in an error.
_OPTION_OF_FIELD = {
    "max_order": "--max-ngram-order",
    "weights": "--weights",
    "smooth_value": "-sv/--smooth-value",
    "nltk_k": "--nltk-k",
    "nltk_alpha": "--nltk-alpha",
}


def add_scoring_options(parser: argparse.ArgumentParser) -> None:
    """The options that choose which BLEU (shared by `score` and the GUI)."""
    add_file_encoding_option(parser)
    parser.add_argument(
        "--compat",
        choices=[c.value for c in Compat],
        default=Compat.SACREBLEU.value,
        help="whose numbers to reproduce (default: %(default)s)",
    )
    parser.add_argument(
        "-tok",
        "--tokenize",
        choices=TOKENIZER_NAMES,
        default=None,
        help="tokenizer (default: "
        + _by_mode(lambda caps: caps.default_tokenizer)
        + ")"
        + "".join(
            f"; {name} ({compat.value} mode only): "
            + TOKENIZER_HELP[name].removeprefix(f"{name}: ")
            for compat, caps in CAPABILITIES.items()
            for name in caps.own_tokenizers
        ),
    )
    parser.add_argument(
        "-lc", "--lowercase", action="store_true", help="lowercase first"
    )
    smoothings = sorted(
        {s.value for caps in CAPABILITIES.values() for s in caps.smoothings}
    )
    parser.add_argument(
        "-s",
        "--smooth-method",
        choices=smoothings,
        default=None,
        help="smoothing: "
        + "; ".join(
            f"{'/'.join(method.value for method in caps.smoothings)} in "
            f"{compat.value} (default {caps.default_smoothing.value})"
            for compat, caps in CAPABILITIES.items()
        ),
    )
    parser.add_argument(
        "-sv",
        "--smooth-value",
        type=float,
        default=None,
        help="the value of "
        + "; ".join(
            f"{method.value} ({compat.value}, default {value:g})"
            for compat, caps in CAPABILITIES.items()
            for method, value in caps.smooth_values.items()
        ),
    )
    orders = CAPABILITIES[Compat.SACREBLEU].max_order_range
    fixed = "".join(
        f"; {compat.value}: always {caps.max_order_range.minimum:g}"
        for compat, caps in CAPABILITIES.items()
        if caps.max_order_range.minimum == caps.max_order_range.maximum
    )
    parser.add_argument(
        "--max-ngram-order",
        type=int,
        default=CAPABILITIES[Compat.SACREBLEU].default_max_order,
        metavar="N",
        help=f"highest n-gram order, {orders.minimum:g} to {orders.maximum:g} "
        f"(default: %(default)s{fixed})",
    )
    parser.add_argument(
        "--weights",
        nargs="+",
        type=float,
        default=None,
        metavar="W",
        help="n-gram weights (nltk mode); their number sets the maximum order",
    )
    parser.add_argument(
        "--nltk-alpha",
        type=_number,
        default=NLTK_DEFAULT_ALPHA,
        help="nltk method6's alpha (default: %(default)s)",
    )
    parser.add_argument(
        "--nltk-k",
        type=_number,
        default=NLTK_DEFAULT_K,
        help="nltk method4's and method7's k (default: %(default)s)",
    )
    parser.add_argument(
        "--effective-order",
        action="store_true",
        default=None,
        help="turn on "
        + "; ".join(
            f"{caps.effective_order_name} ({compat.value}: "
            f"{caps.effective_order_default_text} by default)"
            for compat, caps in CAPABILITIES.items()
            if caps.has(Option.EFFECTIVE_ORDER)
        ),
    )


def _by_mode(value: Callable[[Capabilities], str]) -> str:
    """`value` of each mode, modes with the same value named together."""
    modes: dict[str, list[str]] = {}
    for compat, caps in CAPABILITIES.items():
        modes.setdefault(value(caps), []).append(compat.value)
    return "; ".join(f"{text} in {', '.join(names)}" for text, names in modes.items())


def config_from_options(options: argparse.Namespace) -> BleuConfig:
    """The `BleuConfig` the scoring options describe.

    Raises:
        ConfigError: for options the chosen mode does not have, or a value out of
            bounds (the message then starts with the option's name).
    """
    try:
        return BleuConfig(
            compat=Compat(options.compat),
            tokenizer=options.tokenize,
            lowercase=options.lowercase,
            smoothing=None
            if options.smooth_method is None
            else Smoothing(options.smooth_method),
            smooth_value=options.smooth_value,
            max_order=len(options.weights)
            if options.weights
            else options.max_ngram_order,
            weights=tuple(options.weights) if options.weights else None,
            effective_order=options.effective_order,
            nltk_alpha=options.nltk_alpha,
            nltk_k=options.nltk_k,
        )
    except ConfigError as error:
        field = error.field or ""
        if field == "max_order" and options.weights:
            field = "weights"  # their number is the order
        option = _OPTION_OF_FIELD.get(field)
        if option is None:
            raise
        raise ConfigError(f"{option}: {error}", field=error.field) from None


def _number(text: str) -> int | float:
    """An int if `text` is one, else a float: NLTK computes differently with each."""
    try:
        return int(text)
    except ValueError:
        return float(text)


def add_file_encoding_option(parser: argparse.ArgumentParser) -> None:
    """`-e`: every input file's encoding (`bleu-gui qa` takes it without scoring)."""
    parser.add_argument(
        "-e",
        "--encoding",
        default="utf-8",
        metavar="ENC",
        help="encoding of every input file (default: %(default)s); a UTF-16 or "
        "UTF-32 byte-order mark overrides it",
    )
