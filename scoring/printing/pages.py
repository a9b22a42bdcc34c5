"""The answer a sheet's page gives, for every feature that prints (a night's sheets, a
table's score sheet): the PDF or its HTML preview when ``kept_sheets`` has it ready, else
a page that says it is being prepared and reloads itself, or that this client asked for
too many sheets lately (429).
"""

from django.http import HttpResponse
from django.shortcuts import render

from scoring.core.clients import client_key
from scoring.printing import kept_sheets

REFRESH_SECONDS = 5


def sheet_answer(request, asked: kept_sheets.Sheet, filename: str, place: dict, *, preview: bool):
    """The sheet as ``kept_sheets`` answers: the PDF (or HTML page) when it is ready,
    else a page that says it is being prepared (202, reloading itself) or that this
    client asked for too many lately (429). ``place``: that page's ``title``, ``crumbs``
    (``(url, words)``), way ``back`` (``url`` and ``words``) and the ``sheet``'s name."""
    client = client_key(request)
    if preview:
        answer = kept_sheets.request_preview(asked, client)
        if isinstance(answer, kept_sheets.Preview):
            return HttpResponse(answer.html)
    else:
        answer = kept_sheets.request(asked, client)
        if isinstance(answer, kept_sheets.Ready):
            response = HttpResponse(answer.pdf, content_type="application/pdf")
            response["Content-Disposition"] = f'inline; filename="{filename}"'
            return response
    refused = isinstance(answer, kept_sheets.Refused)
    context = {**place, "answer": answer, "refresh": None if refused else REFRESH_SECONDS}
    context["limit"] = kept_sheets.RENDERS_PER_CLIENT
    context["window"] = kept_sheets.RENDER_WINDOW // 60
    response = render(
        request, "scoring/printing/sheet_preparing.html", context, status=429 if refused else 202
    )
    if refused:
        response["Retry-After"] = str(answer.seconds)
    return response
