"""The pipeline: load, validate, parse and lower effects, check, bundle — one function the CLI wraps."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .diagnostics import Diagnostic, sort_diagnostics
from .loader import LoadedFile, load_bytes
from .project import Config, apply_suppressions, bundled_dir, discover, find_root, load_config
from .validate import Entry, validate


@dataclass
class CompileResult:
    bundle: dict | None
    diagnostics: list[Diagnostic]
    files: dict[str, LoadedFile] = field(default_factory=dict)
    texts: dict[str, str] = field(default_factory=dict)
    entries: list[Entry] = field(default_factory=list)
    root: Path = Path(".")


def display_path(p: Path, root: Path) -> str:
    try:
        return p.resolve().relative_to(root.resolve()).as_posix()
    except ValueError:
        return str(p)


def run(
    content_dirs: list[Path],
    *,
    extra_files: list[Path] = (),
    root: Path | None = None,
    overrides: dict[str, bytes] | None = None,
    config: Config | None = None,
) -> CompileResult:
    """Compile everything under `content_dirs` (plus `extra_files`), returning bundle and diagnostics.

    `overrides` maps a display path to bytes that replace (or add) that file, for editors
    piping an unsaved buffer through stdin.
    """
    root = (root or find_root(Path.cwd())).resolve()
    if config is None:
        config, cdiags = load_config(root)
    else:
        cdiags = []
    diags: list[Diagnostic] = list(cdiags)
    files: dict[str, LoadedFile] = {}
    texts: dict[str, str] = {}
    overrides = dict(overrides or {})

    # stage 1: load
    raws: dict[str, bytes | Exception] = {}
    for p in discover([*content_dirs, *extra_files]):
        shown = display_path(p, root)
        if shown in overrides:
            continue
        try:
            raws[shown] = p.read_bytes()
        except OSError as exc:
            raws[shown] = exc
    for shown, raw in overrides.items():
        raws[shown] = raw
    from .diagnostics import Span, make

    for shown in sorted(raws):
        raw = raws[shown]
        if isinstance(raw, Exception):
            diags.append(make("C002", f"cannot read `{shown}`: {getattr(raw, 'strerror', None) or raw}", Span.point(shown)))
            continue
        lf, d = load_bytes(shown, raw)
        diags.extend(d)
        if lf is not None:
            files[shown] = lf
            texts[shown] = lf.text
        else:
            try:
                texts[shown] = raw.decode("utf-8", errors="replace")
            except Exception:  # pragma: no cover - decode with replace cannot fail
                pass

    # stage 2: validate
    entries, d = validate(list(files.values()))
    diags.extend(d)
    if any(e.in_pack for e in entries):
        from .packs import merge_fills

        entries, d = merge_fills(entries)
        diags.extend(d)

    # stages 3-6: effects, checks, bundle
    from .bundle import build_bundle

    bundle, d = build_bundle(entries)
    diags.extend(d)

    diags = apply_suppressions(diags, texts, config)
    return CompileResult(bundle, sort_diagnostics(diags), files, texts, entries, root)


def default_content_dirs(root: Path, config: Config | None = None) -> list[Path]:
    if config and config.content:
        return [root / c for c in config.content]
    local = root / "content"
    if local.is_dir():
        return [local]
    return [bundled_dir("content")]
