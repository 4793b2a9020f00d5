"""The bundle's typed definitions: the models the published bundle schema (`paleo schema bundle`) is generated from.

Nothing here runs when a bundle is built: the build assembles and writes plain data (`bundle.py`). The
test suite validates every bundle it writes against the schema generated here (tests/conftest.py), and
the TypeScript definitions frontends use are generated from that schema (see site/frontend-types.md).

The records are the content models (`models.py`) as the build writes them: every field present (a
field the content may leave out is written with its default), the effect-language fields lowered to
`{text, ir}`, and the keys the build adds (`file`, a module's `cards` and `secret_uses`, ...). They are
derived from the content models, so a field a content model gains is in the bundle schema too; the IR
of the effect language is typed node by node (`effects/ir.py` describes the same shapes).
"""

from __future__ import annotations

import copy
import types
from functools import lru_cache
from typing import Annotated, Any, Literal, Optional, Union, get_args, get_origin

from pydantic import BaseModel, ConfigDict, Field, RootModel, StrictInt, create_model
from pydantic.fields import FieldInfo
from pydantic_core import PydanticUndefined

from . import models as M
from .effects import types as T
from .graph.build import EDGE_KINDS
from .models import Category, Param, Position, Symbol
from .schema import DIALECT, complete_means_filled, schema_generator
from .version import FORMAT_VERSION
from .vocabulary import CARD_MARKS, SEA_SYMBOLS

BUNDLE_SCHEMA_ID = f"urn:paleo-codex:schema:bundle:{FORMAT_VERSION}"


class Out(BaseModel):
    """A mapping as the build writes it: no key besides the ones named."""

    model_config = ConfigDict(extra="forbid")


def _id(prefix: str) -> Any:
    return Annotated[str, Field(pattern=M.id_pattern(prefix))]


SymbolId = _id("symbol")
CardId = _id("card")

# ---------------------------------------------------------------------------------------------------------
# The effect IR (effects/ir.py): an option, its clauses and trigger, the structural nodes and calls.

EnumWord = Literal[tuple(sorted({v for vals in T.ENUMS.values() for v in vals}))]  # type: ignore[valid-type]


class SecretRef(Out):
    """`secret 23`: a numbered secret, as printed (the graph resolves it to records)."""

    ref: Literal["secret"]
    number: StrictInt = Field(ge=1)


class TokenRef(Out):
    """`token 3`: a numbered secret token, as printed."""

    ref: Literal["token"]
    number: StrictInt = Field(ge=1)


class SeaCardRef(Out):
    """`sea card 3`: the sea card whose back shows this symbol."""

    ref: Literal["sea-card"]
    symbol: StrictInt = Field(ge=1, le=SEA_SYMBOLS)


class CardRef(Out):
    """`card "Reeds"`: a card by its printed name."""

    ref: Literal["card"]
    name: str = Field(min_length=1)


class IdeaRef(Out):
    """`idea "Isolation"`: an idea card by its printed name."""

    ref: Literal["idea"]
    name: str = Field(min_length=1)


class TitleRef(Out):
    """`title "Dodo"`: every card whose title matches the keyword."""

    ref: Literal["title"]
    name: str = Field(min_length=1)


class MarkRef(Out):
    """`mark "white-hand"`: every card printed with that mark."""

    ref: Literal["mark"]
    name: Literal[CARD_MARKS]


class Reference(RootModel[Annotated[Union[SecretRef, TokenRef, SeaCardRef, CardRef, IdeaRef, TitleRef, MarkRef],
                                     Field(discriminator="ref")]]):
    """A reference to printed things by number or name, told apart by `ref`."""


class ArgValue(RootModel[Union[StrictInt, EnumWord, SymbolId, Reference]]):
    """An argument: a number, an enumerated word (altar, back, mood, ...), the id of a symbol of a category (tool,
    resource, ...) or a reference; the call's symbol declares each parameter's type."""


class CallNode(Out):
    """One symbol with its arguments: every parameter the symbol declares, defaults filled in."""

    node: Literal["call"]
    symbol: SymbolId
    args: dict[str, ArgValue] = Field(description="parameter name to value")


class MayNode(Out):
    """`may a`: the item is optional."""

    node: Literal["may"]
    item: "EffectNode"


