"""The runtime as an OpenSpiel Python game (needs `open_spiel`: the `[ai]` extra).

One import registers the game under the name `paleo_codex`, as `open_spiel.python.games` registers its own:

    import pyspiel
    import paleo_ai.openspiel                      # registers "paleo_codex"
    game = pyspiel.load_game("paleo_codex", {"players": 2, "scenario": "A"})
    game = pyspiel.load_game("paleo_codex(game=game:paleovet,players=3,options=mode:standard)")
    state = game.new_initial_state()               # a chance node: the setup's shuffles are drawn first

Parameters (every one has a default; a value holds no comma, `=` or parenthesis, which OpenSpiel's game
strings cannot carry):
- `bundle`: the compiled bundle.json to play, a file path; "" (the default) is the runtime's demo bundle
  (`runtime.demo`: synthetic test packs with invented card faces, every system playable).
- `game`: the game definition, `game:paleo` (default) or `game:paleovet`.
- `players`: the player count (default 2), within the definition's range.
- `scenario`: a scenario, level or suggestion id of the bundle, or module letters joined by `+` ("" none).
- `modules`, `boards`: ids separated by spaces ("" none: the scenario's).
- `options`: the definition's options as `key:value` pairs separated by spaces (PaleoVet's `mode:solo`).

`PaleoGame.from_bundle(bundle, game=..., players=..., setup=...)` plays a bundle already in memory; its game
string names that bundle for this process only (`bundle=live:N`), so it serialises and pickles within the
process, and a game loaded from a file or the demo does so anywhere.

- Actions are the runtime's fixed action ids (`runtime.Game.id_of`); an id means the same choice for whichever
  player plays it. `num_distinct_actions` is the size of the definition's action encoding at this setup and
  player count: the sum, over the action types the definition declares, of the product over each type's fields
  of (the field's values + 2), the two being "field absent" and "null". A field's values are fixed by the setup
  (a card instance index ranges over the setup's card instances, a seat over the players, an order over
  permutations of the top cards), so every legal action of every state has an id below it, and most ids are
  never legal in a given state. `action_blocks(game)` lists the types with their offsets, sizes and fields.
- Chance: every hidden shuffle and die roll is a run of chance nodes, one per uniform draw
  (`paleo_ai.chance`): a shuffle of k cards is the Fisher-Yates draws of k, k-1, ..., 2 outcomes.
  The runtime's own generator is never used, so nothing of the future is in a state.
- Simultaneous choices are exposed turn by turn: the current player is the lowest seat among those
  who may act; a choice already made is hidden from the others (their observation shows a
  committed back) until everyone has chosen and the runtime reveals them together.
- `observation_string(p)` is the runtime's observation of player p as canonical JSON;
  `information_state_string(p)` adds what p saw at each of its own decisions and what it chose.
- `observation_tensor(p)` is `paleo_ai.tensor.Layout`'s vector of that observation (its layout is derived from
  the game's declared zones and counters, seats relative to p; `tensor_layout(game).describe()` prints it);
  `information_state_tensor(p)` is the same vector followed by `num_distinct_actions` slots, how often p has
  chosen each action id so far. The tensor is not of perfect recall (the order of p's choices and what p saw
  before them are in the information-state string only).
- Returns: see `paleo_ai` (cooperative Paleo: IDENTICAL utility, the shared result for everyone).
"""

from __future__ import annotations

import json
import pickle

try:
    import numpy as np
    import pyspiel
except ImportError as exc:  # the [ai] extra is not installed
    raise ImportError(f'paleo_ai.openspiel needs open_spiel ({exc.name} is missing): pip install "paleo-codex[ai]"',
                      name=exc.name) from None

from runtime import Game, load_bundle
from runtime.demo import load_demo

from .chance import Table, observation_text
from .tensor import Layout

SHORT_NAME = "paleo_codex"
MAX_LENGTH = 1_000_000  # decisions and draws: far above any game the runtime's caps allow
MAX_PLAYERS = 4
DEFAULTS = {"bundle": "", "game": "game:paleo", "players": 2, "scenario": "", "modules": "", "boards": "",
            "options": ""}


def _game_type(utility) -> "pyspiel.GameType":
    return pyspiel.GameType(
        short_name=SHORT_NAME, long_name="Paleo Codex runtime",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=MAX_PLAYERS, min_num_players=1,
        provides_information_state_string=True, provides_information_state_tensor=True,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=dict(DEFAULTS))


# Bundles by their `bundle` parameter: a file's is read once per process; `live:N` names one handed to
# `PaleoGame.from_bundle` in this process.
_BUNDLES: dict = {}


