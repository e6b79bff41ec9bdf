//! The app's state in one place, as plain Rust: [`AppState`], changed only by
//! [`AppState::apply`] with an [`AppAction`].
//!
//! It holds the match on screen and the other game's match put aside by the game switch, the
//! settings, the recent games, whether the review bar is open, whether a computer-only game is
//! paused, the open overlay, the notice for the player, why the computer last failed, the
//! hints' values of the position on screen (`hints.rs`) and the whole-game analysis under
//! way (`analysis.rs`; what it finds is filed on the match, as
//! [`Annotation`](crate::model::Annotation)s), and the online game on screen with the local
//! match put aside meanwhile, the seats this device holds and the state of the link
//! ([`online`]). No Dioxus here: the components read the state through one hook and
//! dispatch actions ([`crate::app::use_app`]), the computer's driver asks it what to work
//! out next ([`AppState::job`]) and sends the answers back as actions, and saving, the
//! messages to the game server and the sound of a move played follow from what
//! [`apply`](AppState::apply) returns ([`Effects`]).
//!
//! **Why one reducer** rather than a signal per concern: every change is an action that a
//! unit test can apply (`tests.rs`), saving follows from the result, and the computer's work
//! is derived from the state instead of being started by whichever component changed it.
//! Components keep their renders small with `use_memo` over the one signal.
//!
//! Invariants:
//! - An action that fails changes nothing but the notice, which then says why.
//! - The match on screen and the one put aside are of different games.
//! - The settings' last setups are setups that started a match (or the defaults).
//! - A match that finishes on screen joins the recent games once (not again when the review
//!   steps through it).
//! - The computer's answer is taken only for the state it was asked about (the match's
//!   epoch); a failed answer is reported and not asked for again until the state moves on.
//! - An online game on screen is the server's latest view (and the player's one pending
//!   move); the local match put aside comes back unchanged when the player leaves it, and
//!   is what is saved as the match on screen meanwhile.

mod analysis;
mod edits;
mod effects;
mod error;
mod feedback;
mod hints;
pub mod online;
mod practice;

use std::mem;
use std::rc::Rc;

use ishi_worker::{Answer, Reply};

pub use analysis::AnalysisRun;
pub use edits::DeleteLine;
pub use effects::{Effects, Job, JobTask};
pub use error::{AppError, ComputerFailure};
pub use feedback::{Cue, Feedback, Sound};
pub use hints::{HintValue, Hints};
pub use online::{Link, Online, OnlineAction};
pub use practice::{
    Exercise, Hint, Practice, PracticeAction, Practise, Quarter, SOLUTION_PLIES, Stage, TRIES,
    exercises,
};

use ishi_online::protocol::Summary;
use ishi_scoring::DeadStones;

use crate::model::{Action, GameKind, Match, MatchConfig, Refusal};
use crate::records::ImportError;
use crate::saved::{
    Contents, LoadError, MatchLoadError, OnlineSeat, RECENT_GAMES, RecentGame, SavedApp, SavedMatch,
};
use crate::settings::{Confirm, Language, Settings, Theme};
use ishi_rules::Move;

/// Which overlay is open.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Overlay {
    /// None: the board.
    #[default]
    None,
    /// The new-game sheet.
    NewGame,
    /// "Resign this game?"
    ConfirmResign,
    /// "Pass?", asked of a pass made with a finger.
    ConfirmPass,
    /// Records, import and recent games.
    More,
    /// The move list, on phones.
    Moves,
    /// The link of the online game to share with a friend.
    Share,
    /// This device's online games.
    OnlineGames,
    /// The puzzles: the app's computer rests while they are open ([`AppState::job`]).
    Puzzles,
    /// Playing online with others: the account, the lobby, the games to watch, profiles
    /// ([`crate::club`]).
    Club,
}

/// What the player is told besides what the match itself shows.
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub enum Notice {
    /// Nothing.
    #[default]
    None,
    /// The last action failed, and why.
    Error(AppError),
    /// The saved state could not be read, and why: a new game started.
    Unreadable(LoadError),
}

