"""What every form of the scoring pages builds on: the rules core's errors put beside
the fields they name, money and date fields as the page's language writes them, choices
judged by the rules core rather than by the form, and the JSON file upload.

Forms convert types and no more. Whether a bid is in range or a name is a name is the
rules core's answer, given back by the services as a ``ValidationError`` and placed
beside the field by :func:`add_rules_errors`.
"""

import json
import re
import uuid

from django import forms
from django.core.exceptions import ValidationError
from django.forms.models import ModelChoiceIterator
from django.utils.formats import get_format, number_format
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.core.http.uploads import IMPORT_LIMIT
from scoring.models import Member, club_setting
from scoring.rules.jsonio import load_json
from scoring.rules.names import normal_name
from scoring.words.names import by_name
from scoring.words.problems import refusal

# The rules core names whole groups of fields; each goes beside the field that starts it,
# and one pair's score or Cinches (``score[1]``) beside that pair's own field.
ERROR_FIELDS = {"points": "points_a", "score": "score_a", "cinches": "cinches_a", "cards": None}
ERROR_FIELDS |= {
    f"{key}[{index}]": f"{key}_{side}"
    for key in ("score", "cinches")
    for index, side in enumerate("ab")
}


def add_rules_errors(form: forms.Form, error: ValidationError) -> None:
    """Put a service's ``ValidationError`` beside the fields it names (others on top)."""
    if not hasattr(error, "error_dict"):
        form.add_error(None, error)
        return
    for key, messages in error.message_dict.items():
        field = ERROR_FIELDS.get(key, key)
        form.add_error(field if field in form.fields else None, messages)


# A decimal comma that cannot be a thousands separator: "0,25", "2,5", "0,1250"; "1,000"
# is left to the language (one thousand in English, where grouping is not typed).
DECIMAL_COMMA = re.compile(r"^\s*[-+]?\d*,(\d{1,2}|\d{4,})\s*$")


def date_picker() -> forms.DateInput:
    """The browser's date picker: it reads and writes ISO dates (2026-11-23) whatever the
    page's language, so a French page must not hand it 23/11/2026."""
    return forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


# A space (ordinary, non-breaking or narrow) between a digit and three more: a group.
DIGIT_GROUPS = re.compile(r"(?<=\d)[ \u00a0\u202f](?=\d{3}(?!\d))")


class AmountField(forms.DecimalField):
    """Money as the page's language writes it (``0,25`` in French, ``0.25`` in English),
    shown the same way; a decimal comma is refused in no language, nor the club's
    currency sign as every amount on the site shows it (``$1.00``, ``2,00 $``), nor
    thousands set apart by a space as French groups them (``1 234,50``)."""

    def __init__(self, **kwargs):
        kwargs["localize"] = True
        super().__init__(**kwargs)

    def to_python(self, value):
        if isinstance(value, str):
            value = DIGIT_GROUPS.sub("", without_sign(value))
        if isinstance(value, str) and DECIMAL_COMMA.match(value):
            value = value.replace(",", get_format("DECIMAL_SEPARATOR"))
        return super().to_python(value)


def without_sign(text: str) -> str:
    """``"$1.00"``, ``"-$1.00"``, ``"2,00 $"`` → the number alone (the club's sign, before
    or after, with or without a space, ordinary or non-breaking)."""
    sign = re.escape(club_setting("CURRENCY_SIGN"))
    return re.sub(rf"^\s*([-+]?)\s*{sign}\s*|\s*{sign}\s*$", r"\1", text.strip("\u00a0\u202f "))


def rules_value(text: str):
    """``"3"`` → 3; anything else stays text for the rules core to judge (``"money"``)."""
    try:
        return int(text)
    except ValueError:
        return text


