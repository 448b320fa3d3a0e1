"""Freed large blocks go back to the system at once (glibc's malloc, Linux).

glibc serves a request of `M_MMAP_THRESHOLD` bytes or more (128 KiB at start) with
a mapping of its own, which `free` unmaps. But each time such a block is freed, it
raises the threshold to that block's size (up to 32 MiB): reading a file a
megabyte at a time and joining the pieces made every later block under a megabyte
(the quarter-megabyte pieces a file is decoded in, the segments of over 512
characters, numpy's per-chunk arrays) come from the heap, where the freed ones
stay resident behind the live ones. Measured on the window's 1,051,532-segment
row (docs/design.md, "The speed table"): 260 MB resident and unused after the
files were read, 1.36 GB at the reading's peak for 0.6 GB of texts.

A fixed threshold turns the adjustment off, so blocks of 128 KiB or more are
mapped and unmapped every time: a few system calls per block, against hundreds of
megabytes kept. Elsewhere (another C library, another system) nothing is changed.
"""

from __future__ import annotations

import ctypes
import sys

__all__ = ["MMAP_THRESHOLD", "return_large_blocks"]

MMAP_THRESHOLD = 128 * 1024
"""Bytes from which a block is always mapped on its own (glibc's own default)."""

_M_MMAP_THRESHOLD = -3  # glibc's <malloc.h>


def return_large_blocks() -> bool:
    """Fix glibc's mapping threshold at `MMAP_THRESHOLD` for this process.

    Returns whether it was set (False where the C library is not glibc).
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(None)  # the process's own: its C library's symbols
        mallopt = libc.mallopt
        libc.gnu_get_libc_version  # noqa: B018  (glibc only: musl has no such symbol)
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD))
