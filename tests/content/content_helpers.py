"""Reading the bundled content for tests: every file validated, records flattened."""

from __future__ import annotations

import re
from pathlib import Path

from compiler.loader import load_file
from compiler.models import ContentFile

REPO = Path(__file__).resolve().parents[2]
CONTENT = REPO / "content"

MODELINE = re.compile(r"^# yaml-language-server: \$schema=(\S+)$")


def content_files(root: Path) -> list[Path]:
    return sorted(p for p in root.rglob("*.yaml") if p.is_file()) + sorted(p for p in root.rglob("*.yml") if p.is_file())


def load_records(root: Path, only: tuple[str, ...] = ("paleo", "paleovet")):
    """Validate every YAML file under the owned content folders; return (records, errors)."""
    records, errors = [], []
    for sub in only:
        for path in content_files(root / sub):
            loaded, diags = load_file(path)
            if loaded is None or any(getattr(d, "severity", "") == "error" for d in diags):
                errors.append(f"{path}: does not load: {[getattr(d, 'message', d) for d in diags]}")
                continue
            try:
                cf = ContentFile.model_validate(loaded.data or {})
            except Exception as exc:  # pydantic ValidationError
                errors.append(f"{path}: {exc}")
                continue
            for field in ContentFile.model_fields:
                if field == "pack":
                    continue
                records.extend(getattr(cf, field))
    return records, errors


def normalise_words(text: str) -> list[str]:
    """Lower-case words with punctuation dropped (apostrophes inside words kept together)."""
    text = text.lower().replace("’", "'").replace("‘", "'")
    text = re.sub(r"(?<=\w)'(?=\w)", "", text)
    return re.findall(r"[a-z0-9äöüß]+", text)


def shingles(words: list[str], n: int = 8) -> set[tuple[str, ...]]:
    return {tuple(words[i : i + n]) for i in range(len(words) - n + 1)}


def iter_strings(value, path=()):
    """Every string in a plain-data tree with its path; citation headings are skipped (they must be verbatim)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k == "section":
                continue
            yield from iter_strings(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from iter_strings(v, path + (i,))


def compile_files(tmp_path: Path, files: dict[str, str]):
    """Compile the bundled content plus the given files (name -> YAML text) written under `tmp_path`."""
    from compiler.pipeline import run

    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text, encoding="utf-8")
    dirs = sorted({(tmp_path / n).parent for n in files})
    return run([REPO / "content", *dirs], root=tmp_path)
