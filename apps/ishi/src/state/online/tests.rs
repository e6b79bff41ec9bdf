use ishi_online::protocol::{ClientMessage, GameId, GameView, Reason, Seen, ServerMessage, Token};
use ishi_online::{Act, GameSetup, Phase, Record, SeatAct, SeatChoice, Table, TimeControl};
use ishi_rules::Player::{self, Black, White};
use ishi_rules::go::GoRules;

use super::*;
use crate::model::{Action, Cell};
use crate::state::{AppAction, AppState, Notice, Overlay};

fn othello() -> GameSetup {
    GameSetup::Othello {
        board: "8x8".parse().unwrap(),
    }
}

fn id() -> GameId {
    GameId::from_bytes([0x42; 8])
}

fn token() -> Token {
    Token::from_bytes([0x17; 16])
}

fn online(state: &mut AppState, action: OnlineAction) -> Result<Effects, AppError> {
    state.apply(AppAction::Online(action))
}

/// The referee's game with both seats taken, and `moves` played.
fn table(setup: GameSetup, moves: &[&str]) -> Table {
    let mut table = Table::new(setup, TimeControl::None).unwrap();
    let mut at = 0;
    let mut record = |table: &mut Table, by: Player, act: Act| {
        at += 1;
        table
            .apply(&Record {
                by: Some(by),
                at_ms: at,
                act,
            })
            .unwrap();
    };
    record(&mut table, Black, Act::Sit { name: "Ann".into() });
    record(&mut table, White, Act::Sit { name: "Bo".into() });
    for mv in moves {
        let by = table.position().turn();
        let mv = (*mv).into();
        record(&mut table, by, Act::Seat(SeatAct::Play { seen: (), mv }));
    }
    table
}

fn view_of(table: &Table, you: Option<Player>) -> ServerMessage {
    ServerMessage::Game(Box::new(GameView::of(table, id(), you, 0)))
}

fn received(message: ServerMessage) -> OnlineAction {
    OnlineAction::Received {
        message: Incoming::of(message).expect("a message the reducer takes"),
        at_ms: 1000.0,
    }
}

/// A state that created an Othello game as Black and sees it started, the link up.
fn playing_black() -> AppState {
    let mut state = AppState::fresh(Notice::None);
    online(&mut state, OnlineAction::Link(true)).unwrap();
    online(
        &mut state,
        OnlineAction::Create {
            setup: othello(),
            time: TimeControl::None,
            seat: SeatChoice::Black,
        },
    )
    .unwrap();
    let seated = ServerMessage::Seated {
        game: id(),
        seat: Black,
        token: token(),
    };
    online(&mut state, received(seated)).unwrap();
    online(
        &mut state,
        received(view_of(&table(othello(), &[]), Some(Black))),
    )
    .unwrap();
    state
}

fn cell(state: &AppState, name: &str) -> Cell {
    match state.current().position().parse_move(name).unwrap() {
        ishi_rules::Move::Place(cell) => cell,
        ishi_rules::Move::Pass => panic!("{name} is a pass"),
    }
}

#[test]
fn creating_a_game_waits_for_the_link_then_keeps_the_seat_and_offers_the_link() {
    let mut state = AppState::fresh(Notice::None);
    let local = state.current().clone();
    let create = OnlineAction::Create {
        setup: othello(),
        time: TimeControl::Fischer {
            main_s: 300,
            increment_s: 5,
        },
        seat: SeatChoice::Random,
    };
    let effects = online(&mut state, create).unwrap();
    assert!(effects.send.is_empty(), "the link is not up yet");
    let effects = online(&mut state, OnlineAction::Link(true)).unwrap();
    assert!(matches!(effects.send[..], [ClientMessage::Create { .. }]));
    let seated = ServerMessage::Seated {
        game: id(),
        seat: White,
        token: token(),
    };
    let effects = online(&mut state, received(seated)).unwrap();
    assert!(effects.save, "the seat is kept");
    assert_eq!(state.seats()[0].seat, White);
    assert_eq!(state.overlay(), Overlay::Share, "the friend needs the link");
    let resync = state.online().unwrap().resync();
    assert!(
        matches!(&resync[..], [ClientMessage::Open { token: Some(_), .. }]),
        "a reconnect opens the seat, not a new game: {resync:?}"
    );
    assert_eq!(state.saved().current, crate::saved::SavedMatch::of(&local));
    assert_eq!(state.saved().online, Some(id()));
}

