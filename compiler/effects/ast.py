"""The effect AST: frozen dataclasses with spans (character offsets into the option string)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from ..safeio import escape

Span = tuple[int, int]  # [start, end) offsets in the option text


@dataclass(frozen=True, slots=True)
class Problem:
    """A diagnostic found inside one option string, before it is placed in a file."""

    code: str
    message: str
    span: Span
    label: str = ""
    help: str | None = None


@dataclass(frozen=True, slots=True)
class Term:
    """One piece of a call: a word, a number, or a reference (`card "Reeds"`, `secret 23`)."""

    kind: str  # "word" | "int" | "name" (a quoted name) | "number" (a numbered reference)
    value: str | int
    span: Span
    refkind: str | None = None  # "name": the word before the quotes; "number": secret, token or sea-card


@dataclass(frozen=True, slots=True)
class Call:
    terms: tuple[Term, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Unary:
    op: str  # "may" | "not"
    item: "Node"
    span: Span


@dataclass(frozen=True, slots=True)
class Many:
    op: str  # "all" (,) | "choice" (or) | "seq" (then)
    items: tuple["Node", ...]
    span: Span


@dataclass(frozen=True, slots=True)
class Unstated:
    """`...`: a part of the option the rulebook does not state (a pack may fill it in)."""

    span: Span


Node = Union[Call, Unary, Many, Unstated]


@dataclass(frozen=True, slots=True)
class Clause:
    kind: str  # "require" | "roll" | "cost" | "suffer" | "reward"
    body: Node | None
    span: Span
    everyone: bool = False
    dice: int | None = None


@dataclass(frozen=True, slots=True)
class Trigger:
    kind: str  # "night" | "blue" | "revealed" | "on"
    call: Call | None
    span: Span


@dataclass(frozen=True, slots=True)
class Option:
    trigger: Trigger | None
    clauses: tuple[Clause, ...]
    span: Span


MAX_SHOWN = 40  # characters of the author's text quoted in a message


def shown(text: str) -> str:
    """Author text for a message: cut to a readable length, non-printable characters as U+XXXX."""
    return escape(text, MAX_SHOWN)


def join(a: Span, b: Span) -> Span:
    return (min(a[0], b[0]), max(a[1], b[1]))
