use ishi_ai::go::GoLevel;
use ishi_ai::othello::OthelloLevel;
use ishi_rules::go::GoRules;
use ishi_rules::othello::Shape;
use ishi_rules::{ByColor, IllegalReason};
use ishi_worker::{HintBudget, WorkerError};

use super::*;
use crate::model::{
    Cell, CellMove, GoConfig, OthelloConfig, OthelloStart, Side, ValueUnit, go_cell, humans,
};
use crate::records::{self, ImportError};
use ishi_rules::Move;

fn sq(name: &str) -> Cell {
    let s: ishi_rules::othello::Square = name.parse().unwrap();
    Cell::new(s.col(), s.row())
}

fn play(cell: Cell) -> AppAction {
    AppAction::Match(Action::Play(cell))
}

fn go_config(size: usize) -> MatchConfig {
    MatchConfig::Go(GoConfig {
        size,
        rules: GoRules::JAPANESE,
        handicap: 0,
        sides: humans(),
    })
}

fn othello_config(sides: ByColor<Side<OthelloLevel>>) -> MatchConfig {
    MatchConfig::Othello(OthelloConfig {
        start: OthelloStart::Shape(Shape::STANDARD),
        sides,
    })
}

/// A fresh state with a game between two people on screen.
fn humans_playing() -> AppState {
    let mut state = AppState::fresh(Notice::None);
    state
        .apply(AppAction::NewGame(othello_config(humans())))
        .unwrap();
    state
}

/// A fresh state with a game against the computer's club level on screen.
fn against_club() -> AppState {
    let mut state = AppState::fresh(Notice::None);
    let sides = ByColor::new(Side::Human, Side::Computer(OthelloLevel::Club));
    state
        .apply(AppAction::NewGame(othello_config(sides)))
        .unwrap();
    state
}

/// A reply that plays the Othello square `name`.
fn reply(epoch: u64, name: &str) -> Reply {
    Reply {
        epoch,
        answer: Ok(ishi_worker::Answer::Move(ishi_worker::Played {
            mv: Move::Place(sq(name)),
            eval: ishi_ai::Eval::None,
            depth: 0,
            nodes: 0,
            millis: 0,
        })),
    }
}

/// A Go count's answer: `ownership`, and the stones on `dead`.
fn ownership_reply(epoch: u64, ownership: Vec<f32>, dead: Vec<Cell>) -> Reply {
    Reply {
        epoch,
        answer: Ok(ishi_worker::Answer::Ownership(ishi_worker::Ownership {
            ownership,
            dead,
        })),
    }
}

#[test]
fn a_fresh_start_is_othello_against_the_computer() {
    let state = AppState::fresh(Notice::None);
    assert_eq!(state.current().kind(), GameKind::Othello);
    assert_eq!(state.current().config().sides().black, Side::Human);
    assert!(state.parked().is_none() && state.recent().is_empty());
    assert_eq!(state.overlay(), Overlay::None);
}

#[test]
fn a_new_game_of_the_other_kind_puts_this_one_aside_and_is_remembered() {
    let mut state = humans_playing();
    state.apply(play(sq("f5"))).unwrap();
    state.apply(AppAction::Show(Overlay::NewGame)).unwrap();
    let effects = state.apply(AppAction::NewGame(go_config(13))).unwrap();
    assert!(effects.save);
    assert_eq!(state.current().kind(), GameKind::Go);
    assert_eq!(state.overlay(), Overlay::None);
    assert_eq!(state.settings().go.size, 13);
    let parked = state.parked().unwrap();
    assert_eq!(parked.kind(), GameKind::Othello);
    assert_eq!(parked.history().len(), 2, "the Othello game keeps its move");
    // The switch brings it back, and puts the Go game aside.
    state
        .apply(AppAction::SwitchGame(GameKind::Othello))
        .unwrap();
    assert_eq!(state.current().history().len(), 2);
    assert_eq!(state.parked().unwrap().kind(), GameKind::Go);
    // Switching to the game on screen does nothing.
    let effects = state
        .apply(AppAction::SwitchGame(GameKind::Othello))
        .unwrap();
    assert!(!effects.save);
}

#[test]
fn the_switch_starts_the_last_setup_when_nothing_is_put_aside() {
    let mut state = humans_playing();
    state.apply(AppAction::SwitchGame(GameKind::Go)).unwrap();
    assert_eq!(
        state.current().config(),
        &MatchConfig::Go(state.settings().go.clone())
    );
}

#[test]
fn a_game_that_cannot_start_changes_nothing_but_the_notice() {
    let mut state = humans_playing();
    state.apply(AppAction::Show(Overlay::NewGame)).unwrap();
    let before = state.saved();
    let error = state.apply(AppAction::NewGame(go_config(25))).unwrap_err();
    assert!(matches!(error, AppError::Setup(_)));
    assert_eq!(state.notice(), &Notice::Error(error));
    assert_eq!(state.saved(), before);
    assert_eq!(state.overlay(), Overlay::NewGame, "the sheet stays open");
    // Closing the sheet clears its error.
    state.apply(AppAction::Show(Overlay::None)).unwrap();
    assert_eq!(state.notice(), &Notice::None);
}

