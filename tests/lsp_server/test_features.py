"""End-to-end: `paleo lsp` over stdio, driven by pytest-lsp on a small fan project over the bundled games.

Every test speaks the protocol only; nothing reaches into the server.
"""

from __future__ import annotations

import pytest
import pytest_asyncio
import pytest_lsp
from lsprotocol import types as L
from pytest_lsp import LanguageClient

from .conftest import change_doc, diagnostics, open_doc, server_config, start, uri
from .fixture import write_project

pytestmark = [pytest.mark.lsp_server, pytest.mark.asyncio(loop_scope="module")]


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return write_project(tmp_path_factory.mktemp("fan"))


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("cache")


def _config():
    import tempfile
    from pathlib import Path

    return server_config(Path(tempfile.mkdtemp(prefix="paleo-lsp-cache-")))


@pytest_lsp.fixture(config=_config(), scope="module")
async def client(lsp_client: LanguageClient, project):
    await start(lsp_client, project)
    yield
    await lsp_client.shutdown_session()


VERSION = [100]


@pytest_asyncio.fixture(autouse=True, loop_scope="module")
async def _reset(client: LanguageClient, project):
    """Every test starts from the files as written, both open, and leaves them so."""
    async def reset():
        for name in ("cards.yaml", "more.yaml"):
            path = project / "content" / name
            VERSION[0] += 1
            if uri(path) in client.published:
                change_doc(client, uri(path), path.read_text(), VERSION[0])
            else:
                open_doc(client, path, version=VERSION[0])
        await diagnostics(client, uri(project / "content" / "more.yaml"), VERSION[0])

    await reset()
    yield
    await reset()


def _pos(text: str, needle: str, delta: int = 0) -> L.Position:
    i = text.index(needle) + delta
    line = text.count("\n", 0, i)
    return L.Position(line=line, character=i - (text.rfind("\n", 0, i) + 1))


async def test_a_misspelt_symbol_is_reported_at_its_range(client: LanguageClient, project):
    path = project / "content" / "cards.yaml"
    text = path.read_text()
    u = open_doc(client, path)
    assert await diagnostics(client, u, 1) == []
    bad = text.replace("venerate place forest", "venerate plaec forest")
    change_doc(client, u, bad, 2)
    got = await diagnostics(client, u, 2)
    assert [(d.code, d.severity) for d in got] == [("E302", L.DiagnosticSeverity.Error)]
    start = _pos(bad, "venerate plaec")
    assert got[0].range == L.Range(start=start, end=L.Position(line=start.line, character=start.character + 21))
    assert "venerate plaec forest" in got[0].message
    # a code action: lint --fix's fix for it (unsafe: the one did-you-mean)
    actions = await client.text_document_code_action_async(L.CodeActionParams(
        text_document=L.TextDocumentIdentifier(uri=u), range=got[0].range,
        context=L.CodeActionContext(diagnostics=got)))
    quick = [a for a in actions if a.kind == L.CodeActionKind.QuickFix]
    assert len(quick) == 1 and "venerate place" in quick[0].title
    (edit,) = quick[0].edit.changes[u]
    assert edit.range == got[0].range and edit.new_text == "venerate place"
    change_doc(client, u, text, 3)
    assert await diagnostics(client, u, 3) == []


