-- Ishi's online games: a game is its records, replayed through the referee (ishi-online).
-- Written for both SQLite and PostgreSQL: TEXT and BIGINT only.
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    setup TEXT NOT NULL,
    time_control TEXT NOT NULL,
    -- SHA-256 of each seat's token, in hexadecimal; NULL while the seat is free.
    black_token TEXT,
    white_token TEXT,
    created_ms BIGINT NOT NULL,
    -- 1 when a player can run out of time: such games get a timer when the server starts.
    clocked BIGINT NOT NULL,
    finished BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE records (
    game_id TEXT NOT NULL REFERENCES games (id),
    seq BIGINT NOT NULL,
    body TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);

CREATE INDEX games_running ON games (finished, clocked);
