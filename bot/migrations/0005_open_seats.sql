-- Open seats: a lobby seat that any member of the channel may take (neither a member nor
-- an AI yet, and so never accepted). SQLite cannot change a CHECK, so the table is rebuilt.
CREATE TABLE seats_new (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  INTEGER,
    ai       TEXT,
    name     TEXT    NOT NULL,
    accepted INTEGER NOT NULL DEFAULT 1,
    strikes  INTEGER NOT NULL DEFAULT 0,
    forfeit  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat),
    CHECK (user_id IS NULL OR ai IS NULL),
    CHECK (user_id IS NOT NULL OR ai IS NOT NULL OR accepted = 0)
);
INSERT INTO seats_new (game_id, seat, user_id, ai, name, accepted, strikes, forfeit)
    SELECT game_id, seat, user_id, ai, name, accepted, strikes, forfeit FROM seats;
DROP TABLE seats;
ALTER TABLE seats_new RENAME TO seats;
CREATE INDEX seats_by_user ON seats (user_id);
