"""Standings of a night: records per pair, rank order, shared ranks and prize-deciding ties,
and the play-offs a tie needs next.

Pairs rank by games won; on a night ended early, by the share of their finished games
won (pairs have then played different numbers of games). Level pairs are ordered, under
``playoff`` tie-breaking, by whole rounds of the play-off games played among themselves
only: with k the fewest play-offs any two of them have played against each other, each
pairing's first k count (none while k is 0: their round robin is not complete); pairs
still level are ordered again among themselves alone by the same rule. Under ``pegs``
they are ordered by peg difference, then pegs for. Pairs still level share a rank. A tie
matters only where it decides a prize: a place, or who takes the booby.
"""

from itertools import combinations
from typing import NamedTuple

from scoring.rules.errors import Words, gettext_noop, words
from scoring.rules.records import compared_on

PLAYOFF = "playoff"
PEGS = "pegs"
TIEBREAKS = (PLAYOFF, PEGS)


class Outcome(NamedTuple):
    """A finished game as the standings see it; ``winner`` is a pair number."""

    pairs: tuple[int, int]
    score: tuple[int, int]
    cinches: tuple[int, int]
    winner: int

    @property
    def loser(self) -> int:
        return self.pairs[1] if self.winner == self.pairs[0] else self.pairs[0]


class PairRecord:
    """A pair's games so far, and its rank once ranked (``None``: withdrawn, no rank)."""

    __slots__ = (
        *("pair", "wins", "losses", "pegs_for", "pegs_against", "cinches", "playoff_wins"),
        "rank",
    )

    def __init__(
        self,
        pair: int,
        wins: int = 0,
        losses: int = 0,
        pegs_for: int = 0,
        pegs_against: int = 0,
        cinches: int = 0,
        playoff_wins: int = 0,
        rank: int | None = 0,
    ):
        self.pair, self.wins, self.losses = pair, wins, losses
        self.pegs_for, self.pegs_against, self.cinches = pegs_for, pegs_against, cinches
        self.playoff_wins, self.rank = playoff_wins, rank

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"PairRecord({shown})"

    @property
    def peg_difference(self) -> int:
        return self.pegs_for - self.pegs_against

    @property
    def share(self):
        """The share of its finished games the pair won, a ``Fraction`` (0 before it
        finishes one)."""
        from fractions import Fraction  # a night ended early needs it, others never

        games = self.wins + self.losses
        return Fraction(self.wins, games) if games else Fraction(0)


def standing(by_share: bool):
    """What a pair ranks by: its wins, or on a night ended early its share of games won."""
    return (lambda record: record.share) if by_share else (lambda record: record.wins)


class Tie(NamedTuple):
    """Pairs still level where it decides a prize; ``stake`` says which, in words.

    Two ties are the same when their pairs and stake are: ``said`` only says the stake
    again, in any language.
    """

    pairs: tuple[int, ...]
    stake: str
    # ``stake`` as words, said in the reader's language.
    said: Words | None = None

    __eq__, __ne__, __hash__ = compared_on("pairs", "stake")


class Ranking:
    """The standings: blocks of level pairs in rank order, ties that block a prize, and
    the withdrawn pairs after them (no rank, no prize)."""

    __slots__ = ("blocks", "places", "booby", "ties", "withdrawn")

    def __init__(
        self,
        blocks: list[list[PairRecord]],
        places: list[int] | None = None,
        booby: int | None = None,
        ties: list[Tie] | None = None,
        withdrawn: list[PairRecord] | None = None,
    ):
        self.blocks = blocks
        self.places = [] if places is None else places
        self.booby = booby
        self.ties = [] if ties is None else ties
        self.withdrawn = [] if withdrawn is None else withdrawn

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"Ranking({shown})"

    @property
    def records(self) -> list[PairRecord]:
        return [record for block in self.blocks for record in block] + self.withdrawn


def pair_records(pair_count: int, games, playoffs) -> dict[int, PairRecord]:
    """Wins, losses, pegs and Cinches from the finished games; play-off wins apart."""
    records = {pair: PairRecord(pair) for pair in range(1, pair_count + 1)}
    for game in games:
        for pair, score, cinches, against in zip(
            game.pairs, game.score, game.cinches, reversed(game.score), strict=True
        ):
            record = records[pair]
            record.pegs_for += score
            record.pegs_against += against
            record.cinches += cinches
        records[game.winner].wins += 1
        records[game.loser].losses += 1
    for game in playoffs:
        records[game.winner].playoff_wins += 1
    return records


def _split_by(records, key) -> list[list[PairRecord]]:
    """Records grouped by ``key``, best (largest) first; each group sorted by pair."""
    groups: dict = {}
    for record in records:
        groups.setdefault(key(record), []).append(record)
    return [sorted(groups[k], key=lambda r: r.pair) for k in sorted(groups, reverse=True)]


def pairing(pairs) -> tuple[int, int]:
    """Two pairs as one pairing, whichever was named first: ``(2, 5)``."""
    low, high = sorted(pairs)
    return low, high


