"""What a phone's post says of itself besides its fields: the entry key made on the phone
when the entry was made, and the game's ``version`` as the phone was shown it. Every form
a pair's code, a game link or a scorer device posts carries both (``links.forms``), so a
post is answered for the game it names, as the phone saw it:

- the same key posted again (a double tap, the offline queue's resend whose first answer
  was lost) is found stored and answered "done" (``AlreadyDone``): a ``PhoneEntry`` row,
  unique by key, inserted in the post's own transaction, so two requests cannot both pass;
- a key stored for another game, or for another kind of entry, is refused: never a write
  anywhere else.

The services claim the key right after they lock the game, before any other check, so a
post refused for another reason leaves no key behind (its transaction rolls back) and the
phone may send it again once the reason is gone.
"""

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.utils.translation import gettext, gettext_lazy

from scoring.core.records.errors import AlreadyDone, Refused
from scoring.models import Game, PhoneEntry
from scoring.words.dates import clock_time

Kind = PhoneEntry.Kind

DONE = {
    Kind.HAND: gettext_lazy("This hand was saved already: the phone sent it twice."),
    Kind.RESULT: gettext_lazy("This result was saved already: the phone sent it twice."),
    Kind.CONFIRM: gettext_lazy("This confirmation was saved already: the phone sent it twice."),
    Kind.DISPUTE: gettext_lazy("This dispute was sent already: the phone sent it twice."),
    Kind.SETTLED: gettext_lazy("This was settled already: the phone sent it twice."),
}


@dataclass(frozen=True)
class PostedEntry:
    """A phone post's entry key, the game version it was shown (``seen``) and a digest of
    what it says (its fields), so a key is "done" only for exactly the entry it was made
    with."""

    key: str
    seen: int
    digest: str = ""


def claim(game: Game, entry: PostedEntry | None, kind: str) -> None:
    """Store ``entry``'s key for ``game`` (locked by the caller); ``AlreadyDone`` if this
    very entry was stored before, a refusal if its key names another game or kind."""
    if entry is None:
        return
    try:
        with transaction.atomic():  # a savepoint: the caller's transaction goes on
            PhoneEntry.objects.create(key=entry.key, game=game, kind=kind, digest=entry.digest)
    except IntegrityError:
        stored = PhoneEntry.objects.filter(key=entry.key).first()
        if stored is None or stored.game_id != game.pk or stored.kind != kind:
            raise Refused(
                gettext("This entry was sent for another game: nothing was saved.")
            ) from None
        if stored.digest != entry.digest:
            raise Refused(
                gettext("This entry's key came with another entry: nothing was saved.")
            ) from None
        raise AlreadyDone(str(DONE[Kind(kind)])) from None


def moved_on(game: Game) -> str:
    """What became of ``game`` since a phone was shown it, in words (``confirmed at
    21:14``), for a post it no longer takes."""
    if game.confirmed and game.winner is not None:
        return gettext("%(game)s was confirmed at %(time)s: it takes nothing more.") % {
            "game": game.label,
            "time": clock_time(game.confirmed_at) if game.confirmed_at else "—",
        }
    if game.winner is not None:
        return gettext(
            "%(game)s changed since this page showed it: won by pair %(pair)s, "
            "%(a)s – %(b)s now. Look at it again."
        ) % {"game": game.label, "pair": game.winner, "a": game.score_a, "b": game.score_b}
    return gettext("%(game)s changed since this page showed it: look at it again.") % {
        "game": game.label
    }
