"""What a table's phone page's script (``static/scoring/keep_offline.js``) reads back from
a post it sent itself, in place of the page the browser would have been sent to.

The script asks for it with ``Accept: application/json``; a browser posting a form
without the script gets the pages as before. The answer says what became of the post,
``outcome``:

- ``saved``: done now (a hand, a result, a confirmation, a dispute);
- ``done``: done already, by this phone's earlier post or another's (a resend);
- ``different``: another hand was saved at that number meanwhile; nothing was written
  and ``messages`` words the saved one;
- ``invalid``: what was typed is refused (``messages``: why), nothing written;
- ``refused``: the link or the game takes no such post now (revoked, final, awaiting
  confirmation...);
- ``wait``: too many requests; the script tries again later.

``messages`` are the words the page would have shown; ``page`` is where the browser
would have gone. The messages stay queued for that page, so the script can open it.
"""

from django.contrib import messages
from django.forms import BaseForm
from django.http import JsonResponse
from django.utils.cache import add_never_cache_headers

JSON = "application/json"


def wants_answer(request) -> bool:
    """Whether the post came from the page's script, which reads a JSON answer."""
    return JSON in request.headers.get("Accept", "")


def answer(outcome: str, words: list[str], *, page: str = "", status: int = 200) -> JsonResponse:
    response = JsonResponse({"outcome": outcome, "messages": words, "page": page}, status=status)
    add_never_cache_headers(response)
    return response


def _messages(request) -> list:
    """The request's messages, left for the page the script opens next to show."""
    storage = messages.get_messages(request)
    said = list(storage)
    storage.used = False
    return said


def messages_before(request) -> int:
    """How many messages wait from earlier posts: the answer words this one's alone."""
    return len(_messages(request))


def post_answer(request, response, before: int, outcome: str | None = None) -> JsonResponse:
    """``response`` (a redirect to the page with messages, or the page drawn again with a
    form's errors) as the script reads it. ``before``: ``messages_before`` the post;
    ``outcome``: what the view knows beyond the messages' levels (``different``)."""
    if response.status_code == 200:
        return answer("invalid", _form_errors(getattr(response, "context_data", None) or {}))
    said = _messages(request)[before:]
    levels = {message.level for message in said}
    if outcome is None:
        if messages.ERROR in levels:
            outcome = "refused"
        elif messages.INFO in levels and messages.SUCCESS not in levels:
            outcome = "done"
        else:
            outcome = "saved"
    return answer(outcome, [str(message) for message in said], page=response.get("Location", ""))


def _form_errors(context: dict) -> list[str]:
    return [
        str(error)
        for form in context.values()
        if isinstance(form, BaseForm) and form.is_bound
        for errors in form.errors.values()
        for error in errors
    ]
