"""The night and its draw: seating the players (the house player among them), dealing
and swapping the numbers, the schedule, and a whole night read from a ``cinch-night/1``
file; then a night's settings after it is made: edited until the night is final, a night
deleted while none of its games has finished, or archived once one has (hidden from the
lists of nights, kept in the members' season).

A night in a season is drawn, by default, with the fewest partnerships of the season's
earlier nights (``rules.draw``), and keeps what its draw did. The draw, the swaps and
the schedule change only until play starts
(``refuse_if_play_started``), and none on a final night (``lock_open_night``). One
transaction each; the history keeps every change.
"""

import datetime
import secrets

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext
from simple_history.utils import bulk_create_with_history, bulk_update_with_history

from scoring.core.records import kept_summaries
from scoring.core.records.authors import audited
from scoring.core.records.documents import hand_fields
from scoring.core.records.errors import AlreadyDone, NightFileRefused, name_problem
from scoring.core.records.guards import (
    lock_night,
    lock_open_night,
    mark_night_changed,
    refuse_if_play_started,
)
from scoring.core.records.members import members_named
from scoring.games.services import save_game_totals
from scoring.links.codes import pair_codes_renew
from scoring.links.services import revoke_links
from scoring.models import Game, Hand, Night, Seat
from scoring.nights import attendance_import, selectors, signals
from scoring.rules import InvalidInput, Problem, read_night, schedule
from scoring.rules.attendance import keep_house_apart
from scoring.rules.draw import deal_new_partners
from scoring.rules.errors import Refused, gettext_noop, words
from scoring.rules.names import name_key, normal_name
from scoring.rules.pot import MoneySettings
from scoring.rules.variants import get_variant
from scoring.words.problems import name_refused, refusal

NUL_IN_NIGHT_NAME = words(gettext_noop("a night's name cannot contain the NUL character"))
NUL_IN_PLAYER_NAME = words(gettext_noop("a player's name cannot contain the NUL character"))


@audited
@transaction.atomic
def night_create(
    *,
    name: str,
    date: datetime.date,
    variant: str,
    player_names: list[str],
    user=None,
    token=None,
    house_player: str | None = None,
    **settings,
) -> Night:
    """A new night with its players seated in the order given (numbers 1, 2, …).

    ``settings`` are the Night's optional fields (tie-break and money). Names are kept
    in their normal form (``rules.names``) and matched to members case-blind: ``mabel``
    seats the member ``Mabel``; a name no member has becomes one. ``token`` is the
    form's: a night made from it already raises ``AlreadyDone`` with that night.
    ``house_player`` (a name among ``player_names``) is seated as the house player.
    """
    _refuse_if_form_used(token)
    try:
        with transaction.atomic():
            night = Night.objects.create(
                name=name, date=date, variant=variant, created_by=user, form_token=token, **settings
            )
    except IntegrityError:
        # The same form, posted at the same moment, made it first (the unique token).
        _refuse_if_form_used(token)
        raise
    names = _normal_names(player_names, "players")
    members = members_named(names)
    house = name_key(house_player) if house_player else None
    seats = [
        Seat(
            night=night,
            number=number,
            member=members[name_key(name)],
            house=name_key(name) == house,
        )
        for number, name in enumerate(names, start=1)
    ]
    bulk_create_with_history(seats, Seat)
    pair_codes_renew(night=night)
    return night


def _normal_names(names, place: str) -> list[str]:
    """``names`` as they are kept; a refused one is a ``NightFileRefused`` at its place."""
    normal, problems = [], []
    for index, name in enumerate(names):
        try:
            normal.append(normal_name(name))
        except ValueError as error:
            problems.append(name_problem(f"{place}[{index}]", error))
    if problems:
        raise NightFileRefused(problems)
    return normal


def _refuse_if_form_used(token) -> None:
    made = Night.objects.filter(form_token=token).first() if token else None
    if made is not None:
        raise AlreadyDone(
            gettext("%(night)s was already made by this form: here it is.") % {"night": made.name},
            done=made,
        )


