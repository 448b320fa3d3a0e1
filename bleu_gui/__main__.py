"""The `bleu-gui` command: `score` scores in the terminal, the rest opens a window.

The dispatch is here so that `bleu-gui score` never imports Qt: the GUI is imported
only when it is asked for.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

__all__ = ["main"]


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `bleu-gui` console script; returns the exit status."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["score"]:
        from bleu_gui.cli import main as score_main

        return score_main(args[1:])
    from bleu_gui.app import main as app_main

    return app_main(args)


if __name__ == "__main__":  # guarded: tokenizer worker processes re-import this module
    sys.exit(main())
