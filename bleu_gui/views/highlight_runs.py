"""Kept so that the views' imports stay as they were: the rules live in the core.

`core.highlight_runs` holds them, since the HTML report (`io.report_html`), which
may not import views, paints n-grams by the same rules as the window.
"""

from bleu_gui.core.highlight_runs import *  # noqa: F403
from bleu_gui.core.highlight_runs import __all__ as __all__
