//! Playing online with others, beyond a link: the account, the lobby's challenges and quick
//! pairing, the games to watch, profiles, a game's chat and rematch, and the notice of a move
//! that waits.
//!
//! It lives apart from the app's state ([`crate::state::AppState`]), which holds the games:
//! [`Club`] is what the server said of the rest, in a signal of its own ([`CLUB`]), and its
//! code is in the web build's lazy parts only (the first board carries none of it). Every
//! server message reaches it where the messages are decoded ([`crate::net::follow`],
//! [`deliver`]);
//! what it makes of one is a list of [`Step`]s: games for the app's state to open (a
//! challenge accepted, a pairing found, a rematch), messages to send, its saving, a notice.
//! The pure part ([`Club::receive`]) is tested without a runtime.
//!
//! Decisions:
//! - The session is kept on the device with the account's name (`ishi-club`), not in the
//!   app's saved state; each time the link comes up the club logs in again with it
//!   ([`ensure_started`]). A session the server no longer knows is forgotten, the name kept for the
//!   login form.
//! - A challenge or a seek of this device lives while the club's sheet is open: closing it
//!   withdraws them (as lichess' lobby does), so nobody is paired with a player who left.
//! - A move that waits is found by following the device's games being played (the server
//!   sends each change) while notices are on; the device is told of a move that came while it
//!   watched, never of the state it found at first (the Online games list shows that).

#[cfg(test)]
mod tests;

use dioxus::prelude::*;
use ishi_online::Phase;
use ishi_online::protocol::{
    ChallengeView, ChatLine, ClientMessage, GameId, GameView, LiveGame, ProfileView, Reason,
    ServerMessage, Ticket, Token,
};
use ishi_online::rated::Pool;
use ishi_rules::Player;
use serde::{Deserialize, Serialize};

use crate::app::AppHandle;
use crate::saved::OnlineSeat;
use crate::state::online::{Incoming, turn};
use crate::state::{AppAction, OnlineAction};

/// What the device keeps of the club between visits.
#[derive(Clone, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
pub struct Kept {
    /// The account's name, as registered (kept after a logout, for the form).
    #[serde(default)]
    pub name: String,
    /// The session, while logged in.
    #[serde(default)]
    pub session: Option<Token>,
    /// Whether the opponent's chat is hidden.
    #[serde(default)]
    pub hide_chat: bool,
}

/// The form waiting for the server's answer.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Busy {
    /// Registering.
    Register,
    /// Logging in with a password.
    Login,
    /// Changing the password.
    Password,
    /// Deleting the account.
    Delete,
    /// Posting a challenge.
    Challenge,
    /// Accepting a challenge.
    Accept,
}

/// What the club last has to tell about its forms.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Said {
    /// The server refused, with this reason.
    Refused(Reason),
    /// The password was changed.
    PasswordChanged,
    /// So many of the device's guest games moved to the account.
    Claimed(usize),
}

/// A game's chat as this device follows it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Chat {
    /// The game.
    pub game: GameId,
    /// Its lines, the oldest first (at most [`CHAT_KEPT`]).
    pub lines: Vec<ChatLine>,
    /// Why the server refused this device's last line, if it did.
    pub refused: Option<Reason>,
}

/// The most lines kept of a chat.
pub const CHAT_KEPT: usize = 100;

/// Everything the club knows: see the module's doc.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct Club {
    /// What the device keeps.
    pub kept: Kept,
    /// Whether the club reads the server's messages ([`ensure_started`]).
    pub ready: bool,
    /// Whether this connection is logged in.
    pub logged_in: bool,
    /// The form waiting for an answer.
    pub busy: Option<Busy>,
    /// What to tell about the forms.
    pub said: Option<Said>,
    /// Whether the club's sheet is open (the lobby followed, the challenges kept).
    pub open: bool,
    /// The lobby's open challenges, once the server sent them.
    pub lobby: Option<Vec<ChallengeView>>,
    /// This device's challenges, seek and rematch offers waiting to start: their ids and the
    /// tokens that become the seats.
    pub tokens: Vec<(GameId, Token)>,
    /// The pool this device seeks in, and the seek's id once the server named it.
    pub seeking: Option<(Pool, Option<GameId>)>,
    /// The games being played, to watch.
    pub playing: Option<Vec<LiveGame>>,
    /// The profile on screen.
    pub profile: Option<ProfileView>,
    /// The chats followed.
    pub chats: Vec<Chat>,
    /// Rematches the other seat offered: the game and that seat.
    pub offers: Vec<(GameId, Player)>,
    /// A seat the server is about to give (an accepted challenge, a rematch this device
    /// completed): the game opens when it comes.
    pub awaiting_seat: bool,
    /// The games followed for the notice of a move that waits, with the moves seen.
    pub watched: Vec<(GameId, usize)>,
}

