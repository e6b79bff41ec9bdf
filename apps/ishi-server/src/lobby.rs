//! The lobby: open challenges that anyone logged in may accept, quick pairing by rating in
//! the standard pools, and the profiles.
//!
//! **Where the lobby lives.** Challenges and seekers are rows of the store, so that every
//! instance on a shared PostgreSQL database sees them all and any instance may pair any two
//! seekers; an instance keeps in memory only the connections that made its own (to tell
//! them when their game starts) and the list it last read (to send to its followers). A
//! change is told to the other instances on a channel (`store::LOBBY_CHANNEL`): `changed`,
//! or `started:CHALLENGE:GAME:SEAT` for each challenge a game started from.
//!
//! **Tokens.** A challenge's creator gets its seat's token when the challenge opens
//! ([`ServerMessage::Challenged`]); the store keeps its hash, which becomes the seat's when
//! the game starts. So the creator plays with it whichever instance started the game, and
//! no token is ever stored or sent between instances in clear.
//!
//! **Leaving.** A challenge lasts while its creator's connection does: it is removed when
//! the connection closes, and an instance moves the expiry of its connections' challenges on
//! every 20 s, so that those of an instance that died go after a minute.
//!
//! **Pairing** runs when a seeker comes and every 2 s: in each pool, the longest waiting
//! seeker is paired with the seeker nearest its rating, if the two are within
//! [`pairing_range`] of the longer wait (100 points at once, widening to anyone after a
//! minute). Two instances pairing at once cannot both take a seeker: a game starts only if
//! its transaction removes both seekers.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use ishi_online::protocol::{
    ChallengeView, ChatLine, ClassRating, GameId, LiveGame, ProfileView, Reason, RecentGame,
    ServerMessage, Token, is_valid_chat,
};
use ishi_online::rated::{Pool, RatingClass, pairing_range};
use ishi_online::{GameSetup, SeatChoice, Table, TimeControl};
use ishi_rules::{ByColor, Player};
use tokio::sync::{mpsc, watch};

use crate::accounts::Account;
use crate::hub::{ActError, Hub, Room, RoomEvent, now_ms, random_bytes};
use crate::store::{Rematch, Start, Store, StoredChallenge, token_hash};

/// How long a challenge lasts without its instance moving its expiry on.
const CHALLENGE_LIFE_MS: i64 = 60_000;

/// The most challenges an account keeps open at once (its seek apart, which replaces its
/// last): the lobby is a list for people to read, not one account's to fill. Two challenges
/// posted at the same moment may both pass the count; the connection's message rate bounds
/// the rest.
pub const OPEN_CHALLENGES: usize = 3;
/// How often an instance moves its challenges' expiry on and reads the lobby again.
const HEARTBEAT: Duration = Duration::from_secs(20);
/// How often the pools are paired.
const PAIRING: Duration = Duration::from_secs(2);
/// Rated games shown in a profile's graph, per class.
const HISTORY: i64 = 100;
/// Games in a profile's list.
const RECENT: i64 = 20;
/// Chat lines sent when a game is opened.
const CHAT_KEPT: i64 = 50;
/// Games in the list of games being played.
const PLAYING: i64 = 50;

/// Who opens a challenge or a seek: the account, and the connection (its number, and its
/// outbox) to tell when the game starts.
pub struct Creator<'a> {
    /// The account.
    pub account: &'a Account,
    /// The connection's number.
    pub connection: u64,
    /// The connection's outbox.
    pub outbox: mpsc::Sender<ServerMessage>,
}

/// A challenge made on this instance: the connection to tell when its game starts.
struct Owner {
    connection: u64,
    account: String,
    outbox: mpsc::Sender<ServerMessage>,
}

/// The lobby of this instance.
pub struct Lobby {
    store: Store,
    hub: Arc<Hub>,
    views: watch::Sender<Arc<Vec<ChallengeView>>>,
    owners: Mutex<HashMap<GameId, Owner>>,
    /// This instance's name in its notices, to know its own when they come back.
    instance: String,
    /// Wakes the pairing: a seeker came.
    wake: Arc<tokio::sync::Notify>,
}

fn refused(reason: Reason, detail: &str) -> ActError {
    ActError::Refused(reason, detail.to_owned())
}

