"""sacreBLEU's tokenizers and version, without the start-up of sacreBLEU's package.

`import sacrebleu.tokenizers.tokenizer_13a` first runs `sacrebleu/__init__.py`, which
imports sacreBLEU's whole command line: every metric, the test-set downloader
(portalocker, lxml, hashlib), the table printer (tabulate), colorama and
importlib.metadata. That is about 30 ms of the 200 ms `bleu-gui score` takes on a
500-segment file, for code that scoring never runs, and `sacrebleu` itself pays the
same 30 ms: it is what made us slower than sacreBLEU on small files.

The tokenizer modules import only each other (relative imports inside
`sacrebleu/tokenizers/`) and their own third-party packages (`regex`, MeCab), so they
are loaded here from sacreBLEU's installed files, as a package of their own name
(`_bleu_gui_sacrebleu_tokenizers`). They are sacreBLEU's files, of the pinned
version, run unchanged: not a copy. Once `sacrebleu` has been imported anyway (a
caller, a test), its own modules are used instead, so that a process holds one copy
where it can.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

__all__ = ["sacrebleu_version", "tokenizer_module"]

_TOKENIZERS = "_bleu_gui_sacrebleu_tokenizers"
"""The name sacreBLEU's `tokenizers` folder is loaded under."""


def tokenizer_module(name: str) -> ModuleType:
    """The module `sacrebleu.tokenizers.<name>` (e.g. `tokenizer_13a`) of sacreBLEU.

    Raises:
        ImportError: if sacreBLEU, or a package the tokenizer needs, is missing.
    """
    if "sacrebleu" in sys.modules:
        return importlib.import_module(f"sacrebleu.tokenizers.{name}")
    if _TOKENIZERS not in sys.modules:
        _load(_TOKENIZERS, _sacrebleu_folder() / "tokenizers", package=True)
    return importlib.import_module(f"{_TOKENIZERS}.{name}")


@functools.cache
def sacrebleu_version() -> str:
    """The installed sacreBLEU's version, as its signatures write it (`2.6.0`)."""
    module = sys.modules.get("sacrebleu")
    if module is not None:
        return str(module.__version__)
    version_file = _sacrebleu_folder() / "version.py"
    if not version_file.is_file():  # a build without setuptools-scm's file
        from importlib import metadata

        return metadata.version("sacrebleu")
    return str(_load("_bleu_gui_sacrebleu_version", version_file).__version__)


@functools.cache
def _sacrebleu_folder() -> Path:
    """The folder sacreBLEU is installed in (found without importing it)."""
    spec = importlib.util.find_spec("sacrebleu")
    if spec is None or not spec.submodule_search_locations:
        raise ImportError("sacrebleu is not installed: pip install sacrebleu==2.6.0")
    return Path(next(iter(spec.submodule_search_locations)))


def _load(name: str, path: Path, *, package: bool = False) -> ModuleType:
    """Load the module (or package folder) at `path` as `name`; registered on success.

    Raises:
        ImportError: if the file is not there.
    """
    location = path / "__init__.py" if package else path
    spec = importlib.util.spec_from_file_location(
        name, location, submodule_search_locations=[str(path)] if package else None
    )
    if spec is None or spec.loader is None or not location.is_file():
        raise ImportError(f"sacreBLEU's {location} is missing")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[name]
        raise
    return module
