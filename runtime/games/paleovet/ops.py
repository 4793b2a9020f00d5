"""PaleoVet's op table: what the effects on dinos and upgrades do, compiled into closures per clause position.

Two kinds of op: *lasting* ones (a discount, a protection, a hospital limit, ignoring ALERT!, bonus points), which
the engine reads from the upgrades a player owns and the dinos in their hospital whenever it needs them (the
closure carries `static = (kind, value)` and does nothing when run), and *one-time* ones (DNA tokens, a specialty
die, sleep tokens added or removed, a dino discarded), run when their option is resolved: an ALERT! for every
player, an `on tranquilize:` / `on treat:` option when its dino is tranquilized or treated, an upgrade's reward
when it is researched. A position an op does not play raises OpError: the game is then not playable, naming it.
"""

from __future__ import annotations

from ...core import OpError


class VetCtx:
    """Who an effect acts for: the player, the card it comes from, the dino it is about (a trigger's own dino)."""

    __slots__ = ("player", "card", "target", "new", "kind")

    def __init__(self, player: int, card, target=None, kind: str = "effect"):
        self.player = player
        self.card = card
        self.target = target
        self.new: list = []
        self.kind = kind


def _n(args: dict, key: str = "n", default: int = 1) -> int:
    v = args.get(key)
    return v if isinstance(v, int) and not isinstance(v, bool) else default


def _unsupported(symbol, position):
    raise OpError(f"`{symbol}` has no runtime meaning as a {position} on a PaleoVet card")


def static_of(fn):
    return getattr(fn, "static", None)


def _static(kind: str, symbol: str, value=None):
    def factory(position, args):
        if position != "reward":
            _unsupported(symbol, position)

        def run(g, ctx):
            return None  # lasting: read where it matters, never run
        run.static = (kind, value(args) if value else True)
        return run
    return factory


def _filter(key: str, symbol: str):
    def factory(position, args):
        if position != "requirement":
            _unsupported(symbol, position)
        value = args.get(key)

        def check(need):
            need[f"{key}:{value}"] = 1
        return check
    return factory


def dna_op(position, args):
    n = _n(args)
    if position != "reward":
        _unsupported("symbol:dna-token", position)

    def run(g, ctx):
        from .system import gain_dna
        gain_dna(g, ctx.player, n)
    return run


def die_op(position, args):
    n = _n(args)
    colour = args.get("color")
    if position != "reward" or colour is None:
        _unsupported("symbol:specialty-die", position)

    def run(g, ctx):
        from .system import gain_die
        for _ in range(n):
            gain_die(g, ctx.player, colour)
    return run


def add_sleep_op(position, args):
    n = _n(args)
    if position != "reward":
        _unsupported("symbol:sleep-token", position)

    def run(g, ctx):
        from .system import sleep_effect
        sleep_effect(g, ctx, n)
    return run


def remove_sleep_op(position, args):
    n = _n(args)
    if position != "negative":
        _unsupported("symbol:remove-sleep-token", position)

    def run(g, ctx):
        from .system import sleep_effect
        sleep_effect(g, ctx, -n)
    return run


def discard_op(position, args):
    if position != "negative":
        _unsupported("symbol:discard-dino", position)

    def run(g, ctx):
        from .system import discard_effect
        discard_effect(g, ctx)
    return run


def _trigger_only(symbol):
    def factory(position, args):
        _unsupported(symbol, position)  # heard in `on tranquilize:` / `on treat:`; never an effect of its own
    return factory


OPS = {
    "symbol:dna-token": dna_op,
    "symbol:specialty-die": die_op,
    "symbol:sleep-token": add_sleep_op,
    "symbol:remove-sleep-token": remove_sleep_op,
    "symbol:discard-dino": discard_op,
    "symbol:diet": _filter("diet", "symbol:diet"),
    "symbol:order": _filter("order", "symbol:order"),
    "symbol:hospital-limit": _static("hospital-limit", "symbol:hospital-limit", lambda a: _n(a)),
    "symbol:treatment-discount": _static("treatment-discount", "symbol:treatment-discount", lambda a: _n(a)),
    "symbol:research-discount": _static("research-discount", "symbol:research-discount", lambda a: _n(a)),
    "symbol:carnivore-proof": _static("carnivore-proof", "symbol:carnivore-proof"),
    "symbol:alert-immunity": _static("alert-immunity", "symbol:alert-immunity"),
    "symbol:bonus-points": _static("bonus-points", "symbol:bonus-points", lambda a: (_n(a), _n(a, "every"))),
    "symbol:tranquilize": _trigger_only("symbol:tranquilize"),
    "symbol:treat": _trigger_only("symbol:treat"),
}
"""Symbol id -> factory(position, args) -> closure: PaleoVet's card effects."""
