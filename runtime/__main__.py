"""`python -m runtime serve ...`: the runtime's command line (the JSON-lines protocol of `runtime.serve`)."""

import sys

from .version import __version__

USAGE = """usage: python -m runtime serve [--bundle FILE] [--max-games N] [--max-line-bytes N]
       python -m runtime --version

serve   answer JSON-lines requests on standard input (see `python -m runtime serve --help`)
"""


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["serve"]:
        from .serve import main as serve_main  # noqa: PLC0415 - start-up cost: --version and --help answer without loading the engine

        return serve_main(argv[1:])
    if argv[:1] == ["--version"]:
        sys.stdout.write(f"paleo-runtime {__version__}\n")
        return 0
    if argv[:1] in (["-h"], ["--help"]):
        sys.stdout.write(USAGE)
        return 0
    sys.stderr.write(USAGE)
    return 2


if __name__ == "__main__":
    sys.exit(main())
