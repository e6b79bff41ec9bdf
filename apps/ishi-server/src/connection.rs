//! One WebSocket connection: reads the app's messages, acts on the games through the hub,
//! and forwards each followed game's new views. Every message is checked before it reaches a
//! game: its size (by the WebSocket's limit), its rate, its form; a refusal names the reason.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use ishi_online::SeatAct;
use ishi_online::protocol::{ClientMessage, GameId, Reason, Seen, ServerMessage, Ticket, Token};
use ishi_rules::Player;
use tokio::sync::mpsc;
use tokio::task::JoinHandle;

use crate::Limits;
use crate::accounts::{Account, Accounts, LoggedIn};
use crate::hub::{ActError, Hub, MoveCheck, Room, RoomEvent, now_ms};
use crate::lobby::{Creator, Lobby};

/// Messages waiting to be written to a slow link before its newest views are dropped.
const OUTBOX: usize = 64;
/// How often the server pings an idle link, to notice one that is gone.
const PING_EVERY: Duration = Duration::from_secs(20);

/// A game this connection follows.
struct Followed {
    room: Arc<Room>,
    you: Option<Player>,
    forward: JoinHandle<()>,
}

/// The state of one connection.
struct Connection {
    hub: Arc<Hub>,
    limits: Limits,
    outbox: mpsc::Sender<ServerMessage>,
    followed: HashMap<GameId, Followed>,
    bucket: Bucket,
    address: IpAddr,
    creators: Arc<PerAddress>,
    accounts: Arc<Accounts>,
    /// The account logged in on this connection.
    account: Option<Account>,
    lobby: Arc<Lobby>,
    /// This connection's number, to know its challenges by.
    number: u64,
    /// The task that forwards the lobby's changes, while the connection follows it.
    lobby_forward: Option<JoinHandle<()>>,
    /// Chat lines: one a second, five at once.
    chat_bucket: Bucket,
}

/// The connections' numbers.
static CONNECTIONS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// A token bucket: `rate` a second, bursts of `burst`.
pub(crate) struct Bucket {
    tokens: f64,
    rate: f64,
    burst: f64,
    last: Instant,
}

impl Bucket {
    pub(crate) fn new(rate: f64, burst: f64) -> Bucket {
        Bucket {
            tokens: burst,
            rate,
            burst,
            last: Instant::now(),
        }
    }

    fn refill(&mut self) {
        let now = Instant::now();
        let refill = now.duration_since(self.last).as_secs_f64() * self.rate;
        self.tokens = (self.tokens + refill).min(self.burst);
        self.last = now;
    }

    fn is_full(&mut self) -> bool {
        self.refill();
        self.tokens >= self.burst
    }