#[test]
fn a_move_shows_at_once_as_pending_and_the_servers_view_confirms_it() {
    let mut state = playing_black();
    let effects = state
        .apply(AppAction::Match(Action::Play(cell(&state, "f5"))))
        .unwrap();
    let [ClientMessage::Act { act, .. }] = &effects.send[..] else {
        panic!("one act sent: {:?}", effects.send);
    };
    assert_eq!(
        *act,
        SeatAct::Play {
            seen: Seen { after: 0 },
            mv: "f5".into()
        }
    );
    assert!(state.online().unwrap().pending.is_some());
    assert_eq!(state.current().history().len(), 2, "shown at once");
    assert!(
        state
            .apply(AppAction::Match(Action::Play(cell(&state, "d6"))))
            .is_err(),
        "one move at a time"
    );
    online(
        &mut state,
        received(view_of(&table(othello(), &["f5"]), Some(Black))),
    )
    .unwrap();
    assert!(state.online().unwrap().pending.is_none());
    assert_eq!(state.current().history().len(), 2);
    assert!(
        state
            .apply(AppAction::Match(Action::Play(cell(&state, "e6"))))
            .is_err(),
        "White's turn"
    );
}

#[test]
fn the_players_move_and_the_opponents_answer_sound_once_each() {
    let mut state = playing_black();
    let mine = state
        .apply(AppAction::Match(Action::Play(cell(&state, "f5"))))
        .unwrap();
    assert_eq!(
        mine.feedback,
        Some(Feedback {
            sound: crate::state::Sound::Disc { flips: 1 },
            touch: true
        })
    );
    // The server's view that takes it shows nothing new: it sounded when it was made.
    let taken = online(
        &mut state,
        received(view_of(&table(othello(), &["f5"]), Some(Black))),
    )
    .unwrap();
    assert_eq!(taken.feedback, None);
    let answer = view_of(&table(othello(), &["f5", "d6"]), Some(Black));
    let theirs = online(&mut state, received(answer.clone())).unwrap();
    assert_eq!(
        theirs.feedback,
        Some(Feedback {
            sound: crate::state::Sound::Disc { flips: 1 },
            touch: false
        })
    );
    // The same view again (a reconnect) is silent.
    assert_eq!(online(&mut state, received(answer)).unwrap().feedback, None);
}

#[test]
fn a_refused_move_is_taken_back_with_the_servers_reason() {
    let mut state = playing_black();
    state
        .apply(AppAction::Match(Action::Play(cell(&state, "f5"))))
        .unwrap();
    let refused = ServerMessage::Refused {
        game: Some(id()),
        reason: Reason::Stale,
        detail: String::new(),
    };
    assert_eq!(
        online(&mut state, received(refused)),
        Err(AppError::Online(Reason::Stale))
    );
    assert_eq!(state.current().history().len(), 1, "taken back");
    assert!(state.online().unwrap().pending.is_none());
}

#[test]
fn a_move_made_while_the_link_is_down_is_sent_when_it_is_back() {
    let mut state = playing_black();
    online(&mut state, OnlineAction::Link(false)).unwrap();
    let effects = state
        .apply(AppAction::Match(Action::Play(cell(&state, "f5"))))
        .unwrap();
    assert!(effects.send.is_empty());
    assert_eq!(state.online().unwrap().link, Link::Down);
    let effects = online(&mut state, OnlineAction::Link(true)).unwrap();
    assert!(matches!(
        &effects.send[..],
        [
            ClientMessage::Open { .. },
            ClientMessage::Act {
                act: SeatAct::Play {
                    seen: Seen { after: 0 },
                    ..
                },
                ..
            }
        ]
    ));
    assert_eq!(
        state.apply(AppAction::Online(OnlineAction::AnswerUndo(true))),
        Ok(Effects::send(vec![
            state
                .online()
                .unwrap()
                .act(SeatAct::UndoAnswer { accept: true })
                .unwrap()
        ]))
    );
}

#[test]
fn the_computer_stays_out_of_an_online_game_in_play() {
    let mut state = playing_black();
    state
        .apply(AppAction::Settings(crate::state::SettingsChange::Values(
            true,
        )))
        .unwrap();
    assert_eq!(state.job(), None);
}

#[test]
fn undo_is_a_request_and_only_for_the_seats_own_last_move() {
    let mut state = playing_black();
    assert!(!state.online().unwrap().can_ask_undo(), "no move yet");
    online(
        &mut state,
        received(view_of(&table(othello(), &["f5"]), Some(Black))),
    )
    .unwrap();
    assert!(state.online().unwrap().can_ask_undo());
    let effects = state.apply(AppAction::Match(Action::Undo)).unwrap();
    assert!(matches!(
        &effects.send[..],
        [ClientMessage::Act {
            act: SeatAct::Undo,
            ..
        }]
    ));
    assert_eq!(
        state.current().history().len(),
        2,
        "nothing taken back until accepted"
    );
}

