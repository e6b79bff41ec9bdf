use super::*;
use ishi_ai::go::GoLevel;
use ishi_ai::othello::OthelloLevel;
use ishi_rules::ByColor;
use ishi_rules::go::GoRules;
use ishi_rules::othello::Shape;
use ishi_scoring::WinBy;

/// The computer in the Othello tests (it never thinks here: the tests answer for it).
const OTHELLO_COMPUTER: OthelloLevel = OthelloLevel::Random;
/// The computer in the Go tests.
const GO_COMPUTER: GoLevel = GoLevel::Random;

fn othello(black: Side<OthelloLevel>, white: Side<OthelloLevel>) -> Match {
    Match::new(MatchConfig::Othello(OthelloConfig {
        start: OthelloStart::Shape(Shape::STANDARD),
        sides: ByColor::new(black, white),
    }))
    .unwrap()
}

fn go(size: usize, black: Side<GoLevel>, white: Side<GoLevel>) -> Match {
    Match::new(MatchConfig::Go(GoConfig {
        size,
        rules: GoRules::JAPANESE,
        handicap: 0,
        sides: ByColor::new(black, white),
    }))
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
    let mut m = othello(Side::Human, Side::Computer(OTHELLO_COMPUTER));
    m.apply(Action::Play(sq("f5"))).unwrap();
    assert_eq!(m.computer_to_move(), Some(OTHELLO_COMPUTER.into()));
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
    assert_eq!(
        m.dead_stones(),
        Some(&DeadStones::new()),
        "the count starts with no stone marked: the computer's guess comes after"
    );
    let a3 = pt("A3", 5);
    m.apply(Action::ToggleDead(a3)).unwrap();
    assert!(m.dead_stones().unwrap().contains(go_point(a3, 5).unwrap()));
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
    let mut m = go(9, Side::Computer(GO_COMPUTER), Side::Human);
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

#[test]
fn an_ownership_guess_refines_the_count_until_a_person_marks_stones() {
    let mut m = go(5, Side::Human, Side::Human);
    let moves = ["C1", "E1", "C2", "A3", "C3", "E3", "C4", "E4", "C5", "E5"];
    play_all(&mut m, &moves.map(|p| pt(p, 5)));
    assert!(!m.needs_ownership());
    m.apply(Action::Pass).unwrap();
    m.apply(Action::Pass).unwrap();
    assert!(m.needs_ownership());
    assert_eq!(
        m.dead_stones(),
        Some(&DeadStones::new()),
        "none before the guess"
    );
    let go_now = m.position().go().unwrap().clone();
    let a3_dead = DeadStones::from_points(&go_now, ["A3".parse().unwrap()]);
    let stale = m.epoch() - 1;
    assert_eq!(
        m.apply(Action::RefineDead {
            epoch: stale,
            dead: a3_dead.clone(),
            ownership: None,
        }),
        Err(Refusal::Stale)
    );
    let epoch = m.epoch();
    m.apply(Action::RefineDead {
        epoch,
        dead: a3_dead.clone(),
        ownership: None,
    })
    .unwrap();
    assert_eq!(m.dead_stones(), Some(&a3_dead));
    assert!(!m.needs_ownership());
    // A person's mark wins over a late estimate.
    m.apply(Action::ToggleDead(pt("A3", 5))).unwrap();
    assert!(!m.dead_stones().unwrap().contains("A3".parse().unwrap()));
    let epoch = m.epoch();
    let late = Action::RefineDead {
        epoch,
        dead: a3_dead,
        ownership: None,
    };
    assert_eq!(m.apply(late), Err(Refusal::Stale));
    assert!(!m.dead_stones().unwrap().contains("A3".parse().unwrap()));
}

#[test]
fn move_names_are_read_in_the_position_s_own_coordinates() {
    let m = othello(Side::Human, Side::Human);
    assert_eq!(m.position().parse_move("f5"), Ok(Move::Place(sq("f5"))));
    assert_eq!(m.position().parse_move("pass"), Ok(Move::Pass));
    assert_eq!(
        m.position().parse_move("z9"),
        Err(MoveNameError::Malformed("z9".to_owned()))
    );
    assert_eq!(m.position().move_name(Move::Place(sq("f5"))), "f5");
    let m = go(9, Side::Human, Side::Human);
    assert_eq!(m.position().parse_move("D4"), Ok(Move::Place(pt("D4", 9))));
    assert_eq!(
        m.position().parse_move("K10"),
        Err(MoveNameError::OffBoard("K10".to_owned()))
    );
    assert_eq!(m.position().move_name(Move::Place(pt("J9", 9))), "J9");
    assert_eq!(m.position().move_name(Move::Pass), "pass");
}

#[test]
fn a_go_board_the_rules_refuse_is_a_setup_error() {
    let config = MatchConfig::Go(GoConfig {
        size: 25,
        rules: GoRules::JAPANESE,
        handicap: 0,
        sides: humans(),
    });
    assert_eq!(
        Match::new(config).unwrap_err(),
        SetupError::Go(ishi_rules::go::SetupError::Size(25))
    );
    let config = MatchConfig::Go(GoConfig {
        size: 7,
        rules: GoRules::JAPANESE,
        handicap: 9,
        sides: humans(),
    });
    assert!(matches!(Match::new(config), Err(SetupError::Handicap(_))));
}

/// The names of the moves of line `line`, forced passes left out.
fn line_moves(m: &Match, line: usize) -> Vec<String> {
    let snapshots = m.snapshots_of(line).unwrap();
    snapshots
        .iter()
        .enumerate()
        .skip(1)
        .filter_map(|(i, s)| {
            let p = s.played.as_ref().filter(|p| !p.forced)?;
            Some(snapshots[i - 1].position.move_name(p.mv))
        })
        .collect()
}

fn explore(m: &mut Match, name: &str) {
    let mv = m.position().parse_move(name).unwrap();
    m.apply(Action::Explore(mv)).unwrap();
}

#[test]
fn exploring_in_review_makes_variations_and_leaves_the_game_alone() {
    let mut m = othello(Side::Human, Side::Computer(OTHELLO_COMPUTER));
    for name in ["f5", "d6", "c3", "d3", "c4"] {
        let mv = m.position().parse_move(name).unwrap();
        m.force_play(mv).unwrap();
    }
    let game = line_moves(&m, 0);
    m.apply(Action::GoTo(2)).unwrap();
    // The game's own next move just steps on, for either side.
    explore(&mut m, "c3");
    assert_eq!((m.line_on(), m.cursor()), (0, 3));
    m.apply(Action::GoTo(2)).unwrap();
    // Another move is a variation, whoever's turn it is (here the computer's side).
    explore(&mut m, "c5");
    assert_eq!((m.line_count(), m.line_on(), m.cursor()), (2, 1, 3));
    explore(&mut m, "f4");
    assert_eq!(line_moves(&m, 1), ["f5", "d6", "c5", "f4"]);
    assert_eq!(line_moves(&m, 0), game);
    assert_eq!(m.leaves_game_at(), Some(2));
    assert_eq!(m.parent_of(1), Some((0, 2)));
    // The same move again from the game goes to that variation rather than making another.
    m.apply(Action::ToLine { line: 0, index: 2 }).unwrap();
    assert_eq!(m.branches(), [Branch { line: 1, from: 2 }]);
    explore(&mut m, "c5");
    assert_eq!((m.line_count(), m.line_on(), m.cursor()), (2, 1, 3));
    // A variation of the variation, then deleting the first deletes both, and the game
    // comes back on screen where the variation left it.
    explore(&mut m, "f6");
    assert_eq!((m.line_count(), m.line_on()), (3, 2));
    assert_eq!(m.parent_of(2), Some((1, 3)));
    m.apply(Action::ToLine { line: 1, index: 3 }).unwrap();
    // From the variation, the game is a branch too.
    assert_eq!(
        m.branches(),
        [Branch { line: 0, from: 2 }, Branch { line: 2, from: 3 }]
    );
    m.apply(Action::ToLine { line: 2, index: 4 }).unwrap();
    m.delete_line(1).unwrap();
    assert_eq!((m.line_count(), m.line_on(), m.cursor()), (1, 0, 2));
    assert_eq!(line_moves(&m, 0), game);
    assert_eq!(m.delete_line(0), Err(Refusal::NothingThere));
}

#[test]
fn exploring_refuses_illegal_moves_and_makes_no_empty_variation() {
    let mut m = othello(Side::Human, Side::Human);
    play_all(&mut m, &[sq("f5"), sq("d6")]);
    m.apply(Action::GoTo(1)).unwrap();
    let before = m.clone();
    assert!(matches!(
        m.apply(Action::Explore(Move::Place(sq("a1")))),
        Err(Refusal::Illegal(_))
    ));
    assert_eq!(m, before);
    assert_eq!(
        m.apply(Action::ToLine { line: 3, index: 0 }),
        Err(Refusal::NothingThere)
    );
    assert_eq!(
        m.apply(Action::ToLine { line: 0, index: 9 }),
        Err(Refusal::NothingThere)
    );
}

#[test]
fn a_move_that_cuts_the_game_deletes_the_variations_of_what_was_cut() {
    let mut m = othello(Side::Human, Side::Human);
    play_all(&mut m, &[sq("f5"), sq("d6"), sq("c3"), sq("d3")]);
    // One variation leaves at move 1 (kept), one at move 3 (cut below).
    m.apply(Action::GoTo(1)).unwrap();
    explore(&mut m, "f6");
    m.apply(Action::ToLine { line: 0, index: 3 }).unwrap();
    explore(&mut m, "f4");
    assert_eq!(m.line_count(), 3);
    m.apply(Action::ToLine { line: 0, index: 4 }).unwrap();
    m.apply(Action::Undo).unwrap();
    m.apply(Action::Undo).unwrap();
    assert_eq!(m.cursor(), 2);
    m.apply(Action::Play(sq("c5"))).unwrap();
    assert_eq!(m.line_count(), 2);
    assert_eq!(line_moves(&m, 1), ["f5", "f6"]);
}

#[test]
fn an_analysis_filed_on_one_line_reaches_the_lines_that_share_its_move() {
    let mut m = othello(Side::Human, Side::Human);
    play_all(&mut m, &[sq("f5"), sq("d6"), sq("c3")]);
    m.apply(Action::GoTo(2)).unwrap();
    explore(&mut m, "c5");
    m.apply(Action::ToLine { line: 0, index: 0 }).unwrap();
    let annotation = |m: &Match, index: usize, next: &str| Annotation {
        key: m.history()[index].position.fingerprint(),
        worth: ishi_analysis::Worth::Discs {
            margin: 0.0,
            exact: false,
        },
        unit: ValueUnit::Discs,
        best: None,
        next: Some(m.history()[index].position.parse_move(next).unwrap()),
        played: None,
        deep: false,
    };
    let first = annotation(&m, 0, "f5");
    m.apply(Action::Annotate {
        index: 0,
        annotation: first.clone(),
    })
    .unwrap();
    let third = annotation(&m, 2, "c3");
    m.apply(Action::Annotate {
        index: 2,
        annotation: third,
    })
    .unwrap();
    // The variation shares f5 from the start (filed there too), not c3 from move 2.
    assert_eq!(m.annotation_of(1, 0), Some(&first));
    assert_eq!(m.annotation_of(1, 2), None);
}

#[test]
fn a_match_keeps_at_most_its_bound_of_variations() {
    let mut m = go(9, Side::Human, Side::Human);
    play_all(&mut m, &[pt("E5", 9), pt("C3", 9), pt("G7", 9)]);
    let game = line_moves(&m, 0);
    let mut refused = None;
    'all: for index in 0..3 {
        m.apply(Action::ToLine { line: 0, index }).unwrap();
        for cell in m.position().legal_cells() {
            m.apply(Action::ToLine { line: 0, index }).unwrap();
            match m.apply(Action::Explore(Move::Place(cell))) {
                Ok(()) => {}
                Err(refusal) => {
                    refused = Some(refusal);
                    break 'all;
                }
            }
        }
    }
    assert_eq!(refused, Some(Refusal::TooManyVariations));
    assert_eq!(m.line_count(), MAX_VARIATIONS + 1);
    assert_eq!(line_moves(&m, 0), game);
    // A variation still grows at its end, and the game's own moves still step along.
    m.apply(Action::ToLine { line: 5, index: 1 }).unwrap();
    let next = m.position().legal_cells()[0];
    m.apply(Action::Explore(Move::Place(next))).unwrap();
    assert_eq!(m.line_count(), MAX_VARIATIONS + 1);
}
