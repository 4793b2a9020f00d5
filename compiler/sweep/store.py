"""A sweep's results file: JSON lines, a header then one line per finished seed block, each appended whole.

Every line records the bundle hash, the engine version, the packs and the policy it was played
under. A line is appended with one `write` on an append-only descriptor and synced, so a kill
leaves at most a torn last line; resuming drops that line (rewriting the file atomically) and
refuses a file written under another bundle, engine, pack set or policy.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..safeio import atomic_write, escape, read_regular

FORMAT = "paleo-sweep/1"
MAX_RESULTS_BYTES = 1 << 31


class StoreError(ValueError):
    """A results file that cannot be continued: unreadable, damaged, or from another bundle, engine, packs or policy."""


def read(path: Path) -> tuple[dict | None, list[dict], bool]:
    """(header, block lines, whether a torn last line was found) of a results file; refuses damage."""
    try:
        data = read_regular(path, MAX_RESULTS_BYTES)
    except OSError as exc:
        raise StoreError(f"{escape(path)}: cannot read the results: {escape(exc)}") from None
    torn = bool(data) and not data.endswith(b"\n")
    lines = data.split(b"\n")
    if torn:
        lines = lines[:-1]
    header, blocks = None, []
    for n, raw in enumerate(lines, 1):
        if not raw.strip():
            continue
        try:
            rec = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise StoreError(f"{escape(path)}:{n}: not a result record (the file is damaged; start a new one "
                             "with another --out)") from None
        if not isinstance(rec, dict) or rec.get("kind") not in ("sweep", "block"):
            raise StoreError(f"{escape(path)}:{n}: not a result record of a sweep")
        if rec["kind"] == "sweep":
            if header is not None or blocks:
                raise StoreError(f"{escape(path)}:{n}: a second sweep header; one file holds one sweep")
            if rec.get("format") != FORMAT:
                raise StoreError(f"{escape(path)}:{n}: results format `{escape(rec.get('format'), 40)}` is not "
                                 f"`{FORMAT}`")
            header = rec
        else:
            if not isinstance(rec.get("key"), str) or not isinstance(rec.get("results"), list):
                raise StoreError(f"{escape(path)}:{n}: a block line without its key or results")
            blocks.append(rec)
    if (blocks or lines and any(x.strip() for x in lines)) and header is None:
        raise StoreError(f"{escape(path)}: no sweep header on the first line")
    return header, blocks, torn


IDENTITY = ("bundle", "engine", "packs")


def check_identity(path: Path, header: dict, blocks: list[dict], ident: dict, policies: dict) -> None:
    """Refuse results recorded under another bundle, engine version, pack set or policy version."""
    for i, rec in enumerate([header, *blocks]):
        where = "the header" if i == 0 else f"block {escape(rec.get('key'), 24)}"
        for k in IDENTITY:
            if rec.get(k) != ident[k]:
                raise StoreError(
                    f"{escape(path)}: {where} was played under another {k} ({escape(_show(rec.get(k)), 90)}; "
                    f"now {escape(_show(ident[k]), 90)}); results of another {k} are never mixed: "
                    "sweep into another --out")
        if i == 0:
            continue
        pol = rec.get("policy") or {}
        now = policies.get(pol.get("name"))
        if now is not None and now.get("digest") != pol.get("digest"):
            raise StoreError(f"{escape(path)}: block {escape(rec.get('key'), 24)} was played by another version of "
                             f"policy `{escape(pol.get('name'), 60)}` (digest {escape(pol.get('digest'), 20)}; now "
                             f"{escape(now.get('digest'), 20)}): sweep into another --out")


def _show(v) -> str:
    return ", ".join(v) if isinstance(v, list) else str(v)


def start(path: Path, header: dict) -> None:
    """A new results file holding only its header (written atomically)."""
    atomic_write(path, json.dumps(header, sort_keys=True, ensure_ascii=False) + "\n")


def repair(path: Path, header: dict, blocks: list[dict]) -> None:
    """Rewrite the file without a torn last line, atomically."""
    text = "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in [header, *blocks])
    atomic_write(path, text)


class Appender:
    """Appends one whole line per write to an open results file, synced before the next block is counted done."""

    def __init__(self, path: Path):
        if path.is_symlink():
            raise StoreError(f"{escape(path)}: results are never written through a symbolic link")
        self.fd = os.open(path, os.O_WRONLY | os.O_APPEND)

    def append(self, rec: dict) -> None:
        data = (json.dumps(rec, sort_keys=True, ensure_ascii=False) + "\n").encode("utf-8", "surrogatepass")
        view = memoryview(data)
        while view:  # one write for a regular file; the loop only guards a short write
            n = os.write(self.fd, view)
            view = view[n:]
        os.fsync(self.fd)

    def close(self) -> None:
        os.close(self.fd)


def load(path: Path) -> tuple[dict, list[dict]]:
    """Header and block lines of a results file, the blocks in a fixed order (setup, players, policy, seeds)."""
    header, blocks, _ = read(path)
    if header is None:
        raise StoreError(f"{escape(path)}: an empty results file")
    blocks.sort(key=lambda r: (r["setup"]["label"], r["players"], r["policy"]["name"], r["seeds"][0]))
    return header, blocks
