"""The map in docs/install/development.md is the layering contract `lint-imports` checks:
the same layers, in the same order, with the same features apart (``|``)."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def contract_layers() -> list[tuple[set[str], bool]]:
    """Each layer of the features' contract: its modules, and whether they never meet."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in config["tool"]["importlinter"]["contracts"] if c["id"] == "layers")
    return [
        ({name.strip() for name in re.split(r"[:|]", layer)}, "|" in layer)
        for layer in contract["layers"]
    ]


def map_layers() -> list[tuple[set[str], bool]]:
    text = (ROOT / "docs/install/development.md").read_text(encoding="utf-8")
    section = text.split("## The map", 1)[1].split("\n## ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    layers = []
    for row in rows:
        first = row.split(" | ")[0].removeprefix("| ")
        layers.append((set(re.findall(r"`([a-z_]+)`", first)), "\\|" in first))
    return layers


def test_the_map_shows_the_layers_the_contract_checks():
    assert map_layers() == contract_layers()
