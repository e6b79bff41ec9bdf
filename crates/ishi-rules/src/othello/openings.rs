//! The standard opening names of Othello, and the opening a game is in.
//!
//! ```
//! use ishi_rules::othello::{openings, transcript};
//!
//! let tiger = transcript::parse("f5 d6 c3 d3 c4")?;
//! let opening = openings::reached(&tiger).expect("a named opening");
//! assert_eq!((opening.name, opening.japanese), ("Tiger", "虎"));
//! assert!(openings::in_book(&tiger)); // named lines go on from the Tiger
//!
//! // The same opening begun with c4: the board turned half a turn.
//! let turned = transcript::parse("c4 e3 f6 e6 f5")?;
//! assert_eq!(openings::reached(&turned), Some(opening));
//!
//! // White's g6 is on no named line: the game has left the book, still a Tiger.
//! let left = transcript::parse("f5 d6 c3 d3 c4 g6")?;
//! assert_eq!(openings::reached(&left), Some(opening));
//! assert!(!openings::in_book(&left));
//! # Ok::<(), transcript::TranscriptError>(())
//! ```
//!
//! [`OPENINGS`] is the usual English catalogue of opening names (Robert Gatliff's), with the
//! Japanese family names Rabbit and Rat added, each line written from Black's first move f5.
//!
//! The book compares positions, not strings of moves: a game is in an opening when it reaches
//! the position at the end of the opening's line, in any of the four orientations the standard
//! start has (the identity, the half turn and the reflections in the two diagonals, which take
//! f5 to f5, c4, e6 and d3). Turning a game so that its first move is f5 and comparing moves
//! would miss two things: after f5 f6 e6 the board is symmetric about the a1-h8 diagonal, so
//! White's f4 and d6 are the same move and the table writes only f4 (f5 f6 e6 d6 c5 is the Cow
//! as much as f5 f6 e6 f4 e3 is); and a game can reach a named position in another order
//! (f5 d6 c4 d3 c3 is the Tiger's position).

use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

use crate::{Game, Player};

use super::{Move, Othello, Shape, Square, Symmetry, transcript};

/// A named opening: its line of moves from the standard 8x8 start, written from the f5
/// orientation (Black's first move is f5), as a transcript like `"f5d6c3d3c4"`.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct Opening {
    /// The English name, with a second name for the same line or a qualifier in brackets:
    /// `"Heath (Tobidashi)"`, `"No-Kung (Continuation)"`.
    pub name: &'static str,
    /// The Japanese name where Japanese players have one (the animal names are a Japanese
    /// custom), otherwise the English name in katakana: `"飛び出し牛"`.
    pub japanese: &'static str,
    /// The moves from the start, lowercase and run together, Black's first on f5.
    pub line: &'static str,
}

const fn op(name: &'static str, japanese: &'static str, line: &'static str) -> Opening {
    Opening {
        name,
        japanese,
        line,
    }
}

/// The fewest moves of a named line: a game with fewer has reached no opening, which a front
/// end can tell without the catalogue.
pub const FEWEST_MOVES: usize = {
    let mut fewest = usize::MAX;
    let mut i = 0;
    while i < OPENINGS.len() {
        let moves = OPENINGS[i].line.len() / 2;
        if moves < fewest {
            fewest = moves;
        }
        i += 1;
    }
    fewest
};