#[test]
fn a_go_count_shows_the_servers_marks_and_accepts_exactly_them() {
    let go = GameSetup::Go {
        size: 5,
        rules: GoRules::JAPANESE,
        handicap: 0,
    };
    let mut state = AppState::fresh(Notice::None);
    let seat_state = |state: &mut AppState| {
        state.seats.insert(
            0,
            OnlineSeat {
                game: id(),
                token: token(),
                seat: White,
            },
        );
    };
    seat_state(&mut state);
    online(&mut state, OnlineAction::Open(id())).unwrap();
    let counting = table(go.clone(), &["C3", "pass", "pass"]);
    online(&mut state, received(view_of(&counting, Some(White)))).unwrap();
    assert!(state.current().is_counting());
    let effects = state.apply(AppAction::Match(Action::AcceptCount));
    assert_eq!(effects.unwrap_err(), AppError::Offline, "the link is down");
    online(&mut state, OnlineAction::Link(true)).unwrap();
    let effects = state.apply(AppAction::Match(Action::AcceptCount)).unwrap();
    let [
        ClientMessage::Act {
            act: SeatAct::AcceptCount { dead },
            ..
        },
    ] = &effects.send[..]
    else {
        panic!("{:?}", effects.send);
    };
    assert_eq!(*dead, counting.dead_names());

    let mut over = counting.clone();
    over.apply(&Record {
        by: Some(Black),
        at_ms: 9,
        act: SeatAct::Resign.into(),
    })
    .unwrap();
    online(&mut state, received(view_of(&over, Some(White)))).unwrap();
    assert_eq!(state.current().result(), over.result());
    assert_eq!(
        state.online().unwrap().view.as_ref().unwrap().phase,
        Phase::Over
    );
    assert_eq!(
        state.recent()[0].result,
        over.result(),
        "a finished online game joins the recent games"
    );
}

#[test]
fn leaving_brings_the_local_game_back_and_a_reload_reopens_the_online_one() {
    let mut state = playing_black();
    let saved = state.saved();
    online(&mut state, OnlineAction::Leave).unwrap();
    assert!(state.online().is_none());
    assert_eq!(state.current().history().len(), 1);
    let loaded = saved.load().unwrap();
    let reloaded = AppState::new(loaded);
    let back = reloaded.online().expect("the online game is opened again");
    assert_eq!(back.game, Some(id()));
    assert!(matches!(
        back.hello.message(),
        ClientMessage::Open { token: Some(_), .. }
    ));
}

#[test]
fn names_are_kept_short_and_an_empty_one_shows_as_player() {
    let mut state = AppState::fresh(Notice::None);
    online(&mut state, OnlineAction::SetName("x".repeat(80))).unwrap();
    assert_eq!(state.settings().name.chars().count(), 40);
    online(&mut state, OnlineAction::SetName("  ".into())).unwrap();
    assert_eq!(state.player_name(), "Player");
}

#[test]
fn a_game_opened_while_the_link_is_up_is_not_connecting() {
    let mut state = AppState::fresh(Notice::None);
    online(&mut state, OnlineAction::Open(id())).unwrap();
    assert_eq!(state.online().unwrap().link, Link::Connecting);
    online(&mut state, OnlineAction::Leave).unwrap();
    online(&mut state, OnlineAction::Link(true)).unwrap();
    // From the list or the lobby, with the link already up: no "Connecting" banner.
    let effects = online(&mut state, OnlineAction::Open(id())).unwrap();
    assert_eq!(state.online().unwrap().link, Link::Up);
    assert_eq!(
        effects.send,
        [ClientMessage::Join {
            game: id(),
            name: "Player".into()
        }]
    );
}

#[test]
fn notices_keep_the_link_while_a_seat_is_held() {
    let mut state = AppState::fresh(Notice::None);
    state
        .apply(AppAction::Settings(crate::state::SettingsChange::Notify(
            true,
        )))
        .unwrap();
    assert!(!state.wants_link(), "no seat: nothing to be told of");
    online(
        &mut state,
        received(ServerMessage::Seated {
            game: id(),
            seat: Black,
            token: token(),
        }),
    )
    .unwrap();
    assert!(state.wants_link());
    state
        .apply(AppAction::Settings(crate::state::SettingsChange::Notify(
            false,
        )))
        .unwrap();
    assert!(!state.wants_link());
    state.apply(AppAction::Show(Overlay::Club)).unwrap();
    assert!(state.wants_link(), "the club's sheet follows the lobby");
}
