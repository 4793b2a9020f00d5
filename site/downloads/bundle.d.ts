/* The Paleo Codex bundle (format in `Bundle.format_version`), as TypeScript. Generated from bundle.schema.json
   by json-schema-to-typescript through `bash scripts/bundle-types.sh`; do not edit by hand. */

export type Completeness = "complete" | "partial" | "unknown";
/**
 * Card backs named by the rulebooks.
 */
export type Back =
  | "forest"
  | "river"
  | "mountain"
  | "people"
  | "dream"
  | "idea"
  | "danger"
  | "mission"
  | "secret"
  | "night"
  | "volcano"
  | "star"
  | "sea"
  | "footprint"
  | "camp"
  | "dino"
  | "upgrade"
  | "solo";
export type CardKind =
  | "base"
  | "module"
  | "person"
  | "dream"
  | "idea"
  | "secret"
  | "mission"
  | "night"
  | "volcano"
  | "star"
  | "sea"
  | "camp"
  | "human"
  | "dino"
  | "upgrade"
  | "solo"
  | "rules-reference";
export type Level = "easy" | "medium" | "hard" | "very-hard" | "deadly";
/**
 * A clause of an option, told apart by `kind`.
 */
export type Clause = RequireClause | RollClause | CostClause | SufferClause | RewardClause;
/**
 * A node of a clause's body, told apart by `node`.
 */
export type EffectNode = AllNode | ChoiceNode | SeqNode | MayNode | NotNode | CallNode | UnstatedNode;
/**
 * An argument: a number, an enumerated word (altar, back, mood, ...), the id of a symbol of a category (tool,
 * resource, ...) or a reference; the call's symbol declares each parameter's type.
 */
export type ArgValue =
  | number
  | (
      | "all"
      | "angry"
      | "any"
      | "camp"
      | "carnivore"
      | "danger"
      | "dream"
      | "footprint"
      | "forest"
      | "friendly"
      | "from deck"
      | "from discard"
      | "herbivore"
      | "idea"
      | "mission"
      | "mountain"
      | "night"
      | "on farm"
      | "ornithischian"
      | "people"
      | "purple"
      | "river"
      | "sauropod"
      | "sea"
      | "secret"
      | "star"
      | "successful"
      | "teal"
      | "theropod"
      | "unsuccessful"
      | "volcano"
      | "with group"
      | "yellow"
    )
  | string
  | Reference;
/**
 * A reference to printed things by number or name, told apart by `ref`.
 */
export type Reference = SecretRef | TokenRef | SeaCardRef | CardRef | IdeaRef | TitleRef | MarkRef;

/**
 * A compiled Paleo Codex bundle: every record of the content, the effect IR of every option, the symbols,
 * coverage and the dependency graph. Records in each section are sorted by id.
 */
export interface Bundle {
  /**
   * the bundle format this schema describes; a reader accepts the major version it knows
   */
  format_version: "1.0.0";
  /**
   * the compiler and its version
   */
  generator: string;
  games: Game[];
  boards: Board[];
  products: Product[];
  modules: Module[];
  cards: Card[];
  secrets: Secret[];
  tokens: Token[];
  dice: Die[];
  scenarios: Scenario[];
  interpretations: Interpretation[];
  symbols: Symbol[];
  coverage: Coverage;
  graph: Graph;
  /**
   * the sources the project declared besides the bundled rulebooks; absent when it declared none
   */
  sources?: BundleSource[] | null;
}
export interface Game {
  id: string;
  /**
   * where the rulebooks state this record
   */
  source: Source | Source[];
  completeness: Completeness;
  /**
   * what it is or does, in our own words
   */
  summary: string | null;
  name: string;
  kind: "cooperative-card-game" | "dice-game";
  /**
   * `min` and `max` player counts where stated
   */
  players: {
    [k: string]: number | null;
  } | null;
  resources: string[];
  tools: string[];
  skills: string[];
  backs: Back[];
  /**
   * board ids (`board:...`)
   */
  boards: string[];
  /**
   * numbers the rules fix, such as the victory target
   */
  parameters: {
    [k: string]: number | string | boolean | null;
  };
  setup: Step[];
  phases: Phase[];
  rules: Rule[];
  /**
   * the content file the record is written in, from the project root
   */
  file: string;
  /**
   * synthetic packs only: the fields a pack filled in where the content left them null (`parameters.<name>` for a game)
   */
  synthetic_fields?: string[];
}
/**
 * A citation: a rulebook file and the headings of the section, outermost first.
 */
