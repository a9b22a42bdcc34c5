"""Keeping French complete: every string a person reads is in the catalogue, translated.

makemessages runs into a temporary copy of the sources and its msgids are compared with
the committed catalogue's; msgfmt must count no fuzzy and no untranslated message; and
the committed .mo must say what the .po says.
"""

import shutil
import subprocess
from pathlib import Path

import polib
from django.conf import settings
from django.core.management import call_command

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "fr" / "LC_MESSAGES" / "django.po"
SOURCES = ("cinch_club", "scoring", "templates")


def _msgids(po: polib.POFile) -> set[tuple[str, str]]:
    return {(entry.msgctxt or "", entry.msgid) for entry in po if not entry.obsolete}


def test_makemessages_finds_nothing_the_catalogue_lacks(tmp_path, monkeypatch):
    for name in SOURCES:
        shutil.copytree(Path(settings.BASE_DIR) / name, tmp_path / name)
    (tmp_path / "locale").mkdir()
    monkeypatch.chdir(tmp_path)
    call_command("makemessages", locale=["fr"], verbosity=0, no_obsolete=True)
    fresh = _msgids(polib.pofile(str(tmp_path / "locale/fr/LC_MESSAGES/django.po")))
    committed = _msgids(polib.pofile(str(CATALOGUE)))
    assert fresh - committed == set(), "run `manage.py makemessages -l fr` and translate"
    assert committed - fresh == set(), "the catalogue has strings the site no longer uses"


def test_every_french_message_is_translated_and_none_fuzzy():
    result = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(CATALOGUE)],
        capture_output=True,
        text=True,
        check=True,
    )
    assert "fuzzy" not in result.stderr and "untranslated" not in result.stderr, result.stderr
    po = polib.pofile(str(CATALOGUE))
    assert po.percent_translated() == 100
    assert not po.fuzzy_entries()


def test_the_committed_mo_is_compiled_from_the_po():
    po = polib.pofile(str(CATALOGUE))
    mo = polib.mofile(str(CATALOGUE.with_suffix(".mo")))
    expected = {(e.msgctxt, e.msgid): e.msgstr or e.msgstr_plural for e in po}
    compiled = {(e.msgctxt, e.msgid): e.msgstr or e.msgstr_plural for e in mo}
    assert compiled == {key: text for key, text in expected.items() if key[1]}
