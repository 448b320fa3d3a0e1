"""Which job scores a system now, and the token table the systems share.

The statistics are additive (see `models.session`): a change of smoothing, weights
or effective order re-scores the cached statistics, a higher order than counted
counts again, and only another tokenizer or case tokenizes again, through the one
token table per tokenizer key that every system shares (the references tokenized
once). Apart from `session` because that choice, and the table it keeps, need no
signal and no job key: the session runs what is chosen here under the system's key.
"""

from __future__ import annotations

from collections.abc import Callable

from bleu_gui.core import BleuConfig, tokenizer_for
from bleu_gui.core.scoring import required_order
from bleu_gui.core.token_table import TokenTable
from bleu_gui.models.system_jobs import PoolFor, prepare_job, recount_job, rescore_job
from bleu_gui.models.workspace import System
from bleu_gui.workers import Job

__all__ = ["ScoringPlan"]


class ScoringPlan:
    """The systems' shared token table, and the job that scores a system with it.

    `retire` keeps a replaced table alive until it can be freed in a turn of its
    own (see `models.retired`).
    """

    def __init__(self, pool_for: PoolFor, retire: Callable[[object], None]) -> None:
        self._pool_for = pool_for
        self._retire = retire
        # The references' and systems' tokens under the workspace's tokenizer key.
        self.table: TokenTable | None = None

    def job_for(
        self, system: System, config: BleuConfig
    ) -> tuple[Callable[[], Job], bool]:
        """The job that scores `system` under `config`, and whether it counts anew.

        Tokenizes only if its tokens are of another tokenizer (through the shared
        table), counts only if more orders are needed, else re-scores.
        """
        key = tokenizer_for(config).key
        pool_for = self._pool_for
        make_job: Callable[[], Job]
        counts = system.stats is None or system.tokenizer_key != key
        if counts:
            table = self._table_for(config)
            corpus = system.read_corpus
            make_job = lambda: prepare_job(corpus, config, table, pool_for)  # noqa: E731
        elif required_order(config) > system.stats.max_order:  # type: ignore[union-attr]
            counts = True
            make_job = lambda: recount_job(system, config, pool_for)  # noqa: E731
        else:
            stats, dropped = system.stats, system.corpus.dropped_bom
            assert stats is not None
            edits = system.edits
            make_job = lambda: rescore_job(  # noqa: E731
                stats, config, dropped, edits, pool_for
            )
        return make_job, counts

    def _table_for(self, config: BleuConfig) -> TokenTable:
        """The shared token table of `config`'s tokenizer (a new one for a new key)."""
        table = self.table
        if table is None or table.key != tokenizer_for(config).key:
            if table is not None:
                self._retire(table)
            table = self.table = TokenTable.for_config(config)
        return table
