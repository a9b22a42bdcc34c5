"""Clubs: many clubs on one site, each seeing its own rows alone.

A *club* (``models.Club``) owns its members, nights, seasons and tables; every query of
them runs under the club's *scope* (django-scopes: the models' managers refuse a query
without one, ``ScopeError``), which the middleware opens for a request
(``/c/<slug>/…``, or the *home club* without it), the commands for ``--club`` and the
tasks for the night they carry. A person's *role* (director, scorer) is one club's
(``models.ClubRole``); a superuser is the *host*, a director of every club.

What works across clubs says so with ``scopes_disabled()`` in its one place: the
migrations, the host's page of clubs, a code's address finding its club, the backup of
the whole file. This package sees the models and Django only: the features use it.
"""
