"""Every write of the scoring app: ``<thing>_<action>`` functions, one transaction each.

A service asks the rules core before it saves: a hand or result is saved only if the game
it belongs to still folds without a problem, and the game's totals are stored from the
rules core's answer in the same transaction. Problems come back as Django
``ValidationError``s whose keys are the form fields the rules core named. The history of
every changed row (who, when, before and after) is written by django-simple-history.

A night marked final (``night_close``) takes no write until a director re-opens it
(``night_reopen``): every game write starts with ``_locked_game`` and every night write
with ``_locked_night``, which refuse it with ``NightFinal``.
"""

import datetime
import functools
import secrets

from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, Max
from django.utils import timezone
from simple_history.models import HistoricalRecords

from scoring import cash, documents
from scoring.documents import hand_data, hand_fields
from scoring.models import Game, Hand, Member, Night, Seat, Tiebreak
from scoring.rules import InvalidInput, Problem, check_result, play_game, read_night, schedule
from scoring.rules.names import name_key, normal_name
from scoring.rules.night import MoneySettings, missing_reasons
from scoring.rules.standings import PEGS, PLAYOFF, propose_playoffs
from scoring.rules.variants import get_variant

SIDE_WORD = "pair"


class _Author:
    """Stands in for the request django-simple-history takes a change's user from."""

    def __init__(self, user):
        self.user = user


def _audited(service):
    """Record the service's ``user`` as the author of every history row it writes.

    django-simple-history finds the user on the current request (its middleware), so
    without this the changes made by ``manage.py`` commands, the import and tests were
    recorded with no user although the service was told who made them.
    """

    @functools.wraps(service)
    def recorded(*args, user=None, **kwargs):
        context = HistoricalRecords.context
        outer = getattr(context, "request", None)
        if user is not None:
            context.request = _Author(user)
        try:
            return service(*args, user=user, **kwargs)
        finally:
            if outer is not None:
                context.request = outer
            elif hasattr(context, "request"):
                del context.request

    return recorded


def rules_error(invalid: InvalidInput, *, fields=(), prefix: str = "") -> ValidationError:
    """The rules core's problems as a ``ValidationError`` keyed by form field.

    A problem whose place is one of ``fields`` goes beside that field; any other goes to
    the form as a whole, with its place in front so the scorer knows where to look.
    """
    errors: dict[str, list[str]] = {}
    for problem in invalid.problems:
        place = problem.place.removeprefix(prefix).lstrip(".")
        key = place if place in fields else NON_FIELD_ERRORS
        message = problem.message if key != NON_FIELD_ERRORS or not place else str(problem)
        errors.setdefault(key, []).append(message)
    return ValidationError(errors)


class AlreadyDone(ValidationError):
    """What was asked is done already: the same form posted twice (a double click).

    Nothing more is written; ``done`` is what the first post made (a night), for the page
    to show instead of a second copy.
    """

    def __init__(self, message: str, done=None):
        super().__init__(message)
        self.done = done


class PlayStarted(ValidationError):
    """The draw can no longer change: a hand or result has been entered."""


class NightFinal(ValidationError):
    """The night is closed: a director must re-open it before anything changes."""


def _check_not_final(night: Night) -> None:
    if night.is_final:
        raise NightFinal(
            f"{night.name} is final: a director must re-open the night before anything changes."
        )


def _locked_night(night: Night) -> Night:
    """The night's row, locked for this transaction and read afresh: is it final now?"""
    locked = Night.objects.select_for_update().get(pk=night.pk)
    _check_not_final(locked)
    return locked


def _check_not_started(night: Night) -> None:
    if Game.objects.filter(night=night).exclude(score_a=0, score_b=0, winner=None).exists() or (
        Hand.objects.filter(game__night=night).exists()
    ):
        raise PlayStarted("Play has started: the numbers drawn can no longer change.")


