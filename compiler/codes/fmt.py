"""Codes for `paleo fmt`, the canonical layout of content files (F0xx)."""

from . import Code, E, W

CODES = [
    Code(
        "F001", "not-formatted", W, "the file is not in canonical key order and layout",
        what="`paleo fmt --check` found a file whose keys are not in the schema's order, or whose "
        "indentation, blank lines or modeline differ from the canonical layout.",
        why="One layout for every file keeps diffs small and reviews about content, and puts the "
        "fields every record shares (`id`, `source`, `completeness`) where a reader expects them.",
        example="cards:\n- name: Reeds\n  id: card:anb/reeds",
        fix="Run `paleo fmt` on the file; it only moves keys (with their comments) and re-indents.",
    ),
    Code(
        "F002", "unfaithful-round-trip", E, "fmt cannot rewrite the file without changing its content",
        what="The rewritten file would read back as different data, lose or duplicate a comment, or "
        "not be stable when formatted again. The file is left untouched.",
        why="`paleo fmt` must never change what a file says; when it cannot prove that, it refuses.",
        example="a block scalar whose lines are indented less than the new layout allows",
        fix="Simplify the construct named in the message (for example write the text as a quoted "
        "string) and run `paleo fmt` again; report the file if it looks ordinary.",
    ),
    Code(
        "F003", "unsupported-layout", E, "the file uses YAML syntax that fmt does not lay out",
        what="The file uses a construct fmt leaves alone: explicit `? ` keys, multi-line keys, "
        "directives such as `%YAML`, a `...` document end marker, or a root that is not a mapping.",
        why="Content files are plain mappings of lists; these constructs are legal YAML but have "
        "no canonical layout, so fmt reports them rather than guessing.",
        example="%YAML 1.2\n---\ncards: []",
        fix="Write the construct in plain block style (`key: value`) and run `paleo fmt` again.",
    ),
]
