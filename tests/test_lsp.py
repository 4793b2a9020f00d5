"""The committed schema works in editors: the real yaml-language-server flags a deliberate error at its line.

The server is installed by `npm ci` from the committed package.json and package-lock.json.
Under CI=true a missing server is a failure; elsewhere the test skips without node_modules.
"""

from __future__ import annotations

import json
import os
import queue
import shutil
import subprocess
import threading
import time
from pathlib import Path

import pytest

from compiler.schema import MODELINE_PREFIX

pytestmark = pytest.mark.lsp

ROOT = Path(__file__).resolve().parent.parent
SERVER = ROOT / "node_modules" / "yaml-language-server" / "bin" / "yaml-language-server"
TIMEOUT = 90.0


def _server_command() -> list[str]:
    node = shutil.which("node")
    if node is None or not SERVER.exists():
        why = "yaml-language-server is not installed (run `npm ci` at the repository root)"
        if os.environ.get("CI") == "true":
            pytest.fail(why)
        pytest.skip(why)
    return [node, str(SERVER), "--stdio"]


class LspClient:
    """A minimal LSP client over stdio: Content-Length framing, requests, notifications."""

    def __init__(self, cmd: list[str], cwd: Path):
        self.proc = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.messages: "queue.Queue[dict]" = queue.Queue()
        self.next_id = 0
        self.settings: dict = {}
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain_stderr, daemon=True).start()

    def _drain_stderr(self) -> None:
        for _ in iter(self.proc.stderr.readline, b""):
            pass

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            headers = {}
            while True:
                line = out.readline()
                if not line:
                    return
                line = line.strip()
                if not line:
                    break
                k, _, v = line.decode("ascii").partition(":")
                headers[k.strip().lower()] = v.strip()
            body = out.read(int(headers["content-length"]))
            msg = json.loads(body)
            if "id" in msg and "method" in msg:
                self._answer(msg)
            else:
                self.messages.put(msg)

    def _answer(self, msg: dict) -> None:
        method = msg["method"]
        if method == "workspace/configuration":
            result = [self.settings.get(item.get("section", ""), None) for item in msg["params"]["items"]]
        else:  # client/registerCapability, window/workDoneProgress/create, ...
            result = None
        self._send({"jsonrpc": "2.0", "id": msg["id"], "result": result})

    def _send(self, msg: dict) -> None:
        body = json.dumps(msg).encode("utf-8")
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method: str, params: dict) -> dict:
        self.next_id += 1
        rid = self.next_id
        self._send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == rid)

    def notify(self, method: str, params: dict) -> None:
        self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def wait(self, pred, timeout: float = TIMEOUT) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("no matching message from the language server")
            try:
                msg = self.messages.get(timeout=left)
            except queue.Empty:
                continue
            if pred(msg):
                return msg

    def close(self) -> None:
        try:
            self.request("shutdown", None) if self.proc.poll() is None else None
            self.notify("exit", None)
        except (OSError, TimeoutError, ValueError):
            pass
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=5)


BAD_CARD = """{modeline}
cards:
  - id: card:anb/reeds
    source:
      rulebook: 000_97f291d3c44cb3f7.txt
      section: [Secrets]
    completeness: partial
    name: Reeds
    game: game:paleo
    product: product:anb
    kind: secret
    copies: many
"""
BAD_LINE = 12  # 1-based: `copies: many`, a string where the schema wants an integer


def _diagnostics_for(client: LspClient, uri: str) -> list[dict]:
    """Wait for a non-empty publishDiagnostics for `uri` (the first one may be empty)."""
    while True:
        msg = client.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                          and m["params"]["uri"] == uri)
        if msg["params"]["diagnostics"]:
            return msg["params"]["diagnostics"]


def test_language_server_flags_schema_error_at_the_right_line(tmp_path):
    cmd = _server_command()
    content = tmp_path / "content"
    (content / "paleo").mkdir(parents=True)
    shutil.copy(ROOT / "content" / "schema.json", content / "schema.json")
    doc = content / "paleo" / "bad.yaml"
    text = BAD_CARD.format(modeline=MODELINE_PREFIX + "../schema.json")
    doc.write_text(text, encoding="utf-8")
    uri = doc.as_uri()

    client = LspClient(cmd, tmp_path)
    client.settings = {"yaml": {"validate": True, "hover": True, "completion": True,
                                "schemaStore": {"enable": False}, "schemas": {}}}
    try:
        init = client.request("initialize", {
            "processId": os.getpid(),
            "rootUri": tmp_path.as_uri(),
            "capabilities": {
                "workspace": {"configuration": True, "didChangeConfiguration": {"dynamicRegistration": True}},
                "textDocument": {"publishDiagnostics": {"relatedInformation": True},
                                 "synchronization": {"dynamicRegistration": True}},
            },
            "workspaceFolders": [{"uri": tmp_path.as_uri(), "name": "paleo"}],
        })
        assert "result" in init, init
        client.notify("initialized", {})
        client.notify("workspace/didChangeConfiguration", {"settings": client.settings})
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1, "text": text}})
        diags = _diagnostics_for(client, uri)
    finally:
        client.close()

    on_line = [d for d in diags if d["range"]["start"]["line"] == BAD_LINE - 1]
    assert on_line, f"no diagnostic on line {BAD_LINE}: {diags}"
    assert any("integer" in d["message"].lower() for d in on_line), on_line
    # nothing else in the file is wrong
    assert all(d["range"]["start"]["line"] == BAD_LINE - 1 for d in diags), diags
