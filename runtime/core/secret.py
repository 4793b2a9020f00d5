"""The one way a copy of a game keeps the future secret: hidden cards re-shuffled, the generator re-seeded.

`reshuffle_hidden(game, seed, viewer)` works on an engine (or anything with its `s`, `rules` and
`observation`): every zone whose order no player sees (`backs`, `count`; with a `viewer`, the `owner`
zones of the other players too) is shuffled among the positions of cards with the same back, and the
generator that rolls dice and shuffles later is re-seeded. Every player's observation stays what it
was: where a system shows part of a hidden zone (Paleo's top backs, PaleoVet's face-up top cards), the
zone keeps as many of its top cards in place as it takes for no observation to change. Each zone's
shuffle draws from its own generator (seed, zone, cards kept), so the copy depends on the state and the
seed alone. `Game.clone()` and the search policies both use it.
"""

from __future__ import annotations

from ..rng import MASK, Rng, next64, seed_state

HIDDEN = ("count", "backs")  # zone visibilities that show no card front to anyone
_SALT = 0x5EC2E7


def hidden_zones(game, viewer: int | None = None) -> list[str]:
    """The zones whose order the copy may change: hidden to everyone (or, with a viewer, to the viewer) and of 2+ cards."""
    s = game.s
    out = []
    for zone in game.rules.layout.zones:
        for p, name in enumerate(zone.names(s["players"])):
            hidden = zone.visibility in HIDDEN or (
                viewer is not None and zone.visibility == "owner" and (zone.scope == "shared" or p != viewer))
            if hidden and len(s["z"].get(name) or ()) > 1:
                out.append(name)
    return out


def reshuffle_hidden(game, seed: int, viewer: int | None = None) -> None:
    """Re-shuffle `game`'s hidden zones and re-seed its generator from `seed`, in place (see the module)."""
    s, r = game.s, game.rules
    back = getattr(r, "back", None) or (lambda card: None)
    cards, z = s["cards"], s["z"]
    zones = hidden_zones(game, viewer)
    before = [game.observation(p) for p in range(s["players"])] if zones else None

    def shuffle(name: str, keep: int) -> None:
        ids = z[name]
        rng = Rng(seed_state(seed ^ (zones.index(name) << 20) ^ (keep << 44) ^ _SALT))
        by_back: dict = {}
        for pos in range(len(ids) - keep):
            by_back.setdefault(back(cards[ids[pos]]), []).append(pos)
        for positions in by_back.values():
            if len(positions) > 1:
                picked = [ids[i] for i in positions]
                rng.shuffle(picked)
                for i, iid in zip(positions, picked):
                    ids[i] = iid

    def unchanged() -> bool:
        if hasattr(game, "_legal"):
            game._legal = None
        return all(game.observation(p) == before[p] for p in range(s["players"]))

    saved = {name: list(z[name]) for name in zones}
    for name in zones:
        shuffle(name, 0)
    if zones and not unchanged():  # some system shows part of a hidden zone: find how much, zone by zone
        for name in zones:
            z[name][:] = saved[name]
        for name in zones:
            keep = 0
            while keep < len(saved[name]):
                shuffle(name, keep)
                if unchanged():
                    break
                z[name][:] = saved[name]
                keep += 1
    s["rng"] = next64(seed_state(seed ^ _SALT))[1] & MASK
    if hasattr(game, "_legal"):
        game._legal = None
