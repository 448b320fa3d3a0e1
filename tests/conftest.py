"""Shared test set-up: Qt runs offscreen everywhere, so CI needs no display."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
