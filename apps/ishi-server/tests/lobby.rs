//! The lobby on a real server: challenges listed live, accepted (never one's own), played to
//! a rated result that moves both ratings once (a killed server included), aborted games
//! that change nothing, quick pairing, a leaver's challenge gone, and the profile.

mod support;

use ishi_online::protocol::{
    ChallengeView, ClientMessage, GameView, ProfileView, Reason, ServerMessage, Ticket, Token,
};
use ishi_online::rated::{Pool, RatingClass};
use ishi_online::{Phase, SeatAct, SeatChoice, TimeControl};
use ishi_rules::Player;
use support::{Client, Server, data_dir, go, othello, some_move};

/// The next lobby list.
async fn lobby(client: &mut Client) -> Vec<ChallengeView> {
    client
        .until(|m| match m {
            ServerMessage::Lobby { challenges } => Some(challenges),
            _ => None,
        })
        .await
}

/// A client logged in as a new account `name`.
async fn player(server: &Server, name: &str) -> Client {
    let mut client = Client::connect(server).await;
    client
        .send(&ClientMessage::Register {
            name: name.into(),
            password: "a fine password".into(),
        })
        .await;
    client
        .until(|m| matches!(m, ServerMessage::Account { .. }).then_some(()))
        .await;
    client
}

/// A challenge opened: its id and the creator's token.
async fn challenged(client: &mut Client) -> (ishi_online::protocol::GameId, Token) {
    client
        .until(|m| match m {
            ServerMessage::Challenged { challenge, token } => Some((challenge, token)),
            _ => None,
        })
        .await
}

/// A game started from one's challenge: the game and the seat.
async fn started(client: &mut Client) -> (ishi_online::protocol::GameId, Player) {
    client
        .until(|m| match m {
            ServerMessage::Started { game, seat, .. } => Some((game, seat)),
            _ => None,
        })
        .await
}

/// The next view of a game, skipping other messages.
async fn view(client: &mut Client) -> GameView {
    client
        .until(|m| match m {
            ServerMessage::Game(view) => Some(*view),
            _ => None,
        })
        .await
}

async fn profile(client: &mut Client, name: &str) -> ProfileView {
    client
        .send(&ClientMessage::Profile { name: name.into() })
        .await;
    client
        .until(|m| match m {
            ServerMessage::Profile(profile) => Some(*profile),
            _ => None,
        })
        .await
}

/// Opens a game with a seat's token.
async fn open(client: &mut Client, ticket: &Ticket) -> GameView {
    client
        .send(&ClientMessage::Open {
            game: ticket.game.clone(),
            token: Some(ticket.token.clone()),
        })
        .await;
    view(client).await
}

/// Ann's rated challenge (Othello, the seat and clock given) accepted by Bo: both tickets,
/// Ann's seat, and the game as Ann sees it.
async fn rated_game(
    ann: &mut Client,
    bo: &mut Client,
    time: TimeControl,
) -> (Ticket, Ticket, GameView) {
    ann.send(&ClientMessage::Challenge {
        setup: othello(),
        time,
        seat: SeatChoice::Black,
        rated: true,
    })
    .await;
    let (challenge, ann_token) = challenged(ann).await;
    bo.send(&ClientMessage::Accept {
        challenge: challenge.clone(),
    })
    .await;
    let (game, seat, bo_token) = bo
        .until(|m| match m {
            ServerMessage::Seated { game, seat, token } => Some((game, seat, token)),
            _ => None,
        })
        .await;
    assert_eq!(seat, Player::White, "the creator chose black");
    let (started_game, ann_seat) = started(ann).await;
    assert_eq!(
        (started_game.clone(), ann_seat),
        (game.clone(), Player::Black)
    );
    let ann_ticket = Ticket {
        game: game.clone(),
        token: ann_token,
    };
    let view = open(ann, &ann_ticket).await;
    assert_eq!(view.you, Some(Player::Black));
    assert_eq!(view.phase, Phase::Playing);
    (
        ann_ticket,
        Ticket {
            game,
            token: bo_token,
        },
        view,
    )
}

