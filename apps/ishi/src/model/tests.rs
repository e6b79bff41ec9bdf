use super::*;
use ishi_ai::Limits;
use ishi_scoring::WinBy;

static COMPUTER: Level = Level {
    id: "test",
    name: "Test",
    description: "a level for tests",
    limits: Limits::NONE,
};

fn othello(black: Side, white: Side) -> Match {
    Match::new(MatchConfig {
        setup: GameSetup::Othello {
            shape: Shape::STANDARD,
        },
        sides: ByColor::new(black, white),
    })
    .unwrap()
}

fn go(size: usize, black: Side, white: Side) -> Match {
    Match::new(MatchConfig {
        setup: GameSetup::Go {
            size,
            rules: GoRules::JAPANESE,
            handicap: 0,
        },
        sides: ByColor::new(black, white),
    })
    .unwrap()
}

/// The cell of an Othello square name.
fn sq(name: &str) -> Cell {
    let s: ishi_rules::othello::Square = name.parse().unwrap();
    Cell::new(s.col(), s.row())
}

/// The cell of a Go point name on a board of side `size`.
fn pt(name: &str, size: usize) -> Cell {
    go_cell(name.parse().unwrap(), size)
}

fn play_all(m: &mut Match, cells: &[Cell]) {
    for &c in cells {
        m.apply(Action::Play(c)).unwrap();
    }
}

#[test]
fn undo_and_redo_move_the_cursor_between_humans() {
    let mut m = othello(Side::Human, Side::Human);
    assert!(!m.can_undo() && !m.can_redo());
    play_all(&mut m, &[sq("f5"), sq("d6"), sq("c3")]);
    let after_c3 = m.position().clone();
    m.apply(Action::Undo).unwrap();
    m.apply(Action::Undo).unwrap();
    assert_eq!(m.cursor(), 1);
    assert!(m.can_redo());
    m.apply(Action::Redo).unwrap();
    m.apply(Action::Redo).unwrap();
    assert_eq!(m.position(), &after_c3);
    assert_eq!(m.apply(Action::Redo), Err(Refusal::NothingThere));
    // A new move after an undo cuts the redo line.
    m.apply(Action::Undo).unwrap();
    let other = *m.position().legal_cells().last().unwrap();
    assert_ne!(other, sq("c3"));
    m.apply(Action::Play(other)).unwrap();
    assert!(!m.can_redo());
    assert_eq!(m.history().len(), 4);
}

#[test]
fn against_the_computer_undo_goes_back_to_the_last_decision() {
    let mut m = othello(Side::Human, Side::Computer(&COMPUTER));
    m.apply(Action::Play(sq("f5"))).unwrap();
    assert_eq!(m.computer_to_move(), Some(&COMPUTER));
    assert_eq!(m.apply(Action::Play(sq("d6"))), Err(Refusal::NotYourTurn));
    let asked = m.epoch();
    m.apply(Action::Computer {
        epoch: asked,
        mv: Move::Place(sq("d6")),
    })
    .unwrap();
    // Two plies back: the computer's answer and the human's move.
    m.apply(Action::Undo).unwrap();
    assert_eq!(m.cursor(), 0);
    assert_eq!(m.computer_to_move(), None);
    // Undo while the computer thinks: one ply, and its late answer is dropped.
    m.apply(Action::Play(sq("f5"))).unwrap();
    let thinking = m.epoch();
    m.apply(Action::Undo).unwrap();
    assert_eq!(m.cursor(), 0);
    let late = Action::Computer {
        epoch: thinking,
        mv: Move::Place(sq("d6")),
    };
    assert_eq!(m.apply(late), Err(Refusal::Stale));
    assert!(!m.can_undo());
}

