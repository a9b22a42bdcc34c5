"""What a night's draw did, in the page's language: "No partnership from the last 6
nights." or "2 repeats, the fewest possible: Ann & Bob, Cy & Di." (``rules.draw``; the
outcome as ``nights.services.night_draw`` keeps it on the night).
"""

from django.utils.translation import gettext, ngettext


def draw_words(outcome: dict | None, names: dict[int, str]) -> str:
    """The sentence for a kept draw outcome; ``names`` gives each member id's name (a
    repeat's two players in number order, as pairs are written: ``Ann & Bob``). Empty
    when there is nothing to say (a night in no season)."""
    if not outcome:
        return ""
    if not outcome["new_partners"]:
        return gettext(
            "Drawn at random: the partnerships of the season's earlier nights were not avoided."
        )
    earlier, repeats = outcome["earlier_nights"], outcome["repeats"]
    if not earlier:
        return gettext("The season's first night: no earlier partnership to avoid.")
    if not repeats:
        return ngettext(
            "No partnership from the last night.",
            "No partnership from the last %(count)s nights.",
            earlier,
        ) % {"count": earlier}
    pairs = ", ".join(
        " & ".join(names.get(member, "?") for member in repeat["members"]) for repeat in repeats
    )
    return ngettext(
        "%(count)s repeat, the fewest possible: %(pairs)s.",
        "%(count)s repeats, the fewest possible: %(pairs)s.",
        len(repeats),
    ) % {"count": len(repeats), "pairs": pairs}
