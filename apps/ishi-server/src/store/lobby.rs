//! The lobby's rows (challenges and the seekers of quick pairing), the start of a game from
//! them, and the ratings: read, and updated in the transaction of the record that finishes a
//! rated game, so that a rated game changes its players' ratings exactly once whatever
//! happens to the server (the record and the update commit together or not at all, and only
//! one writer commits a game's last record).

use ishi_online::protocol::{GameId, Token};
use ishi_online::rated::RatingClass;
use ishi_online::{Act, GameSetup, Record, SeatChoice, TimeControl};
use ishi_rating::{Outcome, Rating, Settings};
use ishi_rules::{ByColor, Player};
use sqlx::Row;

use super::{Backend, Store, StoreError, game_id, json, read, token_hash};

/// The channel the instances tell each other of the lobby's changes on (PostgreSQL).
pub const LOBBY_CHANNEL: &str = "ishi_lobby";

/// A challenge or seeker as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct StoredChallenge {
    /// Its id.
    pub id: GameId,
    /// The creator's account.
    pub account: String,
    /// The creator's name.
    pub name: String,
    /// The board and rules.
    pub setup: GameSetup,
    /// The clock.
    pub time: TimeControl,
    /// The creator's seat.
    pub seat: SeatChoice,
    /// Whether the game is rated.
    pub rated: bool,
    /// The pool, for a seeker (its name, `Pool`'s on the wire).
    pub pool: Option<String>,
    /// The creator's rating when it was made.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// When it was made (ms).
    pub created_ms: i64,
}

/// A player's rating in a class, with the counts of rated games (a new player's by
/// default).
#[derive(Copy, Clone, Debug, PartialEq, Default)]
pub struct StoredRating {
    /// The rating.
    pub rating: Rating,
    /// Rated games, won, lost and drawn.
    pub games: i64,
    /// Won.
    pub wins: i64,
    /// Lost.
    pub losses: i64,
    /// Drawn.
    pub draws: i64,
}

/// A game started from the lobby: its id, and each seat's player (account, name, token hash).
pub struct Start<'a> {
    /// The new game's id.
    pub game: &'a GameId,
    /// The board, rules and clock.
    pub setup: &'a GameSetup,
    /// The clock.
    pub time: TimeControl,
    /// Whether it is rated.
    pub rated: bool,
    /// Each seat's account (none for a guest's), name and token hash.
    pub seats: ByColor<(Option<&'a str>, &'a str, &'a str)>,
    /// When (ms).
    pub at_ms: i64,
}

fn seat_name(seat: SeatChoice) -> &'static str {
    match seat {
        SeatChoice::Black => "black",
        SeatChoice::White => "white",
        SeatChoice::Random => "random",
    }
}

fn seat_of(name: &str) -> Result<SeatChoice, StoreError> {
    match name {
        "black" => Ok(SeatChoice::Black),
        "white" => Ok(SeatChoice::White),
        "random" => Ok(SeatChoice::Random),
        other => Err(StoreError::Damaged(format!("seat {other}"))),
    }
}

const CHALLENGE_COLUMNS: &str =
    "id, account_id, name, setup, time_control, seat, rated, pool, rating, deviation, created_ms";

fn challenge_of(row: &sqlx::any::AnyRow) -> Result<StoredChallenge, StoreError> {
    Ok(StoredChallenge {
        id: game_id(row, 0)?,
        account: row.try_get(1)?,
        name: row.try_get(2)?,
        setup: read(row.try_get::<String, _>(3)?.as_str(), "set-up")?,
        time: read(row.try_get::<String, _>(4)?.as_str(), "clock")?,
        seat: seat_of(row.try_get::<String, _>(5)?.as_str())?,
        rated: row.try_get::<i64, _>(6)? != 0,
        pool: row.try_get(7)?,
        rating: row.try_get(8)?,
        deviation: row.try_get(9)?,
        created_ms: row.try_get(10)?,
    })
}

fn rating_of(row: &sqlx::any::AnyRow) -> Result<StoredRating, StoreError> {
    let rating = Rating::new(row.try_get(0)?, row.try_get(1)?, row.try_get(2)?)
        .map_err(|e| StoreError::Damaged(format!("rating: {e}")))?;
    Ok(StoredRating {
        rating,
        games: row.try_get(3)?,
        wins: row.try_get(4)?,
        losses: row.try_get(5)?,
        draws: row.try_get(6)?,
    })
}

