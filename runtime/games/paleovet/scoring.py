"""The end of a PaleoVet game: emptying the hospitals, the scores, the solo victory levels and the winners, as
the outcome reports them.
"""

from __future__ import annotations

from .effects import leave_hospital, mark_used, matches, statics


def finish(g) -> None:
    """Uncured dinos leave every hospital without counting as woken; the scores decide."""
    s = g.s
    g.by = "rule:vet/end"
    for p in range(s["players"]):
        for iid in list(s["z"][f"hospital/{p}"]):
            leave_hospital(g, iid, p, "box")
    sc = scores(g)
    for p in range(s["players"]):
        bonus = statics(g, p, "bonus-points")
        if bonus:
            mark_used(g, "bonus-points", [f for _, f in bonus])
    g.by = "rule:vet/scoring"
    if g.rules.mode == "solo":
        mine = sc[0]
        captured = _points(g, "captured")
        escaped = _points(g, "escaped")
        level = "major" if mine > captured else ("minor" if mine > escaped else None)
        g.end("win" if level else "loss", f"solo: {mine} against {escaped} escaped and {captured} captured")
        return
    cured = [len(s["z"][f"cured/{p}"]) for p in range(s["players"])]
    best = max(sc)
    lead = [p for p in range(s["players"]) if sc[p] == best]
    most = max(cured[p] for p in lead)
    winners = [p for p in lead if cured[p] == most]
    g.end("win", "the final round is over", tie=len(winners) > 1)


def _points(g, zone: str) -> int:
    s, r = g.s, g.rules
    return sum(int(r.dino(s["cards"][i]).get("points") or 0) for i in s["z"][zone])


def scores(g) -> list[int]:
    """Each player's points: their cured dinos plus the bonus points of their upgrades."""
    s, r = g.s, g.rules
    out = []
    for p in range(s["players"]):
        cured = [s["cards"][i] for i in s["z"][f"cured/{p}"]]
        total = sum(int(r.dino(c).get("points") or 0) for c in cured)
        for (n, every), need in statics(g, p, "bonus-points"):
            k = sum(1 for c in cured if matches(r, c, need))
            total += n * (k // max(1, every))
        out.append(total)
    return out


def outcome_fields(g) -> dict:
    s = g.s
    sc = scores(g)
    cured = [len(s["z"][f"cured/{p}"]) for p in range(s["players"])]
    out = {"turns": s["turn"], "scores": sc, "cured": cured}
    if g.rules.mode == "solo":
        out["captured"] = _points(g, "captured")
        out["escaped"] = _points(g, "escaped")
        out["victory"] = "major" if sc[0] > out["captured"] else ("minor" if sc[0] > out["escaped"] else None)
    else:
        best = max(sc)
        lead = [p for p in range(s["players"]) if sc[p] == best]
        most = max(cured[p] for p in lead)
        out["winners"] = [p for p in lead if cured[p] == most]
    return out
