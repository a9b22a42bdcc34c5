"""One club's file (``export_club --club SLUG``, ``import_club --club SLUG``): the club alone,
to move it between a hosted site of many clubs and a laptop of its own, and back.

What a club owns (every model whose rows are read under a club's scope, and the audit
trail of those rows), its settings, and its people: their logins by username and their
role in the club. Left out as in the whole database's file: the kept night summaries and
their players' rows (kept again on import), the kept sheets, the sessions; and what is
the site's rather than the club's: the admin's log, the other clubs' roles, who is the
host (a superuser).

The rows are numbered in the file, model by model, 1, 2, 3 … in the order of their ids
(a deleted row the audit trail still names keeps its number too), not by their ids on the
machine they came from: a club that lives among others has ids from a shared series. The
file of a club is thus the same whichever site it was read from, byte for byte, and an
import takes new ids from the site's own series, in the same order: the other clubs'
rows are never touched, and a deleted row's number is never given to another row.
"""

import datetime
import json
import uuid
from collections import defaultdict
from decimal import Decimal
from graphlib import TopologicalSorter

from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import serializers
from django.db import connection
from django.db.migrations.recorder import MigrationRecorder

from scoring.models import Club, ClubRole, Member, Night, Profile, Season, TableGame

ONE_CLUB_FORMAT = "cinch-one-club/1"
# Made again on import (scoring.core.records.kept_summaries), as in the whole file.
LEFT_OUT = {"scoring.NightSummary", "scoring.MemberNight"}
# What says a club holds something: a club with none of these is empty.
HOLDINGS = {"members": Member, "nights": Night, "seasons": Season, "tables": TableGame}
# A login's fields that travel with the club; whether it is staff follows from its role
# here, and a superuser (the host) is the site's, never a club's to give.
ACCOUNT_FIELDS = (
    "password",
    "email",
    "first_name",
    "last_name",
    "is_active",
    "date_joined",
    "last_login",
)
CLUB_FIELDS = tuple(dict.fromkeys(("name", "created_at", *Club.SETTINGS.values(), *Club.MONEY)))


class ExactEncoder(json.JSONEncoder):
    """Times to the microsecond (Django's own encoder keeps milliseconds: the audit
    trail's order would blur), amounts as stored, dates and ids as text."""

    def default(self, o):
        if isinstance(o, datetime.date | datetime.time):
            return o.isoformat()
        if isinstance(o, Decimal | uuid.UUID):
            return str(o)
        return super().default(o)


def file_text(document: dict) -> str:
    """The file's text: keys sorted (PostgreSQL keeps a JSON field's keys in an order of
    its own), so the same club gives the same bytes on either engine."""
    return json.dumps(document, indent=1, sort_keys=True, ensure_ascii=False, cls=ExactEncoder)


def applied_migrations() -> list[str]:
    applied = MigrationRecorder(connection).applied_migrations()
    return sorted(f"{app}.{name}" for app, name in applied)


# --- which rows are a club's -------------------------------------------------------------


def club_models() -> list:
    """The models whose rows a club owns (scoped ones), each after the one it belongs to."""
    owned = [
        model
        for model in apps.get_app_config("scoring").get_models()
        if hasattr(model._default_manager, "with_scopes_disabled")
        and model._meta.label not in LEFT_OUT
    ]
    graph = {model: {owner_field(model).related_model} - {Club} for model in owned}
    return list(TopologicalSorter(graph).static_order())


def owner_field(model):
    """The field that says whose a row is: its ``club``, else the first required link to a
    row a club owns (a seat's night, a hand's game, a letter's member)."""
    fields = {field.name: field for field in model._meta.concrete_fields}
    if "club" in fields:
        return fields["club"]
    return next(
        field
        for field in model._meta.concrete_fields
        if field.is_relation
        and not field.null
        and hasattr(field.related_model._default_manager, "with_scopes_disabled")
    )


def history_of(model):
    history = getattr(model, "history", None)
    return history.model if history is not None else None


def owned_rows(club: Club) -> dict:
    """``{model: queryset}`` of the club's rows, and of their audit trail's: a row belongs
    to the club when what it belongs to does, alive or deleted (its history says whose)."""
    rows, ids = {}, {}
    for model in club_models():
        field = owner_field(model)
        if field.related_model is Club:
            condition = {field.attname: club.pk}
        else:
            live, gone = ids[field.related_model]
            condition = None
        querysets = []
        for table in (model, history_of(model)):
            if table is None:
                continue
            manager = table._base_manager
            if condition is not None:
                found = manager.filter(**condition)
            else:
                found = manager.filter(**{f"{field.attname}__in": live}) | manager.filter(
                    **{f"{field.attname}__in": gone}
                )
            rows[table] = found
            querysets.append(found.values("id" if table is not model else "pk"))
        history = querysets[1] if len(querysets) > 1 else model._base_manager.none().values("pk")
        ids[model] = (querysets[0], history)
    return rows


