-- A game's running net per member (Bourré's chips), rewritten with every stored move in
-- the same transaction, so a server's totals never lose or double-count a hand.
CREATE TABLE ledger (
    game_id  INTEGER NOT NULL REFERENCES games (id),
    user_id  INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    game     TEXT    NOT NULL,
    net      INTEGER NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX ledger_by_game ON ledger (guild_id, game);
