"""Content models: what a card file may say, as pydantic v2 models that also export the JSON Schema.

Every record has a kind-qualified id, a `source` citing a rulebook file and section,
and a `completeness`. A field may be null only where the record is not `complete`.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Annotated, Any, ClassVar, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictInt, field_validator, model_validator

from .limits import MAX_COPIES, MAX_ID_CHARS
from .vocabulary import CARD_BACKS, CARD_MARKS, SEA_SYMBOLS


def _bounded_copies(v: int) -> int:
    if v > MAX_COPIES:  # checked here, not as a schema maximum: the bound is the loader policy's
        raise ValueError(f"`copies` is {v}; at most {MAX_COPIES} copies of one card, secret or token")
    return v


Copies = Annotated[StrictInt, AfterValidator(_bounded_copies)]

RULEBOOKS = (
    "000_97f291d3c44cb3f7.txt",
    "001_5f1e4d8bf7e7ff1a.txt",
    "002_56cce9db253ede81.txt",
    "003_d22ca494923bf453.txt",
    "004_1199c90b0c83849d.txt",
)

_SLUG = r"[a-z0-9][a-z0-9-]*"
_LOCAL = rf"(?:{_SLUG}/)?[A-Za-z0-9][A-Za-z0-9-]*"


def id_pattern(prefix: str) -> str:
    return rf"^{prefix}:{_LOCAL}$"


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=False, populate_by_name=False, use_enum_values=True, defer_build=True)


class Completeness(str, Enum):
    complete = "complete"
    partial = "partial"
    unknown = "unknown"


class Source(Strict):
    """A citation: a rulebook file and the headings of the section, outermost first."""

    rulebook: str = Field(description="the cited document of the source registry: a bundled rulebook's file name "
                          f"({', '.join(RULEBOOKS)}) or a source the project declares (`[tool.paleo]` `sources` or a "
                          "`sources:` record), by its file or name")
    section: list[str] = Field(min_length=1, description="section headings, outermost first, each a whole line of the rulebook")
    note: str | None = Field(default=None, description="what exactly this citation supports, in our words")


class SourceDocument(Strict):
    """A source document a project's citations may name (the bundled rulebooks are registered already)."""

    id: str = Field(pattern=id_pattern("source"))
    file: str | None = Field(default=None, description="the document's file, as citations name it in `rulebook`")
    name: str | None = Field(default=None, description="the document's name when it is not a file")
    title: str = Field(description="the title the rules site shows for the document")
    headings: list[str] | None = Field(default=None, description="its headings; when given, every cited heading must be one")
    summary: str | None = None

    @model_validator(mode="after")
    def _file_or_name(self):
        if (self.file is None) == (self.name is None):
            raise ValueError("a source document has exactly one of `file` and `name`")
        return self

    @property
    def key(self) -> str:
        return self.file if self.file is not None else self.name


class Record(Strict):
    """Fields every record shares."""

    PREFIX: ClassVar[str] = ""
    NULLABLE_WHEN_INCOMPLETE: ClassVar[tuple[str, ...]] = ()
    # field -> (other field, value): the field may be null only when the record is not complete, if the
    # other field has that value
    NULLABLE_WHEN_INCOMPLETE_IF: ClassVar[dict[str, tuple[str, str]]] = {}

    id: str
    source: Source | list[Source] = Field(description="where the rulebooks state this record")
    completeness: Completeness = Field(description="how much of this record the rulebooks state")
    summary: str | None = Field(default=None, description="what it is or does, in our own words")

    @field_validator("id", check_fields=False)
    @classmethod
    def _id_is_bounded(cls, v):
        if isinstance(v, str) and len(v) > MAX_ID_CHARS:
            raise ValueError(f"an id is at most {MAX_ID_CHARS} characters (this one has {len(v)}): the site names "
                             "its pages and files after ids; shorten it")
        return v

    @model_validator(mode="after")
    def _nulls_only_when_incomplete(self):
        if self.completeness == Completeness.complete.value:
            missing = [f for f in self.NULLABLE_WHEN_INCOMPLETE if getattr(self, f) is None]
            if missing:
                raise ValueError(
                    "a complete record cannot leave " + ", ".join(f"`{m}`" for m in missing)
                    + " null; mark it `completeness: partial` or fill the field"
                )
            by_cause: dict[tuple[str, str], list[str]] = {}
            for name, (other, value) in self.NULLABLE_WHEN_INCOMPLETE_IF.items():
                if getattr(self, name) is None and getattr(self, other) == value:
                    by_cause.setdefault((other, value), []).append(name)
            for (other, value), names in by_cause.items():
                raise ValueError(
                    "a complete record cannot leave " + ", ".join(f"`{n}`" for n in names)
                    + f" null when its `{other}` is `{value}`; mark it `completeness: partial` or fill the field"
                )
        return self

    def sources(self) -> list[Source]:
        return self.source if isinstance(self.source, list) else [self.source]


