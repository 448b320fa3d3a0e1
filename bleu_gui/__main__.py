"""`python -m bleu_gui` runs the `bleu-gui` command."""

import sys

from bleu_gui.cli import main

if __name__ == "__main__":  # guarded: tokenizer worker processes re-import this module
    sys.exit(main())
