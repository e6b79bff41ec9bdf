//! An online game on screen: the game server owns it ([`ishi_online`]), the app shows the
//! server's latest view of it as a [`Match`] (so the board, the count and the review work as
//! in a local game) and turns the player's actions into messages to the server.
//!
//! A move the player makes shows at once and is marked pending until a view from the server
//! holds it; when the link is down it waits, and it is sent again (with the number of moves
//! it follows, so that the server never plays it twice) when the link is back. What the
//! server refuses is taken back from the board, with its reason in the status line.
//!
//! The computer's help (the values, the territory) stays out of an online game until it is
//! over.

use ishi_online::protocol::{
    ClientMessage, GameId, GameView, Reason, Seen, ServerMessage, Summary, Token,
};
use ishi_online::{GameSetup, Phase, SeatAct, SeatChoice, TimeControl};
use ishi_rules::{Move, Player};
use ishi_scoring::DeadStones;

use super::{AppError, Effects, Feedback};
use crate::model::{
    Action, GameKind, GoConfig, Match, MatchConfig, OthelloConfig, OthelloStart, humans,
};
use crate::saved::OnlineSeat;

/// The link to the server.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Link {
    /// Opening, the first time.
    Connecting,
    /// Open.
    Up,
    /// Lost: reconnecting.
    Down,
}

/// A move sent, not yet in a view from the server.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Pending {
    /// The number of moves it follows.
    pub after: usize,
    /// Its name.
    pub mv: String,
}

/// Something to do with online games.
#[derive(Clone, PartialEq, Debug)]
pub enum OnlineAction {
    /// Start a game and wait for a friend: the set-up, the clock and the creator's colour.
    Create {
        /// The board and rules.
        setup: GameSetup,
        /// The clock.
        time: TimeControl,
        /// The creator's colour.
        seat: SeatChoice,
    },
    /// Open a game from its link or the list: take its free seat, play the seat this device
    /// holds, or watch.
    Open(GameId),
    /// The link came up (`true`) or went down.
    Link(bool),
    /// A message from the server, at the device's clock `at_ms`.
    Received {
        /// The message.
        message: Incoming,
        /// When it came (ms, the device's clock).
        at_ms: f64,
    },
    /// Answer the other player's undo request.
    AnswerUndo(bool),
    /// Go count: disagree and play on.
    Resume,
    /// Ask the server for the state of this device's games.
    RefreshList,
    /// Back to the local games.
    Leave,
    /// The name shown to the other player.
    SetName(String),
    /// The server's address (the desktop app; the web app uses its own origin).
    SetServer(String),
}

/// What the reducer takes of the server's messages: the games'. The others (the accounts',
/// the lobby's, the chat's) are left out where the messages are decoded (`net::decode`, the
/// protocol's lazy module): the first board's module carries no code of theirs, however the
/// protocol grows.
#[derive(Clone, PartialEq, Debug)]
pub enum Incoming {
    /// [`ServerMessage::Seated`].
    Seated {
        /// The game.
        game: GameId,
        /// The seat.
        seat: Player,
        /// Its token.
        token: Token,
    },
    /// [`ServerMessage::Game`].
    Game(Box<GameView>),
    /// [`ServerMessage::Refused`].
    Refused {
        /// The game it was about, if any.
        game: Option<GameId>,
        /// Why.
        reason: Reason,
    },
    /// [`ServerMessage::List`].
    List {
        /// The games.
        games: Vec<Summary>,
    },
    /// [`ServerMessage::Pong`].
    Pong {
        /// The app's clock, as sent.
        t: f64,
    },
}

impl Incoming {
    /// What the reducer takes of `message`, if anything.
    pub fn of(message: ServerMessage) -> Option<Incoming> {
        Some(match message {
            ServerMessage::Seated { game, seat, token } => Incoming::Seated { game, seat, token },
            ServerMessage::Game(view) => Incoming::Game(view),
            ServerMessage::Refused { game, reason, .. } => Incoming::Refused { game, reason },
            ServerMessage::List { games } => Incoming::List { games },
            ServerMessage::Pong { t, .. } => Incoming::Pong { t },
            _ => return None,
        })
    }
}

