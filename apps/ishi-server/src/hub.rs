//! The games in play on this server: a room per game in memory, its table (the referee's
//! state) behind a lock, and a broadcast of the game's new view to everyone following it.
//!
//! A change is checked by the referee, stored, and only then shown: the player who made it
//! learns it was taken from the view that follows the commit. A change is worked out on a
//! copy of the game that replaces it once stored, so memory never holds what the store does
//! not; a writer that finds another instance stored first loads the game again and retries.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use ishi_online::protocol::{ChatLine, GameId, GameView, Reason, Summary, Token};
use ishi_online::rated::{self, RatingClass};
use ishi_online::{Act, GameSetup, Phase, Record, Refusal, SeatChoice, Table, TimeControl};
use ishi_rules::{ByColor, Player};
use tokio::sync::{broadcast, watch};

use crate::store::{Appended, Store, StoreError, token_hash};

/// Milliseconds since the Unix epoch: the time of every record.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

/// `N` bytes from the operating system's CSPRNG.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0; N];
    getrandom::fill(&mut bytes).expect("the operating system's random source is available");
    bytes
}

/// Why an act did not happen: the referee's refusal, or the store's failure.
#[derive(Debug)]
pub enum ActError {
    /// Refused; nothing changed.
    Refused(Reason, String),
    /// The store failed; nothing changed.
    Store(StoreError),
}

impl ActError {
    fn refusal(refusal: &Refusal) -> ActError {
        ActError::Refused(refusal.into(), refusal.to_string())
    }
}

impl From<StoreError> for ActError {
    fn from(e: StoreError) -> ActError {
        ActError::Store(e)
    }
}

/// A game's state in memory.
struct Loaded {
    table: Table,
    /// The number of records stored: the next record's number.
    seq: i64,
    /// The hashes of the seats' tokens.
    seats: ByColor<Option<String>>,
}

/// One game in memory.
pub struct Room {
    id: GameId,
    state: tokio::sync::Mutex<Loaded>,
    views: broadcast::Sender<Arc<GameView>>,
    deadline: watch::Sender<Option<i64>>,
    events: broadcast::Sender<Arc<RoomEvent>>,
}

/// What happens in a game besides its moves: a chat line, a rematch offered.
#[derive(Clone, Debug)]
pub enum RoomEvent {
    /// A chat line: the players' (`true`) or the watchers'.
    Chat(bool, ChatLine),
    /// A seat offers a rematch.
    Rematch(Player),
}

impl Room {
    /// The game's id.
    pub fn id(&self) -> &GameId {
        &self.id
    }
}

/// All the rooms of this server.
pub struct Hub {
    store: Store,
    rooms: Mutex<HashMap<GameId, Arc<Room>>>,
}

/// How many views a slow follower may fall behind before it skips to the newest.
const VIEW_BACKLOG: usize = 16;
/// Tries to store a record when other instances keep storing first.
const TRIES: usize = 5;

impl Hub {
    /// A hub over `store`, with timers for the clocked games still going.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the running games cannot be read.
    pub async fn start(store: Store) -> Result<Arc<Hub>, StoreError> {
        let hub = Arc::new(Hub {
            store,
            rooms: Mutex::new(HashMap::new()),
        });
        for id in hub.store.running_clocked().await? {
            if let Err(e) = hub.room(&id).await {
                eprintln!("ishi-server: game {id} not loaded: {e:?}");
            }
        }
        Ok(hub)
    }

