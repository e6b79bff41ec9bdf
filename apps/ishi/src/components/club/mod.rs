//! "Play online": the club's sheet ([`crate::club`]), in four tabs: the lobby (quick
//! pairing, the open challenges, a new challenge), the games to watch, profiles (ratings with
//! their graph, results, recent games to open) and the account (register, log in and out,
//! change the password, delete the account).

mod account;
mod lobby;
mod profile;

use dioxus::prelude::*;

use crate::app::{AppHandle, use_app, use_tr};
use crate::club::{CLUB, Said, carry_out};
use crate::components::dialog::Dialog;
use crate::i18n::Tr;
use crate::state::{AppAction, Overlay};

/// The sheet's tabs.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Tab {
    /// Quick pairing and the challenges.
    Lobby,
    /// The games being played.
    Watch,
    /// A player's profile.
    Profile,
    /// The account.
    Account,
}

impl Tab {
    const ALL: [Tab; 4] = [Tab::Lobby, Tab::Watch, Tab::Profile, Tab::Account];

    fn label(self, tr: Tr) -> &'static str {
        match self {
            Tab::Lobby => tr.lobby_tab(),
            Tab::Watch => tr.watch_tab(),
            Tab::Profile => tr.profile_tab(),
            Tab::Account => tr.account_tab(),
        }
    }

    fn id(self) -> &'static str {
        match self {
            Tab::Lobby => "lobby",
            Tab::Watch => "watch",
            Tab::Profile => "profile",
            Tab::Account => "account",
        }
    }
}

/// The sheet.
/// Lazy: in the web's release build its code is a WASM module of its own, fetched after
/// the first board ([`crate::lazy`]).
#[component]
pub fn ClubSheet() -> Element {
    crate::components::parts::part!(CLUB_SHEET, club_sheet_part, ())
}

crate::lazy::loader!(CLUB_SHEET = "club" fn club_sheet_part(()));

/// What [`ClubSheet`] shows, once its code is there.
fn club_sheet_part(_: ()) -> Element {
    let app = use_app();
    let tr = use_tr();
    // The lobby for a player with a session (logged in, or about to be), else the account.
    let mut tab = use_signal(|| {
        if CLUB.peek().kept.session.is_some() {
            Tab::Lobby
        } else {
            Tab::Account
        }
    });
    use_hook(move || crate::club::ensure_started(app));
    // After the first render: the club's signal is not written while the sheet renders.
    use_effect(move || {
        let steps = CLUB.write().open_sheet(app.peek().link_up());
        carry_out(app, steps);
    });
    use_drop(move || {
        let seats = app.peek().seats().to_vec();
        let steps = CLUB.write().close_sheet(&seats);
        // From the root's scope: a task of this one would end with it, unsent.
        dioxus::dioxus_core::spawn_forever(async move { carry_out(app, steps) });
    });
    let club = CLUB.read();
    // Nothing is sent before the club reads the answers, or while the link is down.
    let link_up = app.read().link_up() && club.ready;
    let said = club.said.clone();
    let logged_in = club.account().is_some();
    drop(club);
    let shown = tab();
    rsx! {
        Dialog { title_id: "club-title", title: tr.play_online(), class: "club-sheet",
            div { class: "club-tabs", role: "tablist",
                for t in Tab::ALL {
                    button {
                        key: "{t.id()}",
                        role: "tab",
                        class: "club-tab",
                        "data-tab": t.id(),
                        "aria-selected": if t == shown { "true" } else { "false" },
                        onclick: move |_| {
                            CLUB.write().said = None;
                            tab.set(t);
                        },
                        {t.label(tr)}
                    }
                }
            }
            if !link_up {
                p { class: "banner", role: "status", {tr.connecting()} }
            }
            if let Some(said) = said {
                p {
                    class: if matches!(said, Said::Refused(_)) { "error" } else { "note" },
                    role: "alert",
                    {said_text(tr, &said)}
                }
            }
            div { class: "club-page", "data-tab": shown.id(),
                match shown {
                    Tab::Lobby => rsx! { lobby::Lobby { app, tr, logged_in, link_up } },
                    Tab::Watch => rsx! { lobby::Watch { app, tr } },
                    Tab::Profile => rsx! { profile::Profile { app, tr } },
                    Tab::Account => account::account(app, tr, link_up),
                }
            }
            div { class: "dialog-buttons",
                button { class: "secondary", onclick: move |_| app.send(AppAction::Show(Overlay::None)), {tr.close()} }
            }
        }
        style { {CSS} }
    }
}

/// The sheet's own stylesheet (`club.css`), in its module, not the first board's.
const CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/parts/club.css"));

/// What the club has to say, in words.
fn said_text(tr: Tr, said: &Said) -> String {
    match said {
        Said::Refused(reason) => tr.server_refusal(*reason),
        Said::PasswordChanged => tr.password_changed().to_owned(),
        Said::Claimed(n) => tr.claimed(*n),
    }
}

/// Sends `message` for the form `busy`, which waits for the answer.
fn ask(
    app: AppHandle,
    busy: Option<crate::club::Busy>,
    message: ishi_online::protocol::ClientMessage,
) {
    {
        let mut club = CLUB.write();
        club.busy = busy;
        club.said = None;
    }
    crate::club::send(app, message);
}
