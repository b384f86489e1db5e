"""Files in and out: a file is written whole beside its target, then renamed over
it, so a full disk or a crash leaves the old file as it was (never a truncated
one); a file to import is read up to `IMPORT_LIMIT`."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
from pathlib import Path

__all__ = ["IMPORT_LIMIT", "write_atomic"]

#: The largest match file or backup an import reads, in bytes (256 MB: a backup of
#: thousands of matches); the command line's ``import`` and the app's both refuse a
#: larger one (docs/file-format.md).
IMPORT_LIMIT = 256 * 1024 * 1024


def write_atomic(path: str | Path, data: str | bytes) -> None:
    """Write ``data`` (text is UTF-8) to ``path`` through a temporary file beside it,
    flushed to disk, then renamed over ``path``; an existing file keeps its
    permissions. A symbolic link is followed (the file it names is the one written);
    what is not a regular file (``/dev/stdout``, a pipe, a device) is written straight
    into, never replaced.

    Raises:
        OSError: the folder cannot be written, the disk is full, the file is too
            large; ``path`` is then unchanged and no temporary file is left.
    """
    target = Path(os.path.realpath(path))
    payload = data.encode("utf-8") if isinstance(data, str) else data
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
    descriptor, name = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.", suffix=".partial"
    )
    temporary = Path(name)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(payload)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable where possible
        folder = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
