"""No click loses work: a change that throws something away asks first.

The page's button is a link to the change's own URL: ``GET`` shows what will be lost and
how to get it back, ``POST`` (the confirmation page's button) makes the change through its
service, as before. A script that posts directly is not asked.
"""

from dataclasses import dataclass, field

from django.template.response import TemplateResponse
from django.utils.translation import gettext_lazy


@dataclass(frozen=True)
class Confirmation:
    """What the confirmation page says: the question, each thing that will be lost, the
    button that does it (and its hidden fields), and where "Keep it as it is" goes."""

    title: str
    lost: list[str]
    button: str
    back: str
    fields: dict = field(default_factory=dict)
    undo: str = gettext_lazy("A director can put it back from the history.")
    # What the change makes of the night, shown before it is made (``after_title``).
    after: list[str] = field(default_factory=list)
    after_title: str = ""


class ConfirmFirst:
    """``GET`` asks (``confirmation()``); the view's ``post`` makes the change."""

    def get(self, request, *args, **kwargs):
        return TemplateResponse(
            request,
            "scoring/core/confirm.html",
            {"confirm": self.confirmation(), "night": getattr(self, "night", None)},
        )

    def confirmation(self) -> Confirmation:
        raise NotImplementedError
