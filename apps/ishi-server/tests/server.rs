//! The game server as a process: two players on two connections, the referee's refusals,
//! resends, a kill in the middle of a game, clocks, the Go count, and the gate's limits.

mod support;

use std::time::Duration;

use ishi_online::protocol::{ClientMessage, GameView, Reason, Seen, ServerMessage, Ticket};
use ishi_online::{Phase, SeatAct, SeatChoice, TimeControl};
use ishi_rules::Player;
use support::{Client, Server, data_dir, go, othello, some_move, stranger};

/// Two players seated in a new game on `server`: (creator, ticket), (joiner, ticket), and
/// the game as both see it once started.
async fn two_players(
    server: &Server,
    setup: ishi_online::GameSetup,
    time: TimeControl,
) -> ((Client, Ticket), (Client, Ticket), GameView) {
    let mut ann = Client::connect(server).await;
    let (ann_ticket, seat) = ann.create(setup, time, SeatChoice::Black).await;
    assert_eq!(seat, Player::Black);
    let mut bo = Client::connect(server).await;
    let (bo_ticket, seat) = bo.join(&ann_ticket.game).await;
    assert_eq!(seat, Player::White, "the link gives the free seat");
    let view = ann.view_until(|v| v.phase == Phase::Playing).await;
    ((ann, ann_ticket), (bo, bo_ticket), view)
}

#[tokio::test]
async fn two_players_finish_an_othello_game_and_a_watcher_sees_it() {
    let server = Server::start(&data_dir("othello"), &[]);
    let ((mut ann, ann_ticket), (mut bo, bo_ticket), mut view) =
        two_players(&server, othello(), TimeControl::None).await;
    let mut watcher = Client::connect(&server).await;
    watcher
        .send(&ClientMessage::Join {
            game: ann_ticket.game.clone(),
            name: "Cy".into(),
        })
        .await;
    let first = watcher.view().await;
    assert_eq!(
        first.you, None,
        "both seats are taken: the third person watches"
    );

    while view.phase == Phase::Playing {
        let mv = some_move(&view);
        let to_move = support::position(&view).turn();
        let (client, ticket) = match to_move {
            Player::Black => (&mut ann, &ann_ticket),
            Player::White => (&mut bo, &bo_ticket),
        };
        client.play(ticket, &view, &mv).await;
        let played = view.moves.len();
        view = client.view_until(|v| v.moves.len() > played).await;
        assert_eq!(view.you, Some(to_move));
    }
    assert_eq!(view.phase, Phase::Over);
    let result = view.result.expect("a result");
    let seen = watcher.view_until(|v| v.phase == Phase::Over).await;
    assert_eq!(seen.result, Some(result));
    assert_eq!(seen.moves, view.moves);
    let counts = support::position(&view).counts();
    let margin = 2 * (counts.black as i32 - counts.white as i32);
    assert_eq!(result.margin().unwrap_or(0), margin, "{result}");

    // A seat's ticket makes any connection that seat (the same player on another device).
    watcher.play(&bo_ticket, &view, "pass").await;
    assert_eq!(watcher.view().await.you, Some(Player::White));
    assert_eq!(
        watcher.refusal().await,
        Reason::WrongPhase,
        "the game is over"
    );
}

#[tokio::test]
async fn what_the_referee_refuses_changes_nothing_and_says_why() {
    let server = Server::start(&data_dir("refusals"), &[]);
    let ((mut ann, ann_ticket), (mut bo, bo_ticket), view) =
        two_players(&server, othello(), TimeControl::None).await;

    bo.play(&bo_ticket, &view, "f5").await;
    assert_eq!(bo.refusal().await, Reason::NotYourTurn);
    ann.play(&ann_ticket, &view, "a1").await;
    assert_eq!(ann.refusal().await, Reason::Illegal);
    ann.play(&ann_ticket, &view, "<script>").await;
    assert_eq!(ann.refusal().await, Reason::BadMove);
    let forged = Ticket {
        game: ann_ticket.game.clone(),
        token: stranger(),
    };
    ann.play(&forged, &view, "f5").await;
    assert_eq!(
        ann.refusal().await,
        Reason::NotSeated,
        "a game id alone plays nothing"
    );
    ann.send_text("{\"type\":\"act\",\"game\":\"x\"}").await;
    assert_eq!(ann.refusal().await, Reason::Malformed);
    ann.send_text("not json").await;
    assert_eq!(ann.refusal().await, Reason::Malformed);
    ann.act(
        &ann_ticket,
        SeatAct::Play {
            seen: Seen { after: 5 },
            mv: "f5".into(),
        },
    )
    .await;
    assert_eq!(ann.refusal().await, Reason::Stale);

    ann.play(&ann_ticket, &view, "f5").await;
    let after = ann.view_until(|v| v.moves.len() == 1).await;
    assert_eq!(after.moves[0].mv, "f5", "and the game went on untouched");
}

