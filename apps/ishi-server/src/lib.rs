//! Ishi's game server: serves the web build and the online games' WebSocket on one port.
//!
//! ```text
//! ishi-server --web target/dx/ishi/release/web/public            # SQLite under ./ishi-data
//! ishi-server --database postgres://ishi@127.0.0.1/ishi --listen 0.0.0.0:8080
//! ```
//!
//! A game lives in the store (SQLite by default, PostgreSQL for several instances) as its
//! records; the referee (`ishi-online`) checks each before it is stored, and a move is shown
//! to anyone, its player included, only once committed. Instances sharing a PostgreSQL
//! database tell each other of new records with NOTIFY, so players connected to different
//! instances play the same game.

pub mod accounts;
mod connection;
pub mod hub;
pub mod lobby;
pub mod store;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::extract::{ConnectInfo, State, WebSocketUpgrade};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use clap::Parser;
use ishi_online::protocol::{MAX_MESSAGE, PATH};
use tower_http::compression::CompressionLayer;
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::accounts::Accounts;
use crate::hub::Hub;
use crate::lobby::Lobby;
use crate::store::{Backend, Store};

/// Ishi's game server: the web app and online games (live and correspondence) on one port.
#[derive(Parser, Debug)]
#[command(version)]
pub struct Options {
    /// The address and port to listen on.
    #[arg(long, env = "ISHI_LISTEN", default_value = "127.0.0.1:8080")]
    pub listen: SocketAddr,
    /// The web build to serve (`target/dx/ishi/release/web/public`); without it only the
    /// game API is served.
    #[arg(long, env = "ISHI_WEB")]
    pub web: Option<PathBuf>,
    /// Where the SQLite database lives when no --database is given.
    #[arg(long, env = "ISHI_DATA_DIR", default_value = "ishi-data")]
    pub data_dir: PathBuf,
    /// The database: `sqlite://PATH` or `postgres://USER@HOST/DB` (several instances may
    /// share a PostgreSQL database). Default: SQLite in the data directory.
    #[arg(long, env = "ISHI_DATABASE_URL")]
    pub database: Option<String>,
    /// A page origin allowed to open the WebSocket (`https://ishi.example`), repeatable.
    /// Without any, only pages served by this server (same host) and clients that send no
    /// Origin (the desktop app, tools) may.
    #[arg(
        long = "allow-origin",
        env = "ISHI_ALLOWED_ORIGINS",
        value_delimiter = ','
    )]
    pub allowed_origins: Vec<String>,
    /// Messages a connection may send a second, on average.
    #[arg(long, env = "ISHI_RATE", default_value_t = 20.0)]
    pub rate: f64,
    /// Messages a connection may send at once before the rate applies.
    #[arg(long, env = "ISHI_BURST", default_value_t = 40.0)]
    pub burst: f64,
    /// Games one connection may create, join or follow.
    #[arg(long, env = "ISHI_GAMES_PER_CONNECTION", default_value_t = 64)]
    pub games_per_connection: usize,
    /// Games one client address may create an hour (all its connections together; up to 10
    /// at once).
    #[arg(long, env = "ISHI_CREATES_PER_HOUR", default_value_t = 60.0)]
    pub creates_per_hour: f64,
    /// Take the client's address from the first X-Forwarded-For entry (behind a reverse
    /// proxy that sets it; never on a server the internet reaches directly).
    #[arg(long, env = "ISHI_FORWARDED_FOR")]
    pub forwarded_for: bool,
    /// How long an account's session lasts after its last use, in seconds (30 days).
    #[arg(long, env = "ISHI_SESSION_SECONDS", default_value_t = 30 * 24 * 3600)]
    pub session_seconds: u32,
    /// Logins and registrations one client address may try an hour (10 at once).
    #[arg(long, env = "ISHI_LOGINS_PER_HOUR", default_value_t = 60.0)]
    pub logins_per_hour: f64,
}

/// What one connection may do.
#[derive(Copy, Clone, Debug)]
pub struct Limits {
    /// Messages a second.
    pub rate: f64,
    /// Messages at once.
    pub burst: f64,
    /// Games followed at once.
    pub games_per_connection: usize,
}

#[derive(Clone)]
struct AppState {
    hub: Arc<Hub>,
    accounts: Arc<Accounts>,
    lobby: Arc<Lobby>,
    limits: Limits,
    origins: Arc<Vec<String>>,
    creators: Arc<connection::PerAddress>,
    forwarded_for: bool,
}

