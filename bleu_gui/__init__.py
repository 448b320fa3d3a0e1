"""bleu-gui: a desktop workbench that explains every BLEU number.

Importing `bleu_gui` or `bleu_gui.core` never imports Qt: the scorer and the command
line run headless.
"""

__version__ = "0.1.0"
