"""Where the cards' effects meet a game: the lasting effects a player holds (and marking one that made a difference),
running an option's one-time effects and a dino's `on tranquilize:` / `on treat:` options, and a dino's moves into
and out of a hospital, which the steps and the effects share.
"""

from __future__ import annotations

from .ops import VetCtx, static_of
from .state import DINO_ZONES


# ------------------------------------------------------------------ lasting effects
def statics(g, p: int, kind: str) -> list[tuple]:
    """The lasting effects of `kind` player p has: (value, need) from their upgrades and the dinos in their hospital."""
    s, r = g.s, g.rules
    out = []
    for zone in (f"upgrades/{p}", f"hospital/{p}"):
        for iid in s["z"][zone]:
            for o in r.options.get(s["cards"][iid], ()):
                if o.trigger is not None:
                    continue
                for _sym, fn in o.effects:
                    st = static_of(fn)
                    if st and st[0] == kind:
                        out.append((st[1], o.need_static))
    return out


def mark_used(g, kind: str, needs=()) -> None:
    """A lasting effect of `kind` made a difference, with the filters (`diet`, `order`) it was chosen by (a query
    never marks one: saved games are checked by queries)."""
    for sym in ["symbol:" + kind] + ["symbol:" + k.partition(":")[0] for need in needs for k in need]:
        if sym not in g.s["used"]:
            g.s["used"].append(sym)


def matches(r, cid: str, need: dict) -> bool:
    """Whether a dino meets an effect's filter (`require diet herbivore`, `require order theropod`)."""
    c = r.dino(cid)
    for k in need:
        what, _, value = k.partition(":")
        if c.get(what) != value:
            return False
    return True


def limit_of(g, p: int) -> int:
    return max([g.rules.hospital_limit] + [v for v, _ in statics(g, p, "hospital-limit")])


def protected(g, p: int) -> bool:
    return bool(statics(g, p, "carnivore-proof"))


# ------------------------------------------------------------------ into and out of a hospital
def to_hospital(g, iid: int, src: str, p: int) -> None:
    s, r = g.s, g.rules
    g.move(iid, src, f"hospital/{p}")
    want = int(r.dino(s["cards"][iid]).get("sleep") or 0)
    k = min(want, s["sleep_supply"])
    s["sleep_supply"] -= k
    s["sleep"][str(iid)] = k
    if src in DINO_ZONES:
        s["up"]["dino"][DINO_ZONES.index(src)] = False  # the next card waits face down until an upkeep
    g.event("hospital", player=p, card=s["cards"][iid], sleep=k)


def leave_hospital(g, iid: int, p: int, dst: str) -> None:
    """A dino leaves a hospital (cured, woken, taken by a carnivore, or at the end): its sleep tokens go back to the
    supply, its dice to their owner (spent, back next turn), its DNA tokens to the supply."""
    s = g.s
    s["sleep_supply"] += s["sleep"].pop(str(iid), 0)
    t = s["treated"].pop(str(iid), None)
    if t is not None:
        for d in t["dice"]:
            s["dice"][d].update(state="spent", on=None, face=None)
        s["dna_supply"] += t["dna"]
    g.move(iid, f"hospital/{p}", dst)


# ------------------------------------------------------------------ one-time effects
def resolve(g, cid_iid: int, opt, ctx: VetCtx) -> None:
    """Run one compiled option's effects, then queue what they ask for. No option resolved here holds a lasting
    effect: a triggered one may not (the rules refuse it), and an upgrade's lasting options are never run."""
    s = g.s
    g.event("effect", player=ctx.player, card=s["cards"][cid_iid], option=opt.index + 1)
    for sym in opt.symbols:
        if sym not in s["used"]:
            s["used"].append(sym)
    by = g.by
    for sym, fn in opt.effects:
        g.by = sym
        fn(g, ctx)
    g.by = by
    s["queue"][0:0] = ctx.new


def triggered(g, iid: int, symbol: str, p: int) -> None:
    """A dino's `on tranquilize:` / `on treat:` options, when that dino is tranquilized or treated."""
    for o in g.rules.options.get(g.s["cards"][iid], ()):
        if o.trigger == "on" and o.on == symbol and o.variant == 0 and matches(g.rules, g.s["cards"][iid], o.need_static):
            resolve(g, iid, o, VetCtx(p, iid, target=iid, kind="trigger"))