/// The online game on screen.
#[derive(Clone, Debug)]
pub struct Online {
    /// The game, once the server named it.
    pub game: Option<GameId>,
    /// The seat this device holds in it.
    pub seat: Option<OnlineSeat>,
    /// The server's latest view.
    pub view: Option<GameView>,
    /// The link.
    pub link: Link,
    /// The move sent and not yet taken.
    pub pending: Option<Pending>,
    /// When the latest view came (the device's clock, ms).
    pub received_ms: f64,
    /// The link's last round trip (ms).
    pub rtt_ms: f64,
    /// What the opening message was, to send again when the link comes back.
    pub hello: Hello,
}

/// The message that opens the game on screen ([`Online::hello`]): its own type rather than
/// a [`ClientMessage`], so that sending it again copies these three kinds of message, not
/// every kind the protocol has (whose copying was 1.7 KB of the first board's module).
#[derive(Clone, PartialEq, Debug)]
pub enum Hello {
    /// [`ClientMessage::Create`].
    Create {
        /// The board and rules.
        setup: GameSetup,
        /// The clock.
        time: TimeControl,
        /// The creator's colour.
        seat: SeatChoice,
        /// The creator's name.
        name: String,
    },
    /// [`ClientMessage::Join`].
    Join {
        /// The game.
        game: GameId,
        /// The name shown if a seat is taken.
        name: String,
    },
    /// [`ClientMessage::Open`].
    Open {
        /// The game.
        game: GameId,
        /// The seat's token, if this device holds one.
        token: Option<Token>,
    },
}

impl Hello {
    /// The message.
    pub fn message(&self) -> ClientMessage {
        match self.clone() {
            Hello::Create {
                setup,
                time,
                seat,
                name,
            } => ClientMessage::Create {
                setup,
                time,
                seat,
                name,
            },
            Hello::Join { game, name } => ClientMessage::Join { game, name },
            Hello::Open { game, token } => ClientMessage::Open { game, token },
        }
    }
}

/// The configuration of a local match that shows an online game: two people.
pub fn match_config(setup: &GameSetup) -> MatchConfig {
    match *setup {
        GameSetup::Othello { board } => MatchConfig::Othello(OthelloConfig {
            start: OthelloStart::Shape(board),
            sides: humans(),
        }),
        GameSetup::Go {
            size,
            rules,
            handicap,
        } => MatchConfig::Go(GoConfig {
            size,
            rules,
            handicap,
            sides: humans(),
        }),
    }
}

/// The match a view shows: its moves replayed, its count marks, its ending; `pending` played
/// on top while the server has not taken it.
///
/// # Errors
///
/// [`AppError::Online`] when the view does not replay (a server of another version).
pub fn match_of(view: &GameView, pending: Option<&Pending>) -> Result<Match, AppError> {
    let broken = || AppError::Online(ishi_online::protocol::Reason::Malformed);
    let mut m = Match::new(match_config(&view.setup)).map_err(|_| broken())?;
    for played in view.moves.iter().filter(|p| !p.forced) {
        let mv = m.position().parse_move(&played.mv).map_err(|_| broken())?;
        m.force_play(mv).map_err(|_| broken())?;
    }
    if (view.phase == Phase::Counting || view.phase == Phase::Over)
        && let Some(go) = m.position().go()
    {
        let dead = DeadStones::from_names(go, &view.dead);
        if m.is_counting() {
            m.mark_dead(dead).map_err(|_| broken())?;
        }
    }
    if let Some(result) = view.result
        && !m.is_over()
    {
        // An accepted count shows as the count; any other ending (a resignation, a flag
        // fall, a game called off) as decided.
        if m.is_counting() && m.count().map(|c| c.result()) == Some(result) {
            m.apply(Action::AcceptCount).map_err(|_| broken())?;
        } else {
            m.force_decide(result).map_err(|_| broken())?;
        }
    }
    if let Some(p) = pending.filter(|p| p.after == view.moves.len())
        && let Ok(mv) = m.position().parse_move(&p.mv)
    {
        // A pending move the rules refuse is not shown; the server will say why.
        let _shown = m.force_play(mv);
    }
    Ok(m)
}

impl Online {
    /// A session opening `game` (or, with `None`, creating one with `hello`).
    pub fn new(game: Option<GameId>, seat: Option<OnlineSeat>, hello: Hello) -> Online {
        Online {
            game,
            seat,
            view: None,
            link: Link::Connecting,
            pending: None,
            received_ms: 0.0,
            rtt_ms: 0.0,
            hello,
        }
    }

