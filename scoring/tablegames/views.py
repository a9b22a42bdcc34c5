"""Views of the tables: games of 2 to 6 single players, on their own or beside a night.

Thin, as ``core.ui.views`` says: a form converts, a table service writes, a table selector
reads. Anyone may read a table; scorers and directors start tables and enter hands.
"""

from typing import Any

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext
from django.views.generic import FormView, TemplateView

from scoring.core.http.permissions import MONEY, PublicPage, ScorerRequiredMixin, is_scorer
from scoring.core.printing.pages import print_language, sheet_answer
from scoring.core.printing.renderer import paper_or_default
from scoring.core.records import errors
from scoring.core.records.guards import is_final, open_to
from scoring.core.ui.confirm import Confirmation
from scoring.core.ui.views import by_method
from scoring.games import audit
from scoring.hands.forms import HandEditForm, hand_initial
from scoring.hands.views import HandCorrection, HandDeletion, HandEntry
from scoring.models import Night, TableGame, TableHand
from scoring.rules.digits import number_from_digits
from scoring.rules.jsonio import dump_json
from scoring.tablegames import selectors, services, sheets
from scoring.tablegames.documents import table_document, table_hand_data
from scoring.tablegames.forms import TableForm, TableImportForm, hand_form


def table_url(table) -> str:
    return reverse("scoring:table-detail", args=[table.pk])


class TableList(PublicPage, TemplateView):
    """Every table, newest first."""

    template_name = "scoring/tablegames/table_list.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        return super().get_context_data(tables=selectors.tables_list(), **kwargs)


class TableCreate(ScorerRequiredMixin, FormView):
    template_name = "scoring/tablegames/table_form.html"
    form_class = TableForm

    def get_initial(self):
        initial = super().get_initial()
        asked = number_from_digits(self.request.GET.get("night"))
        # ``?night=`` from the night page's button; anything else starts a table alone.
        night = Night.objects.filter(pk=asked).first() if asked is not None else None
        if night is not None and not is_final(night):
            initial.update(night=night, date=night.date)
        return initial

    def form_valid(self, form):
        try:
            table = services.table_create(user=self.request.user, **form.table_settings())
        except ValidationError as error:
            fields = ("variant", "stake", "unit", "name")
            if hasattr(error, "error_dict"):
                for key, problems in error.message_dict.items():
                    field = key if key in fields else "new_players"
                    form.add_error(field, problems)
            else:
                form.add_error(None, error)
            return self.form_invalid(form)
        messages.success(self.request, gettext("Table started: enter the first hand"))
        return redirect(table_url(table))


class TableImport(ScorerRequiredMixin, FormView):
    template_name = "scoring/tablegames/table_import.html"
    form_class = TableImportForm

    def form_valid(self, form):
        try:
            table = services.table_import(document=form.document, user=self.request.user)
        except errors.NightFileRefused as refused:
            form.add_error("file", refused.spoken())
            return self.form_invalid(form)
        except ValidationError as error:
            form.add_error("file", error.messages)
            return self.form_invalid(form)
        messages.success(self.request, gettext("Table imported: %(table)s") % {"table": table})
        return redirect(table_url(table))


class TablePage(PublicPage, TemplateView):
    """A table: every player's running score, the hands, the entry form, the money."""

    template_name = "scoring/tablegames/table_detail.html"

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        try:
            self.table = selectors.table_detail(kwargs["pk"])
        except TableGame.DoesNotExist:
            raise Http404("No such table.") from None
        self.names = selectors.table_names(self.table)

    def can_score(self) -> bool:
        return is_scorer(self.request.user) and not is_final(self.table.night)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        table = self.table
        kwargs.setdefault("hand_form", hand_form(table, self.names))
        can_score = self.can_score()
        return super().get_context_data(
            table=table,
            board=selectors.table_board(table),
            can_score=can_score,
            can_correct=can_score and open_to(table, self.request.user),
            audit=selectors.table_audit(table, audit.Reader.of(self.request.user)),
            sheets=print_language(self.request, table.night),
            **kwargs,
        )


class TableHandRecord(ScorerRequiredMixin, HandEntry, TablePage):
    def hand_form(self, data):
        return hand_form(self.table, self.names, data)

    def record(self, **hand):
        return services.table_hand_record(table=self.table, user=self.request.user, **hand)

    def entry_url(self) -> str:
        return table_url(self.table)


