"""Every registered diagnostic code has an explanation and a fixture that triggers it.

A fixture is a folder `tests/fixtures/codes/<CODE>/`. By default its YAML files are linted
in isolation (`paleo lint --isolated --content <folder> --format json`). An optional
`case.toml` adjusts the run:
  args = [...]            the CLI arguments ({dir} is the fixture folder, {repo} the checkout)
  cwd = "{dir}"           where to run (default: the checkout)
  content = "<path>"      lint another folder instead (relative to the fixture folder)
  unreadable = ["f"]      reading these files fails as the OS would refuse it (tests run as root)
  generate = {file, bytes} write a large file at test time instead of committing it
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from compiler.codes import all_codes

from foundation.helpers import run_cli

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures" / "codes"
CODES = [c.id for c in all_codes()]


def test_every_code_is_documented():
    for c in all_codes():
        assert c.name and c.name == c.name.lower() and " " not in c.name, c.id
        for part in (c.summary, c.what, c.why, c.example, c.fix):
            assert part.strip(), f"{c.id} lacks part of its explanation"
        assert not c.summary.endswith("."), f"{c.id}: messages are phrases without a final period"


def test_code_names_are_unique():
    names = [c.name for c in all_codes()]
    assert len(names) == len(set(names))


def test_every_fixture_names_a_registered_code():
    for d in FIXTURES.iterdir():
        assert d.name in CODES, f"fixture folder {d.name} names no registered code"


@pytest.mark.parametrize("code", CODES)
def test_code_has_a_fixture_that_triggers_it(code, tmp_path, monkeypatch):
    folder = FIXTURES / code
    assert folder.is_dir(), f"no fixture folder tests/fixtures/codes/{code}/"
    case = tomllib.loads((folder / "case.toml").read_text()) if (folder / "case.toml").exists() else {}
    work = tmp_path / code
    import shutil

    shutil.copytree(folder, work)
    content = (work / case["content"]).resolve() if "content" in case else work
    if "content" in case and not content.exists():
        content = (folder / case["content"]).resolve()
    if "generate" in case:
        g = case["generate"]
        line = b"- " + b"x" * 60 + b"\n"
        (work / g["file"]).write_bytes(b"cards:\n" + line * (g["bytes"] // len(line) + 1))
    if "unreadable" in case:
        refused = {(work / f).resolve() for f in case["unreadable"]}
        real = Path.read_bytes

        def read_bytes(self):
            if self.resolve() in refused:
                raise PermissionError(13, "Permission denied", str(self))
            return real(self)

        monkeypatch.setattr(Path, "read_bytes", read_bytes)
    fmt = {"dir": str(work), "repo": str(REPO), "content": str(content)}
    args = [a.format(**fmt) for a in case.get("args", ["lint", "--isolated", "--content", "{content}", "--format", "json"])]
    cwd = Path(case.get("cwd", "{repo}").format(**fmt))
    rc, out, err = run_cli(args, cwd=cwd)
    assert "Traceback" not in out + err
    if out.strip().startswith("["):
        found = {d["code"] for d in json.loads(out)}
    else:  # commands without a JSON format (fmt) print codes as `error[F001]`
        found = set(re.findall(r"\[([A-Z][0-9]{3})\]", out + err))
    assert code in found, f"{code} not reported; got {sorted(found)}\n{out}\n{err}"
    assert rc in (0, 1, 2)


def test_every_code_an_example_names_exists():
    """An `explain` example that names a code names a real one (C005's misspelt `M2O1` is no code's shape)."""
    import re

    from compiler.codes import all_codes, find

    named = [(c.id, m) for c in all_codes() for m in re.findall(r"\b[A-Z][0-9]{3}\b", " ".join(
        str(v) for v in (c.example, c.explanation, c.fix, c.what, c.why, c.summary) if v))]
    assert named, "the examples name codes"
    assert [(c, m) for c, m in named if find(m) is None] == []
