"""The shape of a PaleoVet game's state: the field's five dino and upgrade stacks, the die states, the zones, counters
and fields the core builds (with the check each field of a saved game must pass), and whose turn it is.
"""

from __future__ import annotations

from ...core import Counter, Field, Zone
from ...core.invariants import is_int
from .rules import COLOURS

STACKS = 5
DIE_STATES = ("supply", "ready", "spent", "new", "on")
DINO_ZONES = tuple(f"dino-{i}" for i in range(STACKS))
UPGRADE_ZONES = tuple(f"upgrade-{i}" for i in range(STACKS))


# ------------------------------------------------------------------ field checks of a saved game
def _check_seat(v, s, r):
    return None if is_int(v) and v < s["players"] else f"the current player is {v!r}"


def _check_bool(v, s, r):
    return None if isinstance(v, bool) else "`final` holds true or false"


def _check_up(v, s, r):
    if not isinstance(v, dict) or set(v) != {"dino", "upgrade"} or not all(
            isinstance(x, list) and len(x) == STACKS and all(isinstance(b, bool) for b in x) for x in v.values()):
        return "`up` says for each of the 5 dino and upgrade stacks whether its top is face up"
    return None


def _check_sleep(v, s, r):
    if not isinstance(v, dict) or not all(isinstance(k, str) and k.isdigit() and int(k) < len(s["cards"])
                                          and is_int(n) for k, n in v.items()):
        return "sleep tokens are counts of at least 0 on card instances"
    return None


def _check_dice(v, s, r):
    if not isinstance(v, list):
        return "the dice are a list"
    for d in v:
        if not isinstance(d, dict) or set(d) != {"kind", "owner", "face", "state", "on"}:
            return "a die is {kind, owner, face, state, on}"
        if d["kind"] not in ("white", *COLOURS) or d["state"] not in DIE_STATES:
            return f"a die of kind {d['kind']!r} in state {d['state']!r}"
        if d["owner"] is not None and not (is_int(d["owner"]) and d["owner"] < s["players"]):
            return f"a die owned by {d['owner']!r}"
        if d["face"] is not None and d["face"] not in (r.faces.get(d["kind"]) or ()):
            return f"a {d['kind']} die showing {d['face']!r}, which is not one of its faces"
        if d["on"] is not None and not (is_int(d["on"]) and d["on"] < len(s["cards"])):
            return f"a die lying on {d['on']!r}"
    return None


def _check_treated(v, s, r):
    if not isinstance(v, dict) or not all(isinstance(k, str) and k.isdigit() and int(k) < len(s["cards"])
                                          and isinstance(x, dict) and set(x) == {"dice", "dna"} and is_int(x["dna"])
                                          and isinstance(x["dice"], list) for k, x in v.items()):
        return "treated dinos map to the dice and DNA tokens on them"
    return None


def _check_counts(v, s, r):
    return None if is_int(v) else f"a count of at least 0, not {v!r}"


def _check_used(v, s, r):
    return None if isinstance(v, list) and all(isinstance(x, str) for x in v) else "used symbols are a list of ids"


# ------------------------------------------------------------------ what the core builds
ZONES = (
    *(Zone(z, "shared", "count", key=z.replace("-", "_")) for z in DINO_ZONES),
    *(Zone(z, "shared", "count", key=z.replace("-", "_")) for z in UPGRADE_ZONES),
    Zone("hospital", "player", "public", key="hospitals", holds="dino", given="bottom-first"),
    Zone("cured", "player", "count", given="bottom-first"),
    Zone("upgrades", "player", "public", holds="upgrade", given="bottom-first"),
    Zone("box", "shared", "count", given=None),
    Zone("solo-deck", "shared", "count", key="solo_deck"),
    Zone("solo-discard", "shared", "public", key="solo_discard", given="bottom-first"),
    Zone("captured", "shared", "public", given="bottom-first"),
    Zone("escaped", "shared", "public", given="bottom-first"),
)
COUNTERS = (
    Counter("dna", "player", initial=lambda r: r.start_dna),
    Counter("dna_supply", max=lambda r: r.dna_total, initial=lambda r: r.dna_total),
    Counter("sleep_supply", max=lambda r: r.sleep_total, initial=lambda r: r.sleep_total),
)
FIELDS = (
    Field("current", initial=lambda r, n: 0, check=_check_seat),
    Field("final", initial=lambda r, n: False, check=_check_bool),
    Field("turn", initial=lambda r, n: 1, check=_check_counts),
    Field("up", initial=lambda r, n: {"dino": [False] * STACKS, "upgrade": [False] * STACKS}, check=_check_up),
    Field("sleep", initial=lambda r, n: {}, check=_check_sleep),
    Field("dice", initial=lambda r, n: [], check=_check_dice),
    Field("treated", initial=lambda r, n: {}, check=_check_treated),
    Field("dna_new", "player", initial=lambda r, n: [0] * n, check=_check_counts),
    Field("used", initial=lambda r, n: [], check=_check_used),
)


def current_player(g) -> int:
    return g.s["current"]
