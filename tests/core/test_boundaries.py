"""The core never pulls in Qt: it must run headless, in the CLI and in CI."""

import subprocess
import sys

import pytest


@pytest.mark.parametrize("module", ["bleu_gui.core", "bleu_gui.core.scoring"])
def test_importing_the_core_imports_no_qt(module: str) -> None:
    code = (
        f"import sys, {module}\n"
        "qt = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))]\n"
        "assert not qt, qt\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_scoring_imports_no_qt() -> None:
    code = (
        "import sys\n"
        "from bleu_gui.core import corpus_bleu, sentence_bleu\n"
        "corpus_bleu(['the cat sat'], [['the cat sat']])\n"
        "sentence_bleu('the cat', ['the cat'])\n"
        "qt = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))]\n"
        "assert not qt, qt\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
