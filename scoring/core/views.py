"""What every feature's views build on. Thin views: a form converts what was typed, one
service writes or one selector reads, a template renders. A page that is public to read
and a scorer's to write is two views on one base, told apart by the permission mixin and
joined on one URL by :func:`by_method`.
"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpResponseNotAllowed
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.generic import TemplateView

from scoring.core import errors
from scoring.core.confirm import ConfirmFirst
from scoring.core.forms import add_rules_errors
from scoring.core.full_disk import refusing_a_full_disk
from scoring.models import Night


def by_method(**views):
    """One URL, one view per HTTP method (``get=…, post=…``); HEAD goes with GET."""

    def view(request, *args, **kwargs):
        method = "get" if request.method == "HEAD" else request.method.lower()
        if method not in views:
            return HttpResponseNotAllowed([name.upper() for name in views])
        return views[method](request, *args, **kwargs)

    return view


def already_done(request, done: errors.AlreadyDone, url: str):
    """A form posted twice: say what the first post did and show it, never a second copy."""
    messages.info(request, done.message)
    return redirect(url)


class NightPage(TemplateView):
    """Read the night named in the URL; subclasses render or change it."""

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.night = get_object_or_404(Night, pk=kwargs["pk"])

    def night_url(self, name: str = "night-detail") -> str:
        return reverse(f"scoring:{name}", args=[self.night.pk])


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
