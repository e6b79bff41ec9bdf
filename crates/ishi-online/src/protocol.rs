//! The messages between the app and the game server, JSON over a WebSocket at [`PATH`]; each
//! message is an object with a `"type"`. `docs/protocol.md` is the prose of this module. The
//! rules' values (players, boards, rules, results) are in the forms of the `serde` features of
//! `ishi-rules` and `ishi-scoring`, as in the app's saves.

use ishi_rules::{ByColor, Player};
use ishi_scoring::GameResult;
use serde::{Deserialize, Serialize};

use crate::clock::Left;
use crate::rated::{Pool, RatingClass};
use crate::{GameSetup, Phase, SeatAct, SeatChoice, Table, TimeControl};

/// The protocol's version: in the WebSocket's path, raised when a message changes meaning.
pub const VERSION: u32 = 1;

/// The WebSocket's path on the server.
pub const PATH: &str = "/api/v1/ws";

/// The largest message either side sends, in bytes.
pub const MAX_MESSAGE: usize = 16 * 1024;

/// A game's public id: in the link, enough to watch, never to play.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct GameId(String);

/// A secret: a seat's, or an account's session; 128 random bits, 32 hexadecimal digits, kept
/// on the player's device (the server keeps its SHA-256 only).
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Token(String);

/// An id or token that is not one the server makes.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct BadId;

impl std::fmt::Display for BadId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not a game id or seat token the server makes")
    }
}

impl std::error::Error for BadId {}

/// Whether `text` (trimmed) is a chat line: 1 to [`MAX_CHAT`] characters, no control
/// characters.
pub fn is_valid_chat(text: &str) -> bool {
    let text = text.trim();
    let chars = text.chars().count();
    chars > 0 && chars <= MAX_CHAT && !text.chars().any(char::is_control)
}

/// Whether `text` is `len` lowercase hexadecimal digits.
fn is_hex(text: &str, len: usize) -> bool {
    text.len() == len
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A game id's length in hexadecimal digits (64 bits).
pub const GAME_ID_LEN: usize = 16;
/// A token's length in hexadecimal digits (128 bits).
pub const TOKEN_LEN: usize = 32;

impl GameId {
    /// The id made of these random bytes.
    pub fn from_bytes(bytes: [u8; GAME_ID_LEN / 2]) -> GameId {
        GameId(hex(&bytes))
    }

    /// The id's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Token {
    /// The token made of these random bytes.
    pub fn from_bytes(bytes: [u8; TOKEN_LEN / 2]) -> Token {
        Token(hex(&bytes))
    }

    /// The token's text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The bytes in lowercase hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// A token is a secret: its `Debug` does not show it, so it reaches no log.
impl std::fmt::Debug for Token {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Token(..)")
    }
}

impl TryFrom<String> for GameId {
    type Error = BadId;

    fn try_from(text: String) -> Result<GameId, BadId> {
        if is_hex(&text, GAME_ID_LEN) {
            Ok(GameId(text))
        } else {
            Err(BadId)
        }
    }
}

impl TryFrom<String> for Token {
    type Error = BadId;

    fn try_from(text: String) -> Result<Token, BadId> {
        if is_hex(&text, TOKEN_LEN) {
            Ok(Token(text))
        } else {
            Err(BadId)
        }
    }
}

impl From<GameId> for String {
    fn from(id: GameId) -> String {
        id.0
    }
}

impl From<Token> for String {
    fn from(token: Token) -> String {
        token.0
    }
}

impl std::fmt::Display for GameId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A seat held on this device: the game and its token.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Ticket {
    /// The game.
    pub game: GameId,
    /// The seat's token.
    pub token: Token,
}

/// What a move in a message carries besides its name: a resend of a move the server has is
/// answered with the game and changes nothing.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Seen {
    /// The number of moves the player saw (forced passes counted): the move is played after
    /// them.
    pub after: usize,
}

