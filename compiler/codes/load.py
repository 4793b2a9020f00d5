"""Codes for reading and parsing YAML files (Y0xx)."""

from . import Code, E

CODES = [
    Code(
        "Y001", "yaml-syntax", E, "the file is not well-formed YAML",
        what="The YAML parser could not read the file: a missing colon, a bad indentation, an "
        "unclosed quote, a tab used for indentation.",
        why="Nothing in the file can be checked until it parses.",
        example="cards:\n  - id: card:anb/reeds\n    name: \"Reeds",
        fix="Correct the syntax at the reported position; the help line names the usual cause.",
    ),
    Code(
        "Y002", "yaml-tag", E, "explicit YAML tags are refused",
        what="A value carries an explicit tag such as `!!python/object` or `!include`.",
        why="Tags can construct arbitrary objects or change how a value is read; content files are "
        "plain data, and a hostile file must not be able to run anything.",
        example="name: !!python/object:os.system echo",
        fix="Remove the tag and write the plain value.",
    ),
    Code(
        "Y003", "alias-bomb", E, "aliases expand into too much data",
        what="Anchors and aliases (`&a`, `*a`) expand into more than 8 MiB of data. The bound is "
        "on bytes produced — each alias counts the whole of what it repeats, its scalars' text "
        "included — so an alias of one long scalar counts as much as the scalar does. A file "
        "without aliases never reaches it.",
        why="A few lines can expand into billions of nodes or gigabytes of text ('billion laughs') "
        "and exhaust memory or disk when the bundle is written.",
        example="a: &a [x, x]\nb: &b [*a, *a]\nc: &c [*b, *b]\n# ... and so on",
        fix="Write the repeated parts out, or repeat only small pieces.",
    ),
    Code(
        "Y004", "duplicate-key", E, "a mapping repeats a key",
        what="The same key appears twice in one mapping.",
        why="YAML says keys are unique; loaders that keep the last value silently drop content.",
        example="- id: card:anb/reeds\n  name: Reeds\n  name: Clay",
        fix="Remove one of the two entries, or merge them.",
    ),
    Code(
        "Y005", "empty-file", E, "the file holds no YAML document",
        what="The file is empty or holds only comments.",
        why="An empty content file is almost always a mistake (a lost edit, a failed save).",
        example="# yaml-language-server: $schema=../../schema.json",
        fix="Add the records the file is meant to hold, or delete the file.",
    ),
    Code(
        "Y006", "complex-key", E, "a mapping key is not a scalar",
        what="A key is itself a list or mapping (`? [a, b]: value`).",
        why="Content keys are names; complex keys cannot be represented in JSON.",
        example="? [a, b]\n: value",
        fix="Use a plain name as the key.",
    ),
    Code(
        "Y007", "too-deep", E, "the file nests deeper than the loader allows",
        what="Mappings and sequences nest more than 64 levels deep.",
        why="Content records are shallow; very deep nesting is a hostile or broken file and could "
        "exhaust the stack.",
        example="a: [[[[[[[[[[[[[[[[ ... ]]]]]]]]]]]]]]]]",
        fix="Flatten the structure.",
    ),
    Code(
        "Y008", "multiple-documents", E, "the file holds more than one YAML document",
        what="A `---` line starts a second document.",
        why="Each content file is one document; a second one would be ignored by many tools.",
        example="cards: []\n---\ncards: []",
        fix="Move the second document into a file of its own.",
    ),
    Code(
        "Y009", "file-too-large", E, "the file is larger than the loader allows",
        what="The file is larger than 1 MiB.",
        why="Card files are a few kilobytes; a huge file is a mistake or an attack.",
        example="(a generated 5 MiB file)",
        fix="Split the content into several files.",
    ),
    Code(
        "Y010", "bad-encoding", E, "the file is not UTF-8 text",
        what="The file contains bytes that are not UTF-8, or NUL characters.",
        why="Content must read the same on every machine; only UTF-8 is accepted.",
        example="(a file saved as Latin-1 with the name `Weg der \\xc4ltesten`)",
        fix="Save the file as UTF-8.",
    ),
    Code(
        "Y011", "integer-out-of-range", E, "an integer is outside the 64-bit range",
        what="A plain integer is smaller than -2^63 or larger than 2^63-1 (decimal, `0o` octal or "
        "`0x` hex). A literal of more than 64 digits is refused before it is converted.",
        why="Content numbers are small counts; a huge integer is a typo or a hostile file, and "
        "converting or printing one costs time and breaks JSON consumers.",
        example="copies: 0x" + "f" * 20,
        fix="Write the intended number, or quote the value if it is text.",
    ),
]
