"""PaleoVet as one system on the core: the field, the supply, each player's dice, DNA tokens, hospital and cured pile,
and the turn's steps in their order (solo draw, upkeep, roll, mandatory admission, spending, waking, release),
then the turn passes to the left. What the rulebook leaves open is played as the interpretation records in
`content/paleovet/interpretations-play.yaml` read it, named where played.
"""

from __future__ import annotations

from collections import Counter as Tally

from ...core import WAIT, Counter, Decision, Field, Step, System, Zone
from ...core.invariants import is_int
from ...rng import Rng
from .ops import OPS, VetCtx, change_sleep, gain_die, gain_dna, static_of
from .rules import COLOURS, ICONS, WILD

V = "004_1199c90b0c83849d.txt"
STACKS = 5
RULES = {
    "rule:vet/setup": (V, ["Setup"]),
    "rule:vet/solo": (V, ["Turns", "Solo Mode"]),
    "rule:vet/upkeep": (V, ["Turns", "1. Upkeep"]),
    "rule:vet/alert": (V, ["Concepts", "ALERT!"]),
    "rule:vet/roll": (V, ["Turns", "2. Roll"]),
    "rule:vet/admission": (V, ["Turns", "3. Mandatory Admission"]),
    "rule:vet/spend": (V, ["Turns", "4. Spend Dice"]),
    "rule:vet/treat": (V, ["Spending Dice", "Treat a Dino"]),
    "rule:vet/tranquilize": (V, ["Spending Dice", "Tranquilize a Dino"]),
    "rule:vet/research-treatment": (V, ["Spending Dice", "Research a New Treatment"]),
    "rule:vet/research-upgrade": (V, ["Spending Dice", "Research an Upgrade"]),
    "rule:vet/waking": (V, ["Turns", "5. Check for Waking Dinos"]),
    "rule:vet/release": (V, ["Turns", "6. Release Cured Dinos"]),
    "rule:vet/pass": (V, ["Turns"]),
    "rule:vet/end": (V, ["Ending the Game"]),
    "rule:vet/scoring": (V, ["Scoring"]),
    "rule:vet/sleep": (V, ["Concepts", "Sleep"]),
}
DIE_STATES = ("supply", "ready", "spent", "new", "on")
DINO_ZONES = tuple(f"dino-{i}" for i in range(STACKS))
UPGRADE_ZONES = tuple(f"upgrade-{i}" for i in range(STACKS))


# ------------------------------------------------------------------ field checks of a saved game
def _check_seat(v, s, r):
    return None if is_int(v) and v < s["players"] else f"the current player is {v!r}"


def _check_bool(v, s, r):
    return None if isinstance(v, bool) else "`final` holds true or false"


def _check_up(v, s, r):
    if not isinstance(v, dict) or set(v) != {"dino", "upgrade"} or not all(
            isinstance(x, list) and len(x) == STACKS and all(isinstance(b, bool) for b in x) for x in v.values()):
        return "`up` says for each of the 5 dino and upgrade stacks whether its top is face up"
    return None


def _check_sleep(v, s, r):
    if not isinstance(v, dict) or not all(isinstance(k, str) and k.isdigit() and int(k) < len(s["cards"])
                                          and is_int(n) for k, n in v.items()):
        return "sleep tokens are counts of at least 0 on card instances"
    return None


def _check_dice(v, s, r):
    if not isinstance(v, list):
        return "the dice are a list"
    for d in v:
        if not isinstance(d, dict) or set(d) != {"kind", "owner", "face", "state", "on"}:
            return "a die is {kind, owner, face, state, on}"
        if d["kind"] not in ("white", *COLOURS) or d["state"] not in DIE_STATES:
            return f"a die of kind {d['kind']!r} in state {d['state']!r}"
        if d["owner"] is not None and not (is_int(d["owner"]) and d["owner"] < s["players"]):
            return f"a die owned by {d['owner']!r}"
        if d["face"] is not None and d["face"] not in (r.faces.get(d["kind"]) or ()):
            return f"a {d['kind']} die showing {d['face']!r}, which is not one of its faces"
        if d["on"] is not None and not (is_int(d["on"]) and d["on"] < len(s["cards"])):
            return f"a die lying on {d['on']!r}"
    return None


def _check_treated(v, s, r):
    if not isinstance(v, dict) or not all(isinstance(k, str) and k.isdigit() and int(k) < len(s["cards"])
                                          and isinstance(x, dict) and set(x) == {"dice", "dna"} and is_int(x["dna"])
                                          and isinstance(x["dice"], list) for k, x in v.items()):
        return "treated dinos map to the dice and DNA tokens on them"
    return None