    pub(crate) fn take(&mut self) -> bool {
        self.refill();
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// An allowance per client address (games created, logins tried): a bucket per address,
/// shared by all of its connections (a new connection does not get a new allowance).
pub(crate) struct PerAddress {
    rate: f64,
    burst: f64,
    buckets: std::sync::Mutex<HashMap<IpAddr, Bucket>>,
}

/// The addresses remembered before the full buckets are forgotten.
const ADDRESSES_KEPT: usize = 10_000;

impl PerAddress {
    /// `rate` a second for each address, `burst` at once.
    pub(crate) fn new(rate: f64, burst: f64) -> PerAddress {
        PerAddress {
            rate,
            burst,
            buckets: std::sync::Mutex::new(HashMap::new()),
        }
    }

    /// `per_hour` an hour for each address, 10 at once (or a minute's worth, if more: ten
    /// for a person, a minute's worth for a bot farm allowed many).
    pub(crate) fn per_hour(per_hour: f64) -> PerAddress {
        PerAddress::new(
            per_hour / 3600.0,
            per_hour.clamp(1.0, 10.0).max(per_hour / 60.0),
        )
    }

    /// Whether `address` may do one more now (and counts it).
    pub(crate) fn allow(&self, address: IpAddr) -> bool {
        let mut buckets = self
            .buckets
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if buckets.len() > ADDRESSES_KEPT {
            // An address whose bucket has filled up again is as good as new.
            buckets.retain(|_, bucket| !bucket.is_full());
        }
        buckets
            .entry(address)
            .or_insert_with(|| Bucket::new(self.rate, self.burst))
            .take()
    }
}

/// Where a connection comes from, and what it may do.
pub(crate) struct Client {
    /// The client's address (the proxy's forwarded one when told to trust it).
    pub(crate) address: IpAddr,
    /// The limits of one connection.
    pub(crate) limits: Limits,
    /// The games each address may create.
    pub(crate) creators: Arc<PerAddress>,
    /// The accounts.
    pub(crate) accounts: Arc<Accounts>,
    /// The lobby.
    pub(crate) lobby: Arc<Lobby>,
}

/// Serves one WebSocket until it closes.
pub(crate) async fn serve(socket: WebSocket, hub: Arc<Hub>, client: Client) {
    let Client {
        address,
        limits,
        creators,
        accounts,
        lobby,
    } = client;
    let (mut sink, mut stream) = socket.split();
    let (outbox, mut outgoing) = mpsc::channel::<ServerMessage>(OUTBOX);
    let writer = tokio::spawn(async move {
        let mut ping = tokio::time::interval(PING_EVERY);
        ping.tick().await;
        loop {
            let message = tokio::select! {
                message = outgoing.recv() => match message {
                    Some(message) => Message::Text(Utf8Bytes::from(
                        serde_json::to_string(&message).expect("server messages serialize"),
                    )),
                    None => break,
                },
                _ = ping.tick() => Message::Ping(Default::default()),
            };
            if sink.send(message).await.is_err() {
                break;
            }
        }
        sink.close().await.ok();
    });
    let mut connection = Connection {
        hub,
        bucket: Bucket::new(limits.rate, limits.burst),
        limits,
        outbox,
        followed: HashMap::new(),
        address,
        creators,
        accounts,
        account: None,
        lobby,
        number: CONNECTIONS.fetch_add(1, std::sync::atomic::Ordering::Relaxed),
        lobby_forward: None,
        chat_bucket: Bucket::new(1.0, 5.0),
    };
    while let Some(Ok(message)) = stream.next().await {
        let text = match message {
            Message::Text(text) => text,
            Message::Close(_) => break,
            Message::Binary(_) => {
                connection.refuse(None, Reason::Malformed, "binary messages are not read");
                continue;
            }
            Message::Ping(_) | Message::Pong(_) => continue,
        };
        if !connection.bucket.take() {
            connection.refuse(None, Reason::TooFast, "too many messages; slow down");
            continue;
        }
        match serde_json::from_str::<ClientMessage>(&text) {
            Ok(message) => connection.handle(message).await,
            Err(e) => connection.refuse(None, Reason::Malformed, &e.to_string()),
        }
    }
    connection.close().await;
    drop(connection);
    writer.await.ok();
}

impl Connection {
    /// Queues a message; a link too slow to take it loses it (the next view says it all).
    fn send(&self, message: ServerMessage) {
        self.outbox.try_send(message).ok();
    }

    fn refuse(&self, game: Option<&GameId>, reason: Reason, detail: &str) {
        self.send(ServerMessage::Refused {
            game: game.cloned(),
            reason,
            detail: detail.chars().take(200).collect(),
        });
    }

    fn failed(&self, game: Option<&GameId>, error: ActError) {
        match error {
            ActError::Refused(reason, detail) => self.refuse(game, reason, &detail),
            ActError::Store(e) => {
                eprintln!("ishi-server: store: {e}");
                self.refuse(game, Reason::Unavailable, "the game could not be stored");
            }
        }
    }

    async fn handle(&mut self, message: ClientMessage) {
        match message {
            ClientMessage::Create {
                setup,
                time,
                seat,
                name,
            } => {
                if !self.has_room_for_one_more(None) {
                    return;
                }
                if !self.creators.allow(self.address) {
                    return self.refuse(
                        None,
                        Reason::TooManyGames,
                        "too many games created from this address; try again later",
                    );
                }
                match self.hub.create(setup, time, seat, name).await {
                    Ok((room, seat, token)) => self.seated(room, seat, token).await,
                    Err(e) => self.failed(None, e),
                }
            }
            ClientMessage::Join { game, name } => self.join(game, name).await,
            ClientMessage::Open { game, token } => self.open(game, token).await,
            ClientMessage::Act { ticket, act } => self.act(ticket, act).await,
            ClientMessage::List { games } => self.list(games).await,
            ClientMessage::Ping { t } => self.send(ServerMessage::Pong {
                t,
                server_ms: now_ms(),
            }),
            ClientMessage::Register { name, password } => {
                let done = self.accounts.register(&name, password, self.address).await;
                self.logged_in(done);
            }
            ClientMessage::Login { name, password } => {
                let done = self.accounts.login(&name, password, self.address).await;
                self.logged_in(done);
            }
            ClientMessage::Resume { session } => match self.accounts.resume(&session).await {
                Ok((account, expires_ms)) => self.logged_in(Ok((account, session, expires_ms))),
                Err(e) => {
                    self.account = None;
                    self.failed(None, e);
                }
            },
            ClientMessage::Lobby => self.follow_lobby(),
            ClientMessage::Profile { name } => match self.lobby.profile(&name).await {
                Ok(profile) => self.send(ServerMessage::Profile(Box::new(profile))),
                Err(e) => self.failed(None, e),
            },
            ClientMessage::Playing => match self.lobby.playing().await {
                Ok(games) => self.send(ServerMessage::Playing { games }),
                Err(e) => self.failed(None, e),
            },
            ClientMessage::Chat { game, token, text } => self.chat(game, token, text).await,
            ClientMessage::Rematch { ticket } => self.rematch(ticket).await,
            other => self.account_act(other).await,
        }
    }

    /// This connection as the creator of a challenge for `account`.
    fn creator<'a>(&self, account: &'a Account) -> Creator<'a> {
        Creator {
            account,
            connection: self.number,
            outbox: self.outbox.clone(),
        }
    }

