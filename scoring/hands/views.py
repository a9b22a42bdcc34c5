"""The pages' part of a hand, for a night's game, its phone pages and a table alike: a new
hand's post (``HandEntry``), a correction's (``HandCorrection``) and a deletion that asks
first (``HandDeletion``). Each subclass says which form, service and page.
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.utils.translation import gettext

from scoring.core.http.full_disk import refusing_a_full_disk
from scoring.core.records import errors
from scoring.core.ui.confirm import ConfirmFirst
from scoring.core.ui.forms import add_rules_errors
from scoring.core.ui.views import already_done


class HandEntry:
    """A new hand's POST, on a game's page, its phone link and a table alike: the form
    (``hand_form``), the service (``record``), then back to the entry form; a form posted
    twice or overtaken by another phone (``AlreadyDone``, ``DifferentHandSaved``) and a
    refusal that is no field's (``Refused``) are said in a message, a
    problem with what was typed beside its field. ``saved`` says where a saved hand goes.
    """

    def hand_form(self, data):
        raise NotImplementedError

    def record(self, *, data: dict, number: int | None):
        raise NotImplementedError

    def entry_url(self) -> str:
        raise NotImplementedError

    def kept_note(self, kept: errors.DifferentHandSaved) -> str:
        """What a form overtaken by another hand at its number is told."""
        return kept.message

    def saved(self, hand):
        messages.success(self.request, gettext("Hand %(number)s saved") % {"number": hand.number})
        return redirect(self.entry_url() + "#entry")

    def post(self, request, *args, **kwargs):
        form = self.hand_form(request.POST)
        if form.is_valid():
            try:
                with refusing_a_full_disk():
                    hand = self.record(data=form.to_rules(), number=form.cleaned_data["position"])
            except errors.AlreadyDone as done:
                return already_done(request, done, self.entry_url() + "#entry")
            except errors.DifferentHandSaved as kept:
                messages.warning(request, self.kept_note(kept))
                return redirect(self.entry_url() + "#entry")
            except errors.Refused as refused:
                messages.error(request, " ".join(refused.messages))
                return redirect(self.entry_url())
            except ValidationError as error:
                add_rules_errors(form, error)
            else:
                return self.saved(hand)
        return self.render_to_response(self.get_context_data(hand_form=form))


class HandDeletion(ConfirmFirst):
    """A hand's deletion, for a game's hand and a table's alike: ``GET`` asks
    (``confirmation``), ``POST`` deletes through ``delete`` and goes back to the board
    (``board_url``), a refusal said in a message."""

    def delete(self, user) -> None:
        raise NotImplementedError

    def post(self, request, pk):
        try:
            self.delete(user=request.user)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, gettext("Hand %(number)s deleted") % {"number": self.number})
        return redirect(self.board_url())


class HandCorrection:
    """A correction's POST, for a game's hand and a table's alike: the form, the service
    with the version the form was opened at, a stale or refused answer shown on the page,
    then back to the board. ``edit_form``, ``correct`` and ``board_url`` say which."""

    def post(self, request, pk):
        form = self.edit_form(request.POST)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(form=form))
        try:
            self.correct(
                data=form.to_rules(), version=form.cleaned_data["version"], user=request.user
            )
        except errors.StaleVersion as stale:
            self.hand.refresh_from_db()
            return self.render_to_response(self.get_context_data(stale=stale.message))
        except ValidationError as error:
            add_rules_errors(form, error)
            return self.render_to_response(self.get_context_data(form=form))
        messages.success(request, gettext("Hand %(number)s corrected") % {"number": self.number})
        return redirect(self.board_url())
