"""The scorer: BLEU identical to sacreBLEU by default, other libraries' on request.

No Qt, no file I/O, no global state. Text and options in, frozen results out.

The names whose modules import numpy (`scoring`, `stats`) are imported when first
used, not with the package: importing any module of the scorer runs this file
first, and `bleu-gui score` of a small file, counted in plain Python
(`core.row_counts`), must not pay for numpy (a third of its start). The
significance tests are `core.significance`'s, not named here.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from bleu_gui.core.config import BleuConfig, Compat, ConfigError, Smoothing
from bleu_gui.core.result import BleuScore, OrderTerm, SentenceScores
from bleu_gui.core.signature import signature
from bleu_gui.core.summed import SummedStats
from bleu_gui.core.token_table import TokenKeyError, TokenTable
from bleu_gui.core.tokenize import (
    Tokenizer,
    TokenizerUnavailableError,
    available_tokenizers,
    get_tokenizer,
    tokenizer_for,
)
from bleu_gui.core.unavailable import OrUnavailable, Unavailable

if TYPE_CHECKING:
    from bleu_gui.core.scoring import (
        corpus_bleu,
        corpus_stats,
        corpus_stats_of_systems,
        distinct_lines_likely,
        iter_sentence_scores,
        required_order,
        score_corpus,
        score_sentence,
        score_sentences,
        sentence_bleu,
    )
    from bleu_gui.core.stats import (
        CorpusStats,
        compute_stats,
    )

# The names whose modules import numpy, imported on first use.
_LAZY = {
    "bleu_gui.core.scoring": (
        "corpus_bleu",
        "corpus_stats",
        "corpus_stats_of_systems",
        "distinct_lines_likely",
        "iter_sentence_scores",
        "required_order",
        "score_corpus",
        "score_sentence",
        "score_sentences",
        "sentence_bleu",
    ),
    "bleu_gui.core.stats": ("CorpusStats", "compute_stats"),
}
_HOME_OF = {name: module for module, names in _LAZY.items() for name in names}

__all__ = [
    "BleuConfig",
    "BleuScore",
    "Compat",
    "ConfigError",
    "CorpusStats",
    "OrUnavailable",
    "OrderTerm",
    "SentenceScores",
    "Smoothing",
    "SummedStats",
    "TokenKeyError",
    "TokenTable",
    "Tokenizer",
    "TokenizerUnavailableError",
    "Unavailable",
    "available_tokenizers",
    "compute_stats",
    "corpus_bleu",
    "corpus_stats",
    "corpus_stats_of_systems",
    "distinct_lines_likely",
    "get_tokenizer",
    "iter_sentence_scores",
    "required_order",
    "score_corpus",
    "score_sentence",
    "score_sentences",
    "sentence_bleu",
    "signature",
    "tokenizer_for",
]


def __getattr__(name: str) -> object:
    """A public name's value, its module imported on first use."""
    module = _HOME_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # the next lookup is a plain one
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