export interface Source {
  /**
   * the cited document of the source registry: a bundled rulebook's file name (000_97f291d3c44cb3f7.txt, 001_5f1e4d8bf7e7ff1a.txt, 002_56cce9db253ede81.txt, 003_d22ca494923bf453.txt, 004_1199c90b0c83849d.txt) or a source the project declares (`[tool.paleo]` `sources` or a `sources:` record), by its file or name
   */
  rulebook: string;
  /**
   * section headings, outermost first, each a whole line of the rulebook
   *
   * @minItems 1
   */
  section: [string, ...string[]];
  /**
   * what exactly this citation supports, in our words
   */
  note?: string | null;
}
/**
 * A setup, phase or turn step, in our own words.
 */
export interface Step {
  name: string;
  text: string;
  source: Source | null;
  /**
   * ids or conditions (for example `board:cult-site`) this step depends on
   */
  applies_to: string[];
}
export interface Phase {
  name: string;
  steps: Step[];
  source: Source | null;
}
/**
 * A rule of play, in our own words.
 */
export interface Rule {
  id: string;
  name: string;
  text: string;
  source: Source | null;
}
export interface Board {
  id: string;
  /**
   * where the rulebooks state this record
   */
  source: Source | Source[];
  completeness: Completeness;
  /**
   * what it is or does, in our own words
   */
  summary: string | null;
  name: string;
  game: string;
  product: string;
  /**
   * named areas or spaces of the board
   */
  parts: string[];
  rules: Rule[];
  /**
   * the content file the record is written in, from the project root
   */
  file: string;
  /**
   * synthetic packs only: the fields a pack filled in where the content left them null (`parameters.<name>` for a game)
   */
  synthetic_fields?: string[];
}
export interface Product {
  id: string;
  /**
   * where the rulebooks state this record
   */
  source: Source | Source[];
  completeness: Completeness;
  /**
   * what it is or does, in our own words
   */
  summary: string | null;
  name: string;
  aliases: string[];
  game: string;
  kind: "base-game" | "expansion" | "module" | "game";
  /**
   * product ids this product cannot be played without
   */
  requires: string[];
  printed_cards: number | null;
  card_groups: CardGroup[];
  components: Component[];
  setup: Step[];
  rules: Rule[];
  /**
   * the content file the record is written in, from the project root
   */
  file: string;
  /**
   * synthetic packs only: the fields a pack filled in where the content left them null (`parameters.<name>` for a game)
   */
  synthetic_fields?: string[];
}
/**
 * A printed group of a product's cards with its count (the parts of the printed total).
 */
export interface CardGroup {
  name: string;
  count: number;
  kind: CardKind | null;
  /**
   * module letters whose cards form this group
   */
  modules: string[];
  note: string | null;
}
/**
 * A printed component with its count (null when the count is not stated).
 */