@_audited
@transaction.atomic
def night_create(
    *,
    name: str,
    date: datetime.date,
    variant: str,
    player_names: list[str],
    user=None,
    token=None,
    **settings,
) -> Night:
    """A new night with its players seated in the order given (numbers 1, 2, …).

    ``settings`` are the Night's optional fields (tie-break and money). Names are kept
    in their normal form (``rules.names``) and matched to members case-blind: ``mabel``
    seats the member ``Mabel``; a name no member has becomes one. ``token`` is the
    form's: a night made from it already raises ``AlreadyDone`` with that night.
    """
    _check_not_made(token)
    try:
        with transaction.atomic():
            night = Night.objects.create(
                name=name, date=date, variant=variant, created_by=user, form_token=token, **settings
            )
    except IntegrityError:
        # The same form, posted at the same moment, made it first (the unique token).
        _check_not_made(token)
        raise
    members = _members_by_key()
    for number, player in enumerate(_normal_names(player_names, "players"), start=1):
        member = members.get(name_key(player)) or Member.objects.create(name=player)
        members[name_key(player)] = member
        Seat.objects.create(night=night, number=number, member=member)
    return night


def _members_by_key() -> dict[str, Member]:
    """Every member by ``name_key``: a club has a few hundred at most."""
    return {name_key(member.name): member for member in Member.objects.all()}


def _normal_names(names, place: str) -> list[str]:
    """``names`` as they are kept; a refused one is a ``NightFileRefused`` at its place."""
    normal, problems = [], []
    for index, name in enumerate(names):
        try:
            normal.append(normal_name(name))
        except ValueError as error:
            problems.append(Problem(f"{place}[{index}]", f"the name {error}"))
    if problems:
        raise NightFileRefused(problems)
    return normal


def _check_not_made(token) -> None:
    made = Night.objects.filter(form_token=token).first() if token else None
    if made is not None:
        raise AlreadyDone(f"{made.name} was already made by this form: here it is.", done=made)


@_audited
@transaction.atomic
def night_draw(*, night: Night, user=None, chance=None) -> list[Seat]:
    """Deal the numbers out at random (``secrets.SystemRandom``) before play starts."""
    _locked_night(night)
    _check_not_started(night)
    seats = list(Seat.objects.select_for_update().filter(night=night).order_by("number"))
    numbers = [seat.number for seat in seats]
    (chance or secrets.SystemRandom()).shuffle(numbers)
    _renumber(seats, numbers)
    night.drawn_at = datetime.datetime.now(tz=datetime.UTC)
    night.save(update_fields=["drawn_at", "updated_at"])
    return sorted(seats, key=lambda seat: seat.number)


def _renumber(seats: list[Seat], numbers: list[int]) -> None:
    """Give ``seats`` new numbers without tripping the unique number on the way.

    They first move above every number of the night, not only above their own: swapping
    1 and 2 among 8 players once parked seat 1 on number 5, which was taken.
    """
    if not seats:
        return
    offset = Seat.objects.filter(night_id=seats[0].night_id).aggregate(top=Max("number"))["top"]
    for seat in seats:
        seat.number += offset
        seat.save(update_fields=["number"])
    for seat, number in zip(seats, numbers, strict=True):
        seat.number = number
        seat.save(update_fields=["number"])


@_audited
@transaction.atomic
def seats_swap(
    *, night: Night, first: int, second: int, user=None, seating: str | None = None
) -> None:
    """Swap the players holding two numbers, before play starts.

    ``seating`` is the draw the swap was chosen from (``forms.seating``): if the two
    players are already swapped from it, the same swap was posted twice (``AlreadyDone``);
    any other change since refuses the swap.
    """
    _locked_night(night)
    _check_not_started(night)
    seats = {
        seat.number: seat
        for seat in Seat.objects.select_for_update().filter(night=night, number__in=[first, second])
    }
    if len(seats) != 2 or first == second:
        raise ValidationError("Choose two different numbers drawn this night.")
    if seating:
        _check_seating(night, seating, first, second)
    _renumber([seats[first], seats[second]], [second, first])
    _touch(night.pk)


