"""The rules core imports nothing but the standard library and itself.

So a club can run ``python3 -m scoring.rules`` anywhere, and the web and PDF layers
cannot leak into the rules.
"""

import ast
import sys
from pathlib import Path

import pytest

RULES = Path(__file__).parents[2] / "scoring" / "rules"


def imported_modules(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            yield node.module


@pytest.mark.parametrize(
    "path", sorted(RULES.rglob("*.py")), ids=lambda path: str(path.relative_to(RULES))
)
def test_module_imports_only_the_standard_library(path):
    foreign = [
        module
        for module in imported_modules(path)
        if not module.startswith("scoring.rules")
        and module.split(".")[0] not in sys.stdlib_module_names
    ]
    assert foreign == []


def test_the_check_sees_a_foreign_import(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("import django\nfrom weasyprint import HTML\nimport json\n")
    assert list(imported_modules(sample)) == ["django", "weasyprint", "json"]
