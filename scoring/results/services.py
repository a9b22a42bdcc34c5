"""The end of the night: the play-offs a prize tie needs, the tie-break, the cash counted,
and marking the night final (which refuses every write until a director re-opens it).
"""

from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count
from django.utils.translation import gettext, gettext_lazy

from scoring.core.records import documents, kept_summaries
from scoring.core.records.authors import audited
from scoring.core.records.guards import is_final, lock_night, lock_open_night, mark_night_changed
from scoring.models import CashCount, Game, Night, Tiebreak
from scoring.results.selectors import envelopes
from scoring.results.signals import night_closed
from scoring.rules import InvalidInput
from scoring.rules.night.documents import money_text
from scoring.rules.night.summary import missing_reasons
from scoring.rules.standings import PEGS, PLAYOFF, propose_playoffs
from scoring.words.lists import separated
from scoring.words.money import cash_gap, shown_money
from scoring.words.problems import said_at, say


def _night_summary(night: Night, games: list[Game], *, ended_early: bool | None = None):
    """The rules core's summary of the night from its stored totals (``games`` read)."""
    try:
        return documents.summary(
            night, documents.night_seats(night), games, ended_early=ended_early
        )
    except InvalidInput as invalid:
        raise ValidationError([said_at(problem) for problem in invalid.problems]) from None


def end_early_preview(night: Night):
    """The night as ending it now would make it (its void games, the ranking by share of
    games won, the payout), or a ``ValidationError`` saying why it cannot end yet."""
    if night.ended_early:
        raise ValidationError(gettext("%(night)s was ended early already.") % {"night": night.name})
    return _night_summary(night, documents.night_games(night), ended_early=True)


@audited
@transaction.atomic
def night_end_early(*, night: Night, user=None):
    """End the night now (time ran out): every game not finished is void, the standings
    rank by share of games won, and the pot can be paid out. Kept in the history; undone
    by :func:`night_end_early_undo`. Returns the summary as it now stands."""
    night = lock_open_night(night)
    summary = end_early_preview(night)
    night.ended_early = True
    night._change_reason = "ended early"
    night.save(update_fields=["ended_early", "updated_at"])
    mark_night_changed(night.pk)
    return summary


@audited
@transaction.atomic
def night_end_early_undo(*, night: Night, user=None) -> Night:
    """Re-open a night ended early: its void games count again once finished."""
    night = lock_open_night(night)
    if not night.ended_early:
        raise ValidationError(gettext("%(night)s was not ended early.") % {"night": night.name})
    night.ended_early = False
    night._change_reason = "ended early: re-opened"
    night.save(update_fields=["ended_early", "updated_at"])
    mark_night_changed(night.pk)
    return night


def _unfinished_words(games: list[Game]) -> str:
    """``round 3, table 1: pair 1 v pair 2; …`` for the games not finished (five at most)."""
    shown = [str(game) for game in games[:5]]
    if len(games) > len(shown):
        shown.append(gettext("and %(count)s more") % {"count": len(games) - len(shown)})
    return separated(shown)


NOT_YET = gettext_lazy("Play-offs start once every game is finished; not yet: %(which)s.")


@audited
@transaction.atomic
def playoffs_start(*, night: Night, user=None) -> list[Game]:
    """Create the play-off games the rules core proposes for the night's prize ties.

    Only once every game of the round robin is finished (until then the ties can still
    change), and only under play-off tie-breaking. Play-offs are entered like any game.
    """
    night = lock_open_night(night)
    if night.tiebreak != PLAYOFF:
        raise ValidationError(
            gettext(
                "This night breaks ties on pegs, where play-offs do not count: "
                "switch it to play-off games first."
            )
        )
    games = documents.night_games(night)
    unfinished = [game for game in games if not game.is_playoff and not game.finished]
    if unfinished and not night.ended_early:  # ended early, they are void
        raise ValidationError(NOT_YET % {"which": _unfinished_words(unfinished)})
    summary = _night_summary(night, games)
    if summary.missing:  # an imported night file that left a pairing out
        which = separated(say(reason) for reason in missing_reasons(summary.missing))
        raise ValidationError(NOT_YET % {"which": which})
    if not summary.ranking.ties:
        raise ValidationError(gettext("No tie decides a prize: there is no play-off to start."))
    playoffs = [game for game in games if game.is_playoff]
    proposals = propose_playoffs(summary.ranking.ties, playoffs, night.tiebreak)
    pairings = [pairing for proposal in proposals for pairing in proposal.games]
    if not pairings:
        raise ValidationError(
            gettext(
                "The play-offs for these ties are started already: enter them on their game pages."
            )
        )
    started = [
        Game.objects.create(night=night, is_playoff=True, pair_a=a, pair_b=b) for a, b in pairings
    ]
    mark_night_changed(night.pk)
    return started


