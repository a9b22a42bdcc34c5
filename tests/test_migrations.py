"""Every model change has its migration."""

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_no_missing_migrations():
    try:
        call_command("makemigrations", "--check", "--dry-run", verbosity=0)
    except SystemExit:
        pytest.fail("a model change has no migration: run `manage.py makemigrations`")