@audited
@transaction.atomic
def night_draw(*, night: Night, user=None, chance=None, new_partners: bool = True) -> list[Seat]:
    """Deal the numbers out at random (``secrets.SystemRandom``) before play starts.

    A night in a season is dealt, unless ``new_partners`` is off, with the fewest
    partnerships of the season's earlier nights, the oldest first (``rules.draw``); the
    night keeps what the draw did (``draw_outcome``) for its pages to say. Two house
    players are never a pair, either way."""
    lock_open_night(night)
    refuse_if_play_started(night)
    seats = list(Seat.objects.select_for_update().filter(night=night).order_by("number"))
    chance = chance or secrets.SystemRandom()
    earlier = selectors.earlier_partnerships(night)
    if earlier and new_partners:
        numbers, night.draw_outcome = _deal_new_partners(seats, earlier, chance)
    else:
        numbers = [seat.number for seat in seats]
        chance.shuffle(numbers)
        numbers = keep_house_apart(numbers, [seat.house for seat in seats])
        night.draw_outcome = None if earlier is None else _dealt_at_random(new_partners, earlier)
    _renumber(seats, numbers)
    revoke_links(Game.objects.select_for_update().filter(night=night))
    pair_codes_renew(night=night)
    night.drawn_at = datetime.datetime.now(tz=datetime.UTC)
    night.save(update_fields=["drawn_at", "draw_outcome", "updated_at"])
    return sorted(seats, key=lambda seat: seat.number)


def _deal_new_partners(seats: list[Seat], earlier, chance) -> tuple[list[int], dict]:
    """The numbers the rules core deals ``seats`` against ``earlier`` (member ids), and
    the outcome the night keeps."""
    members = [seat.member_id for seat in seats]
    house = [seat.member_id for seat in seats if seat.house]
    try:
        deal = deal_new_partners(members, earlier, house=house, chance=chance)
    except Refused as refused:
        raise ValidationError(refusal(refused)) from None
    outcome = {
        "new_partners": True,
        "earlier_nights": deal.earlier_nights,
        "repeats": [
            {
                "pair": repeat.pair,
                "members": list(repeat.players),
                "nights_ago": list(repeat.nights_ago),
            }
            for repeat in deal.repeats
        ],
    }
    return list(deal.numbers), outcome


def _dealt_at_random(new_partners: bool, earlier: list) -> dict:
    """A night in a season dealt by the plain shuffle: the director asked for it, or it is
    the season's first night (nothing could repeat)."""
    return {"new_partners": new_partners, "earlier_nights": len(earlier), "repeats": []}


def _renumber(seats: list[Seat], numbers: list[int]) -> None:
    """Give ``seats`` new numbers without tripping the unique number on the way.

    They first move above every number of the night, not only above their own: swapping
    1 and 2 among 8 players once parked seat 1 on number 5, which was taken. Each step is
    one UPDATE; only the new numbers go into the seats' history (the parking is no change).
    """
    if not seats:
        return
    offset = Seat.objects.filter(night_id=seats[0].night_id).aggregate(top=Max("number"))["top"]
    for seat in seats:
        seat.number += offset
    Seat.objects.bulk_update(seats, ["number"])
    for seat, number in zip(seats, numbers, strict=True):
        seat.number = number
    bulk_update_with_history(seats, Seat, ["number"])


@audited
@transaction.atomic
def seats_swap(
    *, night: Night, first: int, second: int, user=None, seating: str | None = None
) -> None:
    """Swap the players holding two numbers, before play starts.

    ``seating`` is the draw the swap was chosen from (``forms.seating``): if the two
    players are already swapped from it, the same swap was posted twice (``AlreadyDone``);
    any other change since refuses the swap.
    """
    lock_open_night(night)
    refuse_if_play_started(night)
    seats = {
        seat.number: seat
        for seat in Seat.objects.select_for_update().filter(night=night, number__in=[first, second])
    }
    if len(seats) != 2 or first == second:
        raise ValidationError(gettext("Choose two different numbers drawn this night."))
    if seating:
        _refuse_if_draw_changed(night, seating, first, second)
    _renumber([seats[first], seats[second]], [second, first])
    pairs = {seats[first].pair, seats[second].pair}
    if len(pairs) == 2:  # within a pair, the pair's players stay the same
        games = Game.objects.select_for_update().filter(night=night)
        revoke_links(games.filter(Q(pair_a__in=pairs) | Q(pair_b__in=pairs)))
        pair_codes_renew(night=night, pairs=pairs)
        _forget_draw_outcome(night)
    mark_night_changed(night.pk)


