-- A game's chat (the players' and the watchers', apart) and the rematch offers of finished
-- games. For SQLite and PostgreSQL.
CREATE TABLE chat (
    id TEXT PRIMARY KEY,
    game_id TEXT NOT NULL REFERENCES games (id),
    -- 1 the players' chat, 0 the watchers'.
    players BIGINT NOT NULL,
    -- `black` or `white` in the players' chat.
    seat TEXT,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at_ms BIGINT NOT NULL
);

CREATE INDEX chat_game ON chat (game_id, players, at_ms);

-- A seat's offer of a rematch: the hash of the token its new seat will take.
CREATE TABLE rematches (
    game_id TEXT PRIMARY KEY REFERENCES games (id),
    seat TEXT NOT NULL,
    token_hash TEXT NOT NULL,
    created_ms BIGINT NOT NULL
);

-- The game a finished game's rematch started, once both seats offered.
ALTER TABLE games ADD COLUMN rematch_id TEXT;
