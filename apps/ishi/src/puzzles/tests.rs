use super::*;
use ishi_puzzles::go;
use ishi_puzzles::othello::{self, Puzzle, Theme};
use ishi_rules::Game;
use ishi_rules::othello::{Move, Othello, Square};

fn library() -> Library<Puzzle> {
    Library::read(Puzzle::LIBRARY).expect("the shipped library reads")
}

fn go_library() -> Library<go::Puzzle> {
    Library::read(go::Puzzle::LIBRARY).expect("the shipped Go library reads")
}

/// A square with a disc on it.
fn occupied(position: &Othello) -> Square {
    (0..8)
        .flat_map(|r| (0..8).map(move |c| Square::from_coords(c, r).unwrap()))
        .find(|&s| position.disc_at(s).is_some())
        .unwrap()
}

/// A wrong move of `puzzle`: the second best.
fn wrong(puzzle: &Puzzle) -> Square {
    puzzle.values[1].0
}

#[test]
fn values_are_written_as_on_the_board() {
    assert_eq!(margin_text(6), "+6");
    assert_eq!(margin_text(-2), "-2");
    assert_eq!(margin_text(0), "0");
}

#[test]
fn the_shipped_library_reads_whole() {
    let library = library();
    assert_eq!(library.len(), 3200);
    assert!(!library.is_empty());
}

#[test]
fn a_rated_pick_is_near_the_rating_and_not_one_seen_lately() {
    let library = library();
    let mut progress = Progress::default();
    let mut ratings = Vec::new();
    for _ in 0..40 {
        let index = library.choose(Mode::Rated, &progress, 0, 20_000).unwrap();
        let puzzle = library.get(index).unwrap();
        assert!(
            !progress.seen.contains(&puzzle.id()),
            "puzzle {index} came twice"
        );
        ratings.push(puzzle.rating);
        progress.file(puzzle, Mode::Rated, 20_000, true);
    }
    // Solving everything, the player's rating climbs, and the puzzles with it.
    assert!(
        progress.rating().rating() > 1700.0,
        "{:?}",
        progress.rating()
    );
    assert!(ratings.last() > ratings.first(), "{ratings:?}");
}

#[test]
fn the_daily_puzzle_is_the_days_and_rated_once() {
    let library = library();
    let mut progress = Progress::default();
    let today = library.choose(Mode::Daily, &progress, 0, 20_000);
    assert_ne!(today, library.choose(Mode::Daily, &progress, 0, 20_001));
    let puzzle = library.get(today.unwrap()).unwrap();
    assert!(progress.rates(Mode::Daily, 20_000));
    progress.file(library.get(7).unwrap(), Mode::Rated, 20_000, true);
    // The day's puzzle whatever was tried before.
    assert_eq!(today, library.choose(Mode::Daily, &progress, 0, 20_000));
    assert!(progress.file(puzzle, Mode::Daily, 20_000, false).is_some());
    assert_eq!(progress.daily(20_000), Some(false));
    assert_eq!(progress.daily(20_001), None);
    // Solved on a second try: no change, and the day stays failed.
    assert_eq!(progress.file(puzzle, Mode::Daily, 20_000, true), None);
    assert_eq!(progress.daily(20_000), Some(false));
    assert_eq!(progress.record(), (1, 2));
}

#[test]
fn a_streak_climbs_is_unrated_and_keeps_its_best() {
    let library = library();
    let mut progress = Progress::default();
    let easy = library.choose(Mode::Streak, &progress, 0, 0).unwrap();
    let hard = library.choose(Mode::Streak, &progress, 20, 0).unwrap();
    assert!(library.get(easy).unwrap().rating < library.get(hard).unwrap().rating);
    let before = progress.rating();
    assert_eq!(
        progress.file(library.get(easy).unwrap(), Mode::Streak, 0, true),
        None
    );
    assert_eq!(progress.rating(), before);
    progress.end_streak(4);
    progress.end_streak(2);
    assert_eq!(progress.best_streak(), 4);
}

#[test]
fn a_rating_moves_both_ways() {
    let library = library();
    let puzzle = library.get(0).unwrap();
    let mut progress = Progress::default();
    let up = progress.file(puzzle, Mode::Rated, 0, true).unwrap();
    let down = progress.file(puzzle, Mode::Rated, 0, false).unwrap();
    assert!(up > 0 && down < 0, "{up} {down}");
    assert_eq!(progress.record(), (1, 2));
}

