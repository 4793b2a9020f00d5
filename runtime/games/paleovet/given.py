"""The `given` keys of PaleoVet's rule tests: the dice a player has rolled, the sleep on hospital dinos, which
field tops are face up, whose turn it is and whether the final round is under way.
"""

from __future__ import annotations

from ...core.invariants import is_int


def _given_faces(g, value, used, take) -> None:
    """Rule tests: `dice_faces: {seat: [faces]}` sets that player's dice, rolled and ready, in this order; white dice
    first, then `purple:antibiotic` for a specialty die of a colour taken from the supply."""
    s, r = g.s, g.rules
    for p, faces in sorted(value.items()):
        p = int(p)
        for d in s["dice"]:
            if d["owner"] == p:
                if d["kind"] == "white":
                    d.update(state="spent", face=None, on=None)
                else:
                    d.update(owner=None, state="supply", face=None, on=None)
        whites = [d for d in s["dice"] if d["owner"] == p and d["kind"] == "white"]
        for f in faces:
            kind, _, face = f.rpartition(":") if ":" in f else ("white", None, f)
            if kind == "white":
                if not whites:
                    raise ValueError(f"given: P{p} has only {r.white_dice} white dice")
                d = whites.pop(0)
            else:
                d = next((x for x in s["dice"] if x["kind"] == kind and x["state"] == "supply"), None)
                if d is None:
                    raise ValueError(f"given: no {kind} die left in the supply")
            if face not in r.faces.get(kind, ()):
                raise ValueError(f"given: `{face}` is not a face of the {kind} die")
            d.update(owner=p, state="ready", face=face, on=None)
        for d in whites:
            d.update(state="spent", face=None)


def _given_sleep(g, value, used, take) -> None:
    """Rule tests: `sleep_on: {card id: n}` for dinos in hospitals (the rest keep their printed sleep)."""
    s = g.s
    hosp = [i for p in range(s["players"]) for i in s["z"][f"hospital/{p}"]]
    for cid, n in value.items():
        iid = next((i for i in hosp if s["cards"][i] == cid), None)
        if iid is None or not is_int(n):
            raise ValueError(f"given: `{cid}` is in no hospital, or {n!r} is not a count")
        s["sleep"][str(iid)] = n


def _given_up(g, value, used, take) -> None:
    """Rule tests: `field_up: {dino: [5 booleans], upgrade: [5 booleans]}` (default: every top face up)."""
    g.s["up"] = {"dino": list(value.get("dino", g.s["up"]["dino"])), "upgrade": list(value.get("upgrade", g.s["up"]["upgrade"]))}


def _given_current(g, value, used, take) -> None:
    """Rule tests: whose turn it is."""
    if not is_int(value) or value >= g.s["players"]:
        raise ValueError("given: `current` is a seat")
    g.s["current"] = value


def _given_final(g, value, used, take) -> None:
    """Rule tests: the final round is under way."""
    if not isinstance(value, bool):
        raise ValueError("given: `final` is true or false")
    g.s["final"] = value


GIVEN = {"dice_faces": _given_faces, "sleep_on": _given_sleep, "field_up": _given_up,
         "current": _given_current, "final": _given_final}
"""`given` key -> what it sets in a game a rule test starts from."""
