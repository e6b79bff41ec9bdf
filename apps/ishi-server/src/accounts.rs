//! Accounts, optional: a name and a password (argon2id), sessions as random tokens kept
//! hashed with an expiry, and the limits on guessing passwords.
//!
//! **Guessing.** Every login and registration from an address takes from that address's
//! allowance ([`Limits::attempts_per_hour`], ten at once): a bot trying many names from one
//! address is slowed down whatever the names. Each account counts its wrong passwords since
//! the last right one: from the fifth, logging in is refused for a minute, doubling with each
//! further wrong password up to an hour (the count is stored, so instances sharing a database
//! share it too). An unknown name costs the same hashing as a wrong password, and both get the
//! same refusal, so that a guess does not learn which names exist.
//!
//! **Sessions** are 128 random bits; the device keeps the token, the server its SHA-256 and
//! an expiry ([`Limits::session_ms`] after the last login or resume). Logging out ends the
//! session, changing the password ends all of them, and every act that needs the account
//! checks its session against the store again: a session that ended on another device is
//! refused everywhere at its next use.

use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use argon2::password_hash::{Output, ParamsString, PasswordHash, Salt, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use ishi_online::protocol::{GameId, MAX_PASSWORD, MIN_PASSWORD, Reason, Ticket, Token, hex};

use crate::connection::PerAddress;
use crate::hub::{ActError, Hub, now_ms, random_bytes};
use crate::store::{Store, StoreError, StoredAccount, token_hash};

/// Wrong passwords an account takes before logging in is refused for a while.
const FREE_FAILURES: i64 = 5;
/// The first lock, in ms; each further wrong password doubles it.
const FIRST_LOCK_MS: i64 = 60_000;
/// The longest lock, in ms.
const LONGEST_LOCK_MS: i64 = 3_600_000;

/// The accounts' limits.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// How long a session lasts after its last use, in ms.
    pub session_ms: i64,
    /// Logins and registrations one address may try an hour.
    pub attempts_per_hour: f64,
}

/// A logged-in connection's account.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// The account's id.
    pub id: String,
    /// Its name as registered.
    pub name: String,
    /// The hash of the session the connection logged in with.
    session: String,
}

/// A login's outcome: the account, its session's token and when it expires.
pub type LoggedIn = (Account, Token, i64);

/// The accounts of this server.
pub struct Accounts {
    store: Store,
    limits: Limits,
    attempts: PerAddress,
    /// A hash to check the password of an unknown name against, so that it costs what a
    /// known name's does.
    decoy: String,
}

/// The name's key: unique whatever the case of its letters.
fn name_key(name: &str) -> String {
    name.trim().to_lowercase()
}

fn refused(reason: Reason, detail: &str) -> ActError {
    ActError::Refused(reason, detail.to_owned())
}

/// The threads that hash passwords. A hash takes 19 MiB for some 20 ms: on tokio's blocking
/// threads a flood of logins hashed on as many threads at once, and their allocator kept the
/// memory (100 registrations at once left the server at 1.8 GB; on four threads of their
/// own, still 430 MB). So [`HASHERS`] threads of their own hash, each into one block of
/// memory it keeps ([`MEMORY`]): the rest wait their turn, and the memory is four hashes'.
const HASHERS: usize = 4;

thread_local! {
    /// A hashing thread's memory, reused from hash to hash.
    static MEMORY: std::cell::RefCell<Vec<Block>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The argon2 output of `password` and `salt` with `argon2`'s parameters, `len` bytes, in
/// this thread's [`MEMORY`].
fn argon2_output(
    argon2: &Argon2<'_>,
    password: &[u8],
    salt: &Salt<'_>,
    len: usize,
) -> argon2::password_hash::Result<Output> {
    let mut raw = [0u8; 64];
    let salt = salt.decode_b64(&mut raw)?;
    MEMORY.with(|memory| {
        let mut memory = memory.borrow_mut();
        memory.resize(argon2.params().block_count(), Block::default());
        Output::init_with(len, |out| {
            argon2
                .hash_password_into_with_memory(password, salt, out, &mut memory[..])
                .map_err(argon2::password_hash::Error::from)
        })
    })
}

/// `password` hashed with argon2id (the crate's default parameters) and `salt`, in PHC form.
fn phc(password: &[u8], salt: &SaltString) -> argon2::password_hash::Result<String> {
    let argon2 = Argon2::default();
    let params = argon2.params().clone();
    let output = argon2_output(
        &argon2,
        password,
        &salt.as_salt(),
        params.output_len().unwrap_or(Params::DEFAULT_OUTPUT_LEN),
    )?;
    Ok(PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(&params)?,
        salt: Some(salt.as_salt()),
        hash: Some(output),
    }
    .to_string())
}