#[test]
fn forced_passes_are_played_and_skipped_by_undo() {
    let mut m = othello(Side::Human, Side::Human);
    let moves: Vec<Cell> = ["e6", "f6", "c4", "e7", "e8", "d8", "g6", "f8"]
        .iter()
        .map(|s| sq(s))
        .collect();
    play_all(&mut m, &moves);
    // Black had to pass after f8: White is to move again, and the pass is recorded.
    assert_eq!(m.position().turn(), Player::White);
    let pass = m.current().played.clone().unwrap();
    assert!(pass.forced && pass.mv == Move::Pass && pass.player == Player::Black);
    // Undo skips the forced pass: White is to move before f8 again.
    m.apply(Action::Undo).unwrap();
    assert_eq!(m.position().turn(), Player::White);
    assert_eq!(
        m.current().played.as_ref().map(|p| p.mv),
        Some(Move::Place(sq("g6")))
    );
    // Redo returns to the decision after it: White again, after the pass.
    m.apply(Action::Redo).unwrap();
    assert!(m.current().played.as_ref().is_some_and(|p| p.forced));
}

#[test]
fn an_othello_wipe_out_ends_the_match_with_its_result() {
    let mut m = othello(Side::Human, Side::Human);
    let moves: Vec<Cell> = ["e6", "f4", "e3", "d6", "c5", "f6", "e7", "f5", "g5"]
        .iter()
        .map(|s| sq(s))
        .collect();
    play_all(&mut m, &moves);
    assert!(m.is_over());
    assert_eq!(m.result().map(|r| r.to_string()), Some("B+64".to_owned()));
    assert_eq!(m.apply(Action::Play(sq("a1"))), Err(Refusal::NotYourTurn));
    m.apply(Action::Undo).unwrap();
    assert!(!m.is_over());
}

#[test]
fn flips_are_recorded_for_the_animation() {
    let mut m = othello(Side::Human, Side::Human);
    m.apply(Action::Play(sq("f5"))).unwrap();
    assert_eq!(m.current().played.as_ref().unwrap().flipped, vec![sq("e5")]);
}

#[test]
fn resigning_ends_the_match_and_undo_takes_it_back() {
    let mut m = go(9, Side::Human, Side::Human);
    m.apply(Action::Play(pt("E5", 9))).unwrap();
    m.apply(Action::Resign).unwrap();
    assert!(m.is_over());
    assert_eq!(
        m.result(),
        Some(GameResult::Win {
            winner: Player::Black,
            by: WinBy::Resignation
        })
    );
    assert_eq!(m.result().unwrap().to_string(), "B+R");
    m.apply(Action::Undo).unwrap();
    assert!(!m.is_over());
    assert_eq!(m.position().turn(), Player::White);
}

#[test]
fn go_refuses_a_ko_recapture_and_undo_restores_captures_and_ko() {
    let mut m = go(5, Side::Human, Side::Human);
    let moves = ["B3", "C3", "A2", "D2", "B1", "C1", "E5", "B2"];
    play_all(&mut m, &moves.map(|p| pt(p, 5)));
    // Black captures B2 by playing C2: a ko.
    m.apply(Action::Play(pt("C2", 5))).unwrap();
    assert_eq!(m.position().counts().black, 1);
    assert_eq!(m.position().ko(), Some(pt("B2", 5)));
    assert_eq!(
        m.apply(Action::Play(pt("B2", 5))),
        Err(Refusal::Illegal(IllegalReason::Ko))
    );
    m.apply(Action::Undo).unwrap();
    assert_eq!(m.position().counts().black, 0);
    assert_eq!(m.position().ko(), None);
    assert_eq!(m.position().stone(pt("B2", 5)), Some(Player::White));
    m.apply(Action::Redo).unwrap();
    assert_eq!(m.position().ko(), Some(pt("B2", 5)));
}

