"""A server process made ready before it takes its first request (``wsgi.py``).

Django imports the views, compiles each template and reads the translation catalogs on
first use. A gunicorn worker that starts cold pays for all of it in its first requests,
on every one of its threads at once: at the start of a round, 40 phones open their
table links in the same second, and the first pages took ten times as long as the
next (docs/performance.md, "Table links"). Doing it once here, before the worker
accepts, costs a fraction of a second per process at start and nothing afterwards.

Then what is loaded is set aside from the garbage collector (``gc.freeze``): it lives as
long as the process, yet each full collection walked all of it again, some 160,000
objects, a pause of about 90 ms in whichever request it fell (docs/performance.md,
"Table links").
"""

import gc
from pathlib import Path

import django.forms
from django.conf import settings
from django.forms.renderers import get_default_renderer
from django.template.loader import get_template
from django.urls import get_resolver
from django.utils import translation


def templates_under(folder: Path) -> list[str]:
    return sorted(path.relative_to(folder).as_posix() for path in folder.rglob("*.html"))


def warm() -> None:
    get_resolver().check()  # imports every view (the URLconf and its patterns)
    for folder in (Path(folder) for engine in settings.TEMPLATES for folder in engine["DIRS"]):
        for name in templates_under(folder):
            get_template(name)
    get_template("django_tables2/table.html")
    renderer = get_default_renderer()  # the forms' widgets (``core.ui.widgets`` draws its own)
    folder = Path(django.forms.__file__).parent / "templates"
    for name in templates_under(folder):
        renderer.get_template(name)
    for language, _ in settings.LANGUAGES:
        with translation.override(language):  # reads the language's catalogs
            pass
    gc.collect()
    gc.freeze()
