"""The club's records as every feature guards and reads them: what a write refuses
(``errors``) and may still change (``guards``), who made it (``authors``), the night's
file (``documents``) and what today's rules refuse in it (``mending``), members by name,
the pairs in words, the kept summaries of many nights, the nights a season takes.
"""
