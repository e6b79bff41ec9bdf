//! The puzzle screen: Othello's and Go's puzzles from the libraries that ship with the app,
//! rated, the day's, or a streak ([`crate::puzzles`] holds the rules of it). A sheet over the
//! app, a lazy part: in the web's release build its code and words are a WASM module of their
//! own, and each library (`puzzles/othello.txt`, `puzzles/go.txt`) is fetched when the screen
//! first shows its game, so the first board carries none of it. The service worker keeps
//! them for offline play. The screen opens on the game on the app's board; a switch at its
//! top changes the game (each game has its own rating, streaks and daily puzzle).
//!
//! While it is open the app's own computer rests (`AppState::job`), so the other side's
//! answer to a wrong move (the refutation: Othello's master level, exact at the puzzles' few
//! empty squares; Go's network with a search of 128 visits) has the worker to itself.

use std::cell::RefCell;
use std::rc::Rc;
use std::thread::LocalKey;

use dioxus::prelude::*;
use ishi_ai::AnyLevel;
use ishi_ai::go::GoLevel;
use ishi_ai::othello::OthelloLevel;
use ishi_puzzles::{go, othello};
use ishi_rules::any::{self, Cell, CellMove, Position};
use ishi_rules::go::{Go, Point};
use ishi_rules::othello::{Move, Othello, Square};
use ishi_rules::{Game, Player};
use ishi_worker::{Answer, GameLine, Request, Task};

use crate::app::use_app;
use crate::components::board::{edge_class, player_name};
use crate::components::dialog::Dialog;
use crate::i18n::Tr;
use crate::model::GameKind;
use crate::puzzles::{
    AllProgress, GoPosition, Kind, Library, Mode, PuzzleCell, PuzzleGame, Session,
};
use crate::state::{AppAction, Overlay};

/// The puzzle screen.
/// Lazy: in the web's release build its code is a WASM module of its own ([`crate::lazy`]).
#[component]
pub fn Puzzles(tr: Tr) -> Element {
    crate::components::parts::part!(PUZZLES, puzzles_part, PuzzlesProps { tr })
}

crate::lazy::loader!(PUZZLES = "puzzles" fn puzzles_part(PuzzlesProps));

/// The screen's stylesheet, rendered with it (`css::PARTS`).
const CSS: &str = include_str!(concat!(env!("OUT_DIR"), "/parts/puzzles.css"));

/// Where the progress is saved ([`crate::storage::read_named`]).
const PROGRESS: &str = "puzzles";

thread_local! {
    /// Othello's library, once read: the screen reads each library once a page.
    static OTHELLO: RefCell<Option<Rc<Library<othello::Puzzle>>>> = const { RefCell::new(None) };
    /// Go's.
    static GO: RefCell<Option<Rc<Library<go::Puzzle>>>> = const { RefCell::new(None) };
}

/// What the screen needs of a game beyond its puzzles' rules ([`Kind`]): where its library
/// is kept, its board's cells, and how the engine refutes a wrong move.
trait Screen: Kind {
    /// Where the library is kept once read.
    const CACHE: &'static LocalKey<RefCell<Option<Rc<Library<Self>>>>>;

    /// The board of `position` as the screen shows it: the table's class, the board's side,
    /// and the rows of cells from the top (Go's crop only, for a corner or side puzzle).
    fn cells(&self, position: &Self::Position, playable: bool) -> Board<Self::Point>;

    /// The request for the other side's answer after the session's moves.
    fn refute(&self, session: &Session<Self>) -> Request;

    /// The point of the engine's answer.
    fn point(&self, mv: CellMove) -> Option<Self::Point>;

    /// The themes, in words.
    fn theme_words(&self, tr: Tr) -> Vec<&'static str>;

    /// Where the puzzle came from.
    fn source(&self) -> &str;
}

/// A board to draw.
struct Board<P> {
    /// `othello` or `go`.
    class: &'static str,
    /// The whole board's side.
    size: usize,
    rows: Vec<Vec<BoardCell<P>>>,
}

/// One cell of a [`Board`].
struct BoardCell<P> {
    /// The cell's place on the whole board (row 0 at the top), for Go's lines.
    cell: Cell,
    point: P,
    stone: Option<Player>,
    /// A legal move, awaited.
    legal: bool,
    /// A star point (Go).
    star: bool,
}

