"""When the night does not go to plan: the site's writes (rules.md, attendance).

A substitute recorded on a game, a pair withdrawn (and brought back) by a director, a late
pair taking the bye (the house player is seated with the night: ``nights.services``). The
rules stay in ``scoring.rules`` (who pays, what a forfeit is, the late pair's games):
these services record who sat where and who left, and keep each game's stored totals in
step, so every page that reads ``Game.finished`` and ``Game.winner`` sees a forfeit as a
decided game.
"""

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Count
from django.utils.translation import gettext

from scoring.core.records import documents
from scoring.core.records.authors import audited
from scoring.core.records.guards import (
    lock_open_game,
    lock_open_night,
    mark_night_changed,
    refuse_if_final,
)
from scoring.core.records.members import members_by_key, members_named
from scoring.links.codes import pair_codes_renew
from scoring.models import Game, Member, Night, Seat, Substitute
from scoring.rules import InvalidInput
from scoring.rules.attendance import late_pair_games
from scoring.rules.names import name_key, normal_name
from scoring.rules.pot import players_of, seats_of
from scoring.words.lists import separated
from scoring.words.problems import name_refused, said

# --- substitutes ----------------------------------------------------------------------------


@audited
@transaction.atomic
def substitute_record(
    *, game: Game, number: int, name: str = "", member: Member | None = None, user=None
) -> Substitute:
    """``name`` (or ``member``) sat for player ``number`` in ``game``; it changes no figure.

    A typed name that is a member's is linked to that member (for the member's page).
    """
    game = lock_open_game(game)
    if game.is_playoff or game.forfeit:
        refused = (
            gettext("%(game)s is a play-off: nobody sits in for it.")
            if game.is_playoff
            else gettext("%(game)s is a forfeit: nobody sits in for it.")
        )
        raise ValidationError(refused % {"game": game})
    seats = seats_of(game.pairs)
    if number not in seats:
        shown = ", ".join(str(seat) for seat in seats)
        raise ValidationError(
            {
                "number": gettext("Player %(number)s is not in this game (players %(shown)s).")
                % {"number": number, "shown": shown}
            }
        )
    if member is None:
        try:
            name = normal_name(name)
        except ValueError as error:
            raise ValidationError({"name": name_refused(error)}) from None
        if not name:
            raise ValidationError(
                {"name": gettext("Give the substitute's name or choose a member.")}
            )
        member = members_by_key().get(name_key(name))
    holder = Seat.objects.select_related("member").get(night_id=game.night_id, number=number)
    if member is not None and member.pk == holder.member_id:
        raise ValidationError(
            {
                "name": gettext("%(name)s holds number %(number)s: no substitute.")
                % {"name": member.name, "number": number}
            }
        )
    substitute, _ = Substitute.objects.update_or_create(
        game=game,
        number=number,
        defaults={"name": member.name if member else name, "member": member},
    )
    mark_night_changed(game.night_id)
    return substitute


@audited
@transaction.atomic
def substitute_remove(*, substitute: Substitute, user=None) -> None:
    lock_open_game(substitute.game)
    substitute.delete()
    mark_night_changed(substitute.game.night_id)


# --- withdrawal -----------------------------------------------------------------------------


@dataclass(frozen=True)
class WithdrawalPlan:
    """What withdrawing ``pair`` from ``from_round`` does: ``forfeits`` become forfeits won
    by the opponent, ``void`` games (against a pair gone already) count for nobody."""

    pair: int
    from_round: int
    forfeits: list[Game]
    void: list[Game]


def current_round(night: Night) -> int:
    """The first round with a game not finished (a pair leaves from it by default), or
    the round after the last."""
    games = Game.objects.filter(night=night, is_playoff=False).order_by("round")
    rounds = [g.round for g in games if not g.finished]
    return rounds[0] if rounds else max((g.round for g in games), default=0) + 1


def withdrawal_plan(night: Night, pair: int, from_round: int) -> WithdrawalPlan:
    """The games that withdrawing ``pair`` from ``from_round`` turns into forfeits, or a
    ``ValidationError`` saying why it cannot (a game already played, a play-off)."""
    gone = _withdrawn(night)
    if not 1 <= pair <= Seat.objects.filter(night=night).count() // 2:
        raise ValidationError(
            {"pair": gettext("There is no pair %(pair)s this night.") % {"pair": pair}}
        )
    if pair in gone:
        raise ValidationError(
            {"pair": gettext("Pair %(pair)s has withdrawn already.") % {"pair": pair}}
        )
    mine = [
        game
        for game in Game.objects.filter(night=night)
        .annotate(hand_count=Count("hands"))
        .order_by("is_playoff", "round", "table")
        if pair in game.pairs
    ]
    if any(game.is_playoff for game in mine):
        raise ValidationError(
            gettext("Pair %(pair)s has play-off games: it cannot withdraw now.") % {"pair": pair}
        )
    leaving = [game for game in mine if game.round >= from_round]
    played = [game for game in leaving if not game.forfeit and game.started]
    if played:
        which = separated(str(game) for game in played[:3])
        raise ValidationError(
            {
                "from_round": gettext(
                    "Pair %(pair)s has played from round %(round)s on (%(which)s): "
                    "withdraw it from a later round, or clear those games first."
                )
                % {"pair": pair, "round": from_round, "which": which}
            }
        )
    void = [game for game in leaving if _opponent_gone(game, pair, gone)]
    forfeits = [game for game in leaving if game not in void]
    return WithdrawalPlan(pair, from_round, forfeits, void)


def _withdrawn(night: Night) -> dict[int, int]:
    return {entry["pair"]: entry["from_round"] for entry in night.withdrawn}