def _check_seating(night: Night, seen: str, first: int, second: int) -> None:
    now = [seat.member_id for seat in Seat.objects.filter(night=night).order_by("number")]
    if ",".join(map(str, now)) == seen:
        return
    swapped = list(now)
    swapped[first - 1], swapped[second - 1] = now[second - 1], now[first - 1]
    if ",".join(map(str, swapped)) == seen:
        raise AlreadyDone(f"Numbers {first} and {second} were already swapped.")
    raise ValidationError(
        "The draw changed since this page was opened: nothing was swapped. "
        "Here is the draw now; choose the swap again."
    )


@_audited
@transaction.atomic
def night_schedule(*, night: Night, user=None) -> list[Game]:
    """The games of the pattern table for the night's pairs, replacing any not yet played."""
    _locked_night(night)
    _check_not_started(night)
    if night.drawn_at is None:
        raise ValidationError("Draw the numbers before making the schedule.")
    Game.objects.filter(night=night, is_playoff=False).delete()
    pair_count = Seat.objects.filter(night=night).count() // 2
    games = [
        Game(night=night, round=round_["round"], table=seat["table"], pair_a=a, pair_b=b)
        for round_ in schedule(pair_count)
        for seat in round_["games"]
        for a, b in [seat["pairs"]]
    ]
    for game in games:
        game.save()
    _touch(night.pk)
    return games


def _touch(night_id: int) -> None:
    """Mark the night changed, so printed sheets kept for it are rendered again."""
    Night.objects.filter(pk=night_id).update(updated_at=timezone.now())


def _store(game: Game, state) -> None:
    """Write the rules core's view of ``game`` beside its hands."""
    game.score_a, game.score_b = state.scores if state else (0, 0)
    game.cinches_a, game.cinches_b = state.cinches if state else (0, 0)
    game.winner = state.winner if state else None
    game.money_bid = bool(state and state.money_bid)
    game.version += 1
    if game.winner is not None:
        game.reopened = False
    game.save()
    _touch(game.night_id)


def _locked_game(game: Game) -> Game:
    """The game and its night, locked and read afresh; every game write starts here, so
    none goes through on a final night."""
    locked = Game.objects.select_for_update().select_related("night").get(pk=game.pk)
    _check_not_final(locked.night)
    return locked


def game_open_to(game: Game, user) -> bool:
    """Whether ``user`` may still change ``game``: unfinished, re-opened, or a director.

    Not a write: pages ask it to offer the correction buttons the services will accept.
    """
    return not game.finished or game.reopened or getattr(user, "is_staff", False)


def _check_open(game: Game, user) -> None:
    if not game_open_to(game, user):
        raise ValidationError(
            f"{game} is finished: ask a director to re-open it before changing it."
        )


def _fold(game: Game, hands: list[dict], *, fields, position: int | None = None):
    """The game's state with ``hands``; problems of hand ``position`` go beside its fields."""
    try:
        return play_game(get_variant(game.night.variant), game.pairs, hands, word=SIDE_WORD)
    except InvalidInput as invalid:
        prefix = f"hands[{position}]" if position is not None else ""
        raise rules_error(invalid, fields=fields, prefix=prefix) from None


def _hand_form_fields(game: Game) -> tuple[str, ...]:
    variant = get_variant(game.night.variant)
    return ("passed", "bidder", "bid", "revoke", "points", "cards", *variant.card_keys)


@_audited
@transaction.atomic
def hand_record(*, game: Game, data: dict, user=None, number: int | None = None) -> Hand:
    """Append a hand to ``game`` if the rules core accepts it; store the new totals.

    ``number`` is the hand's number in the game when its form was opened: if the game
    already holds that many hands the same hand was posted twice (``AlreadyDone``).
    """
    game = _locked_game(game)
    hands = list(game.hands.all())
    _check_number(number, len(hands))
    _check_open(game, user)
    if game.from_pegboard:
        raise ValidationError(f"{game} was typed from the pegboard: it takes no hands.")
    entered = [hand_data(hand) for hand in hands]
    fields = _hand_form_fields(game)
    state = _fold(game, [*entered, data], fields=fields, position=len(entered))
    position = (game.hands.aggregate(last=Max("position"))["last"] or 0) + 1
    hand = Hand.objects.create(
        game=game,
        position=position,
        entered_by=user,
        **hand_fields(data, get_variant(game.night.variant).card_keys),
    )
    _store(game, state)
    return hand