impl Screen for othello::Puzzle {
    const CACHE: &'static LocalKey<RefCell<Option<Rc<Library<Self>>>>> = &OTHELLO;

    fn cells(&self, position: &Othello, playable: bool) -> Board<Square> {
        let legal: Vec<Square> = if playable {
            position
                .legal_moves()
                .into_iter()
                .filter_map(|m| match m {
                    Move::Place(s) => Some(s),
                    Move::Pass => None,
                })
                .collect()
        } else {
            Vec::new()
        };
        let size = position.shape().size();
        let rows = (0..size as u8)
            .map(|row| {
                (0..size as u8)
                    .filter_map(|col| {
                        let square = Square::from_coords(col, row)?;
                        Some(BoardCell {
                            cell: Cell::new(col, row),
                            point: square,
                            stone: position.disc_at(square),
                            legal: legal.contains(&square),
                            star: false,
                        })
                    })
                    .collect()
            })
            .collect();
        Board {
            class: "othello",
            size,
            rows,
        }
    }

    fn refute(&self, session: &Session<Self>) -> Request {
        let position = session.awaits_reply().unwrap_or(self.position);
        Request {
            epoch: 0,
            // The master level's endgame is exact: nothing random to seed.
            seed: 0,
            game: GameLine::new(&Position::Othello(position), []),
            task: Task::Move {
                level: AnyLevel::Othello(OthelloLevel::Master),
            },
        }
    }

    fn point(&self, mv: CellMove) -> Option<Square> {
        match any::to_othello(mv)? {
            Move::Place(square) => Some(square),
            Move::Pass => None,
        }
    }

    fn theme_words(&self, tr: Tr) -> Vec<&'static str> {
        self.themes.iter().map(|&t| tr.puzzle_theme(t)).collect()
    }

    fn source(&self) -> &str {
        &self.source
    }
}

impl Screen for go::Puzzle {
    const CACHE: &'static LocalKey<RefCell<Option<Rc<Library<Self>>>>> = &GO;

    fn cells(&self, position: &GoPosition, playable: bool) -> Board<Point> {
        let go = &position.0;
        let size = go.size();
        let last = (size - 1) as u8;
        // The columns and rows shown, from the lowest.
        let ((left, right), (bottom, top)) = match self.crop {
            Some(crop) => (
                (crop.from.col(), crop.to.col()),
                (crop.from.row(), crop.to.row()),
            ),
            None => ((0, last), (0, last)),
        };
        let stars = ishi_rules::go::handicap::star_points(size);
        let rows = (bottom..=top)
            .rev()
            .map(|row| {
                (left..=right)
                    .filter_map(|col| {
                        let point = Point::new(col, row)?;
                        let stone = go.stone_at(point);
                        Some(BoardCell {
                            cell: Cell::new(col, last - row),
                            point,
                            stone,
                            legal: playable
                                && stone.is_none()
                                && go.play(ishi_rules::go::Move::Place(point)).is_ok(),
                            star: stars.contains(&point),
                        })
                    })
                    .collect()
            })
            .collect();
        Board {
            class: "go",
            size,
            rows,
        }
    }

    /// The whole game, from the empty board: the network reads the last moves, and ko and
    /// superko need the positions before.
    fn refute(&self, session: &Session<Self>) -> Request {
        let size = self.game.size();
        let start =
            Go::new(size, self.game.rules()).unwrap_or_else(|_| self.game.position().clone());
        let played = session
            .moves()
            .iter()
            .map(|&m| m.map_or(ishi_rules::go::Move::Pass, ishi_rules::go::Move::Place));
        let moves = self.game.moves().iter().copied().chain(played);
        Request {
            epoch: 0,
            seed: 0,
            game: GameLine::new(
                &Position::Go(Box::new(start)),
                moves.map(|m| any::from_go(m, size)),
            ),
            task: Task::Move {
                level: AnyLevel::Go(GoLevel::Net128),
            },
        }
    }

    fn point(&self, mv: CellMove) -> Option<Point> {
        match any::to_go(mv, self.game.size())? {
            ishi_rules::go::Move::Place(point) => Some(point),
            ishi_rules::go::Move::Pass => None,
        }
    }

    fn theme_words(&self, tr: Tr) -> Vec<&'static str> {
        self.themes.iter().map(|&t| tr.go_puzzle_theme(t)).collect()
    }

    fn source(&self) -> &str {
        &self.source
    }
}