/// A message from the app to the server.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMessage {
    /// Start a game and take a seat: answered by [`ServerMessage::Seated`], then the game.
    Create {
        /// The board and rules.
        setup: GameSetup,
        /// The clock.
        time: TimeControl,
        /// The creator's seat.
        seat: SeatChoice,
        /// The creator's name.
        name: String,
    },
    /// Open a link: take the free seat if there is one (answered by
    /// [`ServerMessage::Seated`]), else watch. Then the game, and every change to it.
    Join {
        /// The game.
        game: GameId,
        /// The name to show if a seat is taken.
        name: String,
    },
    /// Follow a game: as its seat with a token, as a watcher without.
    Open {
        /// The game.
        game: GameId,
        /// The seat's token, if this device holds one.
        #[serde(default)]
        token: Option<Token>,
    },
    /// Act as a seat.
    Act {
        /// The game and the seat's token.
        #[serde(flatten)]
        ticket: Ticket,
        /// What.
        #[serde(flatten)]
        act: SeatAct<Seen>,
    },
    /// The state of these games, in a line each (the "my online games" list).
    List {
        /// The seats this device holds.
        games: Vec<Ticket>,
    },
    /// Measure the link: answered at once by [`ServerMessage::Pong`] with `t` back.
    Ping {
        /// The app's clock, returned as is.
        t: f64,
    },
    /// Make an account and log this connection in: answered by [`ServerMessage::Account`].
    Register {
        /// The account's name: as a game's names are ([`crate::MAX_NAME`]), unique whatever
        /// its letters' case.
        name: String,
        /// At least [`MIN_PASSWORD`] characters, at most [`MAX_PASSWORD`] bytes.
        password: String,
    },
    /// Log this connection in: answered by [`ServerMessage::Account`] with a new session.
    Login {
        /// The account's name, in any case.
        name: String,
        /// Its password.
        password: String,
    },
    /// Log this connection in with a session kept on the device: answered by
    /// [`ServerMessage::Account`] (the same session, its expiry renewed).
    Resume {
        /// The session.
        session: Token,
    },
    /// End this connection's session (on every connection using it): answered by
    /// [`ServerMessage::LoggedOut`].
    Logout,
    /// Change the password: every other session ends; answered by [`ServerMessage::Account`]
    /// with a new session.
    ChangePassword {
        /// The password now.
        old: String,
        /// The new one.
        new: String,
    },
    /// Delete the account: its sessions end, its name stays taken, its games stay with the
    /// player shown as deleted. Answered by [`ServerMessage::LoggedOut`].
    DeleteAccount {
        /// The password, again.
        password: String,
    },
    /// Give the seats this device holds as a guest to the logged-in account: answered by
    /// [`ServerMessage::Claimed`].
    Claim {
        /// The seats.
        games: Vec<Ticket>,
    },
    /// Follow the lobby: answered by [`ServerMessage::Lobby`], now and after every change.
    Lobby,
    /// Open a challenge in the lobby (logged in): answered by [`ServerMessage::Challenged`];
    /// when someone accepts it, [`ServerMessage::Started`].
    Challenge {
        /// The board and rules.
        setup: GameSetup,
        /// The clock.
        time: TimeControl,
        /// The creator's seat.
        seat: SeatChoice,
        /// Whether the game changes the players' ratings (its set-up must have a
        /// [`RatingClass`]).
        rated: bool,
    },
    /// Withdraw one's challenge or leave the pool one seeks in.
    Cancel {
        /// The challenge or seek.
        challenge: GameId,
    },
    /// Accept a challenge (logged in, not one's own): answered by [`ServerMessage::Seated`]
    /// and the game; its creator gets [`ServerMessage::Started`].
    Accept {
        /// The challenge.
        challenge: GameId,
    },
    /// Seek a rated game in a pool of quick pairing (logged in): answered by
    /// [`ServerMessage::Challenged`]; once paired, [`ServerMessage::Started`].
    Seek {
        /// The pool.
        pool: Pool,
    },
    /// A player's profile: answered by [`ServerMessage::Profile`].
    Profile {
        /// The player's account name, in any case.
        name: String,
    },
    /// Say something in a game's chat: with a seat's token in the players' chat (which only
    /// the two players read), without one in the watchers' (logged in; only watchers read
    /// it). Everyone following that chat gets [`ServerMessage::Chat`].
    Chat {
        /// The game.
        game: GameId,
        /// The seat's token, for the players' chat.
        #[serde(default)]
        token: Option<Token>,
        /// The text: 1 to [`MAX_CHAT`] characters, no control characters. Shown as text,
        /// never as markup.
        text: String,
    },
    /// Offer a rematch of a finished game as its seat (colours swapped, the same set-up,
    /// clock and rating): answered by [`ServerMessage::Challenged`] (the offer's id is the
    /// game's); once the other seat offers too, both get [`ServerMessage::Started`]
    /// (the one whose offer completed it gets [`ServerMessage::Seated`] instead).
    Rematch {
        /// The finished game and the seat's token.
        #[serde(flatten)]
        ticket: Ticket,
    },
    /// The games being played now, to watch: answered by [`ServerMessage::Playing`].
    Playing,
}

