"""The turn's step 4, spending dice and DNA tokens: the ways a roll pays for a treatment or a research, the spend
actions on offer (treat, tranquilize, research a treatment or an upgrade, done) and what each one does.
"""

from __future__ import annotations

from collections import Counter as Tally

from .effects import limit_of, mark_used, matches, resolve, statics, to_hospital, triggered
from .ops import VetCtx, gain_die, gain_dna, static_of
from .rules import COLOURS, ICONS, WILD
from .state import DINO_ZONES, UPGRADE_ZONES, current_player


def _ready(g, p: int) -> Tally:
    return Tally(d["face"] for d in g.s["dice"] if d["owner"] == p and d["state"] == "ready")


def _tokens(g, p: int) -> int:
    return g.s["dna"][p] - g.s["dna_new"][p]


def _wild_splits(w: int, dice: int, tokens: int):
    for wd in range(min(w, dice), -1, -1):
        if w - wd <= tokens:
            yield ["dna"] * wd + ["token"] * (w - wd)


def treat_payments(need: list[str], n: int, have: Tally, tokens: int) -> list[list[str]]:
    """Every distinct way to pay `n` of the icons in `need` (the rest waived by discounts): exact dice first, the
    remainder wild (DNA dice or DNA tokens). All at once: a payment covers the whole (discounted) requirement."""
    counts = Tally(need)
    kinds = sorted(counts)
    out = []

    def rec(i, chosen):
        if i == len(kinds):
            used = sum(len(x) for x in chosen)
            if used > n:
                return
            for wild in _wild_splits(n - used, have.get(WILD, 0), tokens):
                out.append([x for part in chosen for x in part] + wild)
            return
        k = kinds[i]
        for e in range(min(counts[k], have.get(k, 0)), -1, -1):
            rec(i + 1, chosen + [[k] * e])
    rec(0, [])
    return out


def matching_payments(price: int, have: Tally, tokens: int) -> list[list[str]]:
    """Every distinct way to pay `price` matching icons: one icon kind with DNA standing in, or DNA alone."""
    out = []
    for icon in ICONS:
        for k in range(min(price, have.get(icon, 0)), 0, -1):
            for wild in _wild_splits(price - k, have.get(WILD, 0), tokens):
                out.append([icon] * k + wild)
    for wild in _wild_splits(price, have.get(WILD, 0), tokens):
        out.append(wild)
    return out


def _label(pay: list[str]) -> str:
    t = Tally(pay)
    return ", ".join(f"{n} {'DNA token' if k == 'token' else ('DNA die' if k == WILD else k)}" for k, n in sorted(t.items()))


def spend_actions(g) -> list[dict]:
    s, r = g.s, g.rules
    z = s["z"]
    p = current_player(g)
    have = _ready(g, p)
    tokens = _tokens(g, p)
    out = []
    hosp = z[f"hospital/{p}"]
    for iid in hosp:  # treat
        if str(iid) in s["treated"]:
            continue
        cid = s["cards"][iid]
        need = list(r.dino(cid).get("treatments") or [])
        off = sum(v for v, f in statics(g, p, "treatment-discount") if matches(r, cid, f))
        n = max(1, len(need) - off) if off else len(need)  # reductions stack; never below 1 treatment
        for pay in treat_payments(need, n, have, tokens):
            out.append({"type": "treat", "player": p, "dino": iid, "pay": pay,
                        "label": f"P{p}: treat {r.name(cid)} with {_label(pay)}"})
    if len(hosp) < limit_of(g, p):  # tranquilize
        darts = [x for x in (["tranquilizer dart"] if have.get("tranquilizer dart") else [])
                 + ([WILD] if have.get(WILD) else []) + (["token"] if tokens else [])]
        for i, zone in enumerate(DINO_ZONES):
            if z[zone] and s["up"]["dino"][i]:
                cid = s["cards"][z[zone][-1]]
                for d in darts:
                    out.append({"type": "tranquilize", "player": p, "stack": i + 1, "pay": [d],
                                "label": f"P{p}: tranquilize {r.name(cid)} from stack {i + 1} with {_label([d])}"})
    off = sum(v for v, _ in statics(g, p, "research-discount"))
    spec = sum(1 for d in s["dice"] if d["owner"] == p and d["kind"] != "white")
    buys = []
    if s["dna_supply"] > 0:
        buys.append(("dna", max(1, r.dna_cost - off) if off else r.dna_cost))
    if spec < r.max_specialty:
        for c in COLOURS:
            if any(d["kind"] == c and d["state"] == "supply" for d in s["dice"]):
                buys.append((c, max(1, r.die_cost - off) if off else r.die_cost))
    for what, price in buys:  # research a new treatment
        for pay in matching_payments(price, have, tokens):
            thing = "a DNA token" if what == "dna" else f"a {what} specialty die"
            out.append({"type": "research", "player": p, "buy": what, "pay": pay,
                        "label": f"P{p}: research {thing} with {_label(pay)}"})
    if r.upgrades:  # research an upgrade
        for i, zone in enumerate(UPGRADE_ZONES):
            if z[zone] and s["up"]["upgrade"][i]:
                cid = s["cards"][z[zone][-1]]
                for pay in matching_payments(r.upgrade_cost, have, tokens):
                    out.append({"type": "upgrade", "player": p, "stack": i + 1, "pay": pay,
                                "label": f"P{p}: research {r.name(cid)} with {_label(pay)}"})
    out.append({"type": "done", "player": p, "label": f"P{p}: spend nothing more this turn"})
    return out