# --- numbering ---------------------------------------------------------------------------


def links(model) -> dict[str, object]:
    """``{field name: model}`` of the fields that hold another club row's id (the original
    row's ``id`` of a row of the audit trail too)."""
    found = {
        field.name: field.related_model
        for field in model._meta.concrete_fields
        if field.is_relation
        and field.related_model is not Club
        and field.related_model is not get_user_model()
    }
    found |= {field.name: field.related_model for field in model._meta.many_to_many}
    original = getattr(model, "instance_type", None)
    if original is not None:
        found["id"] = original
    return found


def numbering(rows: list[dict]) -> dict[str, dict[int, int]]:
    """``{model label: {id: number}}``: every id the rows hold of each model, in order."""
    seen = defaultdict(set)
    for row in rows:
        model = apps.get_model(row["model"])
        seen[model._meta.label_lower].add(row["pk"])
        for name, target in links(model).items():
            value = row["fields"].get(name)
            for one in value if isinstance(value, list) else [value]:
                if one is not None:
                    seen[target._meta.label_lower].add(one)
    return {
        label: {old: number for number, old in enumerate(sorted(ids), start=1)}
        for label, ids in seen.items()
    }


def renumbered(rows: list[dict], numbers: dict[str, dict[int, int]]) -> list[dict]:
    """The rows with each id put through ``numbers``, their club left out."""
    out = []
    for row in rows:
        model = apps.get_model(row["model"])
        fields = {name: value for name, value in row["fields"].items() if name != "club"}
        for name, target in links(model).items():
            table = numbers.get(target._meta.label_lower, {})
            value = fields.get(name)
            if isinstance(value, list):
                fields[name] = sorted(table[one] for one in value)
            elif value is not None:
                fields[name] = table[value]
        pk = numbers[model._meta.label_lower][row["pk"]]
        out.append({"model": row["model"], "pk": pk, "fields": fields})
    order = {label: place for place, label in enumerate(model_order())}
    return sorted(out, key=lambda row: (order[row["model"]], row["pk"]))


def model_order() -> list[str]:
    labels = []
    for model in club_models():
        labels.append(model._meta.label_lower)
        history = history_of(model)
        if history is not None:
            labels.append(history._meta.label_lower)
    return labels


# --- the file ----------------------------------------------------------------------------


def club_document(club: Club) -> dict:
    """The club's file as a document (call it in one transaction: one moment's rows)."""
    rows = []
    for queryset in owned_rows(club).values():
        rows += serializers.serialize(
            "python", queryset.order_by("pk"), use_natural_foreign_keys=True
        )
    usernames = {row["fields"][name][0] for row in rows for name in user_fields(row)}
    roles = ClubRole.objects.filter(club=club).select_related("user")
    usernames |= {role.user.get_username() for role in roles}
    return {
        "format": ONE_CLUB_FORMAT,
        "migrations": applied_migrations(),
        "club": {"slug": club.slug} | {name: getattr(club, name) for name in CLUB_FIELDS},
        "accounts": accounts(usernames),
        "roles": sorted(
            ({"username": role.user.get_username(), "role": role.role} for role in roles),
            key=lambda role: role["username"],
        ),
        "rows": renumbered(rows, numbering(rows)),
    }


def user_fields(row: dict) -> list[str]:
    """The fields of ``row`` that name a login (by its username) and name one."""
    model = apps.get_model(row["model"])
    return [
        field.name
        for field in model._meta.concrete_fields
        if field.is_relation
        and field.related_model is get_user_model()
        and row["fields"].get(field.name)
    ]


def accounts(usernames: set[str]) -> list[dict]:
    User = get_user_model()
    languages = dict(
        Profile.objects.filter(user__username__in=usernames).values_list(
            "user__username", "language"
        )
    )
    found = User.objects.filter(**{f"{User.USERNAME_FIELD}__in": usernames})
    return [
        {"username": user.get_username(), "language": languages.get(user.get_username(), "")}
        | {name: getattr(user, name) for name in ACCOUNT_FIELDS}
        for user in sorted(found, key=lambda user: user.get_username())
    ]


# --- into a site ---------------------------------------------------------------------------


