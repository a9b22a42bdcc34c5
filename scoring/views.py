"""Views of the scoring app. Thin: a form converts what was typed, one service writes or
one selector reads, a template renders; they never score and never touch the ORM to write.

Anyone may read nights, pattern tables and games. Scorers (``permissions.is_scorer``)
enter and correct hands and results; directors (staff) set nights up, draw, schedule and
re-open games. A page that is public to read and a scorer's to write is two views on one
base, told apart by the permission mixin and joined on one URL by :func:`by_method`.
"""

from django.contrib.auth.views import PasswordChangeView

from scoring.forms import LimitedPasswordChangeForm

# --- nights -------------------------------------------------------------------------------


# --- games --------------------------------------------------------------------------------


# --- hands --------------------------------------------------------------------------------


# --- accounts -----------------------------------------------------------------------------


class PasswordChange(PasswordChangeView):
    """django.contrib.auth's page, its old password checked as a login (rate limited)."""

    form_class = LimitedPasswordChangeForm

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}


password_change = PasswordChange.as_view()