/// What the club makes of a message: see the module's doc.
#[derive(Clone, PartialEq, Debug)]
pub enum Step {
    /// An action for the app's state.
    App(OnlineAction),
    /// A message to the server.
    Send(ClientMessage),
    /// Save what the device keeps.
    Save,
    /// Tell the player that a move waits in this game.
    Notify {
        /// The game.
        game: GameId,
        /// The opponent's name, if known.
        opponent: Option<String>,
        /// Whether the game is on screen (then the page says nothing while it is in sight).
        on_screen: bool,
    },
}

/// The tickets of `seats`.
fn tickets(seats: &[OnlineSeat]) -> Vec<Ticket> {
    seats.iter().map(OnlineSeat::ticket).collect()
}

impl Club {
    /// The account's name while logged in.
    pub fn account(&self) -> Option<&str> {
        (self.logged_in && self.kept.session.is_some()).then_some(self.kept.name.as_str())
    }

    /// The chat of `game`, if followed.
    pub fn chat(&self, game: &GameId) -> Option<&Chat> {
        self.chats.iter().find(|c| c.game == *game)
    }

    fn chat_mut(&mut self, game: &GameId) -> &mut Chat {
        if let Some(i) = self.chats.iter().position(|c| c.game == *game) {
            return &mut self.chats[i];
        }
        self.chats.push(Chat {
            game: game.clone(),
            lines: Vec::new(),
            refused: None,
        });
        let last = self.chats.len() - 1;
        &mut self.chats[last]
    }

    /// Whether `challenge` is this device's (a challenge, a seek or a rematch offer).
    pub fn is_mine(&self, challenge: &GameId) -> bool {
        self.tokens.iter().any(|(id, _)| id == challenge)
    }

    /// What the link coming up asks for: the session resumed, the lobby followed while the
    /// sheet is open, the device's games listed while notices are on (`notify`).
    pub fn link_up(&mut self, seats: &[OnlineSeat], notify: bool) -> Vec<Step> {
        self.logged_in = false;
        self.watched.clear();
        self.tokens.clear();
        self.seeking = None;
        self.busy = None;
        let mut steps = Vec::new();
        if let Some(session) = &self.kept.session {
            steps.push(Step::Send(ClientMessage::Resume {
                session: session.clone(),
            }));
        }
        if self.open {
            steps.push(Step::Send(ClientMessage::Lobby));
        }
        steps.extend(Club::relist(seats, notify));
        steps
    }

    /// The list of the device's games asked for while notices are on (`notify`), so that the
    /// games being played among `seats` are followed ([`Club::receive`]): when the link comes
    /// up and when the notices are turned on. (A seat gained later is followed as it comes.)
    pub fn relist(seats: &[OnlineSeat], notify: bool) -> Vec<Step> {
        if notify && !seats.is_empty() {
            vec![Step::Send(ClientMessage::List {
                games: tickets(seats),
            })]
        } else {
            Vec::new()
        }
    }

