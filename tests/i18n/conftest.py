"""The French tests leave no language behind: a request's LocaleMiddleware activates its
language in the test's thread, and the next test file in this worker must start English."""

import pytest
from django.utils import translation


@pytest.fixture(autouse=True)
def back_to_the_clubs_language():
    yield
    translation.deactivate()