    /// The seat's player, when this device plays here.
    pub fn you(&self) -> Option<Player> {
        self.seat.as_ref().map(|s| s.seat)
    }

    /// Whether it is this device's turn in a game being played, with no move pending.
    pub fn my_turn(&self) -> bool {
        let Some(view) = &self.view else {
            return false;
        };
        view.phase == Phase::Playing && self.pending.is_none() && self.you() == Some(turn(view))
    }

    /// Whether the seat may ask to take back a move: its own move is the last one chosen,
    /// the game is being played, and no request is waiting.
    pub fn can_ask_undo(&self) -> bool {
        let (Some(view), Some(you)) = (&self.view, self.you()) else {
            return false;
        };
        view.phase == Phase::Playing
            && view.undo_request.is_none()
            && self.pending.is_none()
            && view
                .moves
                .iter()
                .rev()
                .find(|m| !m.forced)
                .map(|m| m.player)
                == Some(you)
    }

    /// The messages that bring the server up to date after the link came (back) up: the
    /// opening one, and the pending move again.
    pub fn resync(&self) -> Vec<ClientMessage> {
        let mut messages = vec![self.hello.message()];
        if let (Some(pending), Some(seat)) = (&self.pending, &self.seat) {
            messages.push(ClientMessage::Act {
                ticket: seat.ticket(),
                act: SeatAct::Play {
                    seen: Seen {
                        after: pending.after,
                    },
                    mv: pending.mv.clone(),
                },
            });
        }
        messages
    }

    /// The message that acts as this device's seat.
    pub fn act(&self, act: SeatAct<Seen>) -> Option<ClientMessage> {
        Some(ClientMessage::Act {
            ticket: self.seat.as_ref()?.ticket(),
            act,
        })
    }
}

/// The player to move in a view (forced passes counted in the moves).
pub fn turn(view: &GameView) -> Player {
    // Every move, forced passes included, hands the turn over: the mover of the last one
    // says whose turn it is. Only an empty game needs its start position (a Go handicap
    // gives White the first move), which costs a board to build.
    match view.moves.last() {
        Some(last) => !last.player,
        None => view
            .setup
            .start()
            .map_or(Player::Black, |position| position.turn()),
    }
}

/// A game's line in "My online games": the server's summary, or what the device knows.
#[derive(Clone, PartialEq, Debug)]
pub struct GameLine {
    /// The seat held.
    pub seat: OnlineSeat,
    /// The server's summary, once it answered.
    pub summary: Option<Summary>,
}

/// Which game a summary is of.
pub fn kind_of(setup: &GameSetup) -> GameKind {
    match setup {
        GameSetup::Othello { .. } => GameKind::Othello,
        GameSetup::Go { .. } => GameKind::Go,
    }
}

/// The move a match action makes, named as the server reads it, or `None` for other actions.
pub fn move_name(m: &Match, action: &Action) -> Option<String> {
    match action {
        Action::Play(cell) => Some(m.position().move_name(Move::Place(*cell))),
        Action::Pass => Some("pass".to_owned()),
        _ => None,
    }
}

/// The longest name kept, as the server allows.
const MAX_NAME: usize = ishi_online::MAX_NAME;

impl super::AppState {
    /// The name this device shows to the other player.
    fn player_name(&self) -> String {
        let name = self.settings.name.trim();
        if name.is_empty() {
            "Player".to_owned()
        } else {
            name.chars().take(MAX_NAME).collect()
        }
    }

    /// Puts `online` on screen, the local match put aside until the player leaves it.
    fn enter_online(&mut self, mut online: Online) {
        if self.online.is_none() {
            self.local = Some(self.current.clone());
        }
        // A game opened while the link is up (from the list, the lobby) is not connecting.
        if self.link_up {
            online.link = Link::Up;
        }
        self.online = Some(online);
        self.reviewing = false;
        self.paused = false;
        self.notice = super::Notice::None;
    }

    /// Opens `game`: its seat on this device, or its free seat, or to watch.
    pub(super) fn open_online(&mut self, game: GameId) -> Effects {
        let seat = self.seats.iter().find(|s| s.game == game).cloned();
        let hello = match &seat {
            Some(s) => Hello::Open {
                game: game.clone(),
                token: Some(s.token.clone()),
            },
            None => Hello::Join {
                game: game.clone(),
                name: self.player_name(),
            },
        };
        let message = hello.message();
        self.enter_online(Online::new(Some(game), seat, hello));
        self.overlay = super::Overlay::None;
        self.send_now(vec![message])
    }

