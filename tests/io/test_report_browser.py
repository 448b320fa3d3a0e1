"""A hostile text in the HTML report is shown as text by a real browser engine.

Headless Chromium loads the page (with its Content-Security-Policy taken out, so
that the escaping alone is tested) and dumps the DOM it built: no script ran (the
title is the report's), no element came from a file's text, and the text reads as
the file wrote it, its bidirectional override shown as a visible mark.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from html.parser import HTMLParser
from pathlib import Path

import pytest

from bleu_gui.core import BleuConfig, corpus_stats_of_systems
from bleu_gui.io.report_html import (
    ReportRequest,
    ReportSystem,
    build_report,
    write_report,
)

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="no Chromium on this machine (apt-get install chromium)"
)

HOSTILE = (
    "<script>document.title='pwned'</script> the cat "
    '"><img src=x onerror="document.title=\'pwned\'"> sat </style><b>bold</b> '
    "p = 0.9\u202e1"
)
NAME = "<img src=y onerror=alert(1)>.txt"


class _Dom(HTMLParser):
    """The tags and the title of a dumped DOM."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.title = ""
        self._in_title = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self._in_title = tag == "title" and "svg" not in self.tags[-3:-1]

    def handle_endtag(self, tag: str) -> None:
        self._in_title = False

    def handle_data(self, data: str) -> None:
        if self._in_title and not self.title:
            self.title = data


def _dump_dom(page: Path) -> str:
    assert CHROMIUM is not None
    done = subprocess.run(
        [
            CHROMIUM,
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--dump-dom",
            page.as_uri(),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


def test_a_hostile_hypothesis_renders_as_text(tmp_path: Path) -> None:
    refs = ["the cat sat on the mat", "a cat sat"]
    hyps = [HOSTILE, "a cat sat"]
    config = BleuConfig()
    (stats,) = corpus_stats_of_systems([hyps], [refs], config)
    request = ReportRequest(
        references=(tuple(refs),),
        systems=(ReportSystem(NAME, hyps, stats),),
        config=config,
        signature="nrefs:1|case:mixed|eff:no|tok:13a|smooth:exp|version:2.6.0",
        top=2,
    )
    page = tmp_path / "report.html"
    write_report(page, build_report(request))
    html = page.read_text(encoding="utf-8")
    without_policy = re.sub(r"<meta http-equiv=[^>]*>", "", html)
    assert without_policy != html
    page.write_text(without_policy, encoding="utf-8")

    dom = _dump_dom(page)
    parsed = _Dom()
    parsed.feed(dom)
    assert parsed.title == "BLEU report"
    assert "img" not in parsed.tags
    assert "script" not in parsed.tags
    assert "b" not in parsed.tags
    assert "pwned" not in parsed.title
    assert "&lt;script&gt;document.title='pwned'&lt;/script&gt;" in dom
    assert "&lt;/style&gt;&lt;b&gt;bold&lt;/b&gt;" in dom
    assert "\u202e" not in dom
    assert '0.9<span class="ctl">⟨U+202E⟩</span>1' in dom
    assert "&lt;img src=y onerror=alert(1)&gt;.txt" in dom
