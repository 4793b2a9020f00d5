"""PaleoVet's turn but its spending: the solo draw, upkeep (with its ALERT!s), the roll, the mandatory admission,
the decisions effects queue (an ALERT!, a dino to add sleep to or remove it from, a dino to let go of), waking,
release, and the pass to the left that ends the game after the final round.
"""

from __future__ import annotations

from ...core import WAIT
from ...rng import Rng
from .effects import leave_hospital, mark_used, protected, resolve, statics, to_hospital
from .ops import VetCtx, change_sleep
from .scoring import finish
from .state import DINO_ZONES, UPGRADE_ZONES, current_player


# ------------------------------------------------------------------ steps 1 to 3 (and the solo draw before them)
def run_solo(g):
    """Solo: a solo card takes the marked stacks' dinos to the captured and escaped piles and discards the marked
    upgrades."""
    s, r = g.s, g.rules
    if r.mode != "solo":
        return None
    z = s["z"]
    if not z["solo-deck"]:
        g.event("solo-empty")
        return None
    iid = z["solo-deck"][-1]
    g.move(iid, "solo-deck", "solo-discard")
    marks = r.cards[s["cards"][iid]].get("solo") or {}
    moved = []
    for pile in ("captured", "escaped"):
        for n in marks.get(pile) or ():
            zone = DINO_ZONES[n - 1]
            if z[zone]:
                d = z[zone][-1]
                g.move(d, zone, pile)
                s["up"]["dino"][n - 1] = False
                moved.append([pile, s["cards"][d]])
    for n in marks.get("upgrades") or ():
        zone = UPGRADE_ZONES[n - 1]
        if z[zone]:
            u = z[zone][-1]
            g.move(u, zone, "box")
            s["up"]["upgrade"][n - 1] = False
            moved.append(["discarded", s["cards"][u]])
    g.event("solo-card", card=s["cards"][iid], moved=moved)
    return None


def run_upkeep(g):
    s, r = g.s, g.rules
    z = s["z"]
    p = current_player(g)
    for iid in z[f"hospital/{p}"]:
        if s["sleep"].get(str(iid), 0) > 0:
            change_sleep(g, iid, -1)
    alerts = []
    for i, zone in enumerate(DINO_ZONES):
        if z[zone] and not s["up"]["dino"][i]:
            s["up"]["dino"][i] = True
            iid = z[zone][-1]
            g.event("turned-up", card=s["cards"][iid], stack=i + 1)
            if r.dino(s["cards"][iid]).get("alert") and r.mode != "light":
                alerts.append(iid)
    for i, zone in enumerate(UPGRADE_ZONES):
        if z[zone] and not s["up"]["upgrade"][i]:
            s["up"]["upgrade"][i] = True
            g.event("turned-up", card=s["cards"][z[zone][-1]], stack=i + 1)
    seats = [(p + k) % s["players"] for k in range(s["players"])]  # every player, from the one whose turn it is
    for iid in alerts:
        opts = [o for o in r.options.get(s["cards"][iid], ()) if o.trigger == "revealed" and o.variant == 0]
        g.event("alert", card=s["cards"][iid])
        for q in seats:
            if statics(g, q, "alert-immunity"):
                mark_used(g, "alert-immunity")
                g.event("alert-ignored", player=q, card=s["cards"][iid])
                continue
            for o in opts:
                s["queue"].append({"k": "alert", "player": q, "card": iid, "option": o.index})
    return None


def run_roll(g):
    s, r = g.s, g.rules
    p = current_player(g)
    rng = Rng(s["rng"])
    faces = []
    for d in s["dice"]:
        if d["owner"] == p and d["state"] in ("spent", "new", "ready"):
            f = r.faces[d["kind"]]
            d["face"] = f[rng.below(len(f))]
            d["state"] = "ready"
            faces.append(f"{d['kind']} {d['face']}")
    s["rng"] = rng.state
    s["dna_new"][p] = 0  # what was gained before this turn may be spent now
    g.event("roll", player=p, faces=faces)
    return None


def run_admission(g):
    """A hospital with fewer than 4 dinos waits for the player to admit one; otherwise the turn goes on."""
    s = g.s
    p = current_player(g)
    if len(s["z"][f"hospital/{p}"]) < g.rules.admission_below and any(s["z"][z] for z in DINO_ZONES):
        return WAIT
    return None


def admit_actions(g) -> list[dict]:
    s, r = g.s, g.rules
    p = current_player(g)
    out = []
    for i, zone in enumerate(DINO_ZONES):
        if s["z"][zone] and s["up"]["dino"][i]:
            cid = s["cards"][s["z"][zone][-1]]
            out.append({"type": "admit", "player": p, "stack": i + 1,
                        "label": f"P{p}: admit {r.name(cid)} from stack {i + 1} (no dart needed)"})
    if not out:  # only face-down tops are left (a stack emptied this turn): the top of a stack is taken all the same
        for i, zone in enumerate(DINO_ZONES):
            if s["z"][zone]:
                out.append({"type": "admit", "player": p, "stack": i + 1,
                            "label": f"P{p}: admit the face-down top of stack {i + 1}"})
    return out


