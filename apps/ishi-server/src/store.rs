//! Where games are kept: SQLite (a file, the default) or PostgreSQL (several server instances
//! sharing the games), through one API. A game is its row (set-up, clock, hashed seat tokens)
//! and its records in order; a record's number is part of its key, so two writers of the same
//! record number cannot both commit (the second learns it is behind and catches up).

mod accounts;
mod lobby;
mod social;

use std::str::FromStr;

use ishi_online::protocol::{GameId, Token, hex};
use ishi_online::rated::RatingClass;
use ishi_online::{GameSetup, Record, TimeControl};
use ishi_rules::{ByColor, Player};
use sha2::{Digest, Sha256};
use sqlx::any::{AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Executor, Row};

pub use accounts::StoredAccount;
pub use lobby::{LOBBY_CHANNEL, Start, StoredChallenge, StoredRating};
pub use social::Rematch;

/// The channel PostgreSQL instances tell each other about new records on.
pub const CHANNEL: &str = "ishi_records";

/// Which database is behind the store.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Backend {
    /// A SQLite file.
    Sqlite,
    /// A PostgreSQL server.
    Postgres,
}

/// The store: a pool of connections.
///
/// **Transactions write first.** On SQLite a transaction that reads and then writes may find
/// that another writer committed since its read began, and fail (`SQLITE_BUSY_SNAPSHOT`,
/// which no waiting cures); so every transaction here begins with its write (a `DELETE …
/// RETURNING` where it must read what it takes), which makes it wait for the write lock
/// (`busy_timeout`) instead.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    url: String,
}

/// A stored game.
#[derive(Debug)]
pub struct StoredGame {
    /// The board and rules.
    pub setup: GameSetup,
    /// The clock.
    pub time: TimeControl,
    /// The hashes of the seats' tokens.
    pub seats: ByColor<Option<String>>,
    /// The records, in order.
    pub records: Vec<Record>,
}

/// Whether a record was stored.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Appended {
    /// Committed.
    Done,
    /// Another writer stored a record with that number first: catch up and try again.
    Behind,
}

/// A store failure: the database, or a stored text this server cannot read.
#[derive(Debug)]
pub enum StoreError {
    /// The database refused or is unreachable.
    Database(sqlx::Error),
    /// A stored value does not read (a damaged row, or one from a newer server).
    Damaged(String),
}

impl std::fmt::Display for StoreError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StoreError::Database(e) => write!(f, "database: {e}"),
            StoreError::Damaged(what) => write!(f, "stored data does not read: {what}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> StoreError {
        StoreError::Database(e)
    }
}

impl From<sqlx::migrate::MigrateError> for StoreError {
    fn from(e: sqlx::migrate::MigrateError) -> StoreError {
        StoreError::Database(sqlx::Error::Migrate(Box::new(e)))
    }
}

/// The hash a token is kept as.
pub fn token_hash(token: &Token) -> String {
    hex(&Sha256::digest(token.as_str().as_bytes()))
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("the protocol's types always serialize")
}

fn read<T: serde::de::DeserializeOwned>(text: &str, what: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Damaged(format!("{what}: {e}")))
}

fn seat_column(seat: Player) -> &'static str {
    match seat {
        Player::Black => "black_token",
        Player::White => "white_token",
    }
}

