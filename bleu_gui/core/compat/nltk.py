"""NLTK placeholder during development: replaced by the real module before commit."""
from bleu_gui.core.config import BleuConfig
from bleu_gui.core.result import BleuScore
from bleu_gui.core.stats import SummedStats


def score(summed: SummedStats, config: BleuConfig, *, sentence: bool, detailed: bool) -> BleuScore:
    raise NotImplementedError
