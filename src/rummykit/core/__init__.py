"""The game's plain values: cards, moves, melds, card values, the round's
values, errors and their translations, and safe file reading."""
