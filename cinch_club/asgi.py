"""ASGI entry point. Defaults to production settings: servers run prod, `make run` runs dev."""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cinch_club.settings.prod")

application = get_asgi_application()
