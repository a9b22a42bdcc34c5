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
from django.views.generic import TemplateView

from scoring.core.records import errors
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


class OneButton:
    """A one-button change, posted: ``change`` makes it through its service, its refusal
    or ``done_note`` said in a message, then back to ``back_url``."""

    http_method_names = ["post"]
    done = ""

    def change(self, user):
        raise NotImplementedError

    def done_note(self, result) -> str:
        return str(self.done)

    def back_url(self) -> str:
        raise NotImplementedError

    def post(self, request, *args, **kwargs):
        try:
            result = self.change(user=request.user)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, self.done_note(result))
        return redirect(self.back_url())