def _check_number(number: int | None, count: int) -> None:
    if number is None or number == count + 1:
        return
    if number <= count:
        raise AlreadyDone(f"Hand {number} was already saved.")
    raise ValidationError(
        f"A hand was deleted meanwhile: this would be hand {count + 1}, not {number}. "
        "Nothing was saved; check the board and enter it again."
    )


class StaleVersion(ValidationError):
    """Someone else changed the hand since the form was opened."""


def _stored(hand: Hand, hands: list[Hand]) -> Hand:
    """``hand`` as the locked game holds it now; ``StaleVersion`` if it was deleted."""
    stored = next((h for h in hands if h.pk == hand.pk), None)
    if stored is None:
        raise StaleVersion("The hand was deleted by someone else meanwhile.")
    return stored


@_audited
@transaction.atomic
def hand_correct(*, hand: Hand, data: dict, version: int, user=None) -> Hand:
    """Replace a hand's entry, if nobody changed it meanwhile and the game still folds."""
    game = _locked_game(hand.game)
    _check_open(game, user)
    hands = list(game.hands.all())
    current = _stored(hand, hands)
    if current.version != version:
        raise StaleVersion(
            f"Hand {hands.index(current) + 1} was changed by someone else meanwhile; "
            "the form now shows the new value. Check it and save again."
        )
    index = hands.index(current)
    entered = [hand_data(h) for h in hands]
    entered[index] = data
    state = _fold(game, entered, fields=_hand_form_fields(game), position=index)
    for name, value in hand_fields(data, get_variant(game.night.variant).card_keys).items():
        setattr(current, name, value)
    current.version += 1
    current.entered_by = user
    current.save()
    _store(game, state)
    return current


@_audited
@transaction.atomic
def hand_delete(*, hand: Hand, user=None) -> None:
    """Remove a hand, if the game's remaining hands still fold."""
    game = _locked_game(hand.game)
    _check_open(game, user)
    hands = list(game.hands.all())
    # The row as stored now, not the caller's copy, so its history shows what was deleted.
    stored = _stored(hand, hands)
    remaining = [h for h in hands if h is not stored]
    state = _fold(game, [hand_data(h) for h in remaining], fields=())
    stored.delete()
    _store(game, state if remaining else None)


# The rules core names a result's fields, or one pair's score or Cinches (``score[1]``).
RESULT_FIELDS = ("winner", "score", "cinches", "money")
RESULT_FIELDS += tuple(f"{key}[{side}]" for key in ("score", "cinches") for side in (0, 1))


@_audited
@transaction.atomic
def game_result_record(*, game: Game, result: dict, user=None, version: int | None = None) -> Game:
    """The final result typed from the pegboard, for a game entered without hands.

    ``version`` is the game's when the form was opened: a pegboard result stored since
    means the same result was posted twice (``AlreadyDone``).
    """
    game = _locked_game(game)
    if version is not None and version != game.version and game.from_pegboard:
        raise AlreadyDone(f"The result was already saved: won by pair {game.winner}.")
    _check_open(game, user)
    if game.hands.exists():
        raise ValidationError(
            f"{game} already has hands entered: correct those instead of typing a result."
        )
    try:
        state = check_result(get_variant(game.night.variant), game.pairs, result, word=SIDE_WORD)
    except InvalidInput as invalid:
        raise rules_error(invalid, fields=RESULT_FIELDS) from None
    game.from_pegboard = True
    _store(game, state)
    return game


