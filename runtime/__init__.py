"""Paleo Codex runtime: plays a compiled bundle; standard library only.

API (in the style of OpenSpiel's `State`)
-----------------------------------------
    from runtime import load_bundle, new_game, Game

    bundle = load_bundle("build/bundle.json")      # refuses an unknown major format_version (BundleError)
    g = new_game(bundle, game="game:paleo", scenario="A+B", players=2, seed=7)
    while not g.is_terminal():
        acts = g.legal_actions()                   # deterministic order; dicts with a readable "label"
        g.apply(acts[0])                           # IllegalAction (state unchanged) for anything else
    g.outcome                                      # {"result": "win"|"loss"|"unfinished", "tie", "cause", ...}

`new_game(bundle, *, game, scenario=None, modules=None, players, seed)`
    `scenario` is a scenario / level / suggestion id of the bundle, module letters joined by `+`
    ("A+B"), or None for the base card set alone; `modules` (module ids) overrides it.
    Raises `NotPlayable` (its `.facts` lists every missing fact, e.g. card faces the rulebooks
    never print) or `SetupError` (unknown game, module, player count outside the game's range).

`Game.legal_actions(player=None)`
    Every legal action now, ordered by player and then by kind; with `player`, only that
    player's. Each action is a small JSON-serialisable dict: `type`, `player`, the choice's
    fields and `label`. Types: `choose` (card: index among the top cards, 0 = top; order: how the
    others go back, first = new top), `sleep` (go to sleep early), `option` (option index,
    `variant` when a choice / may gives several ways), `help` (target), `ignore`, `wound`
    (person instance), `craft` (idea instance or null), `share` (to: the helper or the helped
    player who takes a tool or person gained while being helped).
`Game.current_players()`
    The players who may act. In the choose step every awake player who has not yet chosen
    acts: choices are simultaneous and hidden (the observation shows only a committed back);
    when the last player has chosen, all are revealed together (`reveal` event).
`Game.apply(action)`
    Applies a legal action (the `label` is ignored when matching); otherwise raises
    `IllegalAction` naming the legal actions, and the state is unchanged.
`Game.is_terminal()`, `Game.outcome`
    Outcome: win, loss or unfinished (`ACTION_CAP` actions or `DAY_CAP` days); a 5th victory
    token and 5th skull in the same card resolution is a win with `tie: true`.
`Game.observation(player)`
    What that player may see: counters, groups, tools, face-up cards and the backs (never the
    fronts) of hidden ones; during the choose step the backs of their own top cards.
`Game.log`
    The event log: plain dicts `{"t": kind, "day": n, ...}` (setup, chose, reveal, resolve, dice,
    gain, pay, discard, wound, death, skull, victory, feeding, night, new-day, end, ...).
`Game.to_json(log=True)`, `Game.from_json(bundle, text)`, `Game.clone()`
    The state is one JSON-native dict, so a saved game restores exactly mid-game.

Randomness
----------
One generator per game: SplitMix64 (`runtime.rng`), its 64-bit state seeded from the game's
seed and stored in the saved state. It shuffles the support decks (people, dreams, ideas) and
the exploration deck at setup, the discard piles at each new day, and rolls dice. Dice can be
forced (`state["forced_dice"]`, faces such as "strength 2"), as rule tests do.

Dispatch
--------
Each registry symbol has one implementation in `runtime.ops.OPS` (symbol id -> factory);
every `call` node of a card option is compiled once per game into a closure (`runtime.ir`).
A symbol used by the selected cards without an implementation makes the game not playable,
naming the symbol; `runtime.ops.missing_ops(bundle)` lists all of them.

State layout (`Game.s`)
-----------------------
`cards` (instance -> card id), `z` (zone -> instance list; the end of a deck is its top;
zones: deck/P, chosen/P, group/P, night/P, people, dreams, ideas, workbench, secrets,
missions, discard-down, discard-up, cemetery), `wounds`, `res` (camp storage), `tools`
(per group), `supply` (workbench stock), `victory`, `skulls`, `day`, `nights`, `phase`
(choose / resolve / night / over), `queue` (pending decisions), `rng`, `log`.
"""

from .bundle import BundleError, load_bundle
from .engine import ACTION_CAP, DAY_CAP, Game, IllegalAction, new_game
from .rules import NotPlayable, SetupError

__all__ = ["ACTION_CAP", "DAY_CAP", "BundleError", "Game", "IllegalAction", "NotPlayable", "SetupError",
           "load_bundle", "new_game"]