#[test]
fn a_refused_move_is_the_notice_until_the_next_move() {
    let mut state = humans_playing();
    let error = state.apply(play(sq("a1"))).unwrap_err();
    assert_eq!(
        error,
        AppError::Refused(Refusal::Illegal(IllegalReason::NoFlip))
    );
    assert_eq!(state.notice(), &Notice::Error(error));
    // Opening a sheet does not hide an error of the board.
    state.apply(AppAction::Show(Overlay::More)).unwrap();
    assert!(matches!(state.notice(), Notice::Error(_)));
    state.apply(play(sq("f5"))).unwrap();
    assert_eq!(state.notice(), &Notice::None);
}

#[test]
fn an_import_opens_the_game_for_review_and_keeps_the_unfinished_one() {
    let mut state = humans_playing();
    state.apply(play(sq("f5"))).unwrap();
    state.apply(AppAction::Show(Overlay::More)).unwrap();
    let error = state
        .apply(AppAction::Import(records::import("  ")))
        .unwrap_err();
    assert_eq!(error, AppError::Import(ImportError::Empty));
    assert_eq!(state.current().history().len(), 2, "nothing changed");

    state
        .apply(AppAction::Import(records::import("f5d6c3")))
        .unwrap();
    assert_eq!(state.current().history().len(), 4);
    assert!(state.reviewing());
    assert_eq!(state.overlay(), Overlay::None);
    assert_eq!(state.notice(), &Notice::None);
    assert_eq!(state.recent().len(), 1);
    assert_eq!(state.recent()[0].result, None);
    assert_eq!(state.recent()[0].game.events.len(), 1);
    // Back to the game put aside in the recent list.
    let saved = state.recent()[0].game.load();
    state.apply(AppAction::OpenRecent(saved)).unwrap();
    assert_eq!(state.current().history().len(), 2);
    assert_eq!(
        state.recent().len(),
        2,
        "the imported game was unfinished too"
    );
    // A saved game that does not replay is refused with its reason, and nothing changes.
    let mut broken = state.recent()[0].game.clone();
    broken.played = 99;
    let before = state.current().clone();
    assert_eq!(
        state.apply(AppAction::OpenRecent(broken.load())),
        Err(AppError::Open(crate::saved::MatchLoadError::Cursor))
    );
    assert_eq!(state.current(), &before);
}

#[test]
fn a_finished_game_joins_the_recent_games_once() {
    let mut state = humans_playing();
    // The quickest wipe-out.
    for name in ["e6", "f4", "e3", "d6", "c5", "f6", "e7", "f5", "g5"] {
        state.apply(play(sq(name))).unwrap();
    }
    assert!(state.current().is_over());
    assert_eq!(state.recent().len(), 1);
    assert_eq!(
        state.recent()[0].result.map(|r| r.to_string()),
        Some("B+64".to_owned())
    );
    // Stepping back and forth through it does not add it again.
    state.apply(AppAction::Match(Action::GoTo(3))).unwrap();
    state.apply(AppAction::Match(Action::GoTo(9))).unwrap();
    assert_eq!(state.recent().len(), 1);
}

#[test]
fn the_computer_is_asked_on_its_turn_unless_paused_or_reviewing() {
    let mut state = against_club();
    assert_eq!(state.job(), None, "the person moves first");
    state.apply(play(sq("f5"))).unwrap();
    let epoch = state.current().epoch();
    let job = Job {
        epoch,
        task: JobTask::Move {
            level: OthelloLevel::Club.into(),
            delay_ms: HUMAN_PACE_MS,
        },
    };
    assert_eq!(state.job(), Some(job));
    assert!(state.thinking());
    state.apply(AppAction::SetReviewing(true)).unwrap();
    assert_eq!(state.job(), None);
    state.apply(AppAction::SetReviewing(false)).unwrap();
    assert_eq!(state.job(), Some(job));
}

#[test]
fn the_computer_s_answer_is_played_checked_and_dropped_when_late() {
    let mut state = against_club();
    state.apply(play(sq("f5"))).unwrap();
    let asked = state.current().epoch();
    // An illegal answer is reported and not asked for again at this state.
    let effects = state
        .apply(AppAction::ComputerMove {
            epoch: asked,
            reply: reply(asked, "a1"),
        })
        .unwrap();
    assert!(!effects.save);
    assert_eq!(
        state.computer_failure(),
        Some(&ComputerFailure::Illegal(IllegalReason::NoFlip))
    );
    assert_eq!(state.job(), None);
    assert!(!state.thinking());
    // Undo moves on: the failure is old news, and the person is to move again.
    state.apply(AppAction::Match(Action::Undo)).unwrap();
    assert_eq!(state.computer_failure(), None);
    state.apply(play(sq("f5"))).unwrap();
    let asked = state.current().epoch();
    // A late answer for an older state is dropped without a word.
    let late = state
        .apply(AppAction::ComputerMove {
            epoch: asked - 1,
            reply: reply(asked - 1, "d6"),
        })
        .unwrap();
    assert_eq!(late, Effects::NONE);
    assert_eq!(state.notice(), &Notice::None);
    // The answer for this state is played.
    state
        .apply(AppAction::ComputerMove {
            epoch: asked,
            reply: reply(asked, "d6"),
        })
        .unwrap();
    assert_eq!(state.current().history().len(), 3);
    assert_eq!(state.job(), None);
    // A worker that fails says why.
    let mut failing = state.clone();
    failing.apply(play(sq("c3"))).unwrap();
    let asked = failing.current().epoch();
    failing
        .apply(AppAction::ComputerMove {
            epoch: asked,
            reply: Reply::failed(asked, WorkerError::Stopped("a test".to_owned())),
        })
        .unwrap();
    assert_eq!(
        failing.computer_failure(),
        Some(&ComputerFailure::Worker(WorkerError::Stopped(
            "a test".to_owned()
        )))
    );
}