/// The longest chat line, in characters.
pub const MAX_CHAT: usize = 200;

/// The shortest password, in characters.
pub const MIN_PASSWORD: usize = 8;

/// The longest password, in bytes (hashing a longer one would be work for nothing).
pub const MAX_PASSWORD: usize = 256;

/// Why the server refused a message. Nothing changed.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Reason {
    /// The message is not JSON of this protocol.
    Malformed,
    /// The message is over [`MAX_MESSAGE`] bytes.
    TooLarge,
    /// Too many messages in a short time.
    TooFast,
    /// This connection follows or created too many games.
    TooManyGames,
    /// No game has this id.
    UnknownGame,
    /// The token holds no seat of this game.
    NotSeated,
    /// The set-up is not playable.
    BadSetup,
    /// The name is empty, too long or has control characters.
    BadName,
    /// The game is not in the phase the act needs.
    WrongPhase,
    /// It is the other player's turn.
    NotYourTurn,
    /// The move's name is no move of this board.
    BadMove,
    /// The rules refuse the move.
    Illegal,
    /// The move was made after another one the player had not seen.
    Stale,
    /// There is no move of the seat's to take back, or a request is already waiting.
    NoUndo,
    /// No undo request is waiting for this seat's answer.
    NoUndoRequest,
    /// The dead stones changed since the seat looked.
    MarksChanged,
    /// The time is up: the game is lost on time.
    TimeUp,
    /// The server could not store the change; try again.
    Unavailable,
    /// No account has this name and password (which of the two is wrong is not said).
    BadCredentials,
    /// Another account has this name (in any case).
    NameTaken,
    /// The password is shorter than [`MIN_PASSWORD`] characters or longer than
    /// [`MAX_PASSWORD`] bytes.
    BadPassword,
    /// Too many wrong passwords for this account or from this address: wait and try again.
    TooManyAttempts,
    /// The message needs a logged-in connection.
    NotLoggedIn,
    /// The session is unknown, ended or expired: log in again.
    BadSession,
    /// No open challenge has this id (accepted, withdrawn, or its creator left).
    UnknownChallenge,
    /// A player cannot accept their own challenge.
    OwnChallenge,
    /// A rated game needs a set-up with a rating class (Othello 8x8, Go 9x9, 13x13, 19x19,
    /// no handicap).
    Unrated,
    /// No account has this name.
    UnknownPlayer,
    /// A chat line is empty, longer than [`MAX_CHAT`] characters, or has control characters.
    BadText,
}

impl From<&crate::Refusal> for Reason {
    fn from(refusal: &crate::Refusal) -> Reason {
        use crate::Refusal as R;
        match refusal {
            R::NoSeat => Reason::NotSeated,
            R::WrongPhase(_) => Reason::WrongPhase,
            R::NotYourTurn => Reason::NotYourTurn,
            R::BadMove(_) => Reason::BadMove,
            R::Illegal(_) => Reason::Illegal,
            R::SeatTaken => Reason::NotSeated,
            R::BadName => Reason::BadName,
            R::NothingToUndo | R::UndoPending => Reason::NoUndo,
            R::NoUndoRequest => Reason::NoUndoRequest,
            R::MarksChanged => Reason::MarksChanged,
            R::TimeUp | R::TimeLeft => Reason::TimeUp,
        }
    }
}

