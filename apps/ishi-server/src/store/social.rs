//! A game's chat lines, the rematch offers, and the games being played now.

use ishi_online::protocol::{ChatLine, GameId, hex};
use ishi_rules::{ByColor, Player};
use sqlx::Row;

use super::lobby::Start;
use super::{Store, StoreError, game_id};

/// What a rematch offer came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rematch {
    /// Stored: the other seat has not offered.
    Offered,
    /// The other seat had offered: the new game is stored (seats as `Start` gave them, the
    /// other seat's with its offer's token).
    Started,
    /// The game has a rematch already (the offers were taken).
    Gone,
}

impl Store {
    /// Stores a chat line of game `id` (`players`: the players' chat) and tells the other
    /// instances (`chat:INSTANCE:GAME:LINE` on the lobby's channel): the line's id.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn add_chat(
        &self,
        id: &GameId,
        players: bool,
        line: &ChatLine,
        instance: &str,
    ) -> Result<String, StoreError> {
        let line_id = hex(&crate::hub::random_bytes::<8>());
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "INSERT INTO chat (id, game_id, players, seat, name, text, at_ms) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind(&line_id)
        .bind(id.as_str())
        .bind(i64::from(players))
        .bind(line.seat.map(Player::name))
        .bind(&line.name)
        .bind(&line.text)
        .bind(line.at_ms)
        .execute(&mut *tx)
        .await?;
        self.notify_lobby(&mut tx, &format!("chat:{instance}:{id}:{line_id}"))
            .await?;
        tx.commit().await?;
        Ok(line_id)
    }

    /// The chat line `line` of game `id`, and whether it is the players'.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be read.
    pub async fn chat_line(
        &self,
        id: &GameId,
        line: &str,
    ) -> Result<Option<(bool, ChatLine)>, StoreError> {
        let row = sqlx::query(
            "SELECT players, seat, name, text, at_ms FROM chat WHERE game_id = $1 AND id = $2",
        )
        .bind(id.as_str())
        .bind(line)
        .fetch_optional(&self.pool)
        .await?;
        row.map(|row| Ok((row.try_get::<i64, _>(0)? != 0, chat_of(&row, 1)?)))
            .transpose()
    }

    /// The latest `limit` lines of game `id`'s players' or watchers' chat, the oldest first.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when they could not be read.
    pub async fn chat(
        &self,
        id: &GameId,
        players: bool,
        limit: i64,
    ) -> Result<Vec<ChatLine>, StoreError> {
        let rows = sqlx::query(
            "SELECT seat, name, text, at_ms FROM chat WHERE game_id = $1 AND players = $2 \
             ORDER BY at_ms DESC, id LIMIT $3",
        )
        .bind(id.as_str())
        .bind(i64::from(players))
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        let mut lines = rows
            .iter()
            .map(|row| chat_of(row, 0))
            .collect::<Result<Vec<_>, _>>()?;
        lines.reverse();
        Ok(lines)
    }

    /// `seat`'s rematch offer of finished game `id`, its new seat's token hashing to `hash`:
    /// stored, or, when the other seat had offered, the new game `start` stored in the same
    /// transaction (the other seat's token hash taken from its offer) and told on the
    /// lobby's channel as `notices.1`; an offer stored is told there as `notices.0`.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn rematch(
        &self,
        id: &GameId,
        seat: Player,
        hash: &str,
        start: &Start<'_>,
        notices: (&str, &str),
        now_ms: i64,
    ) -> Result<Rematch, StoreError> {
        let mut tx = self.pool.begin().await?;
        // The write first (the store's doc says why): the standing offer is taken.
        let offer =
            sqlx::query("DELETE FROM rematches WHERE game_id = $1 RETURNING seat, token_hash")
                .bind(id.as_str())
                .fetch_optional(&mut *tx)
                .await?;
        let taken = sqlx::query("SELECT rematch_id FROM games WHERE id = $1")
            .bind(id.as_str())
            .fetch_optional(&mut *tx)
            .await?;
        if let Some(row) = taken
            && row.try_get::<Option<String>, _>(0)?.is_some()
        {
            return Ok(Rematch::Gone);
        }
        let other = match offer {
            Some(row) if row.try_get::<String, _>(0)? != seat.name() => {
                Some(row.try_get::<String, _>(1)?)
            }
            _ => None,
        };
        let Some(other) = other else {
            sqlx::query(
                "INSERT INTO rematches (game_id, seat, token_hash, created_ms) \
                 VALUES ($1, $2, $3, $4)",
            )
            .bind(id.as_str())
            .bind(seat.name())
            .bind(hash)
            .bind(now_ms)
            .execute(&mut *tx)
            .await?;
            self.notify_lobby(&mut tx, notices.0).await?;
            tx.commit().await?;
            return Ok(Rematch::Offered);
        };
        // The new game: this seat's new seat is the other colour.
        let mut hashes = ByColor::new(String::new(), String::new());
        hashes[!seat] = hash.to_owned();
        hashes[seat] = other;
        self.insert_started(&mut tx, start, hashes).await?;
        sqlx::query("UPDATE games SET rematch_id = $1 WHERE id = $2")
            .bind(start.game.as_str())
            .bind(id.as_str())
            .execute(&mut *tx)
            .await?;
        self.notify_lobby(&mut tx, notices.1).await?;
        tx.commit().await?;
        Ok(Rematch::Started)
    }

    /// Withdraws the rematch offer of game `id` (its offerer left).
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn cancel_rematch(&self, id: &GameId) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM rematches WHERE game_id = $1")
            .bind(id.as_str())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The games being played now (both seats taken, not over), the latest first, at most
    /// `limit`: each one's id and whether it is rated.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when they could not be read.
    pub async fn playing(&self, limit: i64) -> Result<Vec<(GameId, bool)>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, rated FROM games WHERE finished = 0 AND black_token IS NOT NULL \
             AND white_token IS NOT NULL ORDER BY created_ms DESC, id LIMIT $1",
        )
        .bind(limit)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|row| Ok((game_id(row, 0)?, row.try_get::<i64, _>(1)? != 0)))
            .collect()
    }

    /// The accounts and rating flag of game `id`, for its rematch.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be read.
    pub async fn game_players(
        &self,
        id: &GameId,
    ) -> Result<(ByColor<Option<String>>, bool), StoreError> {
        let row =
            sqlx::query("SELECT black_account, white_account, rated FROM games WHERE id = $1")
                .bind(id.as_str())
                .fetch_one(&self.pool)
                .await?;
        Ok((
            ByColor::new(row.try_get(0)?, row.try_get(1)?),
            row.try_get::<i64, _>(2)? != 0,
        ))
    }
}

/// A chat line from `row`'s columns from `first` on: seat, name, text, at_ms.
fn chat_of(row: &sqlx::any::AnyRow, first: usize) -> Result<ChatLine, StoreError> {
    let seat: Option<String> = row.try_get(first)?;
    Ok(ChatLine {
        seat: seat.and_then(|name| name.parse().ok()),
        name: row.try_get(first + 1)?,
        text: row.try_get(first + 2)?,
        at_ms: row.try_get(first + 3)?,
    })
}