#[tokio::test]
async fn a_resent_move_is_acknowledged_and_not_played_twice() {
    let server = Server::start(&data_dir("resend"), &[]);
    let ((mut ann, ann_ticket), (mut bo, _), view) =
        two_players(&server, othello(), TimeControl::None).await;
    ann.play(&ann_ticket, &view, "f5").await;
    ann.play(&ann_ticket, &view, "f5").await;
    let first = ann.view().await;
    let second = ann.view().await;
    assert_eq!(first.moves.len(), 1);
    assert_eq!(
        second.moves, first.moves,
        "the resend is answered with the same game"
    );
    let seen = bo.view_until(|v| v.moves.len() == 1).await;
    assert_eq!(seen.moves.len(), 1);
    assert!(
        bo.next(Duration::from_millis(300)).await.is_none(),
        "the other player saw one change"
    );
}

#[tokio::test]
async fn a_killed_server_keeps_every_acknowledged_move() {
    let data = data_dir("kill");
    let server = Server::start(&data, &[]);
    let ((mut ann, ann_ticket), (mut bo, bo_ticket), mut view) =
        two_players(&server, go(9), TimeControl::Correspondence { days: 3 }).await;
    for (i, mv) in ["E5", "C3", "G7", "C7", "G3"].iter().enumerate() {
        let (client, ticket) = if i % 2 == 0 {
            (&mut ann, &ann_ticket)
        } else {
            (&mut bo, &bo_ticket)
        };
        client.play(ticket, &view, mv).await;
        view = client.view_until(|v| v.moves.len() == i + 1).await;
    }
    server.kill();

    let server = Server::start(&data, &[]);
    let mut bo = Client::connect(&server).await;
    bo.send(&ClientMessage::Open {
        game: bo_ticket.game.clone(),
        token: Some(bo_ticket.token.clone()),
    })
    .await;
    let back = bo.view().await;
    assert_eq!(back.moves, view.moves, "every acknowledged move is there");
    assert_eq!(back.you, Some(Player::White));
    assert_eq!(back.names, view.names);
    bo.play(&bo_ticket, &back, "E3").await;
    assert_eq!(bo.view().await.moves.len(), 6, "and play goes on");
}

#[tokio::test]
async fn a_flag_falls_on_the_server_and_a_late_move_loses() {
    let server = Server::start(&data_dir("flag"), &[]);
    let time = TimeControl::Fischer {
        main_s: 1,
        increment_s: 0,
    };
    let ((mut ann, _), (mut bo, _), _) = two_players(&server, othello(), time).await;
    let over = bo.view_until(|v| v.phase == Phase::Over).await;
    assert_eq!(over.result.map(|r| r.to_string()).as_deref(), Some("W+T"));
    let seen = ann.view_until(|v| v.phase == Phase::Over).await;
    assert_eq!(seen.result, over.result);
    let clock = seen.clock.expect("a clocked game shows its clock");
    assert_eq!(clock.running, None, "the clock stops at the end");
}

