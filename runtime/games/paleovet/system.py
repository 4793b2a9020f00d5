"""PaleoVet as one system on the core: the field, the supply, each player's dice, DNA tokens, hospital and cured pile,
and the turn's steps in their order (solo draw, upkeep, roll, mandatory admission, spending, waking, release),
then the turn passes to the left. What the rulebook leaves open is played as the interpretation records in
`content/paleovet/interpretations-play.yaml` read it, named where played.

This module declares the system (its rule sections, steps and decisions) and holds its setup, observation, view and
invariants; the state's shape is in `state`, the steps in `turn` and `spending`, the end in `scoring`, the lasting
and one-time effects' reach into the state in `effects`, and the rule tests' `given` keys in `given`.
"""

from __future__ import annotations

from ...core import WAIT, Decision, Step, System
from ...core.invariants import is_int
from ...rng import Rng
from .given import GIVEN
from .ops import OPS
from .rules import COLOURS
from .scoring import scores
from .spending import apply_spend, spend_actions
from .state import COUNTERS, DINO_ZONES, FIELDS, STACKS, UPGRADE_ZONES, ZONES
from .turn import (admit_actions, alert_actions, apply_admit, apply_discard_target, apply_sleep_target, auto_alert,
                   auto_target, run_admission, run_pass, run_release, run_roll, run_solo, run_upkeep, run_waking,
                   target_actions)

V = "004_1199c90b0c83849d.txt"
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


class VetSystem(System):
    """The whole of PaleoVet: its setup, field, supply, hospitals and the turn."""

    name = "vet"
    phases = ("turn",)
    action_lists = ("pay",)
    zones = ZONES
    counters = COUNTERS
    fields = FIELDS
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
        self.given = dict(GIVEN)

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


SYSTEMS = (VetSystem,)
