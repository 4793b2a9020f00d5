"""Farm cards carry an expansion, animal or grain option (G411), or say that their options are unknown (G490)."""

from __future__ import annotations

from typing import Iterable

from ...diagnostics import Diagnostic, make
from ...effects.ir import calls
from ..build import Facts, Graph
from .common import missing_fact, name_of

FARM_ACTIONS = ("symbol:expansion-action", "symbol:animal-action", "symbol:grain-action")


def farm_actions(F: Facts, g: Graph) -> Iterable[Diagnostic]:
    for cid in sorted(F.cards):
        c = F.cards[cid]
        if "farm" not in (c.get("marks") or ()):
            continue
        options = c.get("options") or []
        if not options:
            yield missing_fact(
                f"{name_of(F, cid)} is a farm card, but its options are not known, so its expansion, animal or "
                "grain action cannot be checked", F.span(cid, "marks"))
            continue
        if any(o.get("ir") is None for o in options if isinstance(o, dict)):
            continue  # an option that does not compile is reported where it is written
        used = {c["symbol"] for o in options if isinstance(o, dict) for c in calls(o["ir"]) if isinstance(c.get("symbol"), str)}
        if not used & set(FARM_ACTIONS):
            yield make(
                "G411", f"{name_of(F, cid)} is a farm card without an expansion, animal or grain option",
                F.span(cid, "options"), label="none of these options uses a farm action",
                help="add `-> expansion action`, `-> animal action` or `-> grain action`, or remove the `farm` mark",
            )