#[test]
fn a_computer_only_game_waits_its_pace_and_pauses_on_undo() {
    let mut state = AppState::fresh(Notice::None);
    let computers = ByColor::new(
        Side::Computer(OthelloLevel::Random),
        Side::Computer(OthelloLevel::Random),
    );
    state
        .apply(AppAction::NewGame(othello_config(computers)))
        .unwrap();
    state
        .apply(AppAction::Settings(SettingsChange::WatchDelay(2000)))
        .unwrap();
    let Some(Job {
        epoch,
        task: JobTask::Move { delay_ms, .. },
    }) = state.job()
    else {
        panic!("the computer plays itself");
    };
    assert_eq!(delay_ms, 2000);
    state
        .apply(AppAction::ComputerMove {
            epoch,
            reply: reply(epoch, "f5"),
        })
        .unwrap();
    assert!(!state.paused());
    state.apply(AppAction::Match(Action::Undo)).unwrap();
    assert!(state.paused(), "undo pauses, so the watcher can look");
    assert_eq!(state.job(), None);
    state.apply(AppAction::SetPaused(false)).unwrap();
    assert!(state.job().is_some());
    // A pace out of range is brought back into it.
    state
        .apply(AppAction::Settings(SettingsChange::WatchDelay(0)))
        .unwrap();
    assert_eq!(state.settings().watch_delay_ms, 100);
}

/// A 5x5 Go game being counted: Black's wall on column C, White's on column D, each side
/// owning its half, then two passes.
fn counting_walls() -> AppState {
    counting_after(&["C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5"])
}

/// A 5x5 Go game of two people being counted after `moves` and two passes.
fn counting_after(moves: &[&str]) -> AppState {
    let mut state = AppState::fresh(Notice::None);
    state.apply(AppAction::NewGame(go_config(5))).unwrap();
    for name in moves {
        state
            .apply(play(go_cell(name.parse().unwrap(), 5)))
            .unwrap();
    }
    state.apply(AppAction::Match(Action::Pass)).unwrap();
    state.apply(AppAction::Match(Action::Pass)).unwrap();
    state
}

#[test]
fn a_go_count_asks_for_ownership_and_stops_waiting_without_it() {
    let mut state = counting_walls();
    let epoch = state.current().epoch();
    assert_eq!(
        state.job(),
        Some(Job {
            epoch,
            task: JobTask::Ownership { playouts: 3000 },
        })
    );
    state
        .apply(AppAction::Ownership {
            epoch,
            reply: Reply::failed(epoch, WorkerError::Stopped("a test".to_owned())),
        })
        .unwrap();
    assert_eq!(state.job(), None, "the count stops waiting");
    assert_eq!(
        state.current().dead_stones(),
        Some(&DeadStones::new()),
        "no stone marked: the players mark them"
    );
    assert!(state.current().is_counting());
}

#[test]
fn a_go_count_marks_the_dead_stones_the_computer_found() {
    // Black's wall on column C, White's lone stone at A3 inside Black's area.
    let mut state = counting_after(&["C1", "E1", "C2", "A3", "C3", "E3", "C4", "E4", "C5", "E5"]);
    let epoch = state.current().epoch();
    let before = state.current().count().unwrap().result();
    // Cells that are not points of this board, or not stones, mark nothing.
    let a3 = go_cell("A3".parse().unwrap(), 5);
    let b2 = go_cell("B2".parse().unwrap(), 5);
    let cells = vec![a3, Cell::new(9, 9), b2, Cell::new(5, 0)];
    state
        .apply(AppAction::Ownership {
            epoch,
            reply: ownership_reply(epoch, vec![0.5; 25], cells),
        })
        .unwrap();
    let dead = state.current().dead_stones().unwrap();
    assert_eq!(
        dead.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
        ["A3"]
    );
    assert_ne!(state.current().count().unwrap().result(), before);
    assert_eq!(state.job(), None, "the count has its guess");
}

#[test]
fn a_go_count_keeps_the_playouts_ownership_to_shade_the_board_until_it_ends() {
    let mut state = counting_walls();
    assert_eq!(
        state.current().count_ownership(),
        None,
        "not before the playouts"
    );
    let epoch = state.current().epoch();
    // Points in `Go::points` order, row by row: columns A to C Black's, D and E White's.
    let ownership: Vec<f32> = (0..25)
        .map(|i| if i % 5 < 3 { 0.9 } else { -0.9 })
        .collect();
    state
        .apply(AppAction::Ownership {
            epoch,
            reply: ownership_reply(epoch, ownership.clone(), Vec::new()),
        })
        .unwrap();
    assert_eq!(state.current().count_ownership(), Some(&ownership[..]));
    assert!(state.current().is_counting());
    assert_eq!(state.job(), None, "the count has its estimate");
    // Back to play: the count and its picture are gone.
    state.apply(AppAction::Match(Action::Undo)).unwrap();
    assert!(!state.current().is_counting());
    assert_eq!(state.current().count_ownership(), None);
}