export interface Component {
  name: string;
  count: number | null;
  kind: "board" | "tile" | "token" | "card" | "die" | "deck" | "other";
  note: string | null;
}
export interface Module {
  id: string;
  /**
   * where the rulebooks state this record
   */
  source: Source | Source[];
  completeness: Completeness;
  /**
   * what it is or does, in our own words
   */
  summary: string | null;
  letter: string;
  name: string | null;
  game: string;
  product: string | null;
  /**
   * a level, or a map from player count to level
   */
  difficulty:
    | Level
    | {
        [k: string]: Level;
      }
    | null;
  printed_cards: number | null;
  /**
   * mission card ids
   */
  missions: string[];
  /**
   * idea card ids the module adds
   */
  ideas: string[];
  /**
   * the secret numbers the module adds, one entry per printed copy
   */
  secrets: number[];
  dice: number | null;
  /**
   * special decks (night, volcano, star, sea, ...)
   */
  decks: Component[];
  tokens: Component[];
  /**
   * boards or products the module needs (`board:...`, `product:...`)
   */
  requires: string[];
  /**
   * how many other modules it must be combined with, when not the usual one
   */
  combine: number | null;
  setup: Step[];
  rules: Rule[];
  /**
   * the content file the record is written in, from the project root
   */
  file: string;
  /**
   * synthetic packs only: the fields a pack filled in where the content left them null (`parameters.<name>` for a game)
   */
  synthetic_fields?: string[];
  /**
   * secret card numbers with their printed copies, as authored
   */
  secret_uses: SecretUse[];
  /**
   * ids of the cards filed under the module, sorted
   */
  cards: string[];
}
export interface SecretUse {
  number: number;
  copies: number;
}
export interface Card {
  id: string;
  /**
   * where the rulebooks state this record
   */
  source: Source | Source[];
  completeness: Completeness;
  /**
   * what it is or does, in our own words
   */
  summary: string | null;
  /**
   * printed title; null only for an untitled card
   */
  name: string | null;
  /**
   * other printed names (for example the German title)
   */
  aliases: string[];
  game: string;
  product: string;
  module: string | null;
  kind: CardKind;
  /**
   * false when the rulebooks do not say which deck or printed card group the card is in: its `kind` is then a placeholder, and coverage lists the card as `ungrouped` rather than count it twice
   */
  deck_known: boolean;
  back: Back | null;
  /**
   * the symbol 1 to 5 on a sea card's back, the number `reveal sea card N` asks for; only on a card whose `back` is `sea` (M012), and required when such a card is `complete`
   */
  sea_symbol: number | null;
  /**
   * printed secret number
   */
  number: number | null;
  copies: number;
  /**
   * printed marks; `farm` is a farm card, which has an expansion, animal or grain option
   */
  marks: (
    | "star"
    | "white-hand"
    | "cult-site"
    | "secret-symbol"
    | "marked-back"
    | "avoidable-danger"
    | "moon"
    | "skull"
    | "farm"
  )[];
  /**
   * title predicates the card matches, such as Dodo or Spirit
   */
  title_keywords: string[];
  /**
   * one lowered option per option, the ones a pack appended last
   */
  options: Lowered[];
  /**
   * rules clarifications, in our own words
   */
  notes: string[];
  /**
   * skills, hearts and tools of a people card, when known
   */
  person: Person | null;
  /**
   * the farm values of an animal card, when known
   */
  animal: Animal | null;
  /**
   * PaleoVet dinos: sleep tokens put on it when it is admitted
   */
  sleep: number | null;
  /**
   * PaleoVet dinos: victory points when cured
   */
  points: number | null;
  /**
   * PaleoVet dinos: the diet icon
   */
  diet: "carnivore" | "herbivore" | null;
  /**
   * PaleoVet dinos: the order icon
   */
  order: "ornithischian" | "sauropod" | "theropod" | null;
  /**
   * PaleoVet dinos: the required treatment icons, one entry per icon (repeated for two of a kind)
   *
   * @minItems 1
   */
  treatments: ["antibiotic" | "antiviral" | "surgery", ...("antibiotic" | "antiviral" | "surgery")[]] | null;
  /**
   * PaleoVet dinos: an ALERT! banner; its effect is the option starting `when revealed:`
   */
  alert: boolean | null;
  /**
   * PaleoVet solo cards only: the stacks the card marks captured, escaped or for an upgrade discard
   */
  solo: SoloMarks | null;
  /**
   * the content file the record is written in, from the project root
   */
  file: string;
  /**
   * synthetic packs only: the fields a pack filled in where the content left them null (`parameters.<name>` for a game)
   */
  synthetic_fields?: string[];
  /**
   * synthetic packs only: the index of the first option a pack appended to a bundled card
   */
  synthetic_options_from?: number;
}
/**
 * An effect-language text with its IR.
 */
export interface Lowered {
  /**
   * the text as authored
   */
  text: string;
  /**
   * null only when the text did not lower and its error was suppressed (`# paleo: ignore[...]`); the runtime names such an option not playable
   */
  ir: OptionIR | null;
}
/**
 * One option lowered to the effect IR.
 */
export interface OptionIR {
  node: "option";
  /**
   * @minItems 1
   */
  clauses: [Clause, ...Clause[]];
  /**
   * present when the option has a trigger
   */
  trigger?: PlainTrigger | OnTrigger;
}
/**
 * `require ...`: what must hold to take the option.
 */
export interface RequireClause {
  node: "clause";
  kind: "require";
  position: "requirement";
  body: EffectNode;
  /**
   * present, and true, when the clause applies to every player
   */
  everyone?: true;
}
/**
 * `a, b`: every item, in order (never directly holding another `all`).
 */