/// A change of one setting.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum SettingsChange {
    /// Legal-move hints on or off.
    Hints(bool),
    /// The computer's values on the cells on or off.
    Values(bool),
    /// Go: who owns each point, shaded, on or off.
    Ownership(bool),
    /// Go: the network's policy, shaded, on or off.
    Policy(bool),
    /// Coordinates around the board on or off.
    Coordinates(bool),
    /// When moves need a second tap.
    Confirm(Confirm),
    /// Milliseconds between moves of a computer-only game.
    WatchDelay(u32),
    /// The language, or `None` to follow the system's.
    Language(Option<Language>),
    /// Light, dark or the system's colours.
    Theme(Theme),
    /// Ask before a pass made with a finger.
    ConfirmPass(bool),
    /// Tell the player when a move waits in an online game.
    Notify(bool),
    /// Go, in review: move numbers on the stones.
    MoveNumbers(bool),
    /// The moves' sounds on or off.
    Sound(bool),
    /// The vibration of a stone placed on or off.
    Vibration(bool),
}

/// Something a player, the computer or the app does.
#[derive(Clone, PartialEq, Debug)]
pub enum AppAction {
    /// An action on the match on screen: a move, undo, review, the count.
    Match(Action),
    /// The computer's answer to a [`JobTask::Move`] asked for the match's state `epoch`.
    ComputerMove {
        /// The epoch of the job.
        epoch: u64,
        /// The answer.
        reply: Reply,
    },
    /// Analyse every position of the match on screen (with the deep budget or the quick
    /// one), or stop (`None`).
    Analyse(Option<AnalysisRun>),
    /// The answer to a [`JobTask::Analyse`].
    Analysed {
        /// The snapshot's index.
        index: usize,
        /// Its position's fingerprint when it was asked about.
        key: u64,
        /// The answer.
        reply: Reply,
    },
    /// The answer to a [`JobTask::Hints`] asked for the match's state `epoch`.
    Hints {
        /// The epoch of the job.
        epoch: u64,
        /// The answer.
        reply: Reply,
    },
    /// The answer to a [`JobTask::Ownership`] asked for the match's state `epoch`.
    Ownership {
        /// The epoch of the job.
        epoch: u64,
        /// The answer.
        reply: Reply,
    },
    /// A new match; the setup is remembered as its game's last.
    NewGame(MatchConfig),
    /// To the other game: the match put aside, or a new one as last set up.
    SwitchGame(GameKind),
    /// A record, pasted or read from a file, opened for review, as
    /// [`import`](crate::records::import) read it where it was given: in the options sheet,
    /// whose module on the web carries the record formats.
    Import(Result<Match, ImportError>),
    /// A recent game opened for review, as the options sheet read it (its module on the web
    /// carries the replay of a saved game, which the first board does without).
    OpenRecent(Result<Match, MatchLoadError>),
    /// A setting changed.
    Settings(SettingsChange),
    /// Pause or resume a computer-only game.
    SetPaused(bool),
    /// Open or close the review bar (the computer waits while it is open).
    SetReviewing(bool),
    /// Open an overlay, or close it with [`Overlay::None`].
    Show(Overlay),
    /// An error a front end found itself (a form's field that does not parse), to be shown
    /// like any other.
    Report(AppError),
    /// Online games.
    Online(OnlineAction),
    /// How Go's network stands: the web's worker fetches it once a Go game is on screen.
    Network(NetworkStatus),
    /// Practising the mistakes of the game on screen (with the practice's code: see
    /// [`Practise`]).
    Practise(Practise),
    /// Review: deletes a variation of the match on screen (with the code: see
    /// [`DeleteLine`]).
    DeleteLine(DeleteLine),
}

