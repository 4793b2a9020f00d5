"""Build the test bundle: the bundled content plus synthetic packs (by default synthetic-base), compiled by the real pipeline."""

from __future__ import annotations

import json
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACK = HERE / "synthetic-base"
ROOT = HERE.parents[1]
# Every pack folder of this directory (the bad/ corpus aside). They load in sets: the rule packs pote-cult, pote-w and
# pote-x fill the same room as pote, and anb-rules puts cards with A New Beginning's symbols in base modules.
ALL_PACKS = ("synthetic-base", "base-modules", "anb", "anb-rules", "pote", "pote-cult", "pote-w", "pote-x", "whale",
             "paleovet")
ANB_PACKS = ("synthetic-base", "base-modules", "anb", "anb-rules")  # A New Beginning's games and rule tests
POTE_PACKS = ("synthetic-base", "base-modules", "pote")  # Path of the Elders: the base packs (modules B, D, I) and its own
POTE_CULT_PACKS = ("synthetic-base", "pote-cult")  # the Cult Site's rule tests (hand-written cards in known places)
POTE_W_PACKS = ("synthetic-base", "base-modules", "pote-w")  # module W's rule tests (hand-written star and day cards)
POTE_X_PACKS = ("synthetic-base", "base-modules", "pote-x")  # module X's rule tests (hand-written)
WHALE_PACKS = ("synthetic-base", "base-modules", "whale")  # The White Whale with modules A, F and D
WHALE_ANB_PACKS = (*ANB_PACKS, "whale")  # The White Whale with A New Beginning's module O (and its farm)
PALEOVET_PACKS = ("paleovet",)  # PaleoVet: its 50 dinos, 20 upgrades, 30 solo cards, the white die and the prices
# The collection: one pack per box (the base game and its modules, A New Beginning, Path of the Elders, The White
# Whale, PaleoVet), loaded together as a frontend loads one bundle; every setup it lists plays. The rule-test packs
# (anb-rules, pote-cult, pote-w, pote-x) stay out: they put hand-written cards in known places of the same rooms.
COLLECTION_PACKS = ("synthetic-base", "base-modules", "anb", "pote", "whale", "paleovet")
PACK_SETS = {"collection": COLLECTION_PACKS, "anb": ANB_PACKS, "pote": POTE_PACKS, "pote-cult": POTE_CULT_PACKS, "pote-w": POTE_W_PACKS,
             "pote-x": POTE_X_PACKS, "whale": WHALE_PACKS, "whale-anb": WHALE_ANB_PACKS, "paleovet": PALEOVET_PACKS}


def build(root: Path = ROOT, packs: "list[str | Path] | None" = None) -> dict:
    """Compile content/ plus the packs (names of folders here, or paths; default synthetic-base).

    A compile error is a broken fixture, so it raises.
    """
    from compiler.pipeline import run

    chosen = [PACK] if packs is None else [p if isinstance(p, Path) else HERE / p for p in packs]
    res = run([root / "content", *chosen], root=root)
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


def _named(name: str, path: Path | None) -> dict:
    """The bundle of one named pack set of PACK_SETS, built once per process (and written to `path` when given)."""
    if name not in _CACHED:
        _CACHED[name] = build(packs=list(PACK_SETS[name]))
    if path is not None:
        path.write_text(json.dumps(_CACHED[name], sort_keys=True), encoding="utf-8")
    return _CACHED[name]


def anb(path: Path | None = None) -> dict:
    """The bundle of A New Beginning's packs (its scenarios playable), built once per process."""
    return _named("anb", path)


def pote(path: Path | None = None) -> dict:
    """The bundle on which Path of the Elders is played (its levels I to III), built once per process."""
    return _named("pote", path)


def whale(path: Path | None = None) -> dict:
    """The bundle on which The White Whale is played with modules A, F and D, built once per process."""
    return _named("whale", path)


def whale_anb(path: Path | None = None) -> dict:
    """The bundle on which The White Whale is played with A New Beginning's module O, built once per process."""
    return _named("whale-anb", path)


def collection(path: Path | None = None) -> dict:
    """The bundle of every box's pack (COLLECTION_PACKS), on which every setup plays, built once per process."""
    return _named("collection", path)


def paleovet(path: Path | None = None) -> dict:
    """The bundle on which PaleoVet is played (every mode), built once per process."""
    return _named("paleovet", path)


def cached(path: Path | None = None) -> dict:
    """The playable test bundle, built once per process (and written to `path` when given)."""
    if "b" not in _CACHED:
        _CACHED["b"] = build()
    if path is not None:
        path.write_text(json.dumps(_CACHED["b"], sort_keys=True), encoding="utf-8")
    return _CACHED["b"]


if __name__ == "__main__":
    import sys

    args = [a for a in sys.argv[1:] if not a.startswith("--packs=")
            and a not in ("--anb", "--pote", "--whale", "--whale-anb", "--paleovet", "--collection")]
    chosen = [a.split("=", 1)[1].split(",") for a in sys.argv[1:] if a.startswith("--packs=")]
    if "--anb" in sys.argv[1:]:  # A New Beginning's scenarios play on it
        chosen.append(list(ANB_PACKS))
    if "--pote" in sys.argv[1:]:  # Path of the Elders' levels play on it
        chosen.append(list(POTE_PACKS))
    if "--whale" in sys.argv[1:]:  # The White Whale with modules A, F and D
        chosen.append(list(WHALE_PACKS))
    if "--whale-anb" in sys.argv[1:]:  # The White Whale with module O
        chosen.append(list(WHALE_ANB_PACKS))
    if "--paleovet" in sys.argv[1:]:  # PaleoVet, every mode
        chosen.append(list(PALEOVET_PACKS))
    if "--collection" in sys.argv[1:]:  # every box's pack: every setup
        chosen.append(list(COLLECTION_PACKS))
    target = Path(args[0] if args else "build/synthetic-bundle.json")
    target.parent.mkdir(parents=True, exist_ok=True)
    if chosen:
        target.write_text(json.dumps(build(packs=chosen[-1]), sort_keys=True), encoding="utf-8")
    else:
        cached(target)
    print(f"wrote {target}")
