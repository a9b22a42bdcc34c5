"""Forms of the club's logins: a new login, and changing one's own password (the old one
checked as a login is, rate limited).
"""

from django import forms
from django.contrib.auth import authenticate
from django.contrib.auth.forms import PasswordChangeForm
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy

from scoring.people import services


class PersonForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Login name"), max_length=150)
    role = forms.ChoiceField(
        label=gettext_lazy("Role"), choices=list(services.ROLES.items()), widget=forms.RadioSelect
    )


class LimitedPasswordChangeForm(PasswordChangeForm):
    """Changing one's password, the old one checked as a login is: a wrong one counts
    towards django-axes's lock (5 in 15 minutes), so a borrowed session cannot guess it
    here either; once locked the page answers with the lockout page (429)."""

    def __init__(self, user, *args, request, **kwargs):
        self.request = request
        super().__init__(user, *args, **kwargs)

    def clean_old_password(self):
        old_password = self.cleaned_data["old_password"]
        username = self.user.get_username()
        if authenticate(self.request, username=username, password=old_password) is None:
            raise ValidationError(
                self.error_messages["password_incorrect"], code="password_incorrect"
            )
        return old_password
