"""Glicko-2 ratings (Mark Glickman, "Example of the Glicko-2 system", 2012), in pure Python.

A :class:`Rating` is a rating ``r``, a rating deviation ``rd`` (how uncertain ``r`` is) and a
volatility ``sigma`` (how erratic the results are). :func:`update` rates one player over one
rating period from its games against opponents of known ratings, with the paper's formulas
(steps 2 to 8), and its worked example gives the paper's numbers:

>>> player = Rating(1500, 200, 0.06)
>>> games = [(Rating(1400, 30), 1), (Rating(1550, 100), 0), (Rating(1700, 300), 0)]
>>> after = update(player, games, tau=0.5)
>>> round(after.mu, 4), round(after.phi, 4), round(after.sigma, 6)
(-0.2069, 0.8722, 0.059996)
>>> round(after.r, 2), round(after.rd, 2)
(1464.05, 151.52)

(The paper's mu' = -0.2069, phi' = 0.8722 and sigma' = 0.05999; it prints r' = 1464.06 from
the rounded mu', unrounded it is 1464.0507.)
A period without games only widens the deviation (step 6):

>>> round(update(player, []).rd, 2)
200.27

The puzzle trainer rates each try as a period of one game: the learner against the puzzle
(a win when solved without a miss), and the puzzle against the learner (:func:`play`).

>>> learner, puzzle = play(Rating(), Rating(1200, 250), solved=True)
>>> learner.r > 1500 > 1200 > puzzle.r
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["Rating", "update", "play", "expected", "SCALE", "TAU", "EPSILON"]

SCALE = 173.7178
"""Glicko-2's factor between the Glicko scale (ratings near 1500) and its own (step 2)."""

TAU = 0.5
"""The system constant: how much the volatility may change (the paper suggests 0.3-1.2)."""

EPSILON = 0.000001
"""The convergence tolerance of the volatility's iteration (step 5)."""


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating on the Glicko scale: ``r`` (1500 for a newcomer), ``rd`` (350 for a
    newcomer: very uncertain) and ``sigma`` (0.06)."""

    r: float = 1500.0
    rd: float = 350.0
    sigma: float = 0.06

    @property
    def mu(self) -> float:
        """The rating on the Glicko-2 scale (step 2)."""
        return (self.r - 1500) / SCALE

    @property
    def phi(self) -> float:
        """The deviation on the Glicko-2 scale (step 2)."""
        return self.rd / SCALE


def _g(phi: float) -> float:
    return 1 / math.sqrt(1 + 3 * phi * phi / (math.pi * math.pi))


def _e(mu: float, mu_j: float, phi_j: float) -> float:
    return 1 / (1 + math.exp(-_g(phi_j) * (mu - mu_j)))


def expected(player: Rating, opponent: Rating) -> float:
    """The player's expected score against the opponent (the paper's E).

    >>> round(expected(Rating(1500, 200), Rating(1400, 30)), 3)
    0.639
    """
    return _e(player.mu, opponent.mu, opponent.phi)


def _volatility(phi: float, sigma: float, v: float, delta: float, tau: float) -> float:
    """Step 5: the new volatility, by the Illinois algorithm as the paper gives it."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return (ex * (delta * delta - phi * phi - v - ex) / (2 * (phi * phi + v + ex) ** 2)
                - (x - a) / (tau * tau))

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2)


def update(player: Rating, games, tau: float = TAU) -> Rating:
    """The player's rating after one rating period: ``games`` are ``(opponent, score)``
    pairs (score 1 a win, 0.5 a draw, 0 a loss), the opponents' ratings as they were at the
    start of the period. Without games only the deviation grows.

    >>> update(Rating(), [(Rating(), 2)])
    Traceback (most recent call last):
    ...
    ValueError: a score is 0, 0.5 or 1, not 2
    """
    games = list(games)
    for _opponent, score in games:
        if score not in (0, 0.5, 1):
            raise ValueError(f"a score is 0, 0.5 or 1, not {score}")
    mu, phi, sigma = player.mu, player.phi, player.sigma
    if not games:  # step 6 only: phi* = sqrt(phi^2 + sigma^2)
        return Rating(player.r, math.sqrt(phi * phi + sigma * sigma) * SCALE, sigma)
    # Steps 3 and 4: the estimated variance v and the estimated improvement delta.
    total = 0.0
    improvement = 0.0
    for opponent, score in games:
        g = _g(opponent.phi)
        e = _e(mu, opponent.mu, opponent.phi)
        total += g * g * e * (1 - e)
        improvement += g * (score - e)
    v = 1 / total
    delta = v * improvement
    new_sigma = _volatility(phi, sigma, v, delta, tau)  # step 5
    phi_star = math.sqrt(phi * phi + new_sigma * new_sigma)  # step 6
    new_phi = 1 / math.sqrt(1 / (phi_star * phi_star) + 1 / v)  # step 7
    new_mu = mu + new_phi * new_phi * improvement
    return Rating(SCALE * new_mu + 1500, SCALE * new_phi, new_sigma)  # step 8


def play(learner: Rating, puzzle: Rating, solved: bool,
         tau: float = TAU) -> "tuple[Rating, Rating]":
    """One puzzle try as a rating period of one game for each side: the learner wins when
    the puzzle was ``solved`` (without a miss), the puzzle wins otherwise. Both are rated
    from the ratings before the try."""
    score = 1 if solved else 0
    return (update(learner, [(puzzle, score)], tau),
            update(puzzle, [(learner, 1 - score)], tau))
