"""The people page (directors): who may score and direct, and a form to add a login (its
one-time password shown once, on the page after adding it); and changing one's own
password.
"""

from django.contrib import messages
from django.contrib.auth.views import PasswordChangeView
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.translation import gettext, gettext_lazy
from django.views import View
from django.views.decorators.cache import never_cache
from django.views.generic import FormView

from scoring.core.http.permissions import DirectorRequiredMixin
from scoring.core.ui.confirm import Confirmation, ConfirmFirst
from scoring.people import selectors, services
from scoring.people.forms import LimitedPasswordChangeForm, PersonForm
from scoring.words.elision import with_names


@method_decorator(never_cache, name="dispatch")
class PeoplePage(DirectorRequiredMixin, FormView):
    template_name = "scoring/people/people.html"
    form_class = PersonForm

    def get_context_data(self, **kwargs):
        return super().get_context_data(people=selectors.people(), **kwargs)

    def form_valid(self, form):
        try:
            added = services.person_add(
                name=form.cleaned_data["name"], role=form.cleaned_data["role"]
            )
        except ValidationError as error:
            form.add_error(None, error)
            return self.form_invalid(form)
        # Shown once, on this answer only: the password is kept nowhere but its hash.
        return self.render_to_response(self.get_context_data(form=self.form_class(), added=added))


people_page = PeoplePage.as_view()


class PersonChange(DirectorRequiredMixin, View):
    """A change to one login of the club's people (another club's are not found) from
    the people page: the service says no to taking away the last director, and the page
    says why."""

    http_method_names = ["get", "post"]
    change = None  # the service: person_disable, person_enable or person_remove
    done = ""

    def dispatch(self, request, *args, pk, **kwargs):
        self.person = get_object_or_404(selectors.club_people(), pk=pk)
        return super().dispatch(request, *args, **kwargs)

    def post(self, request):
        try:
            self.change(self.person)
        except ValidationError as error:
            messages.error(request, " ".join(error.messages))
        else:
            messages.success(request, self.done % {"name": self.person.get_username()})
        return redirect("scoring:people")


class PersonDisable(ConfirmFirst, PersonChange):
    change = staticmethod(services.person_disable)
    done = gettext_lazy("%(name)s can no longer log in.")

    def confirmation(self) -> Confirmation:
        name = self.person.get_username()
        return Confirmation(
            title=gettext("Disable %(name)s?") % {"name": name},
            lost=[
                with_names(gettext("%(name)s's logging in, until enabled again."), {"name": name})
            ],
            button=gettext("Disable"),
            back=reverse("scoring:people"),
            undo=gettext("Enable it again from the people page."),
        )


class PersonEnable(PersonChange):
    http_method_names = ["post"]
    change = staticmethod(services.person_enable)
    done = gettext_lazy("%(name)s can log in again.")


class PersonRemove(ConfirmFirst, PersonChange):
    change = staticmethod(services.person_remove)
    done = gettext_lazy("%(name)s is removed.")

    def confirmation(self) -> Confirmation:
        name = self.person.get_username()
        return Confirmation(
            title=gettext("Remove %(name)s?") % {"name": name},
            lost=[
                with_names(gettext("%(name)s's login, password and role."), {"name": name}),
            ],
            button=gettext("Remove"),
            back=reverse("scoring:people"),
            undo=gettext(
                "What they entered keeps their name. Add the login again to give it back."
            ),
        )


person_disable = PersonDisable.as_view()
person_enable = PersonEnable.as_view()
person_remove = PersonRemove.as_view()


class PasswordChange(PasswordChangeView):
    """django.contrib.auth's page, its old password checked as a login (rate limited)."""

    form_class = LimitedPasswordChangeForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


password_change = PasswordChange.as_view()