def _check_counts(v, s, r):
    return None if is_int(v) else f"a count of at least 0, not {v!r}"


def _check_used(v, s, r):
    return None if isinstance(v, list) and all(isinstance(x, str) for x in v) else "used symbols are a list of ids"


class VetSystem(System):
    """The whole of PaleoVet: its setup, field, supply, hospitals and the turn."""

    name = "vet"
    phases = ("turn",)
    action_lists = ("pay",)
    zones = (
        *(Zone(z, "shared", "count", key=z.replace("-", "_")) for z in DINO_ZONES),
        *(Zone(z, "shared", "count", key=z.replace("-", "_")) for z in UPGRADE_ZONES),
        Zone("hospital", "player", "public", key="hospitals", holds="dino", given="bottom-first"),
        Zone("cured", "player", "count", given="bottom-first"),
        Zone("upgrades", "player", "public", holds="upgrade", given="bottom-first"),
        Zone("box", "shared", "count", given=None),
        Zone("solo-deck", "shared", "count", key="solo_deck"),
        Zone("solo-discard", "shared", "public", key="solo_discard", given="bottom-first"),
        Zone("captured", "shared", "public", given="bottom-first"),
        Zone("escaped", "shared", "public", given="bottom-first"),
    )
    counters = (
        Counter("dna", "player", initial=lambda r: r.start_dna),
        Counter("dna_supply", max=lambda r: r.dna_total, initial=lambda r: r.dna_total),
        Counter("sleep_supply", max=lambda r: r.sleep_total, initial=lambda r: r.sleep_total),
    )
    fields = (
        Field("current", initial=lambda r, n: 0, check=_check_seat),
        Field("final", initial=lambda r, n: False, check=_check_bool),
        Field("turn", initial=lambda r, n: 1, check=_check_counts),
        Field("up", initial=lambda r, n: {"dino": [False] * STACKS, "upgrade": [False] * STACKS}, check=_check_up),
        Field("sleep", initial=lambda r, n: {}, check=_check_sleep),
        Field("dice", initial=lambda r, n: [], check=_check_dice),
        Field("treated", initial=lambda r, n: {}, check=_check_treated),
        Field("dna_new", "player", initial=lambda r, n: [0] * n, check=_check_counts),
        Field("used", initial=lambda r, n: [], check=_check_used),
    )
    ops = OPS

    def __init__(self):
        self.steps = (
            Step("solo", "turn", run_solo, rule="rule:vet/solo"),
            Step("upkeep", "turn", run_upkeep, rule="rule:vet/upkeep"),
            Step("roll", "turn", run_roll, rule="rule:vet/roll"),
            Step("admission", "turn", run_admission, admit_actions, apply_admit, rule="rule:vet/admission"),
            Step("spend", "turn", lambda g: WAIT, spend_actions, apply_spend, rule="rule:vet/spend"),
            Step("waking", "turn", run_waking, rule="rule:vet/waking"),
            Step("release", "turn", run_release, rule="rule:vet/release"),
            Step("pass", "turn", run_pass, rule="rule:vet/pass"),
        )
        self.decisions = (
            Decision("alert", {"player": "player", "card": "card", "option": "int"}, alert_actions,
                     auto=auto_alert, rule="rule:vet/alert"),
            Decision("sleep-target", {"player": "player", "n": "count", "remove": "bool"}, target_actions, apply_sleep_target,
                     auto=auto_target, rule="rule:vet/sleep"),
            Decision("discard-target", {"player": "player", "why": "str"}, target_actions, apply_discard_target,
                     auto=auto_target, rule="rule:vet/waking"),
        )
        self.given = {"dice_faces": _given_faces, "sleep_on": _given_sleep, "field_up": _given_up,
                      "current": _given_current, "final": _given_final}

    # ------------------------------------------------------------------ setup
    def setup(self, g) -> None:
        s, r = g.s, g.rules
        z = s["z"]
        rng = Rng(s["rng"])
        copies = lambda cid: int(r.cards[cid].get("copies") or 1)  # noqa: E731
        dinos = g.make_cards(r.dinos, copies)
        rng.shuffle(dinos)
        for i in range(STACKS):  # five stacks of ten; the end of a list is its top
            z[DINO_ZONES[i]] = dinos[i * r.per_stack:(i + 1) * r.per_stack]
        z["box"].extend(dinos[STACKS * r.per_stack:])
        if r.upgrades:
            ups = g.make_cards(r.upgrades, copies)
            rng.shuffle(ups)
            for i in range(STACKS):
                z[UPGRADE_ZONES[i]] = ups[i * r.upgrades_per_stack:(i + 1) * r.upgrades_per_stack]
            z["box"].extend(ups[STACKS * r.upgrades_per_stack:])
        if r.solo_cards:
            solo = g.make_cards(r.solo_cards, copies)
            rng.shuffle(solo)
            z["solo-deck"] = solo
        s["rng"] = rng.state
        # the tops are turned up at setup; an ALERT! turned up now has no effect (interpretation:paleovet-alert-at-setup)
        s["up"] = {"dino": [bool(z[d]) for d in DINO_ZONES], "upgrade": [bool(z[u]) for u in UPGRADE_ZONES]}
        s["dice"] = [{"kind": "white", "owner": p, "face": None, "state": "spent", "on": None}
                     for p in range(s["players"]) for _ in range(r.white_dice)]
        s["dice"] += [{"kind": c, "owner": None, "face": None, "state": "supply", "on": None}
                      for c in COLOURS for _ in range(r.specialty_per_colour[c])]
        s["dna_supply"] = r.dna_total - r.start_dna * s["players"]
        g.event("setup", players=s["players"], mode=r.mode, field=[len(z[d]) for d in DINO_ZONES],
                upgrades=[len(z[u]) for u in UPGRADE_ZONES], first=0)

    # ------------------------------------------------------------------ observation and view
    def observe(self, g, player, obs) -> None:
        s = g.s
        z = s["z"]
        obs["current"] = s["current"]
        obs["final"] = s["final"]
        obs["field"] = [s["cards"][z[d][-1]] if z[d] and s["up"]["dino"][i] else None for i, d in enumerate(DINO_ZONES)]
        obs["upgrade_field"] = [s["cards"][z[u][-1]] if z[u] and s["up"]["upgrade"][i] else None
                                for i, u in enumerate(UPGRADE_ZONES)]
        obs["sleep"] = {s["cards"][int(k)] + f"#{k}": v for k, v in s["sleep"].items()}
        for p, po in enumerate(obs["players"]):
            po["dice"] = [{"kind": d["kind"], "face": d["face"], "state": d["state"]}
                          for d in s["dice"] if d["owner"] == p]
            po["treated"] = [s["cards"][int(k)] for k in s["treated"] if int(k) in z[f"hospital/{p}"]]
            if p == player:
                po["cured_cards"] = [s["cards"][i] for i in z[f"cured/{p}"]]

    def view(self, g, out) -> None:
        s = g.s
        z = s["z"]
        out["current"] = s["current"]
        out["final"] = s["final"]
        out["field"] = [s["cards"][z[d][-1]] if z[d] and s["up"]["dino"][i] else None for i, d in enumerate(DINO_ZONES)]
        out["sleep_on"] = {s["cards"][int(k)]: v for k, v in s["sleep"].items()}
        out["treated"] = sorted(s["cards"][int(k)] for k in s["treated"])
        out["dice_of"] = {str(p): sorted(f"{d['kind']} {d['state']}" + (f" {d['face']}" if d["face"] else "")
                                         for d in s["dice"] if d["owner"] == p) for p in range(s["players"])}
        out["scores"] = scores(g)

    # ------------------------------------------------------------------ invariants
    def invariants(self, g) -> list[str]:
        s, r = g.s, g.rules
        z = s["z"]
        out = []
        hosp = {i: p for p in range(s["players"]) for i in z[f"hospital/{p}"]}
        for k, n in s["sleep"].items():
            if int(k) not in hosp:
                out.append(f"sleep tokens on {s['cards'][int(k)]}, which is in no hospital")
        for i in hosp:
            if str(i) not in s["sleep"]:
                out.append(f"{s['cards'][i]} lies in a hospital without a sleep count")
        if s["sleep_supply"] + sum(s["sleep"].values()) != r.sleep_total:
            out.append(f"{s['sleep_supply']} sleep tokens in the supply and {sum(s['sleep'].values())} on dinos, "
                       f"but the game has {r.sleep_total}")
        on_dinos = sum(t["dna"] for t in s["treated"].values())
        if s["dna_supply"] + sum(s["dna"]) + on_dinos != r.dna_total:
            out.append(f"DNA tokens: {s['dna_supply']} in the supply, {sum(s['dna'])} held, {on_dinos} on dinos, "
                       f"but the game has {r.dna_total}")
        for p in range(s["players"]):
            if s["dna_new"][p] > s["dna"][p]:
                out.append(f"player {p} gained {s['dna_new'][p]} DNA tokens this turn but holds {s['dna'][p]}")
        for k, t in s["treated"].items():
            i = int(k)
            if i not in hosp:
                out.append(f"{s['cards'][i]} is treated but in no hospital")
                continue
            for d in t["dice"]:
                if not is_int(d) or d >= len(s["dice"]) or s["dice"][d]["on"] != i or s["dice"][d]["owner"] != hosp[i]:
                    out.append(f"the dice on treated {s['cards'][i]} are not its owner's dice lying on it")
        for n, d in enumerate(s["dice"]):
            if (d["state"] == "on") != (d["on"] is not None):
                out.append(f"die {n} is {d['state']} but lies on {d['on']!r}")
            if d["state"] == "on" and n not in s["treated"].get(str(d["on"]), {}).get("dice", []):
                out.append(f"die {n} lies on a dino that is not treated with it")
            if (d["state"] == "supply") != (d["owner"] is None):
                out.append(f"die {n} in state {d['state']} with owner {d['owner']!r}")
            if d["state"] == "supply" and d["kind"] == "white":
                out.append("a white die in the supply")
            if d["state"] == "ready" and d["face"] is None:
                out.append(f"die {n} is ready but shows no face")
        for p in range(s["players"]):
            spec = sum(1 for d in s["dice"] if d["owner"] == p and d["kind"] != "white")
            if spec > r.max_specialty:
                out.append(f"player {p} has {spec} specialty dice, more than {r.max_specialty}")
        for zname in DINO_ZONES:
            for i in z[zname]:
                if not r.is_dino(s["cards"][i]):
                    out.append(f"{s['cards'][i]} lies in a dino stack")
        for zname in UPGRADE_ZONES:
            for i in z[zname]:
                if not r.is_upgrade(s["cards"][i]):
                    out.append(f"{s['cards'][i]} lies in an upgrade stack")
        if s["outcome"] is None and s["phase"] == "turn":
            for p in range(s["players"]):
                if p != s["current"] and any(d["owner"] == p and d["state"] == "ready" for d in s["dice"]):
                    out.append(f"player {p} has rolled dice outside their turn")
        return out


