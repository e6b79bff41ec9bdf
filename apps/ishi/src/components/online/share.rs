//! The sheet with the link to send a friend: copy it, hand it to the system's share sheet, or
//! show its QR code to the other phone's camera.

use dioxus::prelude::*;
use ishi_online::protocol::GameId;

use crate::app::{use_app, use_tr};
use crate::components::dialog::Dialog;
use crate::components::more::copy;
use crate::js;
use crate::state::{AppAction, Overlay};

/// The link of `game` on `server` (the options' address), or on the page's own origin.
async fn link(game: &GameId, server: &str) -> String {
    let server = server.trim().trim_end_matches('/');
    if !server.is_empty() {
        let server = if server.contains("://") {
            server.to_owned()
        } else {
            format!("https://{server}")
        };
        return format!("{server}/#online={game}");
    }
    let id = game.to_string();
    js::call(
        "id",
        "return location.href.split('#')[0] + '#online=' + id;",
        &[&id],
    )
    .await
    .unwrap_or_else(|| format!("#online={game}"))
}

/// The QR code of `text` as SVG squares (dark modules), with its side in modules.
fn qr_squares(text: &str) -> Option<(usize, String)> {
    let code = qrcode::QrCode::new(text.as_bytes()).ok()?;
    let width = code.width();
    let colors = code.to_colors();
    let mut path = String::new();
    for (i, color) in colors.iter().enumerate() {
        if *color == qrcode::Color::Dark {
            let (x, y) = (i % width + 4, i / width + 4);
            path.push_str(&format!("M{x} {y}h1v1h-1z"));
        }
    }
    Some((width + 8, path))
}

/// The sheet.
/// Lazy: in the web's release build its code is a WASM module of its own, fetched after
/// the first board ([`crate::lazy`]).
#[component]
pub fn Share() -> Element {
    crate::components::parts::part!(SHARE, share_part, ())
}

crate::lazy::loader!(SHARE = "share" fn share_part(()));

/// What [`Share`] shows, once its code is there.
fn share_part(_: ()) -> Element {
    let app = use_app();
    let tr = use_tr();
    let game = app.read().online().and_then(|o| o.game.clone());
    let server = app.read().settings().server.clone();
    let url = use_resource(move || {
        let game = game.clone();
        let server = server.clone();
        async move {
            match game {
                Some(game) => Some(link(&game, &server).await),
                None => None,
            }
        }
    });
    let mut copied = use_signal(|| false);
    let can_share = use_resource(|| async {
        js::call("", "return navigator.share ? 'yes' : 'no';", &[]).await == Some("yes".to_owned())
    });
    let url = url.read().clone().flatten();
    rsx! {
        Dialog { title_id: "share-title", title: tr.invite(), class: "share-sheet",
            p { {tr.invite_text()} }
            if let Some(url) = url {
                input { class: "share-link", readonly: true, value: "{url}", "aria-label": tr.share_link() }
                div { class: "row",
                    button {
                        class: "primary copy-link",
                        onclick: {
                            let url = url.clone();
                            move |_| {
                                copy(&url);
                                copied.set(true);
                            }
                        },
                        if copied() { {tr.copied()} } else { {tr.copy()} }
                    }
                    if can_share.read().unwrap_or(false) {
                        button {
                            class: "secondary share-system",
                            onclick: {
                                let url = url.clone();
                                move |_| js::run("url", "await navigator.share({ url });", &[&url])
                            },
                            {tr.share()}
                        }
                    }
                }
                if let Some((side, path)) = qr_squares(&url) {
                    figure { class: "qr",
                        svg {
                            view_box: "0 0 {side} {side}",
                            role: "img",
                            "aria-label": "QR",
                            "shape-rendering": "crispEdges",
                            rect { width: "{side}", height: "{side}", fill: "#fff" }
                            path { d: "{path}", fill: "#000" }
                        }
                        figcaption { {tr.scan()} }
                    }
                }
            }
            div { class: "dialog-buttons",
                button { class: "secondary", onclick: move |_| app.send(AppAction::Show(Overlay::None)), {tr.close()} }
            }
        }
        style { {super::SHEETS_CSS} }
    }
}
