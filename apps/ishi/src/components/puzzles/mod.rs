//! The puzzle screen: Othello puzzles from the library that ships with the app, rated, the
//! day's, or a streak ([`crate::puzzles`] holds the rules of it). A sheet over the app, a lazy
//! part: in the web's release build its code and words are a WASM module of their own, and
//! the library (`puzzles/othello.txt`, 153 KB gzip) is fetched when the screen first opens,
//! so the first board carries neither. The service worker keeps both for offline play.
//!
//! While it is open the app's own computer rests (`AppState::job`), so the other side's
//! answer to a wrong move (the refutation, worked out by the master level, which is exact
//! at the puzzles' few empty squares) has the worker to itself.

use std::cell::RefCell;
use std::rc::Rc;

use dioxus::prelude::*;
use ishi_ai::AnyLevel;
use ishi_ai::othello::OthelloLevel;
use ishi_rules::Game;
use ishi_rules::any::{self, Cell, Position};
use ishi_rules::othello::{Move, Othello, Square};
use ishi_worker::{Answer, GameLine, Request, Task};

use crate::app::use_app;
use crate::components::board::{edge_class, player_name};
use crate::components::dialog::Dialog;
use crate::i18n::Tr;
use crate::puzzles::{Library, Mode, Progress, PuzzleCell, Session, margin_text};
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
    /// The library, once read: the screen reads it once a page.
    static LIBRARY: RefCell<Option<Rc<Library>>> = const { RefCell::new(None) };
}

/// Why the library is not there: `None` when it could not be fetched, else what is wrong
/// with it.
type LoadFailure = Option<String>;

/// The library: read once, then kept ([`LIBRARY`]).
async fn library() -> Result<Rc<Library>, LoadFailure> {
    if let Some(library) = LIBRARY.with(|l| l.borrow().clone()) {
        return Ok(library);
    }
    #[cfg(target_arch = "wasm32")]
    let text = crate::js::call(
        "url",
        "const response = await fetch(url); return response.ok ? await response.text() : null;",
        &[crate::puzzles::LIBRARY_URL],
    )
    .await
    .ok_or(None)?;
    #[cfg(not(target_arch = "wasm32"))]
    let text = crate::puzzles::LIBRARY.to_owned();
    let library = Rc::new(Library::read(&text).map_err(|e| Some(format!("{e}")))?);
    LIBRARY.with(|l| *l.borrow_mut() = Some(library.clone()));
    Ok(library)
}

/// The saved progress, or a fresh start with why the saved text could not be read (kept
/// aside). Must be called inside the Dioxus runtime.
async fn read_progress() -> (Progress, Option<String>) {
    let Some(text) = crate::storage::read_named(PROGRESS).await else {
        return (Progress::default(), None);
    };
    match Progress::read(&text) {
        Ok(progress) => (progress, None),
        Err(why) => {
            crate::storage::keep_named_aside(PROGRESS, &text);
            (Progress::default(), Some(format!("{why}")))
        }
    }
}

/// What the screen reads when it opens: the library and the saved progress.
async fn open() -> (Result<Rc<Library>, LoadFailure>, (Progress, Option<String>)) {
    let progress = read_progress().await;
    (library().await, progress)
}

/// Today: days since 1970-01-01, UTC.
fn today() -> i64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| (d.as_secs() / 86_400) as i64)
}

/// What the screen holds beside the session: the mode, the streak under way and whether
/// it ended.
#[derive(Copy, Clone, PartialEq, Debug)]
struct Run {
    mode: Mode,
    streak: u32,
    over: bool,
}