class RulesChoiceField(forms.ChoiceField):
    """A choice offered from the variant, converted but not judged: the rules core judges."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(*args, **kwargs)

    def valid_value(self, value) -> bool:
        return True

    def to_python(self, value):
        text = super().to_python(value).strip()
        return rules_value(text) if text else None


class VersionChecked:
    """A correction form's hidden ``version`` field: its errors are not shown beside it,
    so they are said above the form instead."""

    def clean(self):
        if self.has_error("version"):
            self.add_error(
                None,
                gettext(
                    "This correction came without the version of the hand it was opened at: "
                    "open the hand again and re-enter the correction."
                ),
            )
        return super().clean()


class ClubRows:
    """A choice of a club's rows (``rows``: a function giving the queryset), read in
    the scope of each form made (django-scopes), not of the module's import, when no
    club is active."""

    def __init__(self, *args, rows, **kwargs):
        self.rows = rows
        super().__init__(*args, queryset=None, **kwargs)

    def __deepcopy__(self, memo):
        result = super().__deepcopy__(memo)
        result.queryset = self.rows()
        return result


class RecordsChoiceField(ClubRows, forms.ModelMultipleChoiceField):
    """Records (members, nights) ticked by id; an id past any database's integers is
    refused as not one of them, before the query (SQLite raised OverflowError: a server
    error)."""

    largest_id = 2**63 - 1

    def clean(self, value):
        for pk in value or ():
            try:
                too_large = abs(int(pk)) > self.largest_id
            except (TypeError, ValueError):
                continue  # Django's own check says it is not a member
            if too_large:
                raise ValidationError(
                    self.error_messages["invalid_pk_value"],
                    code="invalid_pk_value",
                    params={"pk": pk},
                )
        return super().clean(value)


class OnceTokenField(forms.UUIDField):
    """A hidden token made when the form is shown: the night it creates keeps it, so a
    second post of the same form (a double click) finds that night instead of making
    another. Optional: a post without one (a script's) creates as before."""

    widget = forms.HiddenInput

    def __init__(self, **kwargs):
        super().__init__(required=False, initial=uuid.uuid4, **kwargs)


class ByNameChoices(ModelChoiceIterator):
    """Members offered by name as the page's language sorts them (``words.names``), not in
    the database's order."""

    def __iter__(self):
        if self.field.empty_label is not None:
            yield ("", self.field.empty_label)
        for member in by_name(self.queryset, lambda member: member.name):
            yield self.choice(member)


class RecordChoiceField(ClubRows, forms.ModelChoiceField):
    """One of a club's rows, picked from a list."""


class MemberChoiceField(RecordChoiceField):
    """One member, picked from the list by name."""

    iterator = ByNameChoices


class MembersChoiceField(RecordsChoiceField):
    """Members ticked, listed by name."""

    iterator = ByNameChoices


def members_field() -> MembersChoiceField:
    """The members ticked to play (a night's or a table's)."""
    return MembersChoiceField(
        label=_("Members playing"),
        rows=Member.objects.all,
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )


def typed_players_field(label, rows: int) -> forms.CharField:
    """Players who are not members yet, one name a line."""
    return forms.CharField(label=label, required=False, widget=forms.Textarea(attrs={"rows": rows}))


def typed_names(text: str) -> tuple[list[str], list[str]]:
    """``(names, refusals)``: the names typed one a line, as they are kept
    (``normal_name``; blank lines skipped), and why a line's name is refused."""
    names, refusals = [], []
    for number, line in enumerate(text.splitlines(), start=1):
        try:
            name = normal_name(line)
        except ValueError as error:
            refusals.append(
                gettext("Line %(number)s: the name %(error)s.")
                % {"number": number, "error": refusal(error)}
            )
            continue
        if name:
            names.append(name)
    return names, refusals


def json_refusal(error: ValueError) -> str:
    """Why a file is not JSON, in the page's language: where the parser stopped (its own
    words are English), or the rules core's refusal (a key given twice, NaN)."""
    if isinstance(error, json.JSONDecodeError):
        return gettext("it goes wrong at line %(line)s, column %(column)s") % {
            "line": error.lineno,
            "column": error.colno,
        }
    return refusal(error)


class ImportForm(forms.Form):
    """A ``cinch-night/1`` file, read as JSON; the services check what it says."""

    file = forms.FileField(label=_("Night file (cinch-night/1 JSON)"))
    token = OnceTokenField()
    again = forms.BooleanField(
        label=_("Import it anyway, as a second copy"), required=False, widget=forms.HiddenInput
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > IMPORT_LIMIT:
            raise ValidationError(
                gettext("The file is %(size)s bytes: a night file may be at most 2 MB.")
                % {"size": number_format(upload.size, force_grouping=True)}
            )
        try:
            self.document = load_json(upload.read().decode("utf-8"))
        except UnicodeDecodeError:
            raise ValidationError(gettext("The file is not UTF-8 text.")) from None
        except (ValueError, RecursionError) as error:
            raise ValidationError(
                gettext("Not a JSON document: %(error)s") % {"error": json_refusal(error)}
            ) from None
        return upload