#[test]
fn settings_changes_are_saved_and_overlays_are_not() {
    let mut state = humans_playing();
    let effects = state
        .apply(AppAction::Settings(SettingsChange::Language(Some(
            Language::Japanese,
        ))))
        .unwrap();
    assert!(effects.save);
    assert_eq!(state.language(Language::English), Language::Japanese);
    assert_eq!(state.saved().settings.language, Some(Language::Japanese));
    for action in [
        AppAction::Show(Overlay::More),
        AppAction::SetReviewing(true),
        AppAction::SetPaused(true),
    ] {
        assert_eq!(state.apply(action), Ok(Effects::NONE));
    }
    assert_eq!(
        state.apply(AppAction::Settings(SettingsChange::Confirm(Confirm::Never))),
        Ok(Effects::SAVE)
    );
}

#[test]
fn a_go_level_playing_othello_cannot_be_set_up() {
    // The types say so: an Othello configuration's sides hold Othello levels. This test
    // reads a saved configuration that names a Go level for Othello, as a hand-edited file
    // might.
    let json = r#"{"othello":{"start":{"shape":"8x8"},
        "sides":{"black":"human","white":{"computer":"mcts-2000"}}}}"#;
    assert!(serde_json::from_str::<MatchConfig>(json).is_err());
    let json = json.replace("mcts-2000", "club");
    let config: MatchConfig = serde_json::from_str(&json).unwrap();
    assert_eq!(
        config.sides().white,
        Side::Computer(OthelloLevel::Club.into())
    );
    assert!("mcts-2000".parse::<GoLevel>().is_ok(), "a Go level's id");
}

#[test]
fn a_reported_error_is_shown_like_any_other() {
    let mut state = humans_playing();
    let komi = "six".parse::<ishi_rules::go::Komi>().unwrap_err();
    let error = AppError::Setup(crate::model::SetupError::Komi(komi));
    assert_eq!(
        state.apply(AppAction::Report(error.clone())),
        Err(error.clone())
    );
    assert_eq!(state.notice(), &Notice::Error(error));
}

/// Turns the values of the moves on.
fn values_on(state: &mut AppState) {
    state
        .apply(AppAction::Settings(SettingsChange::Values(true)))
        .unwrap();
}

/// Answers the hints round asked at `epoch` with `values` as (move, value, exact).
fn answer_hints(state: &mut AppState, epoch: u64, values: &[(&str, f32, bool)]) {
    state
        .apply(AppAction::Hints {
            epoch,
            reply: hints_reply(epoch, values),
        })
        .unwrap();
}

/// The reply of a hints round: `values` as (move, value, exact).
fn hints_reply(epoch: u64, values: &[(&str, f32, bool)]) -> Reply {
    Reply {
        epoch,
        answer: Ok(ishi_worker::Answer::Hints(ishi_worker::Analysed {
            candidates: values
                .iter()
                .map(|&(mv, value, exact)| ishi_analysis::Candidate {
                    mv: Move::Place(sq(mv)),
                    value,
                    exact,
                    visits: 0,
                    win_rate: None,
                })
                .collect(),
            worth: ishi_analysis::Worth::Discs {
                margin: 0.0,
                exact: false,
            },
            ownership: None,
            policy: None,
        })),
    }
}

#[test]
fn values_refine_round_by_round_while_a_person_thinks_and_stop_at_a_move() {
    let mut state = humans_playing();
    assert_eq!(state.job(), None, "values are off by default");
    values_on(&mut state);
    let epoch = state.current().epoch();
    let first = JobTask::Hints {
        budget: HintBudget::Depth(2),
    };
    assert_eq!(state.job(), Some(Job { epoch, task: first }));
    let four = [
        ("d3", 0.5, false),
        ("c4", 0.5, false),
        ("f5", 0.5, false),
        ("e6", 0.5, false),
    ];
    answer_hints(&mut state, epoch, &four);
    assert_eq!(state.hints().map(|h| h.values.len()), Some(4));
    assert_eq!(
        state.job().map(|j| j.task),
        Some(JobTask::Hints {
            budget: HintBudget::Depth(4)
        })
    );
    assert!(!state.thinking(), "values are not the computer thinking");
    // Hidden, they are neither shown nor asked for.
    state
        .apply(AppAction::Settings(SettingsChange::Values(false)))
        .unwrap();
    assert_eq!((state.hints(), state.job()), (None, None));
    values_on(&mut state);
    // A move: the values were of the position before it.
    state.apply(play(sq("f5"))).unwrap();
    assert_eq!(state.hints(), None);
    let epoch = state.current().epoch();
    assert_eq!(state.job(), Some(Job { epoch, task: first }));
    // A late answer for the position before is dropped.
    answer_hints(&mut state, epoch - 1, &four);
    assert_eq!(state.hints(), None);
}

#[test]
fn exact_values_are_final_and_a_failed_round_keeps_what_came() {
    let mut state = humans_playing();
    values_on(&mut state);
    let epoch = state.current().epoch();
    let exact = [
        ("d3", 0.0, true),
        ("c4", 0.0, true),
        ("f5", 0.0, true),
        ("e6", 0.0, true),
    ];
    answer_hints(&mut state, epoch, &exact);
    assert!(state.hints().unwrap().settled);
    assert_eq!(state.job(), None);
    let mut failing = humans_playing();
    values_on(&mut failing);
    let epoch = failing.current().epoch();
    let estimates = [("d3", 1.0, false)];
    answer_hints(&mut failing, epoch, &estimates);
    failing
        .apply(AppAction::Hints {
            epoch,
            reply: Reply::failed(epoch, WorkerError::Stopped("a test".to_owned())),
        })
        .unwrap();
    let hints = failing.hints().unwrap();
    assert_eq!((hints.values.len(), hints.settled), (1, true));
    assert_eq!(failing.job(), None);
}

