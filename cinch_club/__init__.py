"""Project configuration for Cinch Club: settings, URLs and the WSGI/ASGI entry points.

No domain code lives here; the scoring app is `scoring/`.
"""
