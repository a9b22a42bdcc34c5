"""The language menu on every page: Django's ``set_language`` (the choice kept in the
session), as a POST-only view the site's access rules know (anyone may choose)."""

from django.views import View
from django.views.i18n import set_language


class SetLanguage(View):
    """``POST language=en|fr&next=…``: keep the language, go back to the page."""

    http_method_names = ["post"]

    def post(self, request):
        return set_language(request)
