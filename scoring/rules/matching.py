"""The cheapest way to pair everyone: a minimum-cost perfect matching.

``cheapest_pairing(costs)`` pairs an even number of people so that the costs of the
pairs add up to the least possible; ``costs[i][j]`` is what pairing i with j costs (a
whole number, 0 or more), or ``None`` where the two may not be paired. It answers, for
each person, the index of their partner.

Why this method. Dealing the numbers so that the fewest pairs are pairs of old partners
is a matching problem on every player with every other, and partnerships are not
bipartite (anyone may sit with anyone), so the assignment algorithm does not apply, and
a greedy deal mended by swaps can stop short of the fewest repeats. Edmonds' blossom
method with his primal-dual weights (as set out by Z. Galil, "Efficient algorithms for
finding maximum matching in graphs", ACM Computing Surveys 18, 1986) is exact and runs
in O(n³) on a dense matrix: a club's 80 players are paired in a fraction of a second.

It is written here, on the standard library alone, as a maximum-weight matching: each
allowed pair weighs ``big - cost``, with ``big`` more than half the people times the
dearest cost, so that a matching one pair short can never outweigh a perfect one. All
arithmetic is on integers (Python's are unbounded), so no rounding can ever pick a deal
that is not the cheapest; the dual variables stay integers because every edge weight is
doubled against them, and the halves taken below are of even numbers (every vertex
labelled even in a stage is joined to an unmatched vertex by tight edges, and all
unmatched vertices' duals move together).

Vocabulary of the method: a *vertex* is a person (numbered from 1 inside, 0 meaning
none); a *blossom* is an odd cycle of vertices and smaller blossoms shrunk into one
*node* (numbered after the vertices); each node is labelled *even* (an outer node of
the alternating forest), *odd* (reached from an even node, its mate comes next) or not
at all; ``dual`` holds each node's dual variable, and an edge whose ``slack`` is 0 is
*tight* and may join the forest.
"""

from collections import deque

UNLABELLED, EVEN, ODD = -1, 0, 1


class NoPairing(ValueError):
    """No way to pair everyone with the pairs allowed (an odd count, or too few allowed)."""


