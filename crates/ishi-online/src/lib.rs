//! Online games: the referee that owns a game on the server ([`Table`]), its clocks
//! ([`Clock`]) and the messages between the app and the server ([`protocol`]).
//!
//! ```
//! use ishi_online::SeatAct;
//! use ishi_online::protocol::{ClientMessage, Seen};
//!
//! let text = r#"{"type":"act","game":"0123456789abcdef",
//!     "token":"0123456789abcdef0123456789abcdef","act":"play","after":0,"move":"f5"}"#;
//! let message: ClientMessage = serde_json::from_str(text)?;
//! let ClientMessage::Act { act, .. } = message else { unreachable!() };
//! assert_eq!(act, SeatAct::Play { seen: Seen { after: 0 }, mv: "f5".into() });
//! # Ok::<(), serde_json::Error>(())
//! ```
//!
//! The server keeps a game as its [`Record`]s: each is checked by [`Table::apply`] (the
//! rules of `ishi-rules`, the count of `ishi-scoring`, the clock) before it is stored, and a
//! game is loaded by applying its records again. The clock takes the time from the record,
//! never from the machine, so replaying gives the same game. Nothing here does IO: the
//! server (`apps/ishi-server`) stores and relays, the app shows.

mod clock;
pub mod protocol;
pub mod rated;
mod setup;
mod table;

pub use clock::{Clock, Left, TimeUp};
pub use setup::{
    GameSetup, MAX_DAYS, MAX_MAIN_S, MAX_PERIODS, MAX_STEP_S, SeatChoice, SetupError, TimeControl,
    TimeError,
};
pub use table::{Act, MAX_NAME, Phase, Played, Record, Refusal, SeatAct, Table, is_valid_name};

#[cfg(test)]
mod tests;
