-- Each player's own figures for a finished game, as the engine reports them (for example
-- hints and undos in a one-player game), so records and boards need no game's state.
ALTER TABLE results ADD COLUMN stats TEXT NOT NULL DEFAULT '{}';