export interface AllNode {
  node: "all";
  /**
   * @minItems 2
   */
  items: [
    ChoiceNode | SeqNode | MayNode | NotNode | CallNode | UnstatedNode,
    ChoiceNode | SeqNode | MayNode | NotNode | CallNode | UnstatedNode,
    ...(ChoiceNode | SeqNode | MayNode | NotNode | CallNode | UnstatedNode)[]
  ];
}
/**
 * `a or b`: one of the items (never directly holding another `choice`).
 */
export interface ChoiceNode {
  node: "choice";
  /**
   * @minItems 2
   */
  items: [
    AllNode | SeqNode | MayNode | NotNode | CallNode | UnstatedNode,
    AllNode | SeqNode | MayNode | NotNode | CallNode | UnstatedNode,
    ...(AllNode | SeqNode | MayNode | NotNode | CallNode | UnstatedNode)[]
  ];
}
/**
 * `a then b`: the items one after the other (never directly holding another `seq`).
 */
export interface SeqNode {
  node: "seq";
  /**
   * @minItems 2
   */
  items: [
    AllNode | ChoiceNode | MayNode | NotNode | CallNode | UnstatedNode,
    AllNode | ChoiceNode | MayNode | NotNode | CallNode | UnstatedNode,
    ...(AllNode | ChoiceNode | MayNode | NotNode | CallNode | UnstatedNode)[]
  ];
}
/**
 * `may a`: the item is optional.
 */
export interface MayNode {
  node: "may";
  item: EffectNode;
}
/**
 * `not a`: the item must not hold (requirements only).
 */
export interface NotNode {
  node: "not";
  item: EffectNode;
}
/**
 * One symbol with its arguments: every parameter the symbol declares, defaults filled in.
 */
export interface CallNode {
  node: "call";
  symbol: string;
  /**
   * parameter name to value
   */
  args: {
    [k: string]: ArgValue;
  };
}
/**
 * `secret 23`: a numbered secret, as printed (the graph resolves it to records).
 */
export interface SecretRef {
  ref: "secret";
  number: number;
}
/**
 * `token 3`: a numbered secret token, as printed.
 */
export interface TokenRef {
  ref: "token";
  number: number;
}
/**
 * `sea card 3`: the sea card whose back shows this symbol.
 */
export interface SeaCardRef {
  ref: "sea-card";
  symbol: number;
}
/**
 * `card "Reeds"`: a card by its printed name.
 */
export interface CardRef {
  ref: "card";
  name: string;
}
/**
 * `idea "Isolation"`: an idea card by its printed name.
 */
export interface IdeaRef {
  ref: "idea";
  name: string;
}
/**
 * `title "Dodo"`: every card whose title matches the keyword.
 */
export interface TitleRef {
  ref: "title";
  name: string;
}
/**
 * `mark "white-hand"`: every card printed with that mark.
 */
export interface MarkRef {
  ref: "mark";
  name:
    | "star"
    | "white-hand"
    | "cult-site"
    | "secret-symbol"
    | "marked-back"
    | "avoidable-danger"
    | "moon"
    | "skull"
    | "farm";
}
/**
 * `...`: a part of the option the rulebook does not state; the runtime refuses the option until a pack fills it.
 */
export interface UnstatedNode {
  node: "unstated";
}
/**
 * `roll N dice`: dice rolled as part of the option.
 */
export interface RollClause {
  node: "clause";
  kind: "roll";
  dice: number;
  /**
   * present, and true, when the clause applies to every player
   */
  everyone?: true;
}
/**
 * `cost ...`: what is paid to take the option.
 */
export interface CostClause {
  node: "clause";
  kind: "cost";
  position: "cost";
  body: EffectNode;
  /**
   * present, and true, when the clause applies to every player
   */
  everyone?: true;
}
/**
 * `suffer ...`: the negative outcome.
 */
export interface SufferClause {
  node: "clause";
  kind: "suffer";
  position: "negative";
  body: EffectNode;
  /**
   * present, and true, when the clause applies to every player
   */
  everyone?: true;
}
/**
 * `-> ...`: what the option gives.
 */