def _pay(g, p: int, pay: list[str], onto: int | None) -> None:
    """Take the dice and tokens of a payment: dice set aside (or laid on the treated dino), tokens to the supply
    (or onto the dino)."""
    s = g.s
    for x in pay:
        if x == "token":
            s["dna"][p] -= 1
            if onto is None:
                s["dna_supply"] += 1
            else:
                s["treated"][str(onto)]["dna"] += 1
            continue
        n = next(k for k, d in enumerate(s["dice"]) if d["owner"] == p and d["state"] == "ready" and d["face"] == x)
        d = s["dice"][n]
        if onto is None:
            d.update(state="spent", face=None)
        else:
            d.update(state="on", on=onto)
            s["treated"][str(onto)]["dice"].append(n)


def apply_spend(g, a) -> None:
    s, r = g.s, g.rules
    z = s["z"]
    p = a["player"]
    t = a["type"]
    if t == "done":
        g.event("spent", player=p)
        g.goto("turn", "waking")
        return
    if t == "treat":
        g.by = "rule:vet/treat"
        iid = a["dino"]
        if len(a["pay"]) < len(r.dino(s["cards"][iid]).get("treatments") or ()):
            mark_used(g, "treatment-discount", [f for v, f in statics(g, p, "treatment-discount")
                                                if matches(r, s["cards"][iid], f)])
        s["treated"][str(iid)] = {"dice": [], "dna": 0}
        _pay(g, p, a["pay"], iid)
        g.event("treat", player=p, card=s["cards"][iid], pay=a["pay"])
        triggered(g, iid, "symbol:treat", p)
    elif t == "tranquilize":
        g.by = "rule:vet/tranquilize"
        zone = DINO_ZONES[a["stack"] - 1]
        iid = z[zone][-1]
        if len(z[f"hospital/{p}"]) >= r.hospital_limit:
            mark_used(g, "hospital-limit")
        _pay(g, p, a["pay"], None)
        g.event("tranquilize", player=p, card=s["cards"][iid], pay=a["pay"])
        to_hospital(g, iid, zone, p)
        triggered(g, iid, "symbol:tranquilize", p)
    elif t == "research":
        g.by = "rule:vet/research-treatment"
        if len(a["pay"]) < (r.dna_cost if a["buy"] == "dna" else r.die_cost):
            mark_used(g, "research-discount")
        _pay(g, p, a["pay"], None)
        g.event("research", player=p, buy=a["buy"], pay=a["pay"])
        if a["buy"] == "dna":
            gain_dna(g, p, 1)
        else:
            gain_die(g, p, a["buy"])
    else:
        g.by = "rule:vet/research-upgrade"
        zone = UPGRADE_ZONES[a["stack"] - 1]
        iid = z[zone][-1]
        _pay(g, p, a["pay"], None)
        g.move(iid, zone, f"upgrades/{p}")
        s["up"]["upgrade"][a["stack"] - 1] = False
        g.event("upgrade", player=p, card=s["cards"][iid], pay=a["pay"])
        for o in r.options.get(s["cards"][iid], ()):  # its one-time rewards now; its lasting effects from now on
            if o.trigger is None and o.variant == 0 and not any(static_of(fn) for _, fn in o.effects):
                resolve(g, iid, o, VetCtx(p, iid, kind="upgrade"))
