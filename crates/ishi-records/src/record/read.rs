//! Reading a Go record out of a game tree: the main line flattened into the game's root
//! (information and setup) and its moves, every property checked.

use std::str::FromStr;

use ishi_rules::Player;
use ishi_rules::go::{GoRules, Komi, MAX_SIZE, MIN_SIZE, Move, Point};

use super::{Expected, GoRecord, RecordError, RecordErrorKind, RecordedMove};
use crate::sgf::{GameTree, Node, Position, Property};

/// The root properties with one value that the record reads (`C`, `AB`, `AW`, `AE` aside).
const GAME_INFO: [&str; 12] = [
    "GM", "FF", "CA", "SZ", "KM", "HA", "RU", "PB", "PW", "RE", "DT", "PL",
];

/// Where the parts of a record were read, for errors found when replaying it.
#[derive(Default)]
pub(super) struct Locations {
    /// The first setup property (or `HA` for a handicap without setup stones).
    pub(super) setup: Option<Position>,
    /// The `B` or `W` property of each move.
    pub(super) moves: Vec<Option<Position>>,
}

impl Locations {
    pub(super) fn of_move(&self, index: usize) -> Option<Position> {
        self.moves.get(index).copied().flatten()
    }
}

fn error(position: Option<Position>, kind: RecordErrorKind) -> RecordError {
    RecordError { position, kind }
}

/// Adds `text` to a comment, a blank line after what is there.
fn append(comment: &mut Option<String>, text: String) {
    match comment {
        Some(c) => {
            c.push_str("\n\n");
            c.push_str(&text);
        }
        None => *comment = Some(text),
    }
}

/// A move node as found on the main line, before the board size is known.
struct PendingMove {
    /// The `B` or `W` property.
    property: Property,
    comment: Option<String>,
    properties: Vec<Property>,
    variations: Vec<GameTree>,
}

impl PendingMove {
    /// Takes a property of the move's node, or of a node without a move that follows it.
    /// Setup properties go to `root` while no move has been played before this one.
    fn take(
        &mut self,
        property: Property,
        first_move: bool,
        root: &mut Vec<Property>,
    ) -> Result<(), RecordError> {
        match property.id.as_str() {
            "C" => property
                .values
                .into_iter()
                .for_each(|text| append(&mut self.comment, text)),
            "AB" | "AW" | "AE" if first_move => root.push(property),
            "AB" | "AW" | "AE" => {
                return Err(error(
                    property.position,
                    RecordErrorKind::SetupAfterMoves(property.id),
                ));
            }
            _ => self.properties.push(property),
        }
        Ok(())
    }
}

/// The nodes of the main line, each with the variations that branch off just before it.
fn main_line(tree: GameTree) -> (Vec<(Node, Vec<GameTree>)>, Vec<GameTree>) {
    let mut line = Vec::new();
    let mut branches = Vec::new();
    let mut tree = tree;
    loop {
        for node in tree.nodes {
            line.push((node, std::mem::take(&mut branches)));
        }
        let mut variations = tree.variations.into_iter();
        let Some(main) = variations.next() else {
            break;
        };
        branches.extend(variations);
        tree = main;
    }
    (line, branches)
}

/// A node's move property (`B` or `W`), if it has one, and its other properties.
fn split_move(node: Node) -> Result<(Option<Property>, Vec<Property>), RecordError> {
    let mut mv = None;
    let mut rest = Vec::new();
    for property in node.properties {
        if property.id != "B" && property.id != "W" {
            rest.push(property);
        } else if mv.is_some() {
            return Err(error(property.position, RecordErrorKind::TwoMoves));
        } else {
            mv = Some(property);
        }
    }
    Ok((mv, rest))
}

/// The move of `node` on a board of side `size`, if it plays one, and where its property is.
pub(super) fn node_move(
    node: &Node,
    size: usize,
) -> Result<Option<(RecordedMove, Option<Position>)>, RecordError> {
    let (Some(property), _) = split_move(node.clone())? else {
        return Ok(None);
    };
    let player = if property.id == "B" {
        Player::Black
    } else {
        Player::White
    };
    let mv = read_move(&property, size)?;
    Ok(Some((RecordedMove::new(player, mv), property.position)))
}