/// A message from the server to the app.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The device holds a seat: keep the token, it is the only way to play it.
    Seated {
        /// The game.
        game: GameId,
        /// The seat.
        seat: Player,
        /// The seat's token.
        token: Token,
    },
    /// A game as it is now: sent when it is opened and after every change.
    Game(Box<GameView>),
    /// A message was refused; nothing changed.
    Refused {
        /// The game it was about, if any.
        #[serde(default)]
        game: Option<GameId>,
        /// Why, as a code the app translates.
        reason: Reason,
        /// Why, in English, for logs.
        detail: String,
    },
    /// The state of the games asked for with [`ClientMessage::List`].
    List {
        /// A line per game the server knows, in the order asked.
        games: Vec<Summary>,
    },
    /// The answer to [`ClientMessage::Ping`].
    Pong {
        /// The app's clock, as sent.
        t: f64,
        /// The server's clock, ms since the Unix epoch.
        server_ms: i64,
    },
    /// The connection is logged in.
    Account {
        /// The account's name, as registered.
        name: String,
        /// The session: keep it on the device to log in again without the password.
        session: Token,
        /// When the session ends unless used again (server clock, ms since the Unix epoch).
        expires_ms: i64,
    },
    /// The connection is logged out (its session ended, or the account was deleted).
    LoggedOut,
    /// The games whose seats [`ClientMessage::Claim`] gave to the account.
    Claimed {
        /// The games, in the order asked; seats the tickets do not hold are left out.
        games: Vec<GameId>,
    },
    /// The open challenges, the oldest first.
    Lobby {
        /// The challenges (not the seekers of quick pairing).
        challenges: Vec<ChallengeView>,
    },
    /// A challenge or seek is open: keep the token, it becomes the seat once the game
    /// starts.
    Challenged {
        /// The challenge's (or seek's) id.
        challenge: GameId,
        /// The seat's token.
        token: Token,
    },
    /// A challenge of this device's was accepted, or its seek paired: open the game with
    /// the token [`ServerMessage::Challenged`] gave.
    Started {
        /// The challenge or seek.
        challenge: GameId,
        /// The game.
        game: GameId,
        /// The seat the token holds.
        seat: Player,
    },
    /// A player's profile, asked for with [`ClientMessage::Profile`].
    Profile(Box<ProfileView>),
    /// Chat lines of a game, the oldest first: its latest when the connection starts to
    /// follow the game (the players' chat for a seat, the watchers' for a watcher), then each
    /// new line.
    Chat {
        /// The game.
        game: GameId,
        /// The lines.
        lines: Vec<ChatLine>,
    },
    /// The games being played now (both seats taken, not over), the latest started first.
    Playing {
        /// The games.
        games: Vec<LiveGame>,
    },
    /// The other seat of a finished game offers a rematch.
    RematchOffered {
        /// The game.
        game: GameId,
        /// The seat that offers it.
        by: Player,
    },
}

/// A line of a game's chat.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ChatLine {
    /// The seat that wrote it, in the players' chat; `None` in the watchers'.
    pub seat: Option<Player>,
    /// The writer's name.
    pub name: String,
    /// The text, to be shown as text.
    pub text: String,
    /// When (server clock, ms).
    pub at_ms: i64,
}

/// A game being played, in the list of games to watch.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct LiveGame {
    /// The game, to open as a watcher.
    pub game: GameId,
    /// The board and rules.
    pub setup: GameSetup,
    /// The clock.
    pub time: TimeControl,
    /// The names.
    pub names: ByColor<Option<String>>,
    /// The moves so far.
    pub moves: usize,
    /// Whether it is rated.
    pub rated: bool,
}

/// A player as others see them: ratings with their history, results, recent games.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct ProfileView {
    /// The name as registered.
    pub name: String,
    /// Whether the account was deleted (its games stay).
    pub deleted: bool,
    /// A rating per class the player has played rated games in, in
    /// [`RatingClass::ALL`](crate::rated::RatingClass::ALL)'s order.
    pub ratings: Vec<ClassRating>,
    /// The latest games, the newest first.
    pub recent: Vec<RecentGame>,
}

/// A player's rating in a class.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct ClassRating {
    /// The class.
    pub class: RatingClass,
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Whether it is still provisional (deviation over 110, as lichess marks it).
    pub provisional: bool,
    /// Rated games played, won, lost, drawn.
    pub games: i64,
    /// Won.
    pub wins: i64,
    /// Lost.
    pub losses: i64,
    /// Drawn.
    pub draws: i64,
    /// The rating after each of the latest rated games (at most 100), the oldest first:
    /// `[ms, rating]`.
    pub history: Vec<(i64, f64)>,
}

/// A game in a profile's list.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct RecentGame {
    /// The game, to open and review.
    pub game: GameId,
    /// The board and rules.
    pub setup: GameSetup,
    /// The clock.
    pub time: TimeControl,
    /// The names.
    pub names: ByColor<Option<String>>,
    /// The player's seat in it.
    pub seat: Player,
    /// Where it is.
    pub phase: Phase,
    /// Its result once over.
    pub result: Option<GameResult>,
    /// Whether it is rated.
    pub rated: bool,
    /// Whether its result changed the player's rating: not while it is played, nor for a
    /// rated game aborted (a side that never moved). Absent from older servers: `false`.
    #[serde(default)]
    pub counted: bool,
    /// When it was created (ms).
    pub created_ms: i64,
}

