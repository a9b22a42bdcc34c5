"""The Content-Security-Policy in a real browser: what it refuses is refused, and caught.

Every browser test fails on a violation (``conftest.new_context``); this one makes one on
purpose, to show that the policy is in force on the live server and that the catch works.
"""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

INLINE_SCRIPT = """() => {
  const script = document.createElement("script");
  script.textContent = "window.inlineRan = true";
  document.body.append(script);
}"""


def test_an_inline_script_is_refused_and_the_violation_caught(visitor, csp_violations):
    visitor.goto("/")

    visitor.evaluate(INLINE_SCRIPT)
    visitor.wait_for_timeout(200)  # the console message arrives after the refusal

    assert visitor.evaluate("() => window.inlineRan") is None
    assert any("inline script violates" in text for text in csp_violations)
    csp_violations.clear()  # caught as it should be: not this test's failure
