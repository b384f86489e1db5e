"""Files in and out: a file is written whole beside its target, then renamed over
it, so a full disk or a crash leaves the old file as it was (never a truncated
one); a file to import is read up to `IMPORT_LIMIT`."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import tempfile
from pathlib import Path

__all__ = ["IMPORT_LIMIT", "open_descriptor", "write_atomic"]

#: The largest match file or backup an import reads, in bytes (256 MB: a backup of
#: thousands of matches); the command line's ``import`` and the app's both refuse a
#: larger one (docs/file-format.md).
IMPORT_LIMIT = 256 * 1024 * 1024


#: A folder of a process's open files, as the kernel names it (``/proc/PID/fd``, a
#: thread's too); ``/dev/fd`` and ``/proc/self/fd`` lead there.
_DESCRIPTORS = re.compile(r"/proc/(\d+)(?:/task/\d+)?/fd")


def open_descriptor(path: str | Path) -> int | None:
    """The number of this process's open file that ``path`` names (``/dev/stdout`` is
    1, ``/dev/fd/3`` is 3), following its links; ``None`` for any other path, and for
    another process's open files. Such a path is written through the file already
    open (a pipe, a terminal, or the file the shell redirected the output to, which
    must not be replaced: the shell would go on writing the old one)."""
    current = os.path.abspath(path)
    for _ in range(40):  # as many links as the kernel follows
        parent, name = os.path.split(current)
        found = _DESCRIPTORS.fullmatch(os.path.realpath(parent))
        if found is not None and name.isdigit():
            return int(name) if int(found.group(1)) == os.getpid() else None
        try:
            link = os.readlink(current)
        except (OSError, ValueError):
            return None
        current = os.path.normpath(os.path.join(parent, link))
    return None


def _about(error: OSError, path: str | Path) -> OSError:
    """The same error of the system, about the file asked for (not the temporary file
    written beside it, whose name the player never gave)."""
    return OSError(error.errno, error.strerror, str(path))


def write_atomic(path: str | Path, data: str | bytes) -> None:
    """Write ``data`` (text is UTF-8) to ``path`` through a temporary file beside it,
    flushed to disk, then renamed over ``path``; an existing file keeps its
    permissions. A symbolic link is followed (the file it names is the one written);
    one of this process's open files (``/dev/stdout``: `open_descriptor`) is written
    through it, and what is not a regular file (a pipe, a device) straight into,
    never replaced.

    Raises:
        OSError: the folder cannot be written, the disk is full, the file is too
            large; ``path`` is then unchanged and no temporary file is left.
    """
    payload = data.encode("utf-8") if isinstance(data, str) else data
    open_file = open_descriptor(path)
    if open_file is not None:  # /dev/stdout and the like: the file open already
        view = memoryview(payload)
        while view:
            view = view[os.write(open_file, view) :]
        return
    target = Path(os.path.realpath(path))
    try:
        found = target.stat().st_mode
    except FileNotFoundError:
        found = None
    if found is not None and not stat.S_ISREG(found):
        if stat.S_ISDIR(found):
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(path))
        with open(target, "wb") as handle:  # a device or a pipe: nothing to rename over
            handle.write(payload)
            handle.flush()
        return
    try:
        mode = stat.S_IMODE(target.stat().st_mode)
    except FileNotFoundError:
        umask = os.umask(0)
        os.umask(umask)
        mode = 0o666 & ~umask
    try:
        descriptor, name = tempfile.mkstemp(
            dir=target.parent, prefix=f".{target.name}.", suffix=".partial"
        )
    except OSError as error:
        raise _about(error, path) from None
    temporary = Path(name)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException as error:
        temporary.unlink(missing_ok=True)
        if isinstance(error, OSError) and error.errno is not None:
            raise _about(error, path) from None
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable where possible
        folder = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
