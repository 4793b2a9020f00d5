"""The source registry: every document a citation may name.

The bundled rulebooks are registered here with their titles; a project adds its own source
documents, declared in `[tool.paleo]` (`[[tool.paleo.sources]]`) or in content (`sources:`
records). A citation's `rulebook` names a document by its file (or, for a document that is not a
file, its name); a document declared with `headings` also has each cited heading checked.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .paths import bundled_dir


@dataclass(frozen=True)
class SourceDoc:
    """One source document: its key (file name, else name), title and, when declared, its headings."""

    key: str
    title: str
    headings: tuple[str, ...] | None = None
    bundled: bool = False
    where: str = ""  # who declared it: "bundled", "pyproject.toml", or a content file


BUNDLED_FILE = "sources.yaml"  # in the bundled content folder: `sources:` records of the rulebooks
_bundled: tuple[SourceDoc, ...] | None = None


def bundled_docs() -> tuple[SourceDoc, ...]:
    """The bundled rulebooks, read once from the bundled content's `sources.yaml` (records of the same
    kind a project declares its own sources with). Always registered, so content loaded alone (without
    the bundled games) may still cite the rulebooks."""
    global _bundled
    if _bundled is None:
        from .loader import load_bytes  # noqa: PLC0415 - start-up cost: the loader and the models (pydantic) load when the rulebooks are first read
        from .models import SourceDocument  # noqa: PLC0415 - start-up cost: the loader and the models (pydantic) load when the rulebooks are first read

        path = bundled_dir("content") / BUNDLED_FILE
        docs = []
        lf, _ = load_bytes(str(path), path.read_bytes())
        for item in (lf.data or {}).get("sources") or [] if lf is not None else []:
            rec = SourceDocument.model_validate(item)
            docs.append(SourceDoc(rec.key, rec.title, tuple(rec.headings) if rec.headings is not None else None,
                                  bundled=True, where="bundled"))
        _bundled = tuple(docs)
    return _bundled


@dataclass
class Registry:
    docs: dict[str, SourceDoc] = field(default_factory=dict)

    @classmethod
    def bundled(cls) -> "Registry":
        return cls({d.key: d for d in bundled_docs()})

    def add(self, doc: SourceDoc) -> SourceDoc | None:
        """Register `doc`; the document already registered under its key when there is one (not replaced).
        The bundled rulebooks' own records, met again in the bundled content, are not a second declaration."""
        first = self.docs.get(doc.key)
        if first is None:
            self.docs[doc.key] = doc
        elif first.bundled and (first.title, first.headings) == (doc.title, doc.headings):
            return None
        return first

    def get(self, key: str) -> SourceDoc | None:
        return self.docs.get(key)

    def keys(self) -> list[str]:
        return list(self.docs)

    def titles(self) -> dict[str, str]:
        return {k: d.title for k, d in self.docs.items()}

    def declared(self) -> list[SourceDoc]:
        return [d for d in self.docs.values() if not d.bundled]


def bundle_sources(reg: Registry) -> list[dict]:
    """The registry as a bundle lists it: `{rulebook, title}` (plus `headings` when declared)."""
    out = []
    for d in reg.docs.values():
        item = {"rulebook": d.key, "title": d.title}
        if d.headings is not None:
            item["headings"] = list(d.headings)
        out.append(item)
    return out