/// Where Go's network stands. The desktop and the command line carry it in the binary; the
/// web's worker fetches it once a Go game is on screen and tells the page how far it has come
/// (`computer/web.rs`), and until it has come Go's levels of the network play their Monte
/// Carlo fallback. The status line says so while a Go game is on screen.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum NetworkStatus {
    /// Nothing heard (the desktop, which has it from the start, and the web until its worker
    /// starts).
    #[default]
    Unknown,
    /// Downloading: this many per cent of it so far.
    Loading(u8),
    /// Loaded: Go plays and analyses on it.
    Ready,
    /// The browser lacks WebAssembly SIMD, which the network module needs.
    NoSimd,
    /// It could not be fetched or read (offline on the first visit, say).
    Failed,
}

impl NetworkStatus {
    /// The status of the worker's message `word` (`loading PERCENT`, `ready`, `no-simd`,
    /// `failed`); `None` for anything else.
    pub fn parse(word: &str) -> Option<NetworkStatus> {
        match word {
            "ready" => Some(NetworkStatus::Ready),
            "no-simd" => Some(NetworkStatus::NoSimd),
            "failed" => Some(NetworkStatus::Failed),
            _ => {
                let percent: u8 = word.strip_prefix("loading ")?.parse().ok()?;
                Some(NetworkStatus::Loading(percent.min(100)))
            }
        }
    }
}

/// The least time between a person's move and the computer's answer, so the person sees
/// their own move land first.
pub const HUMAN_PACE_MS: u32 = 350;

/// Playouts for the ownership estimate of a count: about half a second in a browser.
fn ownership_playouts(size: usize) -> u32 {
    match size {
        0..=9 => 3000,
        10..=13 => 1500,
        _ => 800,
    }
}

/// The app's state. See the [module](self) for what it holds and keeps true.
#[derive(Clone, Debug)]
pub struct AppState {
    current: Match,
    parked: Option<Match>,
    settings: Settings,
    recent: Vec<RecentGame>,
    reviewing: bool,
    paused: bool,
    overlay: Overlay,
    notice: Notice,
    /// Why the computer made no move, with the epoch it failed at.
    failure: Option<(u64, ComputerFailure)>,
    /// The hints' values of the position on screen, for the epoch they are of.
    hints: Option<Hints>,
    /// The whole-game analysis under way.
    analysing: Option<AnalysisRun>,
    /// The online game on screen.
    online: Option<Online>,
    /// The local match put aside while an online game is on screen.
    local: Option<Match>,
    /// The seats this device holds in online games, the latest first.
    seats: Vec<OnlineSeat>,
    /// The server's lines for those games, from the last list it sent.
    lines: Vec<Summary>,
    /// Whether the link to the game server is up.
    link_up: bool,
    /// Where Go's network stands.
    network: NetworkStatus,
    /// Practising the mistakes of the game on screen.
    practice: Option<Practice>,
}

/// The most online seats kept on a device.
pub const ONLINE_SEATS: usize = 100;

impl AppState {
    /// The state that saved data restored.
    pub fn new(loaded: Contents) -> AppState {
        let Contents {
            current,
            parked,
            settings,
            recent,
            seats,
            online,
        } = loaded;
        // A variation on screen is review's: it comes back in review.
        let reviewing = current.line_on() != 0;
        let mut state = AppState {
            parked: parked.filter(|p| p.kind() != current.kind()),
            current,
            settings,
            recent,
            reviewing,
            paused: false,
            overlay: Overlay::None,
            notice: Notice::None,
            failure: None,
            hints: None,
            analysing: None,
            online: None,
            local: None,
            seats,
            lines: Vec::new(),
            link_up: false,
            network: NetworkStatus::Unknown,
            practice: None,
        };
        if let Some(game) = online {
            state.open_online(game);
        }
        state
    }

    /// A first start: the default settings and a new Othello match, with `notice` to show.
    pub fn fresh(notice: Notice) -> AppState {
        let settings = Settings::default();
        let current = Match::new(MatchConfig::Othello(settings.othello.clone()))
            .unwrap_or_else(|_| unreachable!("an Othello setup always starts"));
        AppState {
            notice,
            ..AppState::new(Contents {
                current,
                parked: None,
                settings,
                recent: Vec::new(),
                seats: Vec::new(),
                online: None,
            })
        }
    }

