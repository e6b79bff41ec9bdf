use ishi_online::protocol::{MoveView, Summary};
use ishi_online::{GameSetup, TimeControl};
use ishi_rules::ByColor;
use ishi_rules::othello::Shape;

use super::*;

fn id(n: u8) -> GameId {
    GameId::from_bytes([n; 8])
}

fn token(n: u8) -> Token {
    Token::from_bytes([n; 16])
}

fn seat(n: u8) -> OnlineSeat {
    OnlineSeat {
        game: id(n),
        token: token(n),
        seat: Player::Black,
    }
}

fn account(name: &str, session: u8) -> ServerMessage {
    ServerMessage::Account {
        name: name.to_owned(),
        session: token(session),
        expires_ms: 0,
    }
}

fn othello() -> GameSetup {
    GameSetup::Othello {
        board: Shape::STANDARD,
    }
}

/// The games a step list opens, with the seats and tokens kept first.
fn opened(steps: &[Step]) -> Vec<(GameId, Player, Token)> {
    let mut seated = None;
    let mut out = Vec::new();
    for step in steps {
        match step {
            Step::App(OnlineAction::Received {
                message: Incoming::Seated { game, seat, token },
                ..
            }) => seated = Some((game.clone(), *seat, token.clone())),
            Step::App(OnlineAction::Open(game)) => {
                let kept = seated
                    .take()
                    .expect("the seat is kept before the game opens");
                assert_eq!(kept.0, *game);
                out.push(kept);
            }
            _ => {}
        }
    }
    out
}

#[test]
fn registering_keeps_the_session_and_moves_the_guest_games_to_the_account() {
    let mut club = Club {
        busy: Some(Busy::Register),
        ..Club::default()
    };
    let seats = [seat(1), seat(2)];
    let steps = club.receive(&account("Ann", 7), &seats, false, None);
    assert_eq!(club.account(), Some("Ann"));
    assert_eq!(club.kept.session, Some(token(7)));
    assert!(steps.contains(&Step::Save));
    assert!(steps.contains(&Step::Send(ClientMessage::Claim {
        games: vec![seat(1).ticket(), seat(2).ticket()]
    })));
    club.receive(
        &ServerMessage::Claimed {
            games: vec![id(1), id(2)],
        },
        &seats,
        false,
        None,
    );
    assert_eq!(club.said, Some(Said::Claimed(2)));
}

#[test]
fn logging_in_claims_nothing_and_a_changed_password_says_so() {
    let mut club = Club {
        busy: Some(Busy::Login),
        ..Club::default()
    };
    let steps = club.receive(&account("Ann", 7), &[seat(1)], false, None);
    assert!(!steps.iter().any(|s| matches!(s, Step::Send(_))));
    club.busy = Some(Busy::Password);
    club.receive(&account("Ann", 8), &[], false, None);
    assert_eq!(club.said, Some(Said::PasswordChanged));
    assert_eq!(club.kept.session, Some(token(8)));
}

#[test]
fn a_session_the_server_refuses_is_forgotten_but_the_name_stays() {
    let mut club = Club {
        kept: Kept {
            name: "Ann".into(),
            session: Some(token(7)),
            hide_chat: true,
        },
        ..Club::default()
    };
    let steps = club.link_up(&[], false);
    assert_eq!(
        steps,
        [Step::Send(ClientMessage::Resume { session: token(7) })]
    );
    let steps = club.receive(
        &ServerMessage::Refused {
            game: None,
            reason: Reason::BadSession,
            detail: String::new(),
        },
        &[],
        false,
        None,
    );
    assert_eq!(club.kept.session, None);
    assert_eq!(club.kept.name, "Ann");
    assert!(club.kept.hide_chat);
    assert!(steps.contains(&Step::Save));
    assert_eq!(club.said, Some(Said::Refused(Reason::BadSession)));
    assert_eq!(club.account(), None);
}

#[test]
fn a_wrong_password_is_said_and_frees_the_form() {
    let mut club = Club {
        busy: Some(Busy::Login),
        ..Club::default()
    };
    club.receive(
        &ServerMessage::Refused {
            game: None,
            reason: Reason::BadCredentials,
            detail: String::new(),
        },
        &[],
        false,
        None,
    );
    assert_eq!(club.busy, None);
    assert_eq!(club.said, Some(Said::Refused(Reason::BadCredentials)));
    assert_eq!(club.account(), None);
}