def _forget_draw_outcome(night: Night) -> None:
    """The draw's words said which pairs repeat: once a swap changes the pairs, they no
    longer hold, so the night stops saying them."""
    night.refresh_from_db(fields=["draw_outcome"])
    if night.draw_outcome is not None:
        night.draw_outcome = None
        night.save(update_fields=["draw_outcome", "updated_at"])


def _refuse_if_draw_changed(night: Night, seen: str, first: int, second: int) -> None:
    now = [seat.member_id for seat in Seat.objects.filter(night=night).order_by("number")]
    if ",".join(map(str, now)) == seen:
        return
    swapped = list(now)
    swapped[first - 1], swapped[second - 1] = now[second - 1], now[first - 1]
    if ",".join(map(str, swapped)) == seen:
        raise AlreadyDone(
            gettext("Numbers %(first)s and %(second)s were already swapped.")
            % {"first": first, "second": second}
        )
    raise ValidationError(
        gettext(
            "The draw changed since this page was opened: nothing was swapped. "
            "Here is the draw now; choose the swap again."
        )
    )


@audited
@transaction.atomic
def night_schedule(*, night: Night, user=None) -> list[Game]:
    """The games of the pattern table for the night's pairs, replacing any not yet played."""
    lock_open_night(night)
    refuse_if_play_started(night)
    if night.drawn_at is None:
        raise ValidationError(gettext("Draw the numbers before making the schedule."))
    Game.objects.filter(night=night, is_playoff=False).delete()
    pair_count = Seat.objects.filter(night=night).count() // 2
    games = [
        Game(night=night, round=round_["round"], table=seat["table"], pair_a=a, pair_b=b)
        for round_ in schedule(pair_count)
        for seat in round_["games"]
        for a, b in [seat["pairs"]]
    ]
    bulk_create_with_history(games, Game)
    mark_night_changed(night.pk)
    transaction.on_commit(lambda: signals.schedule_made.send(sender=Night, night=night))
    return games


@audited
@transaction.atomic
def night_import(*, document, user=None, token=None) -> Night:
    """A new night from a ``cinch-night/1`` document: all of it, or nothing.

    Raises ``NightFileRefused`` listing every problem with its place in the document, or
    ``AlreadyDone`` when the form ``token`` came from made a night already.
    """
    _refuse_if_form_used(token)
    try:
        parsed = read_night(document)
    except InvalidInput as invalid:
        raise NightFileRefused(invalid.problems) from None
    _check_storable_names(parsed.name, parsed.players)
    _normal_names(parsed.players, "players")
    money = parsed.money
    night = night_create(
        name=_normal_night_name(parsed.name) or gettext("Imported night"),
        date=datetime.date.fromisoformat(parsed.date) if parsed.date else timezone.localdate(),
        variant=parsed.variant_id,
        player_names=list(parsed.players),
        user=user,
        token=token,
        tiebreak=parsed.tiebreak,
        **_money_fields(money),
    )
    night.drawn_at = night.created_at
    night.save(update_fields=["drawn_at"])
    card_keys = get_variant(parsed.variant_id).card_keys
    for key, games in (("games", parsed.games), ("playoffs", parsed.playoffs)):
        for raw, game in zip(document.get(key, []), games, strict=True):
            _import_game(night, raw, game, card_keys, playoff=key == "playoffs", user=user)
    attendance_import.import_attendance(night, parsed)
    kept_summaries.keep([night.pk])  # a night imported whole: often one already played
    return night


