"""Map an offset inside a YAML string value back to the file: plain, quoted and block scalars."""

from __future__ import annotations

_ESCAPES = {
    "0": "\0", "a": "\a", "b": "\b", "t": "\t", "\t": "\t", "n": "\n", "v": "\v", "f": "\f", "r": "\r",
    "e": "\x1b", " ": " ", '"': '"', "/": "/", "\\": "\\", "N": "\x85", "_": "\xa0", "L": "\u2028",
    "P": "\u2029",
}
_HEX = {"x": 2, "u": 4, "U": 8}


def _flow(raw: str, base: int, quote: str | None) -> list[tuple[str, int]]:
    """Plain, single- and double-quoted scalars: escapes and line folding, char by char."""
    out: list[tuple[str, int]] = []
    pending: list[tuple[str, int]] = []
    i, n = 0, len(raw)
    while i < n:
        ch = raw[i]
        if ch == "\r" and i + 1 < n and raw[i + 1] == "\n":
            i += 1
            continue
        if ch == "\n":
            pending = []  # white space before a line break is not content
            j = i + 1
            empties: list[int] = []
            while True:
                k = j
                while k < n and raw[k] in " \t":
                    k += 1
                if k < n and raw[k] in "\r\n":
                    if raw[k] == "\r" and k + 1 < n and raw[k + 1] == "\n":
                        k += 1
                    empties.append(base + k)
                    j = k + 1
                    continue
                j = k
                break
            if empties:
                out.extend(("\n", off) for off in empties)
            else:
                out.append((" ", base + i))
            i = j
            continue
        if ch in " \t":
            pending.append((ch, base + i))
            i += 1
            continue
        if pending:
            out.extend(pending)
            pending = []
        if quote == "'" and ch == "'" and raw[i + 1:i + 2] == "'":
            out.append(("'", base + i))
            i += 2
            continue
        if quote == '"' and ch == "\\" and i + 1 < n:
            nxt = raw[i + 1]
            if nxt in "\r\n":  # an escaped line break joins the lines without a space
                j = i + 2 if nxt == "\n" else i + 3
                while j < n and raw[j] in " \t":
                    j += 1
                i = j
                continue
            if nxt in _HEX:
                size = _HEX[nxt]
                try:
                    out.append((chr(int(raw[i + 2:i + 2 + size], 16)), base + i))
                except ValueError:
                    return []
                i += 2 + size
                continue
            out.append((_ESCAPES.get(nxt, nxt), base + i))
            i += 2
            continue
        out.append((ch, base + i))
        i += 1
    out.extend(pending)
    return out


def _block(raw: str, base: int, folded: bool, indent: int | None) -> list[tuple[str, int]] | None:
    """Literal (`|`) and folded (`>`) block scalars with a given or detected indentation."""
    nl = raw.find("\n")
    if nl < 0:
        return []
    pos = nl + 1
    lines: list[tuple[str, int, int]] = []  # (line text, offset of its first char, offset of its break)
    while pos <= len(raw):
        end = raw.find("\n", pos)
        if end < 0:
            end = len(raw)
        line = raw[pos:end].rstrip("\r")
        lines.append((line, base + pos, base + end))
        if end == len(raw):
            break
        pos = end + 1
    if indent is None:
        for line, _, _ in lines:
            if line.strip():
                indent = len(line) - len(line.lstrip(" "))
                break
        else:
            return []
    out: list[tuple[str, int]] = []
    breaks: list[int] = []
    prev_normal: bool | None = None
    for line, start, brk in lines:
        body = line[indent:] if len(line) >= indent else ""
        if not line[:indent].strip() == "" and line.strip():
            return None  # less indented content: the indentation guess is wrong
        if not body.strip() and len(body.strip(" ")) == 0:
            breaks.append(brk)
            continue
        normal = body[:1] not in (" ", "\t")
        if prev_normal is not None:
            if folded and prev_normal and normal:
                if len(breaks) == 1:
                    out.append((" ", breaks[0]))
                else:
                    out.extend(("\n", b) for b in breaks[1:])
            else:
                out.extend(("\n", b) for b in breaks)
        else:
            out.extend(("\n", b) for b in breaks)
        breaks = [brk]
        out.extend((c, start + indent + k) for k, c in enumerate(body))
        prev_normal = normal
    out.extend(("\n", b) for b in breaks)
    return out


def offset_map(text: str, style: str | None, start: int, end: int, value: str) -> list[int] | None:
    """File offsets of each character of `value` plus one past its end, or None when unsure."""
    raw = text[start:end]
    chars: list[tuple[str, int]] | None
    if style in ('"', "'"):
        chars = _flow(raw[1:-1] if len(raw) >= 2 else "", start + 1, style)
    elif style in ("|", ">"):
        chars = None
        candidates = [None] + list(range(1, 10))
        for ind in candidates:
            got = _block(raw, start, style == ">", ind)
            if got is not None and "".join(c for c, _ in got).rstrip("\n") == value.rstrip("\n"):
                chars = got
                break
    else:
        chars = _flow(raw, start, None)
    if chars is None:
        return None
    got = "".join(c for c, _ in chars)
    if got != value and got.rstrip("\n") != value.rstrip("\n"):
        return None
    offs = [o for _, o in chars[:len(value)]]
    while len(offs) < len(value):
        offs.append(offs[-1] if offs else start)
    last = chars[len(value) - 1][1] + 1 if value and len(chars) >= len(value) else start
    offs.append(last)
    return offs


def line_col(text: str, off: int) -> tuple[int, int]:
    """1-based line and column (in characters) of a file offset."""
    line = text.count("\n", 0, off) + 1
    col = off - (text.rfind("\n", 0, off) + 1) + 1
    return line, col
