"""The addresses of a request without a club (``ClubMiddleware`` names these URL lists
as the request's ``urlconf``): every address answers the page below, and the site's
own URLs stay behind them for ``reverse()``."""

from django.conf import settings
from django.urls import include, path, re_path

from scoring.clubs import views

# A site of several clubs and no home club: ``/`` lists them; the logins, the language
# menu, the text size and the host's admin work; any other page asks which club.
clubless = [
    path("", views.club_list),
    re_path(r"^(?!accounts/|admin/|i18n/|static/|text-size/)", views.club_list_not_found),
    path("", include(settings.ROOT_URLCONF)),
]

# ``/c/<slug>/…`` of a slug no club has.
unknown = [
    re_path(r"", views.club_unknown),
    path("", include(settings.ROOT_URLCONF)),
]