/// Why the library is not there: `None` when it could not be fetched, else what is wrong
/// with it.
type LoadFailure = Option<String>;

/// `K`'s library: read once, then kept ([`Screen::CACHE`]).
async fn library<K: Screen>() -> Result<Rc<Library<K>>, LoadFailure> {
    if let Some(library) = K::CACHE.with(|l| l.borrow().clone()) {
        return Ok(library);
    }
    #[cfg(target_arch = "wasm32")]
    let text = crate::js::call(
        "url",
        "const response = await fetch(url); return response.ok ? await response.text() : null;",
        &[K::URL],
    )
    .await
    .ok_or(None)?;
    #[cfg(not(target_arch = "wasm32"))]
    let text = K::LIBRARY.to_owned();
    let library = Rc::new(Library::read(&text).map_err(Some)?);
    K::CACHE.with(|l| *l.borrow_mut() = Some(library.clone()));
    Ok(library)
}

/// The library read already, if it is.
fn cached<K: Screen>() -> Option<Rc<Library<K>>> {
    K::CACHE.with(|l| l.borrow().clone())
}

/// The saved progress, or a fresh start with why the saved text could not be read (kept
/// aside). Must be called inside the Dioxus runtime.
async fn read_progress() -> (AllProgress, Option<String>) {
    let Some(text) = crate::storage::read_named(PROGRESS).await else {
        return (AllProgress::default(), None);
    };
    match AllProgress::read(&text) {
        Ok(progress) => (progress, None),
        Err(why) => {
            crate::storage::keep_named_aside(PROGRESS, &text);
            (AllProgress::default(), Some(format!("{why}")))
        }
    }
}

/// Today: days since 1970-01-01, UTC.
fn today() -> i64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| (d.as_secs() / 86_400) as i64)
}

/// What a game's screen holds beside the session: the mode, the streak under way and
/// whether it ended.
#[derive(Copy, Clone, PartialEq, Debug)]
struct Run {
    mode: Mode,
    streak: u32,
    over: bool,
}

fn puzzles_part(PuzzlesProps { tr }: PuzzlesProps) -> Element {
    let app = use_app();
    let mut game = use_signal(|| match app.peek().current().kind() {
        GameKind::Othello => PuzzleGame::Othello,
        GameKind::Go => PuzzleGame::Go,
    });
    // The progress, once read; why the saved text could not be, if it could not.
    let mut progress = use_signal(|| None::<AllProgress>);
    let reset = use_resource(move || async move {
        let (saved, reset) = read_progress().await;
        progress.set(Some(saved));
        reset
    });
    let shown = game();
    rsx! {
        Dialog { title_id: "puzzles-title", title: tr.puzzles().to_owned(), class: "puzzles-sheet",
            div { class: "puzzle-games", role: "group", "aria-label": tr.puzzles(),
                for g in PuzzleGame::ALL {
                    button {
                        key: "{g:?}",
                        class: "puzzle-game",
                        "data-game": "{g:?}",
                        "aria-pressed": if g == shown { "true" } else { "false" },
                        onclick: move |_| game.set(g),
                        {tr.game(match g {
                            PuzzleGame::Othello => GameKind::Othello,
                            PuzzleGame::Go => GameKind::Go,
                        })}
                    }
                }
            }
            if let Some(Some(why)) = &*reset.read() {
                p { class: "puzzle-reset", role: "alert", {tr.progress_reset(why)} }
            }
            if progress.read().is_some() {
                match shown {
                    PuzzleGame::Othello => rsx! { OthelloSheet { tr, progress } },
                    PuzzleGame::Go => rsx! { GoSheet { tr, progress } },
                }
            }
        }
        style { {CSS} }
    }
}

/// Othello's puzzles ([`sheet`]).
#[component]
fn OthelloSheet(tr: Tr, progress: Signal<Option<AllProgress>>) -> Element {
    sheet::<othello::Puzzle>(tr, progress)
}

/// Go's puzzles ([`sheet`]); Go's network is fetched for the refutations, if it was not.
#[component]
fn GoSheet(tr: Tr, progress: Signal<Option<AllProgress>>) -> Element {
    use_hook(crate::computer::want_network);
    sheet::<go::Puzzle>(tr, progress)
}

