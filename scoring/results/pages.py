"""The base of every page that shows a night's results (the standings, the pot, the
projector): the rules core's summary of the stored totals, or why the night cannot be
scored yet.
"""

from functools import cached_property
from typing import Any

from scoring.core.records.mending import night_mends
from scoring.core.ui.views import NightPage
from scoring.results import selectors
from scoring.rules import InvalidInput


class NightResultsPage(NightPage):
    """A page of the night's results; ``problems`` says why a night cannot be scored."""

    def read_results(self) -> selectors.NightResults:
        """The night's results, read and scored once for the request (``results``)."""
        return selectors.night_results(self.night)

    @cached_property
    def results(self) -> selectors.NightResults | None:
        try:
            return self.read_results()
        except InvalidInput as invalid:
            self.problems = [str(problem) for problem in invalid.problems]
            # A night stored by an earlier version: what to mend, game by game.
            self.mends = night_mends(self.night)
            return None

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        results = self.results
        return super().get_context_data(
            night=self.night,
            results=results,
            summary=results.summary if results else None,
            problems=getattr(self, "problems", []),
            mends=getattr(self, "mends", []),
            **kwargs,
        )
