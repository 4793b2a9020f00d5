"""The hypothesis fuzzing engine: seeds from the committed corpus, mutated, plus free bytes, for a time budget.

Used by `scripts/fuzz.py --engine hypothesis` (where atheris does not install) and by the smoke test
of the test command. Each run of `chunk` examples has its own seed, so a run is reproducible from
its first seed and the budget only decides how many chunks run. An input that runs past `timeout`
seconds is a hang: it is returned as `Result.hang` (not shrunk: every try would take the whole
timeout), the way a failing input is returned as `Result.failure`.
"""

from __future__ import annotations

import os
import signal
import threading
import time
from contextlib import contextmanager
from dataclasses import dataclass, field

from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

import targets

_TOKENS = [b"&a ", b"*a", b"<<: *a", b"!!", b"0x", b"-0o", b"+0b1", b"1e9", b".nan", b"\xef\xbb\xbf", b"\x00",
           b"\r", b"\t", b"\xe2\x80\xae", b"\x1b[2J", b"\n  - ", b": ", b"{", b"}", b"[", b"]", b"'", b'"', b"#",
           b"---\n", b"...\n", b"|\n", b">-\n", b"~", b"null", b"9" * 30, b"id: card:", b"source: ",
           b"; ", b" -> ", b"cost ", b"require ", b"suffer ", b"or ", b"(", b")", b"x", b"food", b"\xff"]


@st.composite
def _mutated(draw, seeds: list[bytes]) -> bytes:
    data = bytearray(draw(st.sampled_from(seeds)))
    for _ in range(draw(st.integers(1, 6))):
        at = draw(st.integers(0, len(data)))
        kind = draw(st.integers(0, 3))
        if kind == 0:
            data[at:at] = draw(st.sampled_from(_TOKENS))
        elif kind == 1:
            del data[at:at + draw(st.integers(1, 16))]
        elif kind == 2 and data:
            data[min(at, len(data) - 1)] = draw(st.integers(0, 255))
        else:
            end = min(len(data), at + draw(st.integers(1, 64)))
            data[at:at] = data[at:end] * draw(st.integers(1, 4))
    return bytes(data)


def strategy(name: str) -> st.SearchStrategy[bytes]:
    seeds = [d for _, d in targets.inputs(name)] or [b""]
    return st.one_of(_mutated(seeds), _mutated(seeds), st.binary(max_size=512))


class Hang(BaseException):
    """An input ran past its time limit. Not an Exception, so no handler of the code under test catches it
    (the serve protocol answers any Exception as `engine-fault`)."""


@contextmanager
def time_limit(seconds: float | None):
    """Raise Hang in this (the main) thread once `seconds` have passed; no limit elsewhere or with None."""
    if not seconds or threading.current_thread() is not threading.main_thread() or not hasattr(signal, "setitimer"):
        yield
        return

    def on_alarm(signum, frame):
        raise Hang(f"the input ran past the {seconds:g} s time limit")

    old = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def _watchdog(current: list, timeout: float, on_stuck) -> None:
    """The last resort for a hang the alarm cannot interrupt (one long call into C, such as a regular
    expression): past twice the limit, hand the input to `on_stuck` and end the process."""
    while True:
        time.sleep(min(1.0, timeout))
        now = current[0]
        if now is not None and time.monotonic() - now[1] > 2 * timeout + 5:
            on_stuck(now[0])
            os._exit(3)


@dataclass
class Result:
    target: str
    executions: int = 0
    chunks: int = 0
    seconds: float = 0.0
    failure: bytes | None = None
    hang: bytes | None = None
    error: str | None = None
    seen: set = field(default_factory=set)


def fuzz(name: str, budget: float, *, first_seed: int = 0, chunk: int = 100, timeout: float | None = None,
         on_stuck=None) -> Result:
    """Fuzz one target for `budget` seconds; stops at the first failure (shrunk) or hang and returns it.

    `timeout` bounds each input (in the main thread); `on_stuck(data)` is called, and the process ends,
    when an input outlives twice that without the alarm stopping it."""
    fn = targets.TARGETS[name]
    targets.warm(name)
    res = Result(name)
    failing: list[bytes] = []
    hangs: list[bytes] = []
    current: list = [None]
    if timeout and on_stuck is not None:
        threading.Thread(target=_watchdog, args=(current, timeout, on_stuck), daemon=True).start()

    def one(data: bytes) -> None:
        res.executions += 1
        current[0] = (data, time.monotonic())
        try:
            with time_limit(timeout):
                fn(data)
        except Hang:
            hangs.append(data)
            raise
        except BaseException:
            failing.append(data)
            raise
        finally:
            current[0] = None

    start = time.monotonic()
    n = first_seed
    while time.monotonic() - start < budget:
        test = settings(max_examples=chunk, deadline=None, database=None, derandomize=False,
                        suppress_health_check=list(HealthCheck))(seed(n)(given(strategy(name))(one)))
        n += 1
        res.chunks += 1
        try:
            test()
        except Hang as exc:  # a BaseException: hypothesis passes it on at once, without shrinking
            res.hang = hangs[-1] if hangs else None
            res.error = f"Hang: {exc}"
            break
        except Exception as exc:  # hypothesis re-raises the shrunk failure
            res.failure = failing[-1] if failing else None
            res.error = f"{type(exc).__name__}: {str(exc)[:2000]}"
            break
    res.seconds = time.monotonic() - start
    return res
