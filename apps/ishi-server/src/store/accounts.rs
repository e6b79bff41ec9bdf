//! The accounts' rows: accounts, their sessions (kept hashed), and the account that plays a
//! game's seat. The rules (password checks, limits, expiry) are the caller's
//! (`crate::accounts`); this is storage only.

use ishi_online::protocol::GameId;
use ishi_rules::Player;
use sqlx::Row;

use super::{Store, StoreError, is_conflict, seat_column};

/// An account as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredAccount {
    /// Its id (16 hexadecimal digits).
    pub id: String,
    /// Its name as registered.
    pub name: String,
    /// The password's argon2id hash (PHC form); `None` once deleted.
    pub password: Option<String>,
    /// Wrong passwords since the last right one.
    pub failures: i64,
    /// Until when logging in is refused (ms since the Unix epoch).
    pub locked_until_ms: i64,
}

/// The column of the account playing `seat`.
fn account_column(seat: Player) -> &'static str {
    match seat {
        Player::Black => "black_account",
        Player::White => "white_account",
    }
}

const ACCOUNT_COLUMNS: &str = "id, name, password, failures, locked_until_ms";

fn account_of(row: &sqlx::any::AnyRow) -> Result<StoredAccount, StoreError> {
    Ok(StoredAccount {
        id: row.try_get(0)?,
        name: row.try_get(1)?,
        password: row.try_get(2)?,
        failures: row.try_get(3)?,
        locked_until_ms: row.try_get(4)?,
    })
}

/// Ends every session of account `id` and commits `tx`.
async fn end_sessions(
    mut tx: sqlx::Transaction<'_, sqlx::Any>,
    id: &str,
) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM sessions WHERE account_id = $1")
        .bind(id)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

impl Store {
    /// Stores a new account; `false` when another account has its name key.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn create_account(
        &self,
        id: &str,
        name: &str,
        key: &str,
        password: &str,
        now_ms: i64,
    ) -> Result<bool, StoreError> {
        let inserted = sqlx::query(
            "INSERT INTO accounts (id, name, name_key, password, created_ms) \
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(id)
        .bind(name)
        .bind(key)
        .bind(password)
        .bind(now_ms)
        .execute(&self.pool)
        .await;
        match inserted {
            Ok(_) => Ok(true),
            Err(e) if is_conflict(&e) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// The account whose name key is `key`, deleted ones included.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be read.
    pub async fn account_by_key(&self, key: &str) -> Result<Option<StoredAccount>, StoreError> {
        let sql = format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE name_key = $1");
        let row = sqlx::query(&sql)
            .bind(key)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(account_of).transpose()
    }

    /// The account `id`, deleted ones included.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be read.
    pub async fn account(&self, id: &str) -> Result<Option<StoredAccount>, StoreError> {
        let sql = format!("SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = $1");
        let row = sqlx::query(&sql)
            .bind(id)
            .fetch_optional(&self.pool)
            .await?;
        row.as_ref().map(account_of).transpose()
    }

    /// Sets the account's count of wrong passwords and its lock.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn set_failures(
        &self,
        id: &str,
        failures: i64,
        locked_until_ms: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("UPDATE accounts SET failures = $1, locked_until_ms = $2 WHERE id = $3")
            .bind(failures)
            .bind(locked_until_ms)
            .bind(id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Sets a new password hash and ends every session of the account.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn set_password(&self, id: &str, password: &str) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE accounts SET password = $1 WHERE id = $2 AND deleted_ms IS NULL")
            .bind(password)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        end_sessions(tx, id).await
    }

    /// Deletes the account: its password and sessions go, its name and games stay.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn delete_account(&self, id: &str, now_ms: i64) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("UPDATE accounts SET password = NULL, deleted_ms = $1 WHERE id = $2")
            .bind(now_ms)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        end_sessions(tx, id).await
    }

    /// Stores a session (its token's hash) of the account until `expires_ms`.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn create_session(
        &self,
        hash: &str,
        account: &str,
        expires_ms: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("INSERT INTO sessions (hash, account_id, expires_ms) VALUES ($1, $2, $3)")
            .bind(hash)
            .bind(account)
            .bind(expires_ms)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The account of the session whose token hashes to `hash`, and when it expires.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be read.
    pub async fn session(&self, hash: &str) -> Result<Option<(String, i64)>, StoreError> {
        let row = sqlx::query("SELECT account_id, expires_ms FROM sessions WHERE hash = $1")
            .bind(hash)
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(row) => Some((row.try_get(0)?, row.try_get(1)?)),
            None => None,
        })
    }

    /// Moves the session's expiry to `expires_ms`.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn renew_session(&self, hash: &str, expires_ms: i64) -> Result<(), StoreError> {
        sqlx::query("UPDATE sessions SET expires_ms = $1 WHERE hash = $2")
            .bind(expires_ms)
            .bind(hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Ends the session whose token hashes to `hash`.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn delete_session(&self, hash: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sessions WHERE hash = $1")
            .bind(hash)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Gives `seat` of game `id` to `account` if the seat's token hashes to `token_hash`;
    /// whether it did.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn claim_seat(
        &self,
        id: &GameId,
        seat: Player,
        token_hash: &str,
        account: &str,
    ) -> Result<bool, StoreError> {
        let sql = format!(
            "UPDATE games SET {} = $1 WHERE id = $2 AND {} = $3",
            account_column(seat),
            seat_column(seat)
        );
        let done = sqlx::query(&sql)
            .bind(account)
            .bind(id.as_str())
            .bind(token_hash)
            .execute(&self.pool)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The accounts playing game `id`'s seats.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be read.
    pub async fn seat_accounts(
        &self,
        id: &GameId,
    ) -> Result<ishi_rules::ByColor<Option<String>>, StoreError> {
        let row = sqlx::query("SELECT black_account, white_account FROM games WHERE id = $1")
            .bind(id.as_str())
            .fetch_optional(&self.pool)
            .await?;
        Ok(match row {
            Some(row) => ishi_rules::ByColor::new(row.try_get(0)?, row.try_get(1)?),
            None => ishi_rules::ByColor::new(None, None),
        })
    }
}
