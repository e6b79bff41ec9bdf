-- The lobby (open challenges, quick pairing's seekers) and the ratings. For SQLite and
-- PostgreSQL: TEXT, BIGINT and DOUBLE PRECISION (SQLite reads it as REAL).

-- An open challenge, or a seeker in a pool of quick pairing (`pool` set): anyone logged in
-- may accept a challenge; the server pairs seekers. It lasts while its creator is connected:
-- the instance holding the connection moves `expires_ms` on every 20 s, so a challenge of an
-- instance that died goes after a minute.
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    name TEXT NOT NULL,
    setup TEXT NOT NULL,
    time_control TEXT NOT NULL,
    -- `black`, `white` or `random`: the creator's seat.
    seat TEXT NOT NULL,
    rated BIGINT NOT NULL,
    -- The quick pairing pool, or NULL for a challenge.
    pool TEXT,
    -- The creator's rating and deviation in the class when it was made (for the list and
    -- the pairing; 1500 and 350 for an unrated game's class-less set-up).
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    -- SHA-256 of the token the creator got: its seat once the game starts.
    token_hash TEXT NOT NULL,
    created_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);

CREATE INDEX challenges_pool ON challenges (pool, expires_ms);

-- Whether a game is rated, and whether its ratings were updated (once, in the transaction
-- of the record that finished it).
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rated_done BIGINT NOT NULL DEFAULT 0;

-- A player's Glicko-2 rating in a class (`othello`, `go9`, `go13`, `go19`).
CREATE TABLE ratings (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    class TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    wins BIGINT NOT NULL,
    losses BIGINT NOT NULL,
    draws BIGINT NOT NULL,
    PRIMARY KEY (account_id, class)
);

-- Each rated game's change, for the profile's graph.
CREATE TABLE rating_history (
    account_id TEXT NOT NULL REFERENCES accounts (id),
    class TEXT NOT NULL,
    game_id TEXT NOT NULL REFERENCES games (id),
    at_ms BIGINT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (account_id, game_id)
);

CREATE INDEX rating_history_account ON rating_history (account_id, class, at_ms);
CREATE INDEX games_black_account ON games (black_account);
CREATE INDEX games_white_account ON games (white_account);