@_audited
@transaction.atomic
def game_reopen(*, game: Game, user=None) -> Game:
    """Let scorers correct a finished game again (directors only; recorded in history)."""
    game = _locked_game(game)
    if not game.finished:
        raise ValidationError(f"{game} is not finished: it is open already.")
    game.reopened = True
    game.version += 1
    game.save()
    return game


@_audited
@transaction.atomic
def game_result_clear(*, game: Game, user=None) -> Game:
    """Remove a pegboard result so the game can be typed again."""
    game = _locked_game(game)
    _check_open(game, user)
    if not game.from_pegboard:
        # Clearing would zero the totals of a game whose hands still stand.
        raise ValidationError(f"{game} has no pegboard result: correct its hands instead.")
    game.from_pegboard = False
    _store(game, None)
    return game


class NightFileRefused(ValidationError):
    """A night file's problems, each at its place in the document.

    Its messages give the places as document paths, zero-based as in night-format.md
    (``games[0].hands[2].bid``: what ``import_night`` prints); :meth:`spoken` gives them
    for a page, counting from 1 (``game 1, hand 3, bid``).
    """

    def __init__(self, problems):
        self.problems = tuple(problems)
        super().__init__([str(problem) for problem in self.problems])

    def spoken(self) -> list[str]:
        return [problem.spoken() for problem in self.problems]