    /// Game `game`'s room and the seat `token` holds in it (none without a token); a failure
    /// is told, and gives `None`.
    async fn room_as(
        &mut self,
        game: &GameId,
        token: Option<&Token>,
    ) -> Option<(Arc<Room>, Option<Player>)> {
        let room = match self.hub.room(game).await {
            Ok(room) => room,
            Err(e) => {
                self.failed(Some(game), e);
                return None;
            }
        };
        let seat = match token {
            Some(token) => match self.hub.seat_of(&room, token).await {
                Some(seat) => Some(seat),
                None => {
                    self.refuse(Some(game), Reason::NotSeated, "the token holds no seat");
                    return None;
                }
            },
            None => None,
        };
        Some((room, seat))
    }

    /// Says `text` in the game's chat, as the seat of `token` or as a watcher.
    async fn chat(&mut self, game: GameId, token: Option<Token>, text: String) {
        if !self.chat_bucket.take() {
            return self.refuse(Some(&game), Reason::TooFast, "one chat line a second");
        }
        let Some((room, seat)) = self.room_as(&game, token.as_ref()).await else {
            return;
        };
        if let Err(e) = self
            .lobby
            .chat(&room, seat, self.account.as_ref(), &text)
            .await
        {
            self.failed(Some(&game), e);
        }
        if !self.followed.contains_key(&game) {
            self.hub.release(&room);
        }
    }

    /// Offers a rematch as the seat of `ticket`.
    async fn rematch(&mut self, ticket: Ticket) {
        let game = ticket.game;
        if !self.has_room_for_one_more(None) {
            return;
        }
        let Some((room, Some(seat))) = self.room_as(&game, Some(&ticket.token)).await else {
            return;
        };
        match self
            .lobby
            .rematch(&room, seat, self.number, self.outbox.clone())
            .await
        {
            Ok(Some((new, seat, token))) => match self.hub.room(&new).await {
                Ok(room) => self.seated(room, seat, token).await,
                Err(e) => self.failed(Some(&new), e),
            },
            Ok(None) => {}
            Err(e) => self.failed(Some(&game), e),
        }
    }

    /// Sends the lobby now and after each change.
    fn follow_lobby(&mut self) {
        if let Some(old) = self.lobby_forward.take() {
            old.abort();
        }
        let mut lobby = self.lobby.follow();
        let outbox = self.outbox.clone();
        self.lobby_forward = Some(tokio::spawn(async move {
            loop {
                let challenges = lobby.borrow_and_update().as_ref().clone();
                if outbox
                    .send(ServerMessage::Lobby { challenges })
                    .await
                    .is_err()
                    || lobby.changed().await.is_err()
                {
                    return;
                }
            }
        }));
    }

    /// Logs the connection in, or says why not.
    fn logged_in(&mut self, done: Result<LoggedIn, ActError>) {
        match done {
            Ok((account, session, expires_ms)) => {
                self.send(ServerMessage::Account {
                    name: account.name.clone(),
                    session,
                    expires_ms,
                });
                self.account = Some(account);
            }
            Err(e) => self.failed(None, e),
        }
    }

    /// Says a challenge or seek is open, or why not.
    fn challenged(&self, opened: Result<(GameId, Token), ActError>) {
        match opened {
            Ok((challenge, token)) => self.send(ServerMessage::Challenged { challenge, token }),
            Err(e) => self.failed(None, e),
        }
    }

