"""docs/install/several-machines.md names only settings the site reads: every variable
in its tables is read from the environment by ``cinch_club.env`` (or is Django's own
``DJANGO_SETTINGS_MODULE``), so a deployer who follows it sets nothing that does
nothing, and a setting renamed in the code fails here until the page follows."""

import re
from pathlib import Path

from cinch_club import env

DOCUMENT = Path(env.BASE_DIR, "docs", "install", "several-machines.md")
ENV_MODULE = Path(env.__file__).read_text(encoding="utf-8")
DJANGO_OWN = {"DJANGO_SETTINGS_MODULE"}


def named_in_tables(text: str) -> set[str]:
    """The ``UPPER_CASE`` names in backticks in the tables' first and last columns."""
    names = set()
    for line in text.splitlines():
        if not line.startswith("| ") or set(line) <= {"|", "-", " "}:
            continue
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        for cell in (cells[0], cells[-1]):
            names.update(re.findall(r"`([A-Z][A-Z0-9_]+)(?:=[^`]*)?`", cell))
    return names


def test_every_setting_the_page_names_is_read_by_the_site():
    names = named_in_tables(DOCUMENT.read_text(encoding="utf-8"))

    unread = sorted(name for name in names - DJANGO_OWN if f'"{name}"' not in ENV_MODULE)
    assert {"SECRET_KEY", "DATABASE_URL", "LIMITS_STORE", "TIME_ZONE", "SITE_URL"} <= names
    assert unread == [], f"several-machines.md names settings the site does not read: {unread}"


def test_the_page_is_linked_from_the_install_index():
    index = DOCUMENT.with_name("README.md").read_text(encoding="utf-8")

    assert "(several-machines.md)" in index