@_audited
@transaction.atomic
def night_import(*, document, user=None, token=None) -> Night:
    """A new night from a ``cinch-night/1`` document: all of it, or nothing.

    Raises ``NightFileRefused`` listing every problem with its place in the document, or
    ``AlreadyDone`` when the form ``token`` came from made a night already.
    """
    _check_not_made(token)
    try:
        parsed = read_night(document)
    except InvalidInput as invalid:
        raise NightFileRefused(invalid.problems) from None
    _check_storable_names(parsed.name, parsed.players)
    _normal_names(parsed.players, "players")
    money = parsed.money
    night = night_create(
        name=_night_name(parsed.name) or "Imported night",
        date=datetime.date.fromisoformat(parsed.date) if parsed.date else datetime.date.today(),
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
    nul = "cannot contain the NUL character"
    problems = [Problem("name", f"a night's name {nul}")] if "\x00" in name else []
    problems += [
        Problem(f"players[{index}]", f"a player's name {nul}")
        for index, player in enumerate(players)
        if "\x00" in player
    ]
    if problems:
        raise NightFileRefused(problems)


def _night_name(name: str) -> str:
    try:
        return normal_name(name)
    except ValueError as error:
        raise NightFileRefused([Problem("name", f"the name {error}")]) from None


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
    _store(game, parsed.state)


# --- the end of the night: play-offs, tie-break, closing ----------------------------------


def _night_summary(night: Night, games: list[Game]):
    """The rules core's summary of the night from its stored totals (``games`` read)."""
    seats = list(Seat.objects.filter(night=night).select_related("member").order_by("number"))
    try:
        return documents.summary(night, seats, games)
    except InvalidInput as invalid:
        raise ValidationError([str(problem) for problem in invalid.problems]) from None


def _unfinished_words(games: list[Game]) -> str:
    """``round 3, table 1: pair 1 v pair 2; …`` for the games not finished (five at most)."""
    shown = [str(game) for game in games[:5]]
    if len(games) > len(shown):
        shown.append(f"and {len(games) - len(shown)} more")
    return "; ".join(shown)


@_audited
@transaction.atomic
def playoffs_start(*, night: Night, user=None) -> list[Game]:
    """Create the play-off games the rules core proposes for the night's prize ties.

    Only once every game of the round robin is finished (until then the ties can still
    change), and only under play-off tie-breaking. Play-offs are entered like any game.
    """
    night = _locked_night(night)
    if night.tiebreak != PLAYOFF:
        raise ValidationError(
            "This night breaks ties on pegs, where play-offs do not count: "
            "switch it to play-off games first."
        )
    games = list(Game.objects.filter(night=night).order_by("is_playoff", "round", "table", "id"))
    unfinished = [game for game in games if not game.is_playoff and not game.finished]
    if unfinished:
        which = _unfinished_words(unfinished)
        raise ValidationError(f"Play-offs start once every game is finished; not yet: {which}.")
    summary = _night_summary(night, games)
    if summary.missing:  # an imported night file that left a pairing out
        which = "; ".join(missing_reasons(summary.missing))
        raise ValidationError(f"Play-offs start once every game is finished; not yet: {which}.")
    if not summary.ranking.ties:
        raise ValidationError("No tie decides a prize: there is no play-off to start.")
    playoffs = [game for game in games if game.is_playoff]
    proposals = propose_playoffs(summary.ranking.ties, playoffs, night.tiebreak)
    pairings = [pairing for proposal in proposals for pairing in proposal.games]
    if not pairings:
        raise ValidationError(
            "The play-offs for these ties are started already: enter them on their game pages."
        )
    started = [
        Game.objects.create(night=night, is_playoff=True, pair_a=a, pair_b=b) for a, b in pairings
    ]
    _touch(night.pk)
    return started


@_audited
@transaction.atomic
def night_tiebreak_set(*, night: Night, tiebreak: str, user=None) -> int:
    """Break the night's ties by play-off games or by pegs (peg difference, then pegs for).

    Play-offs do not count under pegs, so switching to pegs removes the play-offs not yet
    begun (their removal is in the history) and is refused while one is under way.
    Returns how many were removed.
    """
    night = _locked_night(night)
    if tiebreak not in Tiebreak.values:
        known = ", ".join(Tiebreak.values)
        raise ValidationError(f"{tiebreak!r} is not a tie-break (one of: {known}).")
    removed = 0
    if tiebreak == PEGS:
        waiting = list(
            Game.objects.filter(night=night, is_playoff=True, winner__isnull=True).annotate(
                hand_count=Count("hands")
            )
        )
        begun = [game for game in waiting if game.started or game.hand_count]
        if begun:
            raise ValidationError(
                f"A play-off is under way ({_unfinished_words(begun)}): finish it before "
                "breaking ties on pegs."
            )
        for game in waiting:
            game.delete()
        removed = len(waiting)
    if night.tiebreak != tiebreak:
        night.tiebreak = tiebreak
        night._change_reason = f"tie-break: {tiebreak}"
        night.save(update_fields=["tiebreak", "updated_at"])
    return removed


@_audited
@transaction.atomic
def night_close(*, night: Night, user=None) -> Night:
    """Mark the night final once every game and play-off is done and no prize tie is left.

    A final night refuses every change until a director re-opens it (``night_reopen``);
    both are kept in the night's history, with who and when.
    """
    night = Night.objects.select_for_update().get(pk=night.pk)
    if night.is_final:
        raise ValidationError(f"{night.name} is final already.")
    games = list(Game.objects.filter(night=night).order_by("is_playoff", "round", "table", "id"))
    if not any(not game.is_playoff for game in games):
        raise ValidationError(f"{night.name} has no games yet: make the schedule first.")
    summary = _night_summary(night, games)
    if summary.blocked:
        unfinished = [game for game in games if not game.finished]
        which = f" Not finished: {_unfinished_words(unfinished)}." if unfinished else ""
        raise ValidationError(
            f"{night.name} cannot be final yet: {'; '.join(summary.blocked)}.{which}"
        )
    cash.check_closable(night, summary.fees.pot)
    night.is_final = True
    night._change_reason = "closed: final"
    night.save(update_fields=["is_final", "updated_at"])
    return night


@_audited
@transaction.atomic
def night_reopen(*, night: Night, user=None) -> Night:
    """Open a final night for changes again (directors only; kept in the history)."""
    night = Night.objects.select_for_update().get(pk=night.pk)
    if not night.is_final:
        raise ValidationError(f"{night.name} is not final: it is open already.")
    night.is_final = False
    night._change_reason = "re-opened"
    night.save(update_fields=["is_final", "updated_at"])
    return night
