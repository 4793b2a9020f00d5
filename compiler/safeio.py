"""Safe input and output: one escaping function for every message, one atomic writer for every file
the project writes, and one bounded reader for every file or stream it reads.

- `escape` makes any text safe to print on a terminal: control and other non-printable characters
  (ESC, BEL, CR, U+2028, bidirectional overrides ...) are shown as `U+XXXX`, so content cannot set a
  terminal's title or colours or hide text. Every renderer passes author text through it; `escape_short`
  and `escape_python` are the same rule cut to a short quote or spelt as Python escapes. The runtime,
  which cannot import the compiler, keeps a copy (`runtime/safetext.py`) that a test holds equal.
- `atomic_write` writes a temporary file in the target's folder, flushes and fsyncs it, then renames
  it over the target: a kill at any point or a full disk leaves the old file or the new one, never
  a partial one. It never writes through a symbolic link.
- `read_regular` reads a regular file, up to a size bound; a FIFO, a device, a folder or a looping
  link is refused with a reason instead of blocking, reading forever or being skipped.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .limits import MAX_FILE_BYTES, MAX_LINE_SHOWN, MAX_MESSAGE_CHARS


SHORT_QUOTE = 60  # characters of an authored value quoted by `escape_short`


def _printable(ch: str) -> bool:
    return ch.isprintable() or ch == " "


def _text(text: object) -> str:
    try:
        return text if isinstance(text, str) else str(text)
    except (ValueError, RecursionError):  # an int past the conversion limit, a cycle
        return "a value too large to show"


def escape(text: object, limit: int | None = MAX_MESSAGE_CHARS, keep: str = "") -> str:
    """`text` safe for a terminal: non-printable characters as U+XXXX, cut to `limit` characters.

    `keep` names characters left as they are (a format with its own escaping of line breaks).
    """
    s = _text(text)
    if limit is not None and len(s) > limit:
        s = s[: max(limit - 1, 0)] + "…"
    if s.isprintable():
        return s
    return "".join(c if _printable(c) or c in keep else f"U+{ord(c):04X}" for c in s)


def escape_lines(text: object, limit: int | None = MAX_MESSAGE_CHARS) -> str:
    """As `escape`, but keeps line breaks (for multi-line help and explanations)."""
    return "\n".join(escape(part, limit) for part in _text(text).split("\n"))


def escape_short(text: object) -> str:
    """A short quote of an authored value: `escape`d, then cut to `SHORT_QUOTE` characters with `...`."""
    s = escape(text)
    return s if len(s) <= SHORT_QUOTE else s[:SHORT_QUOTE - 3] + "..."


def escape_python(text: object) -> str:
    """`escape`'s rule with each non-printable character spelt as Python and TOML write it (`\\x1b`,
    `\\u2028`), uncut: a name from a TOML file, quoted the way its own syntax would escape it."""
    s = _text(text)
    if s.isprintable():
        return s
    return "".join(c if _printable(c) else ascii(c)[1:-1] for c in s)


def _window(line: str, anchor: int, width: int) -> tuple[int, str, str]:
    if len(line) <= width:
        return 0, "", ""
    offset = max(0, min(anchor - 1 - width // 3, len(line) - width))
    return offset, ("…" if offset else ""), ("…" if offset + width < len(line) else "")


def shown_line(line: str, anchor: int, width: int = MAX_LINE_SHOWN) -> str:
    """A source line for a code frame: a window of `width` characters around column `anchor`, escaped."""
    offset, pre, post = _window(line, anchor, width)
    return pre + escape(line[offset:offset + width], None) + post


def display_col(line: str, anchor: int, col: int, width: int = MAX_LINE_SHOWN) -> int:
    """Where column `col` (1-based) of `line` stands in `shown_line(line, anchor, width)`."""
    offset, pre, _ = _window(line, anchor, width)
    c0 = min(max(col - 1 - offset, 0), min(width, len(line) - offset) + 1)
    return len(pre) + len(escape(line[offset:offset + c0], None)) + 1


class WriteRefused(OSError):
    """A write that would go through a symbolic link or outside the folder it must stay in."""


def atomic_write(path: str | Path, data, *, root: str | Path | None = None, durable: bool = True,
                 mode: int | None = None) -> None:
    """Replace `path` with `data` atomically (temp file in the same folder, fsync, rename).

    `data` is bytes, a str (written as UTF-8) or an iterable of such pieces, written in turn. With
    `durable` False nothing is synced (atomic still, but a crash may leave the new file short: for data
    checked when read, as the build cache's entries are). `mode`, when given, is the file's mode;
    otherwise an existing file keeps its own and a new one gets a plain open()'s.

    Refuses (WriteRefused) to write through a symbolic link, and, with `root`, to a target that
    resolves outside `root`. Any OSError leaves the target as it was and no temporary file behind.
    """
    p = Path(path)
    if isinstance(data, str):
        data = data.encode("utf-8")
    if p.is_symlink():
        raise WriteRefused(f"`{p}` is a symbolic link; it is not written through")
    folder = p.parent if str(p.parent) else Path(".")
    if root is not None:
        real = folder.resolve() / p.name
        try:
            real.relative_to(Path(root).resolve())
        except ValueError:
            raise WriteRefused(f"`{p}` lies outside `{root}`") from None
    try:
        st = os.stat(p)
        if not stat.S_ISREG(st.st_mode):
            raise WriteRefused(f"`{p}` is not a regular file")
        if mode is None:
            mode = stat.S_IMODE(st.st_mode)
    except FileNotFoundError:
        pass
    import tempfile  # noqa: PLC0415 - start-up cost: printing a message (this module's commonest use) must not pay for it

    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            _write_all(fh, data)
            if durable:
                fh.flush()
                os.fsync(fh.fileno())
        if mode is None:  # a new file gets the mode a plain open() would give it, not mkstemp's owner-only 0600
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(tmp, mode)
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    if not durable:
        return
    try:  # make the rename itself durable
        dfd = os.open(folder, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def _write_all(fh, data) -> None:
    if isinstance(data, (bytes, bytearray, memoryview)):
        fh.write(data)
        return
    for chunk in data:  # an iterable of pieces (a bundle written record by record, never whole in memory)
        fh.write(chunk.encode("utf-8") if isinstance(chunk, str) else chunk)


class ReadRefused(OSError):
    """A path that is not a regular file (FIFO, device, folder, looping link) or is too large."""


def read_regular(path: str | Path, limit: int = MAX_FILE_BYTES) -> bytes:
    """The bytes of a regular file, at most `limit` + 1 of them (so a caller can tell it is too big).

    Opens without blocking, so a FIFO cannot hang the reader, and refuses anything that is not
    a regular file with a ReadRefused naming what it is.
    """
    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        if exc.errno == 40:  # ELOOP
            raise ReadRefused(40, "a symbolic link that loops", str(p)) from None
        raise
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise ReadRefused(0, f"not a regular file ({_kind(st.st_mode)})", str(p))
        chunks, total = [], 0
        while total <= limit:
            b = os.read(fd, min(1 << 20, limit + 1 - total))
            if not b:
                break
            chunks.append(b)
            total += len(b)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_stream(stream, limit: int = MAX_FILE_BYTES) -> bytes:
    """At most `limit` + 1 bytes of a binary stream such as standard input."""
    return stream.read(limit + 1)


def _kind(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISCHR(mode):
        return "a character device"
    if stat.S_ISBLK(mode):
        return "a block device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a file"


def path_problem(p: Path) -> str | None:
    """Why `p` cannot be read as a content file (None when it is a regular file or a folder)."""
    try:
        st = os.stat(p)
    except OSError as exc:
        if exc.errno == 40:
            return "a symbolic link that loops"
        if p.is_symlink():
            return "a symbolic link to nothing"
        return None
    if stat.S_ISREG(st.st_mode) or stat.S_ISDIR(st.st_mode):
        return None
    return f"not a regular file ({_kind(st.st_mode)})"


SITE_MARKER = ".paleo-site"  # left in a folder `paleo docs` built, so a later build may replace it


def replaceable_folder(out: Path) -> tuple[str, str] | None:
    """Why a tool that replaces the whole of folder `out` must not (code, reason), or None.

    `out` may be missing, empty, or a folder an earlier build marked with SITE_MARKER (or, built
    before the marker existed, a generated site: `index.html` beside `search/search_index.json`).
    """
    if out.is_symlink() or (out.exists() and not out.is_dir()):
        return "C021", "it is not a folder"
    if not out.exists():
        return None
    try:
        entries = list(os.scandir(out))
    except OSError as exc:
        return "C021", exc.strerror or str(exc)
    if not entries or (out / SITE_MARKER).is_file():
        return None
    if (out / "index.html").is_file() and (out / "search" / "search_index.json").is_file():
        return None
    return "C022", f"it holds {len(entries)} entr{'y' if len(entries) == 1 else 'ies'} that an earlier build did not write"
