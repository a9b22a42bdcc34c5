"""A server process is warmed before its first request (``cinch_club/warm.py``)."""

import gc
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.forms.renderers import get_default_renderer
from django.template import engines
from django.template.base import Template

from cinch_club.warm import warm
from scoring.links.tokens import link_path

REPOSITORY = Path(__file__).parents[1]


@pytest.fixture(autouse=True)
def _unfrozen():
    """``warm()`` freezes the whole test process: hand its objects back to the collector."""
    yield
    gc.unfreeze()


@pytest.mark.django_db
def test_after_warming_a_link_page_compiles_no_template(client, game, monkeypatch):
    for engine in (engines["django"].engine, get_default_renderer().engine.engine):
        for loader in engine.template_loaders:
            loader.reset()
    warm()
    compiled = []
    compile_nodelist = Template.compile_nodelist

    def spy(template):
        compiled.append(template.origin.name)
        return compile_nodelist(template)

    monkeypatch.setattr(Template, "compile_nodelist", spy)

    assert client.get(link_path(game, game.pair_a)).status_code == 200
    assert compiled == []


def test_warming_sets_what_is_loaded_aside_from_the_garbage_collector():
    """A full collection no longer walks the loaded modules, templates and catalogs."""
    gc.unfreeze()
    warm()
    frozen = gc.get_freeze_count()
    gc.collect()

    assert frozen > 10_000
    assert len(gc.get_objects(generation=2)) < frozen


def test_a_warmed_server_process_has_not_loaded_the_pdf_engine():
    """WeasyPrint loads on a process's first print (``scoring/core/printing/renderer.py``):
    a server or a ``manage.py`` command that never prints does not pay half a second for
    it."""
    code = (
        "import sys, django; django.setup(); from cinch_club.warm import warm; warm(); "
        "print(sorted({'weasyprint', 'pypdf'} & {name.split('.')[0] for name in sys.modules}))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPOSITORY,
        env=os.environ | {"DJANGO_SETTINGS_MODULE": "cinch_club.settings.test"},
        capture_output=True,
        text=True,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "[]"
