"""When and where the selected sentence is explained: one rule for every panel.

The single-system panels (`views.main_window`) and the pair's panels
(`views.compare_panels`) follow the table's selection the same way:

* **Once, at the next event-loop turn.** One change of scores asks for the same
  sentence up to three times in a turn (the table's reset selects it again, then
  the scores' handler shows it), and the table should paint its new rows before
  an explanation holds the GUI thread. `ask` starts a 0 ms timer; `flush`
  explains at once what was asked in this turn (a selection made from code, a
  copy).
* **Explained in one turn, shown in the next.** When the timer explains, the
  explanation is put on display at the following turn: explaining a pair and
  laying out its panels were one block of 50-60 ms while other systems were
  scored, and each half alone stays under the window's 60 ms. A `flush` (or
  another `ask` for a different key) in between shows it at once (or drops it).
* **Already shown: at once.** The explanation on display is kept with the key it
  was made for; asking for that key again shows it without explaining.
* **Long segments in the worker process.** A request `is_long` goes to the
  `Explainer`; the panel says it is waiting (`waiting`), and the result is shown
  only if the selection still wants that key when it comes.
* **Drafts are not the session's.** While an edit is typed the panel shows the
  draft; `forget` drops the kept explanation so that the next `ask` explains the
  session's text again.

The panel gives the rules' parts: which key the selection wants now, how to make
a request of it, how to explain a short one, whether two keys are the same
explanation, and how to show an explanation or the wait.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from PySide6.QtCore import QObject, QTimer

from bleu_gui.models.explainer import Explainer

__all__ = ["ExplainScheduler", "Shown"]

K = TypeVar("K")  # a key: which sentence, of which texts, under which options
R = TypeVar("R")  # a request: the texts to explain
E = TypeVar("E")  # an explanation, or why there is none


@dataclass(frozen=True, slots=True)
class Shown(Generic[K, E]):
    """The explanation on display and the key it was made for."""

    key: K
    explanation: E


class ExplainScheduler(QObject, Generic[K, R, E]):
    """Explains what the selection wants, once a turn; long ones in a process.

    Args:
        wanted: the key the selection wants now (None: nothing to explain).
        request: the request for a key (None: it cannot be explained now).
        is_long: whether a request goes to the worker process.
        explain: explains a short request (of a key) here, on the GUI thread.
        same: whether two keys give the same explanation.
        show: puts an explanation (or why there is none) on display.
        waiting: says that a long request is being explained meanwhile.
        again: called when `ask` finds its key on display already (the panel
            may say so in the status bar); nothing by default.
        explainer: the worker process's explainer (the panel's own kind).
    """

    def __init__(
        self,
        parent: QObject,
        *,
        wanted: Callable[[], K | None],
        request: Callable[[K], R | None],
        is_long: Callable[[R], bool],
        explain: Callable[[K, R], E],
        same: Callable[[K, K], bool],
        show: Callable[[K, E], None],
        waiting: Callable[[K, R], None],
        explainer: Explainer,
        again: Callable[[Shown[K, E]], None] | None = None,
    ) -> None:
        super().__init__(parent)
        self._wanted = wanted
        self._request = request
        self._is_long = is_long
        self._explain = explain
        self._same = same
        self._show = show
        self._waiting = waiting
        self._again = again
        self.explainer = explainer
        self._shown: Shown[K, E] | None = None
        # Explained by the timer, waiting for the next turn to be shown.
        self._ready: Shown[K, E] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._explain_now)
        self._show_timer = QTimer(self)
        self._show_timer.setSingleShot(True)
        self._show_timer.setInterval(0)
        self._show_timer.timeout.connect(self._show_ready)
        explainer.finished.connect(self._on_explained)

    @property
    def shown(self) -> Shown[K, E] | None:
        """The explanation on display, if it is one of the session's texts."""
        return self._shown

    @property
    def pending(self) -> bool:
        """Whether the sentence asked for is still to be explained or shown."""
        return self.asked or self.explainer.pending is not None

    @property
    def asked(self) -> bool:
        """Whether a sentence was asked for and is not yet explained and shown."""
        return self._timer.isActive() or self._ready is not None

    def ask(self) -> None:
        """The selection moved or the texts changed: explain what it wants.

        Nothing if it is being explained in the process already; at once if it
        is on display; at the next turn otherwise.
        """
        key = self._wanted()
        ready = self._ready
        if ready is not None and (key is None or not self._same(ready.key, key)):
            self._drop_ready()
        if key is None:
            self._timer.stop()
            return
        if ready is not None and self._ready is not None:
            self._timer.stop()  # explained: shown at the next turn
            return
        pending = self.explainer.pending
        if pending is not None and self._same(pending, key):
            self._timer.stop()  # on its way
            return
        shown = self._shown
        if shown is not None and self._same(shown.key, key):
            self._timer.stop()
            self.explainer.cancel()
            if self._again is not None:
                self._again(shown)
            return
        self._timer.start()

    def flush(self) -> None:
        """Explain and show now what the selection wants, or start it in the process."""
        ready = self._ready
        if ready is not None:
            self._drop_ready()
            key = self._wanted()
            if key is not None and self._same(ready.key, key):
                self._timer.stop()
                self._put(ready.key, ready.explanation)
                return
        self._run(defer_show=False)

    def _explain_now(self) -> None:
        """The timer's turn: explain here (shown at the next turn) or in the process."""
        self._run(defer_show=True)

    def _run(self, *, defer_show: bool) -> None:
        self._timer.stop()
        key = self._wanted()
        request = None if key is None else self._request(key)
        if key is None or request is None:
            return
        if self._is_long(request):
            self.explainer.start(key, request)
            self._shown = None  # the panel no longer shows it
            self._waiting(key, request)
            return
        self.explainer.cancel()
        explanation = self._explain(key, request)
        if defer_show:
            self._ready = Shown(key, explanation)
            self._show_timer.start()
        else:
            self._put(key, explanation)

    def _show_ready(self) -> None:
        """Show what the last turn explained, if the selection still wants it."""
        ready = self._ready
        self._ready = None
        key = self._wanted()
        if ready is not None and key is not None and self._same(ready.key, key):
            self._put(ready.key, ready.explanation)

    def _drop_ready(self) -> None:
        self._ready = None
        self._show_timer.stop()

    def forget(self) -> None:
        """What is on display is no longer the session's (a draft, an edit ended)."""
        self._shown = None

    def stop(self) -> None:
        """Explain nothing more of what was asked (a draft shows, the set closed)."""
        self._timer.stop()
        self._drop_ready()
        self.explainer.cancel()

    def shutdown(self) -> None:
        """Stop the timers and the worker process (the window closes)."""
        self._timer.stop()
        self._drop_ready()
        self.explainer.shutdown()

    def _on_explained(self, key: K, explanation: Any) -> None:
        """A long one is explained: shown if the selection still wants it.

        The explainer's process ran the panel's own function of the request, so
        `explanation` is of the panel's kind (or `Unavailable`: why it failed).
        """
        wanted = self._wanted()
        if wanted is not None and self._same(key, wanted):
            self._put(key, explanation)

    def _put(self, key: K, explanation: E) -> None:
        self._shown = Shown(key, explanation)
        self._show(key, explanation)
