-- Parlour's first schema: games and their seats, the replay log, results, ratings, settings.
CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    guild_id      INTEGER NOT NULL,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER,
    game          TEXT    NOT NULL,
    options       TEXT    NOT NULL DEFAULT '{}',
    seed          INTEGER NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('lobby', 'active', 'over', 'cancelled')),
    state         TEXT,
    version       INTEGER NOT NULL DEFAULT 0,
    daily         TEXT,
    turn_deadline TEXT,
    created_at    TEXT    NOT NULL,
    updated_at    TEXT    NOT NULL
);
CREATE INDEX games_by_status ON games (status);
CREATE INDEX games_by_channel ON games (channel_id, status);

CREATE TABLE seats (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat     INTEGER NOT NULL,
    user_id  INTEGER,
    ai       TEXT,
    name     TEXT    NOT NULL,
    accepted INTEGER NOT NULL DEFAULT 1,
    strikes  INTEGER NOT NULL DEFAULT 0,
    forfeit  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat),
    CHECK ((user_id IS NULL) <> (ai IS NULL))
);
CREATE INDEX seats_by_user ON seats (user_id);

CREATE TABLE actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,
    seat    INTEGER NOT NULL,
    text    TEXT    NOT NULL,
    by_ai   INTEGER NOT NULL DEFAULT 0,
    at      TEXT    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE TABLE results (
    game_id  INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    guild_id INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    seat     INTEGER NOT NULL,
    place    INTEGER NOT NULL,
    won      INTEGER NOT NULL,
    vs_ai    INTEGER NOT NULL DEFAULT 0,
    score    REAL,
    moves    INTEGER,
    seconds  REAL,
    at       TEXT    NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX results_by_user ON results (guild_id, user_id, game);

CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    user_id  INTEGER NOT NULL,
    mu       REAL    NOT NULL,
    sigma    REAL    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);

CREATE TABLE settings (
    guild_id INTEGER NOT NULL,
    key      TEXT    NOT NULL,
    value    TEXT    NOT NULL,
    PRIMARY KEY (guild_id, key)
);
