//! The referee: one online game as the server owns it. Every change is a [`Record`] (who,
//! when, what), checked against the rules before anything changes; the game is its records
//! replayed, so what is stored is what was checked.

use ishi_rules::any::{CellMove, Position};
use ishi_rules::{ByColor, IllegalReason, Move, Player};
use ishi_scoring::{DeadStones, GameResult, WinBy};
use serde::{Deserialize, Serialize};

use crate::{Clock, GameSetup, SetupError, TimeControl};

/// The longest name shown to the other player, in characters.
pub const MAX_NAME: usize = 40;

/// Whether `name` (trimmed) is a player's name: 1 to [`MAX_NAME`] characters, none of them a
/// control character. A seat's name and an account's follow the same rule.
pub fn is_valid_name(name: &str) -> bool {
    let name = name.trim();
    let chars = name.chars().count();
    chars > 0 && chars <= MAX_NAME && !name.chars().any(char::is_control)
}

/// One change to a game, as stored and replayed.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Record {
    /// The seat that did it; `None` for the server's own (a flag fall).
    pub by: Option<Player>,
    /// When, in milliseconds since the Unix epoch (the server's clock).
    pub at_ms: i64,
    /// What.
    #[serde(flatten)]
    pub act: Act,
}

/// What a record does: what a seat sent, or one of the acts the server records itself.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "act", rename_all = "snake_case")]
pub enum Act {
    /// The seat (`by`) is taken by a player who shows as `name`.
    Sit {
        /// The name shown to others.
        name: String,
    },
    /// The server (`by` is `None`): the player to move ran out of time.
    Timeout,
    /// What the seat (`by`) sent, as the game keeps it.
    #[serde(untagged)]
    Seat(SeatAct),
}

/// What a seat does to its game: the acts of the protocol's messages and of the records.
///
/// `Seen` is what a move carries besides its name: nothing in a record (`()`), the number of
/// moves the player saw in a message ([`protocol::Seen`](crate::protocol::Seen)).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "act", rename_all = "snake_case")]
pub enum SeatAct<Seen = ()> {
    /// A move, as players write it (`f5`, `D4`, `pass`).
    Play {
        /// What the player had seen when they played it.
        #[serde(flatten)]
        seen: Seen,
        /// The move's name.
        #[serde(rename = "move")]
        mv: String,
    },
    /// Resign (before the other seat is taken: the game is called off).
    Resign,
    /// Ask to take back the seat's last move.
    Undo,
    /// Answer the other seat's undo request.
    UndoAnswer {
        /// Whether the move is taken back.
        accept: bool,
    },
    /// Go count: the chain through this point is marked dead, or alive again.
    Mark {
        /// The point's name (`D4`).
        point: String,
    },
    /// Go count: accept the count with exactly these stones dead (the list the seat was
    /// shown).
    AcceptCount {
        /// The dead stones, by name.
        dead: Vec<String>,
    },
    /// Go count: disagree; play goes on from before the passes that ended it.
    Resume,
}

impl From<SeatAct> for Act {
    fn from(act: SeatAct) -> Act {
        Act::Seat(act)
    }
}

impl<Seen> SeatAct<Seen> {
    /// The act as a record keeps it: a move without what the player had seen.
    pub fn recorded(self) -> SeatAct {
        match self {
            SeatAct::Play { mv, .. } => SeatAct::Play { seen: (), mv },
            SeatAct::Resign => SeatAct::Resign,
            SeatAct::Undo => SeatAct::Undo,
            SeatAct::UndoAnswer { accept } => SeatAct::UndoAnswer { accept },
            SeatAct::Mark { point } => SeatAct::Mark { point },
            SeatAct::AcceptCount { dead } => SeatAct::AcceptCount { dead },
            SeatAct::Resume => SeatAct::Resume,
        }
    }
}

/// Where a game is.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// A seat is free: waiting for the link to be opened.
    Waiting,
    /// Both seats taken; moves are played.
    Playing,
    /// Go after two passes: the players mark dead stones and accept the count.
    Counting,
    /// Finished.
    Over,
}

/// A move as played.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Played {
    /// Who played it.
    pub player: Player,
    /// The move.
    pub mv: CellMove,
    /// An Othello pass the rules forced (played by the referee, not by the player).
    pub forced: bool,
}