    /// The match on screen.
    pub fn current(&self) -> &Match {
        &self.current
    }

    /// The other game's match, put aside by the game switch.
    pub fn parked(&self) -> Option<&Match> {
        self.parked.as_ref()
    }

    /// The settings.
    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    /// Recent games, the latest first.
    pub fn recent(&self) -> &[RecentGame] {
        &self.recent
    }

    /// Whether the review bar is open.
    pub fn reviewing(&self) -> bool {
        self.reviewing
    }

    /// Whether a computer-only game is paused.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// Where Go's network stands.
    pub fn network(&self) -> NetworkStatus {
        self.network
    }

    /// The practice of the game's mistakes under way.
    pub fn practice(&self) -> Option<&Practice> {
        self.practice.as_ref()
    }

    /// Whether the screen may show the analysis's answers (the best move, the values, the
    /// note on the move played): not while an exercise of the practice asks for a move.
    pub fn reveals(&self) -> bool {
        self.practice
            .as_ref()
            .is_none_or(|p| p.stage != Stage::Asking)
    }

    /// The open overlay.
    pub fn overlay(&self) -> Overlay {
        self.overlay
    }

    /// What the player is told.
    pub fn notice(&self) -> &Notice {
        &self.notice
    }

    /// The language in use: the one chosen in the settings, or else `system`.
    pub fn language(&self, system: Language) -> Language {
        self.settings.language.unwrap_or(system)
    }

    /// The values of the moves of the position on screen, when they are shown and some
    /// came.
    pub fn hints(&self) -> Option<&Hints> {
        self.hints
            .as_ref()
            .filter(|h| self.settings.values && h.epoch == self.current.epoch())
    }

    /// Go: the network's policy in the position on screen, from its hints, when the policy
    /// is shown and the network gave one.
    pub fn policy(&self) -> Option<&[f32]> {
        self.hints
            .as_ref()
            .filter(|h| self.settings.policy && h.epoch == self.current.epoch())
            .and_then(|h| h.policy.as_deref())
    }

    /// Go: who owns each point of the position on screen, from the playouts of its hints,
    /// when the ownership is shown and some came.
    pub fn ownership(&self) -> Option<&Hints> {
        self.hints.as_ref().filter(|h| {
            self.settings.ownership && h.epoch == self.current.epoch() && h.ownership.is_some()
        })
    }

    /// Whether Undo would act: a step back in the match on screen, or, in an online game,
    /// asking the other seat to take back this seat's last move.
    pub fn can_undo(&self) -> bool {
        match &self.online {
            Some(online) => {
                online.you().is_some() && !self.current.is_over() && online.can_ask_undo()
            }
            None => self.current.can_undo(),
        }
    }

    /// Whether Redo would act (never in an online game).
    pub fn can_redo(&self) -> bool {
        self.online.is_none() && self.current.can_redo()
    }

    /// Why the computer, to move in the match on screen, made no move.
    pub fn computer_failure(&self) -> Option<&ComputerFailure> {
        self.failure
            .as_ref()
            .filter(|(epoch, _)| *epoch == self.current.epoch())
            .map(|(_, failure)| failure)
    }

    /// Whether the computer is working out a move (waiting out its pace included).
    pub fn thinking(&self) -> bool {
        matches!(
            self.job(),
            Some(Job {
                task: JobTask::Move { .. },
                ..
            })
        )
    }