    /// Back to the local match put aside.
    pub(super) fn leave_online(&mut self) {
        if self.online.take().is_some()
            && let Some(local) = self.local.take()
        {
            self.current = local;
        }
        self.local = None;
    }

    /// `messages`, if the link is up (else the link's coming up sends what matters).
    fn send_now(&self, messages: Vec<ClientMessage>) -> Effects {
        if self.link_up {
            Effects::send(messages)
        } else {
            Effects::NONE
        }
    }

    pub(super) fn on_online(&mut self, action: OnlineAction) -> Result<Effects, AppError> {
        match action {
            OnlineAction::Create { setup, time, seat } => {
                ishi_online::Table::new(setup.clone(), time).map_err(AppError::OnlineSetup)?;
                let start = Match::new(match_config(&setup)).map_err(AppError::Setup)?;
                let hello = Hello::Create {
                    setup,
                    time,
                    seat,
                    name: self.player_name(),
                };
                let message = hello.message();
                self.enter_online(Online::new(None, None, hello));
                self.current = start;
                self.overlay = super::Overlay::None;
                Ok(self.send_now(vec![message]))
            }
            OnlineAction::Open(game) => Ok(self.open_online(game)),
            OnlineAction::Link(up) => {
                self.link_up = up;
                let mut messages = Vec::new();
                if let Some(online) = &mut self.online {
                    online.link = if up { Link::Up } else { Link::Down };
                    if up {
                        messages = online.resync();
                    }
                }
                if up && self.overlay == super::Overlay::OnlineGames {
                    messages.push(self.list_message());
                }
                Ok(Effects::send(messages))
            }
            OnlineAction::Received { message, at_ms } => self.on_server(message, at_ms),
            OnlineAction::AnswerUndo(accept) => self.seat_act(SeatAct::UndoAnswer { accept }),
            OnlineAction::Resume => self.seat_act(SeatAct::Resume),
            OnlineAction::RefreshList => Ok(self.send_now(vec![self.list_message()])),
            OnlineAction::Leave => {
                self.leave_online();
                Ok(Effects::SAVE)
            }
            OnlineAction::SetName(name) => {
                self.settings.name = name.trim().chars().take(MAX_NAME).collect();
                Ok(Effects::SAVE)
            }
            OnlineAction::SetServer(server) => {
                self.settings.server = server.trim().to_owned();
                Ok(Effects::SAVE)
            }
        }
    }

    fn list_message(&self) -> ClientMessage {
        ClientMessage::List {
            games: self.seats.iter().map(OnlineSeat::ticket).collect(),
        }
    }

    /// Sends `act` as this device's seat in the game on screen.
    fn seat_act(&self, act: SeatAct<Seen>) -> Result<Effects, AppError> {
        let message = self
            .online
            .as_ref()
            .and_then(|o| o.act(act))
            .ok_or(AppError::Refused(crate::model::Refusal::NotYourTurn))?;
        if !self.link_up {
            return Err(AppError::Offline);
        }
        Ok(Effects::send(vec![message]))
    }

    fn on_server(&mut self, message: Incoming, at_ms: f64) -> Result<Effects, AppError> {
        match message {
            Incoming::Seated { game, seat, token } => {
                let held = OnlineSeat {
                    game: game.clone(),
                    token: token.clone(),
                    seat,
                };
                self.seats.retain(|s| s.game != game);
                self.seats.insert(0, held.clone());
                self.seats.truncate(super::ONLINE_SEATS);
                if let Some(online) = &mut self.online
                    && online.game.as_ref().is_none_or(|g| *g == game)
                {
                    if online.game.is_none() {
                        // A game this device created: the friend needs its link.
                        self.overlay = super::Overlay::Share;
                    }
                    online.game = Some(game.clone());
                    online.seat = Some(held);
                    online.hello = Hello::Open {
                        game,
                        token: Some(token),
                    };
                }
                Ok(Effects::SAVE)
            }
            Incoming::Game(view) => Ok(self.on_view(*view, at_ms)),
            Incoming::Refused { game, reason } => {
                let Some(online) = &mut self.online else {
                    return Ok(Effects::NONE);
                };
                if game.is_some() && game != online.game {
                    return Ok(Effects::NONE);
                }
                // A move refused is taken back from the board.
                if online.pending.take().is_some()
                    && let Some(view) = &online.view
                    && let Ok(m) = match_of(view, None)
                {
                    self.current = m;
                }
                Err(AppError::Online(reason))
            }
            Incoming::List { games } => {
                self.lines = games;
                Ok(Effects::NONE)
            }
            Incoming::Pong { t } => {
                if let Some(online) = &mut self.online {
                    online.rtt_ms = (at_ms - t).max(0.0);
                }
                Ok(Effects::NONE)
            }
        }
    }

