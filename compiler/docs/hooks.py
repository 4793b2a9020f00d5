"""mkdocs hooks for the rules site: the generated reference, and stand-ins for guides not written yet."""

from __future__ import annotations

from mkdocs.structure.files import File, Files

# Guides the nav links that another part of the project owns; until a guide exists the site
# shows a short stand-in page, so `--strict` and every link to it keep working.
OPTIONAL_GUIDES = {
    "effect-language.md": (
        "---\ntitle: The effect language\n---\n\n# The effect language\n\n"
        "The guide to the effect language is not part of this build yet. Meanwhile, the "
        "[symbol reference](reference/symbols/index.md) lists every symbol with its positions, "
        "parameters and an example, and the [grammar](reference/grammar.md) shows how an option is parsed.\n"
    ),
}


def on_files(files: Files, config) -> Files:
    from compiler.docs import reference_files

    for src_uri, content in OPTIONAL_GUIDES.items():
        if files.get_file_from_path(src_uri) is None:
            files.append(File.generated(config, src_uri, content=content))
    return reference_files(files, config)
