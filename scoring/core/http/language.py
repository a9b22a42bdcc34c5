"""The language menu on every page, and a logged-in person's language kept for them.

The menu is Django's ``set_language`` (the choice kept in the language cookie), as a
POST-only view the site's access rules know (anyone may choose). A logged-in person's
choice is also kept in their profile (``Profile.language``); logging in copies it into the
session, and ``SessionLanguageMiddleware`` (after ``LocaleMiddleware``) puts the session's
language before the cookie's and the browser's. So a person who chose French on one
phone gets French on the next after logging in; a visitor keeps the cookie,
``Accept-Language``, then the club's language (its own, else the deployment's
``LANGUAGE_CODE``: a French club on an English host speaks French to a browser that
names no language). The session is read for the login anyway: no page makes a query
more for this.
"""

from django.conf import settings
from django.contrib.auth.signals import user_logged_in
from django.dispatch import receiver
from django.utils import translation
from django.views import View
from django.views.i18n import set_language

from scoring.models import Profile, club_setting

SESSION_KEY = "cinch_language"


def _known(language) -> bool:
    return language in dict(settings.LANGUAGES)


class SetLanguage(View):
    """``POST language=en|fr&next=…``: keep the language, go back to the page."""

    http_method_names = ["post"]

    def post(self, request):
        response = set_language(request)
        language = request.POST.get("language")
        if _known(language) and request.user.is_authenticated:
            language_keep(user=request.user, language=language)
            request.session[SESSION_KEY] = language
        return response


@receiver(user_logged_in, dispatch_uid="scoring-profile-language")
def profile_language_on_login(sender, request, user, **kwargs) -> None:
    """The person's kept language becomes the session's when they log in."""
    language = Profile.objects.filter(user=user).values_list("language", flat=True).first()
    if request is not None and _known(language):
        request.session[SESSION_KEY] = language


class SessionLanguageMiddleware:
    """A logged-in person's language (kept in the session at login or by the menu) before
    the cookie's and the browser's; after ``LocaleMiddleware``, which it overrides."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = request.session.get(SESSION_KEY)
        if not _known(language) and not self.named_by_the_browser(request):
            language = club_setting("LANGUAGE_CODE", getattr(request, "club", None))
        if _known(language):
            translation.activate(language)
            request.LANGUAGE_CODE = language
        return self.get_response(request)

    @staticmethod
    def named_by_the_browser(request) -> bool:
        """Whether the language cookie or ``Accept-Language`` chose the language."""
        return bool(
            request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
            or request.META.get("HTTP_ACCEPT_LANGUAGE")
        )


def language_keep(*, user, language: str) -> Profile:
    """Keep ``language`` (one of ``LANGUAGES``) as ``user``'s: it applies again when they
    log in on another device or in a new session."""
    profile, _ = Profile.objects.update_or_create(user=user, defaults={"language": language})
    return profile
