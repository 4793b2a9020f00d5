"""Build the test bundle: the bundled content plus the synthetic-base pack, compiled by the real pipeline."""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACK = HERE / "synthetic-base"
ROOT = HERE.parents[1]


def build(root: Path = ROOT) -> dict:
    """Compile content/ plus the pack; a compile error is a broken fixture, so it raises."""
    from compiler.pipeline import run

    res = run([root / "content", PACK], root=root)
    errors = [d for d in res.diagnostics if d.is_error]
    if res.bundle is None or errors:
        raise RuntimeError("the synthetic pack does not compile: " + "; ".join(
            f"{d.code} {d.span.file}:{d.span.line}: {d.message}" for d in errors[:5]))
    return res.bundle


def lower(text: str, game: str = "game:paleo") -> dict:
    """The IR of one option text, through the compiler's effect stage and the bundled symbols."""
    from compiler.bundle import lower_options  # noqa: F401 - documents where the real lowering lives
    from compiler import effects
    from compiler.pipeline import run

    if "registry" not in _CACHED:
        res = run([ROOT / "content" / "symbols"], root=ROOT)
        entries = [(e.record, e.file.path, e.path) for e in res.entries if e.section == "symbols"]
        _CACHED["registry"], _ = effects.build_registry(entries)
    ir, diags = effects.compile_option(text, registry=_CACHED["registry"], game=game, file=None, path=())
    if ir is None:
        raise ValueError(f"`{text}` does not compile: " + "; ".join(d.message for d in diags))
    return ir


_CACHED: dict = {}


def cached(path: Path | None = None) -> dict:
    """The playable test bundle, built once per process (and written to `path` when given)."""
    if "b" not in _CACHED:
        _CACHED["b"] = build()
    if path is not None:
        path.write_text(json.dumps(_CACHED["b"], sort_keys=True), encoding="utf-8")
    return _CACHED["b"]


if __name__ == "__main__":
    import sys

    target = Path(sys.argv[1] if len(sys.argv) > 1 else "build/synthetic-bundle.json")
    target.parent.mkdir(parents=True, exist_ok=True)
    cached(target)
    print(f"wrote {target}")