/// Plays moves until the game is over or `limit` moves are played: the last view.
async fn play(
    ann: &mut Client,
    bo: &mut Client,
    tickets: (&Ticket, &Ticket),
    mut view: GameView,
    limit: usize,
) -> GameView {
    let mut played = 0;
    while view.phase == Phase::Playing && played < limit {
        let mv = some_move(&view);
        let count = view.moves.len();
        let (client, ticket) = match support::position(&view).turn() {
            Player::Black => (&mut *ann, tickets.0),
            Player::White => (&mut *bo, tickets.1),
        };
        client.play(ticket, &view, &mv).await;
        loop {
            view = support::Client::view(client).await;
            if view.moves.len() > count {
                break;
            }
        }
        played += 1;
    }
    view
}

#[tokio::test]
async fn a_challenge_is_listed_accepted_and_played_to_a_rated_result() {
    let server = Server::start(&data_dir("lobby-challenge"), &[]);
    let mut ann = player(&server, "Ann").await;
    let mut bo = player(&server, "Bo").await;
    let mut guest = Client::connect(&server).await;
    guest.send(&ClientMessage::Lobby).await;
    assert_eq!(lobby(&mut guest).await, Vec::new(), "anyone may look");

    // A rated challenge needs a class; a guest cannot challenge.
    ann.send(&ClientMessage::Challenge {
        setup: go(7),
        time: TimeControl::None,
        seat: SeatChoice::Random,
        rated: true,
    })
    .await;
    assert_eq!(ann.refused().await, Reason::Unrated);
    guest
        .send(&ClientMessage::Challenge {
            setup: othello(),
            time: TimeControl::None,
            seat: SeatChoice::Random,
            rated: false,
        })
        .await;
    assert_eq!(guest.refused().await, Reason::NotLoggedIn);

    ann.send(&ClientMessage::Challenge {
        setup: othello(),
        time: TimeControl::None,
        seat: SeatChoice::Black,
        rated: true,
    })
    .await;
    let (challenge, ann_token) = challenged(&mut ann).await;
    let listed = lobby(&mut guest).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(
        (
            listed[0].name.as_str(),
            listed[0].rating,
            listed[0].provisional,
            listed[0].rated
        ),
        ("Ann", Some(1500), true, true)
    );
    // Nobody accepts their own challenge, nor a guest anyone's.
    ann.send(&ClientMessage::Accept {
        challenge: challenge.clone(),
    })
    .await;
    assert_eq!(ann.refused().await, Reason::OwnChallenge);
    guest
        .send(&ClientMessage::Accept {
            challenge: challenge.clone(),
        })
        .await;
    assert_eq!(guest.refused().await, Reason::NotLoggedIn);

    bo.send(&ClientMessage::Accept {
        challenge: challenge.clone(),
    })
    .await;
    let (game, seat, bo_token) = bo
        .until(|m| match m {
            ServerMessage::Seated { game, seat, token } => Some((game, seat, token)),
            _ => None,
        })
        .await;
    assert_eq!(seat, Player::White);
    assert_eq!(started(&mut ann).await, (game.clone(), Player::Black));
    assert_eq!(
        lobby(&mut guest).await,
        Vec::new(),
        "an accepted challenge leaves the list"
    );
    let mut cy = player(&server, "Cy").await;
    cy.send(&ClientMessage::Accept {
        challenge: challenge.clone(),
    })
    .await;
    assert_eq!(cy.refused().await, Reason::UnknownChallenge);

    let ann_ticket = Ticket {
        game: game.clone(),
        token: ann_token,
    };
    let bo_ticket = Ticket {
        game,
        token: bo_token,
    };
    let start = open(&mut ann, &ann_ticket).await;
    assert_eq!(start.names.black.as_deref(), Some("Ann"));
    assert_eq!(start.names.white.as_deref(), Some("Bo"));
    let end = play(&mut ann, &mut bo, (&ann_ticket, &bo_ticket), start, 200).await;
    assert_eq!(end.phase, Phase::Over);
    let winner = end.result.and_then(|r| r.winner());

    let ann_profile = profile(&mut guest, "ann").await;
    let bo_profile = profile(&mut guest, "BO").await;
    for (profile, seat) in [(&ann_profile, Player::Black), (&bo_profile, Player::White)] {
        assert_eq!(profile.ratings.len(), 1, "{profile:?}");
        let rating = &profile.ratings[0];
        assert_eq!(rating.class, RatingClass::Othello);
        assert_eq!(rating.games, 1);
        assert_eq!(rating.history.len(), 1);
        assert!(rating.deviation < 350.0);
        match winner {
            Some(w) if w == seat => assert!(rating.wins == 1 && rating.rating > 1500.0),
            Some(_) => assert!(rating.losses == 1 && rating.rating < 1500.0),
            None => assert!(rating.draws == 1),
        }
        assert_eq!(profile.recent.len(), 1);
        assert_eq!(profile.recent[0].seat, seat);
        assert!(profile.recent[0].rated);
        assert_eq!(profile.recent[0].phase, Phase::Over);
    }
    guest
        .send(&ClientMessage::Profile {
            name: "nobody".into(),
        })
        .await;
    assert_eq!(guest.refused().await, Reason::UnknownPlayer);
}

