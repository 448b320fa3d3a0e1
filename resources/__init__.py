"""Data files shipped with bleu-gui (installed as the `bleu_gui.resources` package)."""
