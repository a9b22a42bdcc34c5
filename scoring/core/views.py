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
from scoring.core.forms import add_rules_errors
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
