"""WSGI entry point. Defaults to production settings: servers run prod, `make run` runs dev."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cinch_club.settings.prod")

application = get_wsgi_application()

from cinch_club.warm import warm  # noqa: E402 (needs the settings the line above set up)

warm()
