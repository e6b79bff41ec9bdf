use ishi_ai::go::GoLevel;
use ishi_ai::othello::OthelloLevel;
use ishi_ai::{AnyLevel, Stop};
use ishi_analysis::Worth;
use ishi_rules::any::{self, CellMove, Position};
use ishi_rules::go::{Go, GoRules, Komi};
use ishi_rules::othello::{Othello, notation};
use ishi_rules::{Game, IllegalReason, Player};

use super::*;

/// A Go move by its GTP name on 9x9.
fn go_move(name: &str) -> CellMove {
    any::from_go(name.parse().expect("a move name"), 9)
}

fn go_line(moves: &[&str]) -> GameLine {
    let start = Go::new(9, GoRules::CHINESE.with_komi(Komi::from_half_points(15))).unwrap();
    GameLine::new(
        &Position::Go(Box::new(start)),
        moves.iter().map(|m| go_move(m)),
    )
}

fn othello_line(board: &str) -> GameLine {
    let position = notation::parse_board(board).expect("a board string");
    GameLine::new(&Position::Othello(position), [])
}

const START: &str = "---------------------------OX------XO--------------------------- X";

/// The answer of `task` on `game` from a worker with the native build's models.
fn ask(game: GameLine, task: Task) -> Result<Answer, WorkerError> {
    let request = Request {
        epoch: 4,
        seed: 9,
        game,
        task,
    };
    let reply = Worker::with_embedded_models().think(&request, &Stop::new());
    assert_eq!(reply.epoch, 4);
    reply.answer
}

fn analysed(answer: Result<Answer, WorkerError>) -> Analysed {
    match answer {
        Ok(Answer::Hints(analysed) | Answer::Analysis(analysed)) => analysed,
        other => panic!("not an analysis: {other:?}"),
    }
}

#[test]
fn a_line_gives_its_last_positions_oldest_first() {
    let line = go_line(&["E5", "pass", "D5"]);
    let recent = line.recent(2).unwrap();
    let stones = |p: &Position| {
        let go = p.go().unwrap();
        go.points().filter(|&q| go.stone_at(q).is_some()).count()
    };
    // After E5, after the pass, after D5: the start is too far back.
    assert_eq!(recent.iter().map(stones).collect::<Vec<_>>(), [1, 1, 2]);
    let moves = |positions: &[Position]| -> Vec<u32> {
        positions
            .iter()
            .map(|p| p.go().unwrap().move_number())
            .collect()
    };
    assert_eq!(moves(&recent), [1, 2, 3]);
    assert_eq!(moves(&line.recent(9).unwrap()), [0, 1, 2, 3]);
    assert_eq!(moves(&line.recent(0).unwrap()), [3]);
    assert!(go_line(&["E5", "E5"]).recent(3).is_err());
}

#[test]
fn go_lines_replay_their_moves() {
    let go = go_line(&["E5", "pass", "D5"]).position().unwrap();
    let go = go.go().unwrap();
    assert_eq!(go.stone_at("D5".parse().unwrap()), Some(Player::Black));
    assert_eq!(go.turn(), Player::White);
    assert_eq!(
        go_line(&["E5", "E5"]).position(),
        Err(WorkerError::IllegalMove {
            index: 1,
            reason: IllegalReason::Occupied
        })
    );
}

#[test]
fn ownership_marks_the_stones_of_a_settled_board() {
    let Ok(Answer::Ownership(found)) =
        ask(go_line(&["E5", "pass"]), Task::Ownership { playouts: 50 })
    else {
        panic!("an ownership");
    };
    assert_eq!(found.ownership.len(), 81);
    assert!(found.ownership.iter().all(|o| (-1.0..=1.0).contains(o)));
    // E5 is Black's stone: Black owns it in most playouts.
    assert!(
        found.ownership[4 * 9 + 4] > 0.5,
        "{}",
        found.ownership[4 * 9 + 4]
    );
    assert_eq!(found.dead, vec![], "a lone living stone is not dead");
}

