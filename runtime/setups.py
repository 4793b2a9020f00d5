"""Every setup a bundle offers, for each game this runtime plays: the list a frontend shows, `paleo sim --all`
plays and the Play page offers.

    from runtime.setups import list_setups
    for s in list_setups(bundle):
        print(s["game"], s["id"], s["players"], s["refused"])

Each game definition declares its setups (`GameDefinition.setups`: Paleo's base game, its scenarios, levels
and suggestions, and the base modules alone and two by two; PaleoVet's modes) and the player counts each
allows (`player_counts`). A setup the bundle cannot play stays in the list with `refused`, the engine's
reason naming what it lacks, so a frontend can show why rather than hide it.
"""

from __future__ import annotations

from .core.definition import REGISTRY
from .core.errors import NotPlayable, SetupError
from .core.game import Engine


def list_setups(bundle: dict) -> list[dict]:
    """[{"id", "game", "scenario", "options", "players", "refused"}] in the definitions' order: `players` the
    counts the book allows (a tuple, empty when the setup itself is refused), `refused` None or the reason."""
    out = []
    for game in bundle.get("games") or []:
        gid = game.get("id") if isinstance(game, dict) else None
        d = REGISTRY.get(gid)
        if d is None:
            continue
        for s in d.setups(bundle):
            entry = {"id": s["id"], "game": gid, "scenario": s["scenario"], "options": dict(s["options"]),
                     "players": (), "refused": None}
            try:
                rec = d.setup_record(bundle, scenario=s["scenario"], options=s["options"] or None)
                entry["players"] = tuple(d.player_counts(bundle, rec))
                Engine.new(bundle, game=gid, scenario=s["scenario"], options=s["options"] or None,
                           players=entry["players"][0], seed=0)
            except (NotPlayable, SetupError) as exc:
                entry["refused"] = str(exc)
            out.append(entry)
    return out