/// Every named opening, 79 of them, grouped by family.
///
/// No two lines end at the same position, in any orientation (a test checks it, and that
/// every line is legal); a line may begin another, longer one, and the longer one is the
/// opening a game following it reaches. Where the catalogue gives one line two names, `name`
/// keeps the first and puts the second in brackets.
pub const OPENINGS: &[Opening] = &[
    // Black's first move, then White's three replies.
    op("Perpendicular Opening", "縦取り", "f5d6"),
    op("Diagonal Opening", "斜め取り", "f5f6"),
    op("Parallel Opening", "並び取り", "f5f4"),
    // Perpendicular, Black's c3: the Tiger.
    op("Tiger", "虎", "f5d6c3d3c4"),
    op("Aubrey (Tanaka)", "オーブリー", "f5d6c3d3c4b3"),
    op(
        "Aubrey (Feldborg Continuation)",
        "オーブリー（フェルボー継続）",
        "f5d6c3d3c4b3d2f4",
    ),
    op("Rose-Bill", "花形（ローズビル）", "f5d6c3d3c4f4c5b3c2"),
    op(
        "Central Rose-Bill (Dead Draw)",
        "セントラル・ローズビル",
        "f5d6c3d3c4f4c5b3c2b4",
    ),
    op("Tamenori", "タメノリ", "f5d6c3d3c4f4c5b3c2e6"),
    op("Ishii", "イシイ", "f5d6c3d3c4f4c5b4b5c6f3e6e3"),
    op(
        "Mainline Tiger",
        "メインライン・タイガー",
        "f5d6c3d3c4f4c5b4b5c6f3e6e3g6f6g5d7g3",
    ),
    op("Brightwell", "ブライトウェル", "f5d6c3d3c4f4e3"),
    op("Leader's Tiger", "リーダーズ・タイガー", "f5d6c3d3c4f4e6"),
    op("Stephenson", "スティーブンソン", "f5d6c3d3c4f4f6"),
    op("Kung", "カン", "f5d6c3d3c4f4f6b4"),
    op("No-Kung", "ノーカン", "f5d6c3d3c4f4f6g5"),
    op(
        "No-Kung (Continuation)",
        "ノーカン（継続）",
        "f5d6c3d3c4f4f6g5e3f3g4h3g3f2",
    ),
    op("Comp'Oth", "コンポス", "f5d6c3d3c4f4f6f3"),
    op("Lightning Bolt", "ライトニングボルト", "f5d6c3d3c4f4f6f3e3"),
    op(
        "F.A.T. Draw",
        "F.A.T.ドロー",
        "f5d6c3d3c4f4f6f3e6e7d7g6f8f7g5h6h4g4h3h5h7",
    ),
    op("Bent Ganglion", "ベント・ガングリオン", "f5d6c3g5"),
    // Perpendicular, Black's c4: the Cat and the Ganglion.
    op("Cat", "猫", "f5d6c4d3c5"),
    op("Sakaguchi", "坂口流", "f5d6c4d3c5f4e3f3c2c6"),
    op("Berner", "ベルナー", "f5d6c4d3c5f4e3f3c2b4b3"),
    op("Italian", "イタリアン", "f5d6c4d3e6"),
    op(
        "Ganglion (No-Cat)",
        "ガングリオン（ノーキャット）",
        "f5d6c4g5",
    ),
    op("Swallow", "燕", "f5d6c4g5c6"),
    op(
        "No-Cat (Continuation)",
        "ノーキャット（継続）",
        "f5d6c4g5c6c5d7d3b4c3e3f3",
    ),
    // Perpendicular, Black's c5: the Rabbit and the Rose.
    op("Rabbit", "兎", "f5d6c5"),
    op("Horse", "馬", "f5d6c5f4d3"),
    op("Mimura", "三村流", "f5d6c5f4e3d3"),
    op("Shaman (Danish)", "シャーマン", "f5d6c5f4e3c6f3"),
    op("Inoue", "井上流", "f5d6c5f4e3c6e6"),
    op("Iago", "イアーゴ", "f5d6c5f4e3c6e6f6"),
    op("Bhagat", "バガット", "f5d6c5f4e3c6d7"),
    op("Ralle", "ラレ", "f5d6c5f4e3c6d3f3"),
    op("Rose", "ローズ", "f5d6c5f4e3c6d3f6e6d7"),
    op(
        "Greenberg (Dawg)",
        "グリーンバーグ",
        "f5d6c5f4e3c6d3f6e6d7e7",
    ),
    op("Flat", "フラットローズ", "f5d6c5f4e3c6d3f6e6d7g4"),
    op(
        "Rotating Flat",
        "ローテーティング・フラット",
        "f5d6c5f4e3c6d3f6e6d7g4c4",
    ),
    op("Murakami Variation", "村上流", "f5d6c5f4e3c6d3f6e6d7g4c4g6"),
    op(
        "Rotating Flat (Kling Continuation)",
        "ローテーティング・フラット（クリング継続）",
        "f5d6c5f4e3c6d3f6e6d7g4c4g5c3f7d2e7f2",
    ),
    op("Rose-Birth", "ローズバース", "f5d6c5f4e3c6d3f6e6d7g3c4"),
    op(
        "Rose-Birdie (Rose-Tamenori)",
        "爲則ローズ",
        "f5d6c5f4e3c6d3f6e6d7g3c4b4",
    ),
    op(
        "Rose-Tamenori-Kling",
        "ローズ・タメノリ・クリング",
        "f5d6c5f4e3c6d3f6e6d7g3c4b4c3",
    ),
    op(
        "Brightstein",
        "ブライトスタイン",
        "f5d6c5f4e3c6d3f6e6d7g3c4g5c3b4e2",
    ),
    // Diagonal: Black's third move away from e6.
    op("Wing Variation", "ウイング", "f5f6d3f4"),
    op("Semi-Wing Variation", "セミウイング", "f5f6c4f4"),
    // Diagonal: the Cow and the Bat.
    op("Cow", "牛", "f5f6e6f4e3"),
    op("Chimney", "白大量取り", "f5f6e6f4e3d6"),
    op("Rose-v-Toth", "ローズ対トート", "f5f6e6f4e3c5c4"),
    op("Tanida", "谷田", "f5f6e6f4e3c5c4e7"),
    op("Aircraft (Feldborg)", "飛行機", "f5f6e6f4e3c5c4e7g4"),
    op("Sailboat", "ヨット", "f5f6e6f4e3c5c4e7b5e2"),
    op("Maruoka", "丸岡流", "f5f6e6f4e3c5c4d3f3e2"),
    op("Landau", "ランダウ", "f5f6e6f4e3c5c4d3c3"),
    op("Cow Bat (Bat, Cambridge)", "こうもり", "f5f6e6f4e3c5g5"),
    op(
        "Melnikov (Bat, Piau Continuation 1)",
        "メリニコフ",
        "f5f6e6f4e3c5g5g3g4f3c4",
    ),
    op(
        "Bat (Piau Continuation 2)",
        "こうもり（ピアウ継続2）",
        "f5f6e6f4e3c5g5g3g4f3g6",
    ),
    op(
        "Bat (Kling Continuation)",
        "こうもり（クリング継続）",
        "f5f6e6f4e3c5g5f3g4g6g3d6f7h5h4h3e7",
    ),
    op(
        "Bat (Kling Alternative)",
        "こうもり（クリング変化）",
        "f5f6e6f4e3c5g5d6g6",
    ),
    // Diagonal: the Buffalo.
    op("Buffalo (Kenichi Variation)", "バッファロー", "f5f6e6f4c3"),
    op("Hokuriku Buffalo", "北陸バッファロー", "f5f6e6f4c3c4"),
    op("Tanida Buffalo", "谷田バッファロー", "f5f6e6f4c3d6f3c4c5b4"),
    op("Maruoka Buffalo", "丸岡バッファロー", "f5f6e6f4c3d7f3"),
    // Diagonal: the Heath.
    op("Heath (Tobidashi)", "飛び出し牛", "f5f6e6f4g5"),
    op("Heath-Chimney", "ヒース・チムニー", "f5f6e6f4g5d6"),
    op("Heath-Bat", "裏こうもり", "f5f6e6f4g5e7e3"),
    op("Iwasaki Variation", "岩崎流", "f5f6e6f4g5e7d7"),
    op(
        "Mimura Variation II",
        "三村流 II",
        "f5f6e6f4g5e7f7c5e3f3c4d3c2",
    ),
    // Diagonal: the Snake and the rest of Black's fifth moves.
    op("Snake (Peasant)", "蛇", "f5f6e6f4g6"),
    op("Lysons", "コブラ", "f5f6e6f4g6c6"),
    op(
        "Pyramid (Checkerboarding Peasant)",
        "ピラミッド",
        "f5f6e6f4g6c5g4g5f3e3c4",
    ),
    op("Raccoon Dog", "狸", "f5f6e6f4g4"),
    op("Rocket", "ロケット", "f5f6e6f4g3"),
    op("Lollipop", "ロリポップ", "f5f6e6f4g3d6"),
    op("Hamilton", "ハミルトン", "f5f6e6f4g3f3g4"),
    op("X-square Opening", "暴走牛", "f5f6e6f4g7"),
    // Parallel.
    op("Rat", "鼠", "f5f4e3f6"),
];

