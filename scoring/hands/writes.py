"""The one path of a hand's save, correction and deletion, for a night's game and a table.

Each write locks its game or table (none goes through on a final night: ``guards``),
reads its hands in order, has the rules core fold them with the change, and stores the
hand and the totals from the rules core's answer in the same transaction. What differs
between a game and a table is a ``Hands`` subclass in its feature's services: how its
hands read and store, how they fold, and what it refuses.

A form posted at hand ``number`` once that number is taken was posted twice
(``AlreadyDone``), or another hand was saved at it meanwhile (``DifferentHandSaved``);
past the next number, a hand was deleted meanwhile. A correction or a deletion of a hand
deleted meanwhile is ``StaleVersion``.
"""

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from scoring.core.records.authors import audited
from scoring.core.records.errors import (
    ALREADY_SAVED,
    CHANGED_MEANWHILE,
    DELETED_MEANWHILE,
    AlreadyDone,
    DifferentHandSaved,
    Refused,
    StaleVersion,
)


def hand_error_fields(variant) -> tuple[str, ...]:
    """The fields of ``hands.forms`` the rules core's problems with a hand go beside."""
    return ("passed", "bidder", "bid", "partner", "revoke", "points", "cards", *variant.card_keys)


class Hands:
    """A game's or a table's hands, locked for one write: ``owner`` (the game or table,
    read afresh under its lock), its ``hands`` in play order and its rules ``variant``
    (looked up once per write)."""

    model = None  # the hand's model
    owner_field = ""  # the hand's field naming its game or table

    def __init__(self, owner, hands: list, variant):
        self.owner = owner
        self.hands = hands
        self.variant = variant

    @classmethod
    def lock(cls, owner) -> "Hands":
        raise NotImplementedError

    def data(self, hand) -> dict:
        """A stored hand as the rules core reads it."""
        raise NotImplementedError

    def fields(self, data: dict) -> dict:
        """The model's fields for a hand the rules core accepted."""
        raise NotImplementedError

    def fold(self, entered: list[dict], position: int | None):
        """The rules core's state with ``entered``; problems of hand ``position`` go beside
        the form's fields (a ``ValidationError``)."""
        raise NotImplementedError

    def refuse_closed(self, user) -> None:
        """Refuse a change ``user`` may no longer make (``guards.open_to``)."""
        raise NotImplementedError

    def claim(self, link) -> None:
        """Store the entry key a phone's post carries (``games.entries``): by default none."""

    def refuse_new(self, user, link) -> None:
        """Refuse a new hand: by default as any change."""
        self.refuse_closed(user)

    def store(self, state, user, link=None) -> None:
        """Keep the rules core's totals beside the hands."""
        raise NotImplementedError


def _given(hand: dict) -> dict:
    """A hand as the rules core reads it, without what was not given."""
    return {key: value for key, value in hand.items() if value is not None}


def _refuse_repeated(hands: Hands, number: int | None, posted: dict) -> None:
    """``number`` is the hand the form was opened for and ``posted`` the new one: the same
    hand posted twice is done already; another one saved at that number meanwhile (two
    phones at once) is shown, and this one not saved."""
    count = len(hands.hands)
    if number is None or number == count + 1:
        return
    if number <= count:
        kept = hands.hands[number - 1]
        if _given(hands.data(kept)) != _given(posted):
            raise DifferentHandSaved(number, kept)
        raise AlreadyDone(ALREADY_SAVED % {"number": number})
    raise ValidationError(
        gettext(
            "A hand was deleted meanwhile: this would be hand %(would)s, not %(number)s. "
            "Nothing was saved; check the board and enter it again."
        )
        % {"would": count + 1, "number": number}
    )


def _as_stored(hands: Hands, hand):
    """``hand`` as the locked owner holds it now; ``StaleVersion`` if it was deleted."""
    stored = next((h for h in hands.hands if h.pk == hand.pk), None)
    if stored is None:
        raise StaleVersion(DELETED_MEANWHILE)
    return stored


@audited
@transaction.atomic
def record(kind: type[Hands], owner, *, data: dict, user=None, number=None, link=None):
    """Append a hand to ``owner`` if the rules core accepts it; store the new totals.

    ``number``: the hand's number when its form was opened. ``link``: the table link it
    came through when no account entered it. The hand comes back with its ``number`` as
    saved, whoever saved others meanwhile (the "Hand N saved" note).
    """
    hands = kind.lock(owner)
    hands.claim(link)
    try:
        _refuse_repeated(hands, number, data)
    except DifferentHandSaved as different:
        # Another hand at that number is a dispute only where this hand could be saved:
        # on a finished game, say both.
        try:
            hands.refuse_new(user, link)
        except ValidationError as closed:
            raise Refused([*different.messages, *closed.messages]) from None
        raise
    hands.refuse_new(user, link)
    entered = [hands.data(hand) for hand in hands.hands]
    state = hands.fold([*entered, data], len(entered))
    hand = kind.model.objects.create(
        **{kind.owner_field: hands.owner},
        position=max((h.position for h in hands.hands), default=0) + 1,
        entered_by=user,
        **hands.fields(data),
    )
    hands.store(state, user, link)
    hand.number = len(entered) + 1
    return hand


@audited
@transaction.atomic
def correct(kind: type[Hands], hand, *, data: dict, version: int, user=None):
    """Replace a hand's entry, if nobody changed it meanwhile and its owner still folds."""
    hands = kind.lock(getattr(hand, kind.owner_field))
    hands.refuse_closed(user)
    current = _as_stored(hands, hand)
    index = hands.hands.index(current)
    if current.version != version:
        raise StaleVersion(CHANGED_MEANWHILE % {"number": index + 1})
    entered = [hands.data(h) for h in hands.hands]
    entered[index] = data
    state = hands.fold(entered, index)
    for name, value in hands.fields(data).items():
        setattr(current, name, value)
    current.version += 1
    current.entered_by = user
    current.save()
    hands.store(state, user)
    return current


@audited
@transaction.atomic
def delete(kind: type[Hands], hand, *, user=None) -> None:
    """Remove a hand, if its owner's remaining hands still fold."""
    hands = kind.lock(getattr(hand, kind.owner_field))
    hands.refuse_closed(user)
    # The row as stored now, not the caller's copy, so its history shows what was deleted.
    stored = _as_stored(hands, hand)
    state = hands.fold([hands.data(h) for h in hands.hands if h is not stored], None)
    stored.delete()
    hands.store(state, user)
