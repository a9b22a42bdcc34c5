"""Forms of the scoring pages: they turn what was typed into the data the services take.

Forms convert types and no more. Whether a bid is in range, a card belongs to a pair in
the game, or points totals can happen is the rules core's answer, given back by the
services as a ``ValidationError`` and placed beside the field by :func:`add_rules_errors`,
so the page shows the rules core's own words. Choice fields offer the variant's values
for speed at the keyboard but let any value through to be judged there.

Vocabulary: a *night* seats *players* on drawn *numbers*; numbers 2k-1 and 2k form *pair*
k; a *hand* has a *bidder*, a *bid* and the *scoring cards* each pair took (or *points*
per pair); a game typed from the *pegboard* gives only its final *result*.
"""

from django.contrib.auth import authenticate
from django.contrib.auth.forms import PasswordChangeForm
from django.core.exceptions import ValidationError


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
