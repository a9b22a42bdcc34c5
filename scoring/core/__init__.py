"""What every feature of the scoring app shares: who may do what (``permissions``),
what every write checks first and marks after (``guards``, ``errors``, ``authors``), the
night's documents for the rules core (``documents``, ``kept_summaries``), and the base
views, forms, tables and widgets the features build on.

It imports no feature (the import contract in ``pyproject.toml`` checks it): a feature
leans on ``core``, never the other way round.
"""
