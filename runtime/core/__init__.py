"""The runtime core: state, zones, counters, phases, decisions, events, options, invariants; it names no game.

The public system interface is `System`, `Zone`, `Counter`, `Field`, `Step`, `Decision`,
`Listener` and `WAIT` (see `runtime.core.declare`), the op tables (`OpTable`, `runtime.core.ops`), plus `GameDefinition` and `register`
for a new game definition. A system changes the state only through the core's internal `Engine`
(`s`, `move`, `event`, `bus`, `goto`, `end`) and its own helpers; the public `Game` wraps an engine
and exposes no mutator (observations, legal actions, `apply`, the integer action encoding).
"""

from .declare import WAIT, Counter, Decision, Field, Listener, Step, System, Zone
from .definition import GameDefinition, definition_for, register
from .errors import IllegalAction, NotPlayable, OpError, SetupError, StateError
from .game import STATE_FORMAT, Engine, Game
from .layout import Layout, LayoutError
from .ops import OpDeclarationError, OpTable, Play, Unplayable
from .options import Option, compile_option

__all__ = ["Counter", "Decision", "Engine", "Field", "Game", "GameDefinition", "IllegalAction", "Layout", "LayoutError", "Listener",
           "NotPlayable", "OpDeclarationError", "OpError", "OpTable", "Option", "Play", "STATE_FORMAT", "SetupError", "StateError", "Step", "System", "Unplayable", "WAIT",
           "Zone", "compile_option", "definition_for", "register"]