#[test]
fn progress_is_written_and_read_back() {
    let library = library();
    let mut progress = Progress::default();
    for index in 0..5 {
        progress.file(library.get(index).unwrap(), Mode::Rated, 7, index % 2 == 0);
    }
    progress.file(library.get(9).unwrap(), Mode::Daily, 7, true);
    progress.end_streak(3);
    let mut go = Progress::default();
    go.file(go_library().get(3).unwrap(), Mode::Rated, 7, true);
    let all = AllProgress {
        othello: progress,
        go,
    };
    let read = AllProgress::read(&all.write()).unwrap();
    // The rating's numbers go through JSON's decimal form: equal to the last bit.
    assert_eq!(read, all);
    assert_ne!(read.of(PuzzleGame::Go), read.of(PuzzleGame::Othello));
}

#[test]
fn damaged_progress_says_why() {
    assert!(matches!(
        AllProgress::read("{\"version\": 1, \"othello\": 3"),
        Err(ProgressError::Damaged(_))
    ));
    assert!(matches!(
        AllProgress::read("[]"),
        Err(ProgressError::Damaged(_))
    ));
    assert_eq!(
        AllProgress::read("{\"version\": 2}"),
        Err(ProgressError::Version(2))
    );
    let bad = AllProgress::default()
        .write()
        .replace("\"deviation\":350.0", "\"deviation\":-5.0");
    assert!(bad.contains("-5.0"), "{bad}");
    assert!(matches!(
        AllProgress::read(&bad),
        Err(ProgressError::Rating(_))
    ));
    assert!(!ProgressError::Version(2).to_string().is_empty());
}

#[test]
fn the_answer_solves_and_its_line_steps_through() {
    let library = library();
    let puzzle = library.get(0).unwrap();
    let mut session = Session::new(0, puzzle);
    assert!(session.awaits_move());
    let mut filed = None;
    let verdict = session
        .play(puzzle, puzzle.answer(), |solved| {
            filed = Some(solved);
            Some(12)
        })
        .unwrap();
    assert_eq!(filed, Some(true));
    assert!(verdict.solved);
    assert_eq!(verdict.value, Some(puzzle.values[0].1));
    assert_eq!(verdict.change, Some(12));
    assert_eq!(session.last_move(), Some(puzzle.answer()));
    assert!(!session.awaits_move());
    assert_eq!(session.awaits_reply(), None);
    // Along the line to its end, and back to the puzzle's position, where the values show.
    let (_, count) = session.place();
    assert!(count > puzzle.line.len(), "{count}");
    for _ in 0..count {
        session.step(true);
    }
    assert_eq!(session.place().0, count - 1);
    let end = replay_end(puzzle);
    assert_eq!(discs(session.position()), discs(&end));
    for _ in 0..count {
        session.step(false);
    }
    assert!(session.at_start_after_verdict());
    // No second verdict.
    assert_eq!(session.play(puzzle, puzzle.answer(), |_| Some(1)), None);
}

/// The discs of `position`, square by square (a forced pass at the end of a line leaves
/// them as they were).
fn discs(position: &Othello) -> Vec<Option<ishi_rules::Player>> {
    (0..8)
        .flat_map(|r| (0..8).map(move |c| Square::from_coords(c, r).unwrap()))
        .map(|s| position.disc_at(s))
        .collect()
}

fn replay_end(puzzle: &Puzzle) -> Othello {
    *othello::replay(&puzzle.position, &puzzle.line)
        .unwrap()
        .last()
        .unwrap()
}

#[test]
fn a_wrong_move_waits_for_the_refutation_then_tries_again() {
    let library = library();
    let puzzle = library.get(3).unwrap();
    let mut session = Session::new(3, puzzle);
    let miss = wrong(puzzle);
    let verdict = session.play(puzzle, miss, |_| Some(-9)).unwrap();
    assert!(!verdict.solved);
    assert_eq!(verdict.value, puzzle.value(miss));
    let after = session.awaits_reply().expect("the other side answers");
    assert_ne!(after.turn(), puzzle.position.turn());
    // An illegal answer is ignored; a legal one is the refutation.
    let before = session.clone();
    session.reply(occupied(&after));
    assert_eq!(session, before);
    let reply = after
        .legal_moves()
        .into_iter()
        .find_map(|m| match m {
            Move::Place(s) => Some(s),
            Move::Pass => None,
        })
        .unwrap();
    assert_eq!(session.refutation(), None);
    session.reply(reply);
    assert_eq!(session.refutation(), Some(reply));
    assert_eq!(session.awaits_reply(), None);
    assert_eq!(session.last_move(), Some(reply));
    // Another try: not judged again, and the answer is told right.
    session.retry();
    assert!(session.awaits_move() && session.retrying());
    session
        .play(puzzle, puzzle.answer(), |_| {
            panic!("a second try is not filed")
        })
        .unwrap();
    assert_eq!(session.retry_right(), Some(true));
    assert_eq!(session.verdict(), Some(verdict));
    // The solution from there.
    session.solution(puzzle);
    assert!(session.at_start_after_verdict());
    assert_eq!(session.refutation(), None);
}

