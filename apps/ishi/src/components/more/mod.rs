//! The "more" sheet: the game record to copy or download, importing a record (pasted or from a
//! file), and the recent games to review or continue.

use dioxus::prelude::*;

use super::{Notice, Overlay, use_handles, use_tr};
use crate::js;
use crate::model::Match;
use crate::model::saved::SavedMatch;
use crate::records;
use crate::storage::{self, RecentGame};

/// The sheet's stylesheet.
pub const CSS: &str = include_str!("more.css");

/// Puts `next` on screen in place of the current match, keeping an unfinished current match
/// in the recent games so nothing is lost, and opens the review at its end.
fn open_match(handles: super::Handles, next: Match) {
    let mut game = handles.game;
    let mut recent = handles.recent;
    let current = game.peek().clone();
    if current.result().is_none() && current.history().len() > 1 {
        let mut list = recent.write();
        list.insert(
            0,
            RecentGame {
                game: SavedMatch::of(&current),
                result: String::new(),
            },
        );
        list.truncate(storage::RECENT_GAMES);
    }
    game.set(next);
    let mut notice = handles.notice;
    notice.set(Notice::None);
    let mut reviewing = handles.reviewing;
    reviewing.set(true);
    let mut overlay = handles.overlay;
    overlay.set(Overlay::None);
}

/// Copies `text` to the clipboard, or saves it as `file_name`.
fn share(text: String, file_name: Option<(String, &'static str)>) {
    match file_name {
        None => js::run(
            "text",
            "await navigator.clipboard.writeText(text);",
            &[&text],
        ),
        Some((name, media_type)) => js::run(
            "text, name, type",
            "const url = URL.createObjectURL(new Blob([text], { type }));
             const link = document.createElement('a');
             link.href = url;
             link.download = name;
             document.body.appendChild(link);
             link.click();
             link.remove();
             setTimeout(() => URL.revokeObjectURL(url), 1000);",
            &[&text, &name, media_type],
        ),
    }
}

/// The sheet.
#[component]
pub fn More() -> Element {
    let handles = use_handles();
    let tr = use_tr();
    let mut overlay = handles.overlay;
    let exports = records::export(&handles.game.read());
    let mut pasted = use_signal(String::new);
    let mut error = use_signal(String::new);
    let mut copied = use_signal(|| None::<&'static str>);
    let recent = handles.recent.read().clone();

    let mut import = move |text: String| match records::import(&text) {
        Ok(m) => {
            error.set(String::new());
            open_match(handles, m);
        }
        Err(why) => error.set(tr.import_failed(&why)),
    };

    rsx! {
        div { class: "scrim", onclick: move |_| overlay.set(Overlay::None),
            div {
                class: "dialog more-sheet",
                role: "dialog",
                "aria-modal": "true",
                "aria-labelledby": "more-title",
                onclick: move |e| e.stop_propagation(),
                h2 { id: "more-title", {tr.record()} }
                for export in exports {
                    section { class: "export", key: "{export.format}",
                        h3 { {tr.format(export.format)} }
                        textarea {
                            class: "record-text",
                            name: "export-{export.format}",
                            readonly: true,
                            rows: "3",
                            value: "{export.text}",
                        }
                        div { class: "row",
                            button {
                                onclick: {
                                    let text = export.text.clone();
                                    let format = export.format;
                                    move |_| {
                                        share(text.clone(), None);
                                        copied.set(Some(format));
                                    }
                                },
                                if copied() == Some(export.format) { {tr.copied()} } else { {tr.copy()} }
                            }
                            button {
                                onclick: {
                                    let text = export.text.clone();
                                    let file = (export.file_name.clone(), export.media_type);
                                    move |_| share(text.clone(), Some(file.clone()))
                                },
                                {tr.download()}
                            }
                        }
                    }
                }
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
                                        import(text);
                                    }
                                    Err(why) => error.set(tr.import_failed(&why.to_string())),
                                }
                            },
                        }
                    }
                    button { class: "primary import", onclick: move |_| import(pasted()), {tr.import()} }
                }
                if !error().is_empty() {
                    p { class: "error", role: "alert", "{error}" }
                }
                h2 { {tr.recent_games()} }
                if recent.is_empty() {
                    p { class: "empty", {tr.no_recent_games()} }
                }
                ul { class: "recent",
                    for (i, entry) in recent.into_iter().enumerate() {
                        li { key: "{i}",
                            span { class: "what",
                                {describe(tr, &entry)}
                            }
                            button {
                                class: "open",
                                onclick: {
                                    let game = entry.game.clone();
                                    move |_| match game.load() {
                                        Ok(m) => open_match(handles, m),
                                        Err(why) => error.set(tr.import_failed(&why.0)),
                                    }
                                },
                                {tr.open()}
                            }
                        }
                    }
                }
                div { class: "dialog-buttons",
                    button { class: "secondary", onclick: move |_| overlay.set(Overlay::None), {tr.close()} }
                }
            }
        }
    }
}

/// "Go 9×9 · W+4.5 · 61 moves".
fn describe(tr: crate::i18n::Tr, entry: &RecentGame) -> String {
    let kind = match entry.game.config.game.as_str() {
        "go" => crate::model::GameKind::Go,
        _ => crate::model::GameKind::Othello,
    };
    let board = match kind {
        crate::model::GameKind::Go => {
            let n = entry.game.config.size.unwrap_or(19);
            format!("{n}×{n}")
        }
        crate::model::GameKind::Othello => entry
            .game
            .config
            .shape
            .clone()
            .unwrap_or_else(|| "8x8".to_owned()),
    };
    let result = if entry.result.is_empty() {
        tr.unfinished().to_owned()
    } else {
        entry.result.clone()
    };
    format!(
        "{} {board} · {result} · {}",
        tr.game(kind),
        tr.move_of(entry.game.played, entry.game.events.len())
    )
}
