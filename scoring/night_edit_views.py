"""A director's changes to a night after it is made: edit its settings, delete it (no
game finished) or archive it. Thin: a form, one service from ``scoring.night_edits``."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext
from django.views.generic import FormView

from scoring.core.confirm import Confirmation, ConfirmFirst
from scoring.core.permissions import DirectorRequiredMixin
from scoring.core.views import NightPage
from scoring.forms import NightEditForm
from scoring.services import night_edits


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
        messages.success(self.request, gettext("Night settings saved"))
        return redirect(self.night_url())


class NightDelete(ConfirmFirst, DirectorRequiredMixin, NightPage):
    def confirmation(self) -> Confirmation:
        return Confirmation(
            title=gettext("Delete %(name)s?") % {"name": self.night.name},
            lost=[
                gettext(
                    "The night, its players' seats and its schedule (no game of it has finished)."
                )
            ],
            button=gettext("Delete the night"),
            back=self.night_url("night-edit"),
            undo=gettext("The members stay; the night's rows stay in the history for the admin."),
        )

    def post(self, request, pk):
        try:
            night_edits.night_delete(night=self.night, user=request.user)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
            return redirect(self.night_url("night-edit"))
        messages.success(request, gettext("%(name)s deleted") % {"name": self.night.name})
        return redirect("scoring:home")


class NightArchive(ConfirmFirst, DirectorRequiredMixin, NightPage):
    def confirmation(self) -> Confirmation:
        hiding = not self.night.archived
        name = {"name": self.night.name}
        return Confirmation(
            title=(gettext("Archive %(name)s?") if hiding else gettext("Show again %(name)s?"))
            % name,
            lost=[
                gettext(
                    "Its place in the list of nights (the night, its games and its money stay, "
                    "and count in the members' season)."
                )
                if hiding
                else gettext("Nothing: the night shows in the list of nights again.")
            ],
            button=gettext("Archive the night") if hiding else gettext("Show the night again"),
            back=self.night_url("night-edit"),
            undo=gettext("An archived night is shown again from its own page."),
        )

    def post(self, request, pk):
        hiding = not self.night.archived
        night_edits.night_archive(night=self.night, archived=hiding, user=request.user)
        done = (
            gettext("%(name)s archived") if hiding else gettext("%(name)s shown in the list again")
        )
        messages.success(request, done % {"name": self.night.name})
        return redirect(reverse("scoring:night-detail", args=[self.night.pk]))


night_edit = NightEdit.as_view()
night_delete = NightDelete.as_view()
night_archive = NightArchive.as_view()
