"""People: a director adds directors and scorers on the people page, or with
``manage.py add_person`` (a one-time password printed, or ``--password``; no prompt)."""

import io
import sys

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command
from django.urls import reverse
from pytest_django.asserts import assertContains

from scoring.core.http.permissions import is_director, is_scorer
from tests.views.access import ROLES, assert_refused, may_direct

pytestmark = pytest.mark.django_db

URL = reverse("scoring:people")


@pytest.mark.parametrize("role", ROLES)
def test_people_page_is_for_directors(client_for, role):
    response = client_for(role).get(URL)
    if may_direct(role):
        assert response.status_code == 200
        assertContains(response, "Add a director or a scorer")
    else:
        assert_refused(response, role)


def test_director_adds_a_scorer_who_can_log_in(client_as, director):
    response = client_as(director).post(URL, {"name": "ruth", "role": "scorer"})

    added = response.context["added"]
    assertContains(response, added.password)
    ruth = get_user_model().objects.get(username="ruth")
    assert is_scorer(ruth) and not is_director(ruth)
    assert ruth.check_password(added.password)
    assertContains(response, "<td>ruth</td><td>Scorer</td>", html=False)


def test_a_login_taken_already_is_refused(client_as, director):
    response = client_as(director).post(URL, {"name": director.username.upper(), "role": "scorer"})
    assertContains(response, "has a login already")


def test_add_person_prints_a_one_time_password():
    out = io.StringIO()
    call_command("add_person", "Otis", "--director", stdout=out)
    password = out.getvalue().split("One-time password: ")[1].split()[0]
    otis = get_user_model().objects.get(username="Otis")
    assert otis.is_staff and otis.check_password(password)


def test_add_person_takes_a_password():
    call_command("add_person", "june", "--scorer", "--password", "long-enough-pass-42")
    june = get_user_model().objects.get(username="june")
    assert is_scorer(june) and june.check_password("long-enough-pass-42")


def test_add_person_needs_a_role_and_refuses_a_twin(director):
    with pytest.raises(CommandError):
        call_command("add_person", "kit")
    with pytest.raises(CommandError, match="has a login already"):
        call_command("add_person", director.username, "--scorer")


def test_add_person_never_prompts_without_a_terminal(monkeypatch):
    """Standard input is no terminal (a script's): it neither reads it nor waits."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    out = io.StringIO()
    call_command("add_person", "walt", "--scorer", stdout=out)
    assert "One-time password" in out.getvalue()
    assert sys.stdin.read() == ""


def test_people_page_queries_do_not_grow(client_as, director, django_assert_num_queries):
    from scoring.people.services import person_add

    client = client_as(director)
    for number in range(5):
        person_add(name=f"scorer{number}", role="scorer")
    # Session, the club (with the director's role in it) and user; the people, each
    # with their role, no further query.
    with django_assert_num_queries(4):
        assert client.get(URL).status_code == 200


def test_a_login_name_the_user_model_refuses_names_the_name_field():
    from django.core.exceptions import ValidationError

    from scoring.people.services import person_add

    with pytest.raises(ValidationError) as refused:
        person_add(name="no spaces allowed!", role="scorer")

    assert refused.value.message_dict["name"]
    assert not get_user_model().objects.exists()


def test_a_blank_login_name_is_refused():
    from django.core.exceptions import ValidationError

    from scoring.people.services import person_add

    with pytest.raises(ValidationError) as refused:
        person_add(name="   ", role="scorer")

    assert refused.value.message_dict["name"] == ["Give the person's login name."]


def test_a_weak_password_is_refused_naming_the_password_field():
    from django.core.exceptions import ValidationError

    from scoring.people.services import person_add

    with pytest.raises(ValidationError) as refused:
        person_add(name="sam", role="scorer", password="123")

    assert refused.value.message_dict["password"]
    assert not get_user_model().objects.exists()