@audited
@transaction.atomic
def night_tiebreak_set(*, night: Night, tiebreak: str, user=None) -> int:
    """Break the night's ties by play-off games or by pegs (peg difference, then pegs for).

    Play-offs do not count under pegs, so switching to pegs removes the play-offs not yet
    begun (their removal is in the history) and is refused while one is under way.
    Returns how many were removed.
    """
    night = lock_open_night(night)
    if tiebreak not in Tiebreak.values:
        known = ", ".join(Tiebreak.values)
        raise ValidationError(
            gettext("%(tiebreak)s is not a tie-break (one of: %(known)s).")
            % {"tiebreak": repr(tiebreak), "known": known}
        )
    removed = 0
    if tiebreak == PEGS:
        waiting = list(
            Game.objects.filter(night=night, is_playoff=True, winner__isnull=True).annotate(
                hand_count=Count("hands")
            )
        )
        begun = [game for game in waiting if game.started]
        if begun:
            raise ValidationError(
                gettext(
                    "A play-off is under way (%(which)s): finish it before breaking ties on pegs."
                )
                % {"which": _unfinished_words(begun)}
            )
        for game in waiting:
            game.delete()
        removed = len(waiting)
    if night.tiebreak != tiebreak:
        night.tiebreak = tiebreak
        night._change_reason = f"tie-break: {tiebreak}"
        night.save(update_fields=["tiebreak", "updated_at"])
    return removed


@audited
@transaction.atomic
def night_close(*, night: Night, user=None) -> Night:
    """Mark the night final once every game and play-off is done and no prize tie is left.

    A final night refuses every change until a director re-opens it (``night_reopen``);
    both are kept in the night's history, with who and when. In the same transaction,
    its players who asked for them get their e-mails queued (``night_closed``).
    """
    night = lock_night(night)
    if is_final(night):
        raise ValidationError(gettext("%(night)s is final already.") % {"night": night.name})
    games = documents.night_games(night)
    if not any(not game.is_playoff for game in games):
        raise ValidationError(
            gettext("%(night)s has no games yet: make the schedule first.") % {"night": night.name}
        )
    summary = _night_summary(night, games)
    if summary.blocked:
        unfinished = [game for game in games if not game.finished]
        refused = gettext("%(night)s cannot be final yet: %(why)s.") % {
            "night": night.name,
            "why": separated(summary.blocked),
        }
        if unfinished:
            which = _unfinished_words(unfinished)
            refused += " " + gettext("Not finished: %(which)s.") % {"which": which}
        raise ValidationError(refused)
    check_closable(night, summary.fees.pot)
    night.is_final = True
    night._change_reason = "closed: final"
    night.save(update_fields=["is_final", "updated_at"])
    kept_summaries.keep([night.pk])  # final: its figures no longer change
    night_closed.send(sender=Night, night=night)
    return night


@audited
@transaction.atomic
def night_reopen(*, night: Night, user=None) -> Night:
    """Open a final night for changes again (directors only; kept in the history)."""
    night = lock_night(night)
    if not is_final(night):
        raise ValidationError(
            gettext("%(night)s is not final: it is open already.") % {"night": night.name}
        )
    night.is_final = False
    night._change_reason = "re-opened"
    night.save(update_fields=["is_final", "updated_at"])
    return night


@transaction.atomic
def cash_count_record(
    *,
    night: Night,
    counted: Decimal | None = None,
    counted_envelopes: list[Decimal] | None = None,
    note: str = "",
    user=None,
) -> CashCount:
    """Keep a count: the total, or one amount per prize envelope (then their sum)."""
    night = lock_open_night(night)
    summary = documents.summary(night, documents.night_seats(night), documents.night_games(night))
    expected_envelopes = envelopes(summary)
    stored = []
    if counted_envelopes is not None:
        if len(counted_envelopes) != len(expected_envelopes) or not expected_envelopes:
            raise ValidationError(
                gettext("The prizes changed since the page was shown: count the envelopes again.")
            )
        stored = [
            {
                "place": e.place,
                "prize": e.label,
                "expected": money_text(e.expected),
                "counted": money_text(c),
            }
            for e, c in zip(expected_envelopes, counted_envelopes, strict=True)
        ]
        counted = sum(counted_envelopes, Decimal(0))
    count = CashCount.objects.create(
        night=night,
        expected=summary.fees.pot,
        counted=counted,
        envelopes=stored,
        note=note.strip(),
        counted_by=user,
    )
    # The night changed: its payout sheet, which shows the count, is rendered again.
    mark_night_changed(night.pk)
    return count


def check_closable(night: Night, pot: Decimal) -> None:
    """A night whose latest cash count differs from its pot (as it is now) closes only
    when that count has a note saying why."""
    latest = night.cash_counts.order_by("-counted_at", "-id").first()
    if latest is not None and latest.counted != pot and not latest.note:
        raise ValidationError(
            gettext(
                "The cash counted (%(counted)s) does not match the pot (%(pot)s): %(gap)s. "
                "Count again, with a note saying why, before closing the night."
            )
            % {
                "counted": shown_money(latest.counted),
                "pot": shown_money(pot),
                "gap": cash_gap(latest.counted - pot),
            }
        )
