"""The Paleo base game as a system: its zones, counters, day and night steps, decisions, triggers and `everyone:`."""

from __future__ import annotations

from itertools import permutations

from ...core import WAIT, Counter, Decision, Field, Listener, Step, Zone
from ...core.actions import Below, Instance, Seat, Seq
from ...core.invariants import is_int
from ...rng import Rng
from . import policy as P
from . import resolve as R
from . import state as S
from .ops import OPS
from .state import SKILLS, Ctx
from .system import PaleoSystem
from .base_decisions import (
    apply_craft,
    apply_everyone_dice,
    apply_reroll,
    apply_share,
    apply_wound,
    auto_done,
    auto_finish,
    auto_roll_check,
    auto_wound,
    craft_actions,
    everyone_dice_actions,
    fallback_actions,
    given_dice,
    given_groups,
    given_tools,
    reroll_actions,
    share_actions,
    where_reroll,
    wound_actions,
)
from .base_night import on_night_cards, on_reveal, on_symbol, predeal, reveal, run_feeding, run_missions, run_new_day

B = "002_56cce9db253ede81.txt"
DAY = ["The Game Turn: Surviving Day and Night", "Day Phase: Exploring the Unknown"]
NIGHT = ["The Game Turn: Surviving Day and Night", "Night Phase: Preparing for Tomorrow"]
WW = "003_d22ca494923bf453.txt"
RULES = {
    "rule:paleo/setup": (B, ["Preparation (Setup): Setting Up Your Primitive Camp"]),
    "rule:paleo/choose": (B, DAY + ["1. Choose a Card:"]),
    "rule:paleo/resolve": (B, DAY + ["3. Resolving Cards:"]),
    "rule:paleo/feeding": (B, NIGHT),
    "rule:paleo/missions": (B, NIGHT),
    "rule:paleo/night-cards": (B, NIGHT),
    "rule:paleo/new-day": (B, NIGHT),
    "rule:paleo/end": (B, ["End of Game and Scoring"]),
    "rule:paleo/everyone": (WW, ["New Symbols and Actions", "Everyone"]),
    "rule:paleo/everyone-rolls": (WW, ["New Symbols and Actions", "! Everyone Rolls Dice"]),
    "rule:paleo/when-revealed": (B, DAY + ["3. Resolving Cards:"]),
    "rule:paleo/on-symbol": (B, DAY + ["3. Resolving Cards:"]),
    "rule:paleo/reroll": ("000_97f291d3c44cb3f7.txt", ["Cards with the Expansion Action Symbols", "Secrets"]),
}


def _player_list(kind):
    def check(v, s, r):
        if kind == "bool" and not isinstance(v, bool):
            return "`asleep` and `done` hold true or false only"
        if kind == "seat" and v is not None and (not is_int(v) or v >= s["players"]):
            return f"helps {v!r}"
        return None
    return check


def _check_choice(c, s, r):
    if c is None:
        return None
    if not isinstance(c, dict) or c.get("kind") not in ("card", "sleep"):
        return "the choice is not a choice record"
    if c["kind"] == "sleep":
        return None if set(c) == {"kind"} else "the choice has unknown fields"
    if set(c) != {"kind", "card", "order"}:
        return "the choice has unknown fields"
    return None


def _check_wounds(v, s, r):
    if not isinstance(v, dict) or not all(isinstance(k, str) and k.isdigit() and int(k) < len(s["cards"]) for k in v):
        return "wounds on unknown card instances"
    return None


def _check_bonus(b, s, r):
    n = s["players"]
    if not isinstance(b, dict) or not all(isinstance(k, str) and k.isdigit() and int(k) < n and isinstance(v, dict)
                                          and all(sk in SKILLS and is_int(x) for sk, x in v.items()) for k, v in b.items()):
        return "skill bonuses are counts of strength, awareness or craftsmanship per player"
    if b and not s["queue"]:
        return "skill bonuses outside a resolution"
    return None


def _check_strs(what):
    def check(v, s, r):
        if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
            return f"{what} are a list of names"
        return None
    return check


def _where_card(*zones):
    def where(g, item):
        z = g.s["z"]
        iid = item["card"]
        names = [n for n in z if n.split("/")[0] in zones]
        if not any(iid in z[n] for n in names):
            return f"pending decision {item['k']} for card instance {iid}, which is not where that decision is taken"
        return None
    return where