class Level(str, Enum):
    easy = "easy"
    medium = "medium"
    hard = "hard"
    very_hard = "very-hard"
    deadly = "deadly"


# Card backs named by the rulebooks (`compiler.vocabulary` declares them).
Back = Enum("Back", [(b, b) for b in CARD_BACKS], type=str, module=__name__)
Back.__doc__ = "Card backs named by the rulebooks."


class CardKind(str, Enum):
    base = "base"  # exploration deck (base card set)
    module = "module"  # a module's exploration card
    person = "person"
    dream = "dream"
    idea = "idea"
    secret = "secret"
    mission = "mission"
    night = "night"
    volcano = "volcano"
    star = "star"
    sea = "sea"
    camp = "camp"  # cards placed at the camp (e.g. Settled)
    human = "human"  # base-game humans used as rescue markers (module R)
    # PaleoVet
    dino = "dino"
    upgrade = "upgrade"
    solo = "solo"
    rules_reference = "rules-reference"


class Person(Strict):
    """The printed values of a people card: skills, health and the tools the person brings."""

    strength: StrictInt = Field(default=0, ge=0)
    awareness: StrictInt = Field(default=0, ge=0)
    craftsmanship: StrictInt = Field(default=0, ge=0)
    hearts: StrictInt = Field(ge=1)
    tools: list[str] = Field(default_factory=list)
    brings: str | None = Field(
        default=None,
        description="what the person brings on joining, as an effect-language string of reward clauses only "
        "(for example `-> 2 wood`, `-> 1 idea`, `-> 1 dream`); lowered to `{text, ir}` in the bundle",
    )


class Animal(Strict):
    """What an animal card gives on the farm: its stable yield and which option is its hunt."""

    model_config = ConfigDict(extra="forbid", serialize_by_alias=True)

    yield_: str | None = Field(
        default=None, alias="yield",
        description="what a stable action collects from this animal, as an effect-language string of reward "
        "clauses only (for example `-> 1 pelt`); null when the card shows none or it is not known; lowered to "
        "`{text, ir}` in the bundle",
    )
    hunt: StrictInt | None = Field(
        default=None, ge=1,
        description="the 1-based number of the card's option that is its hunt action; a slaughter takes that "
        "option's rewards without its requirements or costs",
    )


# PaleoVet: a solo card pictures the field's stacks 1 to 5 (004 "Turns", "Solo Mode")
SOLO_STACKS = 5
TREATMENTS = ("antibiotic", "antiviral", "surgery")  # the icons a dino can require (004 "Treat a Dino")
DINO_FIELDS = ("sleep", "points", "diet", "order", "treatments", "alert")

StackNumber = Annotated[StrictInt, Field(ge=1, le=SOLO_STACKS)]


class SoloMarks(Strict):
    """What a PaleoVet solo card marks: the field stacks (1 to 5) whose top dino is captured or escapes, and the
    upgrade stacks whose top upgrade is discarded."""

    captured: list[StackNumber] = Field(default_factory=list, description="stacks whose dino goes to the captured pile")
    escaped: list[StackNumber] = Field(default_factory=list, description="stacks whose dino goes to the escaped pile")
    upgrades: list[StackNumber] = Field(default_factory=list, description="upgrade stacks whose top card is discarded")

    @field_validator("captured", "escaped", "upgrades")
    @classmethod
    def _each_stack_once(cls, v: list[int]) -> list[int]:
        twice = sorted({n for n in v if v.count(n) > 1})
        if twice:
            raise ValueError(f"stack {twice[0]} is marked twice; a solo card marks each stack at most once")
        return v

    @model_validator(mode="after")
    def _captured_or_escaped(self):
        both = sorted(set(self.captured) & set(self.escaped))
        if both:
            raise ValueError(f"stack {both[0]} is marked both captured and escaped; a stack's dino goes to one pile")
        return self