fn puzzles_part(PuzzlesProps { tr }: PuzzlesProps) -> Element {
    let app = use_app();
    let opened = use_resource(open);
    let mut progress = use_signal(|| (Progress::default(), None::<String>));
    let mut run = use_signal(|| Run {
        mode: Mode::Rated,
        streak: 0,
        over: false,
    });
    let mut session = use_signal(|| None::<Session>);
    let loaded = opened
        .read()
        .as_ref()
        .and_then(|(l, _)| l.as_ref().ok())
        .cloned();

    // The progress and the first puzzle, once the library is there.
    use_effect(move || {
        if let Some((Ok(library), saved)) = &*opened.read()
            && session.peek().is_none()
        {
            progress.set(saved.clone());
            session.set(choose(library, run(), &saved.0));
        }
    });
    // The other side's answer to a wrong move; `asking` while the worker searches it.
    let mut asking = use_signal(|| false);
    use_effect(move || {
        let Some(position) = session.read().as_ref().and_then(Session::awaits_reply) else {
            return;
        };
        asking.set(true);
        spawn(async move {
            let found = refutation(position).await;
            asking.set(false);
            let Some(square) = found else {
                return;
            };
            let mut session = session.write();
            if let Some(s) = session.as_mut()
                && s.awaits_reply() == Some(position)
            {
                s.reply(square);
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
        if let Some(library) = LIBRARY.with(|l| l.borrow().clone()) {
            session.set(choose(&library, run(), &progress.peek().0));
        }
    };
    let mut play = move |square: Square| {
        let Some(library) = LIBRARY.with(|l| l.borrow().clone()) else {
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
        let verdict = s.play(puzzle, square, |solved| {
            filed = true;
            progress.write().0.file(puzzle, mode, day, solved)
        });
        if filed {
            crate::storage::write_named(PROGRESS, &progress.peek().0.write());
        }
        if let (Some(verdict), true, Mode::Streak) = (verdict, first, mode) {
            let length = if verdict.solved { streak + 1 } else { streak };
            run.set(Run {
                mode,
                streak: length,
                over: !verdict.solved,
            });
            if !verdict.solved {
                progress.write().0.end_streak(length);
                crate::storage::write_named(PROGRESS, &progress.peek().0.write());
            }
        }
    };

    let Run { mode, streak, over } = run();
    let (saved, reset) = progress();
    let rating = saved.rating();
    let (solved, tried) = saved.record();
    let status = match mode {
        Mode::Streak => tr.streak_line(streak, saved.best_streak().max(streak)),
        _ => tr.puzzle_rating(rating.rating(), rating.is_provisional(), solved, tried),
    };
    let body = match (&loaded, opened.read().as_ref().map(|(l, _)| l)) {
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
        Dialog { title_id: "puzzles-title", title: tr.puzzles().to_owned(), class: "puzzles-sheet",
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
            if let Some(why) = reset {
                p { class: "puzzle-reset", role: "alert", {tr.progress_reset(&why)} }
            }
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
        style { {CSS} }
    }
}

/// The session `run` starts next, from `library`.
fn choose(library: &Library, run: Run, progress: &Progress) -> Option<Session> {
    let index = library.choose(run.mode, progress, run.streak, today())?;
    Some(Session::new(index, library.get(index)?))
}

/// The screen's state that its buttons change.
#[derive(Copy, Clone)]
struct Handles {
    session: Signal<Option<Session>>,
    /// Whether the worker searches a refutation.
    asking: Signal<bool>,
}

impl Handles {
    /// Ends the search of a refutation no longer wanted (on the web that ends its worker, so
    /// only when one is under way).
    fn halt(self) {
        if *self.asking.peek() {
            crate::computer::cancel();
        }
    }
}

/// The master level's answer in `position`; `None` if it gave none.
async fn refutation(position: Othello) -> Option<Square> {
    let request = Request {
        epoch: 0,
        // The master level's endgame is exact: nothing random to seed.
        seed: 0,
        game: GameLine::new(&Position::Othello(position), []),
        task: Task::Move {
            level: AnyLevel::Othello(OthelloLevel::Master),
        },
    };
    let reply = crate::computer::think(request).await?;
    match reply.answer {
        Ok(Answer::Move(played)) => match any::to_othello(played.mv)? {
            Move::Place(square) => Some(square),
            Move::Pass => None,
        },
        _ => None,
    }
}

/// The puzzle on screen: what the player is told, the board, the steps and the actions;
/// `daily`, whether today's puzzle was solved once it was tried.
fn screen(
    tr: Tr,
    handles: Handles,
    library: &Library,
    s: &Session,
    run: Run,
    daily: Option<bool>,
    play: &mut (impl FnMut(Square) + Copy + 'static),
) -> Element {
    let Some(puzzle) = library.get(s.index) else {
        return rsx! {};
    };
    let Handles { mut session, .. } = handles;
    let halt = move || handles.halt();
    let root = puzzle.position;
    let mover = root.turn();
    let best = (format!("{}", puzzle.answer()), puzzle.values[0].1);
    let message = match s.verdict() {
        None => tr.puzzle_prompt(mover),
        Some(verdict) => {
            let mut text = tr.puzzle_verdict(&verdict, best);
            if let Some(right) = s.retry_right() {
                text = format!("{text} {}", tr.retry_result(right));
            }
            // "White answers…" while the worker searches, not after a search that failed.
            let searching = *handles.asking.read();
            if let Some(pos) = s.awaits_reply().filter(|_| searching) {
                text = format!("{text} {}", tr.refuting(pos.turn()));
            } else if let Some(square) = s.refutation() {
                text = format!(
                    "{text} {}",
                    tr.refutation(mover.opponent(), format!("{square}"))
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
    let values = s.at_start_after_verdict().then_some(&puzzle.values[..]);
    let (shown, count) = s.place();
    let decided = s.verdict().is_some();
    rsx! {
        p { class: "puzzle-message", role: "status", "data-verdict": solved_class, "{message}" }
        if let Some(solved) = daily.filter(|_| run.mode == Mode::Daily) {
            p { class: "puzzle-daily", {tr.daily_done(solved)} }
        }
        {board(tr, s.position(), s.last_move(), s.awaits_move(), values, *play)}
        if values.is_some() {
            p { class: "puzzle-values", {tr.every_value()} }
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
                        let Some(library) = LIBRARY.with(|l| l.borrow().clone()) else { return };
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
            p { class: "puzzle-about", {tr.puzzle_about(puzzle.rating, &puzzle.themes, &puzzle.source)} }
        }
    }
}

/// The board of `position`: its discs, the last move, the legal moves when a move is
/// awaited (`playable`; each a button, for the keyboard), and every move's value with the
/// best ringed (`values`).
fn board(
    tr: Tr,
    position: &Othello,
    last: Option<Square>,
    playable: bool,
    values: Option<&[(Square, i32)]>,
    mut play: impl FnMut(Square) + Copy + 'static,
) -> Element {
    let size = position.shape().size();
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
    let best = values.and_then(|v| v.first()).map(|&(s, _)| s);
    rsx! {
        table {
            class: "board othello puzzle-board",
            "data-size": "{size}",
            style: "--n: {size}",
            "aria-label": tr.puzzle_board(),
            role: "grid",
            tbody {
                for row in 0..size as u8 {
                    tr { key: "{row}",
                        for col in 0..size as u8 {
                            {
                                let square = Square::from_coords(col, row);
                                let cell = Cell::new(col, row);
                                let stone = square.and_then(|s| position.disc_at(s));
                                let is_legal = square.is_some_and(|s| legal.contains(&s));
                                let value = square.and_then(|s| {
                                    values?.iter().find(|&&(v, _)| v == s).map(|&(_, v)| v)
                                });
                                let name = square.map(|s| format!("{s}")).unwrap_or_default();
                                let is_best = square.is_some() && square == best;
                                let label = tr.puzzle_cell(&name, PuzzleCell {
                                    stone,
                                    legal: is_legal,
                                    value,
                                    best: is_best,
                                    last: last.is_some() && square == last,
                                });
                                rsx! {
                                    td {
                                        key: "{col}",
                                        class: edge_class(cell, size),
                                        "data-point": "{name}",
                                        "data-stone": stone.map(player_name),
                                        "data-legal": if is_legal { "true" },
                                        "data-last": if last.is_some() && square == last { "true" },
                                        "data-hint": if value.is_some() { "true" },
                                        "data-best": if is_best { "true" },
                                        "data-best-move": if is_best { "true" },
                                        "data-exact": if value.is_some() { "true" },
                                        "aria-label": label,
                                        role: "gridcell",
                                        onclick: move |_| {
                                            if let (Some(square), true) = (square, is_legal) {
                                                play(square);
                                            }
                                        },
                                        if let Some(p) = stone {
                                            span { class: "stone {player_name(p)}" }
                                        } else if let Some(v) = value {
                                            span { class: "hint", "aria-hidden": "true", {margin_text(v)} }
                                        } else if is_legal {
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
