"""The scoring options as a session stores them, in JSON and back.

Apart from the whole session because the options are also kept alone: the recent
settings (`models.recent`) store them in the same form, read with the same checks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bleu_gui.core.config import BleuConfig, Compat, ConfigError, Smoothing
from bleu_gui.core.tokenize import TOKENIZER_NAMES, unknown_tokenizer
from bleu_gui.io.session_place import Where

__all__ = ["config_at", "config_from_json", "config_to_json"]


def config_to_json(config: BleuConfig) -> dict[str, Any]:
    """A `BleuConfig` as JSON values (enums by value)."""
    return {
        "compat": config.compat.value,
        "tokenizer": config.tokenizer_name,
        "lowercase": config.lowercase,
        "smoothing": config.smoothing_method.value,
        "smooth_value": config.smooth_value,
        "max_order": config.max_order,
        "weights": list(config.weights) if config.weights is not None else None,
        "effective_order": config.effective_order,
        "nltk_alpha": config.nltk_alpha,
        "nltk_k": config.nltk_k,
    }


def config_from_json(value: object, source: Path) -> BleuConfig:
    """The inverse of `config_to_json`.

    Raises:
        SessionFileError: a wrong value (one line naming `source`, where it was
            read, and the option as a session names it: `settings.max_order`).
    """
    return config_at(value, Where(source, "settings"))


def config_at(value: object, where: Where) -> BleuConfig:
    """`config_from_json` at a place of a file."""
    item = where.mapping(value)
    tokenizer = item.get("tokenizer")
    if tokenizer is not None and tokenizer not in TOKENIZER_NAMES:
        raise where.at("tokenizer").error(unknown_tokenizer(tokenizer))
    weights = where.at("weights").optional(
        item.get("weights"), lambda w, v: tuple(w.number_list(v))
    )
    try:
        return BleuConfig(
            compat=Compat(where.at("compat").text(item.get("compat", "sacrebleu"))),
            tokenizer=where.at("tokenizer").optional(item.get("tokenizer"), Where.text),
            lowercase=where.at("lowercase").flag(item.get("lowercase", False)),
            smoothing=where.at("smoothing").optional(
                item.get("smoothing"), lambda w, v: Smoothing(w.text(v))
            ),
            smooth_value=where.at("smooth_value").optional(
                item.get("smooth_value"), Where.number
            ),
            max_order=where.at("max_order").integer(item.get("max_order", 4)),
            weights=weights,
            effective_order=where.at("effective_order").optional(
                item.get("effective_order"), Where.flag
            ),
            nltk_alpha=where.at("nltk_alpha").number(item.get("nltk_alpha", 5.0)),
            nltk_k=where.at("nltk_k").number(item.get("nltk_k", 5.0)),
        )
    except ConfigError as error:
        raise where.at(error.field or "").error(str(error)) from None
    except ValueError as error:  # an enum's unknown value
        raise where.error(str(error)) from None