    /// What to do about `message` from the server: see the module's doc. `seats`: the seats
    /// the device holds; `notify`: whether notices are on; `on_screen`: the online game on
    /// screen.
    pub fn receive(
        &mut self,
        message: &ServerMessage,
        seats: &[OnlineSeat],
        notify: bool,
        on_screen: Option<&GameId>,
    ) -> Vec<Step> {
        let mut steps = Vec::new();
        match message {
            ServerMessage::Account { name, session, .. } => {
                let registered = self.busy == Some(Busy::Register);
                if self.busy == Some(Busy::Password) {
                    self.said = Some(Said::PasswordChanged);
                } else if self.busy.is_some() {
                    self.said = None;
                }
                self.busy = None;
                self.logged_in = true;
                self.kept.name.clone_from(name);
                self.kept.session = Some(session.clone());
                steps.push(Step::Save);
                // A guest's games move to the account made on this device.
                if registered && !seats.is_empty() {
                    steps.push(Step::Send(ClientMessage::Claim {
                        games: tickets(seats),
                    }));
                }
            }
            ServerMessage::LoggedOut => {
                self.busy = None;
                self.logged_in = false;
                self.kept.session = None;
                self.tokens.clear();
                self.seeking = None;
                steps.push(Step::Save);
            }
            ServerMessage::Claimed { games } => self.said = Some(Said::Claimed(games.len())),
            ServerMessage::Lobby { challenges } => self.lobby = Some(challenges.clone()),
            ServerMessage::Challenged { challenge, token } => {
                if self.busy == Some(Busy::Challenge) {
                    self.busy = None;
                }
                if let Some((_, id @ None)) = &mut self.seeking
                    && !seats.iter().any(|s| s.game == *challenge)
                {
                    *id = Some(challenge.clone());
                }
                self.tokens.retain(|(id, _)| id != challenge);
                self.tokens.push((challenge.clone(), token.clone()));
            }
            ServerMessage::Started {
                challenge,
                game,
                seat,
            } => {
                if let Some(i) = self.tokens.iter().position(|(id, _)| id == challenge) {
                    let (_, token) = self.tokens.remove(i);
                    if self
                        .seeking
                        .as_ref()
                        .is_some_and(|(_, id)| id.as_ref() == Some(challenge))
                    {
                        self.seeking = None;
                    }
                    self.offers.retain(|(g, _)| g != challenge);
                    self.watch(game, &token, notify, &mut steps);
                    steps.extend(open_seat(game, *seat, token));
                }
            }
            ServerMessage::Seated { game, seat, token } => {
                if std::mem::take(&mut self.awaiting_seat) {
                    self.busy = None;
                    steps.extend(open_seat(game, *seat, token.clone()));
                }
                self.watch(game, token, notify, &mut steps);
            }
            ServerMessage::Profile(profile) => self.profile = Some((**profile).clone()),
            ServerMessage::Playing { games } => self.playing = Some(games.clone()),
            ServerMessage::Chat { game, lines } => {
                let chat = self.chat_mut(game);
                for line in lines {
                    if !chat.lines.contains(line) {
                        chat.lines.push(line.clone());
                    }
                }
                let over = chat.lines.len().saturating_sub(CHAT_KEPT);
                chat.lines.drain(..over);
            }
            ServerMessage::RematchOffered { game, by }
                if !self.offers.contains(&(game.clone(), *by)) =>
            {
                self.offers.push((game.clone(), *by));
            }
            ServerMessage::Refused { game, reason, .. } => {
                self.refused(game.as_ref(), *reason, &mut steps);
            }
            ServerMessage::List { games } if notify => {
                for summary in games {
                    let live = matches!(summary.phase, Phase::Playing | Phase::Counting);
                    let seat = seats.iter().find(|s| s.game == summary.game);
                    if let (true, Some(seat)) = (live, seat)
                        && !self.watched.iter().any(|(g, _)| *g == summary.game)
                    {
                        self.watched.push((summary.game.clone(), summary.moves));
                        steps.push(Step::Send(ClientMessage::Open {
                            game: summary.game.clone(),
                            token: Some(seat.token.clone()),
                        }));
                    }
                }
            }
            ServerMessage::Game(view) => steps.extend(self.seen(view, on_screen)),
            _ => {}
        }
        steps
    }

    /// Follows the new seat `token` of `game` for the notices, while they are on (`notify`):
    /// a new game, none of whose moves has been seen.
    fn watch(&mut self, game: &GameId, token: &Token, notify: bool, steps: &mut Vec<Step>) {
        if notify && !self.watched.iter().any(|(g, _)| g == game) {
            self.watched.push((game.clone(), 0));
            steps.push(Step::Send(ClientMessage::Open {
                game: game.clone(),
                token: Some(token.clone()),
            }));
        }
    }