#[test]
fn the_computer_s_turn_has_no_values() {
    let mut state = against_club();
    values_on(&mut state);
    state.apply(play(sq("f5"))).unwrap();
    assert!(matches!(
        state.job().map(|j| j.task),
        Some(JobTask::Move { .. })
    ));
}

/// The worker's analysis of the position of snapshot `index`, as `ishi-analysis` makes it
/// (quick budget), for the tests of "Analyse this game".
fn analyse_for_real(state: &AppState, index: usize, played: Option<CellMove>) -> Reply {
    let m = state.current();
    let task = ishi_worker::Task::Analyse {
        played,
        deep: false,
    };
    let request = crate::computer::request(m, index, task, 1);
    ishi_worker::Worker::with_embedded_models().think(&request, &ishi_ai::Stop::new())
}

#[test]
fn a_whole_game_is_analysed_position_by_position_and_kept_with_it() {
    let mut state = humans_playing();
    // The seeds' "white wiped out": White's f5 lets Black take every disc.
    for name in ["e6", "f4", "e3", "d6", "c5", "f6", "e7", "f5", "g5"] {
        state.apply(play(sq(name))).unwrap();
    }
    assert_eq!(state.analysis_progress(), (0, 10));
    state
        .apply(AppAction::Analyse(Some(AnalysisRun { deep: false })))
        .unwrap();
    // The review steps meanwhile: the analysis goes on where it was.
    state.apply(AppAction::Match(Action::GoTo(3))).unwrap();
    let mut answered = 0;
    while let Some(Job {
        epoch: key,
        task: JobTask::Analyse { index, played, .. },
    }) = state.job()
    {
        let reply = analyse_for_real(&state, index, played);
        let effects = state
            .apply(AppAction::Analysed { index, key, reply })
            .unwrap();
        assert!(effects.save);
        answered += 1;
        assert!(answered <= 10, "each position once");
    }
    assert_eq!(answered, 10);
    assert_eq!(state.analysis_progress(), (10, 10));
    assert_eq!(state.analysing(), None, "the run ends by itself");
    // White's f5 (from snapshot 7) is a blunder; the best moves there are f3 and f7, the one
    // the other mirrored.
    let before_f5 = state.current().annotation(7).unwrap();
    let judged = before_f5.played.unwrap();
    assert_eq!(judged.class, ishi_analysis::Class::Blunder);
    assert_eq!(judged.mv, Move::Place(sq("f5")));
    let best = before_f5.best.map(|(mv, _)| mv);
    assert!(
        [sq("f3"), sq("f7")]
            .map(|c| Some(Move::Place(c)))
            .contains(&best),
        "{best:?}"
    );
    // The end is worth 64 discs to Black, proved.
    let end = state.current().annotation(9).unwrap();
    assert_eq!(
        end.worth,
        ishi_analysis::Worth::Discs {
            margin: 64.0,
            exact: true
        }
    );
    assert_eq!(end.played, None);
    // Saved and loaded, the analysis comes back with the game.
    let text = crate::saved::encode(&state.saved()).unwrap();
    let loaded = crate::saved::decode(&text).unwrap().load().unwrap();
    let again = AppState::new(loaded);
    assert_eq!(again.analysis_progress(), (10, 10));
    assert_eq!(
        again.current().annotation(7).and_then(|a| a.played),
        Some(judged)
    );
    // A new move from snapshot 5 judges that position anew and drops what came after.
    state.apply(AppAction::Match(Action::GoTo(5))).unwrap();
    state.apply(play(sq("f3"))).unwrap();
    assert!(state.current().annotation(5).is_none());
    assert!(state.current().annotation(4).is_some());
    assert_eq!(state.analysis_progress(), (5, 7));
}

#[test]
fn a_go_game_analysed_on_the_network_counts_points_and_keeps_the_win_rate() {
    let mut state = AppState::fresh(Notice::None);
    state.apply(AppAction::NewGame(go_config(9))).unwrap();
    for name in ["E5", "C3", "A1"] {
        state
            .apply(play(go_cell(name.parse().unwrap(), 9)))
            .unwrap();
    }
    state
        .apply(AppAction::Analyse(Some(AnalysisRun { deep: false })))
        .unwrap();
    while let Some(Job {
        epoch: key,
        task: JobTask::Analyse { index, played, .. },
    }) = state.job()
    {
        let reply = analyse_for_real(&state, index, played);
        state
            .apply(AppAction::Analysed { index, key, reply })
            .unwrap();
    }
    assert_eq!(state.analysis_progress(), (4, 4));
    // Black's A1, a corner point on an open board, is judged in points of score: a blunder.
    let a1 = state.current().annotation(2).unwrap();
    assert_eq!(a1.unit, ValueUnit::Score);
    let judged = a1.played.expect("A1 is judged");
    assert_eq!(judged.class, ishi_analysis::Class::Blunder, "{judged:?}");
    assert!(judged.loss >= 6.0, "{judged:?}");
    let win_rate = judged.win_rate.expect("the win rate beside the points");
    assert!((0.0..=100.0).contains(&win_rate.played), "{win_rate:?}");
    // Saved and loaded, the unit and the win rate come back with it.
    let text = crate::saved::encode(&state.saved()).unwrap();
    let loaded = crate::saved::decode(&text).unwrap().load().unwrap();
    let again = AppState::new(loaded);
    assert_eq!(
        again.current().annotation(2).map(|a| (a.unit, a.played)),
        Some((ValueUnit::Score, Some(judged)))
    );
}

