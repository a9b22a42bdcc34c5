"""Pages anyone can use: axe-core (``axe-playwright-python``) over every page a director,
a scorer, a table's phone and the projector show, in English and French, at the normal
and the large text size (two of the four in ``make test``, the others in ``make
test-slow``). No serious or critical violation of WCAG 2.2 A and AA (contrast
included, every control labelled) nor of axe's best practices."""

import pytest
from axe_playwright_python.sync_playwright import Axe
from django.urls import reverse

from scoring.leagues.services import league_add
from scoring.models import Game, Night
from tests.browser.steps import log_in
from tests.i18n.test_no_english_left import PAGES, build_night, pages

pytestmark = pytest.mark.django_db(transaction=True)

AXE = Axe()
RULES = {
    "runOnly": {
        "type": "tag",
        "values": ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"],
    },
    "resultTypes": ["violations"],
}
SERIOUS = {"serious", "critical"}


def every_page(night: Night) -> dict[str, str]:
    """The pages of the French catalogue's test, and those it does not read (the page of a
    league of the night's club, outside every club)."""
    game = Game.objects.filter(night=night, round=3).first()
    league = league_add(slug="east", name="Eastern league", clubs=[night.club.slug])
    return pages(night) | {
        "league": reverse("scoring:league-detail", args=[league.slug]),
        "round-confirm": reverse("scoring:night-round-confirm", args=[night.pk, 1]),
        "password-change": reverse("password_change"),
        "game-result-clear": reverse("scoring:game-result-clear", args=[game.pk]),
    }


def serious_violations(page) -> list[str]:
    """Each serious or critical violation as its rule, its impact and where it is."""
    found = []
    for violation in AXE.run(page, options=RULES).response["violations"]:
        if violation["impact"] in SERIOUS:
            where = [" ".join(node["target"]) for node in violation["nodes"]][:3]
            found.append(f"{violation['id']} ({violation['impact']}): {where}")
    return found


# Two of the four language and text-size pairs in `make test`, between them each language
# and each size; the other two in `make test-slow`.
@pytest.mark.parametrize(
    ("language", "size"),
    [
        ("en", "normal"),
        ("fr", "large"),
        pytest.param("fr", "normal", marks=pytest.mark.slow),
        pytest.param("en", "large", marks=pytest.mark.slow),
    ],
)
def test_no_serious_violation_on_any_page(new_context, live_server, language, size):
    night = build_night()
    context = new_context()
    page = context.new_page()
    log_in(page, "walker")
    host = live_server.url.split("//")[1].split(":")[0]
    context.add_cookies(
        [
            {"name": "django_language", "value": language, "domain": host, "path": "/"},
            {"name": "text_size", "value": size, "domain": host, "path": "/"},
        ]
    )
    urls = every_page(night)
    found = {}
    for name in [*PAGES, "round-confirm", "game-result-clear", "league"]:
        page.goto(urls[name])
        violations = serious_violations(page)
        if violations:
            found[name] = violations
    assert found == {}, "\n".join(f"{name}: {said}" for name, said in found.items())