class Card(Record):
    PREFIX: ClassVar[str] = "card"
    NULLABLE_WHEN_INCOMPLETE: ClassVar[tuple[str, ...]] = ("back",)
    NULLABLE_WHEN_INCOMPLETE_IF: ClassVar[dict[str, tuple[str, str]]] = {
        "sea_symbol": ("back", "sea"), **{f: ("kind", "dino") for f in DINO_FIELDS}, "solo": ("kind", "solo")}
    id: str = Field(pattern=id_pattern("card"))
    name: str | None = Field(description="printed title; null only for an untitled card")
    aliases: list[str] = Field(default_factory=list, description="other printed names (for example the German title)")
    game: str = Field(pattern=id_pattern("game"))
    product: str = Field(pattern=id_pattern("product"))
    module: str | None = Field(default=None, pattern=id_pattern("module"))
    kind: CardKind
    deck_known: StrictBool = Field(
        default=True,
        description="false when the rulebooks do not say which deck or printed card group the card is in: its "
        "`kind` is then a placeholder, and coverage lists the card as `ungrouped` rather than count it twice",
    )
    back: Back | None = None
    sea_symbol: StrictInt | None = Field(
        default=None, ge=1, le=SEA_SYMBOLS,
        description=f"the symbol 1 to {SEA_SYMBOLS} on a sea card's back, the number `reveal sea card N` asks for; "
        "only on a card whose `back` is `sea` (M012), and required when such a card is `complete`",
    )
    number: StrictInt | None = Field(default=None, ge=1, description="printed secret number")
    copies: Copies = Field(default=1, ge=1)
    marks: list[Literal[CARD_MARKS]] = Field(
        default_factory=list, description="printed marks; `farm` is a farm card, which has an expansion, animal or grain option")
    title_keywords: list[str] = Field(default_factory=list, description="title predicates the card matches, such as Dodo or Spirit")
    options: list[str] = Field(default_factory=list, description="one effect-language string per option")
    more_options: list[str] = Field(
        default_factory=list,
        description="synthetic packs only: options appended after the stated `options` of a bundled card that is "
        "not `complete` (P508 anywhere else); the bundle carries them in `options`",
    )
    notes: list[str] = Field(default_factory=list, description="rules clarifications, in our own words")
    person: Person | None = Field(default=None, description="skills, hearts and tools of a people card, when known")
    animal: Animal | None = Field(default=None, description="the farm values of an animal card (stable yield, hunt option), when known")
    # PaleoVet dino fields (only on `kind: dino`; all required when the dino is `complete`)
    sleep: StrictInt | None = Field(default=None, ge=0, description="PaleoVet dinos: sleep tokens put on it when it is admitted")
    points: StrictInt | None = Field(default=None, ge=0, description="PaleoVet dinos: victory points when cured")
    diet: Literal["carnivore", "herbivore"] | None = Field(default=None, description="PaleoVet dinos: the diet icon")
    order: Literal["ornithischian", "sauropod", "theropod"] | None = Field(default=None, description="PaleoVet dinos: the order icon")
    treatments: list[Literal["antibiotic", "antiviral", "surgery"]] | None = Field(
        default=None, min_length=1,
        description="PaleoVet dinos: the required treatment icons, one entry per icon (repeated for two of a kind)")
    alert: StrictBool | None = Field(
        default=None, description="PaleoVet dinos: an ALERT! banner; its effect is the option starting `when revealed:`")
    solo: SoloMarks | None = Field(
        default=None, description="PaleoVet solo cards only: the stacks the card marks captured, escaped or for an "
        "upgrade discard")

    @field_validator(*DINO_FIELDS, "solo")
    @classmethod
    def _only_on_its_kind(cls, v, info):
        kind = info.data.get("kind")
        kind = getattr(kind, "value", kind)
        want = "solo" if info.field_name == "solo" else "dino"
        if v is not None and kind is not None and kind != want:
            raise ValueError(f"`{info.field_name}` belongs only on a card of `kind: {want}`, not `{kind}`")
        return v



# A symbol definition (`symbols:` records): the positions and categories the effect language knows.
Position = Literal["requirement", "cost", "reward", "negative", "trigger", "condition"]

Category = Literal[
    "action", "resource", "tool", "cult-tool", "skill", "expansion", "outcome", "die-face", "token",
]


