"""Whether Qt can open a window here, checked before it tries (and aborts).

On a minimal Linux, Qt's X11 platform plugin (`xcb`) cannot load because a few
`libxcb-*` libraries are not installed; Qt then prints several lines about plugins
and *aborts* the process (SIGABRT, a core dump), which tells a user nothing about
what to install. So before the `QApplication` is built, the composition root asks
`platform_problem()`: it loads the plugin's shared library the way Qt would, and
when a library it depends on is missing, returns one line that names it and the
Debian packages to install. No display at all is reported the same way.
"""

from __future__ import annotations

import ctypes
import re
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

__all__ = ["XCB_PACKAGES", "platform_problem", "uses_xcb", "xcb_problem"]

XCB_PACKAGES = (
    "libxcb-cursor0",
    "libxcb-icccm4",
    "libxcb-image0",
    "libxcb-keysyms1",
    "libxcb-render-util0",
    "libxcb-shape0",
    "libxcb-randr0",
    "libxcb-xfixes0",
    "libxcb-xkb1",
    "libxkbcommon-x11-0",
)
"""The Debian/Ubuntu packages Qt 6's xcb plugin needs beyond a bare X11 client."""

_MISSING = re.compile(r"^(?P<library>[^\s:]+\.so[^\s:]*): cannot open")


def uses_xcb(environ: Mapping[str, str], platform: str = sys.platform) -> bool:
    """Whether Qt will open its windows through the X11 (`xcb`) plugin.

    `QT_QPA_PLATFORM` decides when set (its first choice; `xcb:option=…` allowed);
    otherwise Qt 6 on Linux uses Wayland in a Wayland session and X11 elsewhere.
    """
    if not platform.startswith("linux"):
        return False
    requested = environ.get("QT_QPA_PLATFORM", "").strip()
    if requested:
        first = requested.split(";")[0]
        return first.split(":")[0] == "xcb"
    wayland = environ.get("XDG_SESSION_TYPE") == "wayland"
    return not (wayland and environ.get("WAYLAND_DISPLAY"))


def xcb_problem(
    plugin: Path,
    environ: Mapping[str, str],
    load: Callable[[str], object] = ctypes.CDLL,
) -> str | None:
    """One line saying why the xcb plugin at `plugin` cannot work, or None.

    `load` opens a shared library as the dynamic linker would (raising `OSError`
    that names the first library it cannot find); tests pass their own.
    """
    if not environ.get("DISPLAY"):
        return (
            "bleu-gui: error: no X11 display to open a window on (DISPLAY is not "
            "set); run it in a desktop session, or with QT_QPA_PLATFORM=offscreen "
            "for --screenshot"
        )
    if not plugin.exists():
        return None  # a Qt without the plugin: let Qt say which it has
    try:
        load(str(plugin))
    except OSError as error:
        found = _MISSING.match(str(error))
        what = found["library"] if found else str(error)
        return (
            f"bleu-gui: error: Qt cannot open a window: {what} is missing; install "
            f"the X11 libraries Qt needs (Debian/Ubuntu: sudo apt install "
            f"{' '.join(XCB_PACKAGES)})"
        )
    return None


def platform_problem(environ: Mapping[str, str], plugins: Path) -> str | None:
    """One line saying why Qt cannot open a window here, or None if it can.

    `plugins` is Qt's plugin folder (`QLibraryInfo`'s PluginsPath); this module
    stays free of Qt so that it can be checked before Qt is set up.
    """
    if not uses_xcb(environ):
        return None
    return xcb_problem(plugins / "platforms" / "libqxcb.so", environ)
