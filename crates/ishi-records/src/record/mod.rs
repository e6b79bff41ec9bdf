//! Go game records: the typed reading of an SGF game tree, its replay, and its printing.

mod error;
mod read;

use ishi_rules::go::{Go, GoRules, Move, Point, Setup, handicap};
use ishi_rules::{ByColor, Game, IllegalReason, Player};

use crate::sgf::{self, Collection, GameTree, Node, Property};

pub use error::{Expected, RecordError, RecordErrorKind};
use read::Locations;

/// A Go game record: the game information, the setup and the moves of the main line, with
/// what SGF holds beyond them (other properties, variations, other games) kept for printing.
///
/// [`GoRecord::parse`] reads one from SGF and checks it all, replay included;
/// [`GoRecord::to_sgf`] prints it. The fields are plain data: a record changed in code is
/// checked again by [`start`](GoRecord::start) and [`replay`](GoRecord::replay).
///
/// **Reading the main line.** The properties of the nodes before the first move (and the
/// setup properties of the first move's node) make the root: game information, setup, one
/// comment. A node without a move after the first move is folded into the move before it:
/// its comment is added to that move's comment, its other properties to that move's. The
/// printed record therefore has one node per move.
///
/// ```
/// use ishi_records::GoRecord;
/// use ishi_rules::go::{Go, GoRules, Move};
///
/// let start = Go::new(9, GoRules::CHINESE)?;
/// let mut record = GoRecord::from_game(&start, &[Move::Place("E5".parse()?), Move::Pass]);
/// record.players.black = Some("Ann".to_owned());
/// let sgf = record.to_sgf();
/// assert!(sgf.starts_with("(;FF[4]GM[1]CA[UTF-8]SZ[9]KM[7.5]RU[Chinese]PB[Ann]\n;B[ee]\n;W[])"));
/// assert_eq!(GoRecord::parse(&sgf)?, record);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct GoRecord {
    /// The board side (`SZ`; 19 when missing).
    pub size: usize,
    /// The rules (`RU`; Japanese when missing or unknown) with the komi (`KM`; 0 when
    /// missing). An `RU` that names no preset (`AGA`, say) is kept in
    /// [`properties`](GoRecord::properties) and printed from there, in place of these rules.
    pub rules: GoRules,
    /// The number of handicap stones (`HA`; 0 when missing). It is information: the stones
    /// are in [`setup`](GoRecord::setup). Only a record with no setup stones at all gets the
    /// fixed handicap placement of that many stones.
    pub handicap: u8,
    /// The players' names (`PB`, `PW`).
    pub players: ByColor<Option<String>>,
    /// The result as written (`RE`): `B+3.5`, `W+R`, `0`...
    pub result: Option<String>,
    /// The date as written (`DT`).
    pub date: Option<String>,
    /// The stones on the board before the first move (`AB`, `AW`, `AE`), Black's first.
    pub setup: Vec<(Point, Player)>,
    /// The player to move first (`PL`). When missing, it is the player of the first move;
    /// with no move, White after handicap stones and Black otherwise.
    pub first_player: Option<Player>,
    /// The comment on the game (`C` of the root).
    pub comment: Option<String>,
    /// The moves of the main line.
    pub moves: Vec<RecordedMove>,
    /// The other properties of the root (`GN`, `EV`, `AP`...), in file order, printed after
    /// the ones this type reads.
    pub properties: Vec<Property>,
    /// The variations that branch off before the first move: alternatives to it.
    pub variations: Vec<GameTree>,
    /// The other game trees of the collection, printed after this game.
    pub other_games: Vec<GameTree>,
}

/// A move of the main line with its node's comment, other properties and the variations that
/// branch off after it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RecordedMove {
    /// Who plays it (`B` or `W`). Records may have one player move twice in a row.
    pub player: Player,
    /// The move.
    pub mv: Move,
    /// The comment (`C`).
    pub comment: Option<String>,
    /// The node's other properties (`BL`, `WL`, `LB`...), in file order.
    pub properties: Vec<Property>,
    /// The game trees that branch off after this move: alternatives to the next one.
    pub variations: Vec<GameTree>,
}