/// Whether `password` gives `stored` (PHC form, its own algorithm and parameters); the
/// outputs compared in constant time (`Output`'s equality).
fn matches_phc(password: &[u8], stored: &str) -> argon2::password_hash::Result<bool> {
    let parsed = PasswordHash::new(stored)?;
    let (Some(salt), Some(expected)) = (parsed.salt, parsed.hash) else {
        return Ok(false);
    };
    let version = parsed
        .version
        .map(Version::try_from)
        .transpose()?
        .unwrap_or_default();
    let argon2 = Argon2::new(
        Algorithm::try_from(parsed.algorithm)?,
        version,
        Params::try_from(&parsed)?,
    );
    Ok(argon2_output(&argon2, password, &salt, expected.len())? == expected)
}

type Job = Box<dyn FnOnce() + Send>;

/// Runs `work` on a hashing thread ([`HASHERS`]); `None` if the threads are gone.
async fn hashed<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Option<T> {
    static JOBS: std::sync::OnceLock<Mutex<std::sync::mpsc::Sender<Job>>> =
        std::sync::OnceLock::new();
    let jobs = JOBS.get_or_init(|| {
        let (sender, receiver) = std::sync::mpsc::channel::<Job>();
        let receiver = Arc::new(Mutex::new(receiver));
        for i in 0..HASHERS {
            let receiver = receiver.clone();
            std::thread::Builder::new()
                .name(format!("ishi-hash-{i}"))
                .spawn(move || {
                    loop {
                        let job = receiver
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                            .recv();
                        match job {
                            Ok(job) => job(),
                            Err(_) => return,
                        }
                    }
                })
                .ok();
        }
        Mutex::new(sender)
    });
    let (done, result) = tokio::sync::oneshot::channel();
    let job: Job = Box::new(move || {
        done.send(work()).ok();
    });
    jobs.lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
        .send(job)
        .ok()?;
    result.await.ok()
}

/// `password` hashed with argon2id and a fresh salt, in PHC form (on a hashing thread).
async fn hash(password: String) -> Result<String, ActError> {
    let salt = SaltString::encode_b64(&random_bytes::<16>())
        .map_err(|e| refused(Reason::Unavailable, &e.to_string()))?;
    hashed(move || {
        phc(password.as_bytes(), &salt).map_err(|e| refused(Reason::Unavailable, &e.to_string()))
    })
    .await
    .unwrap_or_else(|| Err(refused(Reason::Unavailable, "no hashing thread")))
}

/// Whether `password` is the one `stored` (PHC form) was made of (on a hashing thread).
async fn verify(password: String, stored: String) -> bool {
    hashed(move || matches_phc(password.as_bytes(), &stored).unwrap_or(false))
        .await
        .unwrap_or(false)
}

/// Refuses a password too short or too long.
fn check_password(password: &str) -> Result<(), ActError> {
    if password.chars().count() < MIN_PASSWORD || password.len() > MAX_PASSWORD {
        return Err(refused(
            Reason::BadPassword,
            &format!(
                "a password is {MIN_PASSWORD} characters or more, {MAX_PASSWORD} bytes at most"
            ),
        ));
    }
    Ok(())
}

impl Accounts {
    /// The accounts kept in `store`.
    ///
    /// # Errors
    ///
    /// [`ActError`] when the decoy hash cannot be made.
    pub async fn new(store: Store, limits: Limits) -> Result<Arc<Accounts>, ActError> {
        let decoy = hash(hex(&random_bytes::<16>())).await?;
        Ok(Arc::new(Accounts {
            store,
            attempts: PerAddress::per_hour(limits.attempts_per_hour),
            limits,
            decoy,
        }))
    }

    /// Takes one attempt from `address`'s allowance.
    fn attempt(&self, address: IpAddr) -> Result<(), ActError> {
        if self.attempts.allow(address) {
            Ok(())
        } else {
            Err(refused(
                Reason::TooManyAttempts,
                "too many logins from this address; try again later",
            ))
        }
    }