/// Runs the server until SIGINT or SIGTERM.
///
/// # Errors
///
/// When the database cannot be opened or the address cannot be bound.
pub async fn run(options: Options) -> Result<(), Box<dyn std::error::Error>> {
    let url = match &options.database {
        Some(url) => url.clone(),
        None => {
            std::fs::create_dir_all(&options.data_dir)?;
            let path = std::fs::canonicalize(&options.data_dir)?.join("ishi.db");
            format!("sqlite://{}", path.display())
        }
    };
    let store = Store::connect(&url).await?;
    let hub = Hub::start(store.clone()).await?;
    let accounts = Accounts::new(
        store.clone(),
        accounts::Limits {
            session_ms: i64::from(options.session_seconds) * 1000,
            attempts_per_hour: options.logins_per_hour,
        },
    )
    .await
    .map_err(|e| format!("{e:?}"))?;
    let lobby = Lobby::start(store.clone(), hub.clone())
        .await
        .map_err(|e| format!("{e:?}"))?;
    if store.backend() == Backend::Postgres {
        tokio::spawn(listen_for_others(
            hub.clone(),
            lobby.clone(),
            store.url().to_owned(),
        ));
    }
    let state = AppState {
        hub,
        accounts,
        lobby,
        limits: Limits {
            rate: options.rate,
            burst: options.burst,
            games_per_connection: options.games_per_connection,
        },
        origins: Arc::new(options.allowed_origins),
        creators: Arc::new(connection::PerAddress::per_hour(options.creates_per_hour)),
        forwarded_for: options.forwarded_for,
    };
    let mut app = Router::new()
        .route(PATH, get(socket))
        .route("/api/health", get(|| async { "ok" }))
        .with_state(state);
    if let Some(web) = &options.web {
        // The build's FILE.gz (scripts/build-web compresses ahead) where the browser takes
        // gzip; the compression layer leaves a response that has its encoding alone.
        let index = ServeFile::new(web.join("index.html")).precompressed_gzip();
        let files = ServeDir::new(web).precompressed_gzip().fallback(index);
        app = app.fallback_service(files);
    }
    let app = app
        .layer(CompressionLayer::new())
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-cache"),
        ));
    let listener = tokio::net::TcpListener::bind(options.listen).await?;
    let address = listener.local_addr()?;
    println!(
        "ishi-server: serving http://{address}/ (games in {url_shown})",
        url_shown = shown(&url)
    );
    axum::serve(
        listener,
        app.into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(shutdown())
    .await?;
    Ok(())
}

/// The database URL without its password.
fn shown(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &url[scheme + 3..at];
            let user = credentials.split(':').next().unwrap_or_default();
            format!("{}{user}@{}", &url[..scheme + 3], &url[at + 1..])
        }
        _ => url.to_owned(),
    }
}

async fn shutdown() {
    let interrupt = tokio::signal::ctrl_c();
    #[cfg(unix)]
    let terminate = async {
        if let Ok(mut signal) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            signal.recv().await;
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        _ = interrupt => {},
        () = terminate => {},
    }
}

/// Whether the page that opens the WebSocket may: same host, a listed origin, or no web
/// origin at all. The check keeps other web sites' pages from playing through their
/// visitors' browsers; an app's own webview (the desktop app's `dioxus://` page) or a tool
/// without an Origin is no such page.
fn origin_allowed(headers: &HeaderMap, allowed: &[String]) -> bool {
    let Some(origin) = headers.get(header::ORIGIN) else {
        return true;
    };
    let Ok(origin) = origin.to_str() else {
        return false;
    };
    if allowed.iter().any(|a| a == origin) {
        return true;
    }
    let Some(origin_host) = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
    else {
        return origin.contains("://") && origin != "null";
    };
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    host == Some(origin_host)
}

async fn socket(
    State(state): State<AppState>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !origin_allowed(&headers, &state.origins) {
        return (
            StatusCode::FORBIDDEN,
            "this page's origin may not play here",
        )
            .into_response();
    }
    let forwarded = headers
        .get("x-forwarded-for")
        .and_then(|h| h.to_str().ok())
        .and_then(|list| list.split(',').next())
        .and_then(|first| first.trim().parse().ok())
        .filter(|_| state.forwarded_for);
    let client = connection::Client {
        address: forwarded.unwrap_or(peer.ip()),
        limits: state.limits,
        creators: state.creators.clone(),
        accounts: state.accounts.clone(),
        lobby: state.lobby.clone(),
    };
    let hub = state.hub.clone();
    // Small buffers (tungstenite's default is 128 KiB each way): messages are at most 16 KiB,
    // and a thousand idle players should not hold a quarter of a gigabyte.
    upgrade
        .read_buffer_size(4 * 1024)
        .write_buffer_size(4 * 1024)
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .on_upgrade(move |socket| connection::serve(socket, hub, client))
}

/// PostgreSQL: applies the records other instances store, and their lobby's changes, as
/// they tell of them.
async fn listen_for_others(hub: Arc<Hub>, lobby: Arc<Lobby>, url: String) {
    loop {
        match sqlx::postgres::PgListener::connect(&url).await {
            Ok(mut listener) => {
                if let Err(e) = listener
                    .listen_all([store::CHANNEL, store::LOBBY_CHANNEL])
                    .await
                {
                    eprintln!("ishi-server: listen: {e}");
                } else {
                    while let Ok(notice) = listener.recv().await {
                        if notice.channel() == store::LOBBY_CHANNEL {
                            lobby.started(notice.payload()).await;
                        } else if let Some((id, seq)) = store::parse_notice(notice.payload())
                            && let Err(e) = hub.catch_up(&id, seq).await
                        {
                            eprintln!("ishi-server: game {id}: {e}");
                        }
                    }
                }
            }
            Err(e) => eprintln!("ishi-server: listen: {e}"),
        }
        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
    }
}
