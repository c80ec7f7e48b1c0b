-- The words of a game's last picture (its result or call-off, and the log lines above it),
-- stored with the ending so that an ending drawn after a restart reads as the live one would.
ALTER TABLE games ADD COLUMN ending TEXT;
