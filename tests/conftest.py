"""Shared test set-up: Qt runs offscreen everywhere, so CI needs no display."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hypothesis import settings

# CI must be reproducible: there, property tests run a fixed (derandomized) set of
# examples; locally they explore new random examples on every run.
settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