    /// A message that needs the connection logged in: refused without an account.
    async fn account_act(&mut self, message: ClientMessage) {
        let Some(account) = self.account.clone() else {
            return self.refuse(None, Reason::NotLoggedIn, "log in first");
        };
        // A session ended elsewhere (a logout, a new password, the account deleted) ends
        // here at its next use.
        let account = match self.accounts.still(&account).await {
            Ok(account) => account,
            Err(e) => {
                if matches!(e, ActError::Refused(Reason::BadSession, _)) {
                    self.account = None;
                }
                return self.failed(None, e);
            }
        };
        let done = match message {
            ClientMessage::Logout => self
                .accounts
                .logout(&account)
                .await
                .map_err(ActError::Store),
            ClientMessage::ChangePassword { old, new } => {
                let changed = self
                    .accounts
                    .change_password(&account, old, new, self.address)
                    .await;
                return self.logged_in(changed);
            }
            ClientMessage::DeleteAccount { password } => {
                self.accounts.delete(&account, password, self.address).await
            }
            ClientMessage::Challenge {
                setup,
                time,
                seat,
                rated,
            } => {
                let opened = self
                    .lobby
                    .challenge(self.creator(&account), (setup, time, seat, rated))
                    .await;
                return self.challenged(opened);
            }
            ClientMessage::Seek { pool } => {
                let opened = self.lobby.seek(self.creator(&account), pool).await;
                let open = opened.is_ok();
                self.challenged(opened);
                // After the token: a pairing at once is told after it.
                if open {
                    self.lobby.pair_soon();
                }
                return;
            }
            ClientMessage::Cancel { challenge } => {
                if let Err(e) = self.lobby.cancel(&account, &challenge).await {
                    self.failed(None, e);
                }
                return;
            }
            ClientMessage::Accept { challenge } => {
                if !self.has_room_for_one_more(None) {
                    return;
                }
                match self.lobby.accept(&account, &challenge).await {
                    Ok((game, seat, token)) => match self.hub.room(&game).await {
                        Ok(room) => self.seated(room, seat, token).await,
                        Err(e) => self.failed(Some(&game), e),
                    },
                    Err(e) => self.failed(None, e),
                }
                return;
            }
            ClientMessage::Claim { games } => {
                let games = games
                    .into_iter()
                    .take(self.limits.games_per_connection)
                    .collect();
                match self.accounts.claim(&self.hub, &account, games).await {
                    Ok(games) => return self.send(ServerMessage::Claimed { games }),
                    Err(e) => Err(e),
                }
            }
            _ => return,
        };
        match done {
            Ok(()) => {
                self.account = None;
                self.send(ServerMessage::LoggedOut);
            }
            Err(e) => {
                if matches!(e, ActError::Refused(Reason::BadSession, _)) {
                    self.account = None;
                }
                self.failed(None, e);
            }
        }
    }

    fn has_room_for_one_more(&self, game: Option<&GameId>) -> bool {
        if game.is_some_and(|g| self.followed.contains_key(g))
            || self.followed.len() < self.limits.games_per_connection
        {
            return true;
        }
        self.refuse(
            game,
            Reason::TooManyGames,
            "this connection follows too many games",
        );
        false
    }

    async fn seated(&mut self, room: Arc<Room>, seat: Player, token: Token) {
        self.send(ServerMessage::Seated {
            game: room_id(&room),
            seat,
            token,
        });
        self.follow(room, Some(seat)).await;
    }

    async fn join(&mut self, game: GameId, name: String) {
        if !self.has_room_for_one_more(Some(&game)) {
            return;
        }
        let room = match self.hub.room(&game).await {
            Ok(room) => room,
            Err(e) => return self.failed(Some(&game), e),
        };
        match self.hub.join(&room, name).await {
            Ok(Some((seat, token))) => self.seated(room, seat, token).await,
            Ok(None) => self.follow(room, None).await,
            Err(e) => self.failed(Some(&game), e),
        }
    }

    async fn open(&mut self, game: GameId, token: Option<Token>) {
        if !self.has_room_for_one_more(Some(&game)) {
            return;
        }
        if let Some((room, you)) = self.room_as(&game, token.as_ref()).await {
            self.follow(room, you).await;
        }
    }