class NotNode(Out):
    """`not a`: the item must not hold (requirements only)."""

    node: Literal["not"]
    item: "EffectNode"


class UnstatedNode(Out):
    """`...`: a part of the option the rulebook does not state; the runtime refuses the option until a pack fills it."""

    node: Literal["unstated"]


NotAll = Annotated[Union["ChoiceNode", "SeqNode", MayNode, NotNode, CallNode, UnstatedNode], Field(discriminator="node")]
NotChoice = Annotated[Union["AllNode", "SeqNode", MayNode, NotNode, CallNode, UnstatedNode], Field(discriminator="node")]
NotSeq = Annotated[Union["AllNode", "ChoiceNode", MayNode, NotNode, CallNode, UnstatedNode], Field(discriminator="node")]


class AllNode(Out):
    """`a, b`: every item, in order (never directly holding another `all`)."""

    node: Literal["all"]
    items: list[NotAll] = Field(min_length=2)


class ChoiceNode(Out):
    """`a or b`: one of the items (never directly holding another `choice`)."""

    node: Literal["choice"]
    items: list[NotChoice] = Field(min_length=2)


class SeqNode(Out):
    """`a then b`: the items one after the other (never directly holding another `seq`)."""

    node: Literal["seq"]
    items: list[NotSeq] = Field(min_length=2)


class EffectNode(RootModel[Annotated[Union[AllNode, ChoiceNode, SeqNode, MayNode, NotNode, CallNode, UnstatedNode],
                                      Field(discriminator="node")]]):
    """A node of a clause's body, told apart by `node`."""



_EVERYONE = Field(default=True, description="present, and true, when the clause applies to every player")


def _clause(name: str, kind: str, position: str, doc: str) -> type[Out]:
    return create_model(name, __base__=Out, __doc__=doc, node=(Literal["clause"], ...), kind=(Literal[kind], ...),
                        position=(Literal[position], ...), body=(EffectNode, ...), everyone=(Literal[True], _EVERYONE))


RequireClause = _clause("RequireClause", "require", "requirement", "`require ...`: what must hold to take the option.")
CostClause = _clause("CostClause", "cost", "cost", "`cost ...`: what is paid to take the option.")
SufferClause = _clause("SufferClause", "suffer", "negative", "`suffer ...`: the negative outcome.")
RewardClause = _clause("RewardClause", "reward", "reward", "`-> ...`: what the option gives.")


class RollClause(Out):
    """`roll N dice`: dice rolled as part of the option."""

    node: Literal["clause"]
    kind: Literal["roll"]
    dice: StrictInt = Field(ge=1)
    everyone: Literal[True] = _EVERYONE


class Clause(RootModel[Annotated[Union[RequireClause, RollClause, CostClause, SufferClause, RewardClause],
                                  Field(discriminator="kind")]]):
    """A clause of an option, told apart by `kind`."""


for _m in (MayNode, NotNode, AllNode, ChoiceNode, SeqNode):
    _m.model_rebuild()


class PlainTrigger(Out):
    """`at night:`, `blue:` (a night action while star cards are resolved) or `when revealed:`."""

    kind: Literal["night", "blue", "revealed"]


class OnTrigger(Out):
    """`on <action>:`: the option is taken when the call's action is."""

    kind: Literal["on"]
    call: CallNode


class OptionIR(Out):
    """One option lowered to the effect IR."""

    node: Literal["option"]
    clauses: list[Clause] = Field(min_length=1)
    trigger: Union[PlainTrigger, OnTrigger] = Field(default=None, description="present when the option has a trigger")


class Lowered(Out):
    """An effect-language text with its IR."""

    text: str = Field(description="the text as authored")
    ir: Optional[OptionIR] = Field(description="null only when the text did not lower and its error was suppressed "
                                   "(`# paleo: ignore[...]`); the runtime names such an option not playable")


# ---------------------------------------------------------------------------------------------------------
# Records: the content models with every field present, and what the build adds or lowers.

# content model -> its fields the build writes only when they are set
_OPTIONAL = {"Source": {"note"}}