export interface RewardClause {
  node: "clause";
  kind: "reward";
  position: "reward";
  body: EffectNode;
  /**
   * present, and true, when the clause applies to every player
   */
  everyone?: true;
}
/**
 * `at night:`, `blue:` (a night action while star cards are resolved) or `when revealed:`.
 */
export interface PlainTrigger {
  kind: "night" | "blue" | "revealed";
}
/**
 * `on <action>:`: the option is taken when the call's action is.
 */
export interface OnTrigger {
  kind: "on";
  call: CallNode;
}
/**
 * The printed values of a people card: skills, health and the tools the person brings.
 */
export interface Person {
  strength: number;
  awareness: number;
  craftsmanship: number;
  hearts: number;
  tools: string[];
  /**
   * what the person brings on joining (reward clauses only), lowered; null when the card shows none or it is not known
   */
  brings: Lowered | null;
}
/**
 * What an animal card gives on the farm: its stable yield and which option is its hunt.
 */
export interface Animal {
  /**
   * what a stable action collects from this animal (reward clauses only), lowered; null when the card shows none or it is not known
   */
  yield: Lowered | null;
  /**
   * the 1-based number of the card's option that is its hunt action; a slaughter takes that option's rewards without its requirements or costs
   */
  hunt: number | null;
}
/**
 * What a PaleoVet solo card marks: the field stacks (1 to 5) whose top dino is captured or escapes, and the
 * upgrade stacks whose top upgrade is discarded.
 */
export interface SoloMarks {
  /**
   * stacks whose dino goes to the captured pile
   */
  captured: number[];
  /**
   * stacks whose dino goes to the escaped pile
   */
  escaped: number[];
  /**
   * upgrade stacks whose top card is discarded
   */
  upgrades: number[];
}
/**
 * A numbered secret card as a number: which products print it and how often.
 */
export interface Secret {
  id: string;
  /**
   * where the rulebooks state this record
   */
  source: Source | Source[];
  completeness: Completeness;
  /**
   * what it is or does, in our own words
   */
  summary: string | null;
  number: number;
  product: string | null;
  /**
   * how many cards with this number are printed; null when the rulebooks do not say (the record is then not complete), and checks that need the count skip it
   */
  copies: number | null;
  /**
   * copies share a back; reveal the next one
   */
  identical_backs: boolean;
  /**
   * boards or products whose games always need it
   */
  always_needed: string[];
  marks: ("cult-site" | "secret-symbol" | "sheep")[];
  /**
   * the card record with its face, when known
   */
  card: string | null;
  /**
   * the interpretation whose reading links `card` to this number; required when the card does not print the number itself (the link is then a reading, not a stated fact)
   */
  card_reading: string | null;
  /**
   * the content file the record is written in, from the project root
   */
  file: string;
  /**
   * synthetic packs only: the fields a pack filled in where the content left them null (`parameters.<name>` for a game)
   */
  synthetic_fields?: string[];
}
export interface Token {
  id: string;
  /**
   * where the rulebooks state this record
   */
  source: Source | Source[];
  completeness: Completeness;
  /**
   * what it is or does, in our own words
   */
  summary: string | null;
  name: string | null;
  number: number | null;
  game: string;
  product: string;
  kind: "secret-token" | "tool" | "cult-tool" | "resource" | "expansion" | "progress" | "other";
  placement: "farm" | "group" | "supply" | "board" | "other" | null;
  counts_as_tool: boolean | null;
  /**
   * the skills a tool token adds to the group that holds it (any of strength, awareness, craftsmanship); null when it adds none or it is not known
   */
  skills: {
    [k: string]: number;
  } | null;
  /**
   * what building the token takes (cost clauses only), lowered; null when it is not known
   */
  cost: Lowered | null;
  /**
   * what a built token adds to the action it improves (reward clauses only), lowered; null when it is not known
   */
  improves: Lowered | null;
  /**
   * what using a cult tool asks (one cost clause), lowered; null when it is not known
   */
  use: Lowered | null;
  /**
   * the skill of a requirement for which the group holding the token (or helping with it) rolls no dice, up to `no_roll_up_to` of that skill (Obsidian Jewelry); null when the token does not spare the dice or the skill is not known (its icon is not in the text)
   */
  no_roll_skill: "strength" | "awareness" | "craftsmanship" | null;
  /**
   * the largest requirement of `no_roll_skill` for which the dice are spared; null when the token does not spare the dice
   */
  no_roll_up_to: number | null;
  /**
   * one lowered option per option
   */
  options: Lowered[];
  notes: string[];
  /**
   * the content file the record is written in, from the project root
   */
  file: string;
  /**
   * synthetic packs only: the fields a pack filled in where the content left them null (`parameters.<name>` for a game)
   */
  synthetic_fields?: string[];
}
export interface Die {
  id: string;
  /**
   * where the rulebooks state this record
   */
  source: Source | Source[];
  completeness: Completeness;
  /**
   * what it is or does, in our own words
   */
  summary: string | null;
  name: string;
  game: string;
  product: string;
  color: string | null;
  count: number | null;
  /**
   * one entry per face; null when the rulebook does not give them
   */
  faces: string[] | null;
  /**
   * the content file the record is written in, from the project root
   */
  file: string;
  /**
   * synthetic packs only: the fields a pack filled in where the content left them null (`parameters.<name>` for a game)
   */
  synthetic_fields?: string[];
}
export interface Scenario {
  id: string;
  /**
   * where the rulebooks state this record
   */
  source: Source | Source[];
  completeness: Completeness;
  /**
   * what it is or does, in our own words
   */
  summary: string | null;
  kind: "scenario" | "level" | "suggestion";
  name: string;
  game: string;
  product: string;
  /**
   * module letters as printed
   */
  modules: string[];
  boards: string[];
  players: number[] | null;
  notes: string[];
  /**
   * the content file the record is written in, from the project root
   */
  file: string;
  /**
   * synthetic packs only: the fields a pack filled in where the content left them null (`parameters.<name>` for a game)
   */
  synthetic_fields?: string[];
}
/**
 * Our reading of an unclear or conflicting rule, with the citations it weighs.
 */
