"""Make a release: check it, then tag it `v<version>` (the tag pre-commit's `rev:` names).

    python scripts/release.py --check   # the checks only (exit 1 with the reasons)
    python scripts/release.py           # the checks, then an annotated tag v<version> at HEAD

The checks: the version of runtime/version.py (the project's one version) is MAJOR.MINOR.PATCH; CHANGELOG.md
has a section `## <version> — <date>`; README.md's pre-commit `rev:` is `v<version>`; the working tree has no
uncommitted change; no tag `v<version>` names another commit (a tag already at HEAD is kept: running it twice
is the same as once).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def version() -> str:
    m = re.search(r'^__version__ = "([^"]+)"$', (ROOT / "runtime" / "version.py").read_text(encoding="utf-8"), re.M)
    return m.group(1) if m else ""


def git(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)


def problems(v: str) -> list[str]:
    out = []
    if not re.fullmatch(r"\d+\.\d+\.\d+", v):
        out.append(f"runtime/version.py: the version {v!r} is not MAJOR.MINOR.PATCH")
    log = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8") if (ROOT / "CHANGELOG.md").is_file() else ""
    if not re.search(rf"(?m)^## {re.escape(v)} — \d{{4}}-\d{{2}}-\d{{2}}$", log):
        out.append(f"CHANGELOG.md: no section `## {v} — YYYY-MM-DD`")
    revs = re.findall(r"(?m)^\s*rev:\s*(\S+)", (ROOT / "README.md").read_text(encoding="utf-8"))
    if revs != [f"v{v}"]:
        out.append(f"README.md: the pre-commit `rev:` is {revs or 'missing'}, not v{v}")
    status = git("status", "--porcelain")
    if status.returncode != 0:
        out.append(f"git status failed: {status.stderr.strip()}")
    elif status.stdout.strip():
        out.append("the working tree has uncommitted changes: commit them first")
    tagged = git("rev-list", "-n", "1", f"v{v}")
    head = git("rev-parse", "HEAD").stdout.strip()
    if tagged.returncode == 0 and tagged.stdout.strip() != head:
        out.append(f"the tag v{v} names another commit ({tagged.stdout.strip()[:12]}): raise the version")
    return out


def main(argv: list[str]) -> int:
    v = version()
    found = problems(v)
    for p in found:
        print(f"release: {p}", file=sys.stderr)
    if found:
        return 1
    if "--check" in argv:
        print(f"release: v{v} is ready to tag")
        return 0
    if git("rev-parse", "-q", "--verify", f"refs/tags/v{v}").returncode == 0:
        print(f"release: v{v} is already the tag of HEAD")
        return 0
    made = git("tag", "-a", f"v{v}", "-m", f"paleo-codex {v}")
    if made.returncode != 0:
        print(f"release: git tag failed: {made.stderr.strip()}", file=sys.stderr)
        return 1
    print(f"release: tagged v{v}; push it with `git push origin v{v}`")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