def _bundle(name: str) -> dict:
    if name not in _BUNDLES:
        if name.startswith("live:"):
            raise pyspiel.SpielError(f"{SHORT_NAME}: no bundle {name} in this process (a `live:` bundle is one "
                                     "PaleoGame.from_bundle was given here; name a bundle file instead)")
        if name == "":
            _BUNDLES[name] = load_demo()
        else:
            _BUNDLES[name] = load_bundle(name)
    return _BUNDLES[name]


def _setup(params: dict) -> dict:
    def ids(key):
        return str(params[key]).split() or None

    options = {}
    for pair in str(params["options"]).split():
        key, sep, value = pair.partition(":")
        if not sep or not key:
            raise pyspiel.SpielError(f"{SHORT_NAME}: `options` are key:value pairs separated by spaces, not {pair!r}")
        options[key] = value
    return {"scenario": str(params["scenario"]) or None, "modules": ids("modules"), "boards": ids("boards"),
            "options": options or None}


def _params_of(setup: dict | None) -> dict:
    """The game parameters of a setup mapping (the inverse of `_setup`)."""
    setup = dict(setup or {})
    out = {"scenario": setup.pop("scenario", None) or "",
           "modules": " ".join(setup.pop("modules", None) or ()), "boards": " ".join(setup.pop("boards", None) or ()),
           "options": " ".join(f"{k}:{v}" for k, v in sorted((setup.pop("options", None) or {}).items()))}
    if setup:
        raise ValueError(f"setup has no key {sorted(setup)[0]!r}; it takes scenario, modules, boards, options")
    for k, v in out.items():
        if any(c in v for c in ",=()"):
            raise ValueError(f"setup {k} {v!r} holds a comma, `=` or a parenthesis, which a game string cannot carry")
    return out


class PaleoGame(pyspiel.Game):
    """One game definition and setup of a bundle, at a player count, as an OpenSpiel game."""

    def __init__(self, params: dict | None = None):
        given = dict(params or {})
        unknown = set(given) - set(DEFAULTS)
        if unknown:
            raise pyspiel.SpielError(f"{SHORT_NAME} has no parameter {sorted(unknown)[0]!r}; it takes "
                                     + ", ".join(DEFAULTS))
        full = {**DEFAULTS, **given}
        try:
            self.bundle = _bundle(str(full["bundle"]))
            self.new_kw = {"game": str(full["game"]), "players": int(full["players"]), "setup": _setup(full), "seed": 0}
            probe = Game.new(self.bundle, **self.new_kw)  # sizes only: the action space and the largest draw
        except pyspiel.SpielError:
            raise
        except Exception as exc:  # a bundle that cannot be read, a setup the runtime refuses, a game not playable
            raise pyspiel.SpielError(f"{SHORT_NAME}: {type(exc).__name__}: {exc}") from None
        self.num_actions = probe.num_distinct_actions
        self.max_draw = max(len(probe.rules.card_instances()), 64)
        self.layout = Layout.of(probe)
        players = self.new_kw["players"]
        cooperative = self.new_kw["game"] == "game:paleo"
        utility = (pyspiel.GameType.Utility.IDENTICAL if cooperative or players == 1
                   else pyspiel.GameType.Utility.ZERO_SUM)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.num_actions, max_chance_outcomes=self.max_draw, num_players=players,
            min_utility=-1.0, max_utility=1.0,
            utility_sum=0.0 if utility == pyspiel.GameType.Utility.ZERO_SUM else None,
            max_game_length=MAX_LENGTH)
        super().__init__(_game_type(utility), info, full)

    @classmethod
    def from_bundle(cls, bundle: dict, *, game: str = "game:paleo", players: int = 2,
                    setup: dict | None = None) -> "PaleoGame":
        """The game on a bundle held in memory (named `live:N` for this process)."""
        name = next((k for k, v in _BUNDLES.items() if v is bundle), None)
        if name is None:
            name = f"live:{sum(k.startswith('live:') for k in _BUNDLES) + 1}"
            _BUNDLES[name] = bundle
        return cls({"bundle": name, "game": game, "players": players, **_params_of(setup)})

    def new_initial_state(self) -> "PaleoState":
        return PaleoState(self)

    def make_py_observer(self, iig_obs_type=None, params=None):
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return _Observer(self, recall)


def tensor_layout(game: PaleoGame) -> Layout:
    """The layout of the game's observation tensor (`Layout.describe()` prints it)."""
    return game.layout


def action_blocks(game: PaleoGame) -> list[dict]:
    """The action encoding: per action type, its first id, how many ids it has, and its fields with their
    value counts (`num_distinct_actions` is the sum of the sizes)."""
    return Game.new(game.bundle, **game.new_kw).action_blocks()


