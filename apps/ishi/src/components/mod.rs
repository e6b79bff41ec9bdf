//! The app's components, one folder each with its own stylesheet. Each reads the state
//! through [`use_app`], derives what it shows with `use_memo` (so it
//! renders again only when that changes), and dispatches actions.

pub mod analysis;
pub mod board;
pub mod club;
pub mod controls;
pub mod dialog;
pub mod header;
pub mod more;
pub mod moves;
pub mod new_game;
pub mod online;
pub mod parts;
pub mod practice;
pub mod puzzles;
pub mod review;
pub mod status;
pub mod view;

use dioxus::prelude::*;

use crate::app::{AppHandle, use_app, use_app_provider, use_saving};
use crate::computer::use_computer;
use crate::i18n::{self, Tr};
use crate::model::Action;
use crate::state::{AppAction, Overlay};
use crate::storage;
use crate::{feedback, js, net};

#[cfg(test)]
mod css;
#[cfg(test)]
mod tests;

/// The whole stylesheet: the app's own, then each component's, made small by the build
/// script (`css.rs`).
pub const STYLESHEET: &str = include_str!(concat!(env!("OUT_DIR"), "/app.css"));

/// The app: its root's state and services ([`use_app_root`]), the stylesheet and the
/// [`Shell`]. It reads no state itself, so it renders once: the stylesheet is not compared
/// again at every change, as it would be in the shell. (The desktop's window has a root of
/// its own, which adds the menu bar's and the window's hooks.)
#[component]
pub fn App() -> Element {
    use_app_root(false);
    rsx! {
        style { {STYLESHEET} }
        Shell {}
    }
}

/// What the app's root runs: the saved state restored and provided to every component
/// below, the computer, the link to the game server and the links that open its games,
/// saving, the keyboard shortcuts, the lazy parts fetched ahead, the page's language and
/// theme, the moves' sounds. `menu_keys`: whether a menu bar's accelerators undo and redo
/// (Ctrl+Z, Ctrl+Shift+Z), as the desktop's do, so that the page's shortcuts must not do it
/// a second time. Gives the state's handle.
pub fn use_app_root(menu_keys: bool) -> AppHandle {
    let app = use_app_provider(storage::restore);
    use_computer(app.state(), app.dispatcher());
    net::use_link(app.state(), app.dispatcher());
    net::use_game_links(app.dispatcher());
    use_saving(app);
    use_shortcuts(app, menu_keys);
    use_preload(app);
    use_page_language(app);
    use_theme(app);
    feedback::use_feedback(app.state());
    app
}

/// The page in place of the app when the part that reads the saved games could not be
/// loaded (`storage::prepare`): the app does not start fresh, which would write over them at
/// its first save; Reload tries again.
#[component]
pub fn Unrestored() -> Element {
    let tr = Tr(i18n::system_language());
    rsx! {
        style { {STYLESHEET} }
        {parts::unavailable(tr)}
    }
}

/// What the app shows: header, status line, board, and the controls within thumb reach at
/// the bottom, with the open overlay on top. Each part gets its piece of one memo of the
/// state's [`view::AppView`].
///
/// Three boxes hold the parts: `app-top` (header, online bar, status), the `stage` (the
/// board) and `app-side` (the graph and the move list in `app-beside`, the review, the
/// controls). Upright, the boxes are transparent to the layout (`display: contents`) and the
/// parts stack in this order; in landscape the board takes the height of the screen on the
/// left and the two boxes make a column beside it (app.css). The sheets, the analysis and the
/// online bar are lazy parts (a WASM module each in the web's release build, [`crate::lazy`]):
/// each shows nothing until its code is there, and the rest of the screen never waits.
#[component]
pub fn Shell() -> Element {
    let app = use_app();
    let view = use_memo(move || view::AppView::of(&app.read(), app.system_language()));
    let view = view.read();
    rsx! {
        div { class: "app",
            "data-analysis": if view.analysis.as_ref().is_some_and(|a| a.any()) { "true" },
            "data-online": if view.online.is_some() { "true" },
            div { class: "app-top",
                header::Header { kind: view.kind, tr: view.tr }
                if let Some(online) = &view.online {
                    online::OnlineBar { view: online.clone(), tr: view.tr }
                }
                status::Status { view: view.status.clone() }
            }
            main { class: "stage",
                board::Board { view: view.board.clone(), tr: view.tr }
            }
            div { class: "app-side",
                div { class: "app-beside",
                        if let Some(analysis) = view.analysis.as_ref().filter(|a| a.any()) {
                        analysis::Graph { view: analysis.clone(), tr: view.tr }
                    }
                    aside { class: "moves-side", "aria-label": view.tr.moves(),
                        moves::MoveList { tr: view.tr, in_sheet: false }
                    }
                }
                if view.review.is_some() {
                    practice::ReviewBars { tr: view.tr }
                }
                if let Some((cursor, last)) = view.review {
                    review::Review { cursor, last, numbers: view.numbers, tr: view.tr }
                }
                if let Some(analysis) = &view.analysis {
                    analysis::AnalysisBar { view: analysis.clone(), tr: view.tr }
                }
                controls::Controls { view: view.controls, tr: view.tr }
            }
            match view.overlay {
                Overlay::NewGame => rsx! { new_game::NewGame {} },
                Overlay::ConfirmResign => rsx! { controls::ConfirmResign {} },
                Overlay::ConfirmPass => rsx! { controls::ConfirmPass {} },
                Overlay::More => rsx! { more::More {} },
                Overlay::Moves => rsx! { moves::MovesSheet {} },
                Overlay::Share => rsx! { online::Share {} },
                Overlay::OnlineGames => rsx! { online::OnlineGames {} },
                Overlay::Puzzles => rsx! { puzzles::Puzzles { tr: view.tr } },
                Overlay::Club => rsx! { club::ClubSheet {} },
                Overlay::None => rsx! {},
            }
        }
    }
}

