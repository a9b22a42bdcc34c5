"""WSGI entry point. Defaults to production settings: servers run prod, `make run` runs dev."""

import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cinch_club.settings.prod")

application = get_wsgi_application()
