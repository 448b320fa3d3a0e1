"""Other libraries' BLEU arithmetic, one module per library, each exact."""