def _where_resolving(g, item):
    """A card being resolved lies where it is resolved: chosen, with a group, a mission, an idea, or where
    another system resolves cards (`resolving_zones`: the camp, module N's revealed night cards)."""
    zones = ("chosen", "night", "missions", "workbench") + tuple(
        z for x in g.layout.systems for z in x.resolving_zones)
    return _where_card(*zones)(g, item)


def _where_dice(g, item):
    if not item["ask"]:
        return "pending decision everyone-dice asks nobody"
    return _where_resolving(g, item)


def _where_listening(g, item):
    p = item["player"]
    if not any(item["card"] in g.s["z"][z.name if z.scope == "shared" else f"{z.name}/{p}"] for z in g.layout.listening):
        return f"pending decision trigger for card instance {item['card']}, which lies in no zone heard for P{p}"
    return None


FINISH_KINDS = ("day", "help", "sun")  # a turn's card, a help action spent otherwise, module X's sun secret


def _where_finish(g, item):
    """A finish names a kind of resolution this game has (a turn's card, a help action, or a card decision's own
    kind) and, for a turn's card or help action, the player whose it is."""
    kind = item["kind"]
    if kind not in FINISH_KINDS and kind not in g.layout.decisions:
        return f"pending decision finish of an unknown kind of resolution {str(kind)[:40]!r}"
    if kind in ("day", "help") and item["player"] is None:
        return f"pending decision finish of a {kind} resolution names no player"
    return None


def _where_night(g, item):
    p = item["player"]
    if p is None or item["card"] not in g.s["z"][f"night/{p}"]:
        return f"pending decision nightcard for card instance {item['card']}, which is not where that decision is taken"
    return None


