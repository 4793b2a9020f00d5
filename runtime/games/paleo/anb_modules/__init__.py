"""A New Beginning's modules M to R as systems: the camp card, the night deck and traps, the Xrib mood, obsidian,
the dream journey and the volcano, plus the mission order the players choose.

Each module switches on when its module id is in the setup. What a rule needs and the bundle does not give
(a mission card's face, what traps on the mission card do) stays in `rules.missing`: the game is then not
playable rather than played without it. Readings the rulebook leaves open are named where they are played.
"""

from __future__ import annotations

from .m_camp import ModuleM
from .n_nocturnal import ModuleN
from .o_xrib import ModuleO
from .p_obsidian import ModuleP
from .q_dreams import ModuleQ
from .r_volcano import ModuleR
from .mission_order import MissionOrder

SYSTEMS = (ModuleM, ModuleN, ModuleO, ModuleP, ModuleQ, ModuleR, MissionOrder)
