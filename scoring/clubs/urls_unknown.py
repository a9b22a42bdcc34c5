"""``scoring.clubs.urls.unknown`` as a URL module (``request.urlconf`` names a module)."""

from scoring.clubs.urls import unknown as urlpatterns  # noqa: F401
