"""``python3 -m scoring.rules score FILE|-``, ``schedule N``, ``ladder FILE|-`` and
``draw FILE|- [PLAYER ...]``.

``score`` reads a night (``cinch-night/1``, answered with ``cinch-standings/1``) or a
single table's game (``cinch-game/1``, answered with ``cinch-board/1``), told apart by
the document's ``format``. ``draw`` deals the numbers of a season's next night so that
partners are new (``draw.draw_document``, answered with ``cinch-draw/1``). Standard
library only, so a club can score a night file on
any machine with Python.
Invalid input: exit status 2, one line per problem on stderr, nothing on stdout.
The problems are in the language LANGUAGE / LC_ALL / LC_MESSAGES / LANG name (stdlib
gettext reading the site's catalogue, locale/), English by default; the JSON documents
are never translated.
"""

import gc
import sys
from contextlib import contextmanager
from pathlib import Path

from scoring.rules.errors import PLACED, InvalidInput, gettext_noop
from scoring.rules.jsonio import dump_json, load_json
from scoring.rules.ladder import ladder_document
from scoring.rules.night.documents import score_night
from scoring.rules.schedule import schedule_document
from scoring.rules.table import GAME_FORMAT, score_table

EXIT_INVALID = 2


def _read_source(source: str) -> str:
    if source == "-":
        return sys.stdin.read()
    with open(source, encoding="utf-8") as handle:
        return handle.read()


def score_document(doc) -> dict:
    """The answer to a night or a table's game, by the document's ``format``."""
    if isinstance(doc, dict) and doc.get("format") == GAME_FORMAT:
        return score_table(doc)
    return score_night(doc)


# The site's catalogue (one for the pages and the rules core): the repository's locale/.
LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"


def _translate(text: str) -> str:
    """``text`` in the environment's language; English when no catalogue has it."""
    import gettext  # only a problem is said: a night scored is printed without it

    if not text:  # gettext("") is the catalogue's header
        return text
    return gettext.translation("django", LOCALE_DIR, fallback=True).gettext(text)


def _placed(place: str, message: str) -> str:
    """``place: message``, as the reader's language punctuates it."""
    return _translate(PLACED).format(place=place, message=message) if place else message


def _problem_line(problem) -> str:
    """``games[0].hands[1].bid: …``: the document path, the message in the reader's words."""
    return _placed(problem.place, problem.text(_translate))


def _document_command(source: str, what: str, answer) -> tuple[str, list[str]]:
    """``(document text, problems)``: ``answer`` applied to the JSON document at ``source``."""
    try:
        text = _read_source(source)
    except (OSError, UnicodeDecodeError) as error:
        said = _translate(gettext_noop("cannot read the {what}: {error}"))
        return "", [_placed(source, said.format(what=_translate(what), error=error))]
    try:
        doc = load_json(text)
    except (ValueError, RecursionError) as error:
        said = _translate(gettext_noop("not a JSON document: {error}"))
        words = getattr(error, "words", None)
        error = words.say(_translate) if words else error
        return "", [_placed(source, said.format(error=error))]
    try:
        return dump_json(answer(doc)), []
    except InvalidInput as invalid:
        return "", [_problem_line(problem) for problem in invalid.problems]


def score_command(source: str) -> tuple[str, list[str]]:
    """``(document text, problems)`` for the night or game file at ``source``."""
    return _document_command(source, gettext_noop("night or game file"), score_document)


def ladder_command(source: str) -> tuple[str, list[str]]:
    """``(document text, problems)`` for the season file at ``source``."""
    return _document_command(source, gettext_noop("season file"), ladder_document)


def schedule_command(count: str) -> tuple[str, list[str]]:
    try:
        pairs = int(count)
    except ValueError:
        said = _translate(gettext_noop("{count} is not a whole number"))
        return "", [_placed("pairs", said.format(count=repr(count)))]
    if not 2 <= pairs <= 1000:
        said = _translate(gettext_noop("a round robin needs from 2 to 1000 pairs"))
        return "", [_placed("pairs", said)]
    return dump_json(schedule_document(pairs)), []


