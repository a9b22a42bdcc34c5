"""The registry of variants: every module in this package that defines ``VARIANT``.

Adding a variant is adding one module here; nothing else needs to know its name.
"""

import importlib
import os
from functools import cache

from scoring.rules.variant import Variant


def _module_names() -> list[str]:
    """The modules in this package's folder (``pkgutil.iter_modules`` would say the same,
    after importing ``inspect``, a sixth of the score command's start-up)."""
    files = sorted(os.listdir(__path__[0]))
    return [file[:-3] for file in files if file.endswith(".py") and file != "__init__.py"]


@cache
def _registry() -> dict[str, Variant]:
    found = []
    for name in _module_names():
        module = importlib.import_module(f"{__name__}.{name}")
        if isinstance(getattr(module, "VARIANT", None), Variant):
            found.append(module.VARIANT)
    found.sort(key=lambda variant: (variant.target, variant.id))
    return {variant.id: variant for variant in found}


def all_variants() -> list[Variant]:
    """Every variant, the shortest game first."""
    return list(_registry().values())


def get_variant(variant_id: str) -> Variant:
    """The variant with this id; ``KeyError`` names the known ones."""
    try:
        return _registry()[variant_id]
    except (KeyError, TypeError):
        known = ", ".join(_registry())
        raise KeyError(f"unknown variant {variant_id!r} (known: {known})") from None