export interface Interpretation {
  id: string;
  /**
   * where the rulebooks state this record
   */
  source: Source | Source[];
  completeness: Completeness;
  /**
   * what it is or does, in our own words
   */
  summary: string | null;
  question: string;
  reading: string;
  /**
   * @minItems 1
   */
  citations: [Source, ...Source[]];
  /**
   * ids of the records this reading shapes
   */
  affects: string[];
  /**
   * the content file the record is written in, from the project root
   */
  file: string;
  /**
   * synthetic packs only: the fields a pack filled in where the content left them null (`parameters.<name>` for a game)
   */
  synthetic_fields?: string[];
}
/**
 * A symbol of the effect language, as the effects stage's registry holds it.
 */
export interface Symbol {
  id: string;
  /**
   * where the rulebooks state this symbol
   *
   * @minItems 1
   */
  source: [Source, ...Source[]];
  completeness: Completeness;
  /**
   * present when the definition gives one
   */
  summary?: string;
  /**
   * canonical symbol phrase, lower case
   */
  name: string;
  /**
   * other phrases that resolve to this symbol
   */
  aliases: string[];
  /**
   * present when the phrase after a number other than 1 differs
   */
  plural?: string;
  category: "action" | "resource" | "tool" | "cult-tool" | "skill" | "expansion" | "outcome" | "die-face" | "token";
  /**
   * clause positions the symbol may take
   *
   * @minItems 1
   */
  positions: [
    "requirement" | "cost" | "reward" | "negative" | "trigger" | "condition",
    ...("requirement" | "cost" | "reward" | "negative" | "trigger" | "condition")[]
  ];
  /**
   * typed parameters, in the order they are written
   */
  params: SymbolParam[];
  /**
   * game ids (`game:paleo`, `game:paleovet`)
   *
   * @minItems 1
   */
  games: [string, ...string[]];
  explanation: string;
  /**
   * one option in the effect language that uses this symbol
   */
  example: string;
}
/**
 * One typed parameter of a symbol, in the order it is written after the symbol phrase.
 */
export interface SymbolParam {
  name: string;
  /**
   * a parameter type known to the registry (int, count, altar, back, secret, card, tool, ...); `a|b` accepts either
   */
  type: string;
  /**
   * present, and true, when the parameter may be left out
   */
  optional?: true;
  /**
   * present when an optional parameter has a default
   */
  default?: number | string;
  /**
   * present when a number is written with a noun, singular/plural
   */
  unit?: string;
  /**
   * present, and true, when the number is written before the symbol phrase
   */
  before?: true;
}
/**
 * Printed card counts per product and module against the authored records.
 */