impl RecordedMove {
    /// `player` plays `mv`, with no comment, property or variation.
    pub fn new(player: Player, mv: Move) -> RecordedMove {
        RecordedMove {
            player,
            mv,
            comment: None,
            properties: Vec::new(),
            variations: Vec::new(),
        }
    }
}

/// Whether a game tree is Go: its root says `GM[1]`, or nothing (Go is SGF's default).
fn is_go(tree: &GameTree) -> bool {
    let game = tree.root().and_then(|root| root.get("GM"));
    game.is_none_or(|gm| gm.values.first().map(|v| v.trim()) == Some("1"))
}

/// The name of a rules preset as SGF's `RU` writes it: `Japanese`, `Tromp-Taylor`.
fn rules_name(name: &str) -> String {
    name.split('-')
        .map(|word| {
            let mut chars = word.chars();
            chars
                .next()
                .map(|first| first.to_uppercase().chain(chars).collect::<String>())
                .unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join("-")
}

impl GoRecord {
    /// Reads the first Go game of an SGF collection and checks it: the game information,
    /// the setup and every move of the main line, replayed.
    ///
    /// `input` is bytes (the charset comes from `CA`: UTF-8, or ISO-8859-1) or text.
    /// The other game trees of the collection are kept in
    /// [`other_games`](GoRecord::other_games).
    ///
    /// ```
    /// use ishi_records::GoRecord;
    ///
    /// let error = GoRecord::parse("(;SZ[9]\n;B[ee];W[ee])").unwrap_err();
    /// assert_eq!(
    ///     error.to_string(),
    ///     "line 2, column 8: move 2 (white E5) is illegal: the point is occupied"
    /// );
    /// ```
    ///
    /// # Errors
    ///
    /// [`RecordError`] with the line and column of the syntax error or of the property at
    /// fault: no Go game (`GM` other than 1), a board that is not square or not 5 to 19, a
    /// komi that is not a multiple of 0.5, a point off the board, setup after the first move,
    /// setup stones without liberties, an illegal move (with its number).
    pub fn parse(input: impl AsRef<[u8]>) -> Result<GoRecord, RecordError> {
        GoRecord::from_collection(sgf::parse(input)?)
    }

    /// Reads the first Go game of a collection, as [`parse`](GoRecord::parse) does.
    ///
    /// # Errors
    ///
    /// As [`parse`](GoRecord::parse), without the syntax errors; [`RecordErrorKind::Empty`]
    /// for a collection without trees.
    pub fn from_collection(collection: Collection) -> Result<GoRecord, RecordError> {
        let mut trees = collection.trees;
        let Some(index) = trees.iter().position(is_go) else {
            let gm = trees
                .first()
                .and_then(|tree| tree.root())
                .and_then(|root| root.get("GM"));
            return Err(match gm {
                Some(gm) => RecordError {
                    position: gm.position,
                    kind: RecordErrorKind::NotGo(gm.values.concat()),
                },
                None => RecordError {
                    position: None,
                    kind: RecordErrorKind::Empty,
                },
            });
        };
        let tree = trees.remove(index);
        let (mut record, locations) = read::read(tree)?;
        record.other_games = trees;
        record.replay_located(&locations)?;
        Ok(record)
    }

    /// The record of `moves` played from `start`: size, rules, komi and setup stones from
    /// the position, the players alternating from the one to move.
    ///
    /// A start with only Black stones (two or more) and White to move is a handicap game
    /// (`HA`). `PL` is set when the player to move is not the one a reader would assume.
    /// The start's prisoners, ko and history are not part of a record.
    pub fn from_game(start: &Go, moves: &[Move]) -> GoRecord {
        let Setup {
            size,
            rules,
            stones,
            turn,
            ..
        } = start.setup();
        let stones = black_first(stones);
        let only_black = stones.iter().all(|&(_, player)| player == Player::Black);
        let handicap = if turn == Player::White && only_black {
            u8::try_from(stones.len()).ok().filter(|&n| n >= 2)
        } else {
            None
        };
        let assumed = if handicap.is_some() {
            Player::White
        } else {
            Player::Black
        };
        let mut player = turn;
        let moves = moves
            .iter()
            .map(|&mv| {
                let recorded = RecordedMove::new(player, mv);
                player = !player;
                recorded
            })
            .collect();
        GoRecord {
            size,
            rules,
            handicap: handicap.unwrap_or(0),
            players: ByColor::default(),
            result: None,
            date: None,
            setup: stones,
            first_player: (turn != assumed).then_some(turn),
            comment: None,
            moves,
            properties: Vec::new(),
            variations: Vec::new(),
            other_games: Vec::new(),
        }
    }

    /// The position before the first move: the board, the rules and komi, the setup stones
    /// (or a fixed handicap when there are none), the player to move.
    ///
    /// # Errors
    ///
    /// [`RecordErrorKind::Setup`] when the stones are not a position (a chain without
    /// liberties) or the size is not 5 to 19; [`RecordErrorKind::Handicap`] for a handicap
    /// without setup stones that the board cannot take.
    pub fn start(&self) -> Result<Go, RecordError> {
        self.start_located(&Locations::default())
    }

    /// The start and the position after each move of the main line: one more position than
    /// moves.
    ///
    /// SGF lets a player move twice in a row, and a game go on after two passes (when the
    /// players resume to settle dead stones). Such a move is played from a new setup of the
    /// position with its player to move: the positions from there on have no history before
    /// it (superko looks no further back, [`Go::move_number`] counts from there).
    ///
    /// # Errors
    ///
    /// As [`start`](GoRecord::start); [`RecordErrorKind::Illegal`] with the move's number
    /// for the first move the rules refuse.
    pub fn replay(&self) -> Result<Vec<Go>, RecordError> {
        self.replay_located(&Locations::default())
    }

    fn start_located(&self, locations: &Locations) -> Result<Go, RecordError> {
        let error = |kind| RecordError {
            position: locations.setup,
            kind,
        };
        let stones = if self.setup.is_empty() && self.handicap >= 2 {
            handicap::fixed_handicap(self.size, self.handicap)
                .map_err(|e| error(RecordErrorKind::Handicap(e)))?
                .into_iter()
                .map(|p| (p, Player::Black))
                .collect()
        } else {
            self.setup.clone()
        };
        let turn = self
            .first_player
            .or(self.moves.first().map(|m| m.player))
            .unwrap_or(if self.handicap >= 2 && !stones.is_empty() {
                Player::White
            } else {
                Player::Black
            });
        let setup = Setup {
            size: self.size,
            rules: self.rules,
            stones,
            turn,
            captures: ByColor::default(),
        };
        Go::from_setup(&setup).map_err(|e| error(RecordErrorKind::Setup(e)))
    }

    fn replay_located(&self, locations: &Locations) -> Result<Vec<Go>, RecordError> {
        let mut position = self.start_located(locations)?;
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        positions.push(position.clone());
        for (i, m) in self.moves.iter().enumerate() {
            let error = |kind| RecordError {
                position: locations.of_move(i),
                kind,
            };
            if position.turn() != m.player || position.check(m.mv) == Err(IllegalReason::GameOver) {
                let setup = Setup {
                    turn: m.player,
                    ..position.setup()
                };
                position = Go::from_setup(&setup).map_err(|e| error(RecordErrorKind::Setup(e)))?;
            }
            position = position.play(m.mv).map_err(|e| {
                error(RecordErrorKind::Illegal {
                    number: i + 1,
                    player: m.player,
                    mv: m.mv,
                    reason: e.reason,
                })
            })?;
            positions.push(position.clone());
        }
        Ok(positions)
    }

    /// The record as SGF: this game, then the other games of its collection.
    ///
    /// The root node starts with `FF[4]GM[1]CA[UTF-8]SZ KM RU HA PB PW DT RE`, then the setup
    /// (`AB AW PL`), the comment and the other properties; each move is a node of its own
    /// line, `;B[dd]` with a pass as `;B[]`.
    pub fn to_sgf(&self) -> String {
        self.to_collection().to_string()
    }

    /// The record as an SGF collection: this game's tree, then the other games.
    pub fn to_collection(&self) -> Collection {
        let mut trees = vec![self.game_tree()];
        trees.extend(self.other_games.iter().cloned());
        Collection { trees }
    }

    fn root_node(&self) -> Node {
        let mut properties = vec![
            Property::new("FF", ["4"]),
            Property::new("GM", ["1"]),
            Property::new("CA", ["UTF-8"]),
            Property::new("SZ", [self.size.to_string()]),
            Property::new("KM", [self.rules.komi.to_string()]),
        ];
        if let Some(name) = self.rules.name()
            && !self.properties.iter().any(|p| p.id == "RU")
        {
            properties.push(Property::new("RU", [rules_name(name)]));
        }
        if self.handicap > 0 {
            properties.push(Property::new("HA", [self.handicap.to_string()]));
        }
        let texts = [
            ("PB", &self.players.black),
            ("PW", &self.players.white),
            ("DT", &self.date),
            ("RE", &self.result),
        ];
        for (id, text) in texts {
            properties.extend(text.iter().map(|text| Property::new(id, [text])));
        }
        for player in Player::ALL {
            let points: Vec<String> = self
                .setup
                .iter()
                .filter(|&&(_, p)| p == player)
                .map(|(point, _)| point.to_sgf(self.size))
                .collect();
            if !points.is_empty() {
                properties.push(Property::new(format!("A{}", player.letter()), points));
            }
        }
        if let Some(player) = self.first_player {
            properties.push(Property::new("PL", [player.letter().to_string()]));
        }
        properties.extend(self.comment.iter().map(|c| Property::new("C", [c])));
        properties.extend(self.properties.iter().cloned());
        Node { properties }
    }

    /// The move a node of a variation plays, read as the main line's moves are, with where
    /// its property is in the text; `None` for a node that plays no move.
    ///
    /// # Errors
    ///
    /// [`RecordError`] at the property: two moves in one node, a value that is not a point
    /// of this record's board.
    pub fn variation_move(
        &self,
        node: &Node,
    ) -> Result<Option<(RecordedMove, Option<sgf::Position>)>, RecordError> {
        read::node_move(node, self.size)
    }

    /// The node that plays `mv` for `player`, as this record prints its moves (for the
    /// variations a program builds).
    pub fn variation_node(&self, player: Player, mv: Move) -> Node {
        self.move_node(&RecordedMove::new(player, mv))
    }

    fn move_node(&self, m: &RecordedMove) -> Node {
        let point =
            m.mv.point()
                .map(|p| p.to_sgf(self.size))
                .unwrap_or_default();
        let mut properties = vec![Property::new(m.player.letter().to_string(), [point])];
        properties.extend(m.comment.iter().map(|c| Property::new("C", [c])));
        properties.extend(m.properties.iter().cloned());
        Node { properties }
    }

    /// The game tree: the main line's nodes, split into nested trees where variations branch
    /// off. Built from the last move back.
    fn game_tree(&self) -> GameTree {
        let entries = std::iter::once((self.root_node(), &self.variations)).chain(
            self.moves
                .iter()
                .map(|m| (self.move_node(m), &m.variations)),
        );
        let entries: Vec<_> = entries.collect();
        // The nodes after the current entry, last first, and the variations after them.
        let mut nodes: Vec<Node> = Vec::new();
        let mut tail: Vec<GameTree> = Vec::new();
        for (node, variations) in entries.into_iter().rev() {
            if !variations.is_empty() {
                let mut main: Vec<Node> = std::mem::take(&mut nodes);
                main.reverse();
                if main.is_empty() {
                    // An empty node keeps the branches variations: alone, the first would
                    // read as the main line.
                    main.push(Node::default());
                }
                let main = GameTree {
                    nodes: main,
                    variations: std::mem::take(&mut tail),
                };
                tail = std::iter::once(main)
                    .chain(variations.iter().cloned())
                    .collect();
            }
            nodes.push(node);
        }
        nodes.reverse();
        GameTree {
            nodes,
            variations: tail,
        }
    }
}
/// `stones` with Black's before White's, each colour's in the order they came (a stable
/// partition, not a sort: it needs no sorting code for this one type in the web build).
pub(crate) fn black_first(stones: Vec<(Point, Player)>) -> Vec<(Point, Player)> {
    let (mut black, white): (Vec<_>, Vec<_>) = stones
        .into_iter()
        .partition(|&(_, player)| player == Player::Black);
    black.extend(white);
    black
}