/// The seat a creator's choice gives (a random one drawn now).
fn seat_for(choice: SeatChoice) -> Player {
    match choice {
        SeatChoice::Black => Player::Black,
        SeatChoice::White => Player::White,
        SeatChoice::Random if random_bytes::<1>()[0] & 1 == 0 => Player::Black,
        SeatChoice::Random => Player::White,
    }
}

impl Lobby {
    /// The lobby over `store`, with its heartbeat and pairing running.
    ///
    /// # Errors
    ///
    /// [`ActError`] when the store cannot be read.
    pub async fn start(store: Store, hub: Arc<Hub>) -> Result<Arc<Lobby>, ActError> {
        let lobby = Arc::new(Lobby {
            store,
            hub,
            views: watch::channel(Arc::new(Vec::new())).0,
            owners: Mutex::new(HashMap::new()),
            instance: ishi_online::protocol::hex(&random_bytes::<8>()),
            wake: Arc::new(tokio::sync::Notify::new()),
        });
        lobby.refresh().await?;
        let weak = Arc::downgrade(&lobby);
        let wake = lobby.wake.clone();
        tokio::spawn(async move {
            let mut heartbeat = tokio::time::interval(HEARTBEAT);
            let mut pairing = tokio::time::interval(PAIRING);
            loop {
                let beat = tokio::select! {
                    _ = heartbeat.tick() => true,
                    _ = pairing.tick() => false,
                    () = wake.notified() => false,
                };
                let Some(lobby) = weak.upgrade() else { return };
                let done = if beat {
                    lobby.heartbeat().await
                } else {
                    lobby.pair().await
                };
                if let Err(e) = done {
                    eprintln!("ishi-server: lobby: {e:?}");
                }
            }
        });
        Ok(lobby)
    }