#[test]
fn two_passes_start_the_count_and_accepting_ends_the_match() {
    let mut m = go(5, Side::Human, Side::Human);
    // Black's wall on column C, White's lone stone at A3 inside Black's area.
    let moves = ["C1", "E1", "C2", "A3", "C3", "E3", "C4", "E4", "C5", "E5"];
    play_all(&mut m, &moves.map(|p| pt(p, 5)));
    m.apply(Action::Pass).unwrap();
    assert!(!m.is_counting());
    m.apply(Action::Pass).unwrap();
    assert!(m.is_counting());
    assert!(!m.is_over());
    assert_eq!(
        m.apply(Action::Play(pt("A1", 5))),
        Err(Refusal::NotYourTurn)
    );
    let a3 = pt("A3", 5);
    let guessed = m.dead_stones().unwrap().contains(go_point(a3, 5).unwrap());
    m.apply(Action::ToggleDead(a3)).unwrap();
    assert_ne!(
        m.dead_stones().unwrap().contains(go_point(a3, 5).unwrap()),
        guessed
    );
    if !m.dead_stones().unwrap().contains(go_point(a3, 5).unwrap()) {
        m.apply(Action::ToggleDead(a3)).unwrap();
    }
    let expected = m.count().unwrap().result();
    m.apply(Action::AcceptCount).unwrap();
    assert!(m.is_over());
    assert_eq!(m.result(), Some(expected));
    assert!(m.dead_stones().unwrap().contains(go_point(a3, 5).unwrap()));
    assert_eq!(m.apply(Action::AcceptCount), Err(Refusal::NotCounting));
    // Undo goes back to White's pass, then to Black's.
    m.apply(Action::Undo).unwrap();
    assert!(!m.is_over() && !m.is_counting());
    assert_eq!(m.position().turn(), Player::White);
    m.apply(Action::Undo).unwrap();
    assert_eq!(m.position().turn(), Player::Black);
    assert_eq!(m.position().go().unwrap().consecutive_passes(), 0);
}

#[test]
fn the_computer_may_only_answer_on_its_turn() {
    let mut m = go(9, Side::Computer(&COMPUTER), Side::Human);
    assert_eq!(
        m.apply(Action::Play(pt("E5", 9))),
        Err(Refusal::NotYourTurn)
    );
    let epoch = m.epoch();
    m.apply(Action::Computer {
        epoch,
        mv: Move::Place(pt("E5", 9)),
    })
    .unwrap();
    let epoch = m.epoch();
    assert_eq!(
        m.apply(Action::Computer {
            epoch,
            mv: Move::Place(pt("D5", 9)),
        }),
        Err(Refusal::NotYourTurn)
    );
    // The human has made no decision yet: nothing to undo.
    assert!(!m.can_undo());
}

#[test]
fn illegal_moves_change_nothing() {
    let mut m = othello(Side::Human, Side::Human);
    let before = m.clone();
    assert_eq!(
        m.apply(Action::Play(sq("a1"))),
        Err(Refusal::Illegal(IllegalReason::NoFlip))
    );
    assert_eq!(
        m.apply(Action::Play(Cell::new(9, 9))),
        Err(Refusal::Illegal(IllegalReason::OffBoard))
    );
    assert_eq!(m, before);
}

mod saving {
    use super::*;
    use crate::model::saved::{SavedEvent, SavedMatch, VERSION};

    fn round_trip(m: &Match) -> Match {
        let json = serde_json::to_string(&SavedMatch::of(m)).unwrap();
        serde_json::from_str::<SavedMatch>(&json)
            .unwrap()
            .load()
            .unwrap()
    }

    #[test]
    fn a_saved_match_comes_back_with_its_redo_line_and_cursor() {
        let mut m = othello(Side::Human, Side::Human);
        let moves: Vec<Cell> = ["e6", "f6", "c4", "e7", "e8", "d8", "g6", "f8", "g5"]
            .iter()
            .map(|s| sq(s))
            .collect();
        play_all(&mut m, &moves);
        m.apply(Action::Undo).unwrap();
        m.apply(Action::Undo).unwrap();
        let back = round_trip(&m);
        assert_eq!(back.position(), m.position());
        assert_eq!(back.cursor(), m.cursor());
        assert_eq!(back.history().len(), m.history().len());
        assert_eq!(back.can_redo(), m.can_redo());
        // The forced pass came back without being saved.
        assert!(
            back.history()
                .iter()
                .any(|s| s.played.as_ref().is_some_and(|p| p.forced))
        );
        assert!(
            !SavedMatch::of(&m)
                .events
                .contains(&SavedEvent::Move("pass".to_owned()))
        );
    }

