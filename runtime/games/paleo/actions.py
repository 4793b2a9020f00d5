"""Paleo's action encoding: every action type its systems offer, with the domain of each field (`runtime.core.actions`)."""

from __future__ import annotations

from ...core.actions import Backs, Below, Either, Instance, Lit, Seat, Seq, Tokens, Zones

ALTAR = Lit("forest", "river", "mountain")
NONE: dict = {}

ACTIONS = {
    # the day: choosing (a top card by index among the backs seen, the others' order back), resolving
    "choose": {"card": Below(4), "order": Seq(Below(4), 3)},
    "sleep": NONE, "option": {"option": Below(8), "variant": Below(8)}, "help": {"target": Seat()},
    "ignore": NONE, "wound": {"person": Instance()}, "craft": {"idea": Instance()}, "share": {"to": Seat()},
    "meet": NONE, "decline": NONE, "keep": NONE, "seek-help": NONE,
    "help-card": {"card": Instance(), "option": Below(8)},
    "token-option": {"option": Below(8), "variant": Below(8)},
    # A New Beginning's farm and modules
    "animal": {"animal": Instance()}, "animal-action": {"what": Lit("stable", "slaughter"), "animal": Instance()},
    "build": {"expansion": Lit("fence", "hut", "millstone", "scythe")},
    "grain-action": {"what": Lit("harvest", "grind")}, "dream": {"person": Instance()},
    "flute": {"to": Seat()}, "heal": {"person": Instance()}, "idea": {"idea": Instance()},
    "remove": {"zone": Zones(), "target": Instance()}, "return-dream": {"from": Seat()},
    "token": {"back": Tokens()}, "tool": {"tool": Tokens()}, "trap": {"to": Lit("group", "mission")},
    "spirits": {"remove": Lit(True, False)}, "night-card": {"card": Instance()}, "mission-order": {"card": Instance()},
    "new-group": {"who": Seat()}, "release": {"animal": Instance()}, "care": {"animal": Instance(), "pay": Lit(True, False)},
    "spend": {"owner": Seat(), "tool": Tokens()}, "trap-help": NONE,
    # the Cult Site
    "cult-tool": {"tool": Tokens()}, "ritual": {"altar": ALTAR}, "develop": {"flip": Lit(True, False)},
    "hazard": {"pos": Instance()}, "seek": {"altar": ALTAR, "to": Seat()},
    "swap": {"a": Either(Instance(), ALTAR), "b": Either(Instance(), ALTAR)}, "swap-done": NONE,
    "beside": {"card": Instance(), "option": Below(8), "variant": Below(8)}, "keep-beside": NONE,
    "to-cult": {"from": Seat(), "pos": Instance()},
    # White Hands
    "sun-help": {"card": Instance()}, "wound-one": {"person": Instance()},
    # star cards and the sea
    "star": {"pick": Below(4), "back": Backs()},
    "sea": NONE, "sea-keep": {"to": Seat()}, "raft": {"to": Seat()}, "split": {"split": Seq(Below(6), 4)},
}
