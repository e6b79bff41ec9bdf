//! A bounded load test of the game server on loopback: `--games` live games at once, two bot
//! players each on their own WebSocket, for `--seconds`; prints moves a second, the relay
//! latency (a move sent by one player until the other sees it) at p50 / p99, the server's
//! memory, and checks that no acknowledged move was lost or doubled.
//!
//! ```text
//! cargo build --release -p ishi-server --examples
//! scripts/load-test                                  # SQLite, one instance, 1000 games, 60 s
//! scripts/load-test --postgres postgres://…          # two instances on one database
//! ```
//!
//! With two instances, every game's creator is on the first and the friend on the second,
//! so every move crosses from one instance to the other through the database.
//!
//! `--lobby`: the lobby instead. `--players` accounts register and follow the lobby (every
//! one a WebSocket), then `--seekers` of them seek a game in the Go 9x9 pool at once; it
//! prints the time from a seek to its `started` (p50 / p99), pairings a second, and then
//! the paired games are played as above. With two instances, the players are spread over
//! both, so pairs are made across them.

use std::collections::HashMap;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use ishi_online::protocol::{ClientMessage, GameView, Seen, ServerMessage, Ticket};
use ishi_online::rated::Pool;
use ishi_online::{GameSetup, Phase, SeatAct, SeatChoice, TimeControl};
use tokio_tungstenite::tungstenite::Message;

#[derive(Parser, Debug)]
struct Options {
    /// Live games at once.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// How long the bots play, in seconds.
    #[arg(long, default_value_t = 60)]
    seconds: u64,
    /// A bot's thinking time a move, in ms (each move waits between 0.5 and 1.5 times it).
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// Two server instances on this PostgreSQL database, instead of one on SQLite.
    #[arg(long)]
    postgres: Option<String>,
    /// The lobby: accounts connected, a wave of them seeking through quick pairing, their
    /// games played.
    #[arg(long)]
    lobby: bool,
    /// With --lobby: the players connected.
    #[arg(long, default_value_t = 1000)]
    players: usize,
    /// With --lobby: the players who seek at once (an even number).
    #[arg(long, default_value_t = 200)]
    seekers: usize,
}

/// The build's directory (`target/release`): the server binary is there, beside the
/// examples' directory.
fn build_dir() -> PathBuf {
    std::env::current_exe()
        .expect("the example knows its path")
        .parent()
        .and_then(|examples| examples.parent())
        .expect("examples are built in a directory of the build")
        .to_path_buf()
}

/// A server process, killed when dropped.
struct Server {
    child: Child,
    ws: String,
}

impl Server {
    fn start(data: &std::path::Path, database: Option<&str>) -> Server {
        let mut command = Command::new(build_dir().join("ishi-server"));
        command
            .args(["--listen", "127.0.0.1:0", "--data-dir"])
            .arg(data)
            // All the bots are on one address: let it create every game and log every bot in.
            .args([
                "--games-per-connection",
                "4",
                "--creates-per-hour",
                "1000000",
                "--logins-per-hour",
                "100000000",
            ])
            .stdout(Stdio::piped());
        if let Some(url) = database {
            command.args(["--database", url]);
        }
        let mut child = command.spawn().expect("the server starts");
        let mut line = String::new();
        std::io::BufRead::read_line(
            &mut std::io::BufReader::new(child.stdout.take().expect("piped")),
            &mut line,
        )
        .expect("the server prints its address");
        let url = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .expect("an address")
            .trim_end_matches('/')
            .replacen("http://", "ws://", 1);
        Server {
            child,
            ws: format!("{url}{}", ishi_online::protocol::PATH),
        }
    }

    /// The process's resident memory now and at its peak, in MiB.
    fn memory(&self) -> (f64, f64) {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        let field = |name: &str| {
            status
                .lines()
                .find(|l| l.starts_with(name))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
                .map_or(0.0, |kb| kb / 1024.0)
        };
        (field("VmRSS:"), field("VmHWM:"))
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.child.kill().ok();
        self.child.wait().ok();
    }
}

/// What all the bots measured.
#[derive(Default)]
struct Tally {
    /// Relay latencies in µs.
    relays: Vec<u64>,
    /// When each (game, move number) was sent.
    sent: HashMap<(String, usize), Instant>,
    /// The moves each game's players saw acknowledged, by game.
    acknowledged: HashMap<String, Vec<String>>,
    refusals: usize,
}

type Shared = Arc<Mutex<Tally>>;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn send(socket: &mut Socket, message: &ClientMessage) {
    let text = serde_json::to_string(message).expect("serializes");
    socket.send(Message::text(text)).await.expect("sent");
}