#[test]
fn ownership_gives_the_counts_dead_stones() {
    // A White stone in Black's corner, which Black walls in; White walls in the right side.
    let moves = [
        "A4", "G1", "B4", "G2", "C4", "G3", "D4", "G4", "D3", "G5", "D2", "G6", "D1", "G7", "pass",
        "G8", "pass", "G9", "pass", "B2", "pass", "pass",
    ];
    let game = go_line(&moves);
    let request = Request {
        epoch: 3,
        seed: 7,
        game: game.clone(),
        task: Task::Ownership { playouts: 400 },
    };
    let reply = Worker::new().think(&request, &Stop::new());
    let Ok(Answer::Ownership(found)) = reply.answer else {
        panic!("an ownership: {:?}", reply.answer);
    };
    let go = game.position().unwrap();
    let go = go.go().unwrap();
    let expected = ishi_scoring::guess_dead_stones_with(go, &found.ownership).unwrap();
    let cells: Vec<_> = expected.iter().map(|p| any::go_cell(p, 9)).collect();
    assert_eq!(found.dead, cells);
    assert_eq!(found.dead, vec![any::go_cell("B2".parse().unwrap(), 9)]);
}

#[test]
fn with_the_network_the_counts_guess_is_its_ownership_heads() {
    // The position of `ownership_gives_the_counts_dead_stones`, asked of a worker that has
    // the network: its ownership head, averaged over the symmetries, without playouts.
    let moves = [
        "A4", "G1", "B4", "G2", "C4", "G3", "D4", "G4", "D3", "G5", "D2", "G6", "D1", "G7", "pass",
        "G8", "pass", "G9", "pass", "B2", "pass", "pass",
    ];
    let Ok(Answer::Ownership(found)) = ask(go_line(&moves), Task::Ownership { playouts: 1 }) else {
        panic!("an ownership");
    };
    assert_eq!(found.dead, vec![any::go_cell("B2".parse().unwrap(), 9)]);
    let at = |name: &str| {
        let p: ishi_rules::go::Point = name.parse().unwrap();
        found.ownership[usize::from(p.row()) * 9 + usize::from(p.col())]
    };
    // Black's corner (B2's point included) and wall, White's side and wall, each clearly
    // one side's (a single playout would give every point +1 or -1, right or wrong).
    for name in ["A1", "B2", "C3", "A4", "D1"] {
        assert!(at(name) > 0.6, "{name}: {}", at(name));
    }
    for name in ["G5", "H9", "J1", "H5"] {
        assert!(at(name) < -0.6, "{name}: {}", at(name));
    }
}

#[test]
fn a_task_of_the_other_game_gets_an_error_not_a_panic() {
    for (game, task) in [
        (
            go_line(&[]),
            Task::Move {
                level: AnyLevel::from(OthelloLevel::Random),
            },
        ),
        (
            othello_line(START),
            Task::Move {
                level: AnyLevel::from(GoLevel::Mcts100),
            },
        ),
        (othello_line(START), Task::Ownership { playouts: 10 }),
        (
            othello_line(START),
            Task::Hints {
                budget: HintBudget::Playouts(10),
            },
        ),
        (
            go_line(&[]),
            Task::Hints {
                budget: HintBudget::Depth(3),
            },
        ),
    ] {
        assert_eq!(
            ask(game, task.clone()),
            Err(WorkerError::WrongGame),
            "{task:?}"
        );
    }
}

#[test]
fn a_finished_game_has_no_move() {
    let answer = ask(
        go_line(&["pass", "pass"]),
        Task::Move {
            level: GoLevel::Mcts100.into(),
        },
    );
    assert_eq!(answer, Err(WorkerError::GameOver));
}

#[test]
fn every_level_answers_a_legal_move() {
    let levels: Vec<(GameLine, AnyLevel)> = ishi_ai::go::levels()
        .iter()
        .take(2)
        .map(|level| (go_line(&["E5"]), level.id.into()))
        .chain(
            ishi_ai::othello::levels()
                .iter()
                .take(4)
                .map(|level| (othello_line(START), level.id.into())),
        )
        .collect();
    for (game, level) in levels {
        let position = game.position().unwrap();
        let Ok(Answer::Move(played)) = ask(game, Task::Move { level }) else {
            panic!("{level} made no move");
        };
        assert_eq!(
            position.check(played.mv),
            Ok(()),
            "{level} played {:?}",
            played.mv
        );
    }
}

