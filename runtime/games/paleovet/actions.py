"""PaleoVet's action encoding: every action type its system offers, with the domain of each field (`runtime.core.actions`)."""

from __future__ import annotations

from ...core.actions import Below, Instance, Lit, Seq

PAY = Seq(Lit("antibiotic", "antiviral", "dna", "surgery", "token", "tranquilizer dart"), 4)

ACTIONS = {
    "admit": {"stack": Below(8)},
    "target": {"dino": Instance()},
    "treat": {"dino": Instance(), "pay": PAY},
    "tranquilize": {"stack": Below(8), "pay": PAY},
    "research": {"buy": Lit("dna", "purple", "teal", "yellow"), "pay": PAY},
    "upgrade": {"stack": Below(8), "pay": PAY},
    "done": {},
}
