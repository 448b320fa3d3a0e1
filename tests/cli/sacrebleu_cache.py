"""A tiny sacreBLEU cache for `-t wmt21 -l de-en`, written in the test's folder.

sacreBLEU keeps a downloaded test set as `$SACREBLEU/NAME/raw/` (the downloaded
archive, kept so that it is not fetched again, and what it unpacked) and writes
each field's text beside it (`NAME.PAIR.src`, `.ref-A`, `.docid`, …) the first time
it is asked. This writes the raw part only, as sacreBLEU's `WMTXMLDataset` for
wmt21 expects it (`raw/wmt21.test.tgz`, `raw/test/newstest2021.de-en.xml`), from
the demo corpus's real WMT21 de-en lines, cut into documents of our own making
(ids and original languages invented, so that `--origlang` has something to
choose). No network: the archive is a placeholder that sacreBLEU only checks is
there and not empty.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from xml.etree import ElementTree

import pytest

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
SEGMENTS = 120
DOCUMENT_SIZE = 20
# Each document's id and original language, in order.
DOCUMENTS = tuple(
    (f"demo-doc-{number}", "de" if number % 3 else "en")
    for number in range(1, SEGMENTS // DOCUMENT_SIZE + 1)
)


def demo_lines(name: str) -> list[str]:
    """The first `SEGMENTS` lines of a demo file."""
    text = (DEMO / name).read_text(encoding="utf-8")
    return text.splitlines()[:SEGMENTS]


def write_wmt21_de_en(cache: Path) -> Path:
    """Write the fake wmt21 de-en into the cache folder `cache`; return its XML."""
    raw = cache / "wmt21" / "raw"
    (raw / "test").mkdir(parents=True)
    (raw / "wmt21.test.tgz").write_bytes(b"placeholder: never unpacked")
    source, ref_a, ref_b = (
        demo_lines(name) for name in ("src.txt", "ref.A.txt", "ref.B.txt")
    )
    dataset = ElementTree.Element("dataset", id="newstest2021")
    collection = ElementTree.SubElement(dataset, "collection", id="general")
    for index, (doc_id, origlang) in enumerate(DOCUMENTS):
        doc = ElementTree.SubElement(collection, "doc", id=doc_id, origlang=origlang)
        rows = range(index * DOCUMENT_SIZE, (index + 1) * DOCUMENT_SIZE)
        for tag, lines, attributes in (
            ("src", source, {"lang": "de"}),
            ("ref", ref_a, {"lang": "en", "translator": "A"}),
            ("ref", ref_b, {"lang": "en", "translator": "B"}),
        ):
            text = ElementTree.SubElement(doc, tag, attributes)
            paragraph = ElementTree.SubElement(text, "p")
            for number, row in enumerate(rows, 1):
                seg = ElementTree.SubElement(paragraph, "seg", id=str(number))
                seg.text = lines[row]
    path = raw / "test" / "newstest2021.de-en.xml"
    ElementTree.ElementTree(dataset).write(path, encoding="utf-8", xml_declaration=True)
    return path


def point_sacrebleu_at(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Make `cache` sacreBLEU's cache folder for this test, in this process too.

    sacreBLEU reads `$SACREBLEU` once, when it is imported, into
    `sacrebleu.utils.SACREBLEU_DIR` and each dataset's folders; a test process has
    imported it already, so those are pointed at `cache` as well (and put back
    after the test by `monkeypatch`).
    """
    monkeypatch.setenv("SACREBLEU", str(cache))
    if "sacrebleu.utils" not in sys.modules:
        return  # read from the variable when first imported
    from sacrebleu import utils
    from sacrebleu.dataset import DATASETS

    monkeypatch.setattr(utils, "SACREBLEU_DIR", str(cache))
    for dataset in DATASETS.values():
        outdir = os.path.join(str(cache), dataset.name)
        monkeypatch.setattr(dataset, "_outdir", outdir)
        monkeypatch.setattr(dataset, "_rawdir", os.path.join(outdir, "raw"))