#[test]
fn a_model_is_needed_before_it_arrives_and_a_bad_one_changes_nothing() {
    let mut worker = Worker::new();
    let request = Request {
        epoch: 1,
        seed: 1,
        game: othello_line(START),
        task: Task::Move {
            level: OthelloLevel::Club.into(),
        },
    };
    let missing = Err(WorkerError::ModelMissing(Model::OthelloWeights));
    assert_eq!(worker.think(&request, &Stop::new()).answer, missing);
    assert!(matches!(
        worker.load(Model::OthelloWeights, b"ISHW"),
        Err(LoadError::OthelloWeights(_))
    ));
    assert!(!worker.has(Model::OthelloWeights));
    assert_eq!(worker.think(&request, &Stop::new()).answer, missing);
    let file = include_bytes!("../../ishi-ai/src/othello/weights.bin");
    assert_eq!(worker.load(Model::OthelloWeights, file), Ok(()));
    assert!(worker.has(Model::OthelloWeights));
    assert!(matches!(
        worker.think(&request, &Stop::new()).answer,
        Ok(Answer::Move(_))
    ));
    // Go plays before its move model arrives; a damaged one is refused.
    let go = Request {
        game: go_line(&[]),
        task: Task::Move {
            level: GoLevel::Mcts100.into(),
        },
        ..request
    };
    assert!(matches!(
        worker.think(&go, &Stop::new()).answer,
        Ok(Answer::Move(_))
    ));
    assert!(matches!(
        worker.load(Model::GoMoves, b"ISHG\x01\xff"),
        Err(LoadError::GoMoves(_))
    ));
    assert!(!worker.has(Model::GoMoves));
    // A network level plays as its Monte Carlo fallback until the network arrives, then
    // with the network: its policy's move, one evaluation.
    let net = Request {
        task: Task::Move {
            level: GoLevel::NetPolicy.into(),
        },
        ..go
    };
    let played = |worker: &mut Worker| match worker.think(&net, &Stop::new()).answer {
        Ok(Answer::Move(played)) => played,
        other => panic!("no move: {other:?}"),
    };
    assert!(played(&mut worker).nodes > 1);
    assert!(matches!(
        worker.load(Model::GoNetwork, b"ISHN"),
        Err(LoadError::GoNetwork(_))
    ));
    assert!(!worker.has(Model::GoNetwork));
    assert_eq!(worker.load(Model::GoNetwork, ishi_nn::G170_B6C96), Ok(()));
    assert!(worker.has(Model::GoNetwork));
    assert_eq!(played(&mut worker).nodes, 1);
}

#[test]
fn othello_hints_value_every_legal_move() {
    let hints = analysed(ask(
        othello_line(START),
        Task::Hints {
            budget: HintBudget::Depth(4),
        },
    ));
    assert_eq!(hints.candidates.len(), 4);
    // The four first moves are one move seen four ways: valued alike.
    let first = hints.candidates[0].value;
    assert!(hints.candidates.iter().all(|c| c.value == first));
    // FFO #1: g8 wins by 18, exactly.
    let ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";
    let hints = analysed(ask(
        othello_line(ffo1),
        Task::Hints {
            budget: HintBudget::Exact,
        },
    ));
    let best = &hints.candidates[0];
    let g8 = any::from_othello(ishi_rules::Move::Place("g8".parse().unwrap()));
    assert_eq!((best.mv, best.value, best.exact), (g8, 18.0, true));
}

#[test]
fn go_hints_and_analysis_give_candidates_and_ownership() {
    let hints = analysed(ask(
        go_line(&["E5"]),
        Task::Hints {
            budget: HintBudget::Playouts(300),
        },
    ));
    assert!(!hints.candidates.is_empty());
    assert!(hints.candidates.iter().all(|c| c.visits > 0));
    assert_eq!(hints.ownership.map(|o| o.len()), Some(81));
    let analysis = analysed(ask(
        go_line(&["E5"]),
        Task::Analyse {
            played: Some(go_move("A1")),
            deep: false,
        },
    ));
    assert!(analysis.candidates.iter().any(|c| c.mv == go_move("A1")));
    assert!(matches!(analysis.worth, Worth::Go { .. }));
}

