"""Differential: after each edit of a series, every open buffer's diagnostics from `paleo lsp` equal
`paleo lint --format json` on the same texts, over every bundled content file and the bad-input corpus.

The server runs on a copy of the bundled content (a project with `bundled = false`) with the bad-input
corpus beside it, every text file open. The reference is `paleo lint --format json` (run in this
process) on a second copy holding the buffers' texts.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types as L
from pygls import uris
from pytest_lsp import LanguageClient

from .conftest import REPO, change_doc, diagnostics, open_doc, server_config, start

pytestmark = [pytest.mark.lsp_server, pytest.mark.asyncio(loop_scope="module")]

PYPROJECT = '[tool.paleo]\nbundled = false\ncontent = ["content"]\n'


def _copy(root: Path) -> Path:
    shutil.copytree(REPO / "content", root / "content")
    shutil.copytree(REPO / "tests" / "fixtures" / "bad", root / "content" / "bad",
                    ignore=shutil.ignore_patterns("*.expect"))
    (root / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def roots(tmp_path_factory):
    return _copy(tmp_path_factory.mktemp("served")), _copy(tmp_path_factory.mktemp("reference"))


def _config():
    import tempfile

    return server_config(Path(tempfile.mkdtemp(prefix="paleo-lsp-diff-cache-")))


@pytest_lsp.fixture(config=_config(), scope="module")
async def client(lsp_client: LanguageClient, roots):
    await start(lsp_client, roots[0])
    yield
    await lsp_client.shutdown_session()


def _lint(root: Path, cache: Path) -> list[dict]:
    from compiler.cli import main

    out = io.StringIO()
    here = os.getcwd()
    old = os.environ.get("PALEO_CACHE_DIR")
    os.environ["PALEO_CACHE_DIR"] = str(cache)
    try:
        os.chdir(root)
        with contextlib.redirect_stdout(out):
            rc = main(["lint", "--format", "json", "--exit-zero"])
    finally:
        os.chdir(here)
        if old is None:
            os.environ.pop("PALEO_CACHE_DIR", None)
        else:
            os.environ["PALEO_CACHE_DIR"] = old
    assert rc == 0, out.getvalue()
    return json.loads(out.getvalue())


def _char_col(line: str, units: int) -> int:
    """The 1-based character column of a UTF-16 offset into `line`."""
    n = i = 0
    while i < len(line) and n < units:
        n += 2 if ord(line[i]) > 0xFFFF else 1
        i += 1
    return i + 1 + (units - n)


def _served(d: L.Diagnostic, text: str) -> tuple:
    lines = text.split("\n")

    def col(p):
        return _char_col(lines[p.line], p.character) if p.line < len(lines) else p.character + 1

    sev = {L.DiagnosticSeverity.Error: "error", L.DiagnosticSeverity.Warning: "warning",
           L.DiagnosticSeverity.Information: "info"}[d.severity]
    return (d.code, sev, d.message, d.range.start.line + 1, col(d.range.start), d.range.end.line + 1, col(d.range.end))


def _linted(d: dict) -> tuple:
    return (d["code"], d["severity"], d["message"], d["line"], d["column"], d["end_line"], d["end_column"])


class Session:
    def __init__(self, client: LanguageClient, roots):
        self.client = client
        self.served, self.ref = roots
        self.cache = self.ref.parent / (self.ref.name + "-cache")
        self.texts: dict[str, str] = {}  # relative path -> buffer text
        self.versions: dict[str, int] = {}

    def uri(self, rel: str) -> str:
        return uris.from_fs_path(str(self.served / rel))

    def open_all(self) -> None:
        for p in sorted((self.served / "content").rglob("*")):
            if p.suffix not in (".yaml", ".yml"):
                continue
            try:
                text = p.read_bytes().decode("utf-8")
            except UnicodeDecodeError:
                continue  # not text: stays a file on disk for both
            rel = p.relative_to(self.served).as_posix()
            self.texts[rel] = text
            self.versions[rel] = 1
            open_doc(self.client, p, text, 1)

    def edit(self, rel: str, text: str) -> None:
        self.texts[rel] = text
        self.versions[rel] += 1
        change_doc(self.client, self.uri(rel), text, self.versions[rel])

    async def compare(self, changed: list[str]) -> int:
        for rel in changed:
            await diagnostics(self.client, self.uri(rel), self.versions[rel])
        # a request answered after the check's publications: every one of them has arrived
        await self.client.workspace_symbol_async(L.WorkspaceSymbolParams(query="no-such-record-anywhere"))
        for rel, text in self.texts.items():
            (self.ref / rel).write_bytes(text.encode("utf-8"))
        want: dict[str, set] = {}
        for d in _lint(self.ref, self.cache):
            want.setdefault(d["file"], set()).add(_linted(d))
        total = 0
        for rel, text in self.texts.items():
            version, got = self.client.published[self.uri(rel)]
            assert version == self.versions[rel], rel
            served = {_served(d, text) for d in got}
            assert served == want.get(rel, set()), rel
            total += len(served)
        return total


def _replace_once(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


async def test_every_buffer_matches_lint_after_each_edit(client: LanguageClient, roots):
    s = Session(client, roots)
    s.open_all()
    assert len(s.texts) >= 80
    await s.compare(list(s.texts))
    cards = "content/paleo/a-new-beginning/cards.yaml"
    secrets = "content/paleo/a-new-beginning/secret-tokens.yaml"
    interp = "content/paleo/a-new-beginning/interpretations.yaml"
    # 1. a misspelt symbol
    s.edit(secrets, _replace_once(s.texts[secrets], "-> heal 2 wounds", "-> heel 2 wounds"))
    assert await s.compare([secrets]) > 0
    # 2. half-typed YAML: an unclosed quote, then a lost colon
    s.edit(cards, _replace_once(s.texts[cards], "      - '-> craft'", "      - '-> craft"))
    await s.compare([cards])
    s.edit(cards, _replace_once(s.texts[cards], "      - '-> craft", "      - '-> craft'").replace("    name: Pig", "    name Pig", 1))
    await s.compare([cards])
    # 3. a record id defined twice, across two files
    s.edit(cards, s.texts[cards].replace("    name Pig", "    name: Pig", 1))
    s.edit(secrets, _replace_once(s.texts[secrets], "-> heel 2 wounds", "-> heal 2 wounds"))
    s.edit(cards, _replace_once(s.texts[cards], "id: card:anb/pig", "id: card:anb/medicinal-herbs"))
    assert await s.compare([cards, secrets]) > 0
    s.edit(cards, _replace_once(s.texts[cards], "id: card:anb/medicinal-herbs\n    name: Pig", "id: card:anb/pig\n    name: Pig"))
    # 4. a cross-file rename of an id through the server, applied as an editor applies it
    text = s.texts[cards]
    assert "card:anb/reeds" in s.texts[interp]
    at = text.index("card:anb/reeds") + 5
    line = text.count("\n", 0, at)
    edit = await client.text_document_rename_async(L.RenameParams(
        text_document=L.TextDocumentIdentifier(uri=s.uri(cards)),
        position=L.Position(line=line, character=at - (text.rfind("\n", 0, at) + 1)), new_name="card:anb/reed-bed"))
    touched = [rel for rel in s.texts if s.uri(rel) in edit.changes]
    assert cards in touched and interp in touched
    for rel in touched:
        s.edit(rel, _apply(s.texts[rel], edit.changes[s.uri(rel)]))
    assert "card:anb/reeds" not in s.texts[interp]
    await s.compare(touched)
    # 5. the other side of a cross-file effect: a record renamed in one file only
    s.edit(interp, s.texts[interp].replace("card:anb/reed-bed", "card:anb/reeds"))
    assert await s.compare([interp]) > 0
    # 6. a bad-input file edited into another bad shape, and a buffer closed (the file on disk counts again)
    bad = next(rel for rel in s.texts if rel.endswith("duplicate-id.yaml"))
    s.edit(bad, s.texts[bad] + "\n  - [unclosed\n")
    await s.compare([bad])
    client.text_document_did_close(L.DidCloseTextDocumentParams(text_document=L.TextDocumentIdentifier(uri=s.uri(interp))))
    del s.texts[interp]
    (s.ref / interp).write_bytes((s.served / interp).read_bytes())
    s.edit(bad, s.texts[bad] + "# settle\n")
    await s.compare([bad])
    # 7. what the server keeps between checks (each file's records, its citation diagnostics, the coverage):
    # an edit inside an option string only, then of a field coverage reads, then back
    s.edit(cards, _replace_once(s.texts[cards], "'-> receive any tool'", "'-> receive any tool, 1 fod'"))
    assert await s.compare([cards]) > 0
    s.edit(cards, _replace_once(s.texts[cards], "'-> receive any tool, 1 fod'", "'-> receive any tool'"))
    before = await s.compare([cards])
    s.edit(cards, _replace_once(s.texts[cards], "    completeness: partial", "    copies: 40\n    completeness: partial"))
    assert await s.compare([cards]) > before  # more cards than the product prints
    s.edit(cards, _replace_once(s.texts[cards], "    copies: 40\n", ""))
    assert await s.compare([cards]) == before
    # 8. a citation naming a source no file declares, then declared in another file: the citing file,
    # unchanged, is checked against the new registry
    sources = "content/sources.yaml"
    s.edit(cards, _replace_once(s.texts[cards], "      rulebook: 000_97f291d3c44cb3f7.txt", "      rulebook: field-notes.txt"))
    assert await s.compare([cards]) > 0
    s.edit(sources, _replace_once(s.texts[sources], "sources:\n", "sources:\n  - id: source:field-notes\n"
                                  "    file: field-notes.txt\n    title: Field notes\n\n"))
    before = await s.compare([sources])
    # 9. a symbol renamed: the options of files left as they were are lowered again, and back
    symbols = "content/symbols/paleo.yaml"
    s.edit(symbols, _replace_once(s.texts[symbols], "    name: food\n", "    name: foods\n"))
    assert await s.compare([symbols]) > before
    s.edit(symbols, _replace_once(s.texts[symbols], "    name: foods\n", "    name: food\n"))
    assert await s.compare([symbols]) == before


def _apply(text: str, edits) -> str:
    lines = text.split("\n")
    starts = [0]
    for ln in lines[:-1]:
        starts.append(starts[-1] + len(ln) + 1)

    def off(p):
        return starts[p.line] + _char_col(lines[p.line], p.character) - 1

    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        text = text[:off(e.range.start)] + e.new_text + text[off(e.range.end):]
    return text
