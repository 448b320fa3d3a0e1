"""Widgets: they render models and emit `*_requested` signals; no BLEU arithmetic."""
