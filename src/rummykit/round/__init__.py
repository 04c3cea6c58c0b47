"""One round: its state, the deal, the engine that applies moves, the
knock variants' phases, the legal-move listing, the seats' views, round
scoring and matches of rounds."""
