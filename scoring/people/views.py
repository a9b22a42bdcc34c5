"""The people page (directors): who may score and direct, and a form to add a login (its
one-time password shown once, on the page after adding it); and changing one's own
password.
"""

from django.contrib.auth.views import PasswordChangeView
from django.core.exceptions import ValidationError
from django.utils.decorators import method_decorator
from django.views.decorators.cache import never_cache
from django.views.generic import FormView

from scoring.core.permissions import DirectorRequiredMixin
from scoring.people import selectors, services
from scoring.people.forms import LimitedPasswordChangeForm, PersonForm


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


class PasswordChange(PasswordChangeView):
    """django.contrib.auth's page, its old password checked as a login (rate limited)."""

    form_class = LimitedPasswordChangeForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


password_change = PasswordChange.as_view()