# ------------------------------------------------------------------ helpers
def _player(g) -> int:
    return g.s["current"]


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


def _to_hospital(g, iid: int, src: str, p: int) -> None:
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


def _triggered(g, iid: int, symbol: str, p: int) -> None:
    """A dino's `on tranquilize:` / `on treat:` options, when that dino is tranquilized or treated."""
    for o in g.rules.options.get(g.s["cards"][iid], ()):
        if o.trigger == "on" and o.on == symbol and o.variant == 0 and matches(g.rules, g.s["cards"][iid], o.need_static):
            resolve(g, iid, o, VetCtx(p, iid, target=iid, kind="trigger"))


# ------------------------------------------------------------------ the steps
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
    p = _player(g)
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
    p = _player(g)
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
    p = _player(g)
    if len(s["z"][f"hospital/{p}"]) < g.rules.admission_below and any(s["z"][z] for z in DINO_ZONES):
        return WAIT
    return None


def admit_actions(g) -> list[dict]:
    s, r = g.s, g.rules
    p = _player(g)
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
    _to_hospital(g, s["z"][zone][-1], zone, a["player"])
    g.goto("turn", "spend")


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


# ------------------------------------------------------------------ spending dice and tokens
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
    p = _player(g)
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
        _triggered(g, iid, "symbol:treat", p)
    elif t == "tranquilize":
        g.by = "rule:vet/tranquilize"
        zone = DINO_ZONES[a["stack"] - 1]
        iid = z[zone][-1]
        if len(z[f"hospital/{p}"]) >= r.hospital_limit:
            mark_used(g, "hospital-limit")
        _pay(g, p, a["pay"], None)
        g.event("tranquilize", player=p, card=s["cards"][iid], pay=a["pay"])
        _to_hospital(g, iid, zone, p)
        _triggered(g, iid, "symbol:tranquilize", p)
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


def run_waking(g):
    """Untreated dinos without sleep wake and leave for the box; each waking carnivore takes one other dino with it,
    unless the hospital is protected (interpretation:paleovet-waking-time)."""
    s, r = g.s, g.rules
    p = _player(g)
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
    p = _player(g)
    for iid in [i for i in s["z"][f"hospital/{p}"] if str(i) in s["treated"]]:
        g.event("cured", player=p, card=s["cards"][iid])
        leave_hospital(g, iid, p, f"cured/{p}")
    return None


def run_pass(g):
    """The turn passes to the left; a dino stack run out starts the final round, which ends with the last seat."""
    s = g.s
    p = _player(g)
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


# ------------------------------------------------------------------ rule-test `given` keys
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


SYSTEMS = (VetSystem,)
