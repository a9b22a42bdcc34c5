"""gunicorn's settings in production: ``gunicorn cinch_club.wsgi`` run from this folder
reads them (its default config file); a command-line option still wins.

3 processes of 4 threads (``gthread``) on a 2-core machine: the best of the shapes
measured by ``bench/run.py table_links`` (20 tables, 40 phones at once; 2x2, 2x8, 4x1,
4x2 and 5x1 against 3x4, SQLite, docs/performance.md "Table links"). Processes use both
cores past Python's one-thread-at-a-time lock; threads keep a worker answering while
another request waits on the database (a writer queued on SQLite's lock, or PostgreSQL).
More processes or threads only shared the same two cores more thinly.

With ``TRUSTED_PROXY_COUNT`` set, the site believes the last addresses of
``X-Forwarded-For``: only the proxy may reach gunicorn, or a client writes its own. The
master says so in its log when it listens beyond this machine (docs/install/production.md).
"""

import ipaddress

from gunicorn.util import parse_address

from cinch_club import env

bind = "127.0.0.1:8000"  # behind the TLS proxy (docs/install/production.md)
worker_class = "gthread"
workers = 3
threads = 4
# A process takes a connection only while one of its threads is free (``on_starting``):
# the others wait in the listening socket's queue, one queue for all, for whichever
# process frees a thread first. With gthread's default (1,000 each) the first process to
# wake took in most of a burst and its four threads worked through it while another
# process stood idle: the p95 of the benchmark's 300 saves was 284–317 ms, 170–211 ms
# with it (docs/performance.md, "Table links"). So no keep-alive: a kept connection
# would hold a thread's place; behind the TLS proxy on the same machine a new connection
# is cheap.
keepalive = 0
timeout = 60  # a PDF of a big night's packet renders in well under this
graceful_timeout = 5
# gunicorn's control socket (``gunicornc``) is one path for every instance of a user
# (``~/.gunicorn/gunicorn.ctl``): a second site or ``make hall`` beside ``make run``'s
# would take the first's. Nothing here uses it; systemd and Ctrl+C stop the server.
control_socket_disable = True


def on_starting(server):
    """One connection per thread, with ``--threads`` given on the command line too; a
    warning if clients could reach gunicorn past the proxy the site trusts."""
    server.cfg.set("worker_connections", server.cfg.threads)
    reachable = [address for address in server.cfg.bind if beyond_this_machine(address)]
    if env.TRUSTED_PROXY_COUNT and reachable:
        server.log.warning(
            "TRUSTED_PROXY_COUNT=%s but gunicorn listens on %s: a client that reaches it "
            "without the proxy writes its own X-Forwarded-For and escapes the login lock "
            "and the rate limits. Bind to 127.0.0.1 or a unix socket, or let a firewall "
            "pass only the proxy (docs/install/production.md).",
            env.TRUSTED_PROXY_COUNT,
            ", ".join(reachable),
        )


def beyond_this_machine(address: str) -> bool:
    """Whether a ``bind`` address takes connections from other machines: any host but
    the loopback (a name or every interface included); a unix socket or an inherited
    descriptor is this machine's alone."""
    parsed = parse_address(address)
    if not isinstance(parsed, tuple):
        return False
    host = parsed[0]
    if host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:
        return True