/// An open challenge as the lobby shows it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct ChallengeView {
    /// Its id, to accept it.
    pub challenge: GameId,
    /// Its creator's name.
    pub name: String,
    /// Its creator's rating in the game's class (rounded), if the class has one.
    pub rating: Option<i32>,
    /// Whether that rating is still provisional.
    pub provisional: bool,
    /// The board and rules.
    pub setup: GameSetup,
    /// The clock.
    pub time: TimeControl,
    /// The creator's seat.
    pub seat: SeatChoice,
    /// Whether it is rated.
    pub rated: bool,
}

/// A move as the server shows it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct MoveView {
    /// Who played it.
    pub player: Player,
    /// The move's name (`f5`, `D4`, `pass`).
    #[serde(rename = "move")]
    pub mv: String,
    /// An Othello pass the rules forced.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forced: bool,
}

/// The clocks as the server sees them when it sends the game.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct ClockView {
    /// What each player had at the start of the running turn.
    pub left: ByColor<Left>,
    /// Whose clock runs.
    pub running: Option<Player>,
    /// How long the running turn had lasted when the server sent this, in ms: the app adds
    /// the time since it arrived and half the link's round trip.
    pub elapsed_ms: i64,
    /// When the player to move runs out of time (server clock, ms since the Unix epoch).
    pub deadline_ms: Option<i64>,
}

/// A game as one device sees it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct GameView {
    /// The game.
    pub game: GameId,
    /// The board and rules.
    pub setup: GameSetup,
    /// The clock's control.
    pub time: TimeControl,
    /// The seated players' names.
    pub names: ByColor<Option<String>>,
    /// This device's seat, if it holds one.
    pub you: Option<Player>,
    /// The moves, forced passes included.
    pub moves: Vec<MoveView>,
    /// Where the game is.
    pub phase: Phase,
    /// Who asked to take back a move, while unanswered.
    pub undo_request: Option<Player>,
    /// Go count: the dead stones, sorted by name.
    pub dead: Vec<String>,
    /// Go count: who accepted the marks.
    pub accepted: ByColor<bool>,
    /// The clocks, when the game has one.
    pub clock: Option<ClockView>,
    /// The result once over (`B+R`, `W+3.5`, `B+T`, `Draw`, `Void`).
    pub result: Option<GameResult>,
}

/// A game in a line, for the list of a device's games.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
pub struct Summary {
    /// The game.
    pub game: GameId,
    /// The board and rules.
    pub setup: GameSetup,
    /// The clock's control.
    pub time: TimeControl,
    /// The device's seat.
    pub you: Player,
    /// The names.
    pub names: ByColor<Option<String>>,
    /// Where the game is.
    pub phase: Phase,
    /// The player to move while it is played.
    pub turn: Option<Player>,
    /// The number of moves.
    pub moves: usize,
    /// When the player to move runs out of time.
    pub deadline_ms: Option<i64>,
    /// The result once over.
    pub result: Option<GameResult>,
}

impl GameView {
    /// `table` (game `game`) as the device holding seat `you` sees it at `now` (ms).
    pub fn of(table: &Table, game: GameId, you: Option<Player>, now: i64) -> GameView {
        let moves = table
            .moves()
            .iter()
            .map(|played| MoveView {
                player: played.player,
                // A move's name depends on the board only, not on the position.
                mv: table.position().move_name(played.mv),
                forced: played.forced,
            })
            .collect();
        let clock = table.clock();
        GameView {
            game,
            setup: table.setup().clone(),
            time: clock.control(),
            names: table.names().map(|n| n.map(str::to_owned)),
            you,
            moves,
            phase: table.phase(),
            undo_request: table.undo_request(),
            dead: table.dead_names(),
            accepted: table.accepted(),
            clock: clock.control().has_clock().then(|| ClockView {
                left: ByColor::new(clock.left(Player::Black), clock.left(Player::White)),
                running: table.running(),
                elapsed_ms: clock.since().map_or(0, |since| (now - since).max(0)),
                deadline_ms: table.deadline(),
            }),
            result: table.result(),
        }
    }
}

impl Summary {
    /// `table` (game `game`) in a line for the device holding seat `you`.
    pub fn of(table: &Table, game: GameId, you: Player) -> Summary {
        Summary {
            game,
            setup: table.setup().clone(),
            time: table.clock().control(),
            you,
            names: table.names().map(|n| n.map(str::to_owned)),
            phase: table.phase(),
            turn: table.running(),
            moves: table.moves().len(),
            deadline_ms: table.deadline(),
            result: table.result(),
        }
    }
}
