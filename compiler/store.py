"""Signed entries in a cache folder: what every cache of the compiler reads and writes through.

An entry is a header (magic, the key it answers, an HMAC-SHA256 of the payload under a secret kept in the
folder, mode 0600) and a payload. Reading is bounded like reading a content file: only a regular file is
read (a FIFO, a device, a folder or a link to one is a miss, and never blocks), and no more than the folder's
bound; an entry whose magic, key or digest does not match is a miss. The folder comes from
`compiler.paths.cache_dir`, which takes only a folder private to the user, so the secret is the user's alone.

A payload is plain data (marshal: dicts, lists, strings, bytes, numbers, None) or raw bytes; the build cache
(`compiler.cache`) adds pickled payloads for its own records, read only after their digest verified.
"""

from __future__ import annotations

import hmac
import marshal
import os
import tempfile
from pathlib import Path

from .safeio import atomic_write, read_regular

MAGIC = b"PALEO-CACHE-3\n"
SECRET_BYTES = 32


class SignedStore:
    """Signed entries in `folder` (None: nothing is stored, every read misses), bounded by `max_bytes`."""

    def __init__(self, folder: Path | None, max_bytes: int):
        self.folder = Path(folder) if folder is not None else None
        self.max_bytes = max_bytes
        self._secret: bytes | None = None

    def secret(self) -> bytes:
        if self._secret is None:
            path = self.folder / "secret"
            try:
                data = read_regular(path, SECRET_BYTES)
            except OSError:
                data = b""
            if len(data) != SECRET_BYTES:
                data = os.urandom(SECRET_BYTES)
                try:
                    self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
                    fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".secret.")
                    with os.fdopen(fd, "wb") as fh:
                        fh.write(data)
                    try:  # another process may have made one first: use whichever is there
                        os.link(tmp, path)
                    except OSError:
                        pass
                    os.unlink(tmp)
                    there = read_regular(path, SECRET_BYTES)
                    data = there if len(there) == SECRET_BYTES else data
                except OSError:
                    pass
            self._secret = data
        return self._secret

    def _mac(self, key: str):
        # HMAC-SHA256 of the key it answers and the payload (on processors with SHA instructions, about three
        # times as fast as keyed BLAKE2b over a large payload)
        return hmac.new(self.secret(), key.encode() + b"\0", "sha256")

    def _sign(self, key: str, payload) -> bytes:
        h = self._mac(key)
        h.update(payload)
        return h.hexdigest().encode()

    def _verified(self, name: str, key: str):
        """The payload (kind byte first) of a whole, signed entry `name` for `key`, or None."""
        if self.folder is None:
            return None
        try:
            blob = read_regular(self.folder / name, self.max_bytes)
        except (OSError, ValueError):
            return None
        head = MAGIC + key.encode() + b"\n"
        if len(blob) > self.max_bytes or not blob.startswith(head) or len(blob) < len(head) + 65:
            return None
        sig, payload = blob[len(head):len(head) + 64], memoryview(blob)[len(head) + 65:]  # the payload not copied
        if blob[len(head) + 64:len(head) + 65] != b"\n" or not hmac.compare_digest(sig, self._sign(key, payload)):
            return None
        try:
            os.utime(self.folder / name)  # recently used: evicted last
        except OSError:
            pass
        return payload

    def _decode(self, kind: bytes, body):
        if kind == b"m":  # plain data (see put_plain)
            return marshal.loads(body)
        if kind == b"r":  # bytes as they are
            return bytes(body)
        raise ValueError("not a kind this store reads")

    def get(self, name: str, key: str):
        """The value stored under `name` for `key`, or None (missing, not a regular file, too big, stale,
        corrupt or tampered with)."""
        payload = self._verified(name, key)
        if payload is None:
            return None
        try:
            return self._decode(bytes(payload[:1]), payload[1:])
        except Exception:  # a payload that verifies but does not load: treat as missing
            return None

    def put_plain(self, name: str, key: str, value) -> None:
        """Store plain data under `name` for `key`, atomically; any problem leaves the folder as it was."""
        try:
            payload = b"m" + marshal.dumps(value)
        except ValueError:
            return
        self._put_payload(name, key, payload)

    def _put_payload(self, name: str, key: str, payload: bytes) -> None:
        if self.folder is None:
            return
        try:
            head = MAGIC + key.encode() + b"\n" + self._sign(key, payload) + b"\n"
            if len(head) + len(payload) > self.max_bytes:
                return
            self.folder.mkdir(mode=0o700, parents=True, exist_ok=True)
            # atomic but not synced: an entry a crash leaves short fails its digest and is only a miss
            atomic_write(self.folder / name, (head, payload), durable=False, mode=0o600)
            self._after_write()
        except Exception:  # the cache is an optimisation: a full disk or a refused write changes nothing
            return

    def _after_write(self) -> None:
        """What a write is followed by (the build cache keeps its bound)."""

