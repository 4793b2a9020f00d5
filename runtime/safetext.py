"""Text safe to show: the runtime's copy of the project's escaping policy (the compiler's `safeio.escape`).

The runtime cannot import the compiler, so it keeps this small helper, which
tests/foundation/test_escaping.py holds equal to the compiler's on hostile text: a non-printable character
(ESC, BEL, CR, LF, U+2028, a bidirectional override ...) is shown as `U+XXXX`, and a text longer
than `limit` characters is cut with an ellipsis. Every message the protocol (`runtime.serve`)
writes passes through it.
"""

from __future__ import annotations

MAX_MESSAGE_CHARS = 500  # the same bound as the compiler's (compiler/limits.py)


def escape(text: object, limit: int | None = MAX_MESSAGE_CHARS, keep: str = "") -> str:
    """`text` with every non-printable character (space excepted) as U+XXXX, cut to `limit` characters.

    `keep` names characters left as they are (line breaks in a multi-line report).
    """
    try:
        s = text if isinstance(text, str) else str(text)
    except (ValueError, RecursionError):  # an int past the conversion limit, a cycle
        s = "a value too large to show"
    if limit is not None and len(s) > limit:
        s = s[: max(limit - 1, 0)] + "…"
    if s.isprintable():
        return s
    return "".join(c if c.isprintable() or c == " " or c in keep else f"U+{ord(c):04X}" for c in s)
