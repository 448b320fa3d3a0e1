"""The warnings said about the open test set, and the language hint.

Apart from `session` because what is said, and when again, is a rule of its own:
each warning once per test set, in the order said; the hint (the tokenizer the
test set's language needs) not among them, since it goes once the tokenizer it
names is chosen and comes back with another. The session forwards what is new to
its signals through the callbacks given here.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from bleu_gui.io.notices import TokenizerHint

__all__ = ["SessionWarnings"]


class SessionWarnings:
    """The warnings about the open test set (each once, in order) and the hint."""

    def __init__(
        self, warned: Callable[[str], None], hint_changed: Callable[[], None]
    ) -> None:
        self._warned = warned
        self._hint_changed = hint_changed
        self._announced: dict[str, None] = {}
        self._hint: TokenizerHint | None = None

    @property
    def hint(self) -> TokenizerHint | None:
        """The language hint under the tokenizer in use, if any."""
        return self._hint

    @property
    def hint_lines(self) -> tuple[str, ...]:
        """The hint's line while it holds (none otherwise): said last, after all."""
        return () if self._hint is None else (self._hint.line,)

    @property
    def said(self) -> tuple[str, ...]:
        """Every warning about the open test set, the hint last while it holds."""
        return (*self._announced, *self.hint_lines)

    def forget(self) -> None:
        """Another test set (or none): nothing said about it yet, no hint.

        Silent: the session says the new test set (or none) by its own signals.
        """
        self._announced.clear()
        self._hint = None

    def announce(self, notices: Iterable[str]) -> None:
        """Say each warning about the open test set once."""
        for warning in notices:
            if warning not in self._announced:
                self._announced[warning] = None
                self._warned(warning)

    def set_hint(self, hint: TokenizerHint | None) -> None:
        """Keep the language hint of the tokenizer just used; say if it changed.

        Said by `hint_changed`, not as a warning: a window shows it for as long
        as it holds, not as a message that passes.
        """
        if hint == self._hint:
            return
        self._hint = hint
        self._hint_changed()
