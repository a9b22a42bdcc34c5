"""What every feature of the scoring app shares, by kind: HTTP plumbing (``http``), the
club's records as every write guards and reads them (``records``), the bases of pages,
forms, tables and commands (``ui``) and the printed sheets' machinery (``printing``).

It imports no feature (the import contract in ``pyproject.toml`` checks it): a feature
leans on ``core``, never the other way round; what two features both need moves here.
"""
