//! Two server instances sharing one PostgreSQL database: players connected to different
//! instances play one game, and a game goes on when one instance is killed; an account made
//! on one logs in on the other, and wrong passwords counted on both lock it on both; seekers
//! on the two are paired, each told by its own instance; a chat line crosses once.
//!
//! Needs PostgreSQL: `scripts/test-server` starts a private one and runs this test with its
//! URL in `ISHI_TEST_POSTGRES` (it is ignored by a plain `cargo test`).

mod support;

use ishi_online::protocol::ClientMessage;
use ishi_online::{Phase, SeatChoice, TimeControl};
use ishi_rules::Player;
use support::{Client, Server, data_dir, othello, some_move};

fn database() -> String {
    std::env::var("ISHI_TEST_POSTGRES")
        .expect("ISHI_TEST_POSTGRES names the test database (scripts/test-server sets it)")
}

#[tokio::test]
#[ignore = "needs PostgreSQL: run by scripts/test-server"]
async fn players_on_two_instances_play_one_game_and_survive_a_killed_instance() {
    let url = database();
    let args = ["--database", url.as_str()];
    let one = Server::start(&data_dir("pg-one"), &args);
    let two = Server::start(&data_dir("pg-two"), &args);

    let mut ann = Client::connect(&one).await;
    let (ann_ticket, _) = ann
        .create(
            othello(),
            TimeControl::Fischer {
                main_s: 600,
                increment_s: 5,
            },
            SeatChoice::Black,
        )
        .await;
    let mut bo = Client::connect(&two).await;
    let (bo_ticket, seat) = bo.join(&ann_ticket.game).await;
    assert_eq!(seat, Player::White, "the seat taken on instance two");
    let mut view = ann.view_until(|v| v.phase == Phase::Playing).await;
    assert_eq!(
        view.names.white.as_deref(),
        Some("Bo"),
        "instance one heard of it"
    );

    // Twenty moves, each made on one instance and seen on the other.
    for _ in 0..20 {
        let played = view.moves.len();
        let mv = some_move(&view);
        let (mover, ticket, other) = match support::position(&view).turn() {
            Player::Black => (&mut ann, &ann_ticket, &mut bo),
            Player::White => (&mut bo, &bo_ticket, &mut ann),
        };
        mover.play(ticket, &view, &mv).await;
        view = other.view_until(|v| v.moves.len() > played).await;
        assert_eq!(view.moves[played].mv, mv);
    }

    one.kill();
    let mut ann = Client::connect(&two).await;
    ann.send(&ClientMessage::Open {
        game: ann_ticket.game.clone(),
        token: Some(ann_ticket.token.clone()),
    })
    .await;
    let back = ann.view().await;
    assert_eq!(back.moves, view.moves, "instance two has every move");
    assert_eq!(back.you, Some(Player::Black));

    let played = back.moves.len();
    let mover_is_ann = support::position(&back).turn() == Player::Black;
    let mv = some_move(&back);
    if mover_is_ann {
        ann.play(&ann_ticket, &back, &mv).await;
    } else {
        bo.play(&bo_ticket, &back, &mv).await;
    }
    let seen = ann.view_until(|v| v.moves.len() > played).await;
    assert_eq!(seen.moves[played].mv, mv, "and the game goes on");

    // A third instance started now reads the game whole from the database.
    let three = Server::start(&data_dir("pg-three"), &args);
    let mut carl = Client::connect(&three).await;
    carl.send(&ClientMessage::Open {
        game: ann_ticket.game.clone(),
        token: None,
    })
    .await;
    assert_eq!(carl.view().await.moves, seen.moves);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: run by scripts/test-server"]
async fn an_account_made_on_one_instance_logs_in_and_locks_on_the_other() {
    use ishi_online::protocol::{Reason, ServerMessage};
    let url = database();
    let args = ["--database", url.as_str(), "--logins-per-hour", "100000"];
    let one = Server::start(&data_dir("pg-accounts-one"), &args);
    let two = Server::start(&data_dir("pg-accounts-two"), &args);
    // A name of its own: the database outlives a run.
    let name = format!("pg {}", std::process::id());
    let login = |password: &str| ClientMessage::Login {
        name: name.clone(),
        password: password.into(),
    };

    let mut ann = Client::connect(&one).await;
    ann.send(&ClientMessage::Register {
        name: name.clone(),
        password: "a fine password".into(),
    })
    .await;
    let ServerMessage::Account { session, .. } = ann.recv().await else {
        panic!("not registered");
    };
    let mut phone = Client::connect(&two).await;
    phone.send(&ClientMessage::Resume { session }).await;
    assert!(matches!(phone.recv().await, ServerMessage::Account { .. }));
    phone
        .send(&ClientMessage::Register {
            name: name.to_uppercase(),
            password: "a fine password".into(),
        })
        .await;
    assert_eq!(phone.refusal().await, Reason::NameTaken);

    // Wrong passwords counted on both instances lock the account on both.
    for (i, server) in [&one, &two, &one, &two, &one].into_iter().enumerate() {
        let mut guesser = Client::connect(server).await;
        guesser.send(&login(&format!("guess {i}"))).await;
        assert_eq!(guesser.refusal().await, Reason::BadCredentials);
    }
    let mut owner = Client::connect(&two).await;
    owner.send(&login("a fine password")).await;
    assert_eq!(owner.refusal().await, Reason::TooManyAttempts);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: run by scripts/test-server"]
async fn seekers_on_two_instances_are_paired_and_both_told() {
    use ishi_online::protocol::ServerMessage;
    use ishi_online::rated::Pool;
    let url = database();
    let args = ["--database", url.as_str()];
    let one = Server::start(&data_dir("pg-pairing-one"), &args);
    let two = Server::start(&data_dir("pg-pairing-two"), &args);
    let id = std::process::id();
    let mut seekers = Vec::new();
    for (server, name) in [(&one, format!("seek a{id}")), (&two, format!("seek b{id}"))] {
        let mut client = Client::connect(server).await;
        client
            .send(&ClientMessage::Register {
                name,
                password: "a fine password".into(),
            })
            .await;
        assert!(matches!(client.recv().await, ServerMessage::Account { .. }));
        client
            .send(&ClientMessage::Seek {
                pool: Pool::Go9Fischer5Plus5,
            })
            .await;
        let ServerMessage::Challenged { token, .. } = client.recv().await else {
            panic!("no seek");
        };
        seekers.push((client, token));
    }
    let mut seats = Vec::new();
    for (client, token) in &mut seekers {
        let (game, seat) = loop {
            if let ServerMessage::Started { game, seat, .. } = client.recv().await {
                break (game, seat);
            }
        };
        client
            .send(&ClientMessage::Open {
                game: game.clone(),
                token: Some(token.clone()),
            })
            .await;
        assert_eq!(client.view().await.you, Some(seat));
        seats.push(seat);
    }
    assert_ne!(seats[0], seats[1]);
    // The other instance's profile lists the game, rated and not counted while played.
    let (client, _) = &mut seekers[0];
    client
        .send(&ClientMessage::Profile {
            name: format!("seek b{id}"),
        })
        .await;
    let profile = loop {
        if let ServerMessage::Profile(profile) = client.recv().await {
            break profile;
        }
    };
    let listed: Vec<(bool, bool)> = profile
        .recent
        .iter()
        .map(|g| (g.rated, g.counted))
        .collect();
    assert_eq!(listed, [(true, false)]);
}

#[tokio::test]
#[ignore = "needs PostgreSQL: run by scripts/test-server"]
async fn a_chat_line_said_on_one_instance_is_read_on_the_other() {
    use ishi_online::protocol::ServerMessage;
    let url = database();
    let args = ["--database", url.as_str()];
    let one = Server::start(&data_dir("pg-chat-one"), &args);
    let two = Server::start(&data_dir("pg-chat-two"), &args);
    let mut ann = Client::connect(&one).await;
    let (ann_ticket, _) = ann
        .create(othello(), TimeControl::None, SeatChoice::Black)
        .await;
    let mut bo = Client::connect(&two).await;
    bo.join(&ann_ticket.game).await;
    ann.send(&ClientMessage::Chat {
        game: ann_ticket.game.clone(),
        token: Some(ann_ticket.token.clone()),
        text: "across".into(),
    })
    .await;
    let lines = loop {
        if let ServerMessage::Chat { lines, .. } = bo.recv().await {
            break lines;
        }
    };
    assert_eq!(lines.len(), 1, "told once, not once per instance");
    assert_eq!(lines[0].text, "across");
    assert!(
        bo.next(std::time::Duration::from_millis(500))
            .await
            .is_none_or(|m| !matches!(m, ServerMessage::Chat { .. })),
        "no second copy"
    );
}
