-- Accounts, optional: a guest plays by link without one. Written for SQLite and PostgreSQL.
CREATE TABLE accounts (
    -- 64 random bits, 16 hexadecimal digits.
    id TEXT PRIMARY KEY,
    -- The name as registered, and in lower case: unique whatever its letters' case. A
    -- deleted account keeps its name, so that nobody else takes it in its old games.
    name TEXT NOT NULL,
    name_key TEXT NOT NULL UNIQUE,
    -- argon2id in PHC form (its parameters and salt included); NULL once deleted.
    password TEXT,
    created_ms BIGINT NOT NULL,
    deleted_ms BIGINT,
    -- Wrong passwords since the last right one, and until when logging in is refused.
    failures BIGINT NOT NULL DEFAULT 0,
    locked_until_ms BIGINT NOT NULL DEFAULT 0
);

CREATE TABLE sessions (
    -- SHA-256 of the session's token, in hexadecimal: a stolen database holds no session.
    hash TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts (id),
    expires_ms BIGINT NOT NULL
);

CREATE INDEX sessions_account ON sessions (account_id);

-- The account playing each seat, for the seats of logged-in players.
ALTER TABLE games ADD COLUMN black_account TEXT REFERENCES accounts (id);
ALTER TABLE games ADD COLUMN white_account TEXT REFERENCES accounts (id);