/// Why a record was refused. Nothing changed.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Refusal {
    /// The act needs a seat (the server's own records aside).
    NoSeat,
    /// The game is not in the phase the act needs (`Phase::Playing` for a move, say).
    WrongPhase(Phase),
    /// It is the other player's turn.
    NotYourTurn,
    /// The move's name is no move of this board.
    BadMove(String),
    /// The rules refuse the move.
    Illegal(IllegalReason),
    /// The seat is taken.
    SeatTaken,
    /// The name is empty, too long or has control characters.
    BadName,
    /// Undo: the last move is not the seat's, or there is none.
    NothingToUndo,
    /// Undo: a request is already waiting for an answer.
    UndoPending,
    /// Undo answer: no request from the other seat is waiting.
    NoUndoRequest,
    /// Count: the marks changed since the seat looked (the dead stones it sent differ).
    MarksChanged,
    /// The player to move has no time left: the game is lost on time.
    TimeUp,
    /// A timeout before the deadline.
    TimeLeft,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NoSeat => f.write_str("only a player of this game may do that"),
            Refusal::WrongPhase(phase) => write!(f, "not while the game is {phase:?}"),
            Refusal::NotYourTurn => f.write_str("it is the other player's turn"),
            Refusal::BadMove(text) => write!(f, "{text:?} is no move of this board"),
            Refusal::Illegal(reason) => write!(f, "illegal: {reason}"),
            Refusal::SeatTaken => f.write_str("the seat is taken"),
            Refusal::BadName => write!(
                f,
                "a name is 1 to {MAX_NAME} characters without control characters"
            ),
            Refusal::NothingToUndo => f.write_str("the last move is not yours"),
            Refusal::UndoPending => f.write_str("an undo request is waiting for an answer"),
            Refusal::NoUndoRequest => f.write_str("no undo request is waiting"),
            Refusal::MarksChanged => f.write_str("the dead stones changed since"),
            Refusal::TimeUp => f.write_str("the time is up"),
            Refusal::TimeLeft => f.write_str("the player to move still has time"),
        }
    }
}

impl std::error::Error for Refusal {}

/// One online game: set-up, seats, moves, clock, count.
///
/// ```
/// use ishi_online::{Act, GameSetup, Phase, Record, SeatAct, Table, TimeControl};
/// use ishi_rules::Player;
///
/// let setup = GameSetup::Othello { board: "8x8".parse()? };
/// let mut table = Table::new(setup, TimeControl::None)?;
/// let at = |ms, by, act| Record { by: Some(by), at_ms: ms, act };
/// let sit = |name: &str| Act::Sit { name: name.into() };
/// table.apply(&at(0, Player::Black, sit("Ann")))?;
/// table.apply(&at(1, Player::White, sit("Bo")))?;
/// assert_eq!(table.phase(), Phase::Playing);
/// let play = |name: &str| Act::Seat(SeatAct::Play { seen: (), mv: name.into() });
/// table.apply(&at(2, Player::Black, play("f5")))?;
/// assert!(table.apply(&at(3, Player::Black, play("d6"))).is_err());
/// assert_eq!(table.moves().len(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Table {
    setup: GameSetup,
    names: ByColor<Option<String>>,
    /// Where the game began.
    start: Position,
    /// The position after `moves`. Only the current one is kept (a 19x19 position with its
    /// superko history is kilobytes); a move taken back replays the moves from the start.
    position: Position,
    moves: Vec<Played>,
    phase: Phase,
    undo_request: Option<Player>,
    dead: DeadStones,
    accepted: ByColor<bool>,
    clock: Clock,
    result: Option<GameResult>,
}

impl Table {
    /// A new game with both seats free.
    ///
    /// # Errors
    ///
    /// [`SetupError`] for a board or clock the rules refuse.
    pub fn new(setup: GameSetup, time: TimeControl) -> Result<Table, SetupError> {
        let start = setup.start()?;
        let time = time.check().map_err(SetupError::Time)?;
        Ok(Table {
            setup,
            names: ByColor::default(),
            position: start.clone(),
            start,
            moves: Vec::new(),
            phase: Phase::Waiting,
            undo_request: None,
            dead: DeadStones::new(),
            accepted: ByColor::default(),
            clock: Clock::new(time),
            result: None,
        })
    }

    /// The board and rules.
    pub fn setup(&self) -> &GameSetup {
        &self.setup
    }

    /// The clock.
    pub fn clock(&self) -> &Clock {
        &self.clock
    }

    /// The names of the seated players.
    pub fn names(&self) -> ByColor<Option<&str>> {
        ByColor::new(self.names.black.as_deref(), self.names.white.as_deref())
    }

