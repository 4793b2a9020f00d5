"""`paleo init [DIR]`: a working fan-module project on top of the bundled games.

It writes a pyproject with `[tool.paleo]` (which declares the module's own rulebook as a source),
that rulebook, a module with two cards citing it, the content schema the modelines point to, a
`.gitignore` for `build/`, a pre-commit config, a small labelled synthetic pack so the rule test can
play, and one rule test. The project lints clean, builds, and its rule test passes.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from .safeio import atomic_write, escape
from .schema import content_schema, write_json
from .starter_pack import PACK_BODY

MODELINE = "# yaml-language-server: $schema="


def slug_of(name: str) -> str:
    """A project name as an id namespace: lower-case words joined by hyphens (`my-module` when nothing is left)."""
    s = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
    if not s or not s[0].isalnum():
        s = "my-module"
    return s[:40].rstrip("-")


def _title(slug: str) -> str:
    return " ".join(w.capitalize() for w in slug.split("-"))


def files_for(slug: str) -> dict[str, str]:
    """Every file of a new project, by path relative to its folder."""
    title = _title(slug)
    book = f"rules/{slug}.md"
    cite = f'{{rulebook: {book}, section: ["{title}", "The Cards"]}}'
    pyproject = f"""[project]
name = "{slug}"
version = "0.1.0"
description = "{title}: a fan module for Paleo"

[tool.paleo]
# The cards under content/ add to the games bundled with paleo (`bundled = false` would load them alone).
content = ["content"]
# The module's own rulebook, which its citations name.
sources = [
  {{ file = "{book}", title = "{title} rules", headings = ["{title}", "Setup", "The Cards"] }},
]
"""
    rulebook = f"""# {title}

A fan module for Paleo. Shuffle its cards into the day decks like any module's.

## Setup

Play it with one other module, as the base game plays two.

## The Cards

Berry Patch: gather two food; or, with one awareness, one food and one wood.

Flint Cache: with one craftsmanship, take one stone.
"""
    module = f"""{MODELINE}schema.json
# {title}: a fan module on top of the bundled base game. Every record cites the module's own rulebook.
products:
  - id: product:{slug}
    name: {title}
    game: game:paleo
    kind: module
    printed_cards: 2
    completeness: complete
    source: {cite}

modules:
  - id: module:{slug}/Z
    letter: Z
    name: {title}
    game: game:paleo
    product: product:{slug}
    difficulty: easy
    printed_cards: 2
    rules:
      - id: gathering
        name: Gathering
        text: A Berry Patch gives two food to whoever takes its first option.
        source: {cite}
    completeness: complete
    source: {cite}

cards:
  - id: card:{slug}/berry-patch
    name: Berry Patch
    game: game:paleo
    product: product:{slug}
    module: module:{slug}/Z
    kind: module
    back: forest
    options:
      - "-> 2 food"
      - "require awareness 1 -> 1 food, 1 wood"
    completeness: complete
    source: {cite}

  - id: card:{slug}/flint-cache
    name: Flint Cache
    game: game:paleo
    product: product:{slug}
    module: module:{slug}/Z
    kind: module
    back: mountain
    options:
      - "require craftsmanship 1 -> 1 stone"
    completeness: complete
    source: {cite}
"""
    pack = (f"{MODELINE}../../../content/schema.json\n"
            "# SYNTHETIC TEST DATA, labelled as such: invented cards that make a base game playable for the rule\n"
            "# tests (the rulebooks do not print the card faces, so the bundled content alone cannot be played).\n"
            "# None of this is a Paleo fact.\n"
            "pack: {synthetic: true, name: starter}\n" + PACK_BODY)
    test = {
        "format": 2,
        "name": "Berry Patch gathers two food",
        "rulebook": book,
        "section": [title, "The Cards"],
        "rules": [f"module:{slug}/Z#gathering"],
        "content": {"packs": ["../packs/starter"], "modules": ["module:paleo/A", f"module:{slug}/Z"]},
        "players": 1,
        "seed": 1,
        "given": {"decks": {"0": [f"card:{slug}/berry-patch"]}, "res": {"food": 0, "wood": 0}},
        "actions": [{"type": "choose", "player": 0, "card": 0}, {"type": "option", "player": 0, "option": 0}],
        "expect": {"events": [{"t": "gain", "resource": "food", "n": 2}]},
    }
    precommit = """# Check and format the card files before each commit (`pre-commit install`), with the installed paleo.
repos:
  - repo: local
    hooks:
      - id: paleo-fmt
        name: paleo fmt
        entry: paleo fmt --content-files-only
        language: system
        files: ^content/.*\\.ya?ml$
      - id: paleo-lint
        name: paleo lint
        entry: paleo lint --content-files-only
        language: system
        files: ^content/.*\\.ya?ml$
"""
    readme = f"""# {title}

A fan module for Paleo, checked and compiled with `paleo` on top of the games bundled with it.

- `paleo lint`: check the cards (`paleo lint --fix` applies the safe fixes).
- `paleo build`: compile the bundled games plus this module into `build/bundle.json`.
- `paleo test tests/rules/*.json`: play the rule tests (with the synthetic pack in `tests/packs/starter`).
- Cite `{book}` (declared under `sources` in `pyproject.toml`) in every record's `source`.
"""
    return {
        "pyproject.toml": pyproject,
        "README.md": readme,
        ".gitignore": "build/\n__pycache__/\n",
        ".pre-commit-config.yaml": precommit,
        book: rulebook,
        "content/schema.json": write_json(content_schema()),
        f"content/{slug}.yaml": module,
        "tests/packs/starter/cards.yaml": pack,
        f"tests/rules/{slug}-berry-patch.json": json.dumps(test, indent=1, ensure_ascii=False) + "\n",
    }


def init(target: Path, name: str | None = None, out=None, err=None) -> int:
    """Write a new project into `target` (created if missing); refuse, changing nothing, if any of its files exists."""
    out = out or sys.stdout
    err = err or sys.stderr
    slug = slug_of(name or target.resolve().name)
    files = files_for(slug)
    if target.exists() and not target.is_dir():
        err.write(f"paleo: error: `{escape(target)}` exists and is not a folder\n")
        return 2
    clash = [p for p in files if (target / p).exists() or (target / p).is_symlink()]
    if clash:
        err.write(f"paleo: error: `{escape(target)}` already has " + ", ".join(f"`{escape(c)}`" for c in clash)
                  + "; nothing was written\n  = help: run `paleo init` in a new or empty folder\n")
        return 2
    for rel, text in files.items():
        p = target / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        atomic_write(p, text)
    shown = escape(target)
    out.write(f"created a fan module `{slug}` in {shown}: {len(files)} files\n"
              f"  cd {shown} && paleo lint && paleo build && paleo test tests/rules/*.json\n")
    return 0
