"""A director's changes to a night after it is made: edit its settings, delete it (no
game finished) or archive it. Thin: a form, one service from ``scoring.night_edits``."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.urls import reverse
from django.views.generic import FormView

from scoring.confirm import Confirmation, ConfirmFirst
from scoring.forms import NightEditForm
from scoring.permissions import DirectorRequiredMixin
from scoring.services import night_edits
from scoring.views import NightPage


class NightEdit(DirectorRequiredMixin, NightPage, FormView):
    template_name = "scoring/night_edit.html"
    form_class = NightEditForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "instance": self.night}

    def get_context_data(self, **kwargs):
        return super().get_context_data(
            night=self.night, has_finished_game=night_edits.has_finished_game(self.night), **kwargs
        )

    def form_valid(self, form):
        try:
            night_edits.night_edit(night=self.night, user=self.request.user, **form.changes())
        except ValidationError as error:
            form.add_error(None, error)
            return self.form_invalid(form)
        messages.success(self.request, "Night settings saved")
        return redirect(self.night_url())


class NightDelete(ConfirmFirst, DirectorRequiredMixin, NightPage):
    def confirmation(self) -> Confirmation:
        return Confirmation(
            title=f"Delete {self.night.name}?",
            lost=["The night, its players' seats and its schedule (no game of it has finished)."],
            button="Delete the night",
            back=self.night_url("night-edit"),
            undo="The members stay; the night's rows stay in the history for the admin.",
        )

    def post(self, request, pk):
        try:
            night_edits.night_delete(night=self.night, user=request.user)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
            return redirect(self.night_url("night-edit"))
        messages.success(request, f"{self.night.name} deleted")
        return redirect("scoring:home")


class NightArchive(ConfirmFirst, DirectorRequiredMixin, NightPage):
    def confirmation(self) -> Confirmation:
        hiding = not self.night.archived
        return Confirmation(
            title=f"{'Archive' if hiding else 'Show again'} {self.night.name}?",
            lost=[
                "Its place in the list of nights (the night, its games and its money stay, "
                "and count in the members' season)."
                if hiding
                else "Nothing: the night shows in the list of nights again."
            ],
            button="Archive the night" if hiding else "Show the night again",
            back=self.night_url("night-edit"),
            undo="An archived night is shown again from its own page.",
        )

    def post(self, request, pk):
        hiding = not self.night.archived
        night_edits.night_archive(night=self.night, archived=hiding, user=request.user)
        messages.success(
            request, f"{self.night.name} {'archived' if hiding else 'shown in the list again'}"
        )
        return redirect(reverse("scoring:night-detail", args=[self.night.pk]))


night_edit = NightEdit.as_view()
night_delete = NightDelete.as_view()
night_archive = NightArchive.as_view()
