"""`Unavailable`: the reason a value is missing, read by the user word for word."""

from __future__ import annotations

import pickle

import pytest

from bleu_gui.core import OrUnavailable, Unavailable

# A reason as the scorer gives it (NLTK's method6 without trigram matches).
REASON = "NLTK's method6 cannot score a sentence without trigram matches"


def test_str_is_the_reason_exactly() -> None:
    # Where a reason meets text (a status line, an f-string), it reads as written.
    assert str(Unavailable(REASON)) == REASON
    assert f"Sentence 3: {Unavailable(REASON)}" == f"Sentence 3: {REASON}"
    assert str(Unavailable("")) == ""


def test_a_reason_is_never_mistaken_for_a_value() -> None:
    # The bare string it replaced was equal to its own text, and was a `str`.
    missing: OrUnavailable[str] = Unavailable(REASON)
    assert missing != REASON
    assert not isinstance(missing, str)
    assert missing == Unavailable(REASON)
    assert missing != Unavailable(REASON + ".")


def test_it_is_frozen_and_crosses_to_a_worker_process() -> None:
    reason = Unavailable(REASON)
    with pytest.raises(AttributeError):
        reason.reason = "changed"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(reason)) == reason  # the explainer's result