def cheapest_pairing(costs: list[list[int | None]]) -> list[int]:
    """The partner of each person in a cheapest perfect matching of ``costs`` (a square,
    symmetric matrix; the diagonal is ignored). ``NoPairing`` when there is none."""
    size = len(costs)
    if size % 2:
        raise NoPairing("an odd number of people cannot all be paired")
    if size == 0:
        return []
    dearest = max((cost for row in costs for cost in row if cost is not None), default=0)
    big = (size // 2) * dearest + 1
    weights = [
        [0 if i == j or costs[i][j] is None else big - costs[i][j] for j in range(size)]
        for i in range(size)
    ]
    partner = _Matcher(weights).solve()
    if any(mate < 0 for mate in partner):
        raise NoPairing("the pairs allowed cannot pair everyone")
    return partner


class _Matcher:
    """One maximum-weight matching, found stage by stage: each stage grows an alternating
    forest from the unmatched vertices over tight edges, shrinking the odd cycles it
    meets into blossoms, and changes the duals until an augmenting path appears."""

    def __init__(self, weights: list[list[int]]):
        n = self.n = len(weights)
        nodes = 2 * n + 1
        self.last = n  # the highest node number in use (blossoms are made above n)
        # edge[x][y]: (u, v, w), the edge between vertex u in node x and v in node y that
        # stands for the two nodes; w 0: none.
        self.edge = [[(x, y, 0) for y in range(nodes)] for x in range(nodes)]
        for u in range(1, n + 1):
            row = weights[u - 1]
            self.edge[u][1:] = [(u, v, row[v - 1]) for v in range(1, n + 1)] + [
                (u, v, 0) for v in range(n + 1, nodes)
            ]
        heaviest = max((w for row in weights for w in row), default=0)
        self.dual = [0] + [heaviest] * n + [0] * n
        self.mate = [0] * nodes  # the vertex across a node's matched edge
        self.outer = list(range(n + 1)) + [0] * n  # the outermost blossom of each node
        self.reached_from = [0] * nodes  # an odd node's vertex that reached it
        self.label = [UNLABELLED] * nodes
        self.best = [0] * nodes  # the even-side vertex of a node's least-slack edge
        self.seen = [0] * nodes
        self.stamp = 0
        self.children: list[list[int]] = [[] for _ in range(nodes)]  # base child first
        # holder[b][v]: the child of blossom b that holds vertex v (v itself for a vertex)
        self.holder = [[0] * (n + 1) for _ in range(nodes)]
        for v in range(1, n + 1):
            self.holder[v][v] = v
        self.queue: deque[int] = deque()

    def solve(self) -> list[int]:
        while self._stage():
            pass
        return [self.mate[v] - 1 for v in range(1, self.n + 1)]

    # --- edges and slack ---------------------------------------------------------------

    def _slack(self, edge) -> int:
        u, v, w = edge
        return self.dual[u] + self.dual[v] - 2 * w

    def _offer(self, u: int, x: int) -> None:
        """Keep vertex u's edge to node x if it is x's least-slack edge so far."""
        best = self.best[x]
        if not best or self._slack(self.edge[u][x]) < self._slack(self.edge[best][x]):
            self.best[x] = u

    def _find_best(self, x: int) -> None:
        self.best[x] = 0
        for u in range(1, self.n + 1):
            if self.edge[u][x][2] > 0 and self.outer[u] != x and self.label[self.outer[u]] == EVEN:
                self._offer(u, x)

    # --- blossoms ------------------------------------------------------------------------

    def _enqueue(self, x: int) -> None:
        if x <= self.n:
            self.queue.append(x)
        else:
            for child in self.children[x]:
                self._enqueue(child)

    def _set_outer(self, x: int, blossom: int) -> None:
        self.outer[x] = blossom
        if x > self.n:
            for child in self.children[x]:
                self._set_outer(child, blossom)

    def _rotate_to(self, blossom: int, child: int) -> int:
        """The even position of ``child`` on the cycle, reversing the cycle after its base
        when it stands at an odd position (the path to the base then runs the other way)."""
        cycle = self.children[blossom]
        position = cycle.index(child)
        if position % 2:
            cycle[1:] = cycle[:0:-1]
            return len(cycle) - position
        return position

    def _match(self, x: int, y: int) -> None:
        """Match node x across its edge to node y, re-matching inside x if it is a blossom
        so that the vertex of that edge becomes its base."""
        u, v, _ = self.edge[x][y]
        self.mate[x] = v
        if x <= self.n:
            return
        entry = self.holder[x][u]
        position = self._rotate_to(x, entry)
        cycle = self.children[x]
        for i in range(position):
            self._match(cycle[i], cycle[i ^ 1])
        self._match(entry, y)
        self.children[x] = cycle[position:] + cycle[:position]

    def _augment(self, x: int, y: int) -> None:
        """Flip the matching along the tree path from node x (now matched to y) to its root."""
        while True:
            next_odd = self.outer[self.mate[x]]
            self._match(x, y)
            if not next_odd:
                return
            self._match(next_odd, self.outer[self.reached_from[next_odd]])
            x, y = self.outer[self.reached_from[next_odd]], next_odd

    def _common_ancestor(self, x: int, y: int) -> int:
        """The node where the tree paths of even nodes x and y meet; 0: different trees."""
        self.stamp += 1
        while x or y:
            if x:
                if self.seen[x] == self.stamp:
                    return x
                self.seen[x] = self.stamp
                x = self.outer[self.mate[x]]
                if x:
                    x = self.outer[self.reached_from[x]]
            x, y = y, x
        return 0

    def _new_blossom(self, x: int, base: int, y: int) -> None:
        """Shrink the odd cycle base → … → x — y → … → base into one even node."""
        n = self.n
        blossom = n + 1
        while blossom <= self.last and self.outer[blossom]:
            blossom += 1
        self.last = max(self.last, blossom)
        self.dual[blossom], self.label[blossom] = 0, EVEN
        self.mate[blossom] = self.mate[base]
        cycle = [base]
        for start in (x, y):
            node, path = start, []
            while node != base:
                odd = self.outer[self.mate[node]]
                path += [node, odd]
                self._enqueue(odd)
                node = self.outer[self.reached_from[odd]]
            cycle += path[::-1] if start == x else path
        self.children[blossom] = cycle
        self._set_outer(blossom, blossom)
        row, column = self.edge[blossom], [self.edge[z] for z in range(self.last + 1)]
        for z in range(1, self.last + 1):
            row[z] = (0, 0, 0)
            column[z][blossom] = (0, 0, 0)
        holder = self.holder[blossom] = [0] * (n + 1)
        for child in cycle:
            for z in range(1, self.last + 1):
                candidate = self.edge[child][z]
                if candidate[2] and (not row[z][2] or self._slack(candidate) < self._slack(row[z])):
                    row[z] = candidate
                    column[z][blossom] = self.edge[z][child]
            for v, held in enumerate(self.holder[child]):
                if held:
                    holder[v] = child
        self._find_best(blossom)

    def _expand(self, blossom: int) -> None:
        """Open an odd blossom whose dual has reached 0: the path of its cycle from the
        child it was reached through to its base stays in the tree, the rest is freed."""
        for child in self.children[blossom]:
            self._set_outer(child, child)
        entered = self.holder[blossom][self.edge[blossom][self.reached_from[blossom]][0]]
        position = self._rotate_to(blossom, entered)
        cycle = self.children[blossom]
        for i in range(0, position, 2):
            odd, even = cycle[i], cycle[i + 1]
            self.reached_from[odd] = self.edge[even][odd][0]
            self.label[odd], self.label[even] = ODD, EVEN
            self.best[odd] = 0
            self._find_best(even)
            self._enqueue(even)
        self.label[entered] = ODD
        self.reached_from[entered] = self.reached_from[blossom]
        for child in cycle[position + 1 :]:
            self.label[child] = UNLABELLED
            self._find_best(child)
        self.outer[blossom] = 0

    # --- a stage -------------------------------------------------------------------------

    def _tight(self, edge) -> bool:
        """Grow the forest over a tight edge from an even node; True once it augments."""
        x, y = self.outer[edge[0]], self.outer[edge[1]]
        if self.label[y] == UNLABELLED:
            self.reached_from[y] = edge[0]
            self.label[y] = ODD
            mate = self.outer[self.mate[y]]
            self.best[y] = self.best[mate] = 0
            self.label[mate] = EVEN
            self._enqueue(mate)
        elif self.label[y] == EVEN:
            base = self._common_ancestor(x, y)
            if not base:
                self._augment(x, y)
                self._augment(y, x)
                return True
            self._new_blossom(x, base, y)
        return False

    def _stage(self) -> bool:
        """One augmentation; False when none adds weight (the matching is maximum)."""
        if not self._plant_roots():
            return False
        while True:
            while self.queue:
                if self._scan(self.queue.popleft()):
                    return True
            step = self._dual_step()
            if step is None:
                return False
            self._change_duals(step)
            if self._grow_after_step():
                return True
            self._expand_spent_blossoms()

    def _plant_roots(self) -> bool:
        """A fresh forest: every unmatched node an even root; False when there is none."""
        self.label = [UNLABELLED] * len(self.label)
        self.best = [0] * len(self.best)
        self.queue.clear()
        for x in range(1, self.last + 1):
            if self.outer[x] == x and not self.mate[x]:
                self.reached_from[x] = 0
                self.label[x] = EVEN
                self._enqueue(x)
        return bool(self.queue)

    def _expand_spent_blossoms(self) -> None:
        for blossom in range(self.n + 1, self.last + 1):
            if (
                self.outer[blossom] == blossom
                and self.label[blossom] == ODD
                and self.dual[blossom] == 0
            ):
                self._expand(blossom)

    def _scan(self, u: int) -> bool:
        """Every edge from even vertex u: the tight ones grow the forest (True once one
        augments), the others are offered as least-slack edges. The loop most of the time
        goes into, so it reads the slack inline."""
        outer, dual, best, edge = self.outer, self.dual, self.best, self.edge
        home = outer[u]
        if self.label[home] == ODD:
            return False
        row, own = edge[u], dual[u]
        for v in range(1, self.n + 1):
            there = outer[v]
            _, _, weight = row[v]
            if weight <= 0 or there == home:
                continue
            slack = own + dual[v] - 2 * weight
            if slack == 0:
                if self._tight(row[v]):
                    return True
                home = outer[u]  # a blossom may have been made around u
            else:  # u's edge to the node holding v may reach another of its vertices
                if there != v:
                    _, far, weight = row[there]
                    slack = own + dual[far] - 2 * weight
                held = best[there]
                if not held:
                    best[there] = u
                else:
                    _, far, held_weight = edge[held][there]
                    if slack < dual[held] + dual[far] - 2 * held_weight:
                        best[there] = u
        return False

    def _dual_step(self) -> int | None:
        """The most the duals can move before an edge turns tight or an odd blossom's dual
        reaches 0; ``None`` when an even vertex's dual would reach 0 first (no further
        augmentation adds weight)."""
        n, step = self.n, None
        for blossom in range(n + 1, self.last + 1):
            if self.outer[blossom] == blossom and self.label[blossom] == ODD:
                step = _least(step, self.dual[blossom] // 2)
        for x in range(1, self.last + 1):
            if self.outer[x] == x and self.best[x]:
                slack = self._slack(self.edge[self.best[x]][x])
                if self.label[x] == UNLABELLED:
                    step = _least(step, slack)
                elif self.label[x] == EVEN:
                    step = _least(step, slack // 2)
        for u in range(1, n + 1):
            if self.label[self.outer[u]] == EVEN and (step is None or self.dual[u] <= step):
                return None
        return step

    def _change_duals(self, step: int) -> None:
        n = self.n
        for u in range(1, n + 1):
            label = self.label[self.outer[u]]
            if label == EVEN:
                self.dual[u] -= step
            elif label == ODD:
                self.dual[u] += step
        for blossom in range(n + 1, self.last + 1):
            if self.outer[blossom] == blossom:
                if self.label[blossom] == EVEN:
                    self.dual[blossom] += 2 * step
                elif self.label[blossom] == ODD:
                    self.dual[blossom] -= 2 * step

    def _grow_after_step(self) -> bool:
        """Follow the edges the step made tight; True once one augments."""
        self.queue.clear()
        for x in range(1, self.last + 1):
            best = self.best[x]
            if (
                self.outer[x] == x
                and best
                and self.outer[best] != x
                and self._slack(self.edge[best][x]) == 0
                and self._tight(self.edge[best][x])
            ):
                return True
        return False


def _least(step: int | None, candidate: int) -> int:
    return candidate if step is None else min(step, candidate)