#[test]
fn a_challenge_accepted_opens_the_game_with_the_token_it_was_given() {
    let mut club = Club {
        busy: Some(Busy::Challenge),
        ..Club::default()
    };
    club.receive(
        &ServerMessage::Challenged {
            challenge: id(5),
            token: token(5),
        },
        &[],
        false,
        None,
    );
    assert!(club.is_mine(&id(5)));
    assert_eq!(club.busy, None);
    let steps = club.receive(
        &ServerMessage::Started {
            challenge: id(5),
            game: id(6),
            seat: Player::White,
        },
        &[],
        false,
        None,
    );
    assert_eq!(opened(&steps), [(id(6), Player::White, token(5))]);
    assert!(!club.is_mine(&id(5)));
    // A start of someone else's challenge opens nothing.
    let steps = club.receive(
        &ServerMessage::Started {
            challenge: id(9),
            game: id(10),
            seat: Player::White,
        },
        &[],
        false,
        None,
    );
    assert!(steps.is_empty());
}

#[test]
fn a_seek_is_named_by_the_server_and_ends_when_paired() {
    let mut club = Club {
        seeking: Some((Pool::Othello3Plus2, None)),
        ..Club::default()
    };
    club.receive(
        &ServerMessage::Challenged {
            challenge: id(3),
            token: token(3),
        },
        &[],
        false,
        None,
    );
    assert_eq!(club.seeking, Some((Pool::Othello3Plus2, Some(id(3)))));
    let steps = club.receive(
        &ServerMessage::Started {
            challenge: id(3),
            game: id(4),
            seat: Player::Black,
        },
        &[],
        false,
        None,
    );
    assert_eq!(opened(&steps), [(id(4), Player::Black, token(3))]);
    assert_eq!(club.seeking, None);
}

#[test]
fn accepting_opens_the_seat_the_server_gives_and_only_that_one() {
    let mut club = Club::default();
    let seated = ServerMessage::Seated {
        game: id(8),
        seat: Player::Black,
        token: token(8),
    };
    assert!(
        club.receive(&seated, &[], false, None).is_empty(),
        "not awaited"
    );
    club.awaiting_seat = true;
    club.busy = Some(Busy::Accept);
    let steps = club.receive(&seated, &[], false, None);
    assert_eq!(opened(&steps), [(id(8), Player::Black, token(8))]);
    assert_eq!(club.busy, None);
    assert!(!club.awaiting_seat);
}

#[test]
fn a_rematch_offer_of_this_device_starts_with_colours_the_server_says() {
    let mut club = Club::default();
    let seats = [seat(1)];
    // This device offered: the offer's id is the finished game's.
    club.receive(
        &ServerMessage::Challenged {
            challenge: id(1),
            token: token(11),
        },
        &seats,
        false,
        None,
    );
    assert!(club.is_mine(&id(1)));
    // Closing the club's sheet withdraws challenges, not a game's rematch offer.
    club.tokens.push((id(2), token(2)));
    let steps = club.close_sheet(&seats);
    assert_eq!(
        steps,
        [Step::Send(ClientMessage::Cancel { challenge: id(2) })]
    );
    assert!(club.is_mine(&id(1)));
    let steps = club.receive(
        &ServerMessage::Started {
            challenge: id(1),
            game: id(12),
            seat: Player::White,
        },
        &seats,
        false,
        None,
    );
    assert_eq!(opened(&steps), [(id(12), Player::White, token(11))]);
}

#[test]
fn the_other_seats_rematch_offer_is_kept_once() {
    let mut club = Club::default();
    let offer = ServerMessage::RematchOffered {
        game: id(1),
        by: Player::White,
    };
    club.receive(&offer, &[], false, None);
    club.receive(&offer, &[], false, None);
    assert_eq!(club.offers, [(id(1), Player::White)]);
}

fn line(n: u8, text: &str) -> ChatLine {
    ChatLine {
        seat: Some(Player::White),
        name: "Bo".into(),
        text: text.into(),
        at_ms: i64::from(n),
    }
}