impl Store {
    /// Tells the other instances that the lobby changed (`payload`), with the transaction's
    /// commit; nothing on SQLite (one instance).
    pub(super) async fn notify_lobby(
        &self,
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        payload: &str,
    ) -> Result<(), sqlx::Error> {
        if self.backend == Backend::Postgres {
            sqlx::query("SELECT pg_notify($1, $2)")
                .bind(LOBBY_CHANNEL)
                .bind(payload)
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    }

    /// Stores a challenge (or a seeker, with its pool) with its creator's token.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn create_challenge(
        &self,
        challenge: &StoredChallenge,
        token: &Token,
        expires_ms: i64,
    ) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO challenges (id, account_id, name, setup, time_control, seat, rated, \
             pool, rating, deviation, token_hash, created_ms, expires_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
        )
        .bind(challenge.id.as_str())
        .bind(&challenge.account)
        .bind(&challenge.name)
        .bind(json(&challenge.setup))
        .bind(json(&challenge.time))
        .bind(seat_name(challenge.seat))
        .bind(i64::from(challenge.rated))
        .bind(challenge.pool.clone())
        .bind(challenge.rating)
        .bind(challenge.deviation)
        .bind(token_hash(token))
        .bind(challenge.created_ms)
        .bind(expires_ms)
        .execute(&mut *tx)
        .await?;
        self.notify_lobby(&mut tx, "changed").await?;
        tx.commit().await?;
        Ok(())
    }

    /// Removes the challenges `ids` of `account` (withdrawn, or their creator left); whether
    /// any was there.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn cancel_challenge(&self, id: &GameId, account: &str) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        let done = sqlx::query("DELETE FROM challenges WHERE id = $1 AND account_id = $2")
            .bind(id.as_str())
            .bind(account)
            .execute(&mut *tx)
            .await?;
        self.notify_lobby(&mut tx, "changed").await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// Moves the expiry of the challenges `ids` (their creators are still connected).
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn touch_challenges(
        &self,
        ids: &[GameId],
        expires_ms: i64,
    ) -> Result<(), StoreError> {
        for id in ids {
            sqlx::query("UPDATE challenges SET expires_ms = $1 WHERE id = $2")
                .bind(expires_ms)
                .bind(id.as_str())
                .execute(&self.pool)
                .await?;
        }
        Ok(())
    }

    /// The open challenges (`pool` `None`) or a pool's seekers, the oldest first; those
    /// expired are removed.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when they could not be read.
    pub async fn challenges(
        &self,
        pool: Option<&str>,
        now_ms: i64,
    ) -> Result<Vec<StoredChallenge>, StoreError> {
        sqlx::query("DELETE FROM challenges WHERE expires_ms <= $1")
            .bind(now_ms)
            .execute(&self.pool)
            .await?;
        let rows = match pool {
            None => {
                let sql = format!(
                    "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE pool IS NULL \
                     ORDER BY created_ms, id"
                );
                sqlx::query(&sql).fetch_all(&self.pool).await?
            }
            Some(pool) => {
                let sql = format!(
                    "SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE pool = $1 \
                     ORDER BY created_ms, id"
                );
                sqlx::query(&sql).bind(pool).fetch_all(&self.pool).await?
            }
        };
        rows.iter().map(challenge_of).collect()
    }

    /// The challenge `id`, if it is open.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be read.
    pub async fn challenge(&self, id: &GameId) -> Result<Option<StoredChallenge>, StoreError> {
        let sql = format!("SELECT {CHALLENGE_COLUMNS} FROM challenges WHERE id = $1");
        let row = sqlx::query(&sql)
            .bind(id.as_str())
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(challenge_of).transpose()
    }

    /// Removes challenge `id`: its creator's token hash, if it was open.
    async fn take_challenge(
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        id: &GameId,
    ) -> Result<Option<String>, sqlx::Error> {
        let row = sqlx::query("DELETE FROM challenges WHERE id = $1 RETURNING token_hash")
            .bind(id.as_str())
            .fetch_optional(&mut **tx)
            .await?;
        row.map(|row| row.try_get(0)).transpose()
    }

    /// Starts a game from the open challenges `taken` (one accepted, or two seekers paired):
    /// in one transaction they are removed (all of them still open, or nothing happens) and
    /// the game is stored with both seats taken. `start.seats` names the players; a seat's
    /// token hash that is empty is the challenge's own (its creator's). `false` when a
    /// challenge was gone.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn start_game(
        &self,
        taken: &[&GameId],
        start: &Start<'_>,
        notice: &str,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool.begin().await?;
        // Taken in the order of their ids: two instances starting games from the same two
        // seekers lock them in the same order, so one waits for the other instead of both
        // deadlocking (as they did on PostgreSQL when each took its first one first).
        let mut order = taken.to_vec();
        order.sort();
        let mut by_id = Vec::new();
        for id in order {
            let Some(hash) = Store::take_challenge(&mut tx, id).await? else {
                return Ok(false);
            };
            by_id.push((id, hash));
        }
        let hashes = taken.iter().filter_map(|id| {
            by_id
                .iter()
                .find(|(taken, _)| taken == id)
                .map(|(_, hash)| hash.clone())
        });
        // The seats' token hashes: each given one, or the next challenge's.
        let mut from_challenges = hashes;
        let mut hash_of = |given: &str| {
            if given.is_empty() {
                from_challenges.next().unwrap_or_default()
            } else {
                given.to_owned()
            }
        };
        let hashes = ByColor::new(hash_of(start.seats.black.2), hash_of(start.seats.white.2));
        self.insert_started(&mut tx, start, hashes).await?;
        self.notify_lobby(&mut tx, notice).await?;
        tx.commit().await?;
        Ok(true)
    }

    /// Stores a game that starts with both seats taken (`hashes`, their tokens'), in `tx`.
    pub(super) async fn insert_started(
        &self,
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        start: &Start<'_>,
        hashes: ByColor<String>,
    ) -> Result<(), StoreError> {
        let (black, white) = (hashes.black, hashes.white);
        sqlx::query(
            "INSERT INTO games (id, setup, time_control, black_token, white_token, created_ms, \
             clocked, black_account, white_account, rated) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(start.game.as_str())
        .bind(json(start.setup))
        .bind(json(&start.time))
        .bind(black)
        .bind(white)
        .bind(start.at_ms)
        .bind(i64::from(start.time.has_clock()))
        .bind(start.seats.black.0)
        .bind(start.seats.white.0)
        .bind(i64::from(start.rated))
        .execute(&mut **tx)
        .await?;
        for (seq, seat) in [Player::Black, Player::White].into_iter().enumerate() {
            let record = Record {
                by: Some(seat),
                at_ms: start.at_ms,
                act: Act::Sit {
                    name: start.seats[seat].1.to_owned(),
                },
            };
            self.insert_record(tx, start.game, seq as i64, &record)
                .await?;
        }
        Ok(())
    }

    /// `account`'s rating in `class` (a new player's when it has none).
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be read.
    pub async fn rating(
        &self,
        account: &str,
        class: RatingClass,
    ) -> Result<StoredRating, StoreError> {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, games, wins, losses, draws FROM ratings \
             WHERE account_id = $1 AND class = $2",
        )
        .bind(account)
        .bind(class.name())
        .fetch_optional(&self.pool)
        .await?;
        row.as_ref().map_or(Ok(StoredRating::default()), rating_of)
    }

    /// Updates the ratings of rated game `id`'s players with `scores`, within `tx` (the
    /// transaction of the record that finished it), once: a game already counted, or not
    /// rated, is left alone.
    pub(super) async fn rate(
        tx: &mut sqlx::Transaction<'_, sqlx::Any>,
        id: &GameId,
        class: RatingClass,
        scores: ByColor<f64>,
        at_ms: i64,
    ) -> Result<(), StoreError> {
        let marked = sqlx::query(
            "UPDATE games SET rated_done = 1 WHERE id = $1 AND rated = 1 AND rated_done = 0",
        )
        .bind(id.as_str())
        .execute(&mut **tx)
        .await?;
        if marked.rows_affected() != 1 {
            return Ok(());
        }
        let row = sqlx::query("SELECT black_account, white_account FROM games WHERE id = $1")
            .bind(id.as_str())
            .fetch_one(&mut **tx)
            .await?;
        let accounts: ByColor<Option<String>> = ByColor::new(row.try_get(0)?, row.try_get(1)?);
        let (Some(black), Some(white)) = (accounts.black, accounts.white) else {
            return Ok(());
        };
        let accounts = ByColor::new(black, white);
        let mut before = ByColor::new(StoredRating::default(), StoredRating::default());
        for seat in [Player::Black, Player::White] {
            let row = sqlx::query(
                "SELECT rating, deviation, volatility, games, wins, losses, draws FROM ratings \
                 WHERE account_id = $1 AND class = $2",
            )
            .bind(&accounts[seat])
            .bind(class.name())
            .fetch_optional(&mut **tx)
            .await?;
            if let Some(row) = row {
                before[seat] = rating_of(&row)?;
            }
        }
        for seat in [Player::Black, Player::White] {
            let score = scores[seat];
            let opponent = before[!seat].rating;
            let rating = before[seat]
                .rating
                .update(&[Outcome { opponent, score }], &Settings::ISHI);
            let old = before[seat];
            let counted = |won: bool| i64::from(won);
            sqlx::query("DELETE FROM ratings WHERE account_id = $1 AND class = $2")
                .bind(&accounts[seat])
                .bind(class.name())
                .execute(&mut **tx)
                .await?;
            sqlx::query(
                "INSERT INTO ratings (account_id, class, rating, deviation, volatility, games, \
                 wins, losses, draws) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
            )
            .bind(&accounts[seat])
            .bind(class.name())
            .bind(rating.rating())
            .bind(rating.deviation())
            .bind(rating.volatility())
            .bind(old.games + 1)
            .bind(old.wins + counted(score > 0.75))
            .bind(old.losses + counted(score < 0.25))
            .bind(old.draws + counted((0.25..=0.75).contains(&score)))
            .execute(&mut **tx)
            .await?;
            sqlx::query(
                "INSERT INTO rating_history (account_id, class, game_id, at_ms, rating, deviation) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(&accounts[seat])
            .bind(class.name())
            .bind(id.as_str())
            .bind(at_ms)
            .bind(rating.rating())
            .bind(rating.deviation())
            .execute(&mut **tx)
            .await?;
        }
        Ok(())
    }

    /// `account`'s rating after each of its rated games in `class`, the oldest first, at most
    /// `limit` (the newest).
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be read.
    pub async fn rating_history(
        &self,
        account: &str,
        class: RatingClass,
        limit: i64,
    ) -> Result<Vec<(i64, f64)>, StoreError> {
        let rows = sqlx::query(
            "SELECT at_ms, rating FROM rating_history WHERE account_id = $1 AND class = $2 \
             ORDER BY at_ms DESC, game_id LIMIT $3",
        )
        .bind(account)
        .bind(class.name())
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut history = rows
            .iter()
            .map(|row| Ok((row.try_get(0)?, row.try_get(1)?)))
            .collect::<Result<Vec<_>, StoreError>>()?;
        history.reverse();
        Ok(history)
    }
}