def _opponent_gone(game: Game, pair: int, gone: dict[int, int]) -> bool:
    other = game.pair_b if game.pair_a == pair else game.pair_a
    return game.round >= gone.get(other, game.round + 1)


@audited
@transaction.atomic
def pair_withdraw(*, night: Night, pair: int, from_round: int, user=None) -> WithdrawalPlan:
    """Withdraw ``pair`` for good from ``from_round``: its games from then on are
    forfeits won by the opponent (void against a pair gone already)."""
    night = lock_open_night(night)
    plan = withdrawal_plan(night, pair, from_round)
    night.withdrawn = [*night.withdrawn, {"pair": pair, "from_round": from_round}]
    _save_withdrawn(night, f"pair {pair} withdrawn from round {from_round}")
    return plan


@audited
@transaction.atomic
def pair_return(*, night: Night, pair: int, user=None) -> None:
    """Undo a withdrawal (until the night is final): the forfeits are games to play again."""
    night = lock_open_night(night)
    if pair not in _withdrawn(night):
        raise ValidationError(gettext("Pair %(pair)s has not withdrawn.") % {"pair": pair})
    night.withdrawn = [entry for entry in night.withdrawn if entry["pair"] != pair]
    _save_withdrawn(night, f"pair {pair} back")


def _save_withdrawn(night: Night, reason: str) -> None:
    """Store the withdrawals and every game's forfeit as the rules core reads them; the
    rules core refuses what it cannot score (every pair gone)."""
    night._change_reason = reason
    night.save(update_fields=["withdrawn", "updated_at"])
    _refresh_forfeits(night)


def _refresh_forfeits(night: Night) -> None:
    """Each game's stored forfeit and winner as the withdrawals make them; the rules
    core then reads the night, refusing what it cannot score (every pair gone)."""
    games = list(Game.objects.filter(night=night, is_playoff=False).select_for_update())
    gone = _withdrawn(night)
    for game in games:
        leavers = [pair for pair in game.pairs if game.round >= gone.get(pair, game.round + 1)]
        forfeit = bool(leavers)
        if forfeit or game.forfeit:
            winner = None
            if len(leavers) == 1:
                winner = game.pair_b if leavers[0] == game.pair_a else game.pair_a
            game.forfeit, game.winner = forfeit, winner
            game.score_a = game.score_b = game.cinches_a = game.cinches_b = 0
            game.version += 1
            game.save()
    seats = list(Seat.objects.filter(night=night).select_related("member").order_by("number"))
    try:
        documents.summary(night, seats, games)
    except InvalidInput as invalid:
        raise ValidationError([said(problem) for problem in invalid.problems]) from None
    mark_night_changed(night.pk)


# --- a late pair ----------------------------------------------------------------------------


def late_pair_refusal(night: Night) -> str | None:
    """Why a late pair cannot join the round robin now, in words, or ``None``."""
    refuse_if_final(night)
    pairs = Seat.objects.filter(night=night).count() // 2
    if pairs % 2 == 0:
        return gettext(
            "The night has %(pairs)s pairs, an even number: there is no bye for a late pair "
            "to take, so it cannot join the round robin once play has started. It may "
            "play a table of its own."
        ) % {"pairs": pairs}
    if _first_round_to_play(night) is None:
        return gettext(
            "Every round has started: a late pair can join only while a round is still "
            "to be played."
        )
    return None


def _first_round_to_play(night: Night) -> int | None:
    games = list(
        Game.objects.filter(night=night, is_playoff=False).annotate(hand_count=Count("hands"))
    )
    started = {game.round for game in games if game.started and not game.forfeit}
    rounds = sorted({game.round for game in games} - started)
    return rounds[0] if rounds and rounds[0] > max(started, default=0) else None


@audited
@transaction.atomic
def late_pair_add(*, night: Night, names: list[str], user=None) -> list[Game]:
    """Seat a late pair as pair N+1: it takes the bye of every round still to play and
    makes up the rounds already played after the last (``rules.attendance``)."""
    night = lock_open_night(night)
    refusal = late_pair_refusal(night)
    if refusal:
        raise ValidationError(refusal)
    seats = list(Seat.objects.filter(night=night).select_related("member"))
    taken = {name_key(seat.member.name) for seat in seats}
    pair_count = len(seats) // 2
    kept = []
    for name in names:
        try:
            name = normal_name(name)
        except ValueError as error:
            raise ValidationError({"names": name_refused(error)}) from None
        if not name or name_key(name) in taken:
            refused = (
                gettext("%(name)s: give two players not seated tonight.") % {"name": name}
                if name
                else gettext("A blank name: give two players not seated tonight.")
            )
            raise ValidationError({"names": refused})
        taken.add(name_key(name))
        kept.append(name)
    members = members_named(kept)
    for number, name in zip(players_of(pair_count + 1), kept, strict=True):
        Seat.objects.create(night=night, number=number, member=members[name_key(name)])
    pair_codes_renew(night=night, pairs=[pair_count + 1])
    games = list(Game.objects.filter(night=night, is_playoff=False))
    byes = {}
    for round_ in {game.round for game in games}:
        seated = {pair for game in games if game.round == round_ for pair in game.pairs}
        byes[round_] = next(p for p in range(1, pair_count + 1) if p not in seated)
    made = [
        Game.objects.create(night=night, round=r, table=t, pair_a=a, pair_b=b)
        for r, t, (a, b) in late_pair_games(byes, pair_count, _first_round_to_play(night))
    ]
    _refresh_forfeits(night)  # its games against a pair that has withdrawn
    return [Game.objects.get(pk=game.pk) for game in made]
