"""Codes for reading and writing files safely (C02x): paths that are not files, outputs that cannot be written."""

from . import Code, E

CODES = [
    Code(
        "C020", "not-a-regular-file", E, "a path to read is not a regular file",
        what="A path given on the command line or found in a content folder is a FIFO, a device "
        "such as `/dev/zero`, a socket, a symbolic link that loops or leads nowhere — or a "
        "bundle larger than the bound on bundles.",
        why="Reading a FIFO or a device can block or never end, and skipping such a path "
        "without a word would report 'no problems found' for a file never checked.",
        example="mkfifo content/paleo/cards.yaml; paleo lint",
        fix="Replace the path with the regular YAML file it stands for, or remove it.",
    ),
    Code(
        "C021", "cannot-write-output", E, "an output file or folder cannot be written",
        what="`paleo build --out`, `paleo fmt` or another command could not write where it was "
        "asked: the target is a file where a folder is needed, lies below a file, is not "
        "writable, is a symbolic link (never written through), or the disk is full.",
        why="Every file is written atomically — a temporary file in the same folder, flushed and "
        "renamed — so a failed write leaves the old file intact; the failure is reported, "
        "never counted as done.",
        example="paleo build --out README.md",
        fix="Point the output at a writable folder, free disk space, or replace the link by the file.",
    ),
    Code(
        "C022", "output-folder-not-empty", E, "the output folder holds files paleo did not write",
        what="`paleo docs --out DIR` names a folder that is neither empty nor a site an earlier "
        "`paleo docs` built there.",
        why="Building the site replaces the whole folder; doing so silently would delete whatever "
        "else it held.",
        example="paleo docs --out ~",
        fix="Choose an empty or new folder, or empty it yourself first.",
    ),
]
