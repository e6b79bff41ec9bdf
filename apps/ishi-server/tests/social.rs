//! A game's chat (the players' and the watchers' apart, kept with the game, limited), the
//! rematch with colours swapped, and the list of games being played.

mod support;

use ishi_online::protocol::{ChatLine, ClientMessage, GameId, Reason, ServerMessage, Ticket};
use ishi_online::{Phase, SeatAct, SeatChoice, TimeControl};
use ishi_rules::Player;
use support::{Client, Server, data_dir, othello};

async fn chat(client: &mut Client) -> Vec<ChatLine> {
    client
        .until(|m| match m {
            ServerMessage::Chat { lines, .. } => Some(lines),
            _ => None,
        })
        .await
}

fn say(game: &GameId, token: Option<&Ticket>, text: &str) -> ClientMessage {
    ClientMessage::Chat {
        game: game.clone(),
        token: token.map(|t| t.token.clone()),
        text: text.into(),
    }
}

/// Nothing comes for a moment (a line not meant for this reader).
async fn quiet(client: &mut Client) {
    if let Some(message) = client.next(std::time::Duration::from_millis(300)).await {
        assert!(
            !matches!(message, ServerMessage::Chat { .. }),
            "unexpected {message:?}"
        );
    }
}

/// Two guests playing by link: (Ann, her ticket), (Bo, his ticket).
async fn by_link(server: &Server) -> ((Client, Ticket), (Client, Ticket)) {
    let mut ann = Client::connect(server).await;
    let (ann_ticket, _) = ann
        .create(othello(), TimeControl::None, SeatChoice::Black)
        .await;
    let mut bo = Client::connect(server).await;
    let (bo_ticket, _) = bo.join(&ann_ticket.game).await;
    ann.view_until(|v| v.phase == Phase::Playing).await;
    ((ann, ann_ticket), (bo, bo_ticket))
}

#[tokio::test]
async fn players_and_watchers_chat_apart_and_the_chat_stays_with_the_game() {
    let server = Server::start(&data_dir("social-chat"), &[]);
    let ((mut ann, ann_ticket), (mut bo, bo_ticket)) = by_link(&server).await;
    let game = ann_ticket.game.clone();
    let mut wes = Client::connect(&server).await;
    wes.send(&ClientMessage::Register {
        name: "Wes".into(),
        password: "a fine password".into(),
    })
    .await;
    wes.until(|m| matches!(m, ServerMessage::Account { .. }).then_some(()))
        .await;
    let mut guest = Client::connect(&server).await;
    for watcher in [&mut wes, &mut guest] {
        watcher
            .send(&ClientMessage::Open {
                game: game.clone(),
                token: None,
            })
            .await;
        watcher.view().await;
    }

    // Markup is text: stored and sent as it was written.
    let text = "<b>good luck</b> & <script>alert(1)</script>";
    ann.send(&say(&game, Some(&ann_ticket), text)).await;
    let lines = chat(&mut bo).await;
    assert_eq!(lines.len(), 1);
    assert_eq!(
        (
            lines[0].seat,
            lines[0].name.as_str(),
            lines[0].text.as_str()
        ),
        (Some(Player::Black), "Ann", text)
    );
    assert_eq!(chat(&mut ann).await, lines, "the writer sees it too");
    quiet(&mut wes).await;

    wes.send(&say(&game, None, "nice opening")).await;
    let heard = chat(&mut guest).await;
    assert_eq!(
        (heard[0].seat, heard[0].name.as_str()),
        (None, "Wes"),
        "the watchers' chat"
    );
    quiet(&mut bo).await;
    guest.send(&say(&game, None, "hello")).await;
    assert_eq!(guest.refused().await, Reason::NotLoggedIn);

    for bad in ["   ", &"x".repeat(201), "two\nlines"] {
        bo.send(&say(&game, Some(&bo_ticket), bad)).await;
        assert_eq!(bo.refused().await, Reason::BadText);
    }
    // One line a second, five at once (three were taken above).
    for _ in 0..2 {
        bo.send(&say(&game, Some(&bo_ticket), "gl")).await;
        chat(&mut bo).await;
    }
    bo.send(&say(&game, Some(&bo_ticket), "gl")).await;
    assert_eq!(bo.refused().await, Reason::TooFast);

    // Kept with the game: a seat opening it again reads the players' chat, a watcher the
    // watchers'.
    let mut again = Client::connect(&server).await;
    again
        .send(&ClientMessage::Open {
            game: game.clone(),
            token: Some(bo_ticket.token.clone()),
        })
        .await;
    let kept = chat(&mut again).await;
    assert_eq!(kept.len(), 3);
    assert_eq!(kept[0].text, text);
    let mut late = Client::connect(&server).await;
    late.send(&ClientMessage::Open { game, token: None }).await;
    assert_eq!(chat(&mut late).await[0].text, "nice opening");
}