/// One game's puzzles: its modes, the player's rating or streak, the puzzle, the buttons.
fn sheet<K: Screen>(tr: Tr, mut progress: Signal<Option<AllProgress>>) -> Element {
    let app = use_app();
    let opened = use_resource(library::<K>);
    let mut run = use_signal(|| Run {
        mode: Mode::Rated,
        streak: 0,
        over: false,
    });
    let mut session = use_signal(|| None::<Session<K>>);
    let loaded = opened
        .read()
        .as_ref()
        .and_then(|l| l.as_ref().ok())
        .cloned();

    // The first puzzle, once the library is there.
    use_effect(move || {
        if let Some(Ok(library)) = &*opened.read()
            && session.peek().is_none()
            && let Some(saved) = &*progress.peek()
        {
            session.set(choose(library, run(), saved.of(K::GAME)));
        }
    });
    // The other side's answer to a wrong move; `asking` while the worker searches it.
    let mut asking = use_signal(|| false);
    use_effect(move || {
        let request = {
            // Read first: the effect runs again when the session changes.
            let session = session.read();
            let Some(s) = session.as_ref().filter(|s| s.awaits_reply().is_some()) else {
                return;
            };
            let Some(library) = cached::<K>() else {
                return;
            };
            let Some(puzzle) = library.get(s.index) else {
                return;
            };
            (s.awaits_reply(), puzzle.refute(s), puzzle.clone())
        };
        let (position, request, puzzle) = request;
        asking.set(true);
        spawn(async move {
            let found = refutation(request).await;
            asking.set(false);
            let Some(point) = found.and_then(|mv| puzzle.point(mv)) else {
                return;
            };
            let mut session = session.write();
            if let Some(s) = session.as_mut()
                && s.awaits_reply() == position
            {
                s.reply(point);
            }
        });
    });

    let handles = Handles { session, asking };
    let halt = move || handles.halt();
    let close = move |_| {
        halt();
        app.send(AppAction::Show(Overlay::None));
    };
    let mut start = move |mode: Mode, streak: u32| {
        halt();
        run.set(Run {
            mode,
            streak,
            over: false,
        });
        if let (Some(library), Some(saved)) = (cached::<K>(), &*progress.peek()) {
            session.set(choose(&library, run(), saved.of(K::GAME)));
        }
    };
    let mut play = move |point: K::Point| {
        let Some(library) = cached::<K>() else {
            return;
        };
        let mut s = session.write();
        let Some(s) = s.as_mut() else {
            return;
        };
        let Some(puzzle) = library.get(s.index) else {
            return;
        };
        let first = s.verdict().is_none();
        let Run { mode, streak, .. } = run();
        let day = today();
        let mut filed = false;
        let verdict = s.play(puzzle, point, |solved| {
            filed = true;
            let mut all = progress.write();
            all.as_mut()?
                .of_mut(K::GAME)
                .file(puzzle, mode, day, solved)
        });
        let ended = match (verdict, first, mode) {
            (Some(verdict), true, Mode::Streak) => {
                let length = if verdict.solved { streak + 1 } else { streak };
                run.set(Run {
                    mode,
                    streak: length,
                    over: !verdict.solved,
                });
                (!verdict.solved).then_some(length)
            }
            _ => None,
        };
        if let Some(length) = ended
            && let Some(all) = progress.write().as_mut()
        {
            all.of_mut(K::GAME).end_streak(length);
        }
        if (filed || ended.is_some())
            && let Some(all) = &*progress.peek()
        {
            crate::storage::write_named(PROGRESS, &all.write());
        }
    };

    let Run { mode, streak, over } = run();
    let saved = progress
        .read()
        .as_ref()
        .map(|all| all.of(K::GAME).clone())
        .unwrap_or_default();
    let rating = saved.rating();
    let (solved, tried) = saved.record();
    let status = match mode {
        Mode::Streak => tr.streak_line(streak, saved.best_streak().max(streak)),
        _ => tr.puzzle_rating(rating.rating(), rating.is_provisional(), solved, tried),
    };
    let body = match (&loaded, opened.read().as_ref()) {
        (Some(library), _) => match session().as_ref() {
            Some(s) => screen(
                tr,
                handles,
                library,
                s,
                run(),
                saved.daily(today()),
                &mut play,
            ),
            None => rsx! {},
        },
        (None, Some(Err(why))) => rsx! {
            p { class: "puzzle-error", role: "alert", {tr.puzzles_unavailable(why.as_deref())} }
        },
        (None, _) => rsx! { p { class: "puzzle-loading", {tr.puzzles_loading()} } },
    };
    rsx! {
        div { class: "puzzle-modes", role: "group", "aria-label": tr.puzzles(),
            for m in Mode::ALL {
                button {
                    key: "{m:?}",
                    class: "puzzle-mode",
                    "data-mode": "{m:?}",
                    "aria-pressed": if m == mode { "true" } else { "false" },
                    onclick: move |_| start(m, 0),
                    {tr.puzzle_mode(m)}
                }
            }
        }
        p { class: "puzzle-status", "data-rating": "{rating.rating().round() as i32}", "{status}" }
        {body}
        div { class: "dialog-buttons",
            if over {
                button { class: "primary new-streak", onclick: move |_| start(Mode::Streak, 0), {tr.new_streak()} }
            } else if loaded.is_some() && session().is_some_and(|s| s.verdict().is_some()) && mode != Mode::Daily {
                button { class: "primary next-puzzle", onclick: move |_| start(mode, streak), {tr.next_puzzle()} }
            }
            button { class: "secondary", onclick: close, {tr.close()} }
        }
    }
}