impl Store {
    /// Connects to `url` (`sqlite://PATH` or `postgres://…`), creating a SQLite file if
    /// needed, and brings the schema up to date.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the database cannot be reached or migrated.
    pub async fn connect(url: &str) -> Result<Store, StoreError> {
        install_default_drivers();
        let backend = if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            Backend::Sqlite
        };
        let options = AnyPoolOptions::new().max_connections(match backend {
            Backend::Sqlite => 4,
            Backend::Postgres => 16,
        });
        let options = if backend == Backend::Sqlite {
            // WAL: readers do not wait for the writer. NORMAL: a commit survives the
            // server being killed (not a power cut), without an fsync per move. A writer
            // waits up to 5 s for another's commit instead of failing at once.
            options.after_connect(|conn, _| {
                Box::pin(async move {
                    conn.execute(
                        "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; \
                         PRAGMA busy_timeout = 5000",
                    )
                    .await
                    .map(|_| ())
                })
            })
        } else {
            options
        };
        let url = match backend {
            Backend::Sqlite if !url.contains('?') => format!("{url}?mode=rwc"),
            _ => url.to_owned(),
        };
        let pool = options.connect(&url).await?;
        if backend == Backend::Sqlite {
            pool.execute("PRAGMA journal_mode = WAL").await?;
        }
        sqlx::migrate!("./migrations").run(&pool).await?;
        Ok(Store { pool, backend, url })
    }

    /// Which database this is.
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The URL it was opened with.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Stores a new game with its first record (the creator's seat).
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn create(
        &self,
        id: &GameId,
        setup: &GameSetup,
        time: TimeControl,
        seat: Player,
        token: &Token,
        first: &Record,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let sql = format!(
            "INSERT INTO games (id, setup, time_control, {}, created_ms, clocked) \
             VALUES ($1, $2, $3, $4, $5, $6)",
            seat_column(seat)
        );
        sqlx::query(&sql)
            .bind(id.as_str())
            .bind(json(setup))
            .bind(json(&time))
            .bind(token_hash(token))
            .bind(first.at_ms)
            .bind(i64::from(time.has_clock()))
            .execute(&mut *tx)
            .await?;
        self.insert_record(&mut tx, id, 0, first).await?;
        tx.commit().await?;
        Ok(())
    }

    /// Gives the free `seat` to `token` with its record (number `seq`), if it is still free.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn claim(
        &self,
        id: &GameId,
        seat: Player,
        token: &Token,
        seq: i64,
        record: &Record,
    ) -> Result<Appended, StoreError> {
        let mut tx = self.pool.begin().await?;
        let sql = format!(
            "UPDATE games SET {0} = $1 WHERE id = $2 AND {0} IS NULL",
            seat_column(seat)
        );
        let claimed = sqlx::query(&sql)
            .bind(token_hash(token))
            .bind(id.as_str())
            .execute(&mut *tx)
            .await?;
        if claimed.rows_affected() != 1 {
            return Ok(Appended::Behind);
        }
        match self.insert_record(&mut tx, id, seq, record).await {
            Err(e) if is_conflict(&e) => return Ok(Appended::Behind),
            other => other?,
        }
        tx.commit().await?;
        Ok(Appended::Done)
    }

    /// Stores `record` as number `seq` of the game; `finished` marks the game over, with
    /// what it gives the players' ratings if it counts (a rated game's ratings are updated
    /// in the same transaction: `store/lobby.rs`).
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn append(
        &self,
        id: &GameId,
        seq: i64,
        record: &Record,
        finished: Option<Option<(RatingClass, ByColor<f64>)>>,
    ) -> Result<Appended, StoreError> {
        let mut tx = self.pool.begin().await?;
        match self.insert_record(&mut tx, id, seq, record).await {
            Err(e) if is_conflict(&e) => return Ok(Appended::Behind),
            other => other?,
        }
        if let Some(scores) = finished {
            sqlx::query("UPDATE games SET finished = 1 WHERE id = $1")
                .bind(id.as_str())
                .execute(&mut *tx)
                .await?;
            if let Some((class, scores)) = scores {
                Store::rate(&mut tx, id, class, scores, record.at_ms).await?;
            }
        }
        tx.commit().await?;
        Ok(Appended::Done)
    }

    async fn insert_record(
        &self,
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        id: &GameId,
        seq: i64,
        record: &Record,
    ) -> Result<(), sqlx::Error> {
        sqlx::query("INSERT INTO records (game_id, seq, body) VALUES ($1, $2, $3)")
            .bind(id.as_str())
            .bind(seq)
            .bind(json(record))
            .execute(&mut **tx)
            .await?;
        if self.backend == Backend::Postgres {
            // Delivered to the other instances when the transaction commits.
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(CHANNEL)
                .bind(format!("{id}:{seq}"))
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    }

    /// The game, or `None` when there is no such game.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be read.
    pub async fn load(&self, id: &GameId) -> Result<Option<StoredGame>, StoreError> {
        let Some(row) = sqlx::query(
            "SELECT setup, time_control, black_token, white_token FROM games WHERE id = $1",
        )
        .bind(id.as_str())
        .fetch_optional(&self.pool)
        .await?
        else {
            return Ok(None);
        };
        let setup = read(row.try_get::<String, _>(0)?.as_str(), "set-up")?;
        let time = read(row.try_get::<String, _>(1)?.as_str(), "clock")?;
        let seats = ByColor::new(row.try_get(2)?, row.try_get(3)?);
        let records = self.records_from(id, 0).await?;
        Ok(Some(StoredGame {
            setup,
            time,
            seats,
            records,
        }))
    }

    /// The game's records from number `seq` on.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when they could not be read.
    pub async fn records_from(&self, id: &GameId, seq: i64) -> Result<Vec<Record>, StoreError> {
        let rows =
            sqlx::query("SELECT body FROM records WHERE game_id = $1 AND seq >= $2 ORDER BY seq")
                .bind(id.as_str())
                .bind(seq)
                .fetch_all(&self.pool)
                .await?;
        rows.iter()
            .map(|row| read(row.try_get::<String, _>(0)?.as_str(), "record"))
            .collect()
    }

    /// The games still going whose players can run out of time: they get timers at start.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when they could not be read.
    pub async fn running_clocked(&self) -> Result<Vec<GameId>, StoreError> {
        let rows = sqlx::query("SELECT id FROM games WHERE finished = 0 AND clocked = 1")
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|row| game_id(row, 0)).collect()
    }
}

/// The game id in column `column` of `row`.
fn game_id(row: &sqlx::any::AnyRow, column: usize) -> Result<GameId, StoreError> {
    let id: String = row.try_get(column)?;
    GameId::try_from(id.clone()).map_err(|_| StoreError::Damaged(id))
}

fn is_conflict(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(db) if db.is_unique_violation())
}

/// Reads `id:seq` as a notification's payload says it.
pub fn parse_notice(payload: &str) -> Option<(GameId, i64)> {
    let (id, seq) = payload.split_once(':')?;
    Some((
        GameId::try_from(id.to_owned()).ok()?,
        i64::from_str(seq).ok()?,
    ))
}