    fn on_view(&mut self, view: GameView, at_ms: f64) -> Effects {
        let Some(online) = &mut self.online else {
            return Effects::NONE;
        };
        if online.game.as_ref() != Some(&view.game) {
            return Effects::NONE;
        }
        if online
            .pending
            .as_ref()
            .is_some_and(|p| view.moves.len() > p.after || view.phase != Phase::Playing)
        {
            online.pending = None;
        }
        let shown = match_of(&view, online.pending.as_ref());
        // The first view replaces whatever was on screen: nothing was played.
        let had_view = online.view.is_some();
        online.view = Some(view);
        online.received_ms = at_ms;
        match shown {
            Ok(m) => {
                let before = self.current.history().len();
                let moved = m.history().len() != before;
                // A view holds the whole game: the moves beyond those already shown are
                // the opponent's (the player's own showed when they made it).
                let feedback = m
                    .history()
                    .get(before..)
                    .filter(|_| had_view)
                    .and_then(|added| Feedback::of_moves(m.kind(), added, false));
                self.current = m;
                if moved {
                    self.notice = super::Notice::None;
                }
                self.record_finished();
                Effects {
                    feedback,
                    ..Effects::SAVE
                }
            }
            Err(error) => {
                self.notice = super::Notice::Error(error);
                Effects::NONE
            }
        }
    }

    /// A match action on the online game: sent to the server as the seat's act.
    pub(super) fn on_online_match(&mut self, action: Action) -> Result<Effects, AppError> {
        let not_yours = || AppError::Refused(crate::model::Refusal::NotYourTurn);
        let Some(online) = &self.online else {
            return Err(not_yours());
        };
        let Some(view) = online.view.clone() else {
            return Err(not_yours());
        };
        let act = match action {
            Action::Play(_) | Action::Pass => {
                if !online.my_turn() {
                    return Err(not_yours());
                }
                let name = move_name(&self.current, &action).ok_or_else(not_yours)?;
                let position = self.current.position();
                let mv = position.parse_move(&name).map_err(|_| not_yours())?;
                position
                    .check(mv)
                    .map_err(|r| AppError::Refused(crate::model::Refusal::Illegal(r)))?;
                let pending = Pending {
                    after: view.moves.len(),
                    mv: name.clone(),
                };
                let mut feedback = None;
                if let Ok(m) = match_of(&view, Some(&pending)) {
                    let shown = self.current.history().len();
                    feedback = m
                        .history()
                        .get(shown..)
                        .and_then(|added| Feedback::of_moves(m.kind(), added, true));
                    self.current = m;
                }
                if let Some(online) = &mut self.online {
                    online.pending = Some(pending);
                }
                self.notice = super::Notice::None;
                // Sent now if the link is up; else when it is back (resync).
                let message = self.online.as_ref().and_then(|o| {
                    o.act(SeatAct::Play {
                        seen: Seen {
                            after: view.moves.len(),
                        },
                        mv: name,
                    })
                });
                return Ok(Effects {
                    feedback,
                    ..self.send_now(message.into_iter().collect())
                });
            }
            Action::Resign => SeatAct::Resign,
            Action::Undo => SeatAct::Undo,
            Action::ToggleDead(cell) => SeatAct::Mark {
                point: self.current.position().cell_name(cell),
            },
            Action::AcceptCount => SeatAct::AcceptCount {
                dead: view.dead.clone(),
            },
            Action::Redo => return Err(AppError::Refused(crate::model::Refusal::NothingThere)),
            // Review and the analysis of a finished game work as in a local one.
            other => {
                return match self.current.apply(other) {
                    Ok(()) | Err(crate::model::Refusal::Stale) => Ok(Effects::NONE),
                    Err(refusal) => Err(AppError::Refused(refusal)),
                };
            }
        };
        self.seat_act(act)
    }
}

#[cfg(test)]
mod tests;