async def test_completion_after_require_offers_requirement_symbols_only(client: LanguageClient, project):
    path = project / "content" / "cards.yaml"
    text = path.read_text()
    u = uri(path)
    typed = text.replace(
        "      - 'require have card \"Scout\" -> 2 food'\n", "      - 'require have card \"Scout\" -> 2 food'\n      - 'require \n")
    change_doc(client, u, typed, 10)
    pos = _pos(typed, "'require \n", len("'require "))
    got = await client.text_document_completion_async(L.CompletionParams(
        text_document=L.TextDocumentIdentifier(uri=u), position=pos))
    labels = {i.label for i in got.items}
    assert {"venerate place", "have", "strength"} <= labels
    # every item is a requirement symbol, none of the others (the bundled registry says which is which)
    from compiler.effects import default_registry

    reg = default_registry()
    assert all("requirement" in reg.lookup(label).positions for label in labels)
    assert not labels & {"heal", "receive any tool", "harvest", "animal action"}
    assert all(i.kind == L.CompletionItemKind.Function for i in got.items)
    # in a parameter: the altar values; after `secret `: the secrets that exist
    typed2 = typed.replace("'require \n", "'require venerate place \n")
    change_doc(client, u, typed2, 11)
    got = await client.text_document_completion_async(L.CompletionParams(
        text_document=L.TextDocumentIdentifier(uri=u), position=_pos(typed2, "venerate place \n", 15)))
    assert {i.label for i in got.items} >= {"forest", "river", "mountain"}
    typed3 = typed.replace("'require \n", "'-> may reveal secret \n")
    change_doc(client, u, typed3, 12)
    got = await client.text_document_completion_async(L.CompletionParams(
        text_document=L.TextDocumentIdentifier(uri=u), position=_pos(typed3, "secret \n", 7)))
    assert "23" in {i.label for i in got.items}
    # only the symbols of the card's game: PaleoVet's treatments are never offered on a Paleo card
    typed4 = typed.replace("'require \n", "'-> \n")
    change_doc(client, u, typed4, 14)
    got = await client.text_document_completion_async(L.CompletionParams(
        text_document=L.TextDocumentIdentifier(uri=u), position=_pos(typed4, "'-> \n", 4)))
    labels = {i.label for i in got.items}
    assert "food" in labels and not labels & {"antibiotic", "antiviral", "surgery"}, labels
    change_doc(client, u, text, 15)
    assert await diagnostics(client, u, 15) == []


async def test_completion_of_record_ids(client: LanguageClient, project):
    path = project / "content" / "more.yaml"
    text = path.read_text()
    u = open_doc(client, path, version=1)
    typed = text.replace("    product: product:paleo\n", "    product: product:\n")
    change_doc(client, u, typed, 2)
    got = await client.text_document_completion_async(L.CompletionParams(
        text_document=L.TextDocumentIdentifier(uri=u), position=_pos(typed, "product: product:\n", len("product: product:"))))
    labels = {i.label for i in got.items}
    assert "product:paleo" in labels and all(x.startswith("product:") for x in labels)
    # a flow list of `requires`: boards, products and modules, from the item being written
    typed = text.replace("    kind: base\n", "    kind: base\n    requires: [board:x, module:pa\n")
    change_doc(client, u, typed, 4)
    got = await client.text_document_completion_async(L.CompletionParams(
        text_document=L.TextDocumentIdentifier(uri=u), position=_pos(typed, "module:pa\n", len("module:pa"))))
    assert got.items and all(i.label.startswith("module:pa") for i in got.items)
    assert got.items[0].text_edit.range.start == _pos(typed, "module:pa\n")
    change_doc(client, u, text, 5)
    await diagnostics(client, u, 5)


async def test_hover_on_a_symbol_and_on_a_reference(client: LanguageClient, project):
    path = project / "content" / "cards.yaml"
    text = path.read_text()
    u = uri(path)
    h = await client.text_document_hover_async(L.HoverParams(
        text_document=L.TextDocumentIdentifier(uri=u), position=_pos(text, "venerate place", 3)))
    assert "venerate place" in h.contents.value and "requirement" in h.contents.value
    assert "altar" in h.contents.value and "Path of the Elders" in h.contents.value
    h = await client.text_document_hover_async(L.HoverParams(
        text_document=L.TextDocumentIdentifier(uri=u), position=_pos(text, 'card "Scout"', 7)))
    assert "Scout" in h.contents.value and "card:fan/scout" in h.contents.value and "partial" in h.contents.value