/// Once the first board has shown and the page has had a moment, starts the computer's
/// worker (which fetches the engines and the weights) and the club ([`crate::club::begin`]),
/// and fetches the parts that load when first needed ([`preload`]).
fn use_preload(app: AppHandle) {
    use_hook(move || {
        spawn(async move {
            js::sleep(PRELOAD_AFTER_MS).await;
            crate::computer::warm_up();
            crate::club::begin(app).await;
            preload().await;
        });
    });
}

/// Fetches every lazy part ([`crate::lazy`]), one after the other, in the background: called
/// once the first board has shown, so that a sheet opens at once when asked for and a page
/// left open keeps working after the server has moved on to a newer build. A part that
/// cannot come is left for [`parts::Unavailable`] to report when it is asked for. Nothing to
/// do outside the split build.
async fn preload() {
    #[cfg(all(feature = "wasm-split", target_arch = "wasm32"))]
    {
        crate::storage::WRITE_SAVED.load().await;
        crate::computer::preload().await;
        new_game::NEW_GAME.load().await;
        more::MORE.load().await;
        analysis::ANALYSIS_BAR.load().await;
        analysis::GRAPH.load().await;
        online::ONLINE_BAR.load().await;
        online::SHARE.load().await;
        online::ONLINE_GAMES.load().await;
        moves::MOVE_LIST.load().await;
        moves::MOVES_SHEET.load().await;
        puzzles::PUZZLES.load().await;
        club::CLUB_SHEET.load().await;
        practice::REVIEW_BARS.load().await;
        controls::QUESTION.load().await;
        crate::net::DECODE.load().await;
        crate::net::ENCODE.load().await;
        status::OPENING_TEXT.load().await;
        status::NOTICE_TEXT.load().await;
    }
}

/// How long after the first render the lazy parts start loading: after the first board and
/// the service worker's registration, before a person is likely to open a sheet.
const PRELOAD_AFTER_MS: u32 = 1_000;

/// Keeps the page's `lang` attribute on the language in use, for screen readers and fonts.
fn use_page_language(app: AppHandle) {
    let mut set = use_signal(|| None);
    use_effect(move || {
        let language = app.language();
        if *set.peek() != Some(language) {
            set.set(Some(language));
            js::run(
                "lang",
                "document.documentElement.lang = lang;",
                &[language.code()],
            );
        }
    });
}

/// Keeps the page's `data-theme` (`light` or `dark`, which the stylesheet reads) on the
/// theme chosen, or on the system's while it follows the system (and when that changes).
fn use_theme(app: AppHandle) {
    let theme = use_memo(move || app.read().settings().theme);
    use_hook(move || {
        // Before the first frame, so that a dark system never flashes light.
        apply_theme(theme.peek().as_str());
    });
    use_effect(move || apply_theme(theme().as_str()));
}

fn apply_theme(theme: &str) {
    js::run(
        "theme",
        r#"
        const media = matchMedia("(prefers-color-scheme: dark)");
        const apply = () => {
            document.documentElement.dataset.theme =
                theme === "system" ? (media.matches ? "dark" : "light") : theme;
        };
        apply();
        if (window.ishiTheme) media.removeEventListener("change", window.ishiTheme);
        window.ishiTheme = theme === "system" ? apply : null;
        if (window.ishiTheme) media.addEventListener("change", apply);
        "#,
        &[theme],
    );
}

/// Ctrl+Z undoes, Ctrl+Shift+Z and Ctrl+Y redo (Cmd on a Mac), wherever the focus is; Escape
/// closes the open sheet or question (as its scrim does). Where a menu bar's accelerators
/// take Ctrl+Z and Ctrl+Shift+Z (`menu_keys`: the desktop's window; the keys reach the page
/// only when the menu's item is disabled, and then do nothing), the page keeps Ctrl+Y.
fn use_shortcuts(app: AppHandle, menu_keys: bool) {
    use_hook(move || {
        js::listen(
            r#"
            document.addEventListener("keydown", event => {
                if (event.key === "Escape" && document.querySelector(".scrim, .unavailable")) {
                    event.preventDefault();
                    return send("escape");
                }
                if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
                const key = event.key.toLowerCase();
                if (key === "z") {
                    event.preventDefault();
                    send(event.shiftKey ? "shift+z" : "z");
                } else if (key === "y") {
                    event.preventDefault();
                    send("y");
                }
            });
            "#,
            move |key| {
                if key == "escape" {
                    app.send(AppAction::Show(Overlay::None));
                    return;
                }
                if menu_keys && key != "y" {
                    return;
                }
                let action = if key == "z" {
                    Action::Undo
                } else {
                    Action::Redo
                };
                app.send(AppAction::Match(action));
            },
        );
    });
}