#[tokio::test]
async fn undo_by_request_and_a_go_count_by_agreement() {
    let server = Server::start(&data_dir("go"), &[]);
    let ((mut ann, ann_ticket), (mut bo, bo_ticket), view) =
        two_players(&server, go(5), TimeControl::None).await;
    ann.play(&ann_ticket, &view, "C3").await;
    ann.view_until(|v| v.moves.len() == 1).await;

    ann.act(&ann_ticket, SeatAct::Undo).await;
    bo.view_until(|v| v.undo_request == Some(Player::Black))
        .await;
    bo.act(&bo_ticket, SeatAct::UndoAnswer { accept: false })
        .await;
    let declined = ann.view_until(|v| v.undo_request.is_none()).await;
    assert_eq!(declined.moves.len(), 1, "declined: the move stays");
    ann.act(&ann_ticket, SeatAct::Undo).await;
    bo.view_until(|v| v.undo_request.is_some()).await;
    bo.act(&bo_ticket, SeatAct::UndoAnswer { accept: true })
        .await;
    let undone = ann.view_until(|v| v.moves.is_empty()).await;
    assert_eq!(undone.undo_request, None);

    ann.play(&ann_ticket, &undone, "C3").await;
    let view = bo.view_until(|v| v.moves.len() == 1).await;
    assert_eq!(view.moves[0].mv, "C3");
    bo.play(&bo_ticket, &view, "pass").await;
    let view = ann.view_until(|v| v.moves.len() == 2).await;
    ann.play(&ann_ticket, &view, "pass").await;
    let counting = bo.view_until(|v| v.phase == Phase::Counting).await;

    bo.act(&bo_ticket, SeatAct::Resume).await;
    let resumed = ann.view_until(|v| v.phase == Phase::Playing).await;
    assert_eq!(resumed.moves.len(), 1, "disagreeing takes back the passes");
    assert_eq!(counting.moves.len(), 3);
    bo.play(&bo_ticket, &resumed, "pass").await;
    let view = ann.view_until(|v| v.moves.len() == 2).await;
    ann.play(&ann_ticket, &view, "pass").await;
    let counting = bo.view_until(|v| v.phase == Phase::Counting).await;
    ann.view_until(|v| v.phase == Phase::Counting).await;

    ann.act(
        &ann_ticket,
        SeatAct::AcceptCount {
            dead: vec!["A1".into()],
        },
    )
    .await;
    assert_eq!(ann.refusal().await, Reason::MarksChanged);
    for (client, ticket) in [(&mut ann, &ann_ticket), (&mut bo, &bo_ticket)] {
        client
            .act(
                ticket,
                SeatAct::AcceptCount {
                    dead: counting.dead.clone(),
                },
            )
            .await;
    }
    let over = ann.view_until(|v| v.phase == Phase::Over).await;
    // One black stone on 5x5: Black owns the board (Japanese: 24 points) against komi 6.5.
    assert_eq!(
        over.result.map(|r| r.to_string()).as_deref(),
        Some("B+17.5")
    );
}

#[tokio::test]
async fn the_list_shows_whose_turn_it_is() {
    let server = Server::start(&data_dir("list"), &[]);
    let ((_ann, ann_ticket), (_bo, bo_ticket), _) =
        two_players(&server, go(9), TimeControl::Correspondence { days: 2 }).await;
    let mut lister = Client::connect(&server).await;
    let forged = Ticket {
        game: ann_ticket.game.clone(),
        token: stranger(),
    };
    lister
        .send(&ClientMessage::List {
            games: vec![ann_ticket.clone(), bo_ticket.clone(), forged],
        })
        .await;
    let ServerMessage::List { games } = lister.recv().await else {
        panic!("expected the list");
    };
    assert_eq!(games.len(), 2, "a ticket that holds no seat lists nothing");
    assert_eq!(games[0].you, Player::Black);
    assert_eq!(games[1].you, Player::White);
    assert_eq!(games[0].turn, Some(Player::Black));
    assert!(games[0].deadline_ms.is_some(), "days per move: a deadline");
}

