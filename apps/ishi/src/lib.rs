//! Ishi, the app: Othello and Go in a phone's browser and on the desktop, built with Dioxus.
//!
//! The app's state is plain Rust in one place ([`state::AppState`]): both games' matches
//! ([`model`]: immutable snapshots shared by `Rc`, a cursor, an [`Action`](model::Action)
//! enum reduced by one `apply` method), the settings, the recent games, the review and the
//! notices, changed only by [`AppState::apply`](state::AppState::apply). Components
//! ([`components`]) read it through one hook ([`app::use_app`]), render the board as an HTML
//! `<table>` and dispatch actions; the computer ([`computer`]) thinks in a Web Worker on the
//! web and on a thread on the desktop, so the page never freezes; what an action changes is
//! saved ([`saved`], [`storage`]). Online games are the game server's: the app shows its
//! views and sends the player's acts over one WebSocket ([`net`], [`state::online`]).

pub mod app;
pub mod club;
pub mod components;
pub mod computer;
#[cfg(any(feature = "desktop", test))]
pub mod desktop;
pub mod feedback;
pub mod i18n;
pub mod js;
pub mod lazy;
pub mod model;
pub mod net;
pub mod puzzles;
pub mod records;
pub mod saved;
pub mod settings;
pub mod state;
pub mod storage;
