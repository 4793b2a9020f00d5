"""The content model of a symbol definition: one definition per symbol, as data."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field, StrictBool, StrictInt

from ..models import Record, Source, id_pattern, Strict  # noqa: F401

Position = Literal["requirement", "cost", "reward", "negative", "trigger", "condition"]

Category = Literal[
    "action", "resource", "tool", "cult-tool", "skill", "expansion", "outcome", "die-face", "token",
]


class Param(Strict):
    """One typed parameter of a symbol, in the order it is written after the symbol phrase."""

    name: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    type: str = Field(description="a parameter type known to the registry (int, count, altar, back, secret, card, tool, ...); "
                      "`a|b` accepts either")
    optional: StrictBool = False
    default: StrictInt | str | None = Field(default=None, description="value used when an optional parameter is left out")
    unit: str | None = Field(default=None, description="noun written after a number, singular/plural (`card/cards`)")
    before: StrictBool = Field(default=False, description="the number is written before the symbol phrase (`2 wounds`)")


class Symbol(Record):
    PREFIX: ClassVar[str] = "symbol"
    id: str = Field(pattern=id_pattern("symbol"))
    name: str = Field(description="canonical symbol phrase, lower case")
    aliases: list[str] = Field(default_factory=list, description="other phrases that resolve to this symbol")
    plural: str | None = Field(default=None, description="phrase used after a leading number other than 1")
    category: Category = "action"
    positions: list[Position] = Field(min_length=1, description="clause positions the symbol may take")
    params: list[Param] = Field(default_factory=list)
    games: list[str] = Field(min_length=1, description="game ids (`game:paleo`, `game:paleovet`)")
    explanation: str
    example: str = Field(description="one option in the effect language that uses this symbol")