/// The record a game tree holds, and where its parts were.
pub(super) fn read(tree: GameTree) -> Result<(GoRecord, Locations), RecordError> {
    let (line, trailing) = main_line(tree);
    if line.is_empty() {
        return Err(error(None, RecordErrorKind::Empty));
    }
    let mut root = Vec::new();
    let mut root_variations = Vec::new();
    let mut moves: Vec<PendingMove> = Vec::new();
    for (i, (node, branches)) in line.into_iter().enumerate() {
        match moves.last_mut() {
            Some(last) => last.variations.extend(branches),
            None => root_variations.extend(branches),
        }
        let (mv, rest) = split_move(node)?;
        let first_move = moves.is_empty();
        let Some(property) = mv else {
            match moves.last_mut() {
                None => root.extend(rest),
                Some(last) => {
                    for property in rest {
                        last.take(property, false, &mut root)?;
                    }
                }
            }
            continue;
        };
        let mut pending = PendingMove {
            property,
            comment: None,
            properties: Vec::new(),
            variations: Vec::new(),
        };
        if i == 0 {
            // A move in the root node: the node's other properties are the game's.
            root.extend(rest);
        } else {
            for property in rest {
                pending.take(property, first_move, &mut root)?;
            }
        }
        moves.push(pending);
    }
    match moves.last_mut() {
        Some(last) => last.variations.extend(trailing),
        None => root_variations.extend(trailing),
    }
    let (mut record, setup) = read_root(root)?;
    record.variations = root_variations;
    let mut locations = Locations {
        setup,
        moves: Vec::with_capacity(moves.len()),
    };
    for pending in moves {
        let property = pending.property;
        let player = if property.id == "B" {
            Player::Black
        } else {
            Player::White
        };
        let mv = read_move(&property, record.size)?;
        locations.moves.push(property.position);
        record.moves.push(RecordedMove {
            player,
            mv,
            comment: pending.comment,
            properties: pending.properties,
            variations: pending.variations,
        });
    }
    Ok((record, locations))
}

/// One game-information property with its single value.
struct Info {
    id: String,
    value: String,
    position: Option<Position>,
}

/// The record's root: game information and setup from the properties of the nodes before
/// the first move; the rest kept as they are. Also where the setup was.
fn read_root(root: Vec<Property>) -> Result<(GoRecord, Option<Position>), RecordError> {
    let mut info: Vec<Info> = Vec::new();
    let mut setup_properties = Vec::new();
    let mut comment = None;
    let mut properties = Vec::new();
    for property in root {
        match property.id.as_str() {
            "C" => property
                .values
                .into_iter()
                .for_each(|text| append(&mut comment, text)),
            "AB" | "AW" | "AE" => setup_properties.push(property),
            id if GAME_INFO.contains(&id) => {
                let at = property.position;
                if info.iter().any(|i| i.id == property.id) {
                    return Err(error(at, RecordErrorKind::Duplicate(property.id)));
                }
                let count = property.values.len();
                let mut values = property.values.into_iter();
                let (Some(value), None) = (values.next(), values.next()) else {
                    let id = property.id;
                    return Err(error(at, RecordErrorKind::ValueCount { id, count }));
                };
                info.push(Info {
                    id: property.id,
                    value,
                    position: at,
                });
            }
            _ => properties.push(property),
        }
    }
    let get = |id: &str| info.iter().find(|i| i.id == id);
    let bad = |i: &Info, expected| {
        error(
            i.position,
            RecordErrorKind::BadValue {
                id: i.id.clone(),
                value: i.value.clone(),
                expected,
            },
        )
    };
    let text = |id: &str| get(id).map(|i| i.value.clone());

    if let Some(ff) = get("FF")
        && !matches!(ff.value.trim().parse(), Ok(1..=4u8))
    {
        return Err(bad(ff, Expected::SgfVersion));
    }
    let size = match get("SZ") {
        Some(sz) => read_size(&sz.value).map_err(|expected| bad(sz, expected))?,
        None => 19,
    };
    let komi = match get("KM") {
        Some(km) => read_number(&km.value).ok_or_else(|| bad(km, Expected::Komi))?,
        None => Komi::default(),
    };
    let handicap = match get("HA") {
        Some(ha) => read_number(&ha.value).ok_or_else(|| bad(ha, Expected::HandicapStones))?,
        None => 0,
    };
    let rules = match get("RU").map(|ru| (ru, ru.value.parse::<GoRules>())) {
        Some((_, Ok(rules))) => rules,
        Some((ru, Err(_))) => {
            properties.insert(
                0,
                Property {
                    id: ru.id.clone(),
                    values: vec![ru.value.clone()],
                    position: ru.position,
                },
            );
            GoRules::default()
        }
        None => GoRules::default(),
    };
    let first_player = match get("PL") {
        Some(pl) => Some(
            pl.value
                .trim()
                .parse::<Player>()
                .map_err(|_| bad(pl, Expected::Player))?,
        ),
        None => None,
    };

    let mut setup: Vec<(Point, Player)> = Vec::new();
    for property in &setup_properties {
        let player = match property.id.as_str() {
            "AB" => Some(Player::Black),
            "AW" => Some(Player::White),
            _ => None,
        };
        for value in &property.values {
            let points = read_points(value, size).ok_or_else(|| {
                let (id, value) = (property.id.clone(), value.clone());
                error(
                    property.position,
                    RecordErrorKind::Point { id, value, size },
                )
            })?;
            for p in points {
                setup.retain(|&(q, _)| q != p);
                if let Some(player) = player {
                    setup.push((p, player));
                }
            }
        }
    }
    let setup = super::black_first(setup);
    let setup_position = match setup_properties.first() {
        Some(property) => property.position,
        None => get("HA").and_then(|ha| ha.position),
    };

    let record = GoRecord {
        size,
        rules: rules.with_komi(komi),
        handicap,
        players: ishi_rules::ByColor::new(text("PB"), text("PW")),
        result: text("RE"),
        date: text("DT"),
        setup,
        first_player,
        comment,
        moves: Vec::new(),
        properties,
        variations: Vec::new(),
        other_games: Vec::new(),
    };
    Ok((record, setup_position))
}

