"""An evaluation learned from games: positions labelled with how their game ended, and weights fitted to them.

The hand-written evaluation of lesson 04 guesses what a position is worth. Here the games decide:

1. :mod:`~lessons_lib.learning.positions` plays seeded games between the existing agents and keeps
   their quiet positions (no capture to make), each labelled with the game's result for player 0:
   1 a win, 0.5 a draw, 0 a loss. That is the *training set*.
2. :mod:`~lessons_lib.learning.fitting` fits a logistic model of the result: the chance that player 0
   wins is ``1 / (1 + exp(−w·f))``, where ``f`` are the game's features (its ``ENGINE.features``) and
   ``w`` the weights, by maximum likelihood with a small penalty on large weights (Texel tuning).
3. :mod:`~lessons_lib.learning.weights` writes the weights as data the package ships
   (``lessons_lib/games/<game>/data/learned_weights.json``), which the game's learned evaluation reads.

``python -m lessons_lib.learning GAME`` does all three (see ``--help``). It knows the games only
through :data:`lessons_lib.games.GAMES` and the game interface.
"""

from __future__ import annotations

from lessons_lib.learning.fitting import Fit, fit_logistic, log_loss, predicted_scores
from lessons_lib.learning.positions import TrainingSet, training_set
from lessons_lib.learning.weights import LearnedWeights, load_weights, weights_file

__all__ = ["Fit", "LearnedWeights", "TrainingSet", "fit_logistic", "load_weights", "log_loss", "predicted_scores",
           "training_set", "weights_file"]
