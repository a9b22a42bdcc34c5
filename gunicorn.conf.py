"""gunicorn's settings in production: ``gunicorn cinch_club.wsgi`` run from this folder
reads them (its default config file); a command-line option still wins.

3 processes of 4 threads (``gthread``) on a 2-core machine: the best of the shapes
measured by ``bench/run.py table_links`` (20 tables, 40 phones at once; 2x2, 2x8, 4x1,
4x2 and 5x1 against 3x4, SQLite, docs/performance.md "Table links"). Processes use both
cores past Python's one-thread-at-a-time lock; threads keep a worker answering while
another request waits on the database (a writer queued on SQLite's lock, or PostgreSQL).
More processes or threads only shared the same two cores more thinly.
"""

bind = "127.0.0.1:8000"  # behind the TLS proxy (README "Production")
worker_class = "gthread"
workers = 3
threads = 4
timeout = 60  # a PDF of a big night's packet renders in well under this
graceful_timeout = 5