    /// What the computer should work out now, if anything: the ownership of a Go game being
    /// counted, or the move of a computer to move, unless play is paused, the review bar is
    /// open, it failed at this very state, or the puzzles are open.
    pub fn job(&self) -> Option<Job> {
        let m = &self.current;
        if self.overlay == Overlay::Puzzles {
            // The puzzles' refutations have the worker to themselves.
            return None;
        }
        if self.online.is_some() && !m.is_over() {
            // The computer's help stays out of games between people online.
            return None;
        }
        let epoch = m.epoch();
        if m.needs_ownership() {
            let playouts = ownership_playouts(m.position().size());
            return Some(Job {
                epoch,
                task: JobTask::Ownership { playouts },
            });
        }
        let Some(level) = m
            .computer_to_move()
            .filter(|_| !self.paused && !self.reviewing)
        else {
            return self
                .analysis_job()
                .or_else(|| self.variation_job())
                .or_else(|| self.hints_job());
        };
        if self.computer_failure().is_some() {
            return None;
        }
        let delay_ms = if m.config().is_watched() {
            self.settings.watch_delay_ms
        } else {
            HUMAN_PACE_MS
        };
        Some(Job {
            epoch,
            task: JobTask::Move { level, delay_ms },
        })
    }

    /// The analysis of the whole game under way, if any.
    pub fn analysing(&self) -> Option<AnalysisRun> {
        self.analysing
    }

    /// How many positions of the match on screen are analysed, of how many.
    pub fn analysis_progress(&self) -> (usize, usize) {
        analysis::progress(&self.current)
    }

    /// The next position of the analysis under way to work out.
    fn analysis_job(&self) -> Option<Job> {
        analysis::next_job(&self.current, self.analysing?)
    }

    /// In review on a variation, the next of its positions to analyse (the one on screen
    /// first), with the quick budget: its values and best replies come as it is played.
    fn variation_job(&self) -> Option<Job> {
        self.reviewing
            .then(|| analysis::variation_job(&self.current))
            .flatten()
    }

    /// Starts analysing the match on screen, or stops (`None`).
    fn set_analysing(&mut self, run: Option<AnalysisRun>) -> Effects {
        self.analysing = run;
        if run.is_some() && self.analysis_job().is_none() {
            self.analysing = None;
        }
        Effects::NONE
    }

    /// Files the worker's answer for the snapshot at `index` (whose position had `key`), and
    /// ends the run once every position is analysed, or when the worker failed.
    fn on_analysed(&mut self, index: usize, key: u64, reply: Reply) -> Result<Effects, AppError> {
        let exploring = self.reviewing && self.current.line_on() != 0;
        let Some(run) = self
            .analysing
            .or(exploring.then_some(AnalysisRun { deep: false }))
        else {
            return Ok(Effects::NONE);
        };
        let filed = analysis::file(&mut self.current, run, index, key, reply);
        self.practice_event(practice::Event::Analysed)?;
        if self.analysing.is_some() && (filed.is_none() || self.analysis_job().is_none()) {
            self.analysing = None;
        }
        Ok(if filed == Some(true) {
            Effects::SAVE
        } else {
            Effects::NONE
        })
    }

    /// The next round of the values of the moves, when they are shown, a person is to move,
    /// and they can still get better.
    fn hints_job(&self) -> Option<Job> {
        let m = &self.current;
        let values = self.settings.values && m.human_to_move();
        // Go's ownership and policy are read from the same search, during play and in review.
        let ownership = (self.settings.ownership || self.settings.policy)
            && m.kind() == GameKind::Go
            && !m.is_over()
            && !m.is_counting()
            && (m.human_to_move() || self.reviewing);
        if !values && !ownership {
            return None;
        }
        let epoch = m.epoch();
        let done = self.hints.as_ref().filter(|h| h.epoch == epoch);
        let budget = hints::next_budget(m.position(), done)?;
        Some(Job {
            epoch,
            task: JobTask::Hints { budget },
        })
    }

    /// What saving the state takes: the local match on screen or put aside for the online
    /// game, and the online game on screen by its id (it is the server's to keep).
    pub fn contents(&self) -> Contents {
        Contents {
            current: self.local.as_ref().unwrap_or(&self.current).clone(),
            parked: self.parked.clone(),
            settings: self.settings.clone(),
            recent: self.recent.clone(),
            seats: self.seats.clone(),
            online: self.online.as_ref().and_then(|o| o.game.clone()),
        }
    }

