"""The database cache's table (settings CACHES): kept sheets, render locks and limits.

``migrate`` makes it, so a deploy needs no extra ``createcachetable`` step; the command
does nothing when the table is there or the cache is not in the database.
"""

from django.core.management import call_command
from django.db import migrations


def create_cache_table(apps, schema_editor):
    call_command("createcachetable", database=schema_editor.connection.alias, verbosity=0)


class Migration(migrations.Migration):
    dependencies = [("scoring", "0004_night_form_token")]

    operations = [migrations.RunPython(create_cache_table, migrations.RunPython.noop)]
