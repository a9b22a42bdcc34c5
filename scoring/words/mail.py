"""A night's e-mails to its players counted as the night page says it: ``12 to send,
3 sent, 1 refused by the server`` (the counts that are not nought)."""

from django.utils.translation import ngettext, pgettext


def mail_counts_words(to_send: int, sent: int, refused: int) -> str:
    said = []
    if to_send:
        words = ngettext("%(count)s to send", "%(count)s to send", to_send)
        said.append(words % {"count": to_send})
    if sent:
        said.append(ngettext("%(count)s sent", "%(count)s sent", sent) % {"count": sent})
    if refused:
        words = ngettext(
            "%(count)s refused by the server", "%(count)s refused by the server", refused
        )
        said.append(words % {"count": refused})
    # Translators: between the counts of a night's e-mails, "12 to send, 3 sent".
    return pgettext("between counts", ", ").join(said)