    /// The saved form of the state ([`contents`](AppState::contents), made into its saved
    /// form).
    pub fn saved(&self) -> SavedApp {
        self.contents().saved()
    }

    /// The online game on screen.
    pub fn online(&self) -> Option<&Online> {
        self.online.as_ref()
    }

    /// The seats this device holds, the latest first.
    pub fn seats(&self) -> &[OnlineSeat] {
        &self.seats
    }

    /// The server's lines of this device's games.
    pub fn lines(&self) -> &[Summary] {
        &self.lines
    }

    /// Whether the app needs the link to the game server: an online game on screen, the list
    /// of them or the club open, or the player told of moves that wait (with a seat held).
    pub fn wants_link(&self) -> bool {
        self.online.is_some()
            || matches!(self.overlay, Overlay::OnlineGames | Overlay::Club)
            || (self.settings.notify && !self.seats.is_empty())
    }

    /// Whether the link to the game server is up.
    pub fn link_up(&self) -> bool {
        self.link_up
    }

    /// Applies `action`.
    ///
    /// # Errors
    ///
    /// [`AppError`] says why nothing changed; the notice says it too.
    pub fn apply(&mut self, action: AppAction) -> Result<Effects, AppError> {
        let result = self.reduce(action);
        if let Err(error) = &result {
            self.notice = Notice::Error(error.clone());
        }
        result
    }

    fn reduce(&mut self, action: AppAction) -> Result<Effects, AppError> {
        match action {
            AppAction::Match(action) => self.on_match(action),
            AppAction::ComputerMove { epoch, reply } => self.on_computer_move(epoch, reply),
            AppAction::Ownership { epoch, reply } => self.on_ownership(epoch, reply),
            AppAction::Analyse(run) => Ok(self.set_analysing(run)),
            AppAction::Analysed { index, key, reply } => self.on_analysed(index, key, reply),
            AppAction::Hints { epoch, reply } => {
                if epoch == self.current.epoch() {
                    let previous = self.hints.take().filter(|h| h.epoch == epoch);
                    self.hints = Some(Hints::answered(previous, epoch, reply));
                }
                Ok(Effects::NONE)
            }
            AppAction::NewGame(config) => self.new_game(config),
            AppAction::SwitchGame(kind) => self.switch_game(kind),
            AppAction::Import(read) => {
                let imported = read.map_err(AppError::Import)?;
                Ok(self.open(imported))
            }
            AppAction::OpenRecent(read) => {
                let opened = read.map_err(AppError::Open)?;
                Ok(self.open(opened))
            }
            AppAction::Settings(change) => {
                self.change_setting(change);
                Ok(Effects::SAVE)
            }
            AppAction::SetPaused(paused) => {
                self.paused = paused;
                Ok(Effects::NONE)
            }
            AppAction::SetReviewing(reviewing) => {
                if !reviewing {
                    self.practice_event(practice::Event::End)?;
                }
                self.reviewing = reviewing;
                // The game goes on where its line was left, never on a variation.
                if !reviewing && self.current.line_on() != 0 {
                    let index = self.current.cursor_of(0).unwrap_or_default();
                    self.current
                        .apply(Action::ToLine { line: 0, index })
                        .map_err(AppError::Refused)?;
                    return Ok(Effects::SAVE);
                }
                Ok(Effects::NONE)
            }
            AppAction::Show(overlay) => {
                self.overlay = overlay;
                // An error of the sheet that was open is old news.
                if matches!(self.notice, Notice::Error(ref e) if e.shown_in_sheet()) {
                    self.notice = Notice::None;
                }
                Ok(Effects::NONE)
            }
            AppAction::Report(error) => Err(error),
            AppAction::Online(action) => self.on_online(action),
            AppAction::Practise(practise) => practise.apply(self),
            AppAction::DeleteLine(delete) => {
                delete.apply(&mut self.current).map_err(AppError::Refused)?;
                Ok(Effects::SAVE)
            }
            AppAction::Network(status) => {
                // A worker started again (after a cancelled search) loads the network again,
                // from the cache: once ready, the page does not say "loading" again.
                if !(self.network == NetworkStatus::Ready
                    && matches!(status, NetworkStatus::Loading(_)))
                {
                    self.network = status;
                }
                Ok(Effects::NONE)
            }
        }
    }

