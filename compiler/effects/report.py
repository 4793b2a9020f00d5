"""`paleo symbols`: every symbol with its name, aliases, positions, parameters, games and source."""

from __future__ import annotations

import json

from . import types as T
from .registry import signature


def symbols_report(registry, fmt: str = "human") -> str:
    data = registry.to_bundle()
    if fmt == "json":
        return json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    lines = []
    for sym in sorted(registry.symbols.values(), key=lambda s: (s.games, s.name)):
        lines.append(f"{sym.name}  ({sym.id})")
        lines.append(f"  usage:     {signature(sym, typed=True)}")
        if sym.aliases:
            lines.append(f"  aliases:   {', '.join(sym.aliases)}")
        lines.append(f"  positions: {', '.join(sym.positions)}")
        for p in sym.params:
            lines.append(f"  param {p.name}: {T.describe(p.type, registry)}")
        lines.append(f"  games:     {', '.join(g.removeprefix('game:') for g in sym.games)}")
        src = "; ".join(f"{s['rulebook']} > {' > '.join(s['section'])}" for s in sym.source)
        lines.append(f"  source:    {src}")
        lines.append(f"  example:   {sym.example}")
        lines.append(f"  {sym.explanation}")
        lines.append("")
    lines.append(f"{len(registry.symbols)} symbols")
    return "\n".join(lines) + "\n"