#[test]
fn chat_lines_sent_again_are_not_doubled_and_the_oldest_go() {
    let mut club = Club::default();
    let chat = |lines: Vec<ChatLine>| ServerMessage::Chat { game: id(1), lines };
    club.receive(
        &chat(vec![line(1, "hi"), line(2, "<b>gg</b>")]),
        &[],
        false,
        None,
    );
    // Following the game again sends its latest lines again.
    club.receive(
        &chat(vec![line(1, "hi"), line(2, "<b>gg</b>"), line(3, "x")]),
        &[],
        false,
        None,
    );
    let kept = &club.chat(&id(1)).unwrap().lines;
    assert_eq!(kept.len(), 3);
    assert_eq!(kept[1].text, "<b>gg</b>", "kept as text");
    let many: Vec<ChatLine> = (0..=255).map(|n| line(n, "again")).collect();
    club.receive(&chat(many), &[], false, None);
    let kept = &club.chat(&id(1)).unwrap().lines;
    assert_eq!(kept.len(), CHAT_KEPT);
    assert_eq!(kept.last().unwrap().at_ms, 255);
}

#[test]
fn a_refused_chat_line_is_said_in_its_chat() {
    let mut club = Club::default();
    club.receive(
        &ServerMessage::Chat {
            game: id(1),
            lines: vec![],
        },
        &[],
        false,
        None,
    );
    club.receive(
        &ServerMessage::Refused {
            game: Some(id(1)),
            reason: Reason::TooFast,
            detail: String::new(),
        },
        &[],
        false,
        None,
    );
    assert_eq!(club.chat(&id(1)).unwrap().refused, Some(Reason::TooFast));
    assert_eq!(club.said, None, "not the forms'");
}

fn summary(n: u8, phase: Phase, moves: usize) -> Summary {
    Summary {
        game: id(n),
        setup: othello(),
        time: TimeControl::Correspondence { days: 3 },
        you: Player::Black,
        names: ByColor::new(Some("Ann".into()), Some("Bo".into())),
        phase,
        turn: None,
        moves,
        deadline_ms: None,
        result: None,
    }
}

fn view(n: u8, moves: &[(Player, &str)]) -> ServerMessage {
    ServerMessage::Game(Box::new(game_view(n, moves)))
}

fn game_view(n: u8, moves: &[(Player, &str)]) -> GameView {
    GameView {
        game: id(n),
        setup: othello(),
        time: TimeControl::Correspondence { days: 3 },
        names: ByColor::new(Some("Ann".into()), Some("Bo".into())),
        you: Some(Player::Black),
        moves: moves
            .iter()
            .map(|&(player, mv)| MoveView {
                player,
                mv: mv.into(),
                forced: false,
            })
            .collect(),
        phase: Phase::Playing,
        undo_request: None,
        dead: vec![],
        accepted: ByColor::default(),
        clock: None,
        result: None,
    }
}