pyspiel.register_game(_game_type(pyspiel.GameType.Utility.GENERAL_SUM), PaleoGame)


class PaleoState(pyspiel.State):
    """A state: a `paleo_ai.chance.Table` plus, per player, the game as it was at each of its decisions and
    what it chose."""

    def __init__(self, game: PaleoGame, table: Table | None = None, seen=None):
        super().__init__(game)
        self._pgame = game
        self.table = table if table is not None else _Table(game.bundle, **game.new_kw)
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
        return _Copied((self._pgame, self.table.copy(), self.seen.copy(), self.history()))

    def __setstate__(self, st):
        if isinstance(st, _Portable):  # unpickled (in another process, perhaps): load the game, replay the history
            game = pyspiel.load_game(st.game)
            pyspiel.State.__init__(self, game)
            self._pgame, self._replaying, self._hist = game, False, None
            self.table = _Table(game.bundle, **game.new_kw)
            self.seen = _Seen([[] for _ in range(game.num_players())])
            for a in st.history:
                self.apply_action(a)
            return
        game, table, seen, hist = st.value
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


class _Table(Table):
    """A table whose pickle travels (OpenSpiel's `serialize` pickles a state's attributes): the bundle by its
    `bundle` parameter, the game as its saved state."""

    __slots__ = ()

    def __reduce__(self):
        name = next((k for k, v in _BUNDLES.items() if v is self.bundle), None)
        if name is None:
            raise pickle.PicklingError("a table of a bundle this module did not load does not pickle")
        game = None if self.game is None else self.game.to_json()
        return (_table_from, (name, self.new_kw, game, self.pending, list(self.draws), self.chance, list(self.ahead)))


def _table_from(name, new_kw, game, pending, draws, chance, ahead) -> _Table:
    t = _Table.__new__(_Table)
    t.bundle, t.new_kw = _bundle(name), new_kw
    t.game = None if game is None else Game.from_json(t.bundle, game)
    t.pending, t.draws, t.chance, t.ahead = pending, draws, chance, ahead
    return t


def _entry_text(entry, player: int) -> str:
    if entry[2] is None:
        entry[2] = observation_text(entry[0], player) + f"|a{entry[1]}"
    return entry[2]


class _Seen(list):
    """Per player, [game before the decision, action, its text] for each decision: a copy copies the lists and
    shares the entries (a C++ clone deep-copies each attribute: this keeps that cheap)."""

    def copy(self) -> "_Seen":
        return _Seen([list(x) for x in self])

    def __deepcopy__(self, memo):
        return self.copy()

    def __reduce__(self):  # pickled: each decision as its text (the game objects stay behind)
        return (_Seen, ([[[None, e[1], _entry_text(e, p)] for e in mine] for p, mine in enumerate(self)],))


class _Copied:
    """What __getstate__ hands to `copy.deepcopy`: already a copy, so deepcopy takes it as it is. Pickled, it is
    the game's string and the history instead (`_Portable`), which any process can replay."""

    __slots__ = ("value",)

    def __init__(self, value):
        self.value = value

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        game, _, _, hist = self.value
        return (_Portable, (game.serialize(), list(hist)))


class _Portable:
    __slots__ = ("game", "history")

    def __init__(self, game: str, history: list):
        self.game, self.history = game, history


class _Observer:
    """The PyObserver interface: the observation (and, with perfect recall, information-state) string, and the
    tensor of `paleo_ai.tensor` (followed, with perfect recall, by the counts of the player's own action ids)."""

    def __init__(self, game: PaleoGame, perfect_recall: bool):
        self.perfect_recall = perfect_recall
        self.layout = game.layout
        size = self.layout.size + (game.num_actions if perfect_recall else 0)
        self.tensor = np.zeros(size, np.float32)
        self.dict = {"observation": self.tensor[: self.layout.size]}
        if perfect_recall:
            self.dict["own_actions"] = self.tensor[self.layout.size:]

    def set_from(self, state, player):
        self.tensor.fill(0)
        t = state.table
        if t.game is not None:
            self.dict["observation"][:] = self.layout.encode(t.game, player)
        if self.perfect_recall:
            mine = self.dict["own_actions"]
            for entry in state.seen[player]:
                mine[entry[1]] += 1

    def string_from(self, state, player) -> str:
        t = state.table
        now = "setting up" if t.game is None else observation_text(t.game, player)
        if t.chance is not None and t.game is not None:
            now += f"|drawing {len(t.draws)}"  # the table is between a decision and its outcome
        if not self.perfect_recall:
            return now
        past = []
        for entry in state.seen[player]:  # shared with the copies of the state: each text is written once
            past.append(_entry_text(entry, player))
        return f"p{player}|" + "||".join([*past, now])