/// The session `run` starts next, from `library`.
fn choose<K: Kind>(
    library: &Library<K>,
    run: Run,
    progress: &crate::puzzles::Progress,
) -> Option<Session<K>> {
    let index = library.choose(run.mode, progress, run.streak, today())?;
    Some(Session::new(index, library.get(index)?))
}

/// The screen's state that its buttons change.
struct Handles<K: Kind> {
    session: Signal<Option<Session<K>>>,
    /// Whether the worker searches a refutation.
    asking: Signal<bool>,
}

impl<K: Kind> Clone for Handles<K> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<K: Kind> Copy for Handles<K> {}

impl<K: Kind> Handles<K> {
    /// Ends the search of a refutation no longer wanted (on the web that ends its worker, so
    /// only when one is under way).
    fn halt(self) {
        if *self.asking.peek() {
            crate::computer::cancel();
        }
    }
}

/// The engine's answer to `request`; `None` if it gave none.
async fn refutation(request: Request) -> Option<CellMove> {
    let reply = crate::computer::think(request).await?;
    match reply.answer {
        Ok(Answer::Move(played)) => Some(played.mv),
        _ => None,
    }
}

/// The puzzle on screen: what the player is told, the board, the steps and the actions;
/// `daily`, whether today's puzzle was solved once it was tried.
fn screen<K: Screen>(
    tr: Tr,
    handles: Handles<K>,
    library: &Library<K>,
    s: &Session<K>,
    run: Run,
    daily: Option<bool>,
    play: &mut (impl FnMut(K::Point) + Copy + 'static),
) -> Element {
    let Some(puzzle) = library.get(s.index) else {
        return rsx! {};
    };
    let Handles { mut session, .. } = handles;
    let halt = move || handles.halt();
    let mover = K::turn(&puzzle.start());
    let values = puzzle.values();
    let best = (
        format!("{}", puzzle.answer()),
        puzzle.value(puzzle.answer()).unwrap_or(0),
    );
    let message = match s.verdict() {
        None => tr.puzzle_prompt(mover),
        Some(verdict) => {
            let mut text = tr.puzzle_verdict(K::GAME, &verdict, best);
            if let Some(right) = s.retry_right() {
                text = format!("{text} {}", tr.retry_result(right));
            }
            // "White answers…" while the worker searches, not after a search that failed.
            let searching = *handles.asking.read();
            if let Some(pos) = s.awaits_reply().filter(|_| searching) {
                text = format!("{text} {}", tr.refuting(K::turn(&pos)));
            } else if let Some(point) = s.refutation() {
                text = format!(
                    "{text} {}",
                    tr.refutation(mover.opponent(), format!("{point}"))
                );
            }
            if run.over {
                text = format!("{text} {}", tr.streak_over(run.streak));
            }
            text
        }
    };
    let solved_class = match s.verdict() {
        None => "open",
        Some(v) if v.solved => "solved",
        Some(_) => "failed",
    };
    let shown_values = s.at_start_after_verdict().then_some(&values[..]);
    let (shown, count) = s.place();
    let decided = s.verdict().is_some();
    let cells = puzzle.cells(s.position(), s.awaits_move());
    rsx! {
        p {
            class: "puzzle-message",
            role: "status",
            "data-verdict": solved_class,
            "data-puzzle": "{s.index}",
            "{message}"
        }
        if let Some(solved) = daily.filter(|_| run.mode == Mode::Daily) {
            p { class: "puzzle-daily", {tr.daily_done(solved)} }
        }
        {board::<K>(tr, cells, s.last_move(), shown_values, *play)}
        if shown_values.is_some() {
            p { class: "puzzle-values", {tr.every_value(K::GAME)} }
        }
        if decided {
            div { class: "puzzle-steps",
                button {
                    class: "step back",
                    "aria-label": tr.step_back(),
                    disabled: shown == 0,
                    onclick: move |_| session.with_mut(|s| if let Some(s) = s { s.step(false) }),
                    "◀"
                }
                span { class: "puzzle-place", "{shown} / {count - 1}" }
                button {
                    class: "step forward",
                    "aria-label": tr.step_forward(),
                    disabled: shown + 1 >= count,
                    onclick: move |_| session.with_mut(|s| if let Some(s) = s { s.step(true) }),
                    "▶"
                }
                button {
                    class: "secondary try-again",
                    onclick: move |_| {
                        halt();
                        session.with_mut(|s| if let Some(s) = s { s.retry() });
                    },
                    {tr.try_again()}
                }
                button {
                    class: "secondary show-solution",
                    onclick: move |_| {
                        halt();
                        let Some(library) = cached::<K>() else { return };
                        session.with_mut(|s| {
                            if let Some(s) = s
                                && let Some(puzzle) = library.get(s.index)
                            {
                                s.solution(puzzle);
                            }
                        });
                    },
                    {tr.solution()}
                }
            }
            p { class: "puzzle-about", {tr.puzzle_about(puzzle.rating(), &puzzle.theme_words(tr), puzzle.source())} }
        }
    }
}

/// The board of `cells`: the stones, the last move, the legal moves when a move is awaited
/// (each a button, for the keyboard), and the listed moves' values with the best ringed
/// (`values`).
fn board<K: Kind>(
    tr: Tr,
    cells: Board<K::Point>,
    last: Option<K::Point>,
    values: Option<&[(K::Point, i32)]>,
    mut play: impl FnMut(K::Point) + Copy + 'static,
) -> Element {
    let Board { class, size, rows } = cells;
    let (cols, height) = (rows.first().map_or(0, Vec::len), rows.len());
    // The coordinates, above and left: a point's name is its column's letter then its row's
    // number (`d3`, `Q16`), so the top row's names give the letters and each row's first
    // name its number.
    let letters: Vec<String> = rows.first().map_or_else(Vec::new, |row| {
        row.iter()
            .map(|c| {
                format!("{}", c.point)
                    .chars()
                    .take_while(char::is_ascii_alphabetic)
                    .collect()
            })
            .collect()
    });
    let numbers: Vec<String> = rows
        .iter()
        .map(|row| {
            row.first().map_or_else(String::new, |c| {
                format!("{}", c.point)
                    .chars()
                    .skip_while(char::is_ascii_alphabetic)
                    .collect()
            })
        })
        .collect();
    let best = values.and_then(|v| v.first()).map(|&(p, _)| p);
    let exact = K::GAME == PuzzleGame::Othello;
    rsx! {
        table {
            class: "board {class} puzzle-board",
            "data-size": "{size}",
            "data-cols": "{cols}",
            "data-coordinates": "true",
            style: "--n: {cols.max(height) + 1}",
            "aria-label": tr.puzzle_board(cols, height, size),
            role: "grid",
            thead { "aria-hidden": "true",
                tr {
                    th {}
                    for letter in letters {
                        th { key: "{letter}", "{letter}" }
                    }
                }
            }
            tbody {
                for (r, (row, number)) in rows.into_iter().zip(numbers).enumerate() {
                    tr { key: "{r}",
                        th { "aria-hidden": "true", "{number}" }
                        for c in row {
                            {
                                let BoardCell { cell, point, stone, legal, star } = c;
                                let value = values
                                    .and_then(|v| v.iter().find(|&&(p, _)| p == point))
                                    .map(|&(_, v)| K::value_text(v));
                                let name = format!("{point}");
                                let is_best = best == Some(point);
                                let is_last = last == Some(point);
                                let label = tr.puzzle_cell(&name, PuzzleCell {
                                    stone,
                                    legal,
                                    value: value.clone(),
                                    exact,
                                    best: is_best,
                                    last: is_last,
                                });
                                rsx! {
                                    td {
                                        key: "{name}",
                                        class: edge_class(cell, size),
                                        "data-point": "{name}",
                                        "data-stone": stone.map(player_name),
                                        "data-legal": if legal { "true" },
                                        "data-last": if is_last { "true" },
                                        "data-star": if star { "true" },
                                        "data-hint": if value.is_some() { "true" },
                                        "data-best": if is_best { "true" },
                                        "data-best-move": if is_best { "true" },
                                        "data-exact": if value.is_some() && exact { "true" },
                                        "aria-label": label,
                                        role: "gridcell",
                                        onclick: move |_| {
                                            if legal {
                                                play(point);
                                            }
                                        },
                                        if let Some(p) = stone {
                                            span { class: "stone {player_name(p)}" }
                                        } else if let Some(v) = &value {
                                            span { class: "hint", "aria-hidden": "true", "{v}" }
                                        } else if legal {
                                            // Reached by Tab and played by Enter or Space (its
                                            // click comes up to the cell's).
                                            button { class: "play", "aria-label": "{name}" }
                                        }
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn go_library() -> Library<go::Puzzle> {
        Library::read(<go::Puzzle as Kind>::LIBRARY).unwrap()
    }

    #[test]
    fn a_corner_puzzle_shows_its_region_and_a_whole_board_all_of_it() {
        let library = go_library();
        let puzzles: Vec<&go::Puzzle> = (0..library.len()).filter_map(|i| library.get(i)).collect();
        let crop = puzzles.iter().find(|p| p.crop.is_some()).expect("a crop");
        let region = crop.crop.unwrap();
        let board = crop.cells(&crop.start(), true);
        assert_eq!((board.class, board.size), ("go", 19));
        let width = usize::from(region.to.col() - region.from.col()) + 1;
        let height = usize::from(region.to.row() - region.from.row()) + 1;
        assert_eq!(board.rows.len(), height);
        assert!(board.rows.iter().all(|row| row.len() == width));
        // The top row first, its cells left to right; the answer is there, and playable.
        assert_eq!(
            board.rows[0][0].point,
            Point::new(region.from.col(), region.to.row()).unwrap()
        );
        let answer = board
            .rows
            .iter()
            .flatten()
            .find(|c| c.point == crop.answer())
            .unwrap();
        assert!(answer.legal && answer.stone.is_none());
        // Go's lines end at the whole board's edges only.
        let cell = board.rows[0][0].cell;
        assert_eq!(cell, Cell::new(region.from.col(), 18 - region.to.row()));

        let whole = puzzles.iter().find(|p| p.game.size() == 9).unwrap();
        let board = whole.cells(&whole.start(), false);
        assert_eq!(board.rows.len(), 9);
        assert!(board.rows.iter().flatten().all(|c| !c.legal));
        assert_eq!(board.rows.iter().flatten().filter(|c| c.star).count(), 5);
        let stones = board
            .rows
            .iter()
            .flatten()
            .filter(|c| c.stone.is_some())
            .count();
        assert_eq!(
            stones,
            whole
                .game
                .position()
                .points()
                .filter(|&p| whole.game.position().stone_at(p).is_some())
                .count()
        );
    }

    #[test]
    fn a_go_refutation_asks_about_the_whole_game() {
        let library = go_library();
        let puzzle = library.get(0).unwrap();
        let mut session = Session::new(0, puzzle);
        let start = puzzle.game.position();
        let wrong = start
            .empty_points()
            .find(|&p| p != puzzle.answer() && start.play(ishi_rules::go::Move::Place(p)).is_ok())
            .unwrap();
        session.play(puzzle, wrong, |_| None).unwrap();
        let request = puzzle.refute(&session);
        assert_eq!(request.game.moves.len(), puzzle.game.moves().len() + 1);
        assert!(matches!(
            request.task,
            Task::Move {
                level: AnyLevel::Go(GoLevel::Net128)
            }
        ));
        let reached = request.game.position().unwrap();
        let Position::Go(reached) = reached else {
            panic!("not Go")
        };
        assert_eq!(GoPosition(*reached), session.awaits_reply().unwrap());
    }
}