def draw_command(call) -> tuple[str, list[str]]:
    """``(document text, problems)``: the next night of the season file ``call.file``
    dealt to ``call.players`` (or the last night's), ``call.house`` its house players;
    ``call.seed`` makes the draw repeatable (else the system's randomness)."""
    import random  # only a draw needs them

    from scoring.rules.draw import draw_document

    chance = random.SystemRandom() if call.seed is None else random.Random(call.seed)

    def answer(doc) -> dict:
        return draw_document(doc, call.players or None, call.house or None, chance=chance)

    return _document_command(call.file, gettext_noop("season file"), answer)


COMMANDS = {
    "score": score_command,
    "schedule": schedule_command,
    "ladder": ladder_command,
    "draw": draw_command,
}


def plain_call(argv: list[str]) -> tuple[str, str] | None:
    """``(command, argument)`` when ``argv`` is a plain call (``score FILE``, ``schedule
    6``), one that argparse reads the same way; ``None`` for anything else (help, an
    option, a mistake), which argparse reads and answers. Importing argparse and building
    its parser is a good part of the command's start-up, for a call that needs neither."""
    if len(argv) != 2 or argv[0] not in COMMANDS or argv[0] == "draw":
        return None
    command, argument = argv
    if argument.startswith("-") and argument != "-":  # an option, to argparse ("-": stdin)
        return None
    return command, argument


def parsed_call(argv: list[str]) -> tuple[str, object]:
    """``(command, argument)`` as argparse reads ``argv`` (``draw``'s argument: all it was
    given); it prints help or usage and exits on its own when asked to or when ``argv``
    is wrong."""
    import argparse

    parser = argparse.ArgumentParser(prog="python3 -m scoring.rules", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    score = commands.add_parser(
        "score",
        help="print the cinch-standings/1 of a cinch-night/1 "
        "or the cinch-board/1 of a cinch-game/1",
    )
    score.add_argument(
        "argument", metavar="file", help="the night or game file, or - for standard input"
    )
    plan = commands.add_parser("schedule", help="print the cinch-schedule/1 for N pairs")
    plan.add_argument("argument", metavar="pairs", help="the number of pairs (at least 2)")
    ladder = commands.add_parser("ladder", help="print the cinch-ladder/1 of a cinch-season/1")
    ladder.add_argument("argument", metavar="file", help="the season file, or - for standard input")
    _add_draw(commands)
    args = parser.parse_args(argv)
    return args.command, args if args.command == "draw" else args.argument


def _add_draw(commands) -> None:
    draw = commands.add_parser(
        "draw",
        help="print the cinch-draw/1 of a cinch-season/1's next night: its numbers dealt "
        "with the fewest partnerships of the season's nights",
    )
    draw.add_argument("file", help="the season file, or - for standard input")
    draw.add_argument(
        "players",
        nargs="*",
        metavar="player",
        help="the next night's players (default: the season's last night's, with its house "
        "players)",
    )
    draw.add_argument(
        "--house",
        action="append",
        default=[],
        metavar="NAME",
        help="a house player among the players (never paired with another); repeat for more",
    )
    draw.add_argument("--seed", type=int, help="a whole number that makes the draw repeatable")


@contextmanager
def collector_paused():
    """Python's cycle collector off while a command answers: what it builds lives until it
    prints (a night's games, hands and boards, which hold no cycles), and the collector
    would only walk all of it again and again as it grows."""
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if collecting:
            gc.enable()


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    command, argument = plain_call(argv) or parsed_call(argv)
    with collector_paused():
        output, problems = COMMANDS[command](argument)
    if problems:
        sys.stderr.write("".join(f"{problem}\n" for problem in problems))
        return EXIT_INVALID
    sys.stdout.write(output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
