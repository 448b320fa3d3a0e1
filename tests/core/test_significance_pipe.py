"""A significance request travels to the test's process with its arrays out of band.

Pickled in band, the statistics of ten 100,000-segment systems were copied into one
115 MB bytes object under the GIL: some 80 ms in which the window's event loop
waited. Out of band, the pickle holds none of the arrays' bytes; each array's memory
is sent as it is, and the process receives the same statistics.
"""

from __future__ import annotations

import threading
from multiprocessing import Pipe

import numpy as np

from bleu_gui.core import BleuConfig, CorpusStats
from bleu_gui.core.significance import PairedTest
from bleu_gui.core.significance_process import (
    SignificanceRequest,
    _receive_message,
    _Run,
    _send_message,
)

_SEGMENTS = 100_000


def large_request() -> SignificanceRequest:
    rng = np.random.default_rng(7)

    def stats() -> CorpusStats:
        return CorpusStats(
            rng.integers(0, 50, _SEGMENTS),
            rng.integers(0, 50, (_SEGMENTS, 2)),
            rng.integers(0, 50, (_SEGMENTS, 4)),
            rng.integers(0, 50, (_SEGMENTS, 4)),
        )

    return SignificanceRequest(
        (stats(), stats()),
        BleuConfig(),
        PairedTest.BOOTSTRAP,
        1000,
        12345,
        0,
        np.arange(0, _SEGMENTS, 3, dtype=np.int64),
    )


class Recorder:
    """A connection that keeps what is sent, as bytes."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def send_bytes(self, data: object) -> None:
        self.sent.append(bytes(memoryview(data)))  # type: ignore[arg-type]


def test_the_pickle_holds_none_of_the_arrays() -> None:
    request = large_request()
    recorder = Recorder()
    _send_message(recorder, _Run(1, request))  # type: ignore[arg-type]
    count, pickled, *buffers = recorder.sent
    assert int.from_bytes(count, "little") == len(buffers) == 9
    assert len(pickled) < 5_000
    arrays = sum(
        a.nbytes
        for s in request.systems
        for a in (s.hyp_len, s.ref_lens, s.matches, s.totals)
    )
    assert request.rows is not None
    assert sum(map(len, buffers)) == arrays + request.rows.nbytes


def test_the_process_receives_the_same_request() -> None:
    request = large_request()
    reader, writer = Pipe(duplex=False)
    # The pipe holds less than a request: the sender writes while the reader reads.
    sender = threading.Thread(target=_send_message, args=(writer, _Run(3, request)))
    sender.start()
    message = _receive_message(reader)
    sender.join()
    assert isinstance(message, _Run)
    assert message.request == 3
    got = message.what
    assert isinstance(got, SignificanceRequest)
    for ours, theirs in zip(request.systems, got.systems, strict=True):
        for name in ("hyp_len", "ref_lens", "matches", "totals"):
            assert np.array_equal(getattr(ours, name), getattr(theirs, name))
    assert got.rows is not None
    assert request.rows is not None
    assert np.array_equal(got.rows, request.rows)
    assert (got.config, got.test, got.samples, got.seed, got.baseline) == (
        BleuConfig(),
        PairedTest.BOOTSTRAP,
        1000,
        12345,
        0,
    )