def _swap(tp: Any) -> Any:
    """The type with every content model in it replaced by its bundle form."""
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return _as_written(tp)
    origin, args = get_origin(tp), get_args(tp)
    if origin is None or not args or origin is Literal:
        return tp
    if origin is Annotated:
        return Annotated[(_swap(args[0]), *tp.__metadata__)]
    new = tuple(_swap(a) for a in args)
    if origin in (Union, types.UnionType):
        return Union[new]
    if origin is list:
        return list[new[0]]
    if origin is dict:
        return dict[new[0], new[1]]
    return tp


def _field(info: FieldInfo, *, required: bool = True) -> tuple[Any, FieldInfo]:
    out = copy.copy(info)
    out.default, out.default_factory = (PydanticUndefined if required else None), None
    return _swap(info.annotation), out


@lru_cache(maxsize=None)
def _as_written(model: type[BaseModel]) -> type[BaseModel]:
    return _derive(model)


def _derive(model: type[BaseModel], *, drop: tuple[str, ...] = (), override: dict | None = None,
            extra: dict | None = None, doc: str | None = None) -> type[BaseModel]:
    override = override or {}
    optional = _OPTIONAL.get(model.__name__, set())
    fields: dict[str, Any] = {}
    for name, info in model.model_fields.items():
        if name in drop:
            continue
        fields[name] = override[name] if name in override else _field(info, required=name not in optional)
    fields.update(extra or {})
    return create_model(model.__name__, __base__=Out, __doc__=doc or model.__doc__, **fields)


_FILE = (str, Field(description="the content file the record is written in, from the project root"))
_SYNTHETIC = {
    "synthetic_fields": (list[str], Field(default=None, description="synthetic packs only: the fields a pack filled in "
                                          "where the content left them null (`parameters.<name>` for a game)")),
}


def _record(model: type[M.Record], **kw: Any) -> type[BaseModel]:
    kw["extra"] = {"file": _FILE, **_SYNTHETIC, **kw.get("extra", {})}
    return _derive(model, **kw)


_LOWERED_OR_NULL = Optional[Lowered]

Person = _derive(M.Person, override={"brings": (_LOWERED_OR_NULL, Field(description="what the person brings on joining "
                 "(reward clauses only), lowered; null when the card shows none or it is not known"))})
Animal = _derive(M.Animal, override={"yield_": (_LOWERED_OR_NULL, Field(alias="yield", description="what a stable "
                 "action collects from this animal (reward clauses only), lowered; null when the card shows none or "
                 "it is not known"))})

Game = _record(M.Game)
Board = _record(M.Board)
Product = _record(M.Product)
SecretUse = _as_written(M.SecretUse)
Module = _record(M.Module, override={
    "secrets": (list[Annotated[StrictInt, Field(ge=1)]], Field(description="the secret numbers the module adds, one "
                "entry per printed copy")),
}, extra={
    "secret_uses": (list[SecretUse], Field(description="secret card numbers with their printed copies, as authored")),
    "cards": (list[CardId], Field(description="ids of the cards filed under the module, sorted")),
})
Card = _record(M.Card, drop=("more_options",), override={
    "options": (list[Lowered], Field(description="one lowered option per option, the ones a pack appended last")),
    "person": (Optional[Person], Field(description="skills, hearts and tools of a people card, when known")),
    "animal": (Optional[Animal], Field(description="the farm values of an animal card, when known")),
}, extra={
    "synthetic_options_from": (StrictInt, Field(default=None, ge=0, description="synthetic packs only: the index of "
                               "the first option a pack appended to a bundled card")),
})
Secret = _record(M.Secret)
Token = _record(M.Token, override={
    "cost": (_LOWERED_OR_NULL, Field(description="what building the token takes (cost clauses only), lowered; null "
             "when it is not known")),
    "improves": (_LOWERED_OR_NULL, Field(description="what a built token adds to the action it improves (reward "
                 "clauses only), lowered; null when it is not known")),
    "use": (_LOWERED_OR_NULL, Field(description="what using a cult tool asks (one cost clause), lowered; null when "
            "it is not known")),
    "options": (list[Lowered], Field(description="one lowered option per option")),
})
Die = _record(M.Die)
Scenario = _record(M.Scenario)
Interpretation = _record(M.Interpretation)