export interface Coverage {
  modules: {
    [k: string]: ModuleCoverage;
  };
  products: {
    [k: string]: ProductCoverage;
  };
}
/**
 * A module's printed cards against its authored records.
 */
export interface ModuleCoverage {
  /**
   * the printed count; null when the rulebooks do not say
   */
  printed: number | null;
  complete: number;
  partial: number;
  unknown: number;
  /**
   * complete + partial + unknown
   */
  authored: number;
  /**
   * printed cards not authored yet; null when `printed` is
   */
  missing: number | null;
  /**
   * authored units beyond the printed count
   */
  over: number;
  letter: string;
  name: string | null;
  product: string | null;
}
/**
 * A product's printed cards against its authored records.
 */
export interface ProductCoverage {
  /**
   * the printed count; null when the rulebooks do not say
   */
  printed: number | null;
  complete: number;
  partial: number;
  unknown: number;
  /**
   * complete + partial + unknown
   */
  authored: number;
  /**
   * printed cards not authored yet; null when `printed` is
   */
  missing: number | null;
  /**
   * authored units beyond the printed count
   */
  over: number;
  name: string;
  groups: GroupCoverage[];
  /**
   * named secret cards beyond the room the printed secret group leaves
   */
  unplaced: string[];
  /**
   * cards whose printed group is not known, counted nowhere
   */
  ungrouped: string[];
}
/**
 * A printed card group of a product.
 */
export interface GroupCoverage {
  /**
   * the printed count; null when the rulebooks do not say
   */
  printed: number | null;
  complete: number;
  partial: number;
  unknown: number;
  /**
   * complete + partial + unknown
   */
  authored: number;
  /**
   * printed cards not authored yet; null when `printed` is
   */
  missing: number | null;
  /**
   * authored units beyond the printed count
   */
  over: number;
  name: string;
  kind: CardKind | null;
  /**
   * module letters whose cards form the group
   */
  modules: string[];
}
/**
 * The dependency graph in networkx's node-link form.
 */
export interface Graph {
  directed: true;
  multigraph: true;
  graph: GraphMeta;
  nodes: GraphNode[];
  edges: GraphEdge[];
}
export interface GraphMeta {
  name: "paleo-codex";
  edge_kinds: (
    | "provides"
    | "part-of"
    | "references"
    | "matches"
    | "reveals"
    | "face"
    | "combines"
    | "requires"
    | "always-needs"
    | "uses"
    | "has-tool"
  )[];
}
/**
 * A node of the dependency graph: a record, a secret number, a tool, a symbol or a title keyword.
 */
export interface GraphNode {
  id: string;
  kind:
    | "game"
    | "product"
    | "board"
    | "module"
    | "secret"
    | "card"
    | "token"
    | "die"
    | "scenario"
    | "level"
    | "suggestion"
    | "symbol"
    | "tool"
    | "title";
  label: string;
  /**
   * present on a record's node
   */
  completeness?: Completeness | null;
  /**
   * present on the node of a record that names its game
   */
  game?: string;
  /**
   * present on a secret number with a record; null when the count is not known
   */
  copies?: number | null;
  /**
   * present on a secret number with a record
   */
  identical_backs?: boolean;
  /**
   * present on a secret number: its record's id
   */
  record?: string;
}
/**
 * A directed edge of the dependency graph, keyed by its kind.
 */
export interface GraphEdge {
  source: string;
  target: string;
  key:
    | "provides"
    | "part-of"
    | "references"
    | "matches"
    | "reveals"
    | "face"
    | "combines"
    | "requires"
    | "always-needs"
    | "uses"
    | "has-tool";
  kind:
    | "provides"
    | "part-of"
    | "references"
    | "matches"
    | "reveals"
    | "face"
    | "combines"
    | "requires"
    | "always-needs"
    | "uses"
    | "has-tool";
  /**
   * present where a product or module provides a secret number: its printed copies
   */
  copies?: number | null;
  /**
   * present on a `reveals` edge: the secret card whose face reveals the other secret
   */
  via?: string;
}
/**
 * A source document the project declared (`[tool.paleo]` `sources` or a `sources:` record), as the site shows
 * it: the name citations use in `rulebook`, its title and, when declared, its headings.
 */
export interface BundleSource {
  rulebook: string;
  title: string;
  headings?: string[] | null;
}