async def test_definition_from_secret_23_and_references(client: LanguageClient, project):
    path = project / "content" / "cards.yaml"
    text = path.read_text()
    u = uri(path)
    got = await client.text_document_definition_async(L.DefinitionParams(
        text_document=L.TextDocumentIdentifier(uri=u), position=_pos(text, "secret 23", 8)))
    assert got and any(loc.uri.endswith("a-new-beginning/secrets.yaml") for loc in got)
    target = next(loc for loc in got if loc.uri.endswith("secrets.yaml"))
    from pygls import uris

    line = open(uris.to_fs_path(target.uri), encoding="utf-8").read().split("\n")[target.range.start.line]
    assert "secret:23" in line
    refs = await client.text_document_references_async(L.ReferenceParams(
        text_document=L.TextDocumentIdentifier(uri=u), position=_pos(text, "secret 23", 8),
        context=L.ReferenceContext(include_declaration=False)))
    files = {r.uri.rsplit("/", 1)[-1] for r in refs}
    assert "cards.yaml" in files and "module-m.yaml" in files  # ours, and the bundled card's `secret 23`
    more = project / "content" / "more.yaml"
    refs = await client.text_document_references_async(L.ReferenceParams(
        text_document=L.TextDocumentIdentifier(uri=uri(more)), position=_pos(more.read_text(), "card:fan/scout", 6),
        context=L.ReferenceContext(include_declaration=True)))
    assert {r.uri.rsplit("/", 1)[-1] for r in refs} == {"cards.yaml", "more.yaml"}