def playoffs_between(members, playoffs) -> dict[tuple[int, int], list]:
    """Every pairing of ``members`` with the play-offs between them, in the order listed."""
    between = {pair_pair: [] for pair_pair in combinations(sorted(members), 2)}
    for game in playoffs:
        games = between.get(pairing(game.pairs))
        if games is not None:
            games.append(game)
    return between


def _order_by_playoffs(group, playoffs) -> list[list[PairRecord]]:
    """A level group ordered by its whole rounds of play-offs, still-level pairs again.

    Only the first k play-offs of each pairing count, k the fewest any pairing of the
    group has played, so a round half entered counts for nothing, and the extra rounds
    some of the group play never lift one over a pair that beat them all in the first.
    """
    between = playoffs_between({record.pair for record in group}, playoffs)
    rounds = min(len(games) for games in between.values())
    if rounds == 0:
        return [group]
    wins = {record.pair: 0 for record in group}
    for games in between.values():
        for game in games[:rounds]:
            wins[game.winner] += 1
    blocks = []
    for block in _split_by(group, lambda record: wins[record.pair]):
        if 1 < len(block) < len(group):
            blocks.extend(_order_by_playoffs(block, playoffs))
        else:
            blocks.append(block)
    return blocks


def rank(records, playoffs, tiebreak: str, *, by_share: bool = False) -> list[list[PairRecord]]:
    """Blocks of level pairs, best first; every record's ``rank`` is set (1, 2, 2, 4)."""
    blocks = []
    for group in _split_by(records, standing(by_share)):
        if len(group) == 1:
            blocks.append(group)
        elif tiebreak == PEGS:
            blocks.extend(_split_by(group, lambda r: (r.peg_difference, r.pegs_for)))
        else:
            blocks.extend(_order_by_playoffs(group, playoffs))
    position = 1
    for block in blocks:
        for record in block:
            record.rank = position
        position += len(block)
    return blocks


def _places_words(first: int, last: int) -> Words:
    if first == last:
        return words(gettext_noop("place {first}"), first=first)
    if last == first + 1:
        return words(gettext_noop("places {first} and {last}"), first=first, last=last)
    return words(gettext_noop("places {first} to {last}"), first=first, last=last)


def _tie(block, stake: Words) -> Tie:
    return Tie(tuple(record.pair for record in block), stake.say(), stake)


def settle_prizes(
    blocks, place_count: int, booby_offered: bool, *, by_share: bool = False
) -> Ranking:
    """Who takes each place and the booby (the fewest wins, or the lowest share), or the
    ties that stop it."""
    ranking = Ranking(blocks=blocks)
    position = 1
    unplaced = []
    for block in blocks:
        first, last = position, position + len(block) - 1
        position = last + 1
        if first > place_count:
            unplaced.append(block)
        elif len(block) > 1:
            ranking.ties.append(_tie(block, _places_words(first, min(last, place_count))))
        else:
            ranking.places.append(block[0].pair)
    if booby_offered and unplaced:
        key = standing(by_share)
        fewest = min(key(record) for block in unplaced for record in block)
        candidates = next(b for b in unplaced if key(b[0]) == fewest)
        if len(candidates) > 1:
            ranking.ties.append(_tie(candidates, words(gettext_noop("the booby prize"))))
        else:
            ranking.booby = candidates[0].pair
    return ranking


class PlayoffProposal(NamedTuple):
    """What a prize tie needs next: ``games`` to start (pairs in pairing order), the
    ``waiting`` play-offs between its pairs already started, and which ``round`` of the
    tie's play-offs the games make (1, then 2 if the pairs are still level, …)."""

    tie: Tie
    games: tuple[tuple[int, int], ...]
    waiting: tuple[tuple[int, int], ...]
    round: int


def propose_playoffs(ties, playoffs, tiebreak: str) -> list[PlayoffProposal]:
    """The play-off games each prize tie needs next: its next whole round.

    ``playoffs`` are the night's play-off games, anything with ``pairs`` and
    ``finished``. The tied pairs play a round robin (two pairs: one game); a group still
    level meets again, pairing by pairing: every pairing of the tie with the fewest
    finished play-offs between them is proposed, as :func:`rank` counts whole rounds,
    leaving out any whose play-off is waiting to be played, so starting twice never
    doubles a game. Under ``pegs`` tie-breaking play-offs do not count: none is proposed.
    """
    if tiebreak != PLAYOFF:
        return []
    proposals = []
    for tie in ties:
        between = playoffs_between(tie.pairs, playoffs)
        finished = {key: sum(game.finished for game in games) for key, games in between.items()}
        waiting = tuple(
            key for key, games in between.items() if any(not game.finished for game in games)
        )
        fewest = min(finished.values())
        proposals.append(
            PlayoffProposal(
                tie=tie,
                games=tuple(k for k in between if finished[k] == fewest and k not in waiting),
                waiting=waiting,
                round=fewest + 1,
            )
        )
    return proposals
