//! The game written back as SGF with the analysis: a comment on each move and, where it
//! helps, one of SGF's move marks.
//!
//! SGF FF\[4\] has four move annotations, which Sabaki and KaTrain show on the move: `BM`
//! (bad move) and `TE` (tesuji, a good move), each `1` or `2` (very), `DO` (doubtful) and
//! `IT` (interesting). The classes map onto them from the worst down: a blunder is `BM[2]`,
//! a mistake `BM[1]`, an inaccuracy `DO[]`. A best move is `TE[1]` only when every other move
//! would have been a mistake or worse (the one move that holds the position): marking every
//! best move would mark most of a game, and a mark is there to point at a move worth a look.
//! Good moves get none; `IT` is left to people. The marks a record had are replaced, since
//! SGF gives a move one of them at most; its comments are kept, the analysis after them.

use std::fmt::Display;

use ishi_analysis::Class;
use ishi_records::GoRecord;
use ishi_records::sgf::{Collection, GameTree, Node, Property};
use ishi_rules::othello::{self, Square};
use ishi_rules::{Game, Move, Player};

use super::input::OthelloGame;
use super::{Judged, Unit};

/// SGF's move annotations, of which a move has one at most.
const MARKS: [&str; 4] = ["BM", "DO", "IT", "TE"];

/// The mark of a judged move, if it gets one (see the module's documentation).
fn mark<M>(judged: &Judged<M>) -> Option<Property> {
    match judged.review.class {
        Class::Blunder => Some(Property::new("BM", ["2"])),
        Class::Mistake => Some(Property::new("BM", ["1"])),
        Class::Inaccuracy => Some(Property::new("DO", [""])),
        Class::Best if judged.only_move => Some(Property::new("TE", ["1"])),
        Class::Best | Class::Good => None,
    }
}

/// The analysis of a move as its comment says it: `Analysis for White: f5 -64=, best f7 +4=,
/// loss 68 (blunder).`; with the network's points of score, the win rate after the loss:
/// `Analysis for Black: A9 -16.1, best F4 -7.9, loss 8.2 points, win rate 0.2% (loss 1.9)
/// (blunder).`
fn comment<M: Display>(judged: &Judged<M>, unit: Unit) -> String {
    let review = &judged.review;
    let class = if judged.forced {
        "forced pass"
    } else {
        review.class.name()
    };
    let win_rate = review.win_rate.map_or(String::new(), |w| {
        format!(" points, win rate {:.1}% (loss {:.1})", w.played, w.loss)
    });
    format!(
        "Analysis for {}: {} {}, best {} {}, loss {}{win_rate} ({class}).",
        review.player.fold("Black", "White"),
        review.played,
        unit.value(review.played_value, judged.played_exact),
        review.best,
        unit.value(review.best_value, judged.best_exact),
        unit.loss(review.loss, judged.played_exact && judged.best_exact),
    )
}

/// `record` with each move's analysis in its comment (after the comment it had) and its mark.
/// `unit` is the values' (Go's two searches count in different ones).
pub(super) fn go(
    record: &GoRecord,
    judged: &[Judged<ishi_rules::go::Move>],
    unit: Unit,
) -> GoRecord {
    let mut record = record.clone();
    for (m, judged) in record.moves.iter_mut().zip(judged) {
        let text = comment(judged, unit);
        m.comment = Some(match m.comment.take() {
            Some(before) => format!("{before}\n\n{text}"),
            None => text,
        });
        m.properties.retain(|p| !MARKS.contains(&p.id.as_str()));
        m.properties.extend(mark(judged));
    }
    record
}

/// An Othello square as an SGF point: column letter, then row letter, both from `a`, rows
/// from the top (`f5` is `fe`).
fn point(square: Square) -> String {
    [square.col(), square.row()]
        .iter()
        .map(|&i| char::from(b'a' + i))
        .collect()
}

/// The Othello game as SGF (`GM[2]`): the start's discs set up (`AB`, `AW`) with the player
/// to move (`PL`), then one node a move with its analysis and mark; passes are `B[]`.
pub(super) fn othello(game: &OthelloGame, judged: &[Judged<othello::Move>]) -> Collection {
    let start = game.positions.first().copied().unwrap_or_default();
    let size = start.shape().size().to_string();
    let mut root = vec![
        Property::new("FF", ["4"]),
        Property::new("GM", ["2"]),
        Property::new("CA", ["UTF-8"]),
        Property::new("SZ", [size]),
        Property::new("AP", [concat!("Ishi:", env!("CARGO_PKG_VERSION"))]),
    ];
    for player in Player::ALL {
        let discs: Vec<String> = start
            .shape()
            .squares()
            .filter(|&sq| start.disc_at(sq) == Some(player))
            .map(point)
            .collect();
        if !discs.is_empty() {
            root.push(Property::new(format!("A{}", player.letter()), discs));
        }
    }
    root.push(Property::new("PL", [start.turn().letter().to_string()]));
    let mut nodes = vec![Node { properties: root }];
    for (&mv, judged) in game.moves.iter().zip(judged) {
        let value = match mv {
            Move::Place(square) => point(square),
            Move::Pass => String::new(),
        };
        let mut properties = vec![
            Property::new(judged.review.player.letter().to_string(), [value]),
            Property::new("C", [comment(judged, Unit::Discs)]),
        ];
        properties.extend(mark(judged));
        nodes.push(Node { properties });
    }
    Collection {
        trees: vec![GameTree {
            nodes,
            variations: Vec::new(),
        }],
    }
}