    #[test]
    fn computer_sides_resignations_and_counts_are_saved() {
        let mut m = go(5, Side::Human, Side::Computer(&ishi_ai::go::levels()[0]));
        m.apply(Action::Play(pt("C3", 5))).unwrap();
        let epoch = m.epoch();
        m.apply(Action::Computer {
            epoch,
            mv: Move::Place(pt("D4", 5)),
        })
        .unwrap();
        m.apply(Action::Resign).unwrap();
        let back = round_trip(&m);
        assert_eq!(back.result(), m.result());
        assert_eq!(back.config(), m.config());

        let mut m = go(5, Side::Human, Side::Human);
        let moves = ["C1", "E1", "C2", "A3", "C3", "E3", "C4", "E4", "C5", "E5"];
        play_all(&mut m, &moves.map(|p| pt(p, 5)));
        m.apply(Action::Pass).unwrap();
        m.apply(Action::Pass).unwrap();
        m.apply(Action::AcceptCount).unwrap();
        let back = round_trip(&m);
        assert_eq!(back.result(), m.result());
        assert_eq!(back.dead_stones(), m.dead_stones());
    }

    #[test]
    fn damaged_or_foreign_saves_are_refused_with_a_reason() {
        let m = othello(Side::Human, Side::Human);
        let mut saved = SavedMatch::of(&m);
        saved.version = VERSION + 1;
        assert!(saved.load().unwrap_err().0.contains("another version"));
        let mut saved = SavedMatch::of(&m);
        saved.events.push(SavedEvent::Move("a1".to_owned()));
        assert!(saved.load().unwrap_err().0.starts_with("event 1: a1"));
        let mut saved = SavedMatch::of(&m);
        saved.config.black = "grandmaster".to_owned();
        assert!(saved.load().unwrap_err().0.contains("unknown player"));
        let mut saved = SavedMatch::of(&m);
        saved.played = 3;
        assert!(saved.load().is_err());
        let mut saved = SavedMatch::of(&m);
        saved.config.game = "chess".to_owned();
        assert!(saved.load().unwrap_err().0.contains("unknown game"));
        assert!(serde_json::from_str::<SavedMatch>("{\"version\":1}").is_err());
    }
}

#[test]
fn an_ownership_guess_refines_the_count_until_a_person_marks_stones() {
    let mut m = go(5, Side::Human, Side::Human);
    let moves = ["C1", "E1", "C2", "A3", "C3", "E3", "C4", "E4", "C5", "E5"];
    play_all(&mut m, &moves.map(|p| pt(p, 5)));
    assert!(!m.needs_ownership());
    m.apply(Action::Pass).unwrap();
    m.apply(Action::Pass).unwrap();
    assert!(m.needs_ownership());
    let none_dead = DeadStones::new();
    let stale = m.epoch() - 1;
    assert_eq!(
        m.apply(Action::RefineDead {
            epoch: stale,
            dead: none_dead.clone()
        }),
        Err(Refusal::Stale)
    );
    let epoch = m.epoch();
    m.apply(Action::RefineDead {
        epoch,
        dead: none_dead.clone(),
    })
    .unwrap();
    assert_eq!(m.dead_stones(), Some(&none_dead));
    assert!(!m.needs_ownership());
    // A person's mark wins over a late estimate.
    m.apply(Action::ToggleDead(pt("A3", 5))).unwrap();
    let epoch = m.epoch();
    let late = Action::RefineDead {
        epoch,
        dead: DeadStones::new(),
    };
    assert_eq!(m.apply(late), Err(Refusal::Stale));
    assert!(m.dead_stones().unwrap().contains("A3".parse().unwrap()));
}
