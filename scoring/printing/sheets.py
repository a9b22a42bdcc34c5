"""What goes on each printed sheet, gathered from the selectors and the rules core.

A sheet's context is plain data for a ``templates/scoring/printing/`` template; every
figure on it comes from the stored totals, the rules core's fold of a game, or its
summary of the night. The night packet is what a director hands out: the draw sheet, the
pattern table, then one score sheet per game in round and table order, blank or filled in.

A sheet is a list of *parts* (``sheet_parts``): one for every sheet but a big packet,
which is its front (the draw and the pattern table) and its score sheets
``PART_SHEETS`` at a time, so that ``kept_sheets`` can render and keep each part on its
own. A blank packet's score sheets are one part printed from one marked sheet
(``stamped_parts``, ``core.printing.stamp``): the template marks where a game's own
words go (``data-slot``), ``marked_sheet`` puts a mark there, ``sheet_words`` says what
fills it for each game. Each is in the night's language (``sheet_language``): every
word of it comes from the templates and the catalogue, so ``kept_sheets`` renders it
under ``translation.override``. A night the rules core cannot score gets its reasons on the
standings and payout sheets, as on the pages.
"""

import base64
import logging
from functools import lru_cache
from html import unescape
from itertools import accumulate, groupby
from types import SimpleNamespace

from django.utils import translation
from django.utils.html import strip_tags
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from scoring.core.printing import renderer, stamp
from scoring.core.printing.parts import Part, sheet_heading, sheet_language
from scoring.core.records import documents, pairs
from scoring.games import selectors as games_selectors
from scoring.games.forms import pair_label
from scoring.nights import selectors as nights_selectors
from scoring.results import selectors as results_selectors
from scoring.rules import InvalidInput
from scoring.rules.variants import get_variant
from scoring.words.lists import separated
from scoring.words.problems import said_at

logger = logging.getLogger(__name__)

# Score sheets in one part of a big packet: WeasyPrint holds ~1 MB a page while laying
# a document out (800 MB for the packet of a 40-pair night at once).
PART_SHEETS = 40
ROW_HEIGHT_MM = 7
# Tables side by side in one pattern table: ten fit a page across, each game on one line.
PATTERN_TABLES = 10
# Column widths of a score sheet in millimetres: hand, dealer, bidder, bid, one per
# scoring card, hand points A and B, score A and B. At most 180 mm: fits Letter and A4.
LEADING_COLUMNS_MM = (10, 22, 16, 14)
CARD_COLUMN_MM = 11
TRAILING_COLUMNS_MM = (12, 12, 14, 14)