    fn owners(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Owner>> {
        self.owners.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The open challenges now and after each change.
    pub fn follow(&self) -> watch::Receiver<Arc<Vec<ChallengeView>>> {
        self.views.subscribe()
    }

    /// Reads the open challenges again and shows them to the followers.
    ///
    /// # Errors
    ///
    /// [`ActError`] when the store cannot be read.
    pub async fn refresh(&self) -> Result<(), ActError> {
        let challenges = self.store.challenges(None, now_ms()).await?;
        let views = challenges
            .into_iter()
            .map(|c| {
                let class = RatingClass::of(&c.setup);
                ChallengeView {
                    challenge: c.id,
                    name: c.name,
                    rating: class.map(|_| c.rating.round() as i32),
                    provisional: class.is_some() && c.deviation > ishi_rating::PROVISIONAL,
                    setup: c.setup,
                    time: c.time,
                    seat: c.seat,
                    rated: c.rated,
                }
            })
            .collect::<Vec<_>>();
        self.views.send_if_modified(|shown| {
            let changed = **shown != views;
            if changed {
                *shown = Arc::new(views);
            }
            changed
        });
        Ok(())
    }

    async fn heartbeat(&self) -> Result<(), ActError> {
        let ids: Vec<GameId> = self.owners().keys().cloned().collect();
        self.store
            .touch_challenges(&ids, now_ms() + CHALLENGE_LIFE_MS)
            .await?;
        self.refresh().await
    }

    /// Opens a challenge (or, with `pool`, a seek) by `creator`: its id and the creator's
    /// token.
    async fn open(
        &self,
        creator: Creator<'_>,
        (setup, time, seat, rated): (GameSetup, TimeControl, SeatChoice, bool),
        pool: Option<Pool>,
    ) -> Result<(GameId, Token), ActError> {
        let Creator {
            account,
            connection,
            outbox,
        } = creator;
        let time = time
            .check()
            .map_err(|e| refused(Reason::BadSetup, &e.to_string()))?;
        Table::new(setup.clone(), time).map_err(|e| refused(Reason::BadSetup, &e.to_string()))?;
        let class = RatingClass::of(&setup);
        if rated && class.is_none() {
            return Err(refused(
                Reason::Unrated,
                "rated games are Othello 8x8 and even Go on 9x9, 13x13 and 19x19",
            ));
        }
        let rating = match class {
            Some(class) => self.store.rating(&account.id, class).await?.rating,
            None => ishi_rating::Rating::default(),
        };
        let id = GameId::from_bytes(random_bytes());
        let token = Token::from_bytes(random_bytes());
        let now = now_ms();
        let challenge = StoredChallenge {
            id: id.clone(),
            account: account.id.clone(),
            name: account.name.clone(),
            setup,
            time,
            seat,
            rated,
            pool: pool.map(|p| p.name().to_owned()),
            rating: rating.rating(),
            deviation: rating.deviation(),
            created_ms: now,
        };
        self.store
            .create_challenge(&challenge, &token, now + CHALLENGE_LIFE_MS)
            .await?;
        self.owners().insert(
            id.clone(),
            Owner {
                connection,
                account: account.id.clone(),
                outbox,
            },
        );
        Ok((id, token))
    }

    /// Opens a challenge in the lobby.
    ///
    /// # Errors
    ///
    /// [`ActError`]: a set-up or clock the referee refuses, a rated game without a class, the
    /// account's [`OPEN_CHALLENGES`] open already, a store failure.
    pub async fn challenge(
        &self,
        creator: Creator<'_>,
        game: (GameSetup, TimeControl, SeatChoice, bool),
    ) -> Result<(GameId, Token), ActError> {
        let open = self.store.challenges(None, now_ms()).await?;
        if open
            .iter()
            .filter(|c| c.account == creator.account.id)
            .count()
            >= OPEN_CHALLENGES
        {
            return Err(refused(
                Reason::TooManyGames,
                "too many open challenges; withdraw one first",
            ));
        }
        let opened = self.open(creator, game, None).await?;
        self.refresh().await?;
        Ok(opened)
    }

    /// Seeks a rated game in `pool`; a seek the account already had there is withdrawn. The
    /// caller wakes the pairing ([`Lobby::pair_soon`]) once it has told the seeker its token.
    ///
    /// # Errors
    ///
    /// [`ActError`] for a store failure.
    pub async fn seek(
        &self,
        creator: Creator<'_>,
        pool: Pool,
    ) -> Result<(GameId, Token), ActError> {
        for seeker in self.store.challenges(Some(pool.name()), now_ms()).await? {
            if seeker.account == creator.account.id {
                self.store
                    .cancel_challenge(&seeker.id, &creator.account.id)
                    .await?;
                self.owners().remove(&seeker.id);
            }
        }
        let (setup, time) = pool.game();
        self.open(creator, (setup, time, SeatChoice::Random, true), Some(pool))
            .await
    }

    /// Withdraws `account`'s challenge or seek `id`.
    ///
    /// # Errors
    ///
    /// [`ActError`]: no such challenge of the account's, or a store failure.
    pub async fn cancel(&self, account: &Account, id: &GameId) -> Result<(), ActError> {
        if !self.store.cancel_challenge(id, &account.id).await? {
            return Err(refused(
                Reason::UnknownChallenge,
                "no such challenge of yours",
            ));
        }
        self.owners().remove(id);
        self.refresh().await
    }

    /// Withdraws the challenges and seeks connection `connection` made (it closed).
    pub async fn left(&self, connection: u64) {
        let left: Vec<(GameId, String)> = {
            let mut owners = self.owners();
            let ids = owners
                .iter()
                .filter(|(_, owner)| owner.connection == connection)
                .map(|(id, _)| id.clone())
                .collect::<Vec<_>>();
            ids.into_iter()
                .filter_map(|id| owners.remove(&id).map(|owner| (id, owner.account)))
                .collect()
        };
        for (id, account) in &left {
            // A rematch offer (its owner has no account: it is keyed by its game) goes too.
            let done = if account.is_empty() {
                self.store.cancel_rematch(id).await
            } else {
                self.store.cancel_challenge(id, account).await.map(|_| ())
            };
            if let Err(e) = done {
                eprintln!("ishi-server: lobby: {e}");
            }
        }
        let ids = left;
        if !ids.is_empty()
            && let Err(e) = self.refresh().await
        {
            eprintln!("ishi-server: lobby: {e:?}");
        }
    }

    /// `account` accepts challenge `id`: the new game's id, the account's seat and token.
    ///
    /// # Errors
    ///
    /// [`ActError`]: the challenge is gone or the account's own, or a store failure.
    pub async fn accept(
        &self,
        account: &Account,
        id: &GameId,
    ) -> Result<(GameId, Player, Token), ActError> {
        let gone = || refused(Reason::UnknownChallenge, "the challenge is no longer open");
        let challenge = self
            .store
            .challenge(id)
            .await?
            .filter(|c| c.pool.is_none())
            .ok_or_else(gone)?;
        if challenge.account == account.id {
            return Err(refused(Reason::OwnChallenge, "this is your own challenge"));
        }
        let creator = seat_for(challenge.seat);
        let token = Token::from_bytes(random_bytes());
        let hash = token_hash(&token);
        let game = GameId::from_bytes(random_bytes());
        let mut seats = ByColor::new((None, "", ""), (None, "", ""));
        seats[creator] = (
            Some(challenge.account.as_str()),
            challenge.name.as_str(),
            "",
        );
        seats[!creator] = (
            Some(account.id.as_str()),
            account.name.as_str(),
            hash.as_str(),
        );
        let notice = format!("started:{id}:{game}:{}", creator.name());
        let start = Start {
            game: &game,
            setup: &challenge.setup,
            time: challenge.time,
            rated: challenge.rated,
            seats,
            at_ms: now_ms(),
        };
        if !self.store.start_game(&[id], &start, &notice).await? {
            return Err(gone());
        }
        self.started(&notice).await;
        Ok((game, !creator, token))
    }

    /// Has the pairing run soon: one pass pairs all the seekers that came meanwhile (a pass
    /// for each of 200 seekers coming at once made them wait 0.8 s at the median, each pass
    /// reading the pools and racing the others for the same pairs).
    pub fn pair_soon(&self) {
        self.wake.notify_one();
    }

    /// Pairs the seekers of every pool that can be paired (one task does, [`Lobby::start`]'s).
    async fn pair(&self) -> Result<(), ActError> {
        for pool in Pool::ALL {
            let now = now_ms();
            let seekers = self.store.challenges(Some(pool.name()), now).await?;
            let mut taken = vec![false; seekers.len()];
            for i in 0..seekers.len() {
                if taken[i] {
                    continue;
                }
                let range = pairing_range(now - seekers[i].created_ms);
                let nearest = (i + 1..seekers.len())
                    .filter(|&j| !taken[j] && seekers[j].account != seekers[i].account)
                    .map(|j| (j, (seekers[j].rating - seekers[i].rating).abs()))
                    .filter(|&(_, gap)| gap <= range)
                    .min_by(|a, b| a.1.total_cmp(&b.1));
                let Some((j, _)) = nearest else { continue };
                taken[i] = true;
                taken[j] = true;
                // A pair another instance took first, or a transaction the database gave up
                // on, is left to the next pass; the others are paired now.
                if let Err(e) = self.start_paired(pool, &seekers[i], &seekers[j]).await {
                    eprintln!("ishi-server: pairing: {e:?}");
                }
            }
        }
        Ok(())
    }

    /// Starts the game of two seekers (colours drawn).
    async fn start_paired(
        &self,
        pool: Pool,
        one: &StoredChallenge,
        two: &StoredChallenge,
    ) -> Result<(), ActError> {
        let (black, white) = if random_bytes::<1>()[0] & 1 == 0 {
            (one, two)
        } else {
            (two, one)
        };
        let game = GameId::from_bytes(random_bytes());
        let (setup, time) = pool.game();
        let notice = format!(
            "started:{}:{game}:black;started:{}:{game}:white",
            black.id, white.id
        );
        let start = Start {
            game: &game,
            setup: &setup,
            time,
            rated: true,
            seats: ByColor::new(
                (Some(black.account.as_str()), black.name.as_str(), ""),
                (Some(white.account.as_str()), white.name.as_str(), ""),
            ),
            at_ms: now_ms(),
        };
        // The seats take the challenges' token hashes in the order they are given.
        if self
            .store
            .start_game(&[&black.id, &white.id], &start, &notice)
            .await?
        {
            self.started(&notice).await;
        }
        Ok(())
    }

    /// What another instance (or this one) told on the lobby's channel: `changed`, games
    /// started from challenges (`started:CHALLENGE:GAME:SEAT`, apart by `;`), whose creators
    /// connected here hear of them (the lobby is read again); a chat line
    /// (`chat:INSTANCE:GAME:LINE`) or a rematch offer (`rematch:INSTANCE:GAME:SEAT`) of
    /// another instance, shown to this one's followers of the game.
    pub async fn started(&self, notice: &str) {
        if let Some(rest) = notice
            .strip_prefix("chat:")
            .or_else(|| notice.strip_prefix("rematch:"))
        {
            let mut fields = rest.split(':');
            let (Some(instance), Some(game), Some(last)) =
                (fields.next(), fields.next(), fields.next())
            else {
                return;
            };
            if instance == self.instance {
                return;
            }
            let Ok(game) = GameId::try_from(game.to_owned()) else {
                return;
            };
            let Some(room) = self.hub.loaded(&game) else {
                return;
            };
            let event = if notice.starts_with("chat:") {
                match self.store.chat_line(&game, last).await {
                    Ok(Some((players, line))) => RoomEvent::Chat(players, line),
                    _ => return,
                }
            } else {
                match last.parse() {
                    Ok(seat) => RoomEvent::Rematch(seat),
                    Err(_) => return,
                }
            };
            self.hub.tell(&room, event);
            return;
        }
        for part in notice.split(';') {
            let mut fields = part.split(':');
            let (Some("started"), Some(challenge), Some(game), Some(seat)) =
                (fields.next(), fields.next(), fields.next(), fields.next())
            else {
                continue;
            };
            let (Ok(challenge), Ok(game)) = (
                GameId::try_from(challenge.to_owned()),
                GameId::try_from(game.to_owned()),
            ) else {
                continue;
            };
            let Ok(seat) = seat.parse::<Player>() else {
                continue;
            };
            if let Some(owner) = self.owners().remove(&challenge) {
                owner
                    .outbox
                    .try_send(ServerMessage::Started {
                        challenge,
                        game,
                        seat,
                    })
                    .ok();
            }
        }
        if let Err(e) = self.refresh().await {
            eprintln!("ishi-server: lobby: {e:?}");
        }
    }

    /// The profile of the account named `name`.
    ///
    /// # Errors
    ///
    /// [`ActError`]: no such account, or a store failure.
    pub async fn profile(&self, name: &str) -> Result<ProfileView, ActError> {
        let account = self
            .store
            .account_by_key(&name.trim().to_lowercase())
            .await?
            .ok_or_else(|| refused(Reason::UnknownPlayer, "no account has this name"))?;
        let mut ratings = Vec::new();
        for class in RatingClass::ALL {
            let stored = self.store.rating(&account.id, class).await?;
            if stored.games == 0 {
                continue;
            }
            ratings.push(ClassRating {
                class,
                rating: stored.rating.rating(),
                deviation: stored.rating.deviation(),
                provisional: stored.rating.is_provisional(),
                games: stored.games,
                wins: stored.wins,
                losses: stored.losses,
                draws: stored.draws,
                history: self
                    .store
                    .rating_history(&account.id, class, HISTORY)
                    .await?,
            });
        }
        let mut recent = Vec::new();
        for (game, seat, (rated, counted), created_ms) in
            self.store.games_of(&account.id, RECENT).await?
        {
            let Ok(room) = self.hub.room(&game).await else {
                continue;
            };
            let summary = self.hub.summary(&room, seat).await;
            self.hub.release(&room);
            recent.push(RecentGame {
                game,
                setup: summary.setup,
                time: summary.time,
                names: summary.names,
                seat,
                phase: summary.phase,
                result: summary.result,
                rated,
                counted,
                created_ms,
            });
        }
        Ok(ProfileView {
            name: account.name,
            deleted: account.password.is_none(),
            ratings,
            recent,
        })
    }
}

impl Lobby {
    /// Says `text` in game `room`'s chat: as `seat` in the players' chat, or as a watcher
    /// logged in as `account`.
    ///
    /// # Errors
    ///
    /// [`ActError`]: bad text, a watcher not logged in, or a store failure.
    pub async fn chat(
        &self,
        room: &Arc<Room>,
        seat: Option<Player>,
        account: Option<&Account>,
        text: &str,
    ) -> Result<(), ActError> {
        let text = text.trim();
        if !is_valid_chat(text) {
            return Err(refused(
                Reason::BadText,
                "a chat line is 1 to 200 characters without control characters",
            ));
        }
        let name = match (seat, account) {
            (Some(seat), _) => self.hub.table(room).await.names()[seat]
                .map(str::to_owned)
                .unwrap_or_default(),
            (None, Some(account)) => account.name.clone(),
            (None, None) => {
                return Err(refused(Reason::NotLoggedIn, "watchers log in to chat"));
            }
        };
        let line = ChatLine {
            seat,
            name,
            text: text.to_owned(),
            at_ms: now_ms(),
        };
        self.store
            .add_chat(room.id(), seat.is_some(), &line, &self.instance)
            .await?;
        self.hub.tell(room, RoomEvent::Chat(seat.is_some(), line));
        Ok(())
    }

    /// The latest chat lines of `room` for a seat (`players`) or a watcher.
    ///
    /// # Errors
    ///
    /// [`ActError`] for a store failure.
    pub async fn chat_lines(&self, room: &Room, players: bool) -> Result<Vec<ChatLine>, ActError> {
        Ok(self.store.chat(room.id(), players, CHAT_KEPT).await?)
    }

    /// `seat` of finished game `room` offers a rematch, on connection `connection` (which
    /// `outbox` reaches): `Ok(None)` when the offer waits for the other seat's (the offer's
    /// token is told on `outbox` as [`ServerMessage::Challenged`]), or the new game, this
    /// seat's new seat and its token when the other seat had offered.
    ///
    /// # Errors
    ///
    /// [`ActError`]: the game is not over, its rematch started already, or a store failure.
    pub async fn rematch(
        &self,
        room: &Arc<Room>,
        seat: Player,
        connection: u64,
        outbox: mpsc::Sender<ServerMessage>,
    ) -> Result<Option<(GameId, Player, Token)>, ActError> {
        let table = self.hub.table(room).await;
        if table.phase() != ishi_online::Phase::Over {
            return Err(refused(
                Reason::WrongPhase,
                "a rematch follows a finished game",
            ));
        }
        let (accounts, rated) = self.store.game_players(room.id()).await?;
        let names = table.names();
        let game = GameId::from_bytes(random_bytes());
        let token = Token::from_bytes(random_bytes());
        let hash = token_hash(&token);
        // Colours swapped: the old black plays white.
        let seat_tuple =
            |old: Player| (accounts[old].as_deref(), names[old].unwrap_or_default(), "");
        let start = Start {
            game: &game,
            setup: table.setup(),
            time: table.clock().control(),
            rated,
            seats: ByColor::new(seat_tuple(Player::White), seat_tuple(Player::Black)),
            at_ms: now_ms(),
        };
        let old = room.id();
        let offered = format!("rematch:{}:{old}:{}", self.instance, seat.name());
        // The other seat's new seat is this seat's colour.
        let started = format!("started:{old}:{game}:{}", seat.name());
        match self
            .store
            .rematch(old, seat, &hash, &start, (&offered, &started), now_ms())
            .await?
        {
            Rematch::Offered => {
                outbox
                    .try_send(ServerMessage::Challenged {
                        challenge: old.clone(),
                        token,
                    })
                    .ok();
                self.owners().insert(
                    old.clone(),
                    Owner {
                        connection,
                        account: String::new(),
                        outbox,
                    },
                );
                self.hub.tell(room, RoomEvent::Rematch(seat));
                Ok(None)
            }
            Rematch::Started => {
                self.started(&started).await;
                Ok(Some((game, !seat, token)))
            }
            Rematch::Gone => Err(refused(
                Reason::WrongPhase,
                "the rematch has started already",
            )),
        }
    }

    /// The games being played now.
    ///
    /// # Errors
    ///
    /// [`ActError`] for a store failure.
    pub async fn playing(&self) -> Result<Vec<LiveGame>, ActError> {
        let mut games = Vec::new();
        for (game, rated) in self.store.playing(PLAYING).await? {
            let Ok(room) = self.hub.room(&game).await else {
                continue;
            };
            let table = self.hub.table(&room).await;
            self.hub.release(&room);
            games.push(LiveGame {
                game,
                setup: table.setup().clone(),
                time: table.clock().control(),
                names: table.names().map(|n| n.map(str::to_owned)),
                moves: table.moves().len(),
                rated,
            });
        }
        Ok(games)
    }
}
