// A small frontend over a compiled bundle: it lists the playable setups (scenarios, levels and suggestions with
// their modules and boards) and the cards of each module with their options, using the bundle's published
// TypeScript definitions. Type-checked by the test suite (`tsc --noEmit -p examples/frontend`); in a page, serve
// it with a bundle.json beside it.
import type { ArgValue, Bundle, Card, Clause, EffectNode, Module, OptionIR, Scenario } from "../../site/downloads/bundle";

/** The bundle at `url`, refused unless its format is one this frontend reads (major version 1). */
export async function loadBundle(url: string): Promise<Bundle> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`cannot fetch ${url}: ${response.status}`);
  const data: unknown = await response.json();
  const version = (data as { format_version?: unknown }).format_version;
  if (typeof version !== "string" || !version.startsWith("1.")) {
    throw new Error(`${url} has bundle format ${String(version)}; this frontend reads 1.x`);
  }
  return data as Bundle;
}

export interface Setup {
  id: string;
  kind: Scenario["kind"];
  game: string;
  name: string;
  players: number[] | null;
  modules: Module[];
  missingModules: string[];
  boards: string[];
}

/** Every scenario, level and suggestion, its module letters resolved (the scenario's product first). */
export function setups(bundle: Bundle): Setup[] {
  const games = new Map(bundle.games.map((g) => [g.id, g.name]));
  const boards = new Map(bundle.boards.map((b) => [b.id, b.name]));
  return bundle.scenarios.map((s) => {
    const modules: Module[] = [];
    const missingModules: string[] = [];
    for (const letter of s.modules) {
      const candidates = bundle.modules.filter((m) => m.game === s.game && m.letter === letter);
      const found = candidates.find((m) => m.product === s.product) ?? candidates[0];
      if (found) modules.push(found);
      else missingModules.push(letter);
    }
    return {
      id: s.id, kind: s.kind, game: games.get(s.game) ?? s.game, name: s.name, players: s.players,
      modules, missingModules, boards: s.boards.map((b) => boards.get(b) ?? b),
    };
  });
}

/** The cards filed under a module, in the module's order. */
export function cardsOf(bundle: Bundle, module: Module): Card[] {
  const byId = new Map(bundle.cards.map((c) => [c.id, c]));
  return module.cards.map((id) => byId.get(id)).filter((c): c is Card => c !== undefined);
}

function arg(value: ArgValue, names: Map<string, string>): string {
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return names.get(value) ?? value;
  switch (value.ref) {
    case "secret":
    case "token":
      return `${value.ref} ${value.number}`;
    case "sea-card":
      return `sea card ${value.symbol}`;
    case "card":
    case "idea":
    case "title":
    case "mark":
      return `${value.ref} "${value.name}"`;
  }
}

/** An effect node in short words; the switch is exhaustive, so a node kind the types gain fails to compile here. */
export function describeNode(node: EffectNode, names: Map<string, string>): string {
  switch (node.node) {
    case "call": {
      const args = Object.values(node.args).map((v) => arg(v, names));
      return [names.get(node.symbol) ?? node.symbol, ...args].join(" ");
    }
    case "all":
      return node.items.map((n) => describeNode(n, names)).join(", ");
    case "choice":
      return node.items.map((n) => describeNode(n, names)).join(" or ");
    case "seq":
      return node.items.map((n) => describeNode(n, names)).join(" then ");
    case "may":
      return `may ${describeNode(node.item, names)}`;
    case "not":
      return `not ${describeNode(node.item, names)}`;
    case "unstated":
      return "...";
    default: {
      const unknown: never = node;
      return unknown;
    }
  }
}

function describeClause(clause: Clause, names: Map<string, string>): string {
  const everyone = clause.everyone ? "everyone " : "";
  switch (clause.kind) {
    case "roll":
      return `${everyone}roll ${clause.dice} dice`;
    case "reward":
      return `${everyone}-> ${describeNode(clause.body, names)}`;
    case "require":
    case "cost":
    case "suffer":
      return `${everyone}${clause.kind} ${describeNode(clause.body, names)}`;
  }
}

export function describeOption(option: OptionIR, names: Map<string, string>): string {
  const trigger = option.trigger === undefined ? "" : option.trigger.kind === "on"
    ? `on ${describeNode(option.trigger.call, names)}: ` : `${option.trigger.kind}: `;
  return trigger + option.clauses.map((c) => describeClause(c, names)).join("; ");
}

/** The listing as lines of text: each setup, its modules and their cards with every option. */
export function listing(bundle: Bundle): string[] {
  const names = new Map(bundle.symbols.map((s) => [s.id, s.name]));
  const lines: string[] = [];
  for (const setup of setups(bundle)) {
    const players = setup.players ? ` (${setup.players.join(", ")} players)` : "";
    lines.push(`${setup.game}: ${setup.kind} ${setup.name}${players}`);
    if (setup.boards.length > 0) lines.push(`  boards: ${setup.boards.join(", ")}`);
    for (const letter of setup.missingModules) lines.push(`  module ${letter}: not in this bundle`);
    for (const module of setup.modules) {
      lines.push(`  module ${module.letter}: ${module.name ?? "(name not known)"} [${module.completeness}]`);
      for (const card of cardsOf(bundle, module)) {
        lines.push(`    ${card.name ?? card.id} x${card.copies}`);
        for (const option of card.options) {
          // ir is null only for a text whose error was suppressed: show the text as authored
          lines.push(`      ${option.ir === null ? `(not compiled) ${option.text}` : describeOption(option.ir, names)}`);
        }
      }
    }
  }
  return lines;
}

if (typeof document !== "undefined") {
  loadBundle("bundle.json").then(
    (bundle) => { document.body.textContent = listing(bundle).join("\n"); },
    (error: unknown) => { document.body.textContent = String(error); },
  );
}