SymbolParam = create_model(
    "SymbolParam", __base__=Out, __doc__=Param.__doc__,
    name=_field(Param.model_fields["name"]), type=_field(Param.model_fields["type"]),
    optional=(Literal[True], Field(default=True, description="present, and true, when the parameter may be left out")),
    default=(Union[StrictInt, str], Field(default=None, description="present when an optional parameter has a default")),
    unit=(str, Field(default=None, description="present when a number is written with a noun, singular/plural")),
    before=(Literal[True], Field(default=True, description="present, and true, when the number is written before the "
                                 "symbol phrase")),
)

BundleSymbol = _derive(Symbol, doc="A symbol of the effect language, as the effects stage's registry holds it.", override={
    "source": (list[_as_written(M.Source)], Field(min_length=1, description="where the rulebooks state this symbol")),
    "category": (Category, Field()),
    "positions": (list[Position], Field(min_length=1, description="clause positions the symbol may take")),
    "params": (list[SymbolParam], Field(description="typed parameters, in the order they are written")),
    "plural": (str, Field(default=None, description="present when the phrase after a number other than 1 differs")),
    "summary": (str, Field(default=None, description="present when the definition gives one")),
})

# ---------------------------------------------------------------------------------------------------------
# Coverage and the dependency graph.


class Tally(Out):
    printed: Optional[StrictInt] = Field(ge=0, description="the printed count; null when the rulebooks do not say")
    complete: StrictInt = Field(ge=0)
    partial: StrictInt = Field(ge=0)
    unknown: StrictInt = Field(ge=0)
    authored: StrictInt = Field(ge=0, description="complete + partial + unknown")
    missing: Optional[StrictInt] = Field(ge=0, description="printed cards not authored yet; null when `printed` is")
    over: StrictInt = Field(ge=0, description="authored units beyond the printed count")


class ModuleCoverage(Tally):
    """A module's printed cards against its authored records."""

    letter: str = Field(pattern=r"^[A-Z]$")
    name: Optional[str]
    product: Optional[str]


class GroupCoverage(Tally):
    """A printed card group of a product."""

    name: str
    kind: Optional[M.CardKind]
    modules: list[str] = Field(description="module letters whose cards form the group")


class ProductCoverage(Tally):
    """A product's printed cards against its authored records."""

    name: str
    groups: list[GroupCoverage]
    unplaced: list[CardId] = Field(description="named secret cards beyond the room the printed secret group leaves")
    ungrouped: list[CardId] = Field(description="cards whose printed group is not known, counted nowhere")


class Coverage(Out):
    """Printed card counts per product and module against the authored records."""

    modules: dict[str, ModuleCoverage]
    products: dict[str, ProductCoverage]


NodeKind = Literal["game", "product", "board", "module", "secret", "card", "token", "die", "scenario", "level",
                   "suggestion", "symbol", "tool", "title"]
EdgeKind = Literal[EDGE_KINDS]  # type: ignore[valid-type]


class GraphNode(Out):
    """A node of the dependency graph: a record, a secret number, a tool, a symbol or a title keyword."""

    id: str
    kind: NodeKind
    label: str
    completeness: Optional[M.Completeness] = Field(default=None, description="present on a record's node")
    game: str = Field(default=None, description="present on the node of a record that names its game")
    copies: Optional[StrictInt] = Field(default=None, ge=1, description="present on a secret number with a record; "
                                        "null when the count is not known")
    identical_backs: bool = Field(default=None, description="present on a secret number with a record")
    record: str = Field(default=None, pattern=r"^secret:", description="present on a secret number: its record's id")


class GraphEdge(Out):
    """A directed edge of the dependency graph, keyed by its kind."""

    source: str
    target: str
    key: EdgeKind
    kind: EdgeKind
    copies: Optional[StrictInt] = Field(default=None, ge=1, description="present where a product or module provides "
                                        "a secret number: its printed copies")
    via: str = Field(default=None, pattern=M.id_pattern("card"), description="present on a `reveals` edge: the "
                     "secret card whose face reveals the other secret")


class GraphMeta(Out):
    name: Literal["paleo-codex"]
    edge_kinds: list[EdgeKind]


class Graph(Out):
    """The dependency graph in networkx's node-link form."""

    directed: Literal[True]
    multigraph: Literal[True]
    graph: GraphMeta
    nodes: list[GraphNode]
    edges: list[GraphEdge]


