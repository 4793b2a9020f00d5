"""A small fan project on top of the bundled games, written into a folder for the server tests."""

from __future__ import annotations

from pathlib import Path

SOURCE = """    source:
      rulebook: 002_56cce9db253ede81.txt
      section: ["The Game Turn: Surviving Day and Night"]
"""

CARDS = """cards:
  - id: card:fan/lookout
    name: Lookout
    game: game:paleo
    product: product:paleo
    kind: base
    back: null
    options:
      - 'require venerate place forest -> 1 wood'
      - 'on stable action: -> may reveal secret 23'
      - 'require have card "Scout" -> 2 food'
    summary: A test card of the fixture project.
    completeness: partial
""" + SOURCE

MORE = """cards:
  - id: card:fan/scout
    name: Scout
    game: game:paleo
    product: product:paleo
    kind: base
    back: null
    options:
      - '-> 1 wood'
    summary: Another test card of the fixture project.
    completeness: partial
""" + SOURCE

PYPROJECT = """[project]
name = "fan-module"
version = "0"

[tool.paleo]
select = ["ALL"]
"""


def write_project(root: Path) -> Path:
    (root / "content").mkdir(parents=True, exist_ok=True)
    (root / "pyproject.toml").write_text(PYPROJECT, encoding="utf-8")
    (root / "content" / "cards.yaml").write_text(CARDS, encoding="utf-8")
    (root / "content" / "more.yaml").write_text(MORE, encoding="utf-8")
    return root
