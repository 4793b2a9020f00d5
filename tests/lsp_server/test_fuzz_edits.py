"""A fuzz smoke of random edits: half-typed YAML and option strings never crash, hang or fail a request.

Random inserts and deletions (incremental changes, as editors send them) land on a card file while
completion, hover, definition, semantic tokens, formatting, code actions and symbols are asked at random
places; every request is answered in time, no handler fails (the server logs a failure as an error),
and once the text is restored the server reports the file clean again.
"""

from __future__ import annotations

import asyncio
import random
import time

import pytest
import pytest_lsp
from lsprotocol import types as L
from pytest_lsp import LanguageClient

from .conftest import diagnostics, open_doc, server_config, start, uri
from .fixture import write_project

pytestmark = [pytest.mark.lsp_server, pytest.mark.asyncio(loop_scope="module")]

SECONDS = 3.0
MIN_REQUESTS = 12  # on a loaded machine the seconds may hold fewer
PIECES = ["'", '"', ":", " ", "\n", "- ", "  ", "->", "require ", "cost ", "; ", ",", "(", ")", "secret ", "23",
          'card "', "venerate place ", "#", "{", "}", "[", "]", "&a", "*a", "!!str ", "\t", "é", "😀", "\\", "|", ">"]


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return write_project(tmp_path_factory.mktemp("fuzz"))


def _config():
    import tempfile
    from pathlib import Path

    return server_config(Path(tempfile.mkdtemp(prefix="paleo-lsp-fuzz-cache-")))


@pytest_lsp.fixture(config=_config(), scope="module")
async def client(lsp_client: LanguageClient, project):
    await start(lsp_client, project)
    yield
    await lsp_client.shutdown_session()


def _position(text: str, off: int) -> L.Position:
    line = text.count("\n", 0, off)
    col = text[text.rfind("\n", 0, off) + 1:off]
    return L.Position(line=line, character=len(col.encode("utf-16-le")) // 2)


async def test_random_edits_never_break_the_server(client: LanguageClient, project):
    path = project / "content" / "cards.yaml"
    original = path.read_text()
    u = open_doc(client, path)
    await diagnostics(client, u, 1)
    rng = random.Random(18)
    text = original
    version = 1
    doc = L.TextDocumentIdentifier(uri=u)
    requests = 0
    end = time.monotonic() + SECONDS
    while time.monotonic() < end or requests < MIN_REQUESTS:
        a = rng.randrange(len(text) + 1)
        if rng.random() < 0.3 and text:
            b = min(len(text), a + rng.randrange(1, 12))
            new = ""
        else:
            b = a
            new = "".join(rng.choice(PIECES) for _ in range(rng.randrange(1, 4)))
        version += 1
        client.text_document_did_change(L.DidChangeTextDocumentParams(
            text_document=L.VersionedTextDocumentIdentifier(uri=u, version=version),
            content_changes=[L.TextDocumentContentChangePartial(
                range=L.Range(start=_position(text, a), end=_position(text, b)), text=new)]))
        text = text[:a] + new + text[b:]
        pos = _position(text, rng.randrange(len(text) + 1))
        ask = rng.choice([
            lambda: client.text_document_completion_async(L.CompletionParams(text_document=doc, position=pos)),
            lambda: client.text_document_hover_async(L.HoverParams(text_document=doc, position=pos)),
            lambda: client.text_document_definition_async(L.DefinitionParams(text_document=doc, position=pos)),
            lambda: client.text_document_references_async(L.ReferenceParams(
                text_document=doc, position=pos, context=L.ReferenceContext(include_declaration=True))),
            lambda: client.text_document_prepare_rename_async(L.PrepareRenameParams(text_document=doc, position=pos)),
            lambda: client.text_document_semantic_tokens_full_async(L.SemanticTokensParams(text_document=doc)),
            lambda: client.text_document_formatting_async(L.DocumentFormattingParams(
                text_document=doc, options=L.FormattingOptions(tab_size=2, insert_spaces=True))),
            lambda: client.text_document_code_action_async(L.CodeActionParams(
                text_document=doc, range=L.Range(start=pos, end=pos), context=L.CodeActionContext(diagnostics=[]))),
            lambda: client.text_document_document_symbol_async(L.DocumentSymbolParams(text_document=doc)),
        ])
        await asyncio.wait_for(ask(), 20)
        requests += 1
    failures = [m.message for m in client.log_messages if m.type == L.MessageType.Error]
    assert failures == []
    # the text put back: the server still checks, and the file is clean again
    version += 1
    client.text_document_did_change(L.DidChangeTextDocumentParams(
        text_document=L.VersionedTextDocumentIdentifier(uri=u, version=version),
        content_changes=[L.TextDocumentContentChangeWholeDocument(text=original)]))
    assert await diagnostics(client, u, version) == []
    assert uri(path) in client.published
