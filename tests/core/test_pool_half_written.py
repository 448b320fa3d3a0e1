"""Closing the worker pool ends even when a killed worker left half a result.

A worker killed while it writes its result leaves a message's length and only part
of its bytes in the result pipe; Python 3.11's executor thread then waits for the
rest for ever, and closing the pool (the window closing) waited with it.
"""

from __future__ import annotations

import os
import struct
import threading

from bleu_gui.core.parallel import WorkerPool

# Far longer than a close takes; only a hang reaches it (not a timing assertion).
_HANG_SECONDS = 60.0


def test_close_ends_after_half_a_result_in_the_pipe() -> None:
    pool = WorkerPool(1)
    pool.result(pool.submit(len, "started"))  # the executor's thread is running
    writer = pool._executor._result_queue._writer  # type: ignore[attr-defined]
    # What a worker killed mid-write leaves: a length of 1,000 bytes, and 10 of them.
    os.write(writer.fileno(), struct.pack("!i", 1000) + b"x" * 10)
    closing = threading.Thread(target=pool.close, daemon=True)
    closing.start()
    closing.join(_HANG_SECONDS)
    assert not closing.is_alive()