class TableFile(PublicPage, TemplateView):
    """The table as a ``cinch-game/1`` file, every hand as entered (its stake too)."""

    kind = MONEY

    def get(self, request, pk):
        try:
            table = selectors.table_detail(pk)
        except TableGame.DoesNotExist:
            raise Http404("No such table.") from None
        document = table_document(table, *selectors.table_rows(table))
        response = HttpResponse(dump_json(document), content_type="application/json")
        filename = f"{table.date:%Y-%m-%d}-{slugify(str(table)) or 'table'}.json"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


class TableSheet(PublicPage, TemplateView):
    """The table's score sheet as PDF (``?filled=1``: the hands entered; ``?paper=a4``;
    ``?language=fr``, else its night's, else the club's),
    or as HTML for a quick look when ``preview``: kept, one render at a time, within the
    client's limit (``core.printing.pages.sheet_answer``)."""

    preview = False

    def get(self, request, pk):
        try:
            table = selectors.table_detail(pk)
        except TableGame.DoesNotExist:
            raise Http404("No such table.") from None
        asked = sheets.kept_sheet(
            table,
            paper=paper_or_default(request.GET.get("paper")),
            filled=request.GET.get("filled") == "1",
            language=request.GET.get("language"),
        )
        tables = (reverse("scoring:table-list"), gettext("Tables"))
        place = {
            "title": str(table),
            "sheet": gettext("score sheet"),
            "crumbs": [tables, (table_url(table), str(table))],
            "back": {"url": table_url(table), "words": gettext("Back to the table")},
        }
        filename = f"table-{table.pk}-sheet.pdf"
        return sheet_answer(request, asked, filename, place, preview=self.preview)


class TableHandPage(ScorerRequiredMixin, TemplateView):
    """Correct or delete one hand of a table."""

    template_name = "scoring/tablegames/table_hand_form.html"

    def setup(self, request, *args, **kwargs):
        super().setup(request, *args, **kwargs)
        self.hand = get_object_or_404(
            TableHand.objects.select_related("table__night"), pk=kwargs["pk"]
        )
        self.table = self.hand.table
        self.names = selectors.table_names(self.table)
        self.number = self.table.hands.filter(position__lt=self.hand.position).count() + 1

    def dispatch(self, request, *args, **kwargs):
        # A finished table's hand is not offered to whoever may not save it.
        user = request.user
        if request.method == "GET" and is_scorer(user) and not open_to(self.table, user):
            messages.error(
                request,
                gettext("%(table)s is finished: only a director may correct it now.")
                % {"table": self.table},
            )
            return redirect(table_url(self.table))
        return super().dispatch(request, *args, **kwargs)

    def board_url(self) -> str:
        return table_url(self.table)

    def current_form(self) -> HandEditForm:
        initial = hand_initial(table_hand_data(self.hand), self.hand.version)
        return hand_form(self.table, self.names, form_class=HandEditForm, initial=initial)

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        kwargs.setdefault("form", self.current_form())
        return super().get_context_data(
            hand=self.hand, table=self.table, number=self.number, **kwargs
        )


class TableHandEdit(HandCorrection, TableHandPage):
    def edit_form(self, data) -> HandEditForm:
        return hand_form(self.table, self.names, data, form_class=HandEditForm)

    def correct(self, **change) -> None:
        services.table_hand_correct(hand=self.hand, **change)


class TableHandDelete(HandDeletion, TableHandPage):
    """Asks first, as a game's hand does (``core.ui.confirm``)."""

    def confirmation(self) -> Confirmation:
        number = {"number": self.number}
        return Confirmation(
            title=gettext("Delete hand %(number)s?") % number,
            lost=[
                gettext("Hand %(number)s of %(table)s.") % {**number, "table": self.table},
                gettext("The running scores after it, worked out again without it."),
            ],
            button=gettext("Delete hand %(number)s") % number,
            back=table_url(self.table),
            undo=gettext("Its history is kept on the table's page."),
        )

    def delete(self, user) -> None:
        services.table_hand_delete(hand=self.hand, user=user)


table_list = TableList.as_view()
table_create = TableCreate.as_view()
table_import = TableImport.as_view()
table_detail = by_method(get=TablePage.as_view(), post=TableHandRecord.as_view())
table_file = TableFile.as_view()
table_sheet = TableSheet.as_view()
table_sheet_preview = TableSheet.as_view(preview=True)
table_hand_edit = TableHandEdit.as_view()
table_hand_delete = TableHandDelete.as_view()