#[tokio::test]
async fn the_gate_refuses_other_origins_big_messages_and_floods() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;

    let server = Server::start(&data_dir("gate"), &["--rate", "5", "--burst", "5"]);
    let mut request = server.ws().into_client_request().unwrap();
    request
        .headers_mut()
        .insert("origin", "http://evil.example".parse().unwrap());
    let refused = tokio_tungstenite::connect_async(request).await;
    assert!(
        refused.is_err(),
        "another site's page may not open the socket"
    );
    let mut request = server.ws().into_client_request().unwrap();
    let own = server.url.trim_end_matches('/').to_owned();
    request.headers_mut().insert("origin", own.parse().unwrap());
    assert!(
        tokio_tungstenite::connect_async(request).await.is_ok(),
        "the server's own page may"
    );
    let mut request = server.ws().into_client_request().unwrap();
    request
        .headers_mut()
        .insert("origin", "dioxus://index.html".parse().unwrap());
    assert!(
        tokio_tungstenite::connect_async(request).await.is_ok(),
        "the desktop app's webview may"
    );

    let mut flood = Client::connect(&server).await;
    for t in 0..20 {
        flood.send(&ClientMessage::Ping { t: f64::from(t) }).await;
    }
    let mut too_fast = 0;
    while let Some(message) = flood.next(Duration::from_millis(500)).await {
        if let ServerMessage::Refused { reason, .. } = message {
            assert_eq!(reason, Reason::TooFast);
            too_fast += 1;
        }
    }
    assert!(too_fast >= 10, "{too_fast} of 20 refused at 5 a second");

    let mut big = Client::connect(&server).await;
    let name = "x".repeat(20_000);
    big.send_text(&format!(
        r#"{{"type":"join","game":"0123456789abcdef","name":"{name}"}}"#
    ))
    .await;
    assert!(
        big.next(Duration::from_secs(2)).await.is_none(),
        "closed, not read"
    );
}

#[tokio::test]
async fn the_web_build_is_served_beside_the_api() {
    let web = data_dir("web-files");
    std::fs::write(web.join("index.html"), "<!doctype html><title>Ishi</title>").unwrap();
    let server = Server::start(&data_dir("web"), &["--web", web.to_str().unwrap()]);
    let get = |path: &str| support::http_get(&server, path);
    let page = get("index.html");
    assert!(page.contains("<title>Ishi</title>"), "{page}");
    assert!(
        page.to_ascii_lowercase()
            .contains("cache-control: no-cache"),
        "{page}"
    );
    assert!(
        get("some/route").contains("<title>Ishi</title>"),
        "unknown paths get the app"
    );
    assert!(get("api/health").ends_with("ok"));
}

#[tokio::test]
async fn a_file_compressed_ahead_is_sent_as_it_is_to_a_browser_that_takes_gzip() {
    let web = data_dir("web-gz-files");
    std::fs::write(web.join("index.html"), "<!doctype html><title>Ishi</title>").unwrap();
    std::fs::write(web.join("app.wasm"), "the raw module").unwrap();
    // Not a real gzip stream: the server must send the file as it is, not make its own.
    std::fs::write(web.join("app.wasm.gz"), "made ahead by zopfli").unwrap();
    let server = Server::start(&data_dir("web-gz"), &["--web", web.to_str().unwrap()]);
    let gzip = String::from_utf8_lossy(&support::http_request(
        &server,
        "app.wasm",
        "Accept-Encoding: gzip\r\n",
    ))
    .to_ascii_lowercase();
    assert!(gzip.contains("content-encoding: gzip"), "{gzip}");
    assert!(gzip.ends_with("made ahead by zopfli"), "{gzip}");
    let plain = support::http_get(&server, "app.wasm");
    assert!(
        !plain.to_ascii_lowercase().contains("content-encoding"),
        "{plain}"
    );
    assert!(plain.ends_with("the raw module"), "{plain}");
}

#[tokio::test]
async fn an_address_creates_a_bounded_number_of_games_whatever_its_connections() {
    let server = Server::start(&data_dir("creates"), &["--creates-per-hour", "2"]);
    for _ in 0..2 {
        let mut client = Client::connect(&server).await;
        client
            .create(othello(), TimeControl::None, SeatChoice::Black)
            .await;
    }
    let mut third = Client::connect(&server).await;
    third
        .send(&ClientMessage::Create {
            setup: othello(),
            time: TimeControl::None,
            seat: SeatChoice::White,
            name: "Cy".into(),
        })
        .await;
    assert_eq!(third.refusal().await, Reason::TooManyGames);
}
