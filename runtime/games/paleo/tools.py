"""Tools and healing shared by the expansions: any tool taken or given up, and healing a wound.

A New Beginning brings these symbols (receive / spend any tool, heal) and Path of the Elders uses them too
(its Cult Site's get and give any tool, a cult object developed at an empty altar heals one wound), so they
form one system, on whenever the farm or the Cult Site is in play.
"""

from __future__ import annotations

from ...core import Decision
from ...core.actions import Instance, Seat, Tokens
from . import tool_ops as F
from .system import PaleoSystem

TOOL_BOARDS = ("board:farm", "board:cult-site")


class ToolsSystem(PaleoSystem):
    name = "tools"
    action_types = {"heal": {"person": Instance()}, "tool": {"tool": Tokens()}, "spend": {"owner": Seat(), "tool": Tokens()}}
    scores = {"heal": 0.0, "tool": 0.0, "spend": 0.0}
    ops = F.TOOL_OPS
    decisions = (
        Decision("heal", {"n": "count", "players": "players", "decider": "player", "optional": "bool"},
                 F.heal_actions, F.apply_heal, auto=F.auto_heal, rule="rule:farm/expansions"),
        Decision("any-tool", {"player": "player"}, F.any_tool_actions, F.apply_any_tool, auto=F.auto_any_tool,
                 rule="rule:farm/new-symbols"),
        Decision("spend-tool", {"players": "players", "decider": "player"}, F.spend_tool_actions,
                 F.apply_spend_tool, auto=F.auto_spend_tool, rule="rule:farm/new-symbols"),
    )

    def applies(self, setup, bundle) -> bool:
        return bool(set(setup.get("boards") or ()) & set(TOOL_BOARDS))
