"""Hypercorn's settings for ``make hall`` (``scripts/hall`` passes this file): the server
the players' phones reach on the hall's Wi-Fi, with nothing in front of it.

Chosen by measurement (docs/performance.md, "Slow phones"): gunicorn's threads read a
request themselves, so twelve connections that send their headers a line every few
seconds held all twelve of ``make hall``'s threads, and every other request, the
laptop's included, waited until they closed. Hypercorn reads each request on its event
loop, whole, body included, and only then hands it to a thread that runs Django (WSGI,
``cinch_club.wsgi``): a slow or silent phone costs a connection, never a thread.
"""

from cinch_club.settings.base import FILE_UPLOAD_MAX_MEMORY_SIZE

# Processes for both cores past Python's one-thread-at-a-time lock; each runs Django in
# its event loop's thread pool (min(32, cores + 4) threads), SQLite's writers queued on
# their lock file across all of them (cinch_club.sqlite_writers).
workers = 3
# Hypercorn's keep-alive timer runs from a connection's opening (or its last answer) to
# the end of the next request's headers: headers not whole within 5 s, sent slowly or not
# at all, close the connection. Then a body that stops arriving for 30 s closes it: a
# phone that walked out of the Wi-Fi mid-post; what it sent never reaches the site
# (cinch_club.whole_bodies).
read_timeout = 30
keep_alive_timeout = 5
# At most this many connections open at once from one address, in each process; one more
# is closed as soon as it is accepted (cinch_club/connection_cap.py, set by the worker's
# application module, cinch_club.hall_wsgi). A phone's browser opens six at most; phones
# that reach the laptop through a router of their own share its address.
connections_per_address = 20
# A request's headers in at most 16 KiB (h11's), its body in at most twice what the site
# accepts in a file: a bigger one is refused before Django reads it; a file just over the
# site's limit still reaches Django, whose refusal names the limit (core.http.uploads).
h11_max_incomplete_size = 16 * 1024
wsgi_max_body_size = 2 * FILE_UPLOAD_MAX_MEMORY_SIZE
backlog = 256
graceful_timeout = 5
include_server_header = False
accesslog = None
errorlog = None  # its messages go through Django's logging (LOGGING), once