    /// Sends the game now and forwards its changes from here on.
    async fn follow(&mut self, room: Arc<Room>, you: Option<Player>) {
        let id = room_id(&room);
        if let Some(old) = self.followed.remove(&id) {
            old.forward.abort();
        }
        let (view, mut changes) = self.hub.follow(&room, you).await;
        let mut events = self.hub.events(&room);
        self.send(ServerMessage::Game(Box::new(view)));
        // The chat this connection reads: the players' for a seat, the watchers' otherwise.
        let players = you.is_some();
        match self.lobby.chat_lines(&room, players).await {
            Ok(lines) if !lines.is_empty() => self.send(ServerMessage::Chat {
                game: id.clone(),
                lines,
            }),
            Ok(_) => {}
            Err(e) => self.failed(Some(&id), e),
        }
        let outbox = self.outbox.clone();
        let game = id.clone();
        let forward = tokio::spawn(async move {
            use tokio::sync::broadcast::error::RecvError;
            loop {
                let message = tokio::select! {
                    change = changes.recv() => match change {
                        Ok(view) => {
                            let mut view = (*view).clone();
                            view.you = you;
                            ServerMessage::Game(Box::new(view))
                        }
                        // Behind: the views skipped are older than the next one, which is whole.
                        Err(RecvError::Lagged(_)) => continue,
                        Err(RecvError::Closed) => return,
                    },
                    event = events.recv() => match event.as_deref() {
                        Ok(RoomEvent::Chat(to_players, line)) if *to_players == players => {
                            ServerMessage::Chat { game: game.clone(), lines: vec![line.clone()] }
                        }
                        Ok(&RoomEvent::Rematch(by)) if you.is_some_and(|seat| seat != by) => {
                            ServerMessage::RematchOffered { game: game.clone(), by }
                        }
                        Ok(_) | Err(RecvError::Lagged(_)) => continue,
                        Err(RecvError::Closed) => return,
                    },
                };
                if outbox.send(message).await.is_err() {
                    return;
                }
            }
        });
        self.followed.insert(id, Followed { room, you, forward });
    }

    async fn act(&mut self, ticket: Ticket, act: SeatAct<Seen>) {
        let game = ticket.game;
        if !self.has_room_for_one_more(Some(&game)) {
            return;
        }
        let room = match self.followed.get(&game) {
            Some(f) => f.room.clone(),
            None => match self.hub.room(&game).await {
                Ok(room) => room,
                Err(e) => return self.failed(Some(&game), e),
            },
        };
        let Some(seat) = self.hub.seat_of(&room, &ticket.token).await else {
            return self.refuse(Some(&game), Reason::NotSeated, "the token holds no seat");
        };
        if self.followed.get(&game).is_none_or(|f| f.you != Some(seat)) {
            self.follow(room.clone(), Some(seat)).await;
        }
        if let SeatAct::Play { seen, mv } = &act {
            match self.hub.check_move(&room, seat, seen.after, mv).await {
                MoveCheck::New => {}
                MoveCheck::Resend => {
                    // Taken already: the game as it is acknowledges it.
                    let (view, _) = self.hub.follow(&room, Some(seat)).await;
                    return self.send(ServerMessage::Game(Box::new(view)));
                }
                MoveCheck::Stale => {
                    return self.refuse(
                        Some(&game),
                        Reason::Stale,
                        "the game has moved on since; here it is",
                    );
                }
            }
        }
        if let Err(e) = self.hub.act(&room, Some(seat), act.recorded().into()).await {
            self.failed(Some(&game), e);
        }
    }

    async fn list(&mut self, tickets: Vec<Ticket>) {
        let mut games = Vec::new();
        for ticket in tickets.into_iter().take(self.limits.games_per_connection) {
            let Ok(room) = self.hub.room(&ticket.game).await else {
                continue;
            };
            if let Some(seat) = self.hub.seat_of(&room, &ticket.token).await {
                games.push(self.hub.summary(&room, seat).await);
            }
            if !self.followed.contains_key(&ticket.game) {
                self.hub.release(&room);
            }
        }
        self.send(ServerMessage::List { games });
    }

    async fn close(&mut self) {
        if let Some(forward) = self.lobby_forward.take() {
            forward.abort();
        }
        self.lobby.left(self.number).await;
        for (_, followed) in self.followed.drain() {
            followed.forward.abort();
            // The forwarder held the receiver: once it is gone the room may be released.
            let hub = self.hub.clone();
            tokio::spawn(async move {
                followed.forward.await.ok();
                hub.release(&followed.room);
            });
        }
    }
}

fn room_id(room: &Room) -> GameId {
    room.id().clone()
}