#[test]
fn an_illegal_move_is_refused_and_changes_nothing() {
    let library = library();
    let puzzle = library.get(0).unwrap();
    let mut session = Session::new(0, puzzle);
    let before = session.clone();
    assert_eq!(
        session.play(puzzle, occupied(&puzzle.position), |_| Some(0)),
        None
    );
    assert_eq!(session, before);
}

#[test]
fn forced_passes_in_a_line_are_played() {
    let library = library();
    let index = (0..library.len())
        .find(|&i| library.get(i).unwrap().themes.contains(&Theme::Pass))
        .expect("a puzzle with a pass");
    let puzzle = library.get(index).unwrap();
    let mut session = Session::new(index, puzzle);
    session.play(puzzle, puzzle.answer(), |_| None).unwrap();
    assert!(session.moves().contains(&None));
    // Stepping never stops on a pass's position but at the ends.
    let (_, count) = session.place();
    for _ in 0..count {
        session.step(true);
        let (shown, _) = session.place();
        assert!(shown == count - 1 || session.moves()[shown - 1].is_some());
    }
    assert_eq!(discs(session.position()), discs(&replay_end(puzzle)));
}

#[test]
fn a_save_from_before_go_had_puzzles_reads_as_a_new_go_player() {
    let mut othello = Progress::default();
    othello.file(library().get(1).unwrap(), Mode::Rated, 7, true);
    let old = format!(
        "{{\"version\":1,\"othello\":{}}}",
        serde_json::to_string(&othello.to_saved()).unwrap()
    );
    let read = AllProgress::read(&old).unwrap();
    assert_eq!(read.othello, othello);
    assert_eq!(read.go, Progress::default());
}

#[test]
fn the_shipped_go_library_reads_whole() {
    let library = go_library();
    assert_eq!(library.len(), 1186);
    // Near a new player's rating, and each day's different.
    let progress = Progress::default();
    let first = library.choose(Mode::Rated, &progress, 0, 20_000).unwrap();
    assert!(library.get(first).unwrap().rating.abs_diff(1500) < 400);
    assert_ne!(
        library.choose(Mode::Daily, &progress, 0, 20_000),
        library.choose(Mode::Daily, &progress, 0, 20_001)
    );
}

#[test]
fn a_go_answer_solves_and_plays_the_line() {
    let library = go_library();
    let puzzle = library.get(0).unwrap();
    let mut session = Session::new(0, puzzle);
    let verdict = session.play(puzzle, puzzle.answer(), |_| Some(7)).unwrap();
    assert!(verdict.solved);
    assert_eq!(verdict.value, Some(puzzle.values[0].1));
    assert_eq!(session.place(), (1, puzzle.line.len() + 1));
    assert_eq!(session.last_move(), Some(puzzle.answer()));
    assert_eq!(session.awaits_reply(), None);
    for _ in 0..puzzle.line.len() {
        session.step(true);
    }
    let end = go::replay(puzzle.game.position(), &puzzle.line).unwrap();
    assert_eq!(session.position(), &GoPosition(end.last().unwrap().clone()));
}

#[test]
fn a_go_move_off_the_list_is_wrong_without_a_value_and_waits_for_the_answer() {
    let library = go_library();
    let puzzle = library.get(0).unwrap();
    let start = puzzle.game.position();
    let listed: Vec<_> = Kind::values(puzzle).into_iter().map(|(p, _)| p).collect();
    let other = start
        .empty_points()
        .find(|p| !listed.contains(p) && start.play(ishi_rules::go::Move::Place(*p)).is_ok())
        .expect("a legal move off the list");
    let mut session = Session::new(0, puzzle);
    let verdict = session.play(puzzle, other, |solved| {
        assert!(!solved);
        Some(-20)
    });
    assert_eq!(
        verdict,
        Some(Verdict {
            played: other,
            value: None,
            solved: false,
            change: Some(-20)
        })
    );
    let after = session.awaits_reply().expect("the other side answers");
    assert_ne!(after.0.turn(), start.turn());
    // A stone on a stone is no answer; a legal one is the refutation.
    let before = session.clone();
    session.reply(other);
    assert_eq!(session, before);
    let reply = after.0.empty_points().next().unwrap();
    session.reply(reply);
    assert_eq!(session.refutation(), Some(reply));
    // An occupied point is no move.
    let mut fresh = Session::new(0, puzzle);
    let stone = start
        .points()
        .find(|&p| start.stone_at(p).is_some())
        .unwrap();
    assert_eq!(fresh.play(puzzle, stone, |_| Some(0)), None);
    assert_eq!(fresh, Session::new(0, puzzle));
}

#[test]
fn go_values_are_written_in_points() {
    assert_eq!(points_text(124), "+12.4");
    assert_eq!(points_text(-5), "-0.5");
    assert_eq!(points_text(0), "0.0");
}
