"""What the printing tests share: a count of the renders WeasyPrint is asked for."""

import pytest

from scoring.core.printing import renderer


@pytest.fixture
def renders(monkeypatch) -> list[str]:
    """The HTML of every render WeasyPrint is asked for, in order."""
    calls, real = [], renderer.html_to_pdf

    def counted(html, **kwargs):
        calls.append(html)
        return real(html, **kwargs)

    monkeypatch.setattr(renderer, "html_to_pdf", counted)
    return calls