#[test]
fn go_analysis_is_the_network_s_in_points_once_it_has_arrived() {
    let line = || go_line(&["E5", "D5"]);
    let analyse = Task::Analyse {
        played: Some(go_move("A1")),
        deep: false,
    };
    let request = Request {
        epoch: 2,
        seed: 3,
        game: line(),
        task: analyse.clone(),
    };
    // Without the network: Monte Carlo, values are win rates and nothing stands beside them.
    let mut worker = Worker::new();
    let monte_carlo = analysed(worker.think(&request, &Stop::new()).answer);
    assert!(!monte_carlo.candidates.is_empty());
    assert!(
        monte_carlo
            .candidates
            .iter()
            .all(|c| c.win_rate.is_none() && (0.0..=100.0).contains(&c.value))
    );
    // With it: points of score, the win rate beside them, the played move among them.
    let network = include_bytes!("../../ishi-nn/data/g170-b6c96.ishinn");
    assert_eq!(worker.load(Model::GoNetwork, network), Ok(()));
    let by_network = analysed(worker.think(&request, &Stop::new()).answer);
    assert!(
        by_network
            .candidates
            .iter()
            .all(|c| c.win_rate.is_some_and(|w| (0.0..=100.0).contains(&w)))
    );
    assert!(by_network.candidates.iter().any(|c| c.mv == go_move("A1")));
    assert_eq!(by_network.ownership.as_ref().map(Vec::len), Some(81));
    // The same request to a worker that starts with the network: the same answer.
    assert_eq!(analysed(ask(line(), analyse)), by_network);
    let hints = Task::Hints {
        budget: HintBudget::Playouts(100),
    };
    let hinted = analysed(ask(line(), hints));
    assert!(hinted.candidates.iter().all(|c| c.win_rate.is_some()));
    let visits: u32 = hinted.candidates.iter().map(|c| c.visits).sum();
    assert!(visits <= 10, "100 playouts are 10 visits: {visits}");
}

#[test]
fn an_analysis_written_before_win_rates_stood_beside_values_still_reads() {
    let old = r#"{"candidates":[{"mv":[4,4],"value":52.5,"exact":false,"visits":30}],"worth":{"go":{"win_rate":0.5,"lead":1.0}}}"#;
    let analysed: Analysed = serde_json::from_str(old).expect("an old analysis reads");
    assert_eq!(analysed.candidates[0].win_rate, None);
    let mut new = analysed.clone();
    new.candidates[0].win_rate = Some(40.0);
    let text = serde_json::to_string(&new).unwrap();
    assert_eq!(serde_json::from_str::<Analysed>(&text).unwrap(), new);
    assert_eq!(serde_json::to_string(&analysed).unwrap(), old);
}

#[test]
fn analysis_values_the_played_move_and_refuses_what_does_not_fit() {
    // Before White's f5 of the seeds' wipe-out game: f5 loses every disc.
    let game =
        ishi_rules::othello::transcript::load(&Othello::standard(), "e6f4e3d6c5f6e7").unwrap();
    let line = GameLine::new(
        &Position::Othello(Othello::standard()),
        game.moves.iter().map(|&mv| any::from_othello(mv)),
    );
    let f5 = any::from_othello(ishi_rules::Move::Place("f5".parse().unwrap()));
    let analysis = analysed(ask(
        line.clone(),
        Task::Analyse {
            played: Some(f5),
            deep: false,
        },
    ));
    let found = analysis.candidates.iter().find(|c| c.mv == f5).unwrap();
    assert_eq!(found.value, -64.0);
    let off_board = CellMove::Place(any::Cell::new(12, 12));
    assert_eq!(
        ask(
            line,
            Task::Analyse {
                played: Some(off_board),
                deep: false,
            },
        ),
        Err(WorkerError::WrongGame)
    );
}
