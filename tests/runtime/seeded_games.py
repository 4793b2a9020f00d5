"""What the seeded-game tests share: invariants after every action, a JSON round trip at each night and at the end."""

from __future__ import annotations

from runtime.core.game import Engine as Game  # the seeded games check and round-trip the engine
from runtime.core.invariants import check


def _at_feeding(g) -> bool:
    return g.s["phase"] == "night" and g.s["step"] == "feeding"


def round_trip_at_night(bundle, also=None, when=_at_feeding):
    """An `on_action` callback for `runtime.sim.play`: `also(g)` runs first (a system's own checks), then the
    core invariants; whenever `when(g)` holds (by default: the start of each night's feeding) and at the end the
    game goes through JSON and on."""
    def after(g):
        if also is not None:
            also(g)
        check(g)
        if when(g) or g.is_terminal():
            text = g.to_json()
            g2 = Game.from_json(bundle, text)
            assert g2.to_json() == text, "a JSON round trip changed the state"
            return g2
        return g
    return after
