"""The language server's figures (issue 18): change-to-diagnostics latency of `paleo lsp`, and first-open time.

`paleo lsp` runs as an editor runs it, over stdio, driven by a minimal JSON-RPC client here. First-open
time is from `didOpen` of one card file to its first published diagnostics (the server's first whole
check of the project); latency is from each `didChange` (an edit of one option string) to the
diagnostics published for that version, debounce included; beside it the server's CPU time per change
(from /proc), which a loaded machine does not inflate. On the bundled content (this checkout) and
on a 3,000-card project from benchmarks/corpus.py. Standalone: `python benchmarks/sections/lsp.py [--quick]`.
"""

from __future__ import annotations

import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import ENV, REPO, figure  # noqa: E402

NAME = "lsp"
DESCRIPTION = "paleo lsp: change-to-diagnostics latency (bundled content, 3,000 cards) and first-open time"
TIMEOUT = 120.0


class Client:
    """Just enough of an LSP client: framed JSON-RPC over the server's stdin and stdout."""

    def __init__(self, root: Path, env: dict):
        self.proc = subprocess.Popen([sys.executable, "-m", "compiler", "lsp"], cwd=root, env=env,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        self.inbox: queue.Queue = queue.Queue()
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.inbox.put(None)
                    return
                if line in (b"\r\n", b"\n"):
                    break
                if line.lower().startswith(b"content-length:"):
                    length = int(line.split(b":")[1])
            self.inbox.put((time.perf_counter(), json.loads(out.read(length))))

    def send(self, msg: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **msg}).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()

    def request(self, method: str, params) -> dict:
        self.next_id += 1
        rid = self.next_id
        self.send({"id": rid, "method": method, "params": params})
        return self.wait(lambda m: m.get("id") == rid and "method" not in m)[1]

    def wait(self, pred) -> tuple[float, dict]:
        end = time.monotonic() + TIMEOUT
        while True:
            got = self.inbox.get(timeout=max(0.1, end - time.monotonic()))
            if got is None:
                raise RuntimeError("paleo lsp exited")
            if pred(got[1]):
                return got
            if time.monotonic() > end:
                raise TimeoutError("no answer from paleo lsp")

    def published(self, uri: str, version: int) -> float:
        return self.wait(lambda m: m.get("method") == "textDocument/publishDiagnostics"
                         and m["params"]["uri"] == uri and m["params"].get("version") == version)[0]

    def close(self) -> None:
        try:
            self.request("shutdown", None)
            self.send({"method": "exit", "params": None})
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()
            self.proc.wait()


def cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process so far (Linux /proc; 0 elsewhere)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return 0.0


def measure(root: Path, rel: str, edits: int, env: dict) -> tuple[float, list[float], list[float]]:
    """(first-open seconds, change-to-diagnostics seconds of each edit, the server's CPU seconds for each)
    for one card file of a project."""
    path = root / rel
    uri = path.resolve().as_uri()
    text = path.read_text(encoding="utf-8")
    c = Client(root, env)
    try:
        c.request("initialize", {"processId": None, "rootUri": root.resolve().as_uri(), "capabilities": {}})
        c.send({"method": "initialized", "params": {}})
        t0 = time.perf_counter()
        c.send({"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "yaml", "version": 1, "text": text}}})
        first = c.published(uri, 1) - t0
        marker = "-> " if "-> " in text else "\n"
        lat, cpu = [], []
        for i in range(edits):
            # alternately a misspelt reward and the text as written: the diagnostics change each time
            new = text.replace(marker, marker + "1 fod, ", 1) if i % 2 == 0 else text
            c0 = cpu_seconds(c.proc.pid)
            t0 = time.perf_counter()
            c.send({"method": "textDocument/didChange", "params": {
                "textDocument": {"uri": uri, "version": i + 2}, "contentChanges": [{"text": new}]}})
            lat.append(c.published(uri, i + 2) - t0)
            cpu.append(cpu_seconds(c.proc.pid) - c0)
            time.sleep(0.05)
        return first, lat, cpu
    finally:
        c.close()


def run(quick: bool = False) -> list[dict]:
    from benchmarks.corpus import make_project

    edits = 6 if quick else 20
    figures: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="paleo-bench-lsp-") as tmp:
        tmp = Path(tmp)
        env = {**ENV, "PALEO_CACHE_DIR": str(tmp / "cache")}
        big = make_project(tmp / "p3000", 3000)
        cases = [("bundled content", REPO, "content/paleo/a-new-beginning/cards.yaml", 150),
                 ("3,000 cards", big, "content/synthetic/cards-00010.yaml", 400)]
        for label, root, rel, limit in cases:
            first, lat, cpu = measure(root, rel, edits, env)
            figures.append(figure(f"change → diagnostics, {label}", [x * 1000 for x in lat], unit="ms",
                                  target=f"<= {limit}"))
            # the server's own CPU time per change: what the latency would be on an idle machine, less the debounce
            figures.append(figure(f"server CPU per change, {label}", [x * 1000 for x in cpu], unit="ms"))
            figures.append(figure(f"first open → diagnostics, {label}", [first * 1000], unit="ms"))
    return figures


if __name__ == "__main__":
    for f in run(quick="--quick" in sys.argv):
        print(f"{f['figure']}: {f['value']:.0f} {f['unit']}" + (f" (target {f['target']}, met: {f['met']})" if f["target"] else "")
              + (f" [{f['spread']}]" if f["spread"] else ""))
