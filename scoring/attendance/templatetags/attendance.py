"""``{% substitute_panel game can_change %}``: a game's substitutes and the form to add one."""

from django import template

from scoring.attendance.forms import SubstituteForm
from scoring.games import selectors as games_selectors

register = template.Library()


@register.inclusion_tag("scoring/attendance/_substitutes.html")
def substitute_panel(game, can_change: bool) -> dict:
    seating = games_selectors.game_seating(game)
    seats, substitutes = seating.seats, seating.substitutes
    holders = {seat.number: seat.member.name for seat in seats}
    for substitute in substitutes:
        substitute.holder = holders.get(substitute.number, "")
    return {
        "game": game,
        "substitutes": substitutes,
        "can_change": can_change,
        "form": SubstituteForm(seats=seats) if can_change else None,
    }