#[test]
fn an_analysis_stops_when_asked_or_when_the_worker_fails() {
    let mut state = humans_playing();
    state.apply(play(sq("f5"))).unwrap();
    state
        .apply(AppAction::Analyse(Some(AnalysisRun { deep: true })))
        .unwrap();
    let Some(Job {
        epoch: key,
        task: JobTask::Analyse { index, deep, .. },
    }) = state.job()
    else {
        panic!("an analysis job");
    };
    assert!(deep);
    state.apply(AppAction::Analyse(None)).unwrap();
    assert_eq!(state.job(), None);
    // A late answer after stopping is dropped.
    let reply = analyse_for_real(&state, index, Some(Move::Place(sq("f5"))));
    assert_eq!(
        state.apply(AppAction::Analysed { index, key, reply }),
        Ok(Effects::NONE)
    );
    assert_eq!(state.analysis_progress(), (0, 2));
    state
        .apply(AppAction::Analyse(Some(AnalysisRun { deep: false })))
        .unwrap();
    state
        .apply(AppAction::Analysed {
            index,
            key,
            reply: Reply::failed(index as u64, WorkerError::Stopped("a test".to_owned())),
        })
        .unwrap();
    assert_eq!(state.analysing(), None);
}

#[test]
fn moves_played_now_sound_and_moves_shown_again_do_not() {
    let sound = |effects: Result<Effects, AppError>| effects.unwrap().feedback;
    let mut state = against_club();
    // The person's disc flips one: it sounds and, placed by a finger, vibrates.
    assert_eq!(
        sound(state.apply(play(sq("f5")))),
        Some(Feedback {
            sound: Sound::Disc { flips: 1 },
            touch: true
        })
    );
    // The computer's answer sounds without vibrating.
    let asked = state.current().epoch();
    let answer = sound(state.apply(AppAction::ComputerMove {
        epoch: asked,
        reply: reply(asked, "d6"),
    }));
    assert_eq!(
        answer,
        Some(Feedback {
            sound: Sound::Disc { flips: 1 },
            touch: false
        })
    );
    // Undo, redo, review steps, the game switch and back: the moves were played before.
    let silent = [
        AppAction::Match(Action::Undo),
        AppAction::Match(Action::Redo),
        AppAction::SetReviewing(true),
        AppAction::Match(Action::GoTo(0)),
        AppAction::Match(Action::GoTo(2)),
        AppAction::SetReviewing(false),
        AppAction::SwitchGame(GameKind::Go),
        AppAction::SwitchGame(GameKind::Othello),
        AppAction::NewGame(go_config(9)),
    ];
    for action in silent {
        assert_eq!(sound(state.apply(action.clone())), None, "{action:?}");
    }
    // A Go stone clicks, and a pass has its own sound.
    let stone = sound(state.apply(play(go_cell("C3".parse().unwrap(), 9))));
    assert_eq!(stone.map(|f| f.sound), Some(Sound::Stone));
    let pass = sound(state.apply(AppAction::Match(Action::Pass)));
    assert_eq!(pass.map(|f| f.sound), Some(Sound::Pass));
}

#[test]
fn the_workers_words_of_the_network_read_as_its_status() {
    assert_eq!(
        NetworkStatus::parse("loading 42"),
        Some(NetworkStatus::Loading(42))
    );
    assert_eq!(
        NetworkStatus::parse("loading 250"),
        Some(NetworkStatus::Loading(100))
    );
    assert_eq!(NetworkStatus::parse("ready"), Some(NetworkStatus::Ready));
    assert_eq!(NetworkStatus::parse("no-simd"), Some(NetworkStatus::NoSimd));
    assert_eq!(NetworkStatus::parse("failed"), Some(NetworkStatus::Failed));
    for word in ["", "loading", "loading -1", "loading x", "Ready", "ready "] {
        assert_eq!(NetworkStatus::parse(word), None, "{word:?}");
    }
}

#[test]
fn once_the_network_is_ready_a_worker_loading_it_again_does_not_say_loading() {
    let mut state = humans_playing();
    assert_eq!(state.network(), NetworkStatus::Unknown);
    for (status, now) in [
        (NetworkStatus::Loading(10), NetworkStatus::Loading(10)),
        (NetworkStatus::Ready, NetworkStatus::Ready),
        (NetworkStatus::Loading(0), NetworkStatus::Ready),
        (NetworkStatus::Failed, NetworkStatus::Failed),
        (NetworkStatus::Loading(5), NetworkStatus::Loading(5)),
    ] {
        state.apply(AppAction::Network(status)).unwrap();
        assert_eq!(state.network(), now);
    }
}