#[tokio::test]
async fn a_rated_result_counts_once_across_a_killed_server_and_an_aborted_game_not_at_all() {
    let data = data_dir("lobby-kill");
    let server = Server::start(&data, &[]);
    let mut ann = player(&server, "Ann").await;
    let mut bo = player(&server, "Bo").await;

    // Aborted: White resigns before making a move of its own.
    let (ann_ticket, bo_ticket, view) = rated_game(&mut ann, &mut bo, TimeControl::None).await;
    let view = play(&mut ann, &mut bo, (&ann_ticket, &bo_ticket), view, 1).await;
    bo.act(&bo_ticket, SeatAct::Resign).await;
    let over = bo.view_until(|v| v.phase == Phase::Over).await;
    assert!(over.moves.len() == view.moves.len());
    assert!(profile(&mut ann, "Ann").await.ratings.is_empty(), "aborted");

    // Counted: a move each, then White resigns; the server is killed at once after.
    let (ann_ticket, bo_ticket, view) = rated_game(&mut ann, &mut bo, TimeControl::None).await;
    play(&mut ann, &mut bo, (&ann_ticket, &bo_ticket), view, 2).await;
    bo.act(&bo_ticket, SeatAct::Resign).await;
    server.kill();
    let server = Server::start(&data, &[]);
    let mut ann = Client::connect(&server).await;
    let back = open(&mut ann, &ann_ticket).await;
    let mut bo = Client::connect(&server).await;
    if back.phase == Phase::Playing {
        // The kill came before the resignation was stored: it is made again.
        bo.act(&bo_ticket, SeatAct::Resign).await;
        bo.view_until(|v| v.phase == Phase::Over).await;
    }
    let counted = profile(&mut ann, "Ann").await;
    assert_eq!(counted.ratings[0].games, 1);
    assert_eq!(counted.ratings[0].wins, 1);
    // Once only: the game over refuses another resignation, and a restart counts nothing.
    bo.act(&bo_ticket, SeatAct::Resign).await;
    assert_eq!(bo.refused().await, Reason::WrongPhase);
    server.kill();
    let server = Server::start(&data, &[]);
    let mut ann = Client::connect(&server).await;
    let again = profile(&mut ann, "Ann").await;
    assert_eq!(again.ratings, counted.ratings);
    assert_eq!(profile(&mut ann, "Bo").await.ratings[0].losses, 1);
    // The profile's games say which counted: the latest did, the aborted one not.
    let rated: Vec<(bool, bool)> = again.recent.iter().map(|g| (g.rated, g.counted)).collect();
    assert_eq!(rated, [(true, true), (true, false)]);
}