    /// A new session for `account`.
    async fn open_session(&self, account: &StoredAccount) -> Result<LoggedIn, ActError> {
        let token = Token::from_bytes(random_bytes());
        let session = token_hash(&token);
        let expires = now_ms() + self.limits.session_ms;
        self.store
            .create_session(&session, &account.id, expires)
            .await?;
        let account = Account {
            id: account.id.clone(),
            name: account.name.clone(),
            session,
        };
        Ok((account, token, expires))
    }

    /// Registers `name` with `password`, from `address`, and logs in.
    ///
    /// # Errors
    ///
    /// [`ActError`]: a name the referee would refuse, a name taken, a bad password, too many
    /// attempts, or a store failure.
    pub async fn register(
        &self,
        name: &str,
        password: String,
        address: IpAddr,
    ) -> Result<LoggedIn, ActError> {
        let name = name.trim();
        if !ishi_online::is_valid_name(name) {
            return Err(refused(
                Reason::BadName,
                "a name is 1 to 40 characters without control characters",
            ));
        }
        check_password(&password)?;
        self.attempt(address)?;
        let id = hex(&random_bytes::<8>());
        let stored = hash(password).await?;
        let now = now_ms();
        if !self
            .store
            .create_account(&id, name, &name_key(name), &stored, now)
            .await?
        {
            return Err(refused(Reason::NameTaken, "another account has this name"));
        }
        let account = StoredAccount {
            id,
            name: name.to_owned(),
            password: Some(stored),
            failures: 0,
            locked_until_ms: 0,
        };
        self.open_session(&account).await
    }

    /// Logs in as `name` with `password`, from `address`.
    ///
    /// # Errors
    ///
    /// [`ActError`]: wrong credentials (an unknown or deleted name included), too many
    /// attempts, or a store failure.
    pub async fn login(
        &self,
        name: &str,
        password: String,
        address: IpAddr,
    ) -> Result<LoggedIn, ActError> {
        self.attempt(address)?;
        let wrong = || {
            refused(
                Reason::BadCredentials,
                "no account has this name and password",
            )
        };
        if password.len() > MAX_PASSWORD {
            return Err(wrong());
        }
        let account = self.store.account_by_key(&name_key(name)).await?;
        let now = now_ms();
        let Some(account) = account.filter(|a| a.password.is_some()) else {
            verify(password, self.decoy.clone()).await;
            return Err(wrong());
        };
        if account.locked_until_ms > now {
            return Err(refused(
                Reason::TooManyAttempts,
                "too many wrong passwords for this account; try again later",
            ));
        }
        let stored = account.password.clone().unwrap_or_default();
        if !verify(password, stored).await {
            let failures = account.failures + 1;
            let locked_until = if failures >= FREE_FAILURES {
                let doublings = (failures - FREE_FAILURES).min(8) as u32;
                now + (FIRST_LOCK_MS << doublings).min(LONGEST_LOCK_MS)
            } else {
                0
            };
            self.store
                .set_failures(&account.id, failures, locked_until)
                .await?;
            return Err(wrong());
        }
        if account.failures != 0 {
            self.store.set_failures(&account.id, 0, 0).await?;
        }
        self.open_session(&account).await
    }

    /// The account of `session` if it is still open, its expiry moved on (a device that
    /// comes back stays logged in).
    ///
    /// # Errors
    ///
    /// [`ActError`] with [`Reason::BadSession`] for an unknown, ended or expired session,
    /// or a store failure.
    pub async fn resume(&self, session: &Token) -> Result<(Account, i64), ActError> {
        let hash = token_hash(session);
        let account = self.check(&hash).await?;
        let expires = now_ms() + self.limits.session_ms;
        self.store.renew_session(&hash, expires).await?;
        Ok((account, expires))
    }

    /// The account of the session hashed as `hash`, if it is still open.
    async fn check(&self, hash: &str) -> Result<Account, ActError> {
        let bad = || {
            refused(
                Reason::BadSession,
                "the session is unknown, ended or expired",
            )
        };
        let Some((id, expires)) = self.store.session(hash).await? else {
            return Err(bad());
        };
        if expires <= now_ms() {
            self.store.delete_session(hash).await?;
            return Err(bad());
        }
        let account = self
            .store
            .account(&id)
            .await?
            .filter(|a| a.password.is_some())
            .ok_or_else(bad)?;
        Ok(Account {
            id: account.id,
            name: account.name,
            session: hash.to_owned(),
        })
    }

