"""Module P: obsidian, a resource of its own."""

from __future__ import annotations

from .common import ModuleSystem


# ------------------------------------------------------------------ P: obsidian
class ModuleP(ModuleSystem):
    """Obsidian, a resource (never a tool), is declared by the farm for every A New Beginning game with its supply
    of 5; the module adds its idea card to the idea deck."""

    name = "anb-p"
    letter = "P"
