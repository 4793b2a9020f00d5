"""`paleo diff OLD NEW`: the records added, removed and changed between two bundles.

Each side is a bundle file, a folder holding `bundle.json`, or a git ref of the checkout, whose tree
is exported to a temporary folder and compiled there by its own compiler (`python -m compiler build`),
so the ref's bundle is the one that ref would have built. The graph and the coverage are derived
from the records and are not compared; neither is the file a record is authored in.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

from .bundle_input import compiled_content
from .limits import MAX_BUNDLE_BYTES
from .safeio import escape, read_regular

RECORD_SECTIONS = ("games", "boards", "products", "modules", "cards", "secrets", "tokens", "dice",
                   "scenarios", "interpretations", "symbols")
_IGNORED_FIELDS = {"file"}
EXIT_SAME, EXIT_DIFFERENT, EXIT_USAGE = 0, 1, 2


class SideError(Exception):
    """A side of the diff that cannot be read or built; the message says which and why."""


def clean(s: object) -> str:
    """Text safe for a terminal: control characters shown as escapes."""
    return escape(s, None)


# ---- reading a side -----------------------------------------------------------------------------

def _read_bundle(path: Path, spec: str) -> dict:
    try:
        raw = read_regular(path, MAX_BUNDLE_BYTES)
        if len(raw) > MAX_BUNDLE_BYTES:
            raise SideError(f"bundle `{clean(spec)}` is more than {MAX_BUNDLE_BYTES} bytes (C020)")
        bundle = json.loads(raw.decode("utf-8"))
    except OSError as exc:
        raise SideError(f"cannot read bundle `{clean(spec)}`: {clean(exc.strerror or exc)}") from None
    except RecursionError:
        raise SideError(f"`{clean(spec)}` nests too deep to be a bundle") from None
    except ValueError as exc:
        raise SideError(f"`{clean(spec)}` is not JSON: {clean(exc)}") from None
    version = str(bundle.get("format_version", "")) if isinstance(bundle, dict) else ""
    if not version.startswith("1."):
        raise SideError(f"`{clean(spec)}` has bundle format `{clean(version) or '?'}`; this paleo reads 1.x")
    return bundle


def _git(root: Path, *args: str, binary: bool = False) -> subprocess.CompletedProcess:
    try:
        return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=not binary)
    except FileNotFoundError:
        raise SideError("git is not installed, so a git ref cannot be built") from None


def resolve_ref(spec: str, root: Path) -> str | None:
    """The commit a git ref names in the checkout at `root`, or None."""
    if spec.startswith("-"):
        return None
    proc = _git(root, "rev-parse", "--verify", "--quiet", f"{spec}^{{commit}}")
    return proc.stdout.strip() if proc.returncode == 0 and proc.stdout.strip() else None


def build_ref(commit: str, root: Path, spec: str) -> dict:
    """Export the commit's tree and compile it: a checkout of this project with its own compiler/, an author's
    project (no compiler/ of its own) with the compiler running now; the bundle it writes."""
    with tempfile.TemporaryDirectory(prefix="paleo-diff-") as tmp:
        tree = Path(tmp) / "tree"
        tree.mkdir()
        proc = _git(root, "archive", "--format=tar", commit, binary=True)
        if proc.returncode != 0:
            raise SideError(f"cannot export `{clean(spec)}`: {clean(proc.stderr.decode('utf-8', 'replace').strip())}")
        archive = Path(tmp) / "tree.tar"
        archive.write_bytes(proc.stdout)
        with tarfile.open(archive) as tar:
            if hasattr(tarfile, "data_filter"):
                tar.extractall(tree, filter="data")
            else:  # pragma: no cover - Python before 3.11.4; the archive is git's own export
                tar.extractall(tree)
        pyproject = tree / "pyproject.toml"
        is_project = (tree / "content").is_dir() or (
            pyproject.is_file() and "[tool.paleo" in pyproject.read_text(encoding="utf-8", errors="replace"))
        if not (tree / "compiler").is_dir() and not is_project:
            raise SideError(f"`{clean(spec)}` ({commit[:12]}) is not a Paleo project: it has no content/ folder, no "
                            "[tool.paleo] in pyproject.toml and no compiler/ of its own")
        env = dict(os.environ)
        if (tree / "compiler").is_dir():  # this project's own history: each side built by the compiler it had
            env["PYTHONPATH"] = str(tree)
        else:  # an author's project: the compiler running now (the folder it is imported from), for both sides
            env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1])
        out = Path(tmp) / "out"
        run = subprocess.run([sys.executable, "-m", "compiler", "build", "--out", str(out)], cwd=tree, env=env,
                             capture_output=True, text=True)
        bundle = out / "bundle.json"
        if run.returncode != 0 or not bundle.is_file():
            tail = "\n".join((run.stderr or run.stdout).strip().splitlines()[-5:])
            raise SideError(f"the content at `{clean(spec)}` ({commit[:12]}) did not build:\n{clean(tail)}")
        return _read_bundle(bundle, f"{spec} ({commit[:12]})")


def load_side(spec: str, root: Path) -> dict:
    """A bundle from a file, a folder with bundle.json, or a git ref of the checkout at `root`."""
    p = Path(spec)
    if p.is_file():
        return _read_bundle(p, spec)
    if p.is_dir() and (p / "bundle.json").is_file():
        return _read_bundle(p / "bundle.json", str(p / "bundle.json"))
    commit = resolve_ref(spec, root)
    if commit is None:
        raise SideError(f"`{clean(spec)}` is neither a bundle file nor a git ref of {clean(root)}")
    return build_ref(commit, root, spec)


# ---- comparing ----------------------------------------------------------------------------------

def _records(bundle: dict) -> dict[str, tuple[str, dict]]:
    out = {}
    for sec in RECORD_SECTIONS:
        for r in bundle.get(sec) or []:
            if isinstance(r, dict) and r.get("id"):
                out[str(r["id"])] = (sec, r)
    return out


def _label(rec: dict) -> str:
    for key in ("name", "question", "letter", "number"):
        if rec.get(key) not in (None, ""):
            return str(rec[key])
    return ""


def _keyed(items: list) -> dict | None:
    """A list of records with their own ids (rules) compared by id rather than by position."""
    if items and all(isinstance(x, dict) and isinstance(x.get("id"), str) for x in items):
        keys = [x["id"] for x in items]
        if len(set(keys)) == len(keys):
            return {k: x for k, x in zip(keys, items)}
    return None


def field_changes(old, new, path: str = "") -> list[dict]:
    """Leaf differences as {path, old, new}; an option's IR counts as one field."""
    if old == new:
        return []
    leaf = path.rsplit(".", 1)[-1]
    if leaf == "ir" or not (isinstance(old, (dict, list)) and type(old) is type(new)):
        return [{"path": path or "(record)", "old": old, "new": new}]
    out: list[dict] = []
    if isinstance(old, dict):
        for k in list(old) + [k for k in new if k not in old]:
            if k in _IGNORED_FIELDS and not path:
                continue
            sub = f"{path}.{k}" if path else str(k)
            if k not in new:
                out.append({"path": sub, "old": old[k], "new": None})
            elif k not in old:
                out.append({"path": sub, "old": None, "new": new[k]})
            else:
                out += field_changes(old[k], new[k], sub)
        return out
    ko, kn = _keyed(old), _keyed(new)
    if ko is not None and kn is not None:
        for k in list(ko) + [k for k in kn if k not in ko]:
            sub = f"{path}[{k}]"
            if k not in kn:
                out.append({"path": sub, "old": ko[k], "new": None})
            elif k not in ko:
                out.append({"path": sub, "old": None, "new": kn[k]})
            else:
                out += field_changes(ko[k], kn[k], sub)
        return out
    for i in range(max(len(old), len(new))):
        sub = f"{path}[{i + 1}]"  # numbered from 1, as the site numbers options
        if i >= len(new):
            out.append({"path": sub, "old": old[i], "new": None})
        elif i >= len(old):
            out.append({"path": sub, "old": None, "new": new[i]})
        else:
            out += field_changes(old[i], new[i], sub)
    return out