#[test]
fn with_notices_on_the_games_being_played_are_followed_and_a_move_that_came_is_told() {
    let mut club = Club::default();
    let seats = [seat(1), seat(2), seat(3)];
    let steps = club.link_up(&seats, true);
    assert!(steps.contains(&Step::Send(ClientMessage::List {
        games: seats.iter().map(OnlineSeat::ticket).collect()
    })));
    let list = ServerMessage::List {
        games: vec![
            summary(1, Phase::Playing, 1),
            summary(2, Phase::Over, 20),
            summary(3, Phase::Counting, 40),
        ],
    };
    let steps = club.receive(&list, &seats, true, None);
    let followed: Vec<_> = steps
        .iter()
        .filter_map(|s| match s {
            Step::Send(ClientMessage::Open { game, token }) => Some((game.clone(), token.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(followed, [(id(1), Some(token(1))), (id(3), Some(token(3)))]);
    // Listed again: followed once.
    assert!(club.receive(&list, &seats, true, None).is_empty());
    // The first view is the state found: nothing told.
    let first = view(1, &[(Player::Black, "f5")]);
    assert!(club.receive(&first, &seats, true, None).is_empty());
    // The opponent's move: the player's turn, told.
    let answered = view(1, &[(Player::Black, "f5"), (Player::White, "d6")]);
    let steps = club.receive(&answered, &seats, true, None);
    assert_eq!(
        steps,
        [Step::Notify {
            game: id(1),
            opponent: Some("Bo".into()),
            on_screen: false
        }]
    );
    // The player's own move is not told; nor is the same view again.
    assert!(club.receive(&answered, &seats, true, None).is_empty());
    let own = view(
        1,
        &[
            (Player::Black, "f5"),
            (Player::White, "d6"),
            (Player::Black, "c3"),
        ],
    );
    assert!(club.receive(&own, &seats, true, None).is_empty());
    // A game not followed for notices tells nothing.
    assert!(
        club.receive(
            &view(9, &[(Player::White, "d6")]),
            &seats,
            true,
            Some(&id(9))
        )
        .is_empty()
    );
}

#[test]
fn with_notices_off_the_list_follows_nothing() {
    let mut club = Club::default();
    let steps = club.receive(
        &ServerMessage::List {
            games: vec![summary(1, Phase::Playing, 1)],
        },
        &[seat(1)],
        false,
        None,
    );
    assert!(steps.is_empty());
    assert!(club.link_up(&[seat(1)], false).is_empty());
}

#[test]
fn the_sheet_follows_the_lobby_when_the_link_is_up_and_again_when_it_comes_back() {
    let mut club = Club::default();
    assert!(club.open_sheet(false).is_empty());
    assert_eq!(club.link_up(&[], false), [Step::Send(ClientMessage::Lobby)]);
    club.close_sheet(&[]);
    assert!(club.link_up(&[], false).is_empty());
    assert_eq!(club.open_sheet(true), [Step::Send(ClientMessage::Lobby)]);
}

#[test]
fn logging_out_forgets_the_session_and_the_challenges() {
    let mut club = Club {
        kept: Kept {
            name: "Ann".into(),
            session: Some(token(1)),
            hide_chat: false,
        },
        ..Club::default()
    };
    club.logged_in = true;
    club.tokens.push((id(1), token(1)));
    let steps = club.receive(&ServerMessage::LoggedOut, &[], false, None);
    assert_eq!(club.account(), None);
    assert_eq!(club.kept.session, None);
    assert!(club.tokens.is_empty());
    assert!(steps.contains(&Step::Save));
}

#[test]
fn the_kept_form_reads_back_and_a_broken_one_is_refused() {
    let kept = Kept {
        name: "Ann".into(),
        session: Some(token(1)),
        hide_chat: true,
    };
    let text = serde_json::to_string(&kept).unwrap();
    assert_eq!(serde_json::from_str::<Kept>(&text).unwrap(), kept);
    assert_eq!(serde_json::from_str::<Kept>("{}").unwrap(), Kept::default());
    assert!(serde_json::from_str::<Kept>(r#"{"session": "not hex"}"#).is_err());
}

#[test]
fn with_notices_on_a_seat_gained_is_followed_and_its_first_answer_told() {
    let mut club = Club::default();
    let seated = ServerMessage::Seated {
        game: id(4),
        seat: Player::Black,
        token: token(4),
    };
    let steps = club.receive(&seated, &[], true, None);
    assert_eq!(
        steps,
        [Step::Send(ClientMessage::Open {
            game: id(4),
            token: Some(token(4))
        })]
    );
    // Seated again (the app's own copy of the message): followed once.
    assert!(club.receive(&seated, &[], true, None).is_empty());
    let answered = view(4, &[(Player::Black, "f5"), (Player::White, "d6")]);
    assert!(matches!(
        club.receive(&answered, &[], true, None).as_slice(),
        [Step::Notify {
            on_screen: false,
            ..
        }]
    ));
    // A pairing started while notices are on: the new game followed too.
    club.tokens.push((id(5), token(5)));
    let steps = club.receive(
        &ServerMessage::Started {
            challenge: id(5),
            game: id(6),
            seat: Player::White,
        },
        &[],
        true,
        None,
    );
    assert!(steps.contains(&Step::Send(ClientMessage::Open {
        game: id(6),
        token: Some(token(5))
    })));
    assert_eq!(opened(&steps), [(id(6), Player::White, token(5))]);
}
