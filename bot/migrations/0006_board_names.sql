-- Boards name each member by the display name they last played under in that server: the
-- bot has no members intent, and a member who left shows in Discord as an unknown user.
-- Noted whenever a game of theirs starts or its result is stored.
CREATE TABLE member_names (
    guild_id INTEGER NOT NULL,
    user_id  INTEGER NOT NULL,
    name     TEXT    NOT NULL,
    at       TEXT    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
-- Games played before this: each member's seat name in their latest game of the server.
INSERT INTO member_names (guild_id, user_id, name, at)
    SELECT guild_id, user_id, name, updated_at FROM (
        SELECT g.guild_id, s.user_id, s.name, g.updated_at,
               ROW_NUMBER() OVER (PARTITION BY g.guild_id, s.user_id ORDER BY g.updated_at DESC, g.id DESC) AS n
        FROM seats s JOIN games g ON g.id = s.game_id
        WHERE s.user_id IS NOT NULL AND s.name != ''
    ) WHERE n = 1;

-- Whether a result moved its member's rating, so a rating board's record counts the games
-- its rating counts (games against the AI are rated only where the server says so).
ALTER TABLE results ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
-- Results stored before this: a game for several with no AI seat was rated; one with an AI
-- seat was rated if the server rates AI games now (what it said then was not kept).
UPDATE results SET rated = 1
    WHERE (SELECT COUNT(*) FROM seats s WHERE s.game_id = results.game_id) > 1
      AND (vs_ai = 0 OR EXISTS (SELECT 1 FROM settings t WHERE t.guild_id = results.guild_id
                                   AND t.key = 'rate_ai' AND t.value = 'on'))
      AND EXISTS (SELECT 1 FROM ratings r WHERE r.guild_id = results.guild_id AND r.game = results.game
                     AND r.user_id = results.user_id);
