"""Docs that cannot rot: every fenced `sh` (or `bash`), `python` and `yaml` block of README.md and
site/*.md runs, in order, in a scratch copy of this checkout with `paleo` on the PATH:

- `sh` / `bash`: the block runs with `bash -euo pipefail` and must exit 0;
- `python`: the block runs with this interpreter and must exit 0;
- `yaml`: the block must be valid YAML; a card file (a top-level content section such as `cards:`)
  must lint without errors beside the bundled content (a duplicate id, M008, is allowed: the guides
  quote bundled records), and a bare `options:` list is linted as the options of a card.

A block that cannot run says why on the line above it: `<!-- not runnable: REASON -->`. The test
prints how many blocks ran and how many were not runnable.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml

from .support import REPO, snapshot_repo

LANGS = {"sh": "sh", "bash": "sh", "shell": "sh", "console": "sh", "python": "python", "py": "python",
         "yaml": "yaml", "yml": "yaml"}
TAG = re.compile(r"^\s*<!--\s*not runnable:\s*(.*?)\s*-->\s*$")
FENCE = re.compile(r"^(\s*)(`{3,}|~{3,})\s*([A-Za-z0-9_+-]*)[^\n]*$")
DOCS = ["README.md", *sorted(p.relative_to(REPO).as_posix() for p in (REPO / "site").glob("*.md"))]


@dataclass
class Block:
    doc: str
    line: int
    lang: str
    text: str
    skip: str | None  # the reason it is not runnable


def blocks(doc: str) -> list[Block]:
    lines = (REPO / doc).read_text(encoding="utf-8").splitlines()
    out: list[Block] = []
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, lang = m.group(1), m.group(2), m.group(3).lower()
        body = []
        j = i + 1
        while j < len(lines) and not lines[j].strip().startswith(fence):
            body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j])
            j += 1
        if lang in LANGS:
            prev = lines[i - 1] if i else ""
            tag = TAG.match(prev)
            out.append(Block(doc, i + 1, LANGS[lang], "\n".join(body) + "\n", tag.group(1) if tag else None))
        i = j + 1
    return out


def test_every_doc_has_been_read():
    assert "README.md" in DOCS and "site/runtime.md" in DOCS and "site/getting-started.md" in DOCS
    assert sum(len(blocks(d)) for d in DOCS) > 10


@pytest.mark.parametrize("doc", DOCS)
def test_not_runnable_tags_give_a_reason(doc):
    for b in blocks(doc):
        if b.skip is not None:
            assert len(b.skip) >= 10, f"{doc}:{b.line}: say why the block cannot run"
    text = (REPO / doc).read_text(encoding="utf-8").splitlines()
    for n, line in enumerate(text):
        if TAG.match(line):
            nxt = text[n + 1] if n + 1 < len(text) else ""
            m = FENCE.match(nxt)
            assert m and m.group(3).lower() in LANGS, f"{doc}:{n + 1}: a not-runnable tag must sit right above a sh, python or yaml block"


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    """A scratch copy of the checkout (tracked files as on disk) with `paleo` and `python` on the PATH."""
    base = tmp_path_factory.mktemp("docs-blocks")
    root = base / "checkout"
    snapshot_repo(root)
    # the snapshot carries node_modules/mermaid/dist/mermaid.min.js (vendored by `npm ci`), all `paleo docs` reads
    bin_dir = base / "bin"
    bin_dir.mkdir()
    for name, body in (("paleo", f'exec "{sys.executable}" -m compiler "$@"'), ("python", f'exec "{sys.executable}" "$@"'),
                       ("python3", f'exec "{sys.executable}" "$@"')):
        (bin_dir / name).write_text(f"#!/bin/sh\n{body}\n")
        (bin_dir / name).chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k not in ("GITHUB_ACTIONS", "FORCE_COLOR")}
    env["PATH"] = f"{bin_dir}{os.pathsep}{env['PATH']}"
    env["PYTHONPATH"] = str(root)
    env["PIP_REQUIRE_VIRTUALENV"] = "1"  # a block that would install into this environment fails instead
    env["PIP_NO_INDEX"] = "1"
    return root, env


def _fresh(workspace, doc: str) -> tuple[Path, dict]:
    """Each document starts from the clean checkout; its blocks then run in order and share state."""
    root, env = workspace
    here = root.parent / ("run-" + re.sub(r"[^A-Za-z0-9]+", "-", doc))
    if here.exists():
        shutil.rmtree(here)
    shutil.copytree(root, here, symlinks=True, ignore=shutil.ignore_patterns(".git"))
    return here, {**env, "PYTHONPATH": str(here)}


FAN_PRODUCT = """products:
  - id: product:docs-example
    name: Docs Example
    game: game:paleo
    kind: expansion
    completeness: partial
    source: {rulebook: 002_56cce9db253ede81.txt, section: [Game Objective]}
