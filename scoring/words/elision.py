"""A sentence with names put in, as French writes them: "de" and "que" elide before a
name that starts with a vowel ("la renonce d’Ann", "alors qu’Ed avait 40"), which a
catalogue's template cannot know. Only where a value meets "de " or "que ": the
translator's own words are never touched. Not before "h" or "y": whether "Hank" or
"Yves" elides depends on how the name is said, and the site does not know.
"""

import re

from django.utils.translation import get_language

ELIDED = {"de": "d’", "De": "D’", "que": "qu’", "Que": "Qu’"}
PUT_IN = re.compile(r"(?P<word>\b(?:de|De|que|Que) )?%\((?P<key>\w+)\)s")
VOWEL = re.compile(r"[AEIOUÀÂÄÆÉÈÊËÎÏÔÖŒÙÛÜaeiouàâäæéèêëîïôöœùûü]")


def with_names(template: str, values: dict) -> str:
    """``template % values`` (``%(name)s`` only), eliding before a name in French."""
    french = (get_language() or "").startswith("fr")

    def put(match: re.Match) -> str:
        word, value = match["word"], str(values[match["key"]])
        if word and french and VOWEL.match(value):
            return ELIDED[word.rstrip()] + value
        return (word or "") + value

    return PUT_IN.sub(put, template)
