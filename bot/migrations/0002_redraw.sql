-- A table message that still shows an older position than its game: set with every stored
-- move, cleared once the message shows that version, so a restart redraws what a failed
-- edit left behind.
ALTER TABLE games ADD COLUMN redraw INTEGER NOT NULL DEFAULT 0;