def apply_admit(g, a) -> None:
    s = g.s
    zone = DINO_ZONES[a["stack"] - 1]
    to_hospital(g, s["z"][zone][-1], zone, a["player"])
    g.goto("turn", "spend")


# ------------------------------------------------------------------ the decisions effects queue
def alert_actions(g, item) -> list[dict]:
    """An alert settles itself (auto): it offers no choice, so no action applies to it."""
    return []


def auto_alert(g, item) -> bool:
    s, r = g.s, g.rules
    s["queue"].pop(0)
    iid = item["card"]
    o = next(o for o in r.options.get(s["cards"][iid], ()) if o.index == item["option"] and o.variant == 0)
    resolve(g, iid, o, VetCtx(item["player"], iid, kind="alert"))
    return True


def _targets(g, item) -> list[int]:
    s = g.s
    p = item["player"]
    ids = list(s["z"][f"hospital/{p}"])
    if item["k"] == "sleep-target" and item["remove"]:
        with_sleep = [i for i in ids if s["sleep"].get(str(i), 0) > 0]
        return with_sleep or ids  # a legal target when there is one; else the effect is ignored
    return ids


def target_actions(g, item) -> list[dict]:
    s, r = g.s, g.rules
    p = item["player"]
    what = {"sleep-target": "remove {n} sleep from" if item.get("remove") else "add {n} sleep to",
            "discard-target": "let go of"}[item["k"]]
    what = what.format(n=item.get("n"))
    return [{"type": "target", "player": p, "dino": i, "label": f"P{p}: {what} {r.name(s['cards'][i])}"}
            for i in _targets(g, item)]


def auto_target(g, item) -> bool:
    ids = _targets(g, item)
    if len(ids) > 1:
        return False
    if not ids:
        g.s["queue"].pop(0)
        g.event("no-target", player=item["player"], why=item["k"])
        return True
    (apply_sleep_target if item["k"] == "sleep-target" else apply_discard_target)(g, item, {"dino": ids[0]})
    return True


def apply_sleep_target(g, item, a) -> None:
    g.s["queue"].pop(0)
    n = -item["n"] if item["remove"] else item["n"]
    if n < 0 and g.s["sleep"].get(str(a["dino"]), 0) == 0:
        g.event("sleep", card=g.s["cards"][a["dino"]], change=0, asked=n, now=0)
        return
    change_sleep(g, a["dino"], n)


def apply_discard_target(g, item, a) -> None:
    s = g.s
    s["queue"].pop(0)
    g.event("dino-lost", player=item["player"], card=s["cards"][a["dino"]], why=item["why"],
            treated=str(a["dino"]) in s["treated"])
    leave_hospital(g, a["dino"], item["player"], "box")



# ------------------------------------------------------------------ steps 5 and 6, and the pass
def run_waking(g):
    """Untreated dinos without sleep wake and leave for the box; each waking carnivore takes one other dino with it,
    unless the hospital is protected (interpretation:paleovet-waking-time)."""
    s, r = g.s, g.rules
    p = current_player(g)
    hosp = f"hospital/{p}"
    woke = [i for i in s["z"][hosp] if s["sleep"].get(str(i), 0) == 0 and str(i) not in s["treated"]]
    carnivores = 0
    for iid in woke:
        carnivores += r.is_carnivore(s["cards"][iid])
        g.event("wakes", player=p, card=s["cards"][iid])
        leave_hospital(g, iid, p, "box")
    if carnivores and protected(g, p):
        mark_used(g, "carnivore-proof")
        g.event("protected", player=p, carnivores=carnivores)
        return None
    for _ in range(carnivores):
        s["queue"].append({"k": "discard-target", "player": p, "why": "carnivore"})
    return None


def run_release(g):
    s = g.s
    p = current_player(g)
    for iid in [i for i in s["z"][f"hospital/{p}"] if str(i) in s["treated"]]:
        g.event("cured", player=p, card=s["cards"][iid])
        leave_hospital(g, iid, p, f"cured/{p}")
    return None


def run_pass(g):
    """The turn passes to the left; a dino stack run out starts the final round, which ends with the last seat."""
    s = g.s
    p = current_player(g)
    for d in s["dice"]:  # dice not spent are put down with the others: all are rolled again next turn
        if d["owner"] == p and d["state"] == "ready":
            d.update(state="spent", face=None)
    if not s["final"] and any(not s["z"][z] for z in DINO_ZONES):
        s["final"] = True
        g.by = "rule:vet/end"
        g.event("final-round", after=p)
    if s["final"] and p == s["players"] - 1:
        finish(g)
        return "over"
    s["current"] = (p + 1) % s["players"]
    s["turn"] += 1
    g.goto("turn")
    g.event("turn", player=s["current"], turn=s["turn"])
    return "next"
