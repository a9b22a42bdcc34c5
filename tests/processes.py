"""A process a test started, as Linux's /proc tells it: what it started, whether it is
still alive (a zombie left to be reaped is not)."""

from pathlib import Path


def children(pid: int) -> list[int]:
    """The processes ``pid`` started."""
    listed = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [int(child) for child in listed]


def running(pid: int) -> bool:
    """Whether ``pid`` is a live process (not gone, nor a zombie left to be reaped)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"