"""


def _card_with(options: list) -> str:
    return FAN_PRODUCT + yaml.safe_dump({"cards": [{
        "id": "card:docs-example/options", "name": "Docs Example", "game": "game:paleo",
        "product": "product:docs-example", "kind": "base", "back": "forest", "options": options,
        "completeness": "partial",
        "source": {"rulebook": "002_56cce9db253ede81.txt", "section": ["Game Objective"]}}]}, sort_keys=False)


def _run_yaml(b: Block, here: Path, env: dict, n: int) -> str | None:
    """Returns a failure message, or None."""
    from compiler.models import SECTIONS

    try:
        data = yaml.safe_load(b.text)
    except yaml.YAMLError as exc:
        return f"not valid YAML: {exc}"
    target = here / "docs-blocks" / f"block-{n}.yaml"
    target.parent.mkdir(exist_ok=True)
    if isinstance(data, dict) and set(data) == {"options"}:
        target.write_text(_card_with(data["options"]), encoding="utf-8")
    elif isinstance(data, dict) and set(data) & {*SECTIONS, "pack"}:
        target.write_text(b.text, encoding="utf-8")
    else:
        return None  # valid YAML that is not card content (a pre-commit configuration, a fragment)
    r = subprocess.run(["paleo", "lint", "--format", "concise", "--ignore", "M008", str(target.relative_to(here))], cwd=here, env=env,
                       capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        return f"paleo lint exit {r.returncode}:\n{r.stdout}{r.stderr}"
    return None


def _run(b: Block, here: Path, env: dict, n: int) -> str | None:
    if b.lang == "yaml":
        return _run_yaml(b, here, env, n)
    cmd = ["bash", "-euo", "pipefail", "-c", b.text] if b.lang == "sh" else [sys.executable, "-c", b.text]
    r = subprocess.run(cmd, cwd=here, env=env, capture_output=True, text=True, timeout=900)
    if r.returncode != 0:
        return f"exit {r.returncode}:\n{r.stdout[-3000:]}{r.stderr[-3000:]}"
    return None


@pytest.mark.parametrize("doc", DOCS)
def test_every_block_runs(doc, workspace, capsys):
    found = blocks(doc)
    runnable = [b for b in found if b.skip is None]
    here, env = _fresh(workspace, doc)
    failures = []
    for n, b in enumerate(runnable):
        problem = _run(b, here, env, n)
        if problem:
            failures.append(f"{doc}:{b.line} ({b.lang}): {problem}")
    with capsys.disabled():
        print(f"\n{doc}: {len(runnable)} blocks ran, {len(found) - len(runnable)} not runnable")
    assert not failures, "\n\n".join(failures)


@pytest.mark.parametrize("lang, text, expect", [
    ("sh", "paleo explain M005 >/dev/null\n", None),
    ("sh", "paleo lint no/such/file.yaml\n", "exit 2"),
    ("python", "import compiler\nassert compiler.__version__\n", None),
    ("python", "raise SystemExit(3)\n", "exit 3"),
    ("yaml", "repos: [\n", "not valid YAML"),
    ("yaml", "options:\n  - require venerate place forest -> 1 wood\n", None),
    ("yaml", "options:\n  - venerate place forest -> gain 1 wood\n", "paleo lint exit 1"),
    ("yaml", "cards:\n  - id: card:x/y\n    name: Y\n    back: forrest\n", "paleo lint exit 1"),
])
def test_a_broken_block_fails_and_a_good_one_passes(workspace, lang, text, expect):
    here, env = _fresh(workspace, f"probe-{lang}")
    problem = _run(Block("probe.md", 1, lang, text, None), here, env, 0)
    if expect is None:
        assert problem is None, problem
    else:
        assert problem is not None and expect in problem, problem


def test_tags_are_read_from_the_line_above_the_fence(tmp_path, monkeypatch):
    doc = tmp_path / "probe.md"
    doc.write_text("# x\n\n<!-- not runnable: starts a server forever -->\n```sh\nsleep 1000\n```\n\n```python\nprint(1)\n```\n"
                   "\n```text\nnot code\n```\n", encoding="utf-8")
    monkeypatch.setattr(sys.modules[__name__], "REPO", tmp_path)
    found = blocks("probe.md")
    assert [(b.lang, b.skip) for b in found] == [("sh", "starts a server forever"), ("python", None)]
