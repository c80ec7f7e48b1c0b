"""A throwaway game that lives only in the tests: it proves a game is an engine, a
renderer and a rules page, reached through the registry with no edit elsewhere."""