async def test_rename_across_two_files(client: LanguageClient, project):
    more = project / "content" / "more.yaml"
    cards = project / "content" / "cards.yaml"
    text = more.read_text()
    prep = await client.text_document_prepare_rename_async(L.PrepareRenameParams(
        text_document=L.TextDocumentIdentifier(uri=uri(more)), position=_pos(text, "name: Scout", 7)))
    assert prep.placeholder == "Scout"
    edit = await client.text_document_rename_async(L.RenameParams(
        text_document=L.TextDocumentIdentifier(uri=uri(more)), position=_pos(text, "name: Scout", 7), new_name="Ranger"))
    assert set(edit.changes) == {uri(more), uri(cards)}
    assert [e.new_text for e in edit.changes[uri(cards)]] == ["Ranger"]
    ctext = cards.read_text()
    (e,) = edit.changes[uri(cards)]
    assert e.range.start == _pos(ctext, '"Scout"', 1)
    # the same rename asked at the reference
    again = await client.text_document_rename_async(L.RenameParams(
        text_document=L.TextDocumentIdentifier(uri=uri(cards)), position=_pos(ctext, 'card "Scout"', 8), new_name="Ranger"))
    assert again.changes == edit.changes
    # the other file's diagnostics follow a rename in this one alone
    change_doc(client, uri(more), text.replace("name: Scout", "name: Ranger"), 20)
    got = await diagnostics(client, uri(cards), client.published[uri(cards)][0])
    for _ in range(50):
        got = client.published[uri(cards)][1]
        if got:
            break
        await client.wait_for_notification(L.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    assert [d.code for d in got] == ["G401"]
    change_doc(client, uri(more), text, 21)
    await diagnostics(client, uri(more), 21)
    # ids too: a record's id, every field naming it, and the rule tests that name it (or a rule of it)
    tests = project / "tests" / "rules"
    tests.mkdir(parents=True, exist_ok=True)
    rule_test = tests / "fan-scout.json"
    rule_text = ('{"name": "fan-scout", "rules": ["card:fan/scout#night"],\n'
                 ' "given": {"hand": ["card:fan/scout", "card:fan/scouting"]}, "note": "card:fan/scout is named"}\n')
    rule_test.write_text(rule_text, encoding="utf-8")
    try:
        edit = await client.text_document_rename_async(L.RenameParams(
            text_document=L.TextDocumentIdentifier(uri=uri(more)), position=_pos(text, "card:fan/scout", 6),
            new_name="card:fan/ranger"))
    finally:
        rule_test.unlink()
    assert [e.new_text for e in edit.changes[uri(more)]] == ["card:fan/ranger"]
    got = edit.changes[uri(rule_test)]
    assert [e.new_text for e in got] == ["card:fan/ranger"] * 2  # the rule reference and the id; not a lookalike
    assert [(e.range.start.line, e.range.start.character) for e in got] == [
        (0, rule_text.index("card:fan/scout#")), (1, rule_text.split("\n")[1].index('"card:fan/scout"') + 1)]


async def test_formatting_uses_paleo_fmt(client: LanguageClient, project):
    from compiler.fmt import format_text

    path = project / "content" / "more.yaml"
    text = path.read_text()
    messy = text.replace("    summary: Another test card of the fixture project.\n", "").replace(
        "    name: Scout\n", "    summary: Another test card of the fixture project.\n    name: Scout\n")
    u = uri(path)
    change_doc(client, u, messy, 30)
    edits = await client.text_document_formatting_async(L.DocumentFormattingParams(
        text_document=L.TextDocumentIdentifier(uri=u), options=L.FormattingOptions(tab_size=2, insert_spaces=True)))
    assert len(edits) == 1
    expected, _ = format_text(messy, "content/more.yaml")
    assert edits[0].new_text == expected != messy
    change_doc(client, u, text, 31)
    await diagnostics(client, u, 31)


async def test_symbols_and_semantic_tokens(client: LanguageClient, project):
    path = project / "content" / "cards.yaml"
    u = uri(path)
    syms = await client.text_document_document_symbol_async(L.DocumentSymbolParams(text_document=L.TextDocumentIdentifier(uri=u)))
    assert [s.name for s in syms] == ["card:fan/lookout"]
    ws = await client.workspace_symbol_async(L.WorkspaceSymbolParams(query="scout"))
    assert "card:fan/scout" in {s.name for s in ws}
    toks = await client.text_document_semantic_tokens_full_async(L.SemanticTokensParams(text_document=L.TextDocumentIdentifier(uri=u)))
    data = toks.data
    assert data and len(data) % 5 == 0
    text = path.read_text()
    # decode: the first token on the `venerate place` line is the keyword `require`, then the symbol phrase
    rows, line, col = [], 0, 0
    for i in range(0, len(data), 5):
        dl, dc, n, kind, _ = data[i:i + 5]
        line += dl
        col = dc if dl else col + dc
        rows.append((text.split("\n")[line][col:col + n], kind))
    assert ("require", 3) in rows and ("venerate place", 0) in rows and ("secret 23", 2) not in rows
    assert ("secret", 2) in rows and ("23", 1) in rows and ('"Scout"', 2) in rows


async def test_settings_are_read_again_when_pyproject_changes(client: LanguageClient, project):
    path = project / "content" / "cards.yaml"
    u = uri(path)
    bad = path.read_text().replace("venerate place forest", "venerate plaec forest")
    change_doc(client, u, bad, 40)
    assert [d.code for d in await diagnostics(client, u, 40)] == ["E302"]
    pyproject = project / "pyproject.toml"
    before = pyproject.read_text()
    try:
        pyproject.write_text(before.replace('select = ["ALL"]', 'select = ["ALL"]\nignore = ["E302"]'))
        client.workspace_did_change_watched_files(L.DidChangeWatchedFilesParams(changes=[
            L.FileEvent(uri=uri(pyproject), type=L.FileChangeType.Changed)]))
        change_doc(client, u, bad + "# again\n", 41)
        assert await diagnostics(client, u, 41) == []
    finally:
        pyproject.write_text(before)
        client.workspace_did_change_watched_files(L.DidChangeWatchedFilesParams(changes=[
            L.FileEvent(uri=uri(pyproject), type=L.FileChangeType.Changed)]))
    change_doc(client, u, bad, 42)
    assert [d.code for d in await diagnostics(client, u, 42)] == ["E302"]


async def test_completion_of_source_headings(client: LanguageClient, project):
    path = project / "content" / "more.yaml"
    text = path.read_text()
    u = uri(path)
    typed = text.replace('      section: ["The Game Turn: Surviving Day and Night"]\n', '      section: ["The Game\n')
    change_doc(client, u, typed, 50)
    got = await client.text_document_completion_async(L.CompletionParams(
        text_document=L.TextDocumentIdentifier(uri=u), position=_pos(typed, '["The Game\n', len('["The Game'))))
    labels = {i.label for i in got.items}
    assert "The Game Turn: Surviving Day and Night" in labels  # cited by the bundled games for this rulebook
    assert all(x.startswith("The Game") for x in labels)
