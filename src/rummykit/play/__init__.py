"""Playing: the bots, many-game simulation, the terminal game, the
conformance runner and the command line."""
