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
    source, ref_a, ref_b = (
        demo_lines(name) for name in ("src.txt", "ref.A.txt", "ref.B.txt")
    )
    return _write_wmt_xml(
        cache / "wmt21" / "raw",
        "wmt21.test.tgz",
        Path("test") / "newstest2021.de-en.xml",
        (source, ref_a, ref_b),
        DOCUMENTS,
    )


# wmt22's own documents: other ids, other original languages.
WMT22_DOCUMENTS = tuple(
    (f"wmt22-doc-{number}", "en" if number % 2 else "de")
    for number in range(1, SEGMENTS // DOCUMENT_SIZE + 1)
)


def write_wmt22_de_en(cache: Path) -> Path:
    """Write a fake wmt22 de-en (the demo's lines, reversed) into `cache`.

    The lines are the demo's backwards, so that wmt21 and wmt22 joined are two
    different halves; the documents are `WMT22_DOCUMENTS`. sacreBLEU reads wmt22
    from `raw/wmt22-news-systems-1.1/xml/wmttest2022.de-en.all.xml`.
    """
    source, ref_a, ref_b = (
        demo_lines(name)[::-1] for name in ("src.txt", "ref.A.txt", "ref.B.txt")
    )
    return _write_wmt_xml(
        cache / "wmt22" / "raw",
        "wmt22.v1.1.tar.gz",
        Path("wmt22-news-systems-1.1") / "xml" / "wmttest2022.de-en.all.xml",
        (source, ref_a, ref_b),
        WMT22_DOCUMENTS,
    )


def _write_wmt_xml(
    raw: Path,
    archive: str,
    xml: Path,
    texts: tuple[list[str], list[str], list[str]],
    documents: tuple[tuple[str, str], ...],
) -> Path:
    """A WMT XML file (wmt21 and later) of `documents`, and its archive's stand-in."""
    (raw / xml).parent.mkdir(parents=True)
    (raw / archive).write_bytes(b"placeholder: never unpacked")
    source, ref_a, ref_b = texts
    dataset = ElementTree.Element("dataset", id=xml.stem)
    collection = ElementTree.SubElement(dataset, "collection", id="general")
    for index, (doc_id, origlang) in enumerate(documents):
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
    path = raw / xml
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
