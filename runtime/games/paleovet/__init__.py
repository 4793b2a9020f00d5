"""The PaleoVet game definition: a competitive dice game on the same core and bundle format as Paleo.

    from runtime import Game
    g = Game.new(bundle, game="game:paleovet", players=2, seed=1, options={"mode": "standard"})
    while not g.is_terminal():
        g.apply(g.legal_actions()[0])
    print(g.outcome["scores"], g.outcome["winners"])
"""

from __future__ import annotations

from ...core import GameDefinition, NotPlayable, SetupError
from ...rng import seed_state
from .actions import ACTIONS
from .policy import score as greedy
from .rules import MODE_PLAYERS, MODES, rules_for
from .scoring import outcome_fields
from .system import RULES, SYSTEMS

ACTION_CAP = 20000


class PaleoVetDefinition(GameDefinition):
    id = "game:paleovet"
    options = {"mode": (MODES, "standard")}
    actions = ACTIONS

    def __init__(self):
        self.systems = tuple(x() for x in SYSTEMS)
        self.rule_sources = dict(RULES)

    def all_systems(self) -> tuple:
        return self.systems

    def setup_record(self, bundle, *, scenario=None, modules=None, boards=None, options=None) -> dict:
        if scenario not in (None, "", "none", "standard"):
            raise SetupError("PaleoVet has no scenarios or modules; choose a mode with the setup option `mode` "
                             f"({', '.join(MODES)})")
        if modules:
            raise SetupError("PaleoVet has no modules; choose a mode with the setup option `mode`")
        if options is not None and not isinstance(options, dict):
            raise SetupError("setup options are a mapping")
        return super().setup_record(bundle, scenario=None, modules=[], boards=boards, options=options)

    def rules(self, bundle, setup):
        return rules_for(bundle, self, setup)

    def setups(self, bundle) -> list[dict]:
        """One setup per mode (PaleoVet has no scenarios or modules)."""
        return [{"id": f"mode:{m}", "scenario": None, "options": {"mode": m}} for m in MODES]

    def player_counts(self, bundle, setup) -> tuple[int, ...]:
        lo, hi = MODE_PLAYERS[setup["options"]["mode"]]
        return tuple(range(lo, hi + 1))

    def start(self, cls, bundle, setup, players, seed, check, stack):
        rules = self.rules(bundle, setup)
        lo, hi = MODE_PLAYERS[rules.mode]
        if not lo <= players <= hi:
            raise SetupError(f"{players} players: PaleoVet's {rules.mode} mode takes {lo}" + (f" to {hi}" if hi != lo else "")
                             + " (interpretation:paleovet-mode-players: solo mode is the game for one)")
        if check and rules.missing:
            raise NotPlayable(rules.missing)
        if stack:
            raise SetupError("PaleoVet has no support decks to stack")
        return cls.create(rules, setup, players, seed, seed_state(seed))

    stamp = ("turn",)

    def outcome_fields(self, game) -> dict:
        return outcome_fields(game)

    def returns(self, outcome: dict, players: int) -> list[float]:
        """Competitive: by rank of (score, cured dinos), the game's own order of winning; a player's return is
        (players ranked below - players ranked above) / (players - 1), so the sole winner of two gets 1, the other
        -1, and players tied on both get the same. Solo: a major or minor victory 1, a defeat -1. A game stopped at
        the action cap: 0 for everyone."""
        if outcome["result"] == "unfinished":
            return [0.0] * players
        if players == 1 or "scores" not in outcome:
            return [1.0 if outcome["result"] == "win" else -1.0] * players
        key = [(outcome["scores"][p], outcome["cured"][p]) for p in range(players)]
        return [(sum(k < key[p] for k in key) - sum(k > key[p] for k in key)) / (players - 1) for p in range(players)]

    def after_action(self, game) -> None:
        if game.s["actions"] >= ACTION_CAP:
            game.end("unfinished", f"cap reached ({ACTION_CAP} actions)")

    def after_given(self, game) -> None:
        """Rule tests: dinos a given state puts in a hospital carry their printed sleep (unless `sleep_on` says),
        others carry none; the supplies hold what nobody holds; only the current player's dice are rolled."""
        s, r = game.s, game.rules
        # a game stands at its first admission when a rule test's state is given: no dino has been admitted yet,
        # so no sleep count or treatment is on any dino but those the given hospitals and `sleep_on` set
        hosp = {i for p in range(s["players"]) for i in s["z"][f"hospital/{p}"]}
        for i in sorted(hosp):
            if str(i) not in s["sleep"]:
                s["sleep"][str(i)] = int(r.dino(s["cards"][i]).get("sleep") or 0)
        s["sleep_supply"] = r.sleep_total - sum(s["sleep"].values())
        s["dna_supply"] = r.dna_total - sum(s["dna"]) - sum(t["dna"] for t in s["treated"].values())
        s["dna_new"] = [min(n, s["dna"][p]) for p, n in enumerate(s["dna_new"])]
        for d in s["dice"]:
            if d["owner"] is not None and d["owner"] != s["current"] and d["state"] == "ready":
                d.update(state="spent", face=None)

    def greedy_score(self, game, a: dict) -> float:
        return greedy(game, a)


PALEOVET = PaleoVetDefinition()