class BundleSource(Out):
    """A source document the project declared (`[tool.paleo]` `sources` or a `sources:` record), as the site shows
    it: the name citations use in `rulebook`, its title and, when declared, its headings."""

    rulebook: str
    title: str
    headings: list[str] | None = None


class Bundle(Out):
    """A compiled Paleo Codex bundle: every record of the content, the effect IR of every option, the symbols,
    coverage and the dependency graph. Records in each section are sorted by id."""

    format_version: Literal[FORMAT_VERSION] = Field(description="the bundle format this schema describes; a reader "  # type: ignore[valid-type]
                                                    "accepts the major version it knows")
    generator: str = Field(pattern=r"^paleo-codex ", description="the compiler and its version")
    games: list[Game]
    boards: list[Board]
    products: list[Product]
    modules: list[Module]
    cards: list[Card]
    secrets: list[Secret]
    tokens: list[Token]
    dice: list[Die]
    scenarios: list[Scenario]
    interpretations: list[Interpretation]
    symbols: list[BundleSymbol]
    coverage: Coverage
    graph: Graph
    sources: list[BundleSource] | None = Field(default=None, description="the sources the project declared besides "
                                               "the bundled rulebooks; absent when it declared none")


def _generator():
    class _BundleSchema(schema_generator()):
        """The content schema's generator without defaults (the build writes every field; an absent optional key
        means what its description says), field titles (names come from the models) or `oneOf`."""

        def default_schema(self, schema):
            out = super().default_schema(schema)
            out.pop("default", None)
            return out

        def field_title_should_be_set(self, schema) -> bool:
            return False

        def nullable_schema(self, schema):
            # `{"type": ["string", "null"]}` rather than pydantic's `anyOf` of the two: the same values, fewer
            # branches for a validator to try (and the same TypeScript)
            inner = self.generate_inner(schema["schema"])
            t = inner.get("type")
            if isinstance(t, str) and t != "null" and not {"const", "$ref", "anyOf", "oneOf", "allOf"} & set(inner):
                out = {**inner, "type": [t, "null"]}
                if "enum" in out:
                    out["enum"] = [*out["enum"], None]
                return out
            return self.get_union_of_schemas([inner, {"type": "null"}])

        def tagged_union_schema(self, schema):
            # the tags are constants, so at most one branch can match: `anyOf` says the same as `oneOf`, and a
            # validator may stop at the first branch that matches
            out = super().tagged_union_schema(schema)
            out.pop("discriminator", None)
            if "oneOf" in out:
                out["anyOf"] = out.pop("oneOf")
            return out

    return _BundleSchema


def _bare_refs(node: Any) -> None:
    """A `$ref` stands alone: a description beside it would make TypeScript generators declare a copy of the
    referenced type for every field that has one (`Completeness1`, `Completeness2`, ...)."""
    if isinstance(node, dict):
        if "$ref" in node:
            for k in [k for k in node if k != "$ref"]:
                del node[k]
        for v in node.values():
            _bare_refs(v)
    elif isinstance(node, list):
        for v in node:
            _bare_refs(v)


def bundle_schema() -> dict:
    """The published JSON Schema (Draft 2020-12) of the bundle: the contract with every frontend."""
    body = Bundle.model_json_schema(schema_generator=_generator(), mode="validation")
    _bare_refs(body)
    defs = body.get("$defs", {})
    complete_means_filled(defs)
    for node in defs.values():
        # "complete, with this `kind`, leaves no such field null" as one `not` rather than an `allOf` of if/then:
        # the same bundles, and TypeScript generators keep the record one interface
        rules = node.pop("allOf", None)
        if rules:
            node["not"] = {"anyOf": [{
                "properties": {**r["if"]["properties"], **{f: {"type": "null"} for f in r["then"]["required"]}},
                "required": [*r["if"]["required"], *r["then"]["required"]],
            } for r in rules]}
    head = {
        "$schema": DIALECT,
        "$id": BUNDLE_SCHEMA_ID,
        "title": "Bundle",
        "description": body.pop("description"),
        "$comment": f"Bundle format {FORMAT_VERSION}. Generated by `paleo schema bundle` from compiler/bundle_model.py; "
                    "do not edit by hand.",
    }
    body.pop("title", None)
    return {**head, **body}
