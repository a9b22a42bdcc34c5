"""Only whole requests reach the site under ``make hall``.

Hypercorn 0.18 reads a request's body on its event loop and, when the phone goes away
before the last byte (the Wi-Fi lost mid-post, or a silence past ``read_timeout``),
still hands the bytes it has to the application: a hand whose bid arrived as "1" of
"12", a count of "12" of "125.50", would be read as if whole. :class:`WholeBodies` runs
the site only when the body holds the ``Content-Length`` its headers declared, and
answers anything shorter with 400, nothing read, nothing saved; the phone's page (or its
offline queue) sends it again. Production has nginx in front, which passes a request on
only once it has its whole body.

Browsers send a form with its ``Content-Length``; a chunked body that stops short is
refused by Hypercorn's HTTP parser before it gets here.
"""

CUT_OFF = b"The request arrived cut off: nothing was saved. Send it again.\n"


class WholeBodies:
    """A WSGI application's guard: a request whose body is shorter than declared is
    answered 400 without running the application."""

    def __init__(self, application):
        self.application = application

    def __call__(self, environ, start_response):
        declared = environ.get("CONTENT_LENGTH", "")
        if declared.isdigit() and _received(environ["wsgi.input"]) < int(declared):
            start_response(
                "400 Bad Request",
                [("Content-Type", "text/plain; charset=utf-8"), ("Connection", "close")],
            )
            return [CUT_OFF]
        return self.application(environ, start_response)


def _received(body) -> int:
    """How many bytes the server received: Hypercorn gives the body read whole
    (``BytesIO``)."""
    return body.getbuffer().nbytes
