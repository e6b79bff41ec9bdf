//! Property tests of the Othello rules on every size and shape, against a square-by-square
//! reference implementation written for clarity, not speed.

use ishi_rules::othello::{Move, Othello, Shape, Square, notation, transcript};
use ishi_rules::{ByColor, Game, IllegalReason, Player};
use proptest::prelude::*;

/// The reference: a grid walked one square at a time in the eight directions.
struct Reference {
    shape: Shape,
    turn: Player,
    discs: Vec<Vec<Option<Player>>>,
}

impl Reference {
    fn of(position: &Othello) -> Reference {
        let shape = position.shape();
        let n = shape.size() as u8;
        Reference {
            shape,
            turn: position.turn(),
            discs: (0..n)
                .map(|row| {
                    (0..n)
                        .map(|col| position.disc_at(Square::from_coords(col, row).unwrap()))
                        .collect()
                })
                .collect(),
        }
    }

    fn at(&self, col: i32, row: i32) -> Option<Option<Player>> {
        let sq = Square::from_coords(u8::try_from(col).ok()?, u8::try_from(row).ok()?)?;
        self.shape
            .contains(sq)
            .then(|| self.discs[row as usize][col as usize])
    }

    fn flips(&self, sq: Square, player: Player) -> Vec<Square> {
        let mut flipped = Vec::new();
        if self.at(sq.col().into(), sq.row().into()) != Some(None) {
            return flipped;
        }
        for (dc, dr) in [
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
            (0, -1),
            (1, -1),
        ] {
            let (mut col, mut row) = (i32::from(sq.col()) + dc, i32::from(sq.row()) + dr);
            let mut line = Vec::new();
            while self.at(col, row) == Some(Some(!player)) {
                line.push(Square::from_coords(col as u8, row as u8).unwrap());
                col += dc;
                row += dr;
            }
            if self.at(col, row) == Some(Some(player)) {
                flipped.extend(line);
            }
        }
        flipped.sort();
        flipped
    }

    fn placements(&self, player: Player) -> Vec<Square> {
        self.shape
            .squares()
            .filter(|&sq| !self.flips(sq, player).is_empty())
            .collect()
    }

    fn legal_moves(&self) -> Vec<Move> {
        let mine = self.placements(self.turn);
        if !mine.is_empty() {
            mine.into_iter().map(Move::Place).collect()
        } else if !self.placements(!self.turn).is_empty() {
            vec![Move::Pass]
        } else {
            Vec::new()
        }
    }
}

/// A game played by picking `choices[i] % number of legal moves` at each turn.
fn game_strategy() -> impl Strategy<Value = (Shape, Vec<usize>)> {
    let shapes = Shape::all();
    (
        0..shapes.len(),
        prop::collection::vec(any::<usize>(), 0..110),
    )
        .prop_map(move |(i, choices)| (shapes[i], choices))
}

fn positions(shape: Shape, choices: &[usize]) -> Vec<(Othello, Option<Move>)> {
    let mut position = Othello::new(shape);
    let mut out = Vec::new();
    for &choice in choices {
        let moves = position.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[choice % moves.len()];
        out.push((position, Some(mv)));
        position = position.play(mv).unwrap();
    }
    out.push((position, None));
    out
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn legal_moves_match_the_reference_and_is_legal((shape, choices) in game_strategy()) {
        for (position, _) in positions(shape, &choices) {
            let legal = position.legal_moves();
            prop_assert_eq!(&legal, &Reference::of(&position).legal_moves());
            prop_assert_eq!(legal.is_empty(), position.is_over());
            for row in 0..10 {
                for col in 0..10 {
                    let mv = Move::Place(Square::from_coords(col, row).unwrap());
                    prop_assert_eq!(position.is_legal(mv), legal.contains(&mv), "{}", mv);
                    if !shape.contains(Square::from_coords(col, row).unwrap()) && !legal.is_empty() {
                        prop_assert_eq!(position.check(mv), Err(IllegalReason::OffBoard));
                    }
                }
            }
            prop_assert_eq!(position.is_legal(Move::Pass), legal.contains(&Move::Pass));
        }
    }

    #[test]
    fn play_flips_exactly_the_bracketed_discs((shape, choices) in game_strategy()) {
        for (position, mv) in positions(shape, &choices) {
            let Some(mv) = mv else { continue };
            let before = position;
            let reference = Reference::of(&position);
            let next = position.play(mv).unwrap();
            prop_assert_eq!(position, before, "play changed its input");
            prop_assert_eq!(next.turn(), !position.turn());
            let ByColor { black, white } = position.disc_count();
            let after = next.disc_count();
            match mv {
                Move::Pass => prop_assert_eq!(after, ByColor::new(black, white)),
                Move::Place(sq) => {
                    let flipped = reference.flips(sq, position.turn());
                    prop_assert_eq!(&position.flips(sq), &flipped);
                    let n = flipped.len() as u32;
                    let mover = position.turn();
                    prop_assert_eq!(after[mover], position.disc_count()[mover] + 1 + n);
                    prop_assert_eq!(after[!mover], position.disc_count()[!mover] - n);
                    for f in flipped {
                        prop_assert_eq!(next.disc_at(f), Some(mover));
                    }
                    prop_assert_eq!(next.disc_at(sq), Some(mover));
                }
            }
            prop_assert_eq!(next.hash(), next.recomputed_hash());
        }
    }

    #[test]
    fn notations_round_trip((shape, choices) in game_strategy()) {
        let mut history = positions(shape, &choices);
        // A transcript cannot show a pass after its last disc: replay stops before it.
        while history.len() > 1 && history[history.len() - 2].1 == Some(Move::Pass) {
            history.pop();
            history.last_mut().unwrap().1 = None;
        }
        let moves: Vec<Move> = history.iter().filter_map(|(_, m)| *m).collect();
        let last = history.last().unwrap().0;
        for (position, _) in &history {
            let text = notation::print_board(position);
            prop_assert_eq!(&notation::parse_board(&text).unwrap(), position, "{}", text);
        }
        let text = transcript::print(&moves);
        let replay = transcript::load(&Othello::new(shape), &text).unwrap();
        prop_assert_eq!(replay.last_position(), last);
        prop_assert_eq!(&replay.moves, &moves);
        prop_assert_eq!(transcript::parse(&text).unwrap().len(), moves.iter().filter(|m| !m.is_pass()).count());
    }

    #[test]
    fn parsers_refuse_arbitrary_text_with_a_position_inside_it(text in ".{0,120}") {
        let len = text.chars().count();
        if let Err(e) = notation::parse_board(&text) {
            prop_assert!(e.offset <= len && !e.to_string().is_empty());
        }
        if let Err(e) = notation::parse_obf_line(&text) {
            prop_assert!(e.offset <= len);
        }
        match transcript::load(&Othello::standard(), &text) {
            Err(e) => prop_assert!(e.offset < len && e.move_number >= 1),
            Ok(replay) => prop_assert_eq!(replay.positions.len(), replay.moves.len() + 1),
        }
        if let Ok(sq) = text.parse::<Square>() {
            prop_assert!(text.to_ascii_lowercase().contains(&sq.to_string()[..1]));
        }
        if let Ok(shape) = text.parse::<Shape>() {
            prop_assert_eq!(shape.to_string().parse::<Shape>(), Ok(shape));
        }
    }

    #[test]
    fn board_strings_that_parse_print_back(text in "[-XOxo#.;* ]{0,110}") {
        if let Ok(position) = notation::parse_board(&text) {
            prop_assert_eq!(notation::parse_board(&notation::print_board(&position)), Ok(position));
        }
    }
}
