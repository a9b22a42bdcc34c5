"""How the rules core's records compare when one field only says another again.

The records are ``typing.NamedTuple`` classes (or, where the standings count into them,
small classes with ``__slots__``), not dataclasses: ``python3 -m scoring.rules score``
loads the rules core in a fresh process for every night it scores, and loading the
``dataclasses`` module (it loads ``inspect``) and writing each dataclass's methods at
import was three fifths of that. A record compares field by field, as a tuple, unless
it says otherwise with ``compared_on``: a problem is the same problem whatever language
its words will be said in.
"""

from operator import attrgetter


def compared_on(*names: str):
    """``(__eq__, __ne__, __hash__)`` for a record compared on its fields ``names`` alone,
    and only with a record of its own class."""
    key = attrgetter(*names)

    def __eq__(self, other) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return key(self) == key(other)

    def __ne__(self, other) -> bool:
        same = __eq__(self, other)
        return same if same is NotImplemented else not same

    def __hash__(self) -> int:
        return hash(key(self))

    return __eq__, __ne__, __hash__