    /// `account` if its session is still open (ended elsewhere, or expired, it is not).
    ///
    /// # Errors
    ///
    /// [`ActError`] with [`Reason::BadSession`], or a store failure.
    pub async fn still(&self, account: &Account) -> Result<Account, ActError> {
        self.check(&account.session).await
    }

    /// Ends `account`'s session.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when it could not be stored.
    pub async fn logout(&self, account: &Account) -> Result<(), StoreError> {
        self.store.delete_session(&account.session).await
    }

    /// Checks `password` against `account`'s, counting a wrong one as a login would.
    async fn confirm(
        &self,
        account: &Account,
        password: String,
        address: IpAddr,
    ) -> Result<StoredAccount, ActError> {
        let account = self.still(account).await?;
        let logged = self.login(&account.name, password, address).await?;
        // The check's own session is not wanted.
        self.logout(&logged.0).await?;
        self.store
            .account(&account.id)
            .await?
            .ok_or_else(|| refused(Reason::BadSession, "the account is gone"))
    }

    /// Changes `account`'s password from `old` to `new`: every session ends, and a new one
    /// opens for this connection.
    ///
    /// # Errors
    ///
    /// [`ActError`]: the session ended, `old` wrong, `new` refused, or a store failure.
    pub async fn change_password(
        &self,
        account: &Account,
        old: String,
        new: String,
        address: IpAddr,
    ) -> Result<LoggedIn, ActError> {
        check_password(&new)?;
        let stored = self.confirm(account, old, address).await?;
        self.store
            .set_password(&stored.id, &hash(new).await?)
            .await?;
        self.open_session(&stored).await
    }

    /// Deletes `account` after checking its `password`.
    ///
    /// # Errors
    ///
    /// [`ActError`]: the session ended, the password wrong, or a store failure.
    pub async fn delete(
        &self,
        account: &Account,
        password: String,
        address: IpAddr,
    ) -> Result<(), ActError> {
        let stored = self.confirm(account, password, address).await?;
        self.store.delete_account(&stored.id, now_ms()).await?;
        Ok(())
    }

    /// Gives the seats `tickets` hold to `account` (whose session the caller checked): the
    /// games they did.
    ///
    /// # Errors
    ///
    /// [`ActError`] for a store failure.
    pub async fn claim(
        &self,
        hub: &Arc<Hub>,
        account: &Account,
        tickets: Vec<Ticket>,
    ) -> Result<Vec<GameId>, ActError> {
        let mut claimed = Vec::new();
        for ticket in tickets {
            let Ok(room) = hub.room(&ticket.game).await else {
                continue;
            };
            if let Some(seat) = hub.seat_of(&room, &ticket.token).await
                && self
                    .store
                    .claim_seat(&ticket.game, seat, &token_hash(&ticket.token), &account.id)
                    .await?
            {
                claimed.push(ticket.game.clone());
            }
            hub.release(&room);
        }
        Ok(claimed)
    }
}

#[cfg(test)]
mod tests {
    use argon2::password_hash::{PasswordHasher, PasswordVerifier};

    use super::*;

    #[test]
    fn hashes_are_the_crates_own_phc_strings_both_ways() {
        let salt = SaltString::encode_b64(&[7; 16]).unwrap();
        let ours = phc(b"correct horse", &salt).unwrap();
        assert!(
            ours.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{ours}"
        );
        // The crate's own hashing gives the same string, and its verifier takes ours.
        let theirs = Argon2::default()
            .hash_password(b"correct horse", &salt)
            .unwrap()
            .to_string();
        assert_eq!(ours, theirs);
        let parsed = PasswordHash::new(&ours).unwrap();
        assert!(
            Argon2::default()
                .verify_password(b"correct horse", &parsed)
                .is_ok()
        );
        // Our check takes the right password only, and a damaged string is no match.
        assert!(matches_phc(b"correct horse", &theirs).unwrap());
        assert!(!matches_phc(b"correct horsE", &theirs).unwrap());
        for damaged in [
            "$argon2id$v=19$garbage",
            "",
            "$argon2id$v=19$m=19456,t=2,p=1$short",
        ] {
            assert!(
                !matches_phc(b"correct horse", damaged).unwrap_or(false),
                "{damaged}"
            );
        }
        // A hash of other parameters is checked with its own.
        let light = Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            Params::new(1024, 1, 1, None).unwrap(),
        )
        .hash_password(b"pw", &salt)
        .unwrap()
        .to_string();
        assert!(matches_phc(b"pw", &light).unwrap());
    }
}
