"""Who gets what: the roles every view is tried with, and what a refusal looks like."""

from urllib.parse import urlsplit

ROLES = ("anonymous", "member", "scorer", "director")
SCORER_ROLES = ("scorer", "director")


def assert_refused(response, role: str) -> None:
    """Anonymous visitors go to the login page; logged-in users without the role get 403."""
    if role == "anonymous":
        assert response.status_code == 302
        location = urlsplit(response["Location"])
        assert location.path == "/accounts/login/"
        assert location.query.startswith("next=")
    else:
        assert response.status_code == 403


def may_score(role: str) -> bool:
    return role in SCORER_ROLES


def may_direct(role: str) -> bool:
    return role == "director"
