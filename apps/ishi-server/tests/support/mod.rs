//! A real `ishi-server` process on a loopback port, and WebSocket clients that speak the
//! protocol, for the server's integration tests.

#![allow(dead_code, unreachable_pub)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use ishi_online::protocol::{ClientMessage, GameId, GameView, Seen, ServerMessage, Ticket, Token};
use ishi_online::{GameSetup, SeatAct, SeatChoice, TimeControl};
use ishi_rules::Player;
use ishi_rules::any::Position;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A server process, killed when dropped.
pub struct Server {
    child: Child,
    /// `http://127.0.0.1:PORT/`.
    pub url: String,
}

impl Server {
    /// Starts the server on a free port with its SQLite database in `data`.
    pub fn start(data: &Path, extra: &[&str]) -> Server {
        Server::start_on(data, "127.0.0.1:0", extra)
    }

    /// Starts the server on `listen`.
    pub fn start_on(data: &Path, listen: &str, extra: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_ishi-server"))
            .arg("--listen")
            .arg(listen)
            .arg("--data-dir")
            .arg(data)
            .args(extra)
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().expect("stdout is piped"))
            .read_line(&mut line)
            .expect("the server prints its address");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_owned();
        Server { child, url }
    }

    /// The WebSocket's address.
    pub fn ws(&self) -> String {
        format!(
            "{}{}",
            self.url
                .replacen("http://", "ws://", 1)
                .trim_end_matches('/'),
            ishi_online::protocol::PATH
        )
    }

    /// Kills the process at once (SIGKILL): nothing is flushed or closed.
    pub fn kill(mut self) {
        self.child.kill().expect("the server can be killed");
        self.child.wait().ok();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// A fresh directory under the target directory.
pub fn data_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("server-{name}"));
    std::fs::remove_dir_all(&dir).ok();
    std::fs::create_dir_all(&dir).expect("the data directory can be made");
    dir
}

/// How long a test waits for a message that should come.
pub const WAIT: Duration = Duration::from_secs(10);

/// A player's or watcher's connection.
pub struct Client {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Client {
    /// Connects to the server's WebSocket.
    pub async fn connect(server: &Server) -> Client {
        let (socket, _) = tokio_tungstenite::connect_async(server.ws())
            .await
            .expect("the WebSocket opens");
        Client { socket }
    }

    /// Sends a message.
    pub async fn send(&mut self, message: &ClientMessage) {
        let text = serde_json::to_string(message).expect("client messages serialize");
        self.send_text(&text).await;
    }

    /// Sends raw text.
    pub async fn send_text(&mut self, text: &str) {
        self.socket
            .send(Message::text(text))
            .await
            .expect("the message is sent");
    }

    /// The next message, or `None` when the connection closed or nothing came in time.
    pub async fn next(&mut self, wait: Duration) -> Option<ServerMessage> {
        loop {
            let message = tokio::time::timeout(wait, self.socket.next())
                .await
                .ok()??;
            match message.ok()? {
                Message::Text(text) => {
                    return Some(serde_json::from_str(text.as_str()).expect("server JSON reads"));
                }
                Message::Close(_) => return None,
                _ => {}
            }
        }
    }

    /// The next message, which must come.
    pub async fn recv(&mut self) -> ServerMessage {
        self.next(WAIT).await.expect("a message from the server")
    }

    /// The next view of a game, skipping other messages.
    pub async fn view(&mut self) -> GameView {
        loop {
            if let ServerMessage::Game(view) = self.recv().await {
                return *view;
            }
        }
    }

    /// Views until one satisfies `done`.
    pub async fn view_until(&mut self, mut done: impl FnMut(&GameView) -> bool) -> GameView {
        loop {
            let view = self.view().await;
            if done(&view) {
                return view;
            }
        }
    }

    /// The next message `pick` takes, skipping the others (the lobby's lists, chat lines and
    /// views come any time).
    pub async fn until<T>(&mut self, mut pick: impl FnMut(ServerMessage) -> Option<T>) -> T {
        loop {
            if let Some(found) = pick(self.recv().await) {
                return found;
            }
        }
    }

