"""Drive `paleo lsp` over stdio with pytest-lsp: a client that records each publication's version."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from lsprotocol import types as L
from pygls import uris
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

REPO = Path(__file__).resolve().parents[2]
TIMEOUT = 60.0


def make_client() -> LanguageClient:
    """pytest-lsp's client, keeping (version, diagnostics) of the last publication per document."""
    from pytest_lsp.client import default_converter

    client = LanguageClient(converter_factory=default_converter)
    client.published = {}

    def publish(c: LanguageClient, params: L.PublishDiagnosticsParams):
        c.diagnostics[params.uri] = params.diagnostics
        c.published[params.uri] = (params.version, list(params.diagnostics))

    features = dict(DEFAULT_CLIENT_FEATURES)
    features[L.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS] = publish
    register_lsp_features(client, features)
    return client


def server_config(cache: Path) -> ClientServerConfig:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env["PALEO_CACHE_DIR"] = str(cache)
    return ClientServerConfig(server_command=[sys.executable, "-m", "compiler", "lsp"], client_factory=make_client,
                              server_env=env)


async def start(client: LanguageClient, root: Path) -> None:
    await client.initialize_session(L.InitializeParams(
        capabilities=L.ClientCapabilities(), root_uri=uris.from_fs_path(str(root)),
        workspace_folders=[L.WorkspaceFolder(uri=uris.from_fs_path(str(root)), name="project")]))


def uri(path: Path) -> str:
    return uris.from_fs_path(str(path))


def open_doc(client: LanguageClient, path: Path, text: str | None = None, version: int = 1) -> str:
    u = uri(path)
    client.text_document_did_open(L.DidOpenTextDocumentParams(text_document=L.TextDocumentItem(
        uri=u, language_id="yaml", version=version, text=path.read_text(encoding="utf-8") if text is None else text)))
    return u


def change_doc(client: LanguageClient, u: str, text: str, version: int) -> None:
    client.text_document_did_change(L.DidChangeTextDocumentParams(
        text_document=L.VersionedTextDocumentIdentifier(uri=u, version=version),
        content_changes=[L.TextDocumentContentChangeWholeDocument(text=text)]))


async def diagnostics(client: LanguageClient, u: str, version: int) -> list[L.Diagnostic]:
    """The diagnostics the server publishes for version `version` of the document."""
    async def wait():
        while client.published.get(u, (None,))[0] != version:
            await client.wait_for_notification(L.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        return list(client.published[u][1])

    return await asyncio.wait_for(wait(), TIMEOUT)
