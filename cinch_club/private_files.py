"""Files that hold the club's secrets are readable by their owner alone (0600): the
database and its ``-wal`` and ``-shm`` files (password hashes, sessions, every score),
its backups, and ``make hall``'s secret key. Made so when they are created, whatever
the shell's umask, and tightened when ``make hall`` finds an older one open to all."""

import os
from pathlib import Path

OWNER_ONLY = 0o600
# SQLite makes the -wal and -shm files with the database file's own permissions.
SQLITE_SIDE_FILES = ("", "-wal", "-shm")


def create_private(path: Path | str) -> None:
    """An empty file at ``path`` that its owner alone may read, unless one is there (an
    empty file is an empty SQLite database, which SQLite then fills)."""
    try:
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, OWNER_ONLY)
    except FileExistsError:
        return
    os.fchmod(descriptor, OWNER_ONLY)  # past a umask that takes the owner's bits away
    os.close(descriptor)


def make_private(database: Path | str) -> list[Path]:
    """The SQLite database at ``database`` and its side files made 0600 where they are
    open to others: the files changed."""
    changed = []
    for suffix in SQLITE_SIDE_FILES:
        path = Path(f"{database}{suffix}")
        if path.exists() and path.stat().st_mode & 0o077:
            path.chmod(OWNER_ONLY)
            changed.append(path)
    return changed
