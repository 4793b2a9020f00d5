"""End-to-end: what `paleo lsp` refuses or answers with nothing, and how it follows files that come, go or are
saved. Over stdio, driven by pytest-lsp on the fan project of `fixture.py`; nothing reaches into the server."""

from __future__ import annotations

import pytest
import pytest_lsp
from lsprotocol import types as L
from pytest_lsp import LanguageClient

from .conftest import change_doc, diagnostics, open_doc, server_config, start, uri
from .fixture import write_project

pytestmark = [pytest.mark.lsp_server, pytest.mark.asyncio(loop_scope="module")]

TRACKER = """cards:
  - id: card:fan/tracker
    name: Tracker
    game: game:paleo
    product: product:paleo
    kind: base
    back: null
    options:
      - '-> 1 food'
    summary: A card of a file that comes and goes.
    completeness: partial
    source:
      rulebook: 002_56cce9db253ede81.txt
      section: ["The Game Turn: Surviving Day and Night"]
"""


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return write_project(tmp_path_factory.mktemp("fan"))


def _config():
    import tempfile
    from pathlib import Path

    return server_config(Path(tempfile.mkdtemp(prefix="paleo-lsp-cache-")))


@pytest_lsp.fixture(config=_config(), scope="module")
async def client(lsp_client: LanguageClient, project):
    await start(lsp_client, project)
    for name in ("cards.yaml", "more.yaml"):
        open_doc(lsp_client, project / "content" / name, version=1)
    await diagnostics(lsp_client, uri(project / "content" / "more.yaml"), 1)
    yield
    await lsp_client.shutdown_session()


VERSION = [100]


async def _edit(client: LanguageClient, path, text: str) -> list[L.Diagnostic]:
    VERSION[0] += 1
    change_doc(client, uri(path), text, VERSION[0])
    return await diagnostics(client, uri(path), VERSION[0])


def _pos(text: str, needle: str, delta: int = 0) -> L.Position:
    i = text.index(needle) + delta
    line = text.count("\n", 0, i)
    return L.Position(line=line, character=i - (text.rfind("\n", 0, i) + 1))


def _doc(path) -> L.TextDocumentIdentifier:
    return L.TextDocumentIdentifier(uri=uri(path))


async def test_a_rename_the_project_could_not_take_is_refused(client: LanguageClient, project):
    more = project / "content" / "more.yaml"
    text = more.read_text()
    await _edit(client, more, text)
    at_id = _pos(text, "card:fan/scout", 6)
    for new in ("card:fan/lookout",  # the id of another record
                "card:fan/Not An Id!"):  # not an id
        got = await client.text_document_rename_async(L.RenameParams(text_document=_doc(more), position=at_id,
                                                                     new_name=new))
        assert got is None, new
    at_name = _pos(text, "name: Scout", 7)
    for new in ('Sco"ut', "two\nlines", "   "):
        got = await client.text_document_rename_async(L.RenameParams(text_document=_doc(more), position=at_name,
                                                                     new_name=new))
        assert got is None, repr(new)
    # nothing to rename on a field's value that names no record
    prep = await client.text_document_prepare_rename_async(L.PrepareRenameParams(
        text_document=_doc(more), position=_pos(text, "kind: base", 7)))
    assert prep is None
    # a bare id part is taken inside the record's own kind
    got = await client.text_document_rename_async(L.RenameParams(text_document=_doc(more), position=at_id,
                                                                 new_name="fan/pathfinder"))
    assert {e.new_text for e in got.changes[uri(more)]} == {"card:fan/pathfinder"}


async def test_requests_past_the_end_of_a_document_answer_nothing_and_the_server_goes_on(client: LanguageClient,
                                                                                          project):
    cards = project / "content" / "cards.yaml"
    text = cards.read_text()
    await _edit(client, cards, text)
    far = L.Position(line=text.count("\n") + 40, character=3)
    assert await client.text_document_completion_async(L.CompletionParams(text_document=_doc(cards),
                                                                           position=far)) is None
    assert await client.text_document_hover_async(L.HoverParams(text_document=_doc(cards), position=far)) is None
    assert not await client.text_document_definition_async(L.DefinitionParams(text_document=_doc(cards),
                                                                              position=far))
    hover = await client.text_document_hover_async(L.HoverParams(
        text_document=_doc(cards), position=_pos(text, "venerate place", 3)))
    assert hover is not None and "venerate place" in str(hover.contents)


async def test_workspace_symbols_are_filtered_by_the_query(client: LanguageClient, project):
    every = await client.workspace_symbol_async(L.WorkspaceSymbolParams(query=""))
    names = {s.name for s in every}
    assert {"card:fan/lookout", "card:fan/scout"} <= names and len(names) > 2  # the bundled games' records too
    assert [s.name for s in await client.workspace_symbol_async(L.WorkspaceSymbolParams(query="LOOKOUT"))] \
        == ["card:fan/lookout"]  # by id or name, whatever the case
    assert await client.workspace_symbol_async(L.WorkspaceSymbolParams(query="no-such-record-anywhere")) == []