def diff_bundles(old: dict, new: dict) -> dict:
    """{added, removed, changed}: records by id, each with its section and name; changed ones with their fields."""
    a, b = _records(old), _records(new)
    added = [{"id": i, "section": b[i][0], "name": _label(b[i][1])} for i in sorted(b) if i not in a]
    removed = [{"id": i, "section": a[i][0], "name": _label(a[i][1])} for i in sorted(a) if i not in b]
    changed = []
    for i in sorted(set(a) & set(b)):
        fields = field_changes(a[i][1], b[i][1])
        if fields:
            changed.append({"id": i, "section": b[i][0], "name": _label(b[i][1]), "fields": fields})
    return {"old": {"format_version": old.get("format_version"), "generator": old.get("generator")},
            "new": {"format_version": new.get("format_version"), "generator": new.get("generator")},
            "added": added, "removed": removed, "changed": changed}


# ---- printing -----------------------------------------------------------------------------------

def _short(value, limit: int = 100) -> str:
    s = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return clean(s if len(s) <= limit else s[: limit - 1] + "…")


def render_human(d: dict, old_spec: str, new_spec: str) -> str:
    lines = [f"paleo diff {clean(old_spec)} {clean(new_spec)}"]
    for key, mark in (("added", "+"), ("removed", "-")):
        if d[key]:
            lines.append(f"{key} ({len(d[key])}):")
            lines += [f"  {mark} {clean(r['id'])}" + (f"  {clean(r['name'])}" if r["name"] else "") for r in d[key]]
    if d["changed"]:
        lines.append(f"changed ({len(d['changed'])}):")
        for r in d["changed"]:
            lines.append(f"  ~ {clean(r['id'])}" + (f"  {clean(r['name'])}" if r["name"] else ""))
            for f in r["fields"]:
                lines.append(f"      {clean(f['path'])}: {_short(f['old'])} -> {_short(f['new'])}")
    n = len(d["added"]) + len(d["removed"]) + len(d["changed"])
    lines.append(f"{n} record{'s' if n != 1 else ''} differ ({len(d['added'])} added, {len(d['removed'])} removed, "
                 f"{len(d['changed'])} changed)" if n else "no record differs")
    return "\n".join(lines)


def main(old_spec: str, new_spec: str | None, root: Path, fmt: str = "human") -> int:
    try:
        old = load_side(old_spec, root)
        if new_spec is None:
            new, rc = compiled_content(root)  # the checkout's content as it is now
            if new is None:
                return rc
            new_spec = "(working tree)"
        else:
            new = load_side(new_spec, root)
    except SideError as exc:
        sys.stderr.write(f"paleo: error: {exc}\n")
        return EXIT_USAGE
    d = diff_bundles(old, new)
    if fmt == "json":
        print(json.dumps(d, ensure_ascii=True, indent=2, sort_keys=True))
    else:
        print(render_human(d, old_spec, new_spec))
    return EXIT_DIFFERENT if (d["added"] or d["removed"] or d["changed"]) else EXIT_SAME
