//! The "more" sheet: the puzzles' door, the game record to copy or download, importing a
//! record (pasted or from a file), the recent games to review or continue, the online games,
//! and what Ishi is (its version, its licence, and the credit of the Go network it ships).

use dioxus::prelude::*;

use crate::app::{AppHandle, use_app, use_tr};
use crate::components::dialog::Dialog;
use crate::i18n::Tr;
use crate::js;
use crate::model::{GameKind, MatchConfig, OthelloStart};
use crate::records::{self, Export, ImportError, RecordFormat};
use crate::saved::RecentGame;
use crate::state::{AppAction, AppError, Notice, Overlay};

/// The sheet.
/// Lazy: in the web's release build its code is a WASM module of its own, fetched after
/// the first board ([`crate::lazy`]).
#[component]
pub fn More() -> Element {
    crate::components::parts::part!(MORE, more_part, ())
}

/// The sheet's stylesheet, rendered with it (`css::PARTS`): the first board does without it.
const CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/parts/more.css"));

crate::lazy::loader!(MORE = "more" fn more_part(()));

/// What [`More`] shows, once its code is there.
fn more_part(_: ()) -> Element {
    let app = use_app();
    let tr = use_tr();
    let copied = use_signal(|| None::<RecordFormat>);
    let pasted = use_signal(String::new);
    let error = match app.read().notice() {
        Notice::Error(e) if e.shown_in_sheet() && !matches!(e, AppError::Setup(_)) => {
            Some(tr.error(e))
        }
        _ => None,
    };
    rsx! {
        Dialog { title_id: "more-title", title: tr.more(), class: "more-sheet",
            h2 { {tr.puzzles()} }
            p { class: "intro", {tr.puzzles_intro()} }
            button { class: "action puzzles", onclick: move |_| app.send(AppAction::Show(Overlay::Puzzles)), {tr.solve_puzzles()} }
            h2 { {tr.record()} }
            {exports(app, tr, copied)}
            {import(app, tr, pasted)}
            if let Some(error) = error {
                p { class: "error", role: "alert", "{error}" }
            }
            {recent_games(app, tr)}
            h2 { {tr.online_games()} }
            div { class: "online-buttons",
                button { class: "action play-online", onclick: move |_| app.send(AppAction::Show(Overlay::Club)), {tr.play_online()} }
                button { class: "action online-games", onclick: move |_| app.send(AppAction::Show(Overlay::OnlineGames)), {tr.online_games()} }
            }
            h2 { {tr.about()} }
            for line in tr.about_lines(env!("CARGO_PKG_VERSION")) {
                p { class: "about", "{line}" }
            }
            div { class: "dialog-buttons",
                button { class: "secondary", onclick: move |_| app.send(AppAction::Show(Overlay::None)), {tr.close()} }
            }
        }
        style { {CSS} }
    }
}

/// Copies `text` to the clipboard.
pub fn copy(text: &str) {
    js::run(
        "text",
        "await navigator.clipboard.writeText(text);",
        &[text],
    );
}

/// Saves `export` as a file (a download).
pub fn download(export: &Export) {
    js::run(
        "text, name, type",
        "const url = URL.createObjectURL(new Blob([text], { type }));
         const link = document.createElement('a');
         link.href = url;
         link.download = name;
         document.body.appendChild(link);
         link.click();
         link.remove();
         setTimeout(() => URL.revokeObjectURL(url), 1000);",
        &[&export.text, &export.file_name, export.media_type],
    );
}

/// The records of the game on screen, each to copy or download; `copied` is the format last
/// copied, which its button says.
fn exports(app: AppHandle, tr: Tr, mut copied: Signal<Option<RecordFormat>>) -> Element {
    let exports = records::export(app.read().current());
    rsx! {
        for export in exports {
            section { class: "export", key: "{export.format.id()}",
                h3 { {tr.format(export.format)} }
                textarea {
                    class: "record-text",
                    name: "export-{export.format.id()}",
                    readonly: true,
                    rows: "3",
                    value: "{export.text}",
                }
                div { class: "row",
                    button {
                        onclick: {
                            let export = export.clone();
                            move |_| {
                                copy(&export.text);
                                copied.set(Some(export.format));
                            }
                        },
                        if copied() == Some(export.format) { {tr.copied()} } else { {tr.copy()} }
                    }
                    button { onclick: move |_| download(&export), {tr.download()} }
                }
            }
        }
    }
}

/// Import: a record pasted (into `pasted`) or opened from a file.
fn import(app: AppHandle, tr: Tr, mut pasted: Signal<String>) -> Element {
    rsx! {
        h2 { {tr.import()} }
        textarea {
            class: "record-text",
            name: "import",
            rows: "3",
            placeholder: tr.import_hint(),
            value: "{pasted}",
            oninput: move |e| pasted.set(e.value()),
        }
        div { class: "row",
            label { class: "file-button",
                {tr.open_file()}
                input {
                    r#type: "file",
                    name: "import-file",
                    accept: ".sgf,.txt,.obf,text/plain",
                    onchange: move |e| async move {
                        let Some(file) = e.files().into_iter().next() else {
                            return;
                        };
                        match file.read_string().await {
                            Ok(text) => {
                                pasted.set(text.clone());
                                app.send(AppAction::Import(records::import(&text)));
                            }
                            Err(_) => app.send(AppAction::Report(AppError::Import(ImportError::File))),
                        }
                    },
                }
            }
            button { class: "primary import", onclick: move |_| app.send(AppAction::Import(records::import(&pasted()))), {tr.import()} }
        }
    }
}

/// The recent games, each to open for review.
fn recent_games(app: AppHandle, tr: Tr) -> Element {
    let recent = app.read().recent().to_vec();
    rsx! {
        h2 { {tr.recent_games()} }
        if recent.is_empty() {
            p { class: "empty", {tr.no_recent_games()} }
        }
        ul { class: "recent",
            for (i, entry) in recent.iter().enumerate() {
                li { key: "{i}",
                    span { class: "what", {describe(tr, entry)} }
                    button {
                        class: "open",
                        onclick: {
                            let game = entry.game.clone();
                            move |_| app.send(AppAction::OpenRecent(game.load()))
                        },
                        {tr.open()}
                    }
                }
            }
        }
    }
}

/// "Go 9×9 · W+4.5 · Move 61 of 61".
fn describe(tr: Tr, entry: &RecentGame) -> String {
    let config = &entry.game.config;
    let board = match config {
        MatchConfig::Go(go) => format!("{0}×{0}", go.size),
        MatchConfig::Othello(othello) => match othello.start {
            OthelloStart::Shape(shape) => shape.to_string(),
            OthelloStart::Position(position) => position.shape().to_string(),
        },
    };
    let result = entry
        .result
        .map_or_else(|| tr.unfinished().to_owned(), |r| r.to_string());
    let kind: GameKind = config.kind();
    format!(
        "{} {board} · {result} · {}",
        tr.game(kind),
        tr.move_of(entry.game.played, entry.game.events.len())
    )
}
