"""Views of the scoring app. Thin: they read from the rules core or selectors and render;
they never score and never write.
"""

from typing import Any

from django.views.generic import TemplateView

from scoring.rules import all_variants


class HomeView(TemplateView):
    """The supported variants, each with its one-line summary, straight from the rules core."""

    template_name = "scoring/home.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context = super().get_context_data(**kwargs)
        context["variants"] = all_variants()
        return context