async fn next(socket: &mut Socket) -> Option<ServerMessage> {
    loop {
        match socket.next().await?.ok()? {
            Message::Text(text) => return serde_json::from_str(text.as_str()).ok(),
            Message::Close(_) => return None,
            _ => {}
        }
    }
}

/// The first legal point, or a pass.
fn some_move(view: &GameView) -> String {
    let mut position = view.setup.start().expect("starts");
    for played in &view.moves {
        let mv = position.parse_move(&played.mv).expect("reads");
        position = position.play(mv).expect("legal");
    }
    let cells = position.legal_cells();
    match cells.get(cells.len() / 3) {
        Some(&cell) => position.cell_name(cell),
        None => "pass".into(),
    }
}

/// One bot: plays its seat until `until`, after thinking; records sends and relays.
async fn bot(mut socket: Socket, ticket: Ticket, until: Instant, think_ms: u64, tally: Shared) {
    let game = ticket.game.to_string();
    let mut seed = u64::from_str_radix(&game[..8], 16).unwrap_or(1) | 1;
    let mut seen = 0;
    let mut timer: Option<std::pin::Pin<Box<tokio::time::Sleep>>> = None;
    let mut last: Option<GameView> = None;
    loop {
        let deadline = tokio::time::Instant::from_std(until);
        let message = tokio::select! {
            message = next(&mut socket) => message,
            () = async { timer.as_mut().expect("set").await }, if timer.is_some() => {
                timer = None;
                if let Some(view) = &last && Instant::now() < until {
                    let after = view.moves.len();
                    let mv = some_move(view);
                    tally.lock().unwrap().sent.insert((game.clone(), after), Instant::now());
                    send(&mut socket, &ClientMessage::Act {
                        ticket: ticket.clone(),
                        act: SeatAct::Play { seen: Seen { after }, mv },
                    }).await;
                }
                continue;
            }
            () = tokio::time::sleep_until(deadline) => return,
        };
        let Some(message) = message else { return };
        let view = match message {
            ServerMessage::Game(view) => *view,
            ServerMessage::Refused { .. } => {
                tally.lock().unwrap().refusals += 1;
                continue;
            }
            _ => continue,
        };
        if view.moves.len() > seen {
            let now = Instant::now();
            let mut tally = tally.lock().unwrap();
            for i in seen..view.moves.len() {
                let mover = view.moves[i].player;
                if Some(mover) != view.you
                    && let Some(sent) = tally.sent.remove(&(game.clone(), i))
                {
                    tally
                        .relays
                        .push(now.duration_since(sent).as_micros() as u64);
                }
                if Some(mover) == view.you {
                    tally
                        .acknowledged
                        .entry(game.clone())
                        .or_default()
                        .push(format!("{i}:{}", view.moves[i].mv));
                }
            }
            seen = view.moves.len();
        }
        let my_turn = view.phase == Phase::Playing
            && view.you.is_some()
            && view.moves.len() % 2 == usize::from(view.you == Some(ishi_rules::Player::White));
        if my_turn && timer.is_none() {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let wait = think_ms / 2 + seed % think_ms.max(1);
            timer = Some(Box::pin(tokio::time::sleep(Duration::from_millis(wait))));
        }
        last = Some(view);
    }
}

