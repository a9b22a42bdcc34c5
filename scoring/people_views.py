"""The people page (directors): who may score and direct, and a form to add a login.
The one-time password of a new login is shown once, on the page after adding it, which
no browser or proxy keeps (``never_cache``)."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.decorators import method_decorator
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.generic import FormView

from scoring import people
from scoring.core.permissions import DirectorRequiredMixin


class PersonForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Login name"), max_length=150)
    role = forms.ChoiceField(
        label=gettext_lazy("Role"), choices=list(people.ROLES.items()), widget=forms.RadioSelect
    )


@method_decorator(never_cache, name="dispatch")
class PeoplePage(DirectorRequiredMixin, FormView):
    template_name = "scoring/people.html"
    form_class = PersonForm

    def get_context_data(self, **kwargs):
        return super().get_context_data(people=people.people(), **kwargs)

    def form_valid(self, form):
        try:
            added = people.person_add(
                name=form.cleaned_data["name"], role=form.cleaned_data["role"]
            )
        except ValidationError as error:
            form.add_error(None, error)
            return self.form_invalid(form)
        # Shown once, on this answer only: the password is kept nowhere but its hash.
        return self.render_to_response(self.get_context_data(form=self.form_class(), added=added))


people_page = PeoplePage.as_view()