    /// The next refusal's reason, skipping other messages.
    pub async fn refused(&mut self) -> ishi_online::protocol::Reason {
        self.until(|m| match m {
            ServerMessage::Refused { reason, .. } => Some(reason),
            _ => None,
        })
        .await
    }

    /// The next refusal's reason, failing on a view.
    pub async fn refusal(&mut self) -> ishi_online::protocol::Reason {
        match self.recv().await {
            ServerMessage::Refused { reason, .. } => reason,
            other => panic!("expected a refusal, got {other:?}"),
        }
    }

    /// Creates a game: its ticket and seat, after the first view.
    pub async fn create(
        &mut self,
        setup: GameSetup,
        time: TimeControl,
        seat: SeatChoice,
    ) -> (Ticket, Player) {
        self.send(&ClientMessage::Create {
            setup,
            time,
            seat,
            name: "Ann".into(),
        })
        .await;
        let seated = self.seated().await;
        self.view().await;
        seated
    }

    /// Opens a game's link as a new player: the seat's ticket, after the first view.
    pub async fn join(&mut self, game: &GameId) -> (Ticket, Player) {
        self.send(&ClientMessage::Join {
            game: game.clone(),
            name: "Bo".into(),
        })
        .await;
        let seated = self.seated().await;
        self.view().await;
        seated
    }

    async fn seated(&mut self) -> (Ticket, Player) {
        match self.recv().await {
            ServerMessage::Seated { game, seat, token } => (Ticket { game, token }, seat),
            other => panic!("expected a seat, got {other:?}"),
        }
    }

    /// Acts as the seat of `ticket`.
    pub async fn act(&mut self, ticket: &Ticket, act: SeatAct<Seen>) {
        self.send(&ClientMessage::Act {
            ticket: ticket.clone(),
            act,
        })
        .await;
    }

    /// Plays `mv` after the moves of `view`.
    pub async fn play(&mut self, ticket: &Ticket, view: &GameView, mv: &str) {
        let after = view.moves.len();
        self.act(
            ticket,
            SeatAct::Play {
                seen: Seen { after },
                mv: mv.into(),
            },
        )
        .await;
    }
}

/// The position a view shows, replayed from its set-up.
pub fn position(view: &GameView) -> Position {
    let mut position = view.setup.start().expect("the server's set-up starts");
    for played in &view.moves {
        let mv = position
            .parse_move(&played.mv)
            .expect("the server's moves read");
        position = position.play(mv).expect("the server's moves are legal");
    }
    position
}

/// A move for the player to move in `view`: the first legal cell, or a pass.
pub fn some_move(view: &GameView) -> String {
    let position = position(view);
    match position.legal_cells().first() {
        Some(&cell) => position.cell_name(cell),
        None => "pass".into(),
    }
}

/// Standard Othello.
pub fn othello() -> GameSetup {
    GameSetup::Othello {
        board: "8x8".parse().expect("8x8 is a board"),
    }
}

/// Go on a board of side `size`, Japanese rules.
pub fn go(size: usize) -> GameSetup {
    GameSetup::Go {
        size,
        rules: ishi_rules::go::GoRules::JAPANESE,
        handicap: 0,
    }
}

/// A token nobody holds.
pub fn stranger() -> Token {
    Token::from_bytes([0x5a; 16])
}

/// The whole HTTP/1.1 answer (status line, headers, body) to `GET /path`.
pub fn http_get(server: &Server, path: &str) -> String {
    String::from_utf8_lossy(&http_request(server, path, "")).into_owned()
}

/// The raw answer to a GET of `path` with the request's `headers` (each line ending in
/// `\r\n`).
pub fn http_request(server: &Server, path: &str, headers: &str) -> Vec<u8> {
    use std::io::{Read, Write};

    let address = server
        .url
        .trim_start_matches("http://")
        .trim_end_matches('/');
    let mut stream = std::net::TcpStream::connect(address).expect("the server accepts");
    write!(
        stream,
        "GET /{path} HTTP/1.1\r\nHost: {address}\r\n{headers}Connection: close\r\n\r\n"
    )
    .expect("the request is sent");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).expect("the answer reads");
    answer
}
