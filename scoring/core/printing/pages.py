"""The answer a sheet's page gives, for every feature that prints (a night's sheets, a
table's score sheet): the PDF or its HTML preview when ``kept_sheets`` has it ready, else
a page that says it is being prepared and reloads itself, that its render failed (500,
no reload), or that this client asked for too many sheets lately (429).
"""

from dataclasses import dataclass

from django.conf import settings
from django.http import HttpResponse
from django.shortcuts import render
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext, pgettext

from scoring.core.http.clients import client_key
from scoring.core.printing import kept_sheets
from scoring.models import club_setting

REFRESH_SECONDS = 5


def pdf_response(pdf: bytes, filename: str, *, secret: bool = False) -> HttpResponse:
    """A PDF shown in the browser under ``filename``; a ``secret`` one (a sheet carrying
    codes that enter results) is kept by no cache (``private, no-store``)."""
    response = HttpResponse(pdf, content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    if secret:
        patch_cache_control(response, private=True, no_store=True)
    return response


def sheet_answer(request, asked: kept_sheets.Sheet, filename: str, place: dict, *, preview: bool):
    """The sheet as ``kept_sheets`` answers: the PDF (or HTML page) when it is ready,
    else a page that says it is being prepared (202, reloading itself), that it failed
    (500) or that this client asked for too many lately (429). ``place``: that page's
    ``title``, ``crumbs`` (``(url, words)``), way ``back`` (``url`` and ``words``) and
    the ``sheet``'s name."""
    client = client_key(request)
    if preview:
        answer = kept_sheets.request_preview(asked, client)
        if isinstance(answer, kept_sheets.Preview):
            return HttpResponse(answer.html)
    else:
        answer = kept_sheets.request(asked, client)
        if isinstance(answer, kept_sheets.Ready):
            return pdf_response(answer.pdf, filename)
    refused = isinstance(answer, kept_sheets.Refused)
    failed = isinstance(answer, kept_sheets.Failed)
    preparing = isinstance(answer, kept_sheets.Preparing)
    context = {**place, "answer": answer, "refresh": REFRESH_SECONDS if preparing else None}
    context |= {"failed": failed, "limit": kept_sheets.RENDERS_PER_CLIENT}
    context["window"] = kept_sheets.RENDER_WINDOW // 60
    status = 429 if refused else 500 if failed else 202
    response = render(request, "scoring/printing/sheet_preparing.html", context, status=status)
    if refused:
        response["Retry-After"] = str(answer.seconds)
    return response


@dataclass(frozen=True)
class PrintLanguage:
    """The language a page's sheets print in, as that page says it (one rule for every
    sheet, ``sheets.sheet_language``): the night's, else the club's, whatever the screen's;
    ``?sheets=`` on the page asks for another. ``query`` goes on every print link."""

    code: str
    name: str
    reason: str
    other_code: str
    other_name: str
    asked: bool

    @property
    def query(self) -> str:
        return f"language={self.code}"


def language_in_a_sentence(code: str) -> str:
    """A language's name inside a sentence ("in French", « en français »)."""
    names = {
        "en": pgettext("a language inside a sentence", "English"),
        "fr": pgettext("a language inside a sentence", "French"),
    }
    return names.get(code, code)


def print_language(request, night=None) -> PrintLanguage:
    """What ``templates/scoring/printing/_sheet_language.html`` says on a page printing
    the sheets of ``night`` (a table without a night, or a season: ``None``)."""
    own = night.sheet_language if night is not None else club_setting("LANGUAGE_CODE")
    asked = request.GET.get("sheets")
    code = asked if asked in dict(settings.LANGUAGES) else own
    other = own if code != own else next(c for c, _ in settings.LANGUAGES if c != own)
    if night is not None and night.language:
        reason = gettext("the night's language")
    else:
        reason = gettext("the club's language")
    return PrintLanguage(
        code=code,
        name=language_in_a_sentence(code),
        reason=reason,
        other_code=other,
        other_name=language_in_a_sentence(other),
        asked=code != own,
    )
