"""Project-wide test settings: under CI a skipped test is a failure, not a pass; every bundle built or written
validates against the published bundle schema."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
IN_CI = os.environ.get("CI", "").lower() == "true"


def rulebooks_dir() -> Path:
    """The rulebook texts: $PALEO_RULEBOOKS, else ../shared/rulebooks beside the checkout."""
    env = os.environ.get("PALEO_RULEBOOKS")
    return Path(env) if env else REPO.parent / "shared" / "rulebooks"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if IN_CI and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped under CI=true, which counts as a failure (a missing tool is a broken install): {reason}"


def _pack_set(name: str) -> dict:
    """A named pack set's bundle from tests/packs/synthetic_bundle.py, built once per process."""
    import sys

    packs = str(REPO / "tests" / "packs")
    if packs not in sys.path:
        sys.path.insert(0, packs)
    import synthetic_bundle

    return synthetic_bundle._named(name, None)


@pytest.fixture(scope="session")
def pote_bundle() -> dict:
    """The bundle Path of the Elders is played on: content, synthetic-base, base-modules and pote."""
    return _pack_set("pote")


@pytest.fixture(scope="session")
def whale_bundle() -> dict:
    """The bundle The White Whale is played on with modules A, F and D: content, synthetic-base, base-modules, whale."""
    return _pack_set("whale")


@pytest.fixture(scope="session")
def whale_anb_bundle() -> dict:
    """The bundle The White Whale is played on with module O: A New Beginning's packs and whale."""
    return _pack_set("whale-anb")


@pytest.fixture(scope="session")
def vet_bundle() -> dict:
    """The bundle PaleoVet is played on: content and the synthetic paleovet pack."""
    return _pack_set("paleovet")


# ---------------------------------------------------------------------------------------------------------------
# Every bundle the suite builds or writes is checked against the published bundle schema (tests/bundle_check.py):
# an in-process build when it is made, the bundle files the compiler wrote (subprocess builds) when the session ends.
# The check lives here, never on the build's path: the compiler writes plain data.

def _check_in_process_builds() -> None:
    import functools

    import compiler.pipeline as pipeline

    real = pipeline.run
    if getattr(real, "checks_bundles", False):
        return

    @functools.wraps(real)
    def run(*args, **kwargs):
        res = real(*args, **kwargs)
        if res.bundle is not None and not any(d.is_error for d in res.diagnostics):
            import bundle_check

            bad = bundle_check.problems(res.bundle)
            if bad:
                raise AssertionError(f"a bundle built in the tests does not validate against "
                                     f"{bundle_check.SCHEMA_FILE.relative_to(REPO)}:\n  " + "\n  ".join(bad))
        return res

    run.checks_bundles = True
    pipeline.run = run


_check_in_process_builds()


@pytest.fixture(scope="session", autouse=True)
def _written_bundles_validate(tmp_path_factory):
    """At the end of the session, every bundle file the compiler wrote under pytest's temporary folder validates."""
    base = tmp_path_factory.getbasetemp()
    yield
    import bundle_check

    failed = []
    for path in bundle_check.written_bundles(base):
        bundle = bundle_check.is_written_bundle(path)
        if bundle is None:
            continue
        bad = bundle_check.problems(bundle)
        if bad:
            failed.append(f"{path.relative_to(base)}:\n    " + "\n    ".join(bad))
    assert not failed, (f"{len(failed)} bundle file(s) the compiler wrote in this session do not validate against "
                        f"{bundle_check.SCHEMA_FILE.relative_to(REPO)}:\n  " + "\n  ".join(failed))


@pytest.fixture(autouse=True)
def _coverage_keeps_measuring():
    """A test that stops the tracer (coverage's, in a measured run) fails, naming itself: everything its
    process ran after it would go unmeasured, and the coverage gate would fail somewhere else, depending on
    which worker ran it when (`atexit._run_exitfuncs` called for real runs coverage's own exit handler)."""
    import sys

    before = sys.gettrace()
    yield
    if before is not None and sys.gettrace() is None:
        pytest.fail("this test stopped the tracer (coverage measurement, in a measured run) for the rest of "
                    "its process; mock what ends the process (`atexit._run_exitfuncs`, `os._exit`)", pytrace=False)


_SESSION: dict = {}


def pytest_sessionfinish(session, exitstatus):
    _SESSION["status"] = int(exitstatus)


def _save_coverage() -> None:
    """Save this process's coverage data now, if it is measured, rather than in its exit handler: the run's
    controller kills an xdist worker that has not come down 10 seconds after the run, and the data of every
    test that worker ran would be lost with it."""
    try:
        import coverage

        cov = coverage.Coverage.current()
        if cov is not None:
            cov.stop()
            cov.save()
    except Exception:  # no coverage run, or nothing to save
        pass


@pytest.hookimpl(trylast=True)
def pytest_unconfigure(config):
    """Coverage is saved here, before the process exits (see `_save_coverage`).

    OpenSpiel's extension (loaded by tests/ai) can abort CPython's interpreter shutdown after some test mixes
    ("PyThreadState_Get: the GIL is released", exit 134) once every test has passed. When it is loaded, the run
    ends here with pytest's own status."""
    import sys

    _save_coverage()
    if "pyspiel" not in sys.modules or "status" not in _SESSION:
        return
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(_SESSION["status"])
