"""`bleu-gui`: `score` and `report` run in the terminal, the rest opens a window.

The dispatch is here so that `bleu-gui score` (or `report`) never imports Qt: the GUI
is imported only when it is asked for.

`score` also runs numpy's BLAS on one thread (unless the user chose a number in
`OPENBLAS_NUM_THREADS`): OpenBLAS starts a thread per core when numpy is imported,
which took ~45 ms of CPU of a 200 ms run on a 2-core machine, for a library the
scorer barely uses (only the significance tests multiply matrices, and thin ones,
which measured no slower on one thread). The setting must precede numpy's import,
so it is made here, before the command line is imported; worker processes inherit it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `bleu-gui` console script; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["score"]:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        from bleu_gui.cli import main as score_main

        return score_main(args[1:])
    if args[:1] == ["report"]:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        from bleu_gui.cli import report_main

        return report_main(args[1:])
    from bleu_gui.app import main as app_main

    return app_main(args)


if __name__ == "__main__":  # guarded: tokenizer worker processes re-import this module
    sys.exit(main())