#[test]
fn go_s_policy_asks_for_the_hints_search_and_shows_its_policy_alone() {
    let mut state = AppState::fresh(Notice::None);
    state.apply(AppAction::NewGame(go_config(9))).unwrap();
    assert_eq!(state.job(), None);
    state
        .apply(AppAction::Settings(SettingsChange::Policy(true)))
        .unwrap();
    let epoch = state.current().epoch();
    let Some(Job {
        task: JobTask::Hints { budget },
        ..
    }) = state.job()
    else {
        panic!("no hints job for the policy: {:?}", state.job());
    };
    let mut policy = vec![0.0; 81];
    policy[40] = 0.6;
    let reply = Reply {
        epoch,
        answer: Ok(ishi_worker::Answer::Hints(ishi_worker::Analysed {
            candidates: Vec::new(),
            worth: ishi_analysis::Worth::Go {
                win_rate: 0.5,
                lead: 0.0,
            },
            ownership: None,
            policy: Some(policy.clone()),
        })),
    };
    assert!(matches!(budget, HintBudget::Playouts(_)));
    state.apply(AppAction::Hints { epoch, reply }).unwrap();
    assert_eq!(state.policy(), Some(policy.as_slice()));
    // Neither the values nor the territory were asked for.
    assert_eq!(
        (state.hints().is_some(), state.ownership().is_some()),
        (false, false)
    );
    state
        .apply(AppAction::Settings(SettingsChange::Policy(false)))
        .unwrap();
    assert_eq!((state.policy(), state.job()), (None, None));
}

#[test]
fn a_move_in_review_explores_a_variation_analysed_on_the_fly() {
    let mut state = humans_playing();
    for name in ["e6", "f4", "e3", "d6", "c5", "f6", "e7", "f5", "g5"] {
        state.apply(play(sq(name))).unwrap();
    }
    let game = state.current().snapshots_of(0).unwrap().to_vec();
    assert_eq!(state.recent().len(), 1, "the wipe-out is over");
    state.apply(AppAction::SetReviewing(true)).unwrap();
    state.apply(AppAction::Match(Action::GoTo(7))).unwrap();
    // White's better f3 instead of the game's f5: a variation, the game untouched.
    state.apply(play(sq("f3"))).unwrap();
    let m = state.current();
    assert_eq!(
        (m.line_on(), m.cursor(), m.leaves_game_at()),
        (1, 8, Some(7))
    );
    assert_eq!(m.snapshots_of(0).unwrap(), &game[..]);
    // Its positions are analysed as they come.
    let Some(Job {
        epoch: key,
        task: JobTask::Analyse { index, played, .. },
    }) = state.job()
    else {
        panic!("no analysis of the variation: {:?}", state.job());
    };
    // First the branch point with the variation's move (which judges it).
    assert_eq!((index, played), (7, Some(Move::Place(sq("f3")))));
    let reply = analyse_for_real(&state, index, played);
    state
        .apply(AppAction::Analysed { index, key, reply })
        .unwrap();
    assert!(
        state
            .current()
            .annotation(7)
            .is_some_and(|a| a.played.is_some())
    );
    let Some(Job {
        task: JobTask::Analyse { index, played, .. },
        ..
    }) = state.job()
    else {
        panic!("the position on screen is analysed next");
    };
    assert_eq!((index, played), (8, None));
    // Saved and restored, the variation is on screen again, in review.
    let text = crate::saved::encode(&state.saved()).unwrap();
    let again = AppState::new(crate::saved::decode(&text).unwrap().load().unwrap());
    assert!(again.reviewing());
    assert_eq!(
        (again.current().line_on(), again.current().cursor()),
        (1, 8)
    );
    // Closing the review goes back to the game where it was left; nothing joined the
    // recent games.
    state.apply(AppAction::SetReviewing(false)).unwrap();
    let m = state.current();
    assert_eq!((m.line_on(), m.cursor(), m.line_count()), (0, 7, 2));
    assert_eq!(state.recent().len(), 1);
    assert_eq!(state.job(), None);
}

/// The seeds' "white wiped out" between two people, analysed with the quick budget.
fn wipe_out_analysed() -> AppState {
    let mut state = humans_playing();
    for name in ["e6", "f4", "e3", "d6", "c5", "f6", "e7", "f5", "g5"] {
        state.apply(play(sq(name))).unwrap();
    }
    state
        .apply(AppAction::Analyse(Some(AnalysisRun { deep: false })))
        .unwrap();
    answer_jobs(&mut state);
    state
}

/// Answers the analysis jobs the state asks for, for real, until it asks for none.
fn answer_jobs(state: &mut AppState) {
    while let Some(Job {
        epoch: key,
        task: JobTask::Analyse { index, played, .. },
    }) = state.job()
    {
        let reply = analyse_for_real(state, index, played);
        state
            .apply(AppAction::Analysed { index, key, reply })
            .unwrap();
    }
}

fn practise(state: &mut AppState, action: PracticeAction) {
    state
        .apply(AppAction::Practise(Practise::new(action)))
        .unwrap();
}