    /// The first free seat, if any.
    pub fn free_seat(&self) -> Option<Player> {
        [Player::Black, Player::White]
            .into_iter()
            .find(|&p| self.names[p].is_none())
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The start position.
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// The moves played, forced passes included.
    pub fn moves(&self) -> &[Played] {
        &self.moves
    }

    /// Where the game is.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Who asked to take a move back, while the other has not answered.
    pub fn undo_request(&self) -> Option<Player> {
        self.undo_request
    }

    /// Go count: the stones marked dead.
    pub fn dead(&self) -> &DeadStones {
        &self.dead
    }

    /// Go count: who has accepted the marks as they are.
    pub fn accepted(&self) -> ByColor<bool> {
        self.accepted
    }

    /// The result, once over.
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }

    /// Whose clock is running: the player to move while the game is played.
    pub fn running(&self) -> Option<Player> {
        (self.phase == Phase::Playing).then(|| self.position().turn())
    }

    /// When the player to move runs out of time, if their clock runs.
    pub fn deadline(&self) -> Option<i64> {
        self.clock.deadline(self.running()?)
    }

    /// Whether `by` resending the move `mv` (a name) played after `after` moves is a resend
    /// of a move already taken: the move at that place is theirs and the same.
    pub fn is_resend(&self, by: Player, after: usize, mv: &str) -> bool {
        // A move's name reads the same on any position of the board.
        self.moves.get(after).is_some_and(|played| {
            played.player == by && !played.forced && self.position.parse_move(mv) == Ok(played.mv)
        })
    }

    /// Applies a record: checks it against the game and the rules, then changes the game.
    ///
    /// # Errors
    ///
    /// [`Refusal`] when the record is not allowed now; nothing changed.
    pub fn apply(&mut self, record: &Record) -> Result<(), Refusal> {
        let at = record.at_ms;
        let Some(by) = record.by else {
            return match record.act {
                Act::Timeout => self.timeout(at),
                _ => Err(Refusal::NoSeat),
            };
        };
        let act = match &record.act {
            Act::Sit { name } => return self.sit(by, name, at),
            Act::Timeout => return Err(Refusal::NoSeat),
            Act::Seat(act) => act,
        };
        match act {
            SeatAct::Play { mv, .. } => self.play(by, mv, at),
            SeatAct::Resign => self.resign(by),
            SeatAct::Undo => self.ask_undo(by),
            SeatAct::UndoAnswer { accept } => self.answer_undo(by, *accept, at),
            SeatAct::Mark { point } => self.mark(point),
            SeatAct::AcceptCount { dead } => self.accept_count(by, dead),
            SeatAct::Resume => self.resume(at),
        }
    }

    fn expect(&self, phase: Phase) -> Result<(), Refusal> {
        if self.phase == phase {
            Ok(())
        } else {
            Err(Refusal::WrongPhase(self.phase))
        }
    }

    fn sit(&mut self, by: Player, name: &str, at: i64) -> Result<(), Refusal> {
        self.expect(Phase::Waiting)?;
        if self.names[by].is_some() {
            return Err(Refusal::SeatTaken);
        }
        let name = name.trim();
        if !is_valid_name(name) {
            return Err(Refusal::BadName);
        }
        self.names[by] = Some(name.to_owned());
        if self.free_seat().is_none() {
            self.phase = Phase::Playing;
            self.clock.start(at);
        }
        Ok(())
    }

    fn play(&mut self, by: Player, name: &str, at: i64) -> Result<(), Refusal> {
        self.expect(Phase::Playing)?;
        let position = self.position();
        if position.turn() != by {
            return Err(Refusal::NotYourTurn);
        }
        let mv = position
            .parse_move(name)
            .map_err(|_| Refusal::BadMove(name.chars().take(16).collect()))?;
        let next = position.play(mv).map_err(Refusal::Illegal)?;
        let mut clock = self.clock;
        clock.charge(by, at).map_err(|_| Refusal::TimeUp)?;
        self.clock = clock;
        self.push(by, mv, next, false);
        self.undo_request = None;
        self.settle();
        Ok(())
    }

    /// Keeps the first `n` moves: the position is replayed from the start.
    fn take_back_to(&mut self, n: usize) {
        self.moves.truncate(n);
        let mut position = self.start.clone();
        for played in &self.moves {
            // Each was checked when it was played, from the same start.
            if let Ok(next) = position.play(played.mv) {
                position = next;
            }
        }
        self.position = position;
    }

    fn push(&mut self, player: Player, mv: CellMove, next: Position, forced: bool) {
        self.moves.push(Played { player, mv, forced });
        self.position = next;
    }

    /// Plays Othello's forced passes, and ends or starts counting a game the rules ended.
    fn settle(&mut self) {
        while self.position().must_pass() {
            let player = self.position().turn();
            let Ok(next) = self.position().play(Move::Pass) else {
                break;
            };
            self.push(player, Move::Pass, next, true);
        }
        let position = self.position();
        if !position.is_over() {
            return;
        }
        match position {
            Position::Othello(o) => self.finish(GameResult::from_margin(o.score().margin() * 2)),
            Position::Go(g) => {
                self.dead = ishi_scoring::guess_dead_stones(g);
                self.accepted = ByColor::default();
                self.phase = Phase::Counting;
                self.clock.stop();
            }
        }
    }