async def test_an_unused_suppression_gets_a_fix_all_action_and_only_filters_the_actions(client: LanguageClient,
                                                                                         project):
    cards = project / "content" / "cards.yaml"
    text = cards.read_text()
    noted = text.replace("'-> 1 wood'\n", "'-> 1 wood'  # paleo: ignore[E302]\n") if "'-> 1 wood'" in text else \
        text.replace("      - 'require venerate place forest -> 1 wood'\n",
                     "      - 'require venerate place forest -> 1 wood'  # paleo: ignore[E302]\n")
    assert noted != text
    got = await _edit(client, cards, noted)
    assert [d.code for d in got] == ["C004"]
    everything = await client.text_document_code_action_async(L.CodeActionParams(
        text_document=_doc(cards), range=got[0].range, context=L.CodeActionContext(diagnostics=got)))
    kinds = sorted(L.CodeActionKind(a.kind).value for a in everything)
    assert kinds == ["quickfix", "source.fixAll"]
    only = await client.text_document_code_action_async(L.CodeActionParams(
        text_document=_doc(cards), range=got[0].range,
        context=L.CodeActionContext(diagnostics=got, only=[L.CodeActionKind.SourceFixAll])))
    (fix_all,) = only
    assert fix_all.kind == L.CodeActionKind.SourceFixAll and "(1)" in fix_all.title
    (edit,) = fix_all.edit.changes[uri(cards)]
    assert edit.new_text == text  # the suppression gone, nothing else touched
    # a range away from the diagnostic gets the fix-all action only
    away = await client.text_document_code_action_async(L.CodeActionParams(
        text_document=_doc(cards), range=L.Range(start=L.Position(line=0, character=0),
                                                 end=L.Position(line=0, character=1)),
        context=L.CodeActionContext(diagnostics=[])))
    assert [a.kind for a in away] == [L.CodeActionKind.SourceFixAll]
    assert await _edit(client, cards, text) == []


async def test_a_file_that_does_not_parse_is_not_formatted(client: LanguageClient, project):
    more = project / "content" / "more.yaml"
    text = more.read_text()
    broken = text.replace("    name: Scout\n", "    name: [Scout\n")
    got = await _edit(client, more, broken)
    assert got and got[0].code.startswith("Y")
    edits = await client.text_document_formatting_async(L.DocumentFormattingParams(
        text_document=_doc(more), options=L.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert not edits
    assert await _edit(client, more, text) == []


async def test_a_card_file_that_comes_and_goes_is_followed(client: LanguageClient, project):
    cards = project / "content" / "cards.yaml"
    text = cards.read_text()
    wants = text.replace("'require have card \"Scout\" -> 2 food'", "'require have card \"Tracker\" -> 2 food'")
    assert [d.code for d in await _edit(client, cards, wants)] == ["G401"]
    extra = project / "content" / "extra.yaml"
    try:
        extra.write_text(TRACKER, encoding="utf-8")
        client.workspace_did_change_watched_files(L.DidChangeWatchedFilesParams(changes=[
            L.FileEvent(uri=uri(extra), type=L.FileChangeType.Created)]))
        assert await _edit(client, cards, wants + "# again\n") == []
    finally:
        extra.unlink()
    client.workspace_did_change_watched_files(L.DidChangeWatchedFilesParams(changes=[
        L.FileEvent(uri=uri(extra), type=L.FileChangeType.Deleted)]))
    assert [d.code for d in await _edit(client, cards, wants)] == ["G401"]
    assert await _edit(client, cards, text) == []


async def test_saving_the_settings_reads_them_again(client: LanguageClient, project):
    cards = project / "content" / "cards.yaml"
    text = cards.read_text()
    bad = text.replace("venerate place forest", "venerate plaec forest")
    assert [d.code for d in await _edit(client, cards, bad)] == ["E302"]
    pyproject = project / "pyproject.toml"
    before = pyproject.read_text()
    try:
        pyproject.write_text(before.replace('select = ["ALL"]', 'select = ["ALL"]\nignore = ["E302"]'))
        client.text_document_did_save(L.DidSaveTextDocumentParams(text_document=_doc(pyproject)))
        assert await _edit(client, cards, bad + "# again\n") == []
    finally:
        pyproject.write_text(before)
        client.text_document_did_save(L.DidSaveTextDocumentParams(text_document=_doc(pyproject)))
    assert [d.code for d in await _edit(client, cards, bad)] == ["E302"]
    assert await _edit(client, cards, text) == []
