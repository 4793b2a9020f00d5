"""The base game's one-step heuristic for the greedy reference policy: how much a card back, an option and each
base-game action is worth. Every system declares the scores of its own action types (`PaleoSystem.scores`)."""

from __future__ import annotations

from .resolve import affordable, helpers_of, roll_met
from .state import Ctx

BACK_SCORE = {"people": 5, "idea": 4, "dream": 4, "secret": 4, "forest": 3, "river": 3, "mountain": 3, "danger": 0}
REWARD = {"symbol:victory-token": 25, "symbol:new-person": 7, "symbol:dream": 3, "symbol:idea": 2.5,
          "symbol:craft": 2.5, "symbol:reveal-secret": 3, "symbol:reroll": 0.5, "symbol:wood": 1.2, "symbol:stone": 1.4}
TOOLS = ("symbol:torch", "symbol:stone-axe", "symbol:spear", "symbol:talisman", "symbol:tent", "symbol:raft")


def _count(args):
    v = args.get("n")
    return v if isinstance(v, int) else 1


def option_score(game, opt) -> float:
    s = game.s
    people = sum(len(s["z"][f"group/{p}"]) for p in range(s["players"]))
    food_w = 2.5 if s["res"].get("food", 0) < people + 2 else 0.8
    score = 0.0
    for pos, sym, args in opt.calls:
        n = _count(args)
        if pos == "reward":
            if sym == "symbol:food":
                score += food_w * n
            elif sym in TOOLS:
                score += 2 * n
            else:
                value = REWARD.get(sym)
                if value is None:  # another system's symbol: what that system reckons it worth
                    value = game.rules.reward_values.get(sym, 0.5)
                score += value * n
        elif pos == "cost":
            if sym == "symbol:food":
                score -= food_w * n
            elif sym in ("symbol:wood", "symbol:stone"):
                score -= 1.0 * n
            elif sym in TOOLS:
                score -= 1.8 * n
            elif sym == "symbol:discard":
                score -= 0.6 * n
            elif sym == "symbol:wound":
                score -= 3 * n
        elif pos == "negative":
            if sym == "symbol:skull":
                score -= 20 * n
            elif sym == "symbol:wound":
                score -= 3.5 * n
            elif sym == "symbol:discard":
                score -= 1.0 * n
            elif sym == "symbol:food":
                score -= food_w * n
            else:
                score -= 1.0 * n
    if opt.dice:
        score -= 0.8 * opt.dice
    return score


def choose_score(game, a: dict) -> float:
    s, r = game.s, game.rules
    deck = s["z"][f"deck/{a['player']}"]
    top = list(reversed(deck[-r.backs_seen:]))
    score = BACK_SCORE.get(r.back(s["cards"][top[a["card"]]]), 2)
    order = a["order"]
    if order:  # keep the better card on top
        score += 0.01 * BACK_SCORE.get(r.back(s["cards"][top[order[0]]]), 2)
    return score


def sleep_score(game, a: dict) -> float:
    s, r = game.s, game.rules
    deck = s["z"][f"deck/{a['player']}"]
    top = deck[-r.backs_seen:]
    return 0.5 if top and all(r.is_danger(s["cards"][i]) for i in top) else -5


def option_action_score(game, a: dict) -> float:
    s, r = game.s, game.rules
    p = a["player"]
    item = s["queue"][0] if s["queue"] else None
    iid = item["card"] if item else s["z"][f"chosen/{p}"][0]
    return option_score(game, r.option(s["cards"][iid], a["option"], a.get("variant", 0))) + 0.1


def help_score(game, a: dict) -> float:
    s, r = game.s, game.rules
    p = a["player"]
    own = s["z"][f"chosen/{p}"][0]
    own_best = max((option_score(game, o) for o in r.options.get(s["cards"][own], []) if not o.negative
                    and affordable(game, o, Ctx(p, helpers_of(game, p), None, "day"))), default=-1)
    return 0.2 if own_best <= 0 else -1


def wound_score(game, a: dict) -> float:
    s, r = game.s, game.rules
    iid = a["person"]
    w = s["wounds"].get(str(iid), 0)
    h = r.persons[s["cards"][iid]]["hearts"]
    return (h - w) if w < h else -10


def craft_score(game, a: dict) -> float:
    return 2 if a["idea"] is not None else 0


def help_card_score(game, a: dict) -> float:
    s, r = game.s, game.rules
    return option_score(game, r.option(s["cards"][a["card"]], a["option"], a.get("variant", 0)))


def share_score(game, a: dict) -> float:
    """The smaller group takes the reward."""
    return -len(game.s["z"][f"group/{a['to']}"]) - 0.1 * a["to"]


def reroll_score(game, a: dict) -> float:
    """Roll again a die that raises the requirement while the roll as it lies fails it; else keep the dice."""
    check = next(it for it in game.s["queue"] if it["k"] == "roll-check")
    if roll_met(game, check):
        return -1.0
    return 1.0 if check["faces"][a["die"]] != "blank" else 0.5