/// A square board side from `SZ`: `19` or `19:19`.
fn read_size(value: &str) -> Result<usize, Expected> {
    let value = value.trim();
    let (columns, rows) = value.split_once(':').unwrap_or((value, value));
    match (
        columns.trim().parse::<usize>(),
        rows.trim().parse::<usize>(),
    ) {
        (Ok(columns), Ok(rows)) if columns != rows => Err(Expected::SquareBoard),
        (Ok(size), _) if (MIN_SIZE..=MAX_SIZE).contains(&size) => Ok(size),
        (Ok(_), _) => Err(Expected::BoardSize),
        _ => Err(Expected::SizeNumber),
    }
}

/// A number; an empty value is the default (0).
fn read_number<T: FromStr + Default>(value: &str) -> Option<T> {
    let value = value.trim();
    if value.is_empty() {
        Some(T::default())
    } else {
        value.parse().ok()
    }
}

/// The points of a setup value: one point, a rectangle `aa:cc` given by two corners, or
/// nothing for an empty value.
fn read_points(value: &str, size: usize) -> Option<Vec<Point>> {
    let value = value.trim();
    let Some((from, to)) = value.split_once(':') else {
        if value.is_empty() {
            return Some(Vec::new());
        }
        return Point::from_sgf(value, size).map(|p| vec![p]);
    };
    let (a, b) = (
        Point::from_sgf(from.trim(), size)?,
        Point::from_sgf(to.trim(), size)?,
    );
    let rows = a.row().min(b.row())..=a.row().max(b.row());
    let columns = a.col().min(b.col())..=a.col().max(b.col());
    Some(
        rows.rev()
            .flat_map(|row| columns.clone().filter_map(move |col| Point::new(col, row)))
            .collect(),
    )
}

/// The move of a `B` or `W` property: a point, or a pass written `[]` or `[tt]`.
fn read_move(property: &Property, size: usize) -> Result<Move, RecordError> {
    let [value] = property.values.as_slice() else {
        let (id, count) = (property.id.clone(), property.values.len());
        return Err(error(
            property.position,
            RecordErrorKind::ValueCount { id, count },
        ));
    };
    let value = value.trim();
    // `tt` is a pass on boards up to 19x19, which are all that Ishi plays.
    if value.is_empty() || value == "tt" {
        return Ok(Move::Pass);
    }
    Point::from_sgf(value, size)
        .map(Move::Place)
        .ok_or_else(|| {
            let (id, value) = (property.id.clone(), value.to_owned());
            error(
                property.position,
                RecordErrorKind::Point { id, value, size },
            )
        })
}