    fn on_match(&mut self, action: Action) -> Result<Effects, AppError> {
        if self.online.is_some() {
            return self.on_online_match(action);
        }
        let action = self.in_review(action);
        let explored = match action {
            Action::Explore(mv) => Some(mv),
            _ => None,
        };
        let undoing = matches!(action, Action::Undo | Action::Redo);
        let played = matches!(
            action,
            Action::Play(_) | Action::Pass | Action::Computer { .. } | Action::Explore(_)
        );
        let touch = matches!(action, Action::Play(_) | Action::Pass | Action::Explore(_));
        let shown = self.current.line().len();
        match self.current.apply(action) {
            Ok(()) => {}
            // A late answer for a state that has moved on: nothing to tell anyone.
            Err(Refusal::Stale) => return Ok(Effects::NONE),
            Err(refusal) => return Err(AppError::Refused(refusal)),
        }
        self.notice = Notice::None;
        if let Some(mv) = explored {
            self.practice_event(practice::Event::Explored(mv))?;
        }
        // Stepping back through a computer-only game pauses it, so the watcher can look.
        if undoing && self.current.config().is_watched() {
            self.paused = true;
        }
        self.record_finished();
        let feedback = played
            .then(|| {
                let added = self.current.line().get(shown..).unwrap_or_default();
                Feedback::of_moves(self.current.kind(), added, touch)
            })
            .flatten();
        Ok(Effects {
            feedback,
            ..Effects::SAVE
        })
    }

    /// A move played in review explores a variation ([`Action::Explore`]), unless it goes
    /// on with the game from its end, a person to move.
    fn in_review(&self, action: Action) -> Action {
        let m = &self.current;
        let continues = m.line_on() == 0 && !m.can_redo() && m.human_to_move();
        let mv = match action {
            Action::Play(cell) => Move::Place(cell),
            Action::Pass => Move::Pass,
            other => return other,
        };
        if self.reviewing && !continues {
            Action::Explore(mv)
        } else {
            action
        }
    }

    /// Tells the practice under way, if any, of `event` (its code is reached through the
    /// practice: see [`Practise`]).
    fn practice_event(&mut self, event: practice::Event) -> Result<(), AppError> {
        if let Some(drive) = self.practice.as_ref().map(|p| p.drive) {
            (drive.0)(self, event)?;
        }
        Ok(())
    }

    fn on_computer_move(&mut self, epoch: u64, reply: Reply) -> Result<Effects, AppError> {
        if epoch != self.current.epoch() {
            return Ok(Effects::NONE);
        }
        let position = self.current.position();
        let mv = match reply.answer {
            Ok(Answer::Move(played)) => position
                .check(played.mv)
                .map(|()| played.mv)
                .map_err(ComputerFailure::Illegal),
            Ok(_) => Err(ComputerFailure::NoMove),
            Err(error) => Err(ComputerFailure::Worker(error)),
        };
        match mv {
            Ok(mv) => self.on_match(Action::Computer { epoch, mv }),
            // Reported, and the match is not written to, which would ask again.
            Err(failure) => {
                self.failure = Some((epoch, failure));
                Ok(Effects::NONE)
            }
        }
    }

    fn on_ownership(&mut self, epoch: u64, reply: Reply) -> Result<Effects, AppError> {
        let Some(go) = self.current.position().go() else {
            return Ok(Effects::NONE);
        };
        // Without the computer's guess (it failed) the count keeps the marks it has, and stops
        // waiting for one.
        let (dead, ownership) = match reply.answer {
            Ok(Answer::Ownership(found)) => {
                let points = found
                    .dead
                    .iter()
                    .filter_map(|&cell| ishi_rules::any::go_point(cell, go.size()));
                (
                    DeadStones::from_points(go, points),
                    Some(Rc::from(found.ownership)),
                )
            }
            _ => match self.current.dead_stones() {
                Some(dead) => (dead.clone(), None),
                None => return Ok(Effects::NONE),
            },
        };
        self.on_match(Action::RefineDead {
            epoch,
            dead,
            ownership,
        })
    }

