//! What the screen shows, derived from the state in plain Rust: the shell keeps one memo of
//! [`AppView`] and hands each part of the screen its piece as props, so a part renders again
//! only when its piece changes (a move redraws the board's changed cells and the status
//! line, not the header).

use crate::components::analysis::AnalysisView;
use crate::components::board::BoardView;
use crate::components::controls::ControlsView;
use crate::components::online::OnlineView;
use crate::components::status::StatusView;
use crate::i18n::Tr;
use crate::model::GameKind;
use crate::settings::Language;
use crate::state::{AppState, Overlay};

/// Everything the screen shows but the sheets.
#[derive(Clone, PartialEq, Debug)]
pub struct AppView {
    /// The words of the language in use.
    pub tr: Tr,
    /// The game on screen, for the header's switch.
    pub kind: GameKind,
    /// The status line.
    pub status: StatusView,
    /// The board.
    pub board: BoardView,
    /// The controls.
    pub controls: ControlsView,
    /// The review bar, when open: the cursor and the last index of the history.
    pub review: Option<(usize, usize)>,
    /// The analysis, while reviewing or analysing.
    pub analysis: Option<AnalysisView>,
    /// The overlay open.
    pub overlay: Overlay,
    /// The online game's bar, when one is on screen.
    pub online: Option<OnlineView>,
    /// Go: whether the review shows move numbers on the stones (`None` in Othello).
    pub numbers: Option<bool>,
}

impl AppView {
    /// The view of `state`, its words in the language in use (`system`'s unless the settings
    /// choose one).
    pub fn of(state: &AppState, system: Language) -> AppView {
        let tr = Tr(state.language(system));
        let m = state.current();
        AppView {
            tr,
            kind: m.kind(),
            status: StatusView::of(tr, state),
            board: BoardView::of(state),
            controls: ControlsView::of(state),
            review: state
                .reviewing()
                .then(|| (m.cursor(), m.history().len() - 1)),
            analysis: (state.reviewing() || state.analysing().is_some())
                .then(|| AnalysisView::of(state)),
            overlay: state.overlay(),
            online: OnlineView::of(state),
            numbers: (m.kind() == GameKind::Go).then(|| state.settings().move_numbers),
        }
    }
}
