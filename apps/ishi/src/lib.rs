//! Ishi, the app: Othello and Go in a phone's browser and on the desktop, built with Dioxus.
//!
//! The match itself is plain Rust ([`model`]): immutable snapshots shared by `Rc`, a cursor,
//! and an [`Action`](model::Action) enum reduced by one `apply` method. Components
//! ([`components`]) render it as an HTML `<table>` and send actions; the computer
//! ([`computer`]) thinks in a Web Worker on the web and on a thread on the desktop, so the
//! page never freezes.

pub mod components;
pub mod computer;
pub mod i18n;
pub mod js;
pub mod model;
pub mod records;
pub mod settings;
pub mod storage;