impl Store {
    /// The games `account` plays or played, the newest first, at most `limit`: each game's
    /// id, the account's seat, whether it is rated, whether its result changed the account's
    /// rating (not yet, or an aborted game: no), when it was created.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when they could not be read.
    pub async fn games_of(
        &self,
        account: &str,
        limit: i64,
    ) -> Result<Vec<(GameId, Player, (bool, bool), i64)>, StoreError> {
        // COUNT, not EXISTS: a BIGINT on both databases.
        let rows = sqlx::query(
            "SELECT id, black_account, rated, created_ms, \
             (SELECT COUNT(*) FROM rating_history h \
              WHERE h.game_id = games.id AND h.account_id = $1) \
             FROM games \
             WHERE black_account = $1 OR white_account = $1 \
             ORDER BY created_ms DESC, id LIMIT $2",
        )
        .bind(account)
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| {
                let black: Option<String> = row.try_get(1)?;
                let seat = if black.as_deref() == Some(account) {
                    Player::Black
                } else {
                    Player::White
                };
                Ok((
                    game_id(row, 0)?,
                    seat,
                    (
                        row.try_get::<i64, _>(2)? != 0,
                        row.try_get::<i64, _>(4)? != 0,
                    ),
                    row.try_get(3)?,
                ))
            })
            .collect()
    }
}