#[tokio::test]
async fn a_rematch_swaps_colours_once_both_offer_and_the_playing_list_shows_the_games() {
    let server = Server::start(&data_dir("social-rematch"), &[]);
    let ((mut ann, ann_ticket), (mut bo, bo_ticket)) = by_link(&server).await;
    let old = ann_ticket.game.clone();
    let mut watcher = Client::connect(&server).await;
    watcher.send(&ClientMessage::Playing).await;
    let playing = watcher
        .until(|m| match m {
            ServerMessage::Playing { games } => Some(games),
            _ => None,
        })
        .await;
    assert_eq!(playing.len(), 1);
    assert_eq!(playing[0].game, old);
    assert_eq!(playing[0].names.black.as_deref(), Some("Ann"));

    // Not before the end.
    ann.send(&ClientMessage::Rematch {
        ticket: ann_ticket.clone(),
    })
    .await;
    assert_eq!(ann.refused().await, Reason::WrongPhase);
    ann.act(&ann_ticket, SeatAct::Resign).await;
    bo.view_until(|v| v.phase == Phase::Over).await;
    watcher.send(&ClientMessage::Playing).await;
    let playing = watcher
        .until(|m| match m {
            ServerMessage::Playing { games } => Some(games),
            _ => None,
        })
        .await;
    assert!(playing.is_empty(), "a finished game is not being played");

    ann.send(&ClientMessage::Rematch {
        ticket: ann_ticket.clone(),
    })
    .await;
    let ann_token = ann
        .until(|m| match m {
            ServerMessage::Challenged { challenge, token } if challenge == old => Some(token),
            _ => None,
        })
        .await;
    let by = bo
        .until(|m| match m {
            ServerMessage::RematchOffered { by, .. } => Some(by),
            _ => None,
        })
        .await;
    assert_eq!(by, Player::Black);
    bo.send(&ClientMessage::Rematch {
        ticket: bo_ticket.clone(),
    })
    .await;
    let (new, bo_seat) = bo
        .until(|m| match m {
            ServerMessage::Seated { game, seat, .. } => Some((game, seat)),
            _ => None,
        })
        .await;
    assert_eq!(bo_seat, Player::Black, "Bo had White");
    let (started, ann_seat) = ann
        .until(|m| match m {
            ServerMessage::Started {
                challenge,
                game,
                seat,
            } if challenge == old => Some((game, seat)),
            _ => None,
        })
        .await;
    assert_eq!((started.clone(), ann_seat), (new.clone(), Player::White));
    ann.send(&ClientMessage::Open {
        game: new,
        token: Some(ann_token),
    })
    .await;
    let view = ann.view().await;
    assert_eq!(view.you, Some(Player::White));
    assert_eq!(view.phase, Phase::Playing);
    assert_eq!(view.names.black.as_deref(), Some("Bo"));
    assert_eq!(view.names.white.as_deref(), Some("Ann"));

    // Once: the old game's rematch has started.
    ann.send(&ClientMessage::Rematch { ticket: ann_ticket })
        .await;
    assert_eq!(ann.refused().await, Reason::WrongPhase);
}