    /// A refusal of one of the club's messages.
    fn refused(&mut self, game: Option<&GameId>, reason: Reason, steps: &mut Vec<Step>) {
        if let Some(game) = game {
            // A line of this device's the chat refused, or a rematch.
            if matches!(
                reason,
                Reason::BadText | Reason::TooFast | Reason::NotLoggedIn
            ) && let Some(i) = self.chats.iter().position(|c| c.game == *game)
            {
                self.chats[i].refused = Some(reason);
            }
            self.awaiting_seat = false;
            return;
        }
        if reason == Reason::BadSession {
            // The session ended elsewhere or expired: the name stays for the form.
            self.logged_in = false;
            self.kept.session = None;
            steps.push(Step::Save);
        }
        if self.busy.take().is_some() || matches!(reason, Reason::BadSession | Reason::NotLoggedIn)
        {
            self.said = Some(Said::Refused(reason));
        }
        if self.seeking.as_ref().is_some_and(|(_, id)| id.is_none()) {
            self.seeking = None;
        }
        self.awaiting_seat = false;
    }

    /// A view of a game: the notice of a move that came for this device's seat, in a game
    /// followed for it.
    fn seen(&mut self, view: &GameView, on_screen: Option<&GameId>) -> Option<Step> {
        let i = self.watched.iter().position(|(g, _)| *g == view.game)?;
        let before = std::mem::replace(&mut self.watched[i].1, view.moves.len());
        let you = view.you?;
        let waiting = view.phase == Phase::Playing && turn(view) == you;
        (waiting && view.moves.len() > before).then(|| Step::Notify {
            game: view.game.clone(),
            opponent: view.names[!you].clone(),
            on_screen: on_screen == Some(&view.game),
        })
    }

    /// Opens the sheet: the lobby followed.
    pub fn open_sheet(&mut self, link_up: bool) -> Vec<Step> {
        self.open = true;
        self.said = None;
        if link_up {
            vec![Step::Send(ClientMessage::Lobby)]
        } else {
            Vec::new()
        }
    }

    /// Closes the sheet: this device's challenges and seek withdrawn (not its rematch
    /// offers, which belong to their games).
    pub fn close_sheet(&mut self, seats: &[OnlineSeat]) -> Vec<Step> {
        self.open = false;
        self.said = None;
        self.seeking = None;
        let mut steps = Vec::new();
        self.tokens.retain(|(id, _)| {
            let rematch = seats.iter().any(|s| s.game == *id);
            if !rematch {
                steps.push(Step::Send(ClientMessage::Cancel {
                    challenge: id.clone(),
                }));
            }
            rematch
        });
        steps
    }
}

/// The steps that open a seat the server gave: the app keeps it, then opens the game.
fn open_seat(game: &GameId, seat: Player, token: Token) -> [Step; 2] {
    [
        Step::App(OnlineAction::Received {
            message: Incoming::Seated {
                game: game.clone(),
                seat,
                token,
            },
            at_ms: crate::net::now_ms(),
        }),
        Step::App(OnlineAction::Open(game.clone())),
    ]
}

/// The club, for every part that shows it.
pub static CLUB: GlobalSignal<Club> = Signal::global(Club::default);

/// Where the device keeps [`Kept`].
const KEPT: &str = "club";

/// Hands a server message to the club and carries out its steps. The link calls it for every
/// message once the club has started ([`crate::net::follow`]), before the app's state gets
/// its own part of it.
pub fn deliver(message: &ServerMessage) {
    let Some(app) = try_consume_context::<AppHandle>() else {
        return;
    };
    let steps = {
        let state = app.peek();
        let on_screen = state.online().and_then(|o| o.game.as_ref());
        CLUB.write()
            .receive(message, state.seats(), state.settings().notify, on_screen)
    };
    carry_out(app, steps);
}

/// Carries out `steps`.
pub fn carry_out(app: AppHandle, steps: Vec<Step>) {
    for step in steps {
        match step {
            Step::App(action) => app.send(AppAction::Online(action)),
            Step::Send(message) => send(app, message),
            Step::Save => save(),
            Step::Notify {
                game,
                opponent,
                on_screen,
            } => notify(app, &game, opponent.as_deref(), on_screen),
        }
    }
}