def holdings(club: Club) -> list[str]:
    """What ``club`` holds, in words (empty: nothing)."""
    found = {
        what: model._base_manager.filter(club=club).count() for what, model in HOLDINGS.items()
    }
    return [f"{what}: {count}" for what, count in found.items() if count]


def reserve_ids(model, count: int) -> list[int]:
    """``count`` new ids of ``model``'s table, ascending, taken from its own series: no
    row of the site has them, and no row made later will."""
    if not count:
        return []
    table, column = model._meta.db_table, model._meta.pk.column
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(
                "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                [connection.ops.quote_name(table), column, count],
            )
            return sorted(row[0] for row in cursor.fetchall())
        quoted = connection.ops.quote_name(table)
        cursor.execute(f"SELECT MAX({connection.ops.quote_name(column)}) FROM {quoted}")
        highest = cursor.fetchone()[0] or 0
        cursor.execute("SELECT seq FROM sqlite_sequence WHERE name = %s", [table])
        kept = cursor.fetchone()
        start = max(highest, kept[0] if kept else 0)
        if kept:
            cursor.execute(
                "UPDATE sqlite_sequence SET seq = %s WHERE name = %s", [start + count, table]
            )
        else:
            cursor.execute(
                "INSERT INTO sqlite_sequence (name, seq) VALUES (%s, %s)", [table, start + count]
            )
    return list(range(start + 1, start + count + 1))


def new_ids(rows: list[dict]) -> dict[str, dict[int, int]]:
    """``{model label: {number in the file: new id}}``, the numbers in their order."""
    numbers = numbering(rows)
    return {
        label: dict(zip(sorted(known), reserve_ids(apps.get_model(label), len(known)), strict=True))
        for label, known in numbers.items()
    }


def accounts_made(document: dict, *, directors: set[str]) -> tuple[list[str], list[str]]:
    """The file's logins: made when the site has none of that username (staff when a
    director here), else the site's own kept as they are. ``(made, kept)``."""
    User = get_user_model()
    made, kept = [], []
    for account in document["accounts"]:
        username = account["username"]
        if User.objects.filter(**{User.USERNAME_FIELD: username}).exists():
            kept.append(username)
            continue
        user = User(**{User.USERNAME_FIELD: username})
        for name in ACCOUNT_FIELDS:
            setattr(user, name, account[name])
        user.is_staff = username in directors
        user.save()
        if account["language"]:
            Profile.objects.create(user=user, language=account["language"])
        made.append(username)
    return made, kept


def club_load(document: dict, club: Club) -> dict:
    """The file's rows into ``club`` (new or empty, in its scope, in one transaction):
    new ids from the site's series, the links between the rows kept. ``{what: count}``."""
    for name in CLUB_FIELDS:
        if name != "created_at":
            setattr(club, name, document["club"][name])
    club.save()
    Club.objects.filter(pk=club.pk).update(created_at=document["club"]["created_at"])
    directors = {role["username"] for role in document["roles"] if role["role"] == "director"}
    made, kept = accounts_made(document, directors=directors)
    User = get_user_model()
    for role in document["roles"]:
        user = User.objects.get(**{User.USERNAME_FIELD: role["username"]})
        ClubRole.objects.update_or_create(user=user, club=club, defaults={"role": role["role"]})
    ids = new_ids(document["rows"])
    rows = []
    for row in document["rows"]:
        model = apps.get_model(row["model"])
        fields = dict(row["fields"])
        for name, target in links(model).items():
            table = ids.get(target._meta.label_lower, {})
            value = fields.get(name)
            if isinstance(value, list):
                fields[name] = [table[one] for one in value]
            elif value is not None:
                fields[name] = table[value]
        if "club" in {field.name for field in model._meta.concrete_fields}:
            fields["club"] = club.pk
        pk = ids[model._meta.label_lower][row["pk"]]
        rows.append({"model": row["model"], "pk": pk, "fields": fields})
    for found in serializers.deserialize("python", rows):
        found.save()
    return {"rows": len(rows), "made": made, "kept": kept}


def home_placeholder(slug: str) -> Club | None:
    """A fresh site's one club, as ``migrate`` made it, with nothing in it and no role:
    a club moved onto a new laptop takes it over (its slug too, unless ``HOME_CLUB`` names
    it), so the laptop keeps one club and its addresses without ``/c/``."""
    clubs = list(Club.objects.order_by("pk")[:2])
    if len(clubs) != 1 or holdings(clubs[0]) or clubs[0].roles.exists():
        return None
    club = clubs[0]
    if not getattr(settings, "HOME_CLUB", ""):
        club.slug = slug
    return club