/// The named opening a game from the standard start has reached: the last named position its
/// moves went through, which is the end of the longest named line they follow, in whichever
/// orientation the game's first move gives.
///
/// `None` before White's first reply (the first named positions come after two moves), or for
/// moves that are not a legal game from the standard start. Forced passes may be left out, as
/// in a transcript. Once a game leaves the book, it keeps the opening it had reached. A front
/// end that holds the game's positions already asks [`named`] of each instead.
pub fn reached(moves: &[Move]) -> Option<&'static Opening> {
    let replay = transcript::replay(&Othello::standard(), moves).ok()?;
    replay.positions.iter().filter_map(named).next_back()
}

/// Whether `moves` still follow some named line (the position they reach is on one, in its
/// orientation): the game is still "in the book".
///
/// True for no moves at all, false for moves that are not a legal game from the standard start.
pub fn in_book(moves: &[Move]) -> bool {
    transcript::replay(&Othello::standard(), moves)
        .is_ok_and(|replay| on_line(&replay.last_position()))
}

/// The opening whose line ends at `position`, in any orientation of the standard start;
/// `None` for other positions, and for boards other than the standard 8x8.
pub fn named(position: &Othello) -> Option<&'static Opening> {
    let key = Key::of(position)?;
    BOOK.named.get(&key).copied()
}