/// Sends `message` to the server (dropped while the link is down: the club asks again when
/// it comes back).
pub fn send(app: AppHandle, message: ClientMessage) {
    crate::net::send(vec![message], move || {
        app.send(AppAction::Report(crate::state::AppError::Unavailable));
    });
}

/// Saves what the device keeps of the club.
pub fn save() {
    if let Ok(text) = serde_json::to_string(&CLUB.peek().kept) {
        crate::storage::write_named(KEPT, &text);
    }
}

thread_local! {
    /// Whether the club has started ([`start`]).
    static STARTED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Starts the club once, in a task of the app's root (a part that asks for it may close):
/// asked for by the app once its first board has shown ([`begin`]), and by each part that
/// shows the club, which must not wait for that.
pub fn ensure_started(app: AppHandle) {
    if !STARTED.replace(true) {
        dioxus::dioxus_core::spawn_forever(start(app));
    }
}

/// The club: what the device kept read, then the server's messages and the link followed
/// ([`deliver`]; each time the link comes up the club logs in again and follows what it
/// followed, [`link_changed`]). Until the kept session is read the club is not
/// [`Club::ready`]: its forms wait (an answer that came before would be written over).
async fn start(app: AppHandle) {
    let kept = crate::storage::read_named(KEPT)
        .await
        .and_then(|text| serde_json::from_str::<Kept>(&text).ok())
        .unwrap_or_default();
    {
        let mut club = CLUB.write();
        club.kept = kept;
        club.ready = true;
    }
    crate::net::follow(deliver, link_changed);
    // The game on screen may have sent its chat before the club read the messages: its seat
    // (or watcher) opens it again, and the server sends the chat anew. (Not a game being
    // created or joined: that would create or join a second time.)
    let hello = app.peek().online().map(|o| o.hello.clone());
    if let Some(hello @ crate::state::online::Hello::Open { .. }) = hello {
        send(app, hello.message());
    }
    if app.peek().link_up() {
        link_changed(true);
    }
}

/// The link went up (`true`) or down: up, the club logs in again and follows what it
/// followed ([`Club::link_up`]); down, what was sent and not answered is lost with it.
fn link_changed(up: bool) {
    let Some(app) = try_consume_context::<AppHandle>() else {
        return;
    };
    if up {
        let steps = {
            let state = app.peek();
            CLUB.write().link_up(state.seats(), state.settings().notify)
        };
        carry_out(app, steps);
    } else {
        let mut club = CLUB.write();
        club.logged_in = false;
        club.busy = None;
        club.awaiting_seat = false;
    }
}

crate::lazy::function!(START = "club_start" fn ensure_started(AppHandle) -> ());

/// Starts the club ([`ensure_started`]): in the web's split build its code comes in a module of its
/// own ([`crate::lazy`]).
pub async fn begin(app: AppHandle) {
    #[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
    crate::lazy::call(&START, app).await;
    #[cfg(not(all(feature = "wasm-split", target_arch = "wasm32")))]
    ensure_started(app);
}

/// Tells the player that a move waits in `game`, unless its page is in sight with the game
/// on screen: a notification through the service worker (the player allowed them), which
/// opens the game when tapped.
fn notify(app: AppHandle, game: &GameId, opponent: Option<&str>, on_screen: bool) {
    let tr = crate::i18n::Tr(app.peek().language(app.system_language()));
    let title = tr.move_waits();
    let body = tr.move_waits_body(opponent);
    crate::js::run(
        "game, title, body, shown",
        r#"
if (!("Notification" in window) || Notification.permission !== "granted") return;
if (shown === "true" && !document.hidden) return;
const options = { body, tag: game, data: { game }, icon: "icons/icon-192.png" };
const registration = await navigator.serviceWorker?.getRegistration();
if (registration) await registration.showNotification(title, options);
else new Notification(title, options);
"#,
        &[
            game.as_str(),
            title,
            &body,
            if on_screen { "true" } else { "false" },
        ],
    );
}