# The record kinds of a card file are made when the pipeline meets them; the rest (every other record
# kind, and the content file as a whole) the first time one of them is used (`__getattr__`): making a
# pydantic model takes a millisecond or two, and a rebuild after editing a card file needs the card models
# only. Each is a module-level class of this module once made (pickles and schemas name it as one).
_LAZY = frozenset({"Component", "Step", "Phase", "Rule", "Game", "Board", "CardGroup", "Product", "SecretUse", "Module", "Secret", "Token", "Die", "Scenario", "Interpretation", "Param", "Symbol", "ContentFile"})


def _define_the_rest() -> None:
    global Component, Step, Phase, Rule, Game, Board, CardGroup, Product, SecretUse, Module, Secret, Token, Die, Scenario, Interpretation, Param, Symbol, ContentFile
    class Component(Strict):
        """A printed component with its count (null when the count is not stated)."""

        name: str
        count: StrictInt | None = Field(default=None, ge=0)
        kind: Literal["board", "tile", "token", "card", "die", "deck", "other"] = "other"
        note: str | None = None


    class Step(Strict):
        """A setup, phase or turn step, in our own words."""

        name: str
        text: str
        source: Source | None = None
        applies_to: list[str] = Field(default_factory=list, description="ids or conditions (for example `board:cult-site`) this step depends on")


    class Phase(Strict):
        name: str
        steps: list[Step]
        source: Source | None = None


    class Rule(Strict):
        """A rule of play, in our own words."""

        id: str = Field(pattern=rf"^{_SLUG}$")
        name: str
        text: str
        source: Source | None = None


    class Game(Record):
        PREFIX: ClassVar[str] = "game"
        id: str = Field(pattern=id_pattern("game"))
        name: str
        kind: Literal["cooperative-card-game", "dice-game"]
        players: dict[str, StrictInt | None] | None = Field(default=None, description="`min` and `max` player counts where stated")
        resources: list[str] = Field(default_factory=list)
        tools: list[str] = Field(default_factory=list)
        skills: list[str] = Field(default_factory=list)
        backs: list[Back] = Field(default_factory=list)
        boards: list[str] = Field(default_factory=list, description="board ids (`board:...`)")
        parameters: dict[str, StrictInt | str | StrictBool | None] = Field(default_factory=dict, description="numbers the rules fix, such as the victory target")
        setup: list[Step] = Field(default_factory=list)
        phases: list[Phase] = Field(default_factory=list)
        rules: list[Rule] = Field(default_factory=list)


    class Board(Record):
        PREFIX: ClassVar[str] = "board"
        id: str = Field(pattern=id_pattern("board"))
        name: str
        game: str = Field(pattern=id_pattern("game"))
        product: str = Field(pattern=id_pattern("product"))
        parts: list[str] = Field(default_factory=list, description="named areas or spaces of the board")
        rules: list[Rule] = Field(default_factory=list)


    class CardGroup(Strict):
        """A printed group of a product's cards with its count (the parts of the printed total)."""

        name: str
        count: StrictInt = Field(ge=0)
        kind: CardKind | None = None
        modules: list[str] = Field(default_factory=list, description="module letters whose cards form this group")
        note: str | None = None


    class Product(Record):
        PREFIX: ClassVar[str] = "product"
        NULLABLE_WHEN_INCOMPLETE: ClassVar[tuple[str, ...]] = ("printed_cards",)
        id: str = Field(pattern=id_pattern("product"))
        name: str
        aliases: list[str] = Field(default_factory=list)
        game: str = Field(pattern=id_pattern("game"))
        kind: Literal["base-game", "expansion", "module", "game"]
        requires: list[str] = Field(default_factory=list, description="product ids this product cannot be played without")
        printed_cards: StrictInt | None = Field(default=None, ge=0)
        card_groups: list[CardGroup] = Field(default_factory=list)
        components: list[Component] = Field(default_factory=list)
        setup: list[Step] = Field(default_factory=list)
        rules: list[Rule] = Field(default_factory=list)



    class SecretUse(Strict):
        number: StrictInt = Field(ge=1)
        copies: Copies = Field(default=1, ge=1)


    class Module(Record):
        PREFIX: ClassVar[str] = "module"
        NULLABLE_WHEN_INCOMPLETE: ClassVar[tuple[str, ...]] = ("name", "product", "difficulty", "printed_cards")
        id: str = Field(pattern=id_pattern("module"))
        letter: str = Field(pattern=r"^[A-Z]$")
        name: str | None = None
        game: str = Field(pattern=id_pattern("game"))
        product: str | None = Field(default=None, pattern=id_pattern("product"))
        difficulty: Level | dict[StrictInt, Level] | None = Field(default=None, description="a level, or a map from player count to level")
        printed_cards: StrictInt | None = Field(default=None, ge=0)
        missions: list[str] = Field(default_factory=list, description="mission card ids")
        ideas: list[str] = Field(default_factory=list, description="idea card ids the module adds")
        secrets: list[SecretUse] = Field(default_factory=list, description="secret card numbers with their printed copies")
        dice: StrictInt | None = Field(default=None, ge=0)
        decks: list[Component] = Field(default_factory=list, description="special decks (night, volcano, star, sea, ...)")
        tokens: list[Component] = Field(default_factory=list)
        requires: list[str] = Field(default_factory=list, description="boards or products the module needs (`board:...`, `product:...`)")
        combine: StrictInt | None = Field(default=None, ge=1, description="how many other modules it must be combined with, when not the usual one")
        setup: list[Step] = Field(default_factory=list)
        rules: list[Rule] = Field(default_factory=list)



    class Secret(Record):
        """A numbered secret card as a number: which products print it and how often."""

        PREFIX: ClassVar[str] = "secret"
        NULLABLE_WHEN_INCOMPLETE: ClassVar[tuple[str, ...]] = ("copies",)
        id: str = Field(pattern=r"^secret:[0-9]+$")
        number: StrictInt = Field(ge=1)
        product: str | None = Field(default=None, pattern=id_pattern("product"))
        copies: Annotated[StrictInt, Field(ge=1), AfterValidator(_bounded_copies)] | None = Field(
            default=1,
            description="how many cards with this number are printed; null when the rulebooks do not say (the record "
            "is then not complete), and checks that need the count skip it",
        )
        identical_backs: StrictBool = Field(default=False, description="copies share a back; reveal the next one")
        always_needed: list[str] = Field(default_factory=list, description="boards or products whose games always need it")
        marks: list[Literal["cult-site", "secret-symbol", "sheep"]] = Field(default_factory=list)
        card: str | None = Field(default=None, pattern=id_pattern("card"), description="the card record with its face, when known")
        card_reading: str | None = Field(
            default=None,
            pattern=id_pattern("interpretation"),
            description="the interpretation whose reading links `card` to this number; required when the card does not "
            "print the number itself (the link is then a reading, not a stated fact)",
        )


    class Token(Record):
        PREFIX: ClassVar[str] = "token"
        id: str = Field(pattern=id_pattern("token"))
        name: str | None = None
        number: StrictInt | None = Field(default=None, ge=1)
        game: str = Field(pattern=id_pattern("game"))
        product: str = Field(pattern=id_pattern("product"))
        kind: Literal["secret-token", "tool", "cult-tool", "resource", "expansion", "progress", "other"]
        placement: Literal["farm", "group", "supply", "board", "other"] | None = None
        counts_as_tool: StrictBool | None = None
        skills: dict[Literal["strength", "awareness", "craftsmanship"], Annotated[StrictInt, Field(ge=1)]] | None = Field(
            default=None,
            description="the skills a tool token adds to the group that holds it (any of strength, awareness, "
            "craftsmanship); null when it adds none or it is not known",
        )
        cost: str | None = Field(
            default=None,
            description="what building an expansion token takes, as an effect-language string of cost clauses only "
            "(for example `cost 2 wood, 1 stone`); null when it is not known (the farm board prints it); lowered to "
            "`{text, ir}` in the bundle",
        )
        improves: str | None = Field(
            default=None,
            description="what a built expansion token adds to the action it improves (the scythe to a harvest, the "
            "millstone to a grind), as an effect-language string of reward clauses only (for example `-> 1 grain`); "
            "null when it is not known; lowered to `{text, ir}` in the bundle",
        )
        use: str | None = Field(
            default=None,
            description="what using a cult tool token asks besides its effect, as its printed icon shows: one "
            "effect-language cost clause of `flip token`, `venerate place and flip the token <altar>` or `help and "
            "give up cult token`; null when the icon is not known (the rulebook names the three icons, not which "
            "token shows which); lowered to `{text, ir}` in the bundle",
        )
        no_roll_skill: Literal["strength", "awareness", "craftsmanship"] | None = Field(
            default=None,
            description="the skill of a requirement for which the group holding the token (or helping with it) rolls "
            "no dice, up to `no_roll_up_to` of that skill (Obsidian Jewelry); null when the token does not spare the "
            "dice or the skill is not known (its icon is not in the text)",
        )
        no_roll_up_to: StrictInt | None = Field(
            default=None, ge=1,
            description="the largest requirement of `no_roll_skill` for which the dice are spared; null when the token "
            "does not spare the dice",
        )
        options: list[str] = Field(default_factory=list)
        notes: list[str] = Field(default_factory=list)


    class Die(Record):
        PREFIX: ClassVar[str] = "die"
        NULLABLE_WHEN_INCOMPLETE: ClassVar[tuple[str, ...]] = ("faces",)
        id: str = Field(pattern=id_pattern("die"))
        name: str
        game: str = Field(pattern=id_pattern("game"))
        product: str = Field(pattern=id_pattern("product"))
        color: str | None = None
        count: StrictInt | None = Field(default=None, ge=0)
        faces: list[str] | None = Field(default=None, description="one entry per face; null when the rulebook does not give them")


    class Scenario(Record):
        PREFIX: ClassVar[str] = "scenario"
        id: str = Field(pattern=r"^(?:scenario|level|suggestion):" + _LOCAL + "$")
        kind: Literal["scenario", "level", "suggestion"]
        name: str
        game: str = Field(pattern=id_pattern("game"))
        product: str = Field(pattern=id_pattern("product"))
        modules: list[str] = Field(description="module letters as printed")
        boards: list[str] = Field(default_factory=list)
        players: list[StrictInt] | None = None
        notes: list[str] = Field(default_factory=list)

        PREFIXES: ClassVar[tuple[str, ...]] = ("scenario", "level", "suggestion")


    class Interpretation(Record):
        """Our reading of an unclear or conflicting rule, with the citations it weighs."""

        PREFIX: ClassVar[str] = "interpretation"
        id: str = Field(pattern=id_pattern("interpretation"))
        question: str
        reading: str
        citations: list[Source] = Field(min_length=1)
        affects: list[str] = Field(default_factory=list, description="ids of the records this reading shapes")




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


    class ContentFile(Strict):
        """One content file: lists of records by kind."""

        model_config = ConfigDict(
            extra="forbid",
            title="Paleo Codex content file",
            json_schema_extra={"$comment": "Generated by `paleo schema content`; do not edit by hand."},
        )

        pack: dict[str, Any] | None = Field(default=None, description="present only in a synthetic pack: `{synthetic: true, name: ...}`")
        games: list[Game] = Field(default_factory=list)
        boards: list[Board] = Field(default_factory=list)
        products: list[Product] = Field(default_factory=list)
        modules: list[Module] = Field(default_factory=list)
        cards: list[Card] = Field(default_factory=list)
        secrets: list[Secret] = Field(default_factory=list)
        tokens: list[Token] = Field(default_factory=list)
        dice: list[Die] = Field(default_factory=list)
        scenarios: list[Scenario] = Field(default_factory=list)
        symbols: list[Symbol] = Field(default_factory=list)
        interpretations: list[Interpretation] = Field(default_factory=list)
        sources: list[SourceDocument] = Field(default_factory=list, description="source documents this project's citations name")


    for cls in (Component, Step, Phase, Rule, Game, Board, CardGroup, Product, SecretUse, Module, Secret, Token, Die, Scenario, Interpretation, Param, Symbol, ContentFile):
        cls.__qualname__ = cls.__name__  # a class of this module, not of this function


def __getattr__(name: str):
    if name in _LAZY:
        _define_the_rest()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class _Sections(dict):
    """The record kinds by section name: a mapping whose values are made when first read."""

    _names = {"games": "Game", "boards": "Board", "products": "Product", "modules": "Module", "cards": "Card",
              "secrets": "Secret", "tokens": "Token", "dice": "Die", "scenarios": "Scenario", "symbols": "Symbol",
              "interpretations": "Interpretation"}

    def __init__(self) -> None:
        super().__init__(dict.fromkeys(self._names))

    def __getitem__(self, key):
        value = dict.__getitem__(self, key)
        if value is None:
            value = globals().get(self._names[key]) or __getattr__(self._names[key])
            dict.__setitem__(self, key, value)
        return value

    def get(self, key, default=None):
        return self[key] if key in self else default

    def values(self):
        return [self[k] for k in self]

    def items(self):
        return [(k, self[k]) for k in self]


SECTIONS: dict[str, type[Record]] = _Sections()


def slugify(name: str) -> str:
    s = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    return s or "x"