class BaseSystem(PaleoSystem):
    """Day (choose, reveal, resolve, help, ignore, sleep) and night (feeding, missions, night cards, new day)."""

    name = "paleo"
    phases = ("day", "night")
    action_types = {
        # the day: choosing (a top card by index among the backs seen, the others' order back), resolving
        "choose": {"card": Below(4), "order": Seq(Below(4), 3)},
        "sleep": {}, "option": {"option": Below(8), "variant": Below(8)}, "help": {"target": Seat()},
        "ignore": {}, "wound": {"person": Instance()}, "craft": {"idea": Instance()}, "share": {"to": Seat()},
        "meet": {}, "decline": {}, "keep": {}, "reroll": {"die": Below(8)},
        "help-card": {"card": Instance(), "option": Below(8)},
    }
    scores = {"choose": P.choose_score, "sleep": P.sleep_score, "option": P.option_action_score, "help": P.help_score,
              "ignore": 0.0, "wound": P.wound_score, "craft": P.craft_score, "share": P.share_score, "meet": 1.0,
              "decline": 0.0, "keep": 0.15, "reroll": P.reroll_score, "help-card": P.help_card_score}
    rule_sources = RULES
    shared_kinds = ("day",)  # a help action by day
    action_lists = ("order",)
    boards = ("board:base-camp", "board:night", "board:wilderness", "board:workbench", "board:cemetery")
    zones = (
        Zone("deck", "player", "count", key="decks"),
        Zone("chosen", "player", "public", given="bottom-first"),
        Zone("group", "player", "public", key="groups", holds="person", given=None),
        Zone("night", "player", "public", listens=True, given="bottom-first"),
        Zone("people", "shared", "count"),
        Zone("dreams", "shared", "count"),
        Zone("ideas", "shared", "count"),
        Zone("secrets", "shared", "count", given="bottom-first"),
        Zone("missions", "shared", "public", given="bottom-first"),
        Zone("workbench", "shared", "public", given="bottom-first"),
        Zone("discard-down", "shared", "count", given="bottom-first"),
        Zone("discard-up", "shared", "public", given="bottom-first"),
        Zone("cemetery", "shared", "public", given="bottom-first"),
        Zone("box", "shared", "count", given=None),
    )
    counters = (
        Counter("res", keys=lambda r: r.resources, max=lambda r: r.res_stock,
                initial=lambda r: {**dict.fromkeys(r.resources, 0), "food": r.starting_food}),
        Counter("tools", "player", keys="any", drop_zero=True),
        Counter("supply", keys="any", stock=lambda r: r.tool_stock, held_in="tools", initial=lambda r: dict(r.tool_stock)),
        Counter("victory", max=lambda r: r.victory_target),
        Counter("skulls", max=lambda r: r.skull_limit + r.extra_skulls),
        Counter("day", initial=lambda r: 1),
        Counter("nights"),
    )
    fields = (
        Field("forced_dice", initial=lambda r, n: [], check=_check_strs("forced dice")),
        Field("wounds", initial=lambda r, n: {}, check=_check_wounds),
        Field("asleep", "player", initial=lambda r, n: [False] * n, check=_player_list("bool")),
        Field("choice", "player", initial=lambda r, n: [None] * n, check=_check_choice),
        Field("done", "player", initial=lambda r, n: [True] * n, check=_player_list("bool")),
        Field("helping", "player", initial=lambda r, n: [None] * n, check=_player_list("seat")),
        Field("used", initial=lambda r, n: [], check=_check_strs("used symbols")),
        Field("bonus", initial=lambda r, n: {}, check=_check_bonus),
    )
    ops = OPS

    def __init__(self):
        self.steps = (
            Step("choose", "day", self.run_choose, self.choose_actions, self.apply_choose, rule="rule:paleo/choose"),
            Step("resolve", "day", self.run_resolve, self.resolve_actions, self.apply_resolve, rule="rule:paleo/resolve"),
            Step("feeding", "night", run_feeding, rule="rule:paleo/feeding"),
            Step("missions", "night", run_missions, rule="rule:paleo/missions"),
            Step("night-cards", "night", lambda g: None, rule="rule:paleo/night-cards"),
            Step("new-day", "night", run_new_day, rule="rule:paleo/new-day"),
        )
        self.decisions = (
            Decision("wound", {"n": "count", "players": "players", "decider": "player"}, wound_actions, apply_wound,
                     auto_wound, rule="rule:paleo/resolve"),
            Decision("share", {"what": "str", "tool": "str~", "players": "players", "decider": "player"},
                     share_actions, apply_share, rule="rule:paleo/resolve"),
            Decision("craft", {"player": "player", "helpers": "players", "tool": "str?"}, craft_actions, apply_craft,
                     rule="rule:paleo/resolve"),
            Decision("fallback", {"player": "player?", "card": "card", "kind": "str", "helpers": "players",
                                  "finish": "decision", "option": "int~", "everyone": "bool~"},
                     fallback_actions, R.apply_card_decision, where=_where_resolving,
                     rule="rule:paleo/resolve"),
            Decision("mission", {"card": "card", "player": "player?"}, R.card_decision_actions, R.apply_card_decision,
                     where=_where_card("missions"), rule="rule:paleo/missions"),
            Decision("nightcard", {"card": "card", "player": "player?"}, R.card_decision_actions, R.apply_card_decision,
                     where=_where_night, rule="rule:paleo/night-cards"),
            Decision("revealed", {"card": "card", "player": "player"}, R.card_decision_actions, R.apply_card_decision,
                     where=_where_card("chosen"), rule="rule:paleo/when-revealed"),
            Decision("trigger", {"card": "card", "player": "player", "symbol": "str"}, R.card_decision_actions,
                     R.apply_card_decision, where=_where_listening, rule="rule:paleo/on-symbol"),
            Decision("everyone-dice", {"player": "player?", "card": "card", "kind": "str", "helpers": "players",
                                       "finish": "decision", "option": "int", "variant": "int", "ask": "players"},
                     everyone_dice_actions, apply_everyone_dice, where=_where_dice,
                     rule="rule:paleo/everyone-rolls"),
            Decision("reroll", {"player": "player", "left": "count"}, reroll_actions, apply_reroll, where=where_reroll,
                     rule="rule:paleo/reroll"),
            Decision("roll-check", {"player": "player?", "card": "card", "kind": "str", "helpers": "players",
                                    "finish": "decision", "option": "int", "variant": "int", "faces": "list",
                                    "rerolled": "list", "bonus": "dict"},
                     auto=auto_roll_check, where=_where_resolving, rule="rule:paleo/reroll"),
            Decision("finish", {"player": "player?", "card": "card", "kind": "str", "to": "str~"}, auto=auto_finish,
                     where=_where_finish),
            Decision("done", {}, auto=auto_done),
        )
        self.listeners = (
            Listener("reveal", on_reveal),
            Listener("symbol", on_symbol),
            Listener("step:night-cards", on_night_cards),
        )
        self.given = {"groups": given_groups, "tools": given_tools, "dice": given_dice}

    # ------------------------------------------------------------------ setup
    def setup(self, g) -> None:
        r, s = g.rules, g.s
        z = s["z"]
        copies = lambda cid: int(r.cards[cid].get("copies") or 1)  # noqa: E731
        rng = Rng(s["rng"])
        for zone in ("people", "dreams", "ideas"):
            z[zone] = g.make_cards(r.support[zone], copies)
            rng.shuffle(z[zone])
        explo = g.make_cards(r.exploration, copies)
        z["secrets"] = g.make_cards([c for num in r.secret_numbers for c in r.secret_cards.get(num, [])], copies)
        for sys_ in g.layout.systems:  # decks a module lays out before the deal (Q's dreams, R's volcano cards)
            sys_.arrange(g, rng, explo)
        rng.shuffle(explo)
        s["rng"] = rng.state
        predeal(g, explo)
        stack = s["setup"].get("stack") or {}
        for zone, cids in sorted(stack.items()):
            deck, top = z[zone], []
            for cid in cids:
                iid = next((i for i in deck if s["cards"][i] == cid), None)
                deck.remove(iid)
                top.append(iid)
            deck.extend(reversed(top))
        z["missions"] = g.make_cards(r.missions, copies)
        z["box"].extend(g.make_cards(r.boxed, copies))
        n = s["players"]
        for i, iid in enumerate(explo):  # deal round robin from player 0; the end of a deck list is its top
            z[f"deck/{i % n}"].append(iid)
        # a module may let the players swap people before they take their tools (The White Whale, 3–4 players)
        tools = not any(x.defers_tools(g) for x in g.layout.systems)
        for p in range(n):
            for _ in range(r.people_per_group):
                S.join_person(g, p, None, tools=tools)
        g.event("setup", players=n, modules=list(s["setup"]["modules"]), decks=[len(z[f"deck/{p}"]) for p in range(n)])
        for p in range(n):
            if not z[f"deck/{p}"]:
                s["asleep"][p] = True

    # ------------------------------------------------------------------ observation and rule-test view
    def observe(self, g, player: int, obs: dict) -> None:
        s, r = g.s, g.rules
        z = s["z"]
        for p, po in enumerate(obs["players"]):
            deck = z[f"deck/{p}"]
            po["wounds"] = [s["wounds"].get(str(i), 0) for i in z[f"group/{p}"]]
            po["top_back"] = r.back(s["cards"][deck[-1]]) if deck else None
            po["asleep"] = s["asleep"][p]
            po["helping"] = s["helping"][p]
            c = s["choice"][p]
            po["committed"] = None if c is None else (
                {"sleep": True} if c["kind"] == "sleep" else {"back": r.back(s["cards"][deck[-1 - c["card"]]])})
            if p == player and s["step"] == "choose":
                po["top_backs"] = [r.back(s["cards"][i]) for i in reversed(deck[-r.backs_seen:])]

    def view(self, g, out: dict) -> None:
        s = g.s
        n = s["players"]
        short = lambda d: {t.split("/")[-1].split(":")[-1]: v for t, v in d.items()}  # noqa: E731
        out["tools"] = {str(p): short(s["tools"][p]) for p in range(n)}
        out["supply"] = short(s["supply"])
        out["wounds"] = {s["cards"][int(i)]: w for i, w in s["wounds"].items()}
        out["asleep"] = list(s["asleep"])
        out["deck_sizes"] = {str(p): len(s["z"][f"deck/{p}"]) for p in range(n)}

    # ------------------------------------------------------------------ invariants
    def invariants(self, g) -> list[str]:
        s, r = g.s, g.rules
        out = []
        for iid, w in s["wounds"].items():
            i = int(iid)
            hearts = r.persons.get(s["cards"][i], {}).get("hearts", 0)
            if not is_int(w, 1) or w > hearts:
                out.append(f"{s['cards'][i]} carries {w!r} wounds with {hearts} hearts")
            if not any(i in s["z"][f"group/{p}"] for p in range(s["players"])):
                out.append(f"wounds on {s['cards'][i]}, who is in no group")
        for p in range(s["players"]):
            chosen = s["z"][f"chosen/{p}"]
            if len(chosen) > 1:
                out.append(f"player {p} has {len(chosen)} chosen cards")
            if (s["step"] == "choose" or s["phase"] == "night") and chosen:
                out.append(f"player {p} has a chosen card outside the resolve step")
            if s["step"] == "resolve" and s["done"][p] != (not chosen):
                out.append(f"player {p} is {'done' if s['done'][p] else 'resolving'} with {len(chosen)} chosen cards")
            if s["phase"] == "day" and s["asleep"][p] and s["z"][f"deck/{p}"]:
                out.append(f"player {p} is asleep with {len(s['z'][f'deck/{p}'])} cards in their deck")
            if s["asleep"][p] and s["choice"][p] is not None:
                out.append(f"player {p} is asleep but has a choice pending")
            c = s["choice"][p]
            if c is not None:
                if s["step"] != "choose":
                    out.append(f"choice of player {p} outside the choose step")
                elif c["kind"] == "card":
                    top = min(r.backs_seen, len(s["z"][f"deck/{p}"]))
                    k, order = c.get("card"), c.get("order")
                    if not is_int(k) or k >= top:
                        out.append(f"choice of player {p} takes card {k!r} of {top}")
                    elif not isinstance(order, list) or order not in [
                            list(x) for x in permutations([j for j in range(top) if j != k])]:
                        out.append(f"choice of player {p} puts the other cards back as {order!r}")
            h = s["helping"][p]
            if h is not None and (h == p or not s["done"][p]):
                out.append(f"player {p} helps {h!r}")
            elif h is not None and s["helping"][h] == p:
                out.append(f"players {p} and {h} help each other")
        return out

    # ------------------------------------------------------------------ day: choose
    def run_choose(self, g):
        s = g.s
        if any(not s["asleep"][p] and s["choice"][p] is None for p in range(s["players"])):
            return WAIT
        if all(s["asleep"]):
            g.goto("night")
            return None
        reveal(g)
        g.goto("day", "resolve")
        g.bus("after", "reveal", None)
        return None

    def choose_actions(self, g) -> list[dict]:
        s, r = g.s, g.rules
        out = []
        for p in range(s["players"]):
            if s["asleep"][p] or s["choice"][p] is not None:
                continue
            deck = s["z"][f"deck/{p}"]
            top = list(reversed(deck[-r.backs_seen:]))
            backs = [r.back(s["cards"][i]) for i in top]
            for k in range(len(top)):
                rest = [j for j in range(len(top)) if j != k]
                for order in permutations(rest):
                    lab = f"P{p}: take card {k + 1} ({backs[k]} back)"
                    if len(order) > 1:
                        lab += ", keep " + " over ".join(f"{backs[j]} ({j + 1})" for j in order)
                    out.append({"type": "choose", "player": p, "card": k, "order": list(order), "label": lab})
            if all(x.allows_sleep_early for x in g.layout.systems):  # module R forbids it
                out.append({"type": "sleep", "player": p, "label": f"P{p}: go to sleep early (discard {len(deck)} cards)"})
        for sys_ in g.layout.systems:  # what else the players may do instead of revealing (go out to sea)
            out.extend(sys_.choose_extras(g))
        return out

    def apply_choose(self, g, a: dict) -> None:
        if a["type"] not in ("choose", "sleep"):
            next(x for x in g.layout.systems if a["type"] in x.choose_types).apply_choose_extra(g, a)
            return
        if a["type"] == "choose":
            g.s["choice"][a["player"]] = {"kind": "card", "card": a["card"], "order": a["order"]}
        else:
            g.s["choice"][a["player"]] = {"kind": "sleep"}
        g.event("chose", player=a["player"])

    # ------------------------------------------------------------------ day: resolve
    def run_resolve(self, g):
        s = g.s
        if not all(s["done"]):
            return WAIT
        for p in range(s["players"]):
            if not s["asleep"][p] and not s["z"][f"deck/{p}"]:
                s["asleep"][p] = True
                g.event("sleep", player=p)
        s["helping"] = [None] * s["players"]
        g.goto("night" if all(s["asleep"]) else "day")
        return None

    def resolve_actions(self, g) -> list[dict]:
        s, r = g.s, g.rules
        out: list[dict] = []
        for p in range(s["players"]):
            if s["done"][p]:
                continue
            iid = s["z"][f"chosen/{p}"][0]
            cid = s["cards"][iid]
            ctx = Ctx(p, R.helpers_of(g, p), iid, "day")
            day_opts = [o for o in r.options.get(cid, []) if o.trigger is None]  # trigger options wait for theirs
            danger = r.is_danger(cid)
            if danger and any(o.help and R.affordable(g, o, ctx) for o in day_opts):
                danger = False  # an avoidable danger, avoided: help or ignore are open
            opts = [o for o in day_opts if not o.help]
            offered = R.offer_card_options(g, p, cid, opts, ctx, f"P{p}: {r.name(cid)}: ",
                                           negatives=R.open_negatives(g, [o for o in opts if o.negative], ctx) if danger else ())
            out.extend(offered)
            any_opt = bool(offered)
            if not danger:
                for q in range(s["players"]):
                    if q != p and not s["done"][q] and s["helping"][q] is None:
                        out.append({"type": "help", "player": p, "target": q, "label": f"P{p}: help P{q}"})
                out.extend(R.help_uses(g, p))
            if cid in r.help_paid and r.has_moon(cid):  # its action waits for a help action: kept with the group
                out.append({"type": "keep", "player": p, "label": f"P{p}: lay {r.name(cid)} with the group "
                                                                   "(its action is taken with a help action)"})
            if not danger or not any_opt:
                out.append({"type": "ignore", "player": p,
                            "label": f"P{p}: ignore {r.name(cid)}" + ("" if not danger else " (no action can be resolved)")})
            for sys_ in g.layout.systems:  # what other systems let a resolving player do (play the flute)
                out.extend(sys_.resolve_extras(g, p))
        return out

    def help_extras(self, g, p: int) -> list[dict]:
        """Options paid with a help action (`cost help`) on a card lying open: another player's revealed card, a
        card kept with a group, or one a system lays out (`help_zones`); a player free to help may spend it there."""
        s, r = g.s, g.rules
        zones = [f"chosen/{q}" for q in range(s["players"]) if q != p and not s["done"][q]]
        zones += [f"night/{q}" for q in range(s["players"])]
        zones += [z for x in g.layout.systems for z in x.help_zones]
        out = []
        for zone in zones:
            for iid in s["z"][zone]:
                cid = s["cards"][iid]
                if cid in r.help_paid:
                    out.extend(R.offer_actions(g, p, iid, Ctx(p, R.helpers_of(g, p), iid, "help"), "help-card",
                                             f"P{p}: spend the help action on {r.name(cid)}: ", r.help_paid[cid]))
        return out

    def apply_resolve(self, g, a: dict) -> None:
        s = g.s
        p = a["player"]
        iid = s["z"][f"chosen/{p}"][0]
        t = a["type"]
        if t == "option":
            ctx = Ctx(p, R.helpers_of(g, p), iid, "day")
            opt = g.rules.option(s["cards"][iid], a["option"], a.get("variant", 0))
            R.resolve_option(g, iid, opt, ctx, {"k": "finish", "player": p, "card": iid, "kind": "day"})
        elif t == "keep":  # interpretation:pote-help-paid-cards
            g.event("keep", player=p, card=s["cards"][iid])
            R.finish(g, {"k": "finish", "player": p, "card": iid, "kind": "day"})
        elif t == "help-card":
            R.spend_help(g, p, s["cards"][a["card"]])
            ctx = Ctx(p, R.helpers_of(g, p), a["card"], "help")
            opt = g.rules.option(s["cards"][a["card"]], a["option"], a.get("variant", 0))
            R.resolve_option(g, a["card"], opt, ctx, {"k": "finish", "player": p, "card": a["card"], "kind": "help"})
        elif t not in ("help", "ignore"):
            next(x for x in g.layout.systems if t in x.extra_types).apply_extra(g, a)
        elif t == "help":
            q = a["target"]
            if R.avoided(g, iid) and "symbol:help" not in s["used"]:
                s["used"].append("symbol:help")  # an avoidable danger avoided: its help action taken
            target = s["z"][f"chosen/{q}"]
            keeps = getattr(g.rules, "keeps_dream_when_helping", ())  # Dream Interpretation's dreamer keeps the dream
            if target and s["cards"][target[0]] in keeps and g.rules.back(s["cards"][iid]) == "dream":
                g.move(iid, f"chosen/{p}", f"deck/{p}")  # back on top of the helper's deck (interpretation record)
                g.event("dream-kept", player=p)
            else:
                g.move(iid, f"chosen/{p}", "discard-up")
            s["helping"][p] = q
            s["done"][p] = True
            g.event("help", player=p, target=q, card=s["cards"][iid])
        else:
            g.event("ignore", player=p, card=s["cards"][iid])
            if R.avoided(g, iid) and "symbol:help" not in s["used"]:
                s["used"].append("symbol:help")  # an avoidable danger avoided: ignored, as its help option allows
            R.finish(g, {"k": "finish", "player": p, "card": iid, "kind": "day"}, ignored=True)


