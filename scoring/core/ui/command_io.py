"""What the club's management commands share: reading a document, finding a row by its id,
refusing with each problem on its own line, and writing what they made.

A refusal exits with status 2, as ``python3 -m scoring.rules`` does for a file it cannot
score, so that scripts tell "refused" from a crash. Not a command itself: Django looks
for commands in ``commands/`` only.
"""

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn, TypeVar

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.core.management.base import BaseCommand, CommandError

from cinch_club.env import LOCAL_SITE_URL
from scoring.rules import InvalidInput
from scoring.rules.__main__ import EXIT_INVALID
from scoring.rules.jsonio import dump_json, load_json

Row = TypeVar("Row")


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def read_document(source: str):
    """The JSON document at ``source`` (a path, or ``-`` for stdin), decimals kept exact."""
    try:
        if source == "-":
            text = sys.stdin.read()
        else:
            with open(source, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as error:
        raise ValidationError(f"{source}: cannot read the night file: {error}") from None
    try:
        return load_json(text)
    except (ValueError, RecursionError) as error:
        raise ValidationError(f"{source}: not a JSON document: {error}") from None


def look_up(what: str, pk: int, find: Callable[..., Row]) -> Row:
    """``find(pk=pk)``; when there is none, exit status 2 with "There is no <what> <pk>."."""
    try:
        return find(pk=pk)
    except ObjectDoesNotExist:
        raise CommandError(f"There is no {what} {pk}.", returncode=EXIT_INVALID) from None


def refuse(command: BaseCommand, problems: Iterable, summary: str) -> NoReturn:
    """Each problem on stderr on its own line, then ``summary``; exit status 2."""
    for problem in problems:
        command.stderr.write(str(problem))
    raise CommandError(summary, returncode=EXIT_INVALID) from None


@contextmanager
def refusing_import(command: BaseCommand) -> Iterator[None]:
    """An import refused by the services: every problem with its place, nothing written."""
    try:
        yield
    except ValidationError as error:
        problems = error.messages
        refuse(command, problems, f"Nothing was imported: {plural(len(problems), 'problem')}.")


@contextmanager
def refusing_invalid(command: BaseCommand, summary: str) -> Iterator[None]:
    """A document the rules core refuses: its problems, then ``summary``."""
    try:
        yield
    except InvalidInput as invalid:
        refuse(command, invalid.problems, summary)


def print_document(command: BaseCommand, document: dict) -> None:
    """``document`` on stdout, byte for byte as the rules core's command line prints it."""
    command.stdout.write(dump_json(document), ending="")


def write_pdf(out: Path, pdf: bytes) -> None:
    try:
        out.write_bytes(pdf)
    except OSError as error:
        raise CommandError(f"Cannot write {out}: {error}", returncode=EXIT_INVALID) from None


def phones_address(site: str | None) -> str:
    """The address the players' phones reach the site at, for a command that prints their
    codes: ``--site``, else ``SITE_URL`` (the running ``make hall``'s when it is unset);
    refused when it is this machine's own, which no phone reaches."""
    site = (site or settings.SITE_URL).rstrip("/")
    if site == LOCAL_SITE_URL.rstrip("/"):
        raise CommandError(
            f"No make hall is running and SITE_URL is not set: the codes would point at "
            f"{site}, which no phone reaches. Start make hall and run this again beside it "
            "(it prints the hall's address and signs with its key), or give "
            "--site http://ADDRESS:PORT."
        )
    return site