async fn connect(url: &str) -> Socket {
    for _ in 0..50 {
        if let Ok((socket, _)) = tokio_tungstenite::connect_async(url).await {
            return socket;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("cannot connect to {url}");
}

/// The seat the server gives; a refusal ends the test, which cannot go on without it.
async fn seated(socket: &mut Socket) -> Ticket {
    loop {
        match next(socket).await {
            Some(ServerMessage::Seated { game, token, .. }) => return Ticket { game, token },
            Some(ServerMessage::Refused { reason, detail, .. }) => {
                panic!("the server refused a seat: {reason:?} ({detail})")
            }
            Some(_) => {}
            None => panic!("the server closed the connection before giving a seat"),
        }
    }
}

/// Starts one game: the creator on `first`, the friend on `second`; their sockets and tickets.
async fn pair(first: &str, second: &str) -> ((Socket, Ticket), (Socket, Ticket)) {
    let mut ann = connect(first).await;
    send(
        &mut ann,
        &ClientMessage::Create {
            setup: GameSetup::Go {
                size: 19,
                rules: ishi_rules::go::GoRules::CHINESE,
                handicap: 0,
            },
            time: TimeControl::Fischer {
                main_s: 600,
                increment_s: 10,
            },
            seat: SeatChoice::Black,
            name: "bot".into(),
        },
    )
    .await;
    let ann_ticket = seated(&mut ann).await;
    let mut bo = connect(second).await;
    send(
        &mut bo,
        &ClientMessage::Join {
            game: ann_ticket.game.clone(),
            name: "bot".into(),
        },
    )
    .await;
    let bo_ticket = seated(&mut bo).await;
    ((ann, ann_ticket), (bo, bo_ticket))
}

/// The moves of `game` as a fresh watcher on `url` reads them.
async fn final_moves(url: &str, game: &ishi_online::protocol::GameId) -> Vec<String> {
    let mut socket = connect(url).await;
    send(
        &mut socket,
        &ClientMessage::Open {
            game: game.clone(),
            token: None,
        },
    )
    .await;
    loop {
        if let Some(ServerMessage::Game(view)) = next(&mut socket).await {
            return view
                .moves
                .iter()
                .enumerate()
                .map(|(i, m)| format!("{i}:{}", m.mv))
                .collect();
        }
    }
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

/// A player of the lobby's test: registers as `name`, follows the lobby; its socket.
async fn lobby_player(url: String, name: String) -> Socket {
    let mut socket = connect(&url).await;
    send(
        &mut socket,
        &ClientMessage::Register {
            name,
            password: "a load test password".into(),
        },
    )
    .await;
    loop {
        match next(&mut socket).await {
            Some(ServerMessage::Account { .. }) => break,
            Some(ServerMessage::Refused { reason, detail, .. }) => {
                panic!("registration refused: {reason:?} ({detail})")
            }
            Some(_) => {}
            None => panic!("the server closed a player's connection"),
        }
    }
    send(&mut socket, &ClientMessage::Lobby).await;
    socket
}

/// A seeker: seeks a game in the Go 9x9 pool; its time to `started`, and its seat's ticket.
async fn seek(mut socket: Socket) -> (Socket, Duration, Ticket) {
    let sent = Instant::now();
    send(
        &mut socket,
        &ClientMessage::Seek {
            pool: Pool::Go9Fischer5Plus5,
        },
    )
    .await;
    let mut token = None;
    loop {
        match next(&mut socket).await {
            Some(ServerMessage::Challenged { token: t, .. }) => token = Some(t),
            Some(ServerMessage::Started { game, .. }) => {
                let waited = sent.elapsed();
                let token = token.expect("the token comes before the start");
                return (socket, waited, Ticket { game, token });
            }
            Some(ServerMessage::Refused { reason, detail, .. }) => {
                panic!("seek refused: {reason:?} ({detail})")
            }
            Some(_) => {}
            None => panic!("the server closed a seeker's connection"),
        }
    }
}

/// The lobby's load test (`--lobby`): the seekers' games, paired, with their sockets.
async fn lobby_games(options: &Options, urls: &[String]) -> Vec<(Socket, Ticket)> {
    let started = Instant::now();
    let run = std::process::id();
    let mut players = Vec::new();
    for chunk in (0..options.players).collect::<Vec<_>>().chunks(50) {
        let joins: Vec<_> = chunk
            .iter()
            .map(|&i| {
                let url = urls[i % urls.len()].clone();
                tokio::spawn(lobby_player(url, format!("load {run} {i}")))
            })
            .collect();
        for join in joins {
            players.push(join.await.expect("a player connects"));
        }
    }
    println!(
        "load: {} players registered and following the lobby in {:.1} s",
        players.len(),
        started.elapsed().as_secs_f64()
    );
    let idle = players.split_off(options.seekers.min(players.len()));
    // The idle players read the lobby's lists as they come.
    for mut socket in idle {
        tokio::spawn(async move { while next(&mut socket).await.is_some() {} });
    }
    let wave = Instant::now();
    let seeks: Vec<_> = players.into_iter().map(|s| tokio::spawn(seek(s))).collect();
    let mut waits = Vec::new();
    let mut games = Vec::new();
    for seek in seeks {
        let (socket, waited, ticket) = seek.await.expect("a seeker is paired");
        waits.push(waited.as_micros() as u64);
        games.push((socket, ticket));
    }
    let wave_s = wave.elapsed().as_secs_f64();
    waits.sort_unstable();
    println!(
        "load: {} seekers paired into {} games in {wave_s:.2} s: {:.0} pairings/s; time to pair p50 {:.1} ms, p99 {:.1} ms",
        waits.len(),
        waits.len() / 2,
        (waits.len() / 2) as f64 / wave_s,
        percentile(&waits, 0.5),
        percentile(&waits, 0.99)
    );
    games
}

#[tokio::main]
async fn main() {
    let options = Options::parse();
    // A directory of this run's own: two runs at once must not share a database file.
    let data = build_dir().join(format!("load-test-{}", std::process::id()));
    std::fs::create_dir_all(&data).expect("a data directory");
    let servers: Vec<Server> = match &options.postgres {
        Some(url) => vec![
            Server::start(&data.join("one"), Some(url)),
            Server::start(&data.join("two"), Some(url)),
        ],
        None => vec![Server::start(&data, None)],
    };
    let first = servers[0].ws.clone();
    let second = servers[servers.len() - 1].ws.clone();
    let instances = if servers.len() == 2 {
        "two instances on PostgreSQL"
    } else {
        "one instance on SQLite"
    };
    let seats: Vec<(Socket, Ticket)> = if options.lobby {
        println!(
            "load: the lobby: {} players, {} seeking Go 9x9 (5 min + 5 s) at once, {} s of play, {} ms thinking, {instances}",
            options.players, options.seekers, options.seconds, options.think_ms
        );
        let urls: Vec<String> = servers.iter().map(|s| s.ws.clone()).collect();
        let mut seats = lobby_games(&options, &urls).await;
        // Each seeker opens its game with its token, as the app does on `started`.
        for (socket, ticket) in &mut seats {
            send(
                socket,
                &ClientMessage::Open {
                    game: ticket.game.clone(),
                    token: Some(ticket.token.clone()),
                },
            )
            .await;
        }
        seats
    } else {
        println!(
            "load: {} games (Go 19x19, Fischer 10 min + 10 s), {} s, {} ms thinking, {instances}",
            options.games, options.seconds, options.think_ms
        );
        let started = Instant::now();
        let mut seats = Vec::new();
        for _ in 0..options.games {
            let (one, two) = pair(&first, &second).await;
            seats.push(one);
            seats.push(two);
        }
        println!(
            "load: {} games started in {:.1} s",
            seats.len() / 2,
            started.elapsed().as_secs_f64()
        );
        seats
    };
    let tally: Shared = Arc::default();
    let start = Instant::now();
    let until = start + Duration::from_secs(options.seconds);
    let mut bots = Vec::new();
    let mut games = Vec::new();
    for (socket, ticket) in seats {
        if !games.contains(&ticket.game) {
            games.push(ticket.game.clone());
        }
        bots.push(tokio::spawn(bot(
            socket,
            ticket,
            until,
            options.think_ms,
            tally.clone(),
        )));
    }
    let mut peak = (0.0f64, 0.0f64);
    while Instant::now() < until {
        tokio::time::sleep(Duration::from_secs(1)).await;
        for server in &servers {
            let (rss, _) = server.memory();
            peak.0 = peak.0.max(rss);
        }
    }
    for bot in bots {
        bot.await.ok();
    }
    let elapsed = start.elapsed().as_secs_f64();
    // Every move a player saw acknowledged is in the stored game once, in its place.
    let mut lost_or_doubled = 0;
    let mut stored_moves = 0;
    let tally = Arc::try_unwrap(tally)
        .ok()
        .expect("bots done")
        .into_inner()
        .unwrap();
    for game in &games {
        let stored = final_moves(&second, game).await;
        stored_moves += stored.len();
        let mut acked = tally
            .acknowledged
            .get(game.as_str())
            .cloned()
            .unwrap_or_default();
        acked.sort_by_key(|m| m.split(':').next().and_then(|n| n.parse::<usize>().ok()));
        if acked != stored[..acked.len().min(stored.len())] || stored.len() > acked.len() + 1 {
            lost_or_doubled += 1;
        }
    }
    let mut relays = tally.relays;
    relays.sort_unstable();
    println!(
        "load: {stored_moves} moves stored in {elapsed:.1} s: {:.0} moves/s",
        stored_moves as f64 / elapsed
    );
    println!(
        "load: relay latency p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms over {} moves",
        percentile(&relays, 0.5),
        percentile(&relays, 0.99),
        percentile(&relays, 1.0),
        relays.len()
    );
    for (i, server) in servers.iter().enumerate() {
        let (rss, hwm) = server.memory();
        println!(
            "load: server {} memory {rss:.0} MiB now, {hwm:.0} MiB at its peak",
            i + 1
        );
    }
    println!(
        "load: {lost_or_doubled} games with a lost or doubled move; {} refusals",
        tally.refusals
    );
    drop(servers);
    std::fs::remove_dir_all(&data).ok();
    if lost_or_doubled > 0 {
        std::process::exit(1);
    }
}