#[tokio::test]
async fn a_flag_that_falls_while_the_server_is_down_counts_once_when_it_is_back() {
    let data = data_dir("lobby-flag");
    let server = Server::start(&data, &[]);
    let mut ann = player(&server, "Ann").await;
    let mut bo = player(&server, "Bo").await;
    let (ann_ticket, bo_ticket, view) = rated_game(
        &mut ann,
        &mut bo,
        TimeControl::Fischer {
            main_s: 2,
            increment_s: 0,
        },
    )
    .await;
    play(&mut ann, &mut bo, (&ann_ticket, &bo_ticket), view, 2).await;
    server.kill();
    tokio::time::sleep(std::time::Duration::from_millis(2500)).await;
    let server = Server::start(&data, &[]);
    let mut ann = Client::connect(&server).await;
    let over = {
        let first = open(&mut ann, &ann_ticket).await;
        if first.phase == Phase::Over {
            first
        } else {
            ann.view_until(|v| v.phase == Phase::Over).await
        }
    };
    assert_eq!(
        over.result.and_then(|r| r.winner()),
        Some(Player::White),
        "Black's flag fell"
    );
    let lost = profile(&mut ann, "Ann").await;
    assert_eq!((lost.ratings[0].games, lost.ratings[0].losses), (1, 1));
}

#[tokio::test]
async fn quick_pairing_pairs_seekers_and_a_leavers_challenge_goes() {
    let server = Server::start(&data_dir("lobby-pairing"), &[]);
    let mut guest = Client::connect(&server).await;
    guest
        .send(&ClientMessage::Seek {
            pool: Pool::Othello3Plus2,
        })
        .await;
    assert_eq!(guest.refused().await, Reason::NotLoggedIn);

    let mut ann = player(&server, "Ann").await;
    let mut bo = player(&server, "Bo").await;
    ann.send(&ClientMessage::Seek {
        pool: Pool::Othello3Plus2,
    })
    .await;
    let (_, ann_token) = challenged(&mut ann).await;
    bo.send(&ClientMessage::Seek {
        pool: Pool::Othello3Plus2,
    })
    .await;
    let (_, bo_token) = challenged(&mut bo).await;
    let (game, ann_seat) = started(&mut ann).await;
    let (bo_game, bo_seat) = started(&mut bo).await;
    assert_eq!(game, bo_game);
    assert_ne!(ann_seat, bo_seat);
    let view = open(
        &mut ann,
        &Ticket {
            game: game.clone(),
            token: ann_token,
        },
    )
    .await;
    assert_eq!(view.you, Some(ann_seat));
    assert_eq!(
        view.time,
        TimeControl::Fischer {
            main_s: 180,
            increment_s: 2
        }
    );
    let view = open(
        &mut bo,
        &Ticket {
            game,
            token: bo_token,
        },
    )
    .await;
    assert_eq!(view.you, Some(bo_seat));

    // A challenge whose creator leaves is gone from the list.
    guest.send(&ClientMessage::Lobby).await;
    assert_eq!(lobby(&mut guest).await, Vec::new());
    let mut cy = player(&server, "Cy").await;
    cy.send(&ClientMessage::Challenge {
        setup: othello(),
        time: TimeControl::None,
        seat: SeatChoice::Random,
        rated: false,
    })
    .await;
    challenged(&mut cy).await;
    assert_eq!(lobby(&mut guest).await.len(), 1);
    drop(cy);
    assert_eq!(lobby(&mut guest).await, Vec::new());
}

#[tokio::test]
async fn an_account_keeps_at_most_three_challenges_open() {
    let server = Server::start(&data_dir("lobby-flood"), &[]);
    let mut ann = player(&server, "Ann").await;
    let post = ClientMessage::Challenge {
        setup: othello(),
        time: TimeControl::None,
        seat: SeatChoice::Random,
        rated: false,
    };
    let mut ids = Vec::new();
    for _ in 0..3 {
        ann.send(&post).await;
        ids.push(challenged(&mut ann).await.0);
    }
    ann.send(&post).await;
    assert_eq!(ann.refused().await, Reason::TooManyGames, "a flood refused");
    let mut bo = player(&server, "Bo").await;
    bo.send(&ClientMessage::Lobby).await;
    assert_eq!(lobby(&mut bo).await.len(), 3, "the fourth was not listed");
    // Withdrawn, one may be posted again.
    ann.send(&ClientMessage::Cancel {
        challenge: ids[0].clone(),
    })
    .await;
    ann.send(&post).await;
    let (fourth, _) = challenged(&mut ann).await;
    assert!(!ids.contains(&fourth));
}