def _money_fields(money: MoneySettings) -> dict:
    return dict(
        entry_fee=money.entry_fee,
        loss_fee=money.loss_fee,
        cinch_fee=money.cinch_fee,
        booby_prize=money.booby_prize,
        split=[str(share) for share in money.split],
        unit=money.unit,
    )


def _check_storable_names(name: str, players) -> None:
    """Names the rules core accepts but a database cannot hold: with the NUL character.

    PostgreSQL refuses it in any text column (the import would fail with a server
    error), and SQLite would keep a name no page shows as typed. The site's forms refuse
    it too (Django's fields do); a night file is read by the rules core alone.
    """
    problems = [Problem.said("name", NUL_IN_NIGHT_NAME)] if "\x00" in name else []
    problems += [
        Problem.said(f"players[{index}]", NUL_IN_PLAYER_NAME)
        for index, player in enumerate(players)
        if "\x00" in player
    ]
    if problems:
        raise NightFileRefused(problems)


def _normal_night_name(name: str) -> str:
    try:
        return normal_name(name)
    except ValueError as error:
        raise NightFileRefused([name_problem("name", error)]) from None


def _import_game(night, raw: dict, parsed, card_keys, *, playoff: bool, user) -> None:
    game = Game.objects.create(
        night=night,
        round=parsed.round,
        table=parsed.table,
        is_playoff=playoff,
        pair_a=parsed.pairs[0],
        pair_b=parsed.pairs[1],
        from_pegboard="result" in raw,
    )
    for position, data in enumerate(raw.get("hands", []), start=1):
        Hand.objects.create(
            game=game, position=position, entered_by=user, **hand_fields(data, card_keys)
        )
    save_game_totals(game, parsed.state)
    attendance_import.import_game_attendance(game, parsed)


EDITABLE = (
    "name",
    "date",
    "entry_fee",
    "loss_fee",
    "cinch_fee",
    "booby_prize",
    "split",
    "unit",
    "paper",
    "confirm_results",
    "language",
)


@audited
@transaction.atomic
def night_edit(*, night: Night, user=None, **changes) -> Night:
    """Change the night's name, date, fees, prize split or paper; refused once it is
    final (``NightFinal``). The pot and the payout follow the new fees."""
    night = lock_open_night(night)
    unknown = set(changes) - set(EDITABLE)
    if unknown:
        raise ValidationError(
            gettext("These cannot be edited here: %(fields)s.")
            % {"fields": ", ".join(sorted(unknown))}
        )
    if "name" in changes:
        try:
            changes["name"] = normal_name(changes["name"])
        except ValueError as error:
            raise ValidationError({"name": name_refused(error)}) from None
    for name, value in changes.items():
        setattr(night, name, value)
    night.save()
    if not night.confirm_results:
        _count_awaiting_results(night, user)
    return night


def _count_awaiting_results(night: Night, user) -> None:
    """Confirmation turned off: the results awaiting it count now, the director's word
    standing in for the second person's (in each game's history)."""
    by = f"{user.get_username() if user else 'the director'}: confirmation turned off"
    for game in Game.objects.filter(night=night, confirmed=False, winner__isnull=False):
        game.confirmed, game.confirmed_by, game.dispute = True, by[:100], ""
        game.confirmed_at = timezone.now()
        game.save(update_fields=["confirmed", "confirmed_by", "confirmed_at", "dispute"])


def has_finished_game(night: Night) -> bool:
    return Game.objects.filter(night=night, winner__isnull=False).exists()


@audited
@transaction.atomic
def night_delete(*, night: Night, user=None) -> None:
    """Delete a night set up by mistake: only while no game of it has finished (a night
    that was played is archived instead, so the season keeps it)."""
    night = lock_open_night(night)
    if has_finished_game(night):
        raise ValidationError(
            gettext("%(night)s has finished games: archive it instead, so the season keeps them.")
            % {"night": night.name}
        )
    night.delete()


@audited
@transaction.atomic
def night_archive(*, night: Night, archived: bool = True, user=None) -> Night:
    """Hide a night from the lists (``archived``), or show it again."""
    night = lock_night(night)  # a final night is archived too
    night.archived = archived
    night.save(update_fields=["archived", "updated_at"])
    return night
