"""Every reader test runs twice: whole files in one piece, and in 3-byte pieces.

`iter_read_segments` decodes and splits a file a piece at a time. With 3-byte pieces
every multi-byte character, CRLF pair, byte-order mark and UTF-16 code unit of the
test files is cut somewhere, and the results and error messages must not change.
"""

import pytest

from bleu_gui.io import readers


@pytest.fixture(autouse=True, params=["one piece", "3-byte pieces"])
def piece_bytes(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    if request.param == "3-byte pieces":
        monkeypatch.setattr(readers, "_PIECE_BYTES", 3)
