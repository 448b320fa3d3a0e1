"""A hostile text in the HTML report is shown as text by a real browser engine.

Qt WebEngine (Chromium, shipped with PySide6, so every machine that runs the tests
has it) loads the page, with its Content-Security-Policy taken out so that the
escaping alone is tested, in a process of its own, and reports the DOM it built: no
script ran (the title is the report's), no element came from a file's text, and the
text reads as the file wrote it, its bidirectional override shown as a visible mark.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

from bleu_gui.core import BleuConfig, corpus_stats_of_systems
from bleu_gui.core.report import ReportRequest, ReportSystem, build_report
from bleu_gui.io.report_html import write_report

# Loads argv[1] in Qt WebEngine and prints what the page became, as JSON: its
# title, the name of every element, the page's HTML as the engine serializes it.
_LOAD_IN_CHROMIUM = textwrap.dedent(
    """
    import json
    import sys

    from PySide6.QtCore import QCoreApplication, Qt, QTimer, QUrl
    QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)
    from PySide6.QtWebEngineCore import QWebEnginePage
    from PySide6.QtWidgets import QApplication

    app = QApplication([])
    page = QWebEnginePage()
    found = {}
    ASK = (
        "JSON.stringify({title: document.title, "
        "tags: Array.from(document.querySelectorAll('*'), e => e.localName), "
        "html: document.documentElement.outerHTML})"
    )

    def loaded(ok):
        found["loaded"] = ok
        page.runJavaScript(ASK, 0, answered)

    def answered(result):
        found.update(json.loads(result))
        app.quit()

    page.loadFinished.connect(loaded)
    page.load(QUrl.fromLocalFile(sys.argv[1]))
    QTimer.singleShot(90_000, app.quit)
    app.exec()
    print(json.dumps(found))
    """
)


def _load_in_chromium(page: Path) -> dict[str, Any]:
    """What Qt WebEngine made of `page`: title, element names, serialized HTML."""
    env = {
        **os.environ,
        "QT_QPA_PLATFORM": "offscreen",
        # Chromium refuses to run its sandbox as root (CI machines often are).
        "QTWEBENGINE_DISABLE_SANDBOX": "1",
    }
    done = subprocess.run(
        [sys.executable, "-c", _LOAD_IN_CHROMIUM, str(page)],
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
        env=env,
    )
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    assert found.get("loaded") is True, done.stderr
    return found


HOSTILE = (
    "<script>document.title='pwned'</script> the cat "
    '"><img src=x onerror="document.title=\'pwned\'"> sat </style><b>bold</b> '
    "p = 0.9\u202e1"
)
NAME = "<img src=y onerror=alert(1)>.txt"


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

    found = _load_in_chromium(page)
    dom = found["html"]
    assert found["title"] == "BLEU report"
    tags = set(found["tags"])
    assert {"html", "body", "table", "svg"} <= tags  # the page itself was built
    assert not tags & {"img", "script", "b"}
    assert "&lt;script&gt;document.title='pwned'&lt;/script&gt;" in dom
    assert "&lt;/style&gt;&lt;b&gt;bold&lt;/b&gt;" in dom
    assert "\u202e" not in dom
    assert '0.9<span class="ctl">⟨U+202E⟩</span>1' in dom
    assert "&lt;img src=y onerror=alert(1)&gt;.txt" in dom