#[test]
fn practising_a_blunder_judges_tries_and_keeps_the_result_with_the_game() {
    let mut state = wipe_out_analysed();
    let blunder = exercises(state.current())
        .into_iter()
        .find(|e| e.index == 7)
        .unwrap();
    assert_eq!(
        (blunder.class, blunder.played),
        (ishi_analysis::Class::Blunder, Move::Place(sq("f5")))
    );
    practise(&mut state, PracticeAction::Start);
    // Step to White's blunder (the exercises before it, if any, are skipped unsolved).
    while state.practice().unwrap().exercise().index != 7 {
        practise(&mut state, PracticeAction::Next);
    }
    let m = state.current();
    assert_eq!((m.line_on(), m.cursor()), (0, 7));
    assert!(state.reviewing());
    assert!(
        !state.reveals(),
        "the answer is not on screen while asked for"
    );
    // The game's own move is wrong at once, with the game's loss.
    state.apply(play(sq("f5"))).unwrap();
    let practice = state.practice().unwrap();
    assert!(matches!(
        practice.stage,
        Stage::Wrong(_, _, ishi_analysis::Class::Blunder)
    ));
    assert!(practice.can_retry());
    practise(&mut state, PracticeAction::Retry);
    assert_eq!(state.current().line_count(), 1, "a try leaves no variation");
    // A hint, then another move, judged by the analysis of the position with it.
    practise(&mut state, PracticeAction::Hint);
    assert!(matches!(
        state.practice().unwrap().hint(state.current()),
        Some(Hint::Edge(_) | Hint::Quarter(_) | Hint::Centre)
    ));
    let best = blunder.best.unwrap();
    let other = state
        .current()
        .position()
        .legal_cells()
        .into_iter()
        .map(Move::Place)
        .find(|&mv| mv != best && mv != blunder.played)
        .unwrap();
    let Move::Place(cell) = other else {
        unreachable!()
    };
    state.apply(play(cell)).unwrap();
    assert_eq!(state.practice().unwrap().stage, Stage::Judging(other));
    answer_jobs(&mut state);
    let stage = state.practice().unwrap().stage;
    assert!(
        matches!(stage, Stage::Right(mv, _) | Stage::Wrong(mv, _, _) if mv == other),
        "{stage:?}"
    );
    if state.practice().unwrap().can_retry() {
        practise(&mut state, PracticeAction::Retry);
        let Move::Place(cell) = best else {
            unreachable!()
        };
        state.apply(play(cell)).unwrap();
    }
    assert!(matches!(state.practice().unwrap().stage, Stage::Right(..)));
    // Stopping files the result with the game; the game is as it was, and saved with it.
    let tries = state.practice().unwrap().tries;
    practise(&mut state, PracticeAction::Stop);
    assert_eq!(state.practice(), None);
    let m = state.current();
    assert_eq!((m.line_count(), m.line_on()), (1, 0));
    let result = crate::model::Practised {
        index: 7,
        outcome: crate::model::Outcome::Solved {
            tries,
            hinted: true,
        },
    };
    assert_eq!(m.practised(), [result]);
    let text = crate::saved::encode(&state.saved()).unwrap();
    let loaded = crate::saved::decode(&text).unwrap().load().unwrap();
    assert_eq!(loaded.current.practised(), [result]);
}

#[test]
fn a_practice_s_solution_plays_the_best_move_and_the_replies() {
    let mut state = wipe_out_analysed();
    practise(&mut state, PracticeAction::Start);
    let exercise = state.practice().unwrap().exercise();
    practise(&mut state, PracticeAction::Solution);
    answer_jobs(&mut state);
    let m = state.current();
    assert_eq!(m.leaves_game_at(), Some(exercise.index));
    let first = &m.history()[exercise.index + 1];
    assert_eq!(first.played.as_ref().map(|p| p.mv), exercise.best);
    // The replies as far as the game goes (a wipe-out ends early) or the solution's length.
    let plies = m.history().len() - 1 - exercise.index;
    assert!(plies >= 2 || m.is_over(), "{plies}");
    assert!(plies <= usize::from(SOLUTION_PLIES) + 1);
    practise(&mut state, PracticeAction::Next);
    assert_eq!(
        state.current().practised()[0].outcome,
        crate::model::Outcome::Missed
    );
    assert_eq!(state.current().line_count(), 1);
}

#[test]
fn practice_hints_name_corners_edges_quarters_and_the_centre() {
    use super::practice::hint;
    let cell = |name: &str| Move::Place(sq(name));
    let go = |name: &str| Move::Place(go_cell(name.parse().unwrap(), 19));
    assert_eq!(hint(GameKind::Othello, 8, cell("h8")), Hint::Corner);
    assert_eq!(
        hint(GameKind::Othello, 8, cell("a3")),
        Hint::Edge(Quarter::UpperLeft)
    );
    assert_eq!(hint(GameKind::Othello, 8, cell("d4")), Hint::Centre);
    assert_eq!(
        hint(GameKind::Othello, 8, cell("g7")),
        Hint::Quarter(Quarter::LowerRight)
    );
    assert_eq!(
        hint(GameKind::Go, 19, go("S2")),
        Hint::Edge(Quarter::LowerRight)
    );
    assert_eq!(
        hint(GameKind::Go, 19, go("R3")),
        Hint::Quarter(Quarter::LowerRight)
    );
    assert_eq!(
        hint(GameKind::Go, 19, go("Q4")),
        Hint::Quarter(Quarter::LowerRight)
    );
    assert_eq!(hint(GameKind::Go, 19, go("K10")), Hint::Centre);
    assert_eq!(hint(GameKind::Go, 19, Move::Pass), Hint::Pass);
}

#[test]
fn a_game_without_a_person_s_mistake_has_nothing_to_practise() {
    let mut state = humans_playing();
    assert_eq!(
        state.apply(AppAction::Practise(Practise::new(PracticeAction::Start))),
        Err(AppError::NoMistakes)
    );
    assert_eq!(
        state.apply(AppAction::Practise(Practise::new(PracticeAction::Hint))),
        Err(AppError::Refused(Refusal::NothingThere))
    );
}
