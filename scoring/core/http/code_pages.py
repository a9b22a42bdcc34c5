"""The pages a code opens (a pair's ``/p/``, a game link's ``/t/``, a scorer device's
``/d/``) are kept by nobody: not the phone's back-forward cache, nor a shared browser's
history, nor a proxy. The code in the address is the key to the page: a page kept after
the night shows its scores to whoever picks the phone up next, and a kept form posts a
stale version."""

from django.utils.cache import add_never_cache_headers

CODE_PREFIXES = ("/p/", "/t/", "/d/")


class CodePagesNotKeptMiddleware:
    """``Cache-Control: no-store`` (Django's never-cache headers) on every answer under
    a code's address: pages, refusals and redirects alike."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if request.path_info.startswith(CODE_PREFIXES):
            add_never_cache_headers(response)
        return response