def packet_context(night, *, filled: bool = False, playoffs_only: bool = False) -> dict:
    """The draw sheet, the pattern table and a score sheet per game, the play-offs' after
    the round robin's; ``playoffs_only``: the play-offs' score sheets alone."""
    seats = documents.night_seats(night)
    every = documents.night_games(night, with_hands=filled)
    games = [g for g in every if not g.is_playoff]
    playoffs = [g for g in every if g.is_playoff]
    names = pairs.pair_names(seats)
    holders = {seat.number: seat.member.name for seat in seats}
    for game in games:
        game.holders = holders
    variant = get_variant(night.variant)
    printed = playoffs if playoffs_only else games + playoffs
    return {
        **sheet_heading(night, _("Play-off score sheets") if playoffs_only else _("Night packet")),
        # the draw sheet and the pattern table (``sheet_parts`` may split)
        "front": not playoffs_only,
        "seats": seats,
        "pair_names": names,
        "pattern": pattern_blocks(
            nights_selectors.pattern_rounds(games, len(seats) // 2),
            range(1, max((g.table for g in games), default=0) + 1),
        ),
        "variant": variant,
        "cards": variant.cards,
        "cinch_holes": range(variant.cinch_cap or 0),
        "column_widths": column_widths(variant),
        # The score sheet's width, so that its columns keep their widths whatever the
        # headings' words (French ones are longer) and meet the ruled rows below.
        "sheet_width": sum(column_widths(variant)),
        "sheets": [score_sheet(game, names, variant, filled=filled) for game in printed],
        "nothing": _("No play-off has been started.") if playoffs_only and not playoffs else "",
    }


def pattern_blocks(rounds, tables) -> list[dict]:
    """The pattern table as tables of at most ``PATTERN_TABLES`` tables each, one under
    the other, the byes in the last: wide enough that each game ("13 v 27") is one line."""
    tables = list(tables)
    blocks = [tables[at : at + PATTERN_TABLES] for at in range(0, len(tables), PATTERN_TABLES)]
    return [
        {
            "tables": block,
            "rows": [
                {"round": row.round, "games": [row.games.get(t) for t in block], "byes": row.byes}
                for row in rounds
            ],
        }
        for block in blocks or [[]]
    ]


def seating_context(night) -> dict:
    """Table cards: each table's pairs round by round."""
    seats = documents.night_seats(night)
    names = pairs.pair_names(seats)
    rounds = nights_selectors.pattern_rounds(documents.night_games(night), len(seats) // 2)
    tables = sorted({table for row in rounds for table in row.games})
    # No table links: a table card lies on the table, and a link is one pair's key.
    table_cards = [
        {
            "table": table,
            "rounds": [(row.round, meeting_words(row.games.get(table), names)) for row in rounds],
        }
        for table in tables
    ]
    return {**sheet_heading(night, _("Seating cards")), "table_cards": table_cards}


def pair_cards(rounds, names: dict[int, str]) -> list[dict]:
    """Each pair's slip: its players and its itinerary (``printing.pair_cards``)."""
    return [
        {"pair": pair, "names": names[pair], "lines": itinerary(pair, rounds, names)}
        for pair in sorted(names)
    ]


def meeting_words(game, names: dict[int, str]) -> str:
    """Who sits at a table in a round: "Pair 1 (Ann & Bob) v pair 4 (Cy & Di)"."""
    if game is None:
        return _("no game")
    (a, b), (players_a, players_b) = game.pairs, (names.get(p) or "—" for p in game.pairs)
    return _("Pair %(a)s (%(players_a)s) v pair %(b)s (%(players_b)s)") % {
        "a": a,
        "players_a": players_a,
        "b": b,
        "players_b": players_b,
    }


def itinerary(pair: int, rounds, names: dict[int, str]) -> list[str]:
    """Where ``pair`` sits each round (``nights.selectors.PatternRound``s), in words."""
    lines = []
    for row in rounds:
        game = next((g for g in row.games.values() if pair in g.pairs), None)
        if game is None:
            lines.append(_("Round %(round)s: bye") % {"round": row.round})
            continue
        other = game.pair_b if game.pair_a == pair else game.pair_a
        words = {"round": row.round, "table": game.table, "pair": other}
        opponents = names.get(other, "")
        if opponents:
            words["names"] = opponents
            lines.append(_("Round %(round)s: table %(table)s v pair %(pair)s, %(names)s") % words)
        else:
            lines.append(_("Round %(round)s: table %(table)s v pair %(pair)s") % words)
    return lines


def column_widths(variant) -> tuple[int, ...]:
    cards = (CARD_COLUMN_MM,) * len(variant.cards)
    return LEADING_COLUMNS_MM + cards + TRAILING_COLUMNS_MM


def score_sheet(game, names: dict[int, str], variant, *, filled: bool) -> dict:
    """One game's sheet: the rows the table fills in by pen (or the hands entered)."""
    rows = (
        _filled_rows(game, variant)
        if filled and not game.forfeit and not game.from_pegboard
        else []
    )
    blank = max(variant.score_sheet_rows - len(rows), 2)
    shown = filled and not game.forfeit and (game.finished or bool(rows))
    return {
        "game": game,
        # The seat words of the entry forms (``games.forms.pair_label``): pair number and names.
        "seats": [pair_label(pair, names) for pair in game.pairs],
        "rows": rows,
        "blank_grid": blank_grid(column_widths(variant), blank),
        "winner": game.winner if filled or game.forfeit else None,
        "forfeit": game.forfeit,
        "sat": _sat_words(game, names) if filled else [],
        # A game typed from the pegboard has no hands to print: its final score instead.
        "pegboard": filled and game.from_pegboard,
        "final": (game.score_a, game.score_b) if shown else None,
        "cinches": (game.cinches_a, game.cinches_b) if shown else None,
    }


def _sat_words(game, names) -> list[str]:
    """``["Zed for 3"]``… from the prefetched substitutes (``Zed for Ann`` with seats)."""
    holders = getattr(game, "holders", {})
    return [
        _("%(substitute)s for %(player)s")
        % {
            "substitute": sub.name,
            "player": holders.get(sub.number) or _("number %(number)s") % {"number": sub.number},
        }
        for sub in game.substitutes.all()
    ]


@lru_cache(maxsize=32)
def blank_grid(widths: tuple[int, ...], count: int) -> str:
    """The ruled rows a table fills in by pen, as one SVG image (a ``data:`` URI).

    One image of plain lines instead of a cell per box keeps a score sheet to a few
    dozen elements, and every blank sheet of a packet shares the same image.
    """
    width, height = sum(widths), count * ROW_HEIGHT_MM
    rows = "".join(f"M0 {y}H{width}" for y in range(0, height + 1, ROW_HEIGHT_MM))
    columns = "".join(f"M{x} 0V{height}" for x in (0, *accumulate(widths)))
    svg = (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}mm" height="{height}mm" '
        f'viewBox="0 0 {width} {height}"><path d="{rows}{columns}" stroke="#555" '
        'stroke-width="0.2" fill="none"/></svg>'
    )
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()


def _filled_rows(game, variant) -> list[dict]:
    state = games_selectors.game_progress(game) if game.hands.all() else None
    if state is None:
        return []
    rows = []
    for number, step in enumerate(state.steps, start=1):
        hand = step.hand
        row = {"number": number, "scores": step.scores, "passed": hand.passed}
        if not hand.passed:
            side = game.pairs
            row |= {
                "bidder": side[hand.bidder],
                "bid": pgettext("the bid", "Money") if hand.money else hand.bid,
                "cards": [
                    "" if hand.cards is None else ("–" if owner is None else side[owner])
                    for owner in (hand.cards or (None,) * len(variant.cards))
                ],
                "taken": hand.taken,
            }
        rows.append(row)
    return rows


def _unscoreable(night, kind: str, invalid: InvalidInput) -> dict:
    """A sheet that says why the night cannot be scored, as the pages say it."""
    return {
        **sheet_heading(night, kind),
        "problems": [said_at(problem) for problem in invalid.problems],
    }


def standings_context(night) -> dict:
    """The standings table and the ties still open (results are on the score sheets);
    ``blocked``: why it cannot be paid yet, in the sheet's language (the document's is
    English)."""
    try:
        results = results_selectors.night_results(night)
    except InvalidInput as invalid:
        return _unscoreable(night, _("Standings"), invalid)
    return {
        **sheet_heading(night, _("Standings")),
        "standings": results.standings,
        "blocked": separated(results.summary.blocked),
    }


def payout_context(night) -> dict:
    """The pot, the prizes and every player's paid, won and net, for the treasurer: the
    pot page's ``NightResults``, laid out by pair with a line to sign."""
    try:
        results = results_selectors.night_results(night)
    except InvalidInput as invalid:
        return _unscoreable(night, _("Payouts"), invalid)
    ledger = results.ledger
    return {
        **sheet_heading(night, _("Payouts")),
        "results": results,
        "summary": results.summary,
        "fees": results.summary.fees,
        "pairs": [
            {"pair": pair, "players": [row for row in ledger if row.pair == pair]}
            for pair in sorted({row.pair for row in ledger})
        ],
        "cash": [
            {
                "count": count,
                "difference": count.counted - results.summary.fees.pot,
                "envelopes": results_selectors.counted_envelopes(count),
            }
            for count in results_selectors.cash_counts(night)[:1]
        ],
    }


PACKET = "scoring/printing/packet.html"
SHEETS = {
    "packet": (
        PACKET,
        lambda night, filled: packet_context(night, filled=filled),
    ),
    "playoffs": (
        PACKET,
        lambda night, filled: packet_context(night, filled=filled, playoffs_only=True),
    ),
    "tables": ("scoring/printing/table_cards.html", lambda night, filled: seating_context(night)),
    "standings": (
        "scoring/printing/standings.html",
        lambda night, filled: standings_context(night),
    ),
    "payouts": ("scoring/printing/payouts.html", lambda night, filled: payout_context(night)),
}

# The sheets that differ filled in (``?filled=1``); the others print the same either way.
FILLED = frozenset({"packet", "playoffs"})


def sheet_parts(night, sheet: str, *, filled: bool = False) -> list[Part]:
    """The sheet as the parts it is rendered in: one, or a big packet's front and its
    score sheets ``PART_SHEETS`` at a time; a blank packet's front and its blank score
    sheets printed from one (``stamped_parts``)."""
    template, make_context = SHEETS[sheet]
    context = make_context(night, filled)
    score_sheets = context.get("sheets", [])
    if not filled and template == PACKET:
        stamped = stamped_parts(context)
        if stamped is not None:
            return stamped
    if len(score_sheets) <= PART_SHEETS:
        return [Part(template, context, 2 + len(score_sheets))]
    return [
        Part(template, {**context, "sheets": []}, 2),
        *sheets_in_parts(template, context, score_sheets),
    ]


def sheets_in_parts(template: str, context: dict, sheets: list[dict]) -> list[Part]:
    """``sheets`` without the front, ``PART_SHEETS`` score sheets a part."""
    chunks = [sheets[at : at + PART_SHEETS] for at in range(0, len(sheets), PART_SHEETS)]
    alone = {**context, "front": False}
    return [Part(template, {**alone, "sheets": chunk}, len(chunk)) for chunk in chunks]


def blank(sheet: dict) -> bool:
    """Whether a score sheet has nothing written on it but its game's words (its title,
    its pairs): every such sheet of a packet is laid out alike."""
    return not (
        sheet["rows"]
        or sheet["forfeit"]
        or sheet["sat"]
        or sheet["pegboard"]
        or sheet["winner"]
        or sheet["final"]
        or sheet["cinches"]
    )


def sheet_words(sheet: dict) -> dict[str, str]:
    """A score sheet's own words, each filling its mark on the marked sheet
    (``marked_sheet``)."""
    game = sheet["game"]
    return {
        "title": game.label,
        "a": str(game.pair_a),
        "b": str(game.pair_b),
        "seat-a": sheet["seats"][0],
        "seat-b": sheet["seats"][1],
    }


def marked_sheet(sheet: dict) -> dict:
    """``sheet`` with a mark (``stamp.mark``) wherever its game's own words go."""
    marks = {name: stamp.mark(name) for name in sheet_words(sheet)}
    game = SimpleNamespace(label=marks["title"], pair_a=marks["a"], pair_b=marks["b"])
    return {**sheet, "game": game, "seats": [marks["seat-a"], marks["seat-b"]]}


def stamped_parts(context: dict) -> list[Part] | None:
    """A blank packet as its front (laid out whole), then each run of blank score
    sheets as one part printed from its first sheet marked (``stamp``), any other sheet
    (a forfeit's) in parts laid out whole; None when the marks are not all that differs
    from one blank sheet to the next (the template prints some other word of its game),
    which ``sheet_parts`` then lays out sheet by sheet, or when no sheet is blank."""
    runs = [(is_blank, list(sheets)) for is_blank, sheets in groupby(context["sheets"], key=blank)]
    if not any(is_blank for is_blank, _ in runs):
        return None
    for is_blank, sheets in runs:
        if is_blank and not _only_marks_differ(context, sheets[0], sheets[-1]):
            logger.warning("Blank score sheets differ in more than their marks: laid out whole.")
            return None
    parts = [Part(PACKET, {**context, "sheets": []}, 2)] if context["front"] else []
    alone = {**context, "front": False}
    for is_blank, sheets in runs:
        if is_blank:
            marked = {**alone, "sheets": [marked_sheet(sheets[0])]}
            stamps = tuple(sheet_words(sheet) for sheet in sheets)
            parts.append(Part(PACKET, {**alone, "sheets": sheets}, len(sheets), marked, stamps))
        else:
            parts += sheets_in_parts(PACKET, context, sheets)
    return parts


def _only_marks_differ(context: dict, first: dict, last: dict) -> bool:
    """Whether ``last``'s sheet says what the marked ``first`` says with ``last``'s words."""
    alone = {**context, "front": False}

    def text(sheet):
        html = renderer.sheet_html(PACKET, {**alone, "sheets": [sheet]})
        return " ".join(unescape(strip_tags(html)).split())

    return stamp.fill(text(marked_sheet(first)), sheet_words(last)) == text(last)


def sheet_html(night, sheet: str, *, paper: str, filled: bool = False, language=None) -> str:
    """The sheet as an HTML page: the quick preview of its PDF, in its language."""
    template, context = SHEETS[sheet]
    with translation.override(sheet_language(night, language)):
        return renderer.render_html(template, context(night, filled), paper=paper)