    fn new_game(&mut self, config: MatchConfig) -> Result<Effects, AppError> {
        let next = Match::new(config.clone()).map_err(AppError::Setup)?;
        self.practice = None;
        self.leave_online();
        self.settings.remember(&config);
        let previous = mem::replace(&mut self.current, next);
        if previous.kind() != self.current.kind() {
            self.parked = Some(previous);
        }
        self.paused = false;
        self.overlay = Overlay::None;
        self.notice = Notice::None;
        Ok(Effects::SAVE)
    }

    fn switch_game(&mut self, kind: GameKind) -> Result<Effects, AppError> {
        self.practice_event(practice::Event::End)?;
        let left = self.online.is_some();
        self.leave_online();
        if self.current.kind() == kind {
            return Ok(if left { Effects::SAVE } else { Effects::NONE });
        }
        let next = match self.parked.take_if(|m| m.kind() == kind) {
            Some(back) => back,
            None => Match::new(self.settings.last_setup(kind)).map_err(AppError::Setup)?,
        };
        self.parked = Some(mem::replace(&mut self.current, next));
        self.notice = Notice::None;
        Ok(Effects::SAVE)
    }

    /// Puts `next` on screen for review, keeping an unfinished match with moves in the recent
    /// games so that nothing is lost.
    fn open(&mut self, next: Match) -> Effects {
        self.practice = None;
        self.leave_online();
        let previous = mem::replace(&mut self.current, next);
        if previous.result().is_none() && previous.history().len() > 1 {
            self.remember_recent(RecentGame {
                game: SavedMatch::game(&previous),
                result: None,
            });
        }
        self.notice = Notice::None;
        self.reviewing = true;
        self.overlay = Overlay::None;
        Effects::SAVE
    }

    fn change_setting(&mut self, change: SettingsChange) {
        let settings = &mut self.settings;
        match change {
            SettingsChange::Hints(on) => settings.hints = on,
            SettingsChange::Values(on) => settings.values = on,
            SettingsChange::Ownership(on) => settings.ownership = on,
            SettingsChange::Policy(on) => settings.policy = on,
            SettingsChange::Coordinates(on) => settings.coordinates = on,
            SettingsChange::Confirm(confirm) => settings.confirm = confirm,
            SettingsChange::WatchDelay(ms) => settings.watch_delay_ms = ms,
            SettingsChange::Language(language) => settings.language = language,
            SettingsChange::Theme(theme) => settings.theme = theme,
            SettingsChange::ConfirmPass(on) => settings.confirm_pass = on,
            SettingsChange::Notify(on) => settings.notify = on,
            SettingsChange::MoveNumbers(on) => settings.move_numbers = on,
            SettingsChange::Sound(on) => settings.sound = on,
            SettingsChange::Vibration(on) => settings.vibration = on,
        }
        settings.sanitize();
    }

    /// Adds the match at the cursor to the recent games once it is finished (the game, not
    /// a variation played to its end).
    fn record_finished(&mut self) {
        let Some(result) = self
            .current
            .result()
            .filter(|_| self.current.line_on() == 0)
        else {
            return;
        };
        let game = SavedMatch::game(&self.current);
        let known = self
            .recent
            .first()
            .is_some_and(|r| r.game.config == game.config && r.game.events == game.events);
        if !known {
            self.remember_recent(RecentGame {
                game,
                result: Some(result),
            });
        }
    }

    fn remember_recent(&mut self, entry: RecentGame) {
        self.recent.insert(0, entry);
        self.recent.truncate(RECENT_GAMES);
    }
}

#[cfg(test)]
mod tests;
