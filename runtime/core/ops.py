"""Op tables: what each registry symbol does at each clause position, registered by (symbol, position).

A system fills an `OpTable` with the `op` decorator:

    OPS = OpTable(SYMBOLS)            # SYMBOLS: the game's generated registry data

    @OPS.op("symbol:food", "reward")
    def gain_food(n=1):               # the registry's parameter names; an argument not given keeps its default
        return lambda g, ctx: ...

The decorated function is called once per `call` node of a card option, with the call's arguments by the
registry's parameter names, and returns the closure of that position (see `runtime.core.options`): a
requirement's `check(need)`, a cost's `pay(game, ctx, do)`, a reward's or negative's `run(game, ctx)`, or a
`Play` when the engine reads more than the closure (`full`, `effect`). What holds for every use of an op is
declared with it: `help` (its option marks an avoidable danger) and `usable(game, ctx)` (a reward that cannot
be taken in some states closes its option).

Registering an op for a position or a parameter the registry does not declare raises OpDeclarationError when
the module is imported. A (symbol, position) no op plays makes a card using it not playable, naming both.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from dataclasses import dataclass

from .errors import OpError

POSITIONS = ("requirement", "cost", "reward", "negative", "trigger")
NO_OP = "symbol `{symbol}` has no runtime implementation"
NO_POSITION = "`{symbol}` has no runtime meaning as a {position}"


class OpDeclarationError(Exception):
    """An op registered for a symbol, position or parameter the registry does not declare, or registered twice."""


class Unplayable(Exception):
    """Raised by an op whose arguments it does not play: the call is refused as its position would be."""


@dataclass(frozen=True)
class Play:
    """One compiled call: the closure, and what the engine reads besides running it."""

    run: Callable
    help: bool = False                # its option marks an avoidable danger (opens the help actions)
    usable: Callable | None = None    # usable(game, ctx) -> bool: whether the reward can be chosen at all
    full: Callable | None = None      # full(game, ctx) -> bool: whether a negative outcome can be suffered in full
    effect: Callable | None = None    # effect(game, ctx): what a requirement does once met


@dataclass(frozen=True)
class Op:
    """The implementation of one symbol at one position: `make(**args)` -> closure or Play."""

    symbol: str
    position: str
    make: Callable
    params: tuple = ()
    help: bool = False
    usable: Callable | None = None
    refusal: str = NO_POSITION        # the message for a position of this symbol no op plays


class OpTable:
    """Ops keyed by (symbol id, position), checked against a registry {symbol id: (positions, parameter names,
    count parameter names)}. A count argument that is not a whole number is not passed (the op's default applies)."""

    def __init__(self, registry: dict, *, refusal: str = NO_POSITION):
        self.registry = registry
        self.refusal = refusal
        self.entries: dict[tuple[str, str], Op] = {}
        self.heard: set[str] = set()  # symbols played only as the event of an `on <symbol>:` trigger

    # ------------------------------------------------------------------ declaring
    def op(self, symbol: str, *positions: str, help: bool = False, usable: Callable | None = None):
        """Register the decorated function for `symbol` at each of `positions`."""
        def register(make):
            names = tuple(inspect.signature(make).parameters)
            for position in positions:
                self.add(Op(symbol, position, make, names, help, usable, self.refusal))
            return make
        return register

    def trigger(self, symbol: str) -> None:
        """`symbol` is heard in `on <symbol>:` options; at its other positions a card using it is not playable."""
        self._declared(symbol, "trigger", ())
        self.heard.add(symbol)

    def add(self, op: Op) -> None:
        self._declared(op.symbol, op.position, op.params)
        if (op.symbol, op.position) in self.entries:
            raise OpDeclarationError(f"op `{op.symbol}` as a {op.position} registered twice")
        self.entries[(op.symbol, op.position)] = op

    def _declared(self, symbol: str, position: str, params: tuple) -> None:
        decl = self.registry.get(symbol)
        if decl is None:
            raise OpDeclarationError(f"op for `{symbol}`, which the registry does not define")
        positions, names = decl[0], decl[1]
        if position not in positions:
            raise OpDeclarationError(f"op for `{symbol}` as a {position}: the registry declares "
                                     f"{', '.join(positions) or 'no position'}")
        extra = [p for p in params if p not in names]
        if extra:
            raise OpDeclarationError(f"op for `{symbol}` takes `{extra[0]}`, which is not a parameter of it "
                                     f"(the registry's: {', '.join(names) or 'none'})")

    def positions(self, symbol: str) -> tuple:
        """The positions the registry declares for `symbol` (an op may be registered for each)."""
        return tuple(p for p in self.registry[symbol][0] if p != "trigger")

    # ------------------------------------------------------------------ reading
    @property
    def symbols(self) -> set:
        """The symbols with an op at some position (or heard in triggers)."""
        return {sym for sym, _ in self.entries} | self.heard

    def __contains__(self, symbol) -> bool:
        return symbol in self.heard or any(sym == symbol for sym, _ in self.entries)

    def __iter__(self):
        return iter(sorted(self.symbols))

    def __len__(self) -> int:
        return len(self.symbols)

    def compile(self, symbol: str, position: str, args: dict) -> Play:
        """The closure of one call; OpError naming the symbol and position when no op plays it."""
        op = self.entries.get((symbol, position))
        if op is None:
            raise OpError(self.refused(symbol, position))
        try:
            counts = self.registry[symbol][2]
            made = op.make(**{k: args[k] for k in op.params
                              if k in args and (k not in counts or _is_count(args[k]))})
        except Unplayable:
            raise OpError(op.refusal.format(symbol=symbol, position=position)) from None
        if isinstance(made, Play):
            if op.help or op.usable is not None:
                raise OpDeclarationError(f"op `{symbol}` as a {position} declares help or usable twice")
            return made
        return Play(made, op.help, op.usable)

    def refused(self, symbol: str, position: str) -> str:
        """Why a call of `symbol` at `position` is not played."""
        same = next((op for (sym, _), op in self.entries.items() if sym == symbol), None)
        if same is not None:
            return same.refusal.format(symbol=symbol, position=position)
        if symbol in self.heard:
            return self.refusal.format(symbol=symbol, position=position)
        return NO_OP.format(symbol=symbol)

    # ------------------------------------------------------------------ combining
    @classmethod
    def merge(cls, tables) -> OpTable:
        """One table of several systems' ops; the same (symbol, position) twice is an OpDeclarationError."""
        out = cls({})
        for t in tables:
            out.registry = {**out.registry, **t.registry}
            for op in t.entries.values():
                out.add(op)
            for sym in t.heard:
                if sym in out.heard:
                    raise OpDeclarationError(f"trigger `{sym}` registered twice")
                out.heard.add(sym)
        return out

    def replaced(self, op: Op) -> OpTable:
        """A copy of this table with `op` in place of the op of its (symbol, position)."""
        out = OpTable(self.registry, refusal=self.refusal)
        out.entries = {**self.entries, (op.symbol, op.position): op}
        out.heard = set(self.heard)
        return out


def _is_count(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


NO_OPS = OpTable({})
