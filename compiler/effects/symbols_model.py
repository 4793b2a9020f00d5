"""The content model of a symbol definition: one definition per symbol, as data."""

from __future__ import annotations

from typing import ClassVar, Literal

from pydantic import Field

from ..models import Record, Source, id_pattern, Strict  # noqa: F401

Position = Literal["requirement", "cost", "reward", "negative", "trigger", "condition"]


class Param(Strict):
    name: str
    type: str = Field(description="a parameter type known to the registry (int, altar, back, secret, card, ...)")
    optional: bool = False


class Symbol(Record):
    PREFIX: ClassVar[str] = "symbol"
    id: str = Field(pattern=id_pattern("symbol"))
    name: str
    aliases: list[str] = Field(default_factory=list)
    positions: list[Position] = Field(min_length=1)
    params: list[Param] = Field(default_factory=list)
    games: list[str] = Field(min_length=1)
    explanation: str
    example: str
