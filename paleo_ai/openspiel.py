"""The runtime as an OpenSpiel Python game (needs `open_spiel`: the `[ai]` extra).

    from paleo_ai.openspiel import PaleoGame
    game = PaleoGame(bundle, game="game:paleo", players=2, setup={"scenario": "A"})
    state = game.new_initial_state()     # a chance node: the setup's shuffles are drawn first

- Actions are the runtime's fixed action ids (`runtime.Game.id_of`; `num_distinct_actions` per
  definition, setup and player count); an id means the same choice for whichever player plays it.
- Chance: every hidden shuffle and die roll is a run of chance nodes, one per uniform draw
  (`paleo_ai.chance`): a shuffle of k cards is the Fisher-Yates draws of k, k-1, ..., 2 outcomes.
  The runtime's own generator is never used, so nothing of the future is in a state.
- Simultaneous choices are exposed turn by turn: the current player is the lowest seat among those
  who may act; a choice already made is hidden from the others (their observation shows a
  committed back) until everyone has chosen and the runtime reveals them together.
- `observation_string(p)` is the runtime's observation of player p as canonical JSON;
  `information_state_string(p)` adds what p saw at each of its own decisions and what it chose.
- Returns: see `paleo_ai` (cooperative Paleo: IDENTICAL utility, the shared result for everyone).
"""

from __future__ import annotations

import json

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # the [ai] extra is not installed
    raise ImportError(f'paleo_ai.openspiel needs open_spiel ({exc.name} is missing): pip install "paleo-codex[ai]"',
                      name=exc.name) from None

from runtime import Game

from .chance import Table, observation_text

SHORT_NAME = "python_paleo_codex"
MAX_LENGTH = 1_000_000  # decisions and draws: far above any game the runtime's caps allow


def _game_type(players: int, utility, max_players: int = 4) -> "pyspiel.GameType":
    return pyspiel.GameType(
        short_name=SHORT_NAME, long_name="Paleo Codex runtime",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max_players, min_num_players=1,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=False,
        parameter_specification={"instance": 0})


# OpenSpiel rebuilds a state from its game's parameters and action history (C++ clones of Python states,
# serialisation): the parameter `instance` names a live PaleoGame here, since a bundle is not a parameter.
_LIVE: dict = {}


_GAMES: dict = {}


def _load(params) -> "PaleoGame":
    key = int(params.get("instance", 0)) if params else 0
    if key not in _LIVE:
        raise pyspiel.SpielError(f"no live {SHORT_NAME} game number {key} in this process")
    if key not in _GAMES:
        bundle, kw = _LIVE[key]
        _GAMES[key] = PaleoGame(bundle, game=kw["game"], players=kw["players"], setup=kw["setup"], _instance=key)
    return _GAMES[key]


_REGISTERED = False


def _register(game_type) -> None:
    global _REGISTERED
    if not _REGISTERED:
        pyspiel.register_game(game_type, _load)
        _REGISTERED = True


class PaleoGame(pyspiel.Game):
    """One game definition and setup of a bundle, at a player count, as an OpenSpiel game."""

    def __init__(self, bundle: dict, *, game: str = "game:paleo", players: int = 2, setup: dict | None = None,
                 _instance: int | None = None):
        self.bundle = bundle
        self.new_kw = {"game": game, "players": players, "setup": dict(setup or {}), "seed": 0}
        probe = Game.new(bundle, **self.new_kw)  # sizes only: the action space and the largest draw
        self.num_actions = probe.num_distinct_actions
        self.max_draw = max(len(probe.rules.card_instances()), 64)
        cooperative = game == "game:paleo"
        utility = (pyspiel.GameType.Utility.IDENTICAL if cooperative or players == 1
                   else pyspiel.GameType.Utility.ZERO_SUM)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.num_actions, max_chance_outcomes=self.max_draw, num_players=players,
            min_utility=-1.0, max_utility=1.0,
            utility_sum=0.0 if utility == pyspiel.GameType.Utility.ZERO_SUM else None,
            max_game_length=MAX_LENGTH)
        gtype = _game_type(players, utility)
        _register(gtype)
        if _instance is None:
            _instance = len(_LIVE) + 1
            _LIVE[_instance] = (bundle, self.new_kw)
        self.instance = _instance
        super().__init__(gtype, info, {"instance": _instance})

    def new_initial_state(self) -> "PaleoState":
        return PaleoState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(recall)


