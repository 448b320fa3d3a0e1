"""The scorer: BLEU identical to sacreBLEU by default, other libraries' on request.

No Qt, no file I/O, no global state. Text and options in, frozen results out.

The significance tests are `core.significance`'s, not named here: importing this
package (as every `bleu-gui score` does) should not import them.
"""

from bleu_gui.core.config import BleuConfig, Compat, ConfigError, Smoothing
from bleu_gui.core.result import BleuScore, OrderTerm, SentenceScores, Unscorable
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
from bleu_gui.core.signature import signature
from bleu_gui.core.stats import CorpusStats, SummedStats, compute_stats
from bleu_gui.core.token_table import TokenKeyError, TokenTable
from bleu_gui.core.tokenize import (
    Tokenizer,
    TokenizerUnavailableError,
    available_tokenizers,
    get_tokenizer,
    tokenizer_for,
)

__all__ = [
    "BleuConfig",
    "BleuScore",
    "Compat",
    "ConfigError",
    "CorpusStats",
    "OrderTerm",
    "SentenceScores",
    "Smoothing",
    "SummedStats",
    "TokenKeyError",
    "TokenTable",
    "Tokenizer",
    "TokenizerUnavailableError",
    "Unscorable",
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