/// Whether `position` lies on some named line (the standard start included), in any
/// orientation: a game there is still "in the book".
pub fn on_line(position: &Othello) -> bool {
    Key::of(position).is_some_and(|key| BOOK.on_lines.contains(&key))
}

/// The symmetries that keep the standard start as it is: the identity, the half turn, and
/// the reflections in the a1-h8 and a8-h1 diagonals. They take f5 to f5, c4, e6 and d3,
/// Black's four first moves.
const SYMMETRIES: [Symmetry; 4] = [
    Symmetry::Identity,
    Symmetry::Turn180,
    Symmetry::MainDiagonal,
    Symmetry::AntiDiagonal,
];

/// A position as the book compares them: Black's and White's discs as bits `row * 8 + col`,
/// in the least of the position's four orientations, and the side to move.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
struct Key {
    discs: (u64, u64),
    turn: Player,
}

impl Key {
    /// The key of a position of the standard board; `None` on any other board.
    fn of(position: &Othello) -> Option<Key> {
        if position.shape() != Shape::STANDARD {
            return None;
        }
        let oriented = SYMMETRIES.map(|symmetry| {
            let mut discs = (0, 0);
            for index in 0..64u8 {
                let image =
                    Square::from_coords(index % 8, index / 8).map(|sq| symmetry.apply(sq, 8));
                match image.and_then(|sq| position.disc_at(sq)) {
                    Some(Player::Black) => discs.0 |= 1 << index,
                    Some(Player::White) => discs.1 |= 1 << index,
                    None => {}
                }
            }
            discs
        });
        Some(Key {
            discs: oriented.into_iter().min().unwrap_or_default(),
            turn: position.turn(),
        })
    }
}

/// The table as positions.
struct Book {
    /// The position at the end of each line, and its opening.
    named: HashMap<Key, &'static Opening>,
    /// Every position on some line, the start included.
    on_lines: HashSet<Key>,
}

static BOOK: LazyLock<Book> = LazyLock::new(|| {
    let mut book = Book {
        named: HashMap::new(),
        on_lines: HashSet::new(),
    };
    // Every line replays (a test checks it); one that did not would name nothing.
    for opening in OPENINGS {
        if let Ok(replay) = transcript::load(&Othello::standard(), opening.line) {
            book.on_lines
                .extend(replay.positions.iter().filter_map(Key::of));
            if let Some(key) = Key::of(&replay.last_position()) {
                book.named.insert(key, opening);
            }
        }
    }
    book
});