class PaleoState(pyspiel.State):
    """A state: a `paleo_ai.chance.Table` plus, per player, the game as it was at each of its decisions and
    what it chose."""

    def __init__(self, game: PaleoGame, table: Table | None = None, seen=None):
        super().__init__(game)
        self._pgame = game
        self.table = table if table is not None else Table(game.bundle, **game.new_kw)
        self.seen = seen if seen is not None else _Seen([[] for _ in range(game.num_players())])
        self._replaying = False
        self._hist = None  # a Python clone's history (it starts no C++ history of its own); else the C++ one

    # ------------------------------------------------------------------ the OpenSpiel state interface
    def current_player(self) -> int:
        t = self.table
        if t is None:  # re-entering a history (__setstate__)
            return 0
        if t.chance is not None:
            return pyspiel.PlayerId.CHANCE
        if t.game.is_terminal():
            return pyspiel.PlayerId.TERMINAL
        return min(t.game.current_players())

    def _legal_actions(self, player: int) -> list[int]:
        t = self.table
        if t.chance is not None or t.game.is_terminal():
            return []
        return t.game.legal_action_ids(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self.table.chance
        return [(i, 1.0 / n) for i in range(n)]

    def _apply_action(self, action: int) -> None:
        if self._replaying:
            return
        t = self.table
        if t.chance is not None:
            t.draw(int(action))
            return
        p = self.current_player()
        # the game object before a decision is never changed again (a step plays on a copy): keep it, and
        # write what p saw only if an information state is asked for
        before = t.game
        t.decide(before.action_from_id(int(action), p))  # IllegalAction, and nothing changed, for an illegal id
        self.seen[p].append([before, int(action), None])  # [game, action, its text once written]

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"draw {action} of {self.table.chance}"
        g = self.table.game
        rec = g.action_from_id(int(action), player)
        key = json.dumps({k: v for k, v in rec.items()}, sort_keys=True)
        for a in g.legal_actions(player):
            if json.dumps({k: v for k, v in a.items() if k != "label"}, sort_keys=True) == key:
                return a["label"]
        return key

    def is_terminal(self) -> bool:
        t = self.table
        return t.chance is None and t.game.is_terminal()

    def returns(self) -> list[float]:
        t = self.table
        if t.game is None or t.chance is not None:
            return [0.0] * self._pgame.num_players()
        return t.game.returns()

    def is_truncated(self) -> bool:
        """Stopped at the runtime's action or day cap (every return 0), not won or lost."""
        t = self.table
        return t.chance is None and t.game.is_truncated()

    def clone(self) -> "PaleoState":
        """A copy (Python callers: MCTS and the other Python algorithms); C++ callers replay the history."""
        c = PaleoState(self._pgame, self.table.copy(), self.seen.copy())
        c._hist = self.history()
        return c

    # A C++ clone (random_sim_test, C++ algorithms) copies a Python state through __getstate__ / __setstate__:
    # the table is copied as it is, and the history is re-entered without replaying the game.
    def __getstate__(self):
        return _Copied((self._pgame.instance, self.table.copy(), self.seen.copy(), self.history()))

    def __setstate__(self, st):
        key, table, seen, hist = st.value
        game = _load({"instance": key})
        pyspiel.State.__init__(self, game)
        self._pgame, self.table, self.seen, self._hist = game, None, seen, None
        self._replaying = True
        try:
            for a in hist:
                pyspiel.State.apply_action(self, a)
        finally:
            self._replaying = False
        self.table = table

    def history(self) -> list[int]:
        return list(self._hist) if self._hist is not None else list(super().history())

    def apply_action(self, action: int) -> None:
        if self._hist is not None:
            self._hist.append(int(action))
        super().apply_action(action)

    def __str__(self) -> str:
        t = self.table
        if t.game is None:
            return f"setting up: {len(t.draws)} draws made"
        return t.game.to_json(log=False)


class _Seen(list):
    """Per player, [game before the decision, action, its text] for each decision: a copy copies the lists and
    shares the entries (a C++ clone deep-copies each attribute: this keeps that cheap)."""

    def copy(self) -> "_Seen":
        return _Seen([list(x) for x in self])

    def __deepcopy__(self, memo):
        return self.copy()


class _Copied:
    """What __getstate__ hands to `copy.deepcopy`: already a copy, so deepcopy takes it as it is."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __deepcopy__(self, memo):
        return self


class _Observer:
    """The PyObserver interface: strings only (no tensors)."""

    def __init__(self, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(0, np.float32)
        self.dict = {}

    def set_from(self, state, player):
        return None

    def string_from(self, state, player) -> str:
        t = state.table
        now = "setting up" if t.game is None else observation_text(t.game, player)
        if t.chance is not None and t.game is not None:
            now += f"|drawing {len(t.draws)}"  # the table is between a decision and its outcome
        if not self.perfect_recall:
            return now
        past = []
        for entry in state.seen[player]:  # shared with the copies of the state: each text is written once
            if entry[2] is None:
                entry[2] = observation_text(entry[0], player) + f"|a{entry[1]}"
            past.append(entry[2])
        return f"p{player}|" + "||".join([*past, now])
