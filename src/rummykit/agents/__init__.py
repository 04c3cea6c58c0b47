"""Rummykit for bot and AI authors (docs/agents.md): every variant as a
fixed discrete action space and a seat's observation vector, played as a
PettingZoo environment (:mod:`rummykit.agents.env`, the ``rl`` extra) or as
an OpenSpiel game (:mod:`rummykit.agents.openspiel_game`, the ``bench``
extra). The modules here need numpy; only ``env`` imports PettingZoo and
Gymnasium, and only ``openspiel_game`` imports OpenSpiel."""
