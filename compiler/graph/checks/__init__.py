"""The graph checks: pure functions `(ir, graph) -> Iterable[Diagnostic]`, run in this order."""

from __future__ import annotations

from .counts import counts_above_printed
from .farm import farm_actions
from .modules import secrets_outside_module, unused_module_secrets
from .references import title_predicates, unresolved_references
from .scenarios import combination_rules, scenario_needs
from .secrets import conflicting_secrets, reveal_cycles, secret_face_readings, unrevealable_secrets

CHECKS = (
    unresolved_references,  # G401
    secrets_outside_module,  # G402
    unused_module_secrets,  # G403
    conflicting_secrets,  # G404
    reveal_cycles,  # G405
    unrevealable_secrets,  # G406
    scenario_needs,  # G407
    combination_rules,  # G408
    counts_above_printed,  # G409
    title_predicates,  # G410
    farm_actions,  # G411, G490
    secret_face_readings,  # G412
)
