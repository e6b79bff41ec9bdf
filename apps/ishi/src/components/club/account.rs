//! The account's tab: register or log in; once logged in, log out, change the password,
//! delete the account.

use dioxus::prelude::*;
use ishi_online::protocol::ClientMessage;

use super::ask;
use crate::app::AppHandle;
use crate::club::{Busy, CLUB};
use crate::i18n::{Field, Tr};

/// The tab.
/// Its forms wait for the link (`link_up`): a message sent while it is down would be lost.
pub(super) fn account(app: AppHandle, tr: Tr, link_up: bool) -> Element {
    let club = CLUB.read();
    let name = club.account().map(str::to_owned);
    let kept_name = club.kept.name.clone();
    // Waiting for the answer to a form; no form is sent meanwhile, nor while the link is down.
    let waiting = club.busy.is_some();
    let blocked = waiting || !link_up;
    drop(club);
    match name {
        Some(name) => rsx! { LoggedIn { app, tr, name, waiting, blocked } },
        None => rsx! { LogIn { app, tr, kept_name, waiting, blocked } },
    }
}

/// Registering or logging in.
#[component]
fn LogIn(app: AppHandle, tr: Tr, kept_name: String, waiting: bool, blocked: bool) -> Element {
    let mut name = use_signal(move || kept_name);
    let mut password = use_signal(String::new);
    let send = move |register: bool| {
        let (name, password) = (name().trim().to_owned(), password());
        if register {
            ask(
                app,
                Some(Busy::Register),
                ClientMessage::Register { name, password },
            );
        } else {
            ask(
                app,
                Some(Busy::Login),
                ClientMessage::Login { name, password },
            );
        }
    };
    rsx! {
        form {
            class: "account-form",
            onsubmit: move |e| {
                e.prevent_default();
                send(false);
            },
            p { class: "note", {tr.account_note()} }
            label { class: "field",
                span { {tr.field(Field::Name)} }
                input {
                    name: "account-name",
                    autocomplete: "username",
                    maxlength: "40",
                    value: "{name}",
                    oninput: move |e| name.set(e.value()),
                }
            }
            label { class: "field",
                span { {tr.password()} }
                input {
                    name: "password",
                    r#type: "password",
                    autocomplete: "current-password",
                    value: "{password}",
                    oninput: move |e| password.set(e.value()),
                }
            }
            if waiting {
                p { class: "note", role: "status", {tr.waiting_server()} }
            }
            div { class: "row",
                button { r#type: "button", class: "secondary register", disabled: blocked, onclick: move |_| send(true), {tr.register()} }
                button { r#type: "submit", class: "primary log-in", disabled: blocked, {tr.log_in()} }
            }
        }
    }
}

/// The account logged in.
#[component]
fn LoggedIn(app: AppHandle, tr: Tr, name: String, waiting: bool, blocked: bool) -> Element {
    let mut old = use_signal(String::new);
    let mut new = use_signal(String::new);
    let mut confirm = use_signal(String::new);
    rsx! {
        div { class: "account",
            p { class: "logged-in", {tr.logged_in_as(&name)} }
            button {
                class: "secondary log-out",
                onclick: move |_| ask(app, None, ClientMessage::Logout),
                {tr.log_out()}
            }
            if waiting {
                p { class: "note", role: "status", {tr.waiting_server()} }
            }
            form {
                class: "account-form",
                onsubmit: move |e| {
                e.prevent_default();
                    ask(app, Some(Busy::Password), ClientMessage::ChangePassword { old: old(), new: new() });
                    old.set(String::new());
                    new.set(String::new());
                },
                h3 { {tr.change_password()} }
                label { class: "field",
                    span { {tr.password()} }
                    input { name: "old-password", r#type: "password", autocomplete: "current-password", value: "{old}", oninput: move |e| old.set(e.value()) }
                }
                label { class: "field",
                    span { {tr.new_password()} }
                    input { name: "new-password", r#type: "password", autocomplete: "new-password", value: "{new}", oninput: move |e| new.set(e.value()) }
                }
                button { r#type: "submit", class: "secondary change-password", disabled: blocked, {tr.change_password()} }
            }
            form {
                class: "account-form delete",
                onsubmit: move |e| {
                e.prevent_default();
                    ask(app, Some(Busy::Delete), ClientMessage::DeleteAccount { password: confirm() });
                    confirm.set(String::new());
                },
                h3 { {tr.delete_account()} }
                p { class: "note", {tr.delete_note()} }
                label { class: "field",
                    span { {tr.password()} }
                    input { name: "delete-password", r#type: "password", autocomplete: "current-password", value: "{confirm}", oninput: move |e| confirm.set(e.value()) }
                }
                button { r#type: "submit", class: "danger delete-account", disabled: blocked || confirm().is_empty(), {tr.delete_account()} }
            }
        }
    }
}