    fn rooms(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Arc<Room>>> {
        self.rooms.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// The room of game `id`, loaded from the store if needed.
    ///
    /// # Errors
    ///
    /// [`ActError::Refused`] with [`Reason::UnknownGame`] for no such game.
    pub async fn room(self: &Arc<Hub>, id: &GameId) -> Result<Arc<Room>, ActError> {
        if let Some(room) = self.rooms().get(id) {
            return Ok(room.clone());
        }
        let loaded = self.load(id).await?;
        let deadline = loaded.table.deadline();
        let room = Arc::new(Room {
            id: id.clone(),
            state: tokio::sync::Mutex::new(loaded),
            views: broadcast::channel(VIEW_BACKLOG).0,
            deadline: watch::channel(deadline).0,
            events: broadcast::channel(VIEW_BACKLOG).0,
        });
        let (room, inserted) = {
            let mut rooms = self.rooms();
            match rooms.get(id) {
                // Loaded meanwhile by another connection: that room, with its timer.
                Some(first) => (first.clone(), false),
                None => {
                    rooms.insert(id.clone(), room.clone());
                    (room, true)
                }
            }
        };
        if inserted {
            self.watch_clock(&room);
        }
        Ok(room)
    }

    async fn load(&self, id: &GameId) -> Result<Loaded, ActError> {
        let stored = self
            .store
            .load(id)
            .await?
            .ok_or_else(|| ActError::Refused(Reason::UnknownGame, format!("no game {id}")))?;
        let mut table = Table::new(stored.setup, stored.time)
            .map_err(|e| StoreError::Damaged(format!("game {id}: {e}")))?;
        for (i, record) in stored.records.iter().enumerate() {
            table
                .apply(record)
                .map_err(|e| StoreError::Damaged(format!("game {id}, record {i}: {e}")))?;
        }
        Ok(Loaded {
            table,
            seq: stored.records.len() as i64,
            seats: stored.seats,
        })
    }

    /// The room of game `id` if it is in memory.
    pub fn loaded(&self, id: &GameId) -> Option<Arc<Room>> {
        self.rooms().get(id).cloned()
    }

    /// Shows `event` to the room's followers.
    pub fn tell(&self, room: &Room, event: RoomEvent) {
        room.events.send(Arc::new(event)).ok();
    }

    /// The room's events from now on.
    pub fn events(&self, room: &Room) -> broadcast::Receiver<Arc<RoomEvent>> {
        room.events.subscribe()
    }

    /// The store.
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The game's table as it is now.
    pub async fn table(&self, room: &Room) -> Table {
        room.state.lock().await.table.clone()
    }

    /// Forgets a room nobody follows and no clock needs (it is loaded again when opened).
    pub fn release(&self, room: &Arc<Room>) {
        let mut rooms = self.rooms();
        if room.views.receiver_count() == 0 && room.deadline.borrow().is_none() {
            rooms.remove(&room.id);
        }
    }

    /// Creates a game with the creator seated: its id, seat and token.
    ///
    /// # Errors
    ///
    /// [`ActError`] for a set-up or name the referee refuses, or a store failure.
    pub async fn create(
        self: &Arc<Hub>,
        setup: GameSetup,
        time: TimeControl,
        choice: SeatChoice,
        name: String,
    ) -> Result<(Arc<Room>, Player, Token), ActError> {
        let mut table = Table::new(setup.clone(), time)
            .map_err(|e| ActError::Refused(Reason::BadSetup, e.to_string()))?;
        let seat = match choice {
            SeatChoice::Black => Player::Black,
            SeatChoice::White => Player::White,
            SeatChoice::Random if random_bytes::<1>()[0] & 1 == 0 => Player::Black,
            SeatChoice::Random => Player::White,
        };
        let record = Record {
            by: Some(seat),
            at_ms: now_ms(),
            act: Act::Sit { name },
        };
        table.apply(&record).map_err(|e| ActError::refusal(&e))?;
        let id = GameId::from_bytes(random_bytes());
        let token = Token::from_bytes(random_bytes());
        self.store
            .create(&id, &setup, time, seat, &token, &record)
            .await?;
        let room = self.room(&id).await?;
        Ok((room, seat, token))
    }

    /// The seat `token` holds in the game, if any.
    pub async fn seat_of(&self, room: &Room, token: &Token) -> Option<Player> {
        let hash = token_hash(token);
        let state = room.state.lock().await;
        [Player::Black, Player::White]
            .into_iter()
            .find(|&p| state.seats[p].as_deref() == Some(hash.as_str()))
    }

    /// Takes the free seat for a new token, if there is one (`None`: watch instead).
    ///
    /// # Errors
    ///
    /// [`ActError`] for a name the referee refuses or a store failure.
    pub async fn join(
        self: &Arc<Hub>,
        room: &Arc<Room>,
        name: String,
    ) -> Result<Option<(Player, Token)>, ActError> {
        let mut state = room.state.lock().await;
        for _ in 0..TRIES {
            let Some(seat) = state.table.free_seat() else {
                return Ok(None);
            };
            if state.table.phase() != Phase::Waiting {
                return Ok(None);
            }
            let record = Record {
                by: Some(seat),
                at_ms: now_ms(),
                act: Act::Sit { name: name.clone() },
            };
            let mut table = state.table.clone();
            table.apply(&record).map_err(|e| ActError::refusal(&e))?;
            let token = Token::from_bytes(random_bytes());
            match self
                .store
                .claim(&room.id, seat, &token, state.seq, &record)
                .await?
            {
                Appended::Done => {
                    state.table = table;
                    state.seq += 1;
                    state.seats[seat] = Some(token_hash(&token));
                    self.publish(room, &state);
                    return Ok(Some((seat, token)));
                }
                Appended::Behind => *state = self.load(&room.id).await?,
            }
        }
        Err(ActError::Refused(Reason::Unavailable, "busy".into()))
    }

    /// Applies `act` by `by` (`None`: the server) to the game, stores it, and shows it.
    ///
    /// # Errors
    ///
    /// [`ActError`] when the referee refuses or the store fails; nothing changed.
    pub async fn act(
        &self,
        room: &Arc<Room>,
        by: Option<Player>,
        act: Act,
    ) -> Result<(), ActError> {
        let mut state = room.state.lock().await;
        for _ in 0..TRIES {
            let record = Record {
                by,
                at_ms: now_ms(),
                act: act.clone(),
            };
            // Worked out on a copy (a few KB: the current position and the moves), which
            // replaces the game only once stored: memory never holds what the store does not.
            let mut next = state.table.clone();
            if let Err(refusal) = next.apply(&record) {
                if refusal == Refusal::TimeUp {
                    drop(state);
                    // The flag fell before the move came: the game is lost on time.
                    Box::pin(self.act(room, None, Act::Timeout)).await.ok();
                }
                return Err(ActError::refusal(&refusal));
            }
            let finished = (next.phase() == Phase::Over).then(|| {
                let class = RatingClass::of(next.setup())?;
                Some((class, rated::scores(&next)?))
            });
            match self
                .store
                .append(&room.id, state.seq, &record, finished)
                .await?
            {
                Appended::Done => {
                    state.table = next;
                    state.seq += 1;
                    self.publish(room, &state);
                    return Ok(());
                }
                Appended::Behind => *state = self.load(&room.id).await?,
            }
        }
        Err(ActError::Refused(Reason::Unavailable, "busy".into()))
    }

    /// Applies the records other instances stored since this one last looked, told that
    /// record `seq` of game `id` was stored.
    ///
    /// # Errors
    ///
    /// [`StoreError`] when the store cannot be read or holds records the referee refuses.
    pub async fn catch_up(&self, id: &GameId, seq: i64) -> Result<(), StoreError> {
        let Some(room) = self.rooms().get(id).cloned() else {
            return Ok(());
        };
        let mut state = room.state.lock().await;
        if seq < state.seq {
            // This instance's own record, or one it has read already.
            return Ok(());
        }
        let records = self.store.records_from(id, state.seq).await?;
        if records.is_empty() {
            return Ok(());
        }
        for record in &records {
            state
                .table
                .apply(record)
                .map_err(|e| StoreError::Damaged(format!("game {id}: {e}")))?;
            state.seq += 1;
        }
        if let Some(seat) = records.iter().find_map(|r| match r.act {
            Act::Sit { .. } => r.by,
            _ => None,
        }) {
            // A seat taken elsewhere: its token's hash is in the store.
            if let Some(stored) = self.store.load(id).await? {
                state.seats[seat] = stored.seats[seat].clone();
            }
        }
        self.publish(&room, &state);
        Ok(())
    }

    fn publish(&self, room: &Room, state: &Loaded) {
        let view = GameView::of(&state.table, room.id.clone(), None, now_ms());
        // Nobody following is fine: the next one to open the game reads it whole.
        room.views.send(Arc::new(view)).ok();
        room.deadline.send_replace(state.table.deadline());
    }

    /// The game as seen by `you` now, and the changes to come.
    pub async fn follow(
        &self,
        room: &Room,
        you: Option<Player>,
    ) -> (GameView, broadcast::Receiver<Arc<GameView>>) {
        let state = room.state.lock().await;
        let receiver = room.views.subscribe();
        (
            GameView::of(&state.table, room.id.clone(), you, now_ms()),
            receiver,
        )
    }

    /// The game in a line for the seat `you`.
    pub async fn summary(&self, room: &Room, you: Player) -> Summary {
        let state = room.state.lock().await;
        Summary::of(&state.table, room.id.clone(), you)
    }

    /// Whether the move `mv` by `by` after `after` moves is a resend, a stale move, or new.
    pub async fn check_move(&self, room: &Room, by: Player, after: usize, mv: &str) -> MoveCheck {
        let state = room.state.lock().await;
        if state.table.is_resend(by, after, mv) {
            MoveCheck::Resend
        } else if after != state.table.moves().len() {
            MoveCheck::Stale
        } else {
            MoveCheck::New
        }
    }

    /// Runs the room's flag: when the player to move's deadline passes, the game ends.
    fn watch_clock(self: &Arc<Hub>, room: &Arc<Room>) {
        if !room.deadline.borrow().is_some() && !self.clocked(room) {
            return;
        }
        let hub = Arc::downgrade(self);
        let weak = Arc::downgrade(room);
        let mut deadline = room.deadline.subscribe();
        tokio::spawn(async move {
            loop {
                let next = *deadline.borrow_and_update();
                let wait = match next {
                    Some(at) => Duration::from_millis(u64::try_from(at - now_ms()).unwrap_or(0)),
                    None => Duration::from_secs(24 * 3600),
                };
                tokio::select! {
                    changed = deadline.changed() => if changed.is_err() { return },
                    () = tokio::time::sleep(wait) => {
                        let (Some(hub), Some(room)) = (hub.upgrade(), weak.upgrade()) else {
                            return;
                        };
                        if next.is_some() {
                            // Refused when a move came first: the new deadline follows.
                            hub.act(&room, None, Act::Timeout).await.ok();
                        }
                    }
                }
            }
        });
    }

    fn clocked(&self, room: &Room) -> bool {
        room.state
            .try_lock()
            .is_ok_and(|state| state.table.clock().control().has_clock())
    }
}

/// What a move sent with the number of moves it follows is.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum MoveCheck {
    /// A new move at the end.
    New,
    /// The move the server already has at that place: acknowledge it again.
    Resend,
    /// The game has moved on since the player looked.
    Stale,
}
