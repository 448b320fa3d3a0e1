"""Write the small WMT XML and SGML test files here from the WMT21 de-en text files.

Run once by hand (the tests read the files it wrote, never the text files):

    python tests/io/data/formats/make_wmt.py /work/shared/data/wmt21.de-en

The text release has no document ids: the documents below are runs of consecutive
lines that read as one news story, with ids made up here. The XML file holds two
references (A and B), four systems, one test-suite document, a segment that no
translator translated (reference A's is empty, reference B has none), a document
without reference B, and a segment with "&" (written "&amp;"). The SGML files hold
the same documents without those twists: the source, reference A and one system.
"""

from __future__ import annotations

import sys
from pathlib import Path
from xml.sax.saxutils import escape

HERE = Path(__file__).parent
SYSTEMS = ("Facebook-AI", "Online-W", "UEdin", "happypoet")
# (document id, first line, last line), 1-based line numbers of the text files.
DOCUMENTS = (
    ("merkur.biker", 1, 4),
    ("pnp.mamming", 12, 15),
    ("tz.aidenbach", 29, 32),
    ("sz.flick", 901, 903),
)
TESTSUITE = ("robustness.t1", 40, 41)
UNTRANSLATED = ("pnp.mamming", 3)  # no reference for this segment
WITHOUT_B = "tz.aidenbach"  # translator B did not translate this document


def main(folder: Path) -> None:
    texts = {
        name: (folder / f"{name}.txt").read_text("utf-8").split("\n")
        for name in ("src", "ref.A", "ref.B", *(f"sys.{s}" for s in SYSTEMS))
    }
    write_xml(texts)
    write_sgml(texts, "src", "srcset", 'setid="newstest2021" srclang="any"', "src")
    write_sgml(
        texts,
        "ref.A",
        "refset",
        'setid="newstest2021" srclang="any" trglang="en" refid="A"',
        "ref",
    )
    write_sgml(
        texts,
        "sys.Facebook-AI",
        "tstset",
        'setid="newstest2021" srclang="any" trglang="en" sysid="Facebook-AI"',
        "Facebook-AI",
    )


def side(tag: str, attributes: str, lines: list[str], skip: int | None) -> list[str]:
    out = [f"      <{tag} {attributes}>", "        <p>"]
    for number, line in enumerate(lines, start=1):
        if number != skip:
            out.append(f'          <seg id="{number}">{escape(line)}</seg>')
    out += ["        </p>", f"      </{tag}>"]
    return out


def document(
    texts: dict[str, list[str]], doc: tuple[str, int, int], testsuite: bool
) -> list[str]:
    doc_id, first, last = doc
    rows = range(first - 1, last)
    extra = ' testsuite="robustness"' if testsuite else ' domain="news"'
    out = [f'    <doc id="{doc_id}" origlang="de"{extra}>']
    out += side("src", 'lang="de"', [texts["src"][i] for i in rows], None)
    if not testsuite:
        untranslated = UNTRANSLATED[1] if doc_id == UNTRANSLATED[0] else None
        ref_a = [texts["ref.A"][i] for i in rows]
        if untranslated is not None:
            ref_a[untranslated - 1] = ""
        out += side("ref", 'lang="en" translator="A"', ref_a, None)
        if doc_id != WITHOUT_B:
            ref_b = [texts["ref.B"][i] for i in rows]
            out += side("ref", 'lang="en" translator="B"', ref_b, untranslated)
    for system in SYSTEMS:
        hyp = [texts[f"sys.{system}"][i] for i in rows]
        out += side("hyp", f'lang="en" system="{system}"', hyp, None)
    out.append("    </doc>")
    return out


def write_xml(texts: dict[str, list[str]]) -> None:
    out = ["<?xml version='1.0' encoding='utf-8'?>", '<dataset id="newstest2021">']
    out.append('  <collection id="general">')
    for doc in DOCUMENTS:
        out += document(texts, doc, testsuite=False)
    out += ["  </collection>", '  <collection id="testsuites">']
    out += document(texts, TESTSUITE, testsuite=True)
    out += ["  </collection>", "</dataset>"]
    (HERE / "wmt21.de-en.xml").write_text("\n".join(out) + "\n", "utf-8")


def write_sgml(
    texts: dict[str, list[str]], name: str, kind: str, attributes: str, sysid: str
) -> None:
    out = [f"<{kind} {attributes}>"]
    for doc_id, first, last in DOCUMENTS:
        out.append(f'<doc sysid="{sysid}" docid="{doc_id}" genre="news" origlang="de">')
        out.append("<p>")
        for number, index in enumerate(range(first - 1, last), start=1):
            out.append(f'<seg id="{number}">{escape(texts[name][index])}</seg>')
        out += ["</p>", "</doc>"]
    out.append(f"</{kind}>")
    file = HERE / f"wmt21.de-en.{name}.sgm"
    file.write_text("\n".join(out) + "\n", "utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