    fn finish(&mut self, result: GameResult) {
        self.result = Some(result);
        self.phase = Phase::Over;
        self.undo_request = None;
        self.clock.stop();
    }

    fn resign(&mut self, by: Player) -> Result<(), Refusal> {
        match self.phase {
            Phase::Over => Err(Refusal::WrongPhase(Phase::Over)),
            Phase::Waiting => {
                self.finish(GameResult::Void);
                Ok(())
            }
            Phase::Playing | Phase::Counting => {
                self.finish(GameResult::Win {
                    winner: !by,
                    by: WinBy::Resignation,
                });
                Ok(())
            }
        }
    }

    /// The index of the last move a player chose (not a forced pass).
    fn last_choice(&self) -> Option<usize> {
        self.moves.iter().rposition(|played| !played.forced)
    }

    fn ask_undo(&mut self, by: Player) -> Result<(), Refusal> {
        self.expect(Phase::Playing)?;
        if self.undo_request.is_some() {
            return Err(Refusal::UndoPending);
        }
        match self.last_choice() {
            Some(i) if self.moves[i].player == by => {
                self.undo_request = Some(by);
                Ok(())
            }
            _ => Err(Refusal::NothingToUndo),
        }
    }

    fn answer_undo(&mut self, by: Player, accept: bool, at: i64) -> Result<(), Refusal> {
        self.expect(Phase::Playing)?;
        if self.undo_request != Some(!by) {
            return Err(Refusal::NoUndoRequest);
        }
        self.undo_request = None;
        if accept {
            // The request is dropped by any move, so the last choice is the asker's.
            let i = self.last_choice().unwrap_or(0);
            self.take_back_to(i);
            self.clock.start(at);
        }
        Ok(())
    }

    fn counted_go(&self) -> Result<&ishi_rules::go::Go, Refusal> {
        self.expect(Phase::Counting)?;
        self.position().go().ok_or(Refusal::WrongPhase(self.phase))
    }

    fn mark(&mut self, point: &str) -> Result<(), Refusal> {
        let go = self.counted_go()?;
        let bad = || Refusal::BadMove(point.chars().take(16).collect());
        let p = match self.position().parse_move(point).map_err(|_| bad())? {
            Move::Place(cell) => ishi_rules::any::go_point(cell, go.size()).ok_or_else(bad)?,
            Move::Pass => return Err(bad()),
        };
        if go.stone_at(p).is_none() {
            return Err(Refusal::Illegal(IllegalReason::OffBoard));
        }
        let mut dead = self.dead.clone();
        dead.toggle_chain(go, p);
        self.dead = dead;
        self.accepted = ByColor::default();
        Ok(())
    }

    /// The dead stones' names, sorted: what a seat sends back to accept them.
    pub fn dead_names(&self) -> Vec<String> {
        let mut names: Vec<String> = self.dead.iter().map(|p| p.to_string()).collect();
        names.sort();
        names
    }

    fn accept_count(&mut self, by: Player, dead: &[String]) -> Result<(), Refusal> {
        let go = self.counted_go()?;
        let mut seen: Vec<&str> = dead.iter().map(String::as_str).collect();
        seen.sort_unstable();
        if seen != self.dead_names() {
            return Err(Refusal::MarksChanged);
        }
        let result = ishi_scoring::score(go, &self.dead).result();
        self.accepted[by] = true;
        if self.accepted.black && self.accepted.white {
            self.finish(result);
        }
        Ok(())
    }

    fn resume(&mut self, at: i64) -> Result<(), Refusal> {
        self.counted_go()?;
        let first_pass = self
            .moves
            .iter()
            .rposition(|played| !played.mv.is_pass())
            .map_or(0, |i| i + 1);
        self.take_back_to(first_pass);
        self.dead = DeadStones::new();
        self.accepted = ByColor::default();
        self.phase = Phase::Playing;
        self.clock.start(at);
        Ok(())
    }

    fn timeout(&mut self, at: i64) -> Result<(), Refusal> {
        self.expect(Phase::Playing)?;
        let loser = self.position().turn();
        match self.clock.deadline(loser) {
            Some(deadline) if at >= deadline => {
                self.finish(GameResult::Win {
                    winner: !loser,
                    by: WinBy::Time,
                });
                Ok(())
            }
            _ => Err(Refusal::TimeLeft),
        }
    }
}
