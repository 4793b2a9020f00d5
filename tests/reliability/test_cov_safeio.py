"""Writes that are refused (outside the project root, onto a device or a FIFO) and what a non-file is called."""

from __future__ import annotations

import os
import socket
import stat
from pathlib import Path

import pytest

from compiler.safeio import WriteRefused, _kind, atomic_write, path_problem


def test_a_write_resolving_outside_the_root_is_refused_and_one_inside_is_done(tmp_path):
    root = tmp_path / "project"
    (root / "out").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    with pytest.raises(WriteRefused, match="lies outside"):
        atomic_write(root / "out" / ".." / ".." / "elsewhere" / "x.json", "{}", root=root)
    assert not (tmp_path / "elsewhere" / "x.json").exists()
    atomic_write(root / "out" / "x.json", "{}", root=root)
    assert (root / "out" / "x.json").read_text(encoding="utf-8") == "{}"


def test_a_write_onto_a_fifo_is_refused_and_leaves_no_temporary_file(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(WriteRefused, match="is not a regular file"):
        atomic_write(fifo, "data")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_a_non_file_is_named_for_what_it_is(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    assert path_problem(tmp_path / "pipe") == "not a regular file (a FIFO)"
    assert path_problem(Path("/dev/null")) == "not a regular file (a character device)"
    with socket.socket(socket.AF_UNIX) as s:
        s.bind(str(tmp_path / "sock"))
        assert path_problem(tmp_path / "sock") == "not a regular file (a socket)"
    assert _kind(stat.S_IFBLK) == "a block device"
    assert path_problem(tmp_path) is None
