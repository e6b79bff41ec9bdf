//! Components rendered headless (`VirtualDom` + `dioxus-ssr`): the board's table, its
//! `data-*` attributes and labels, the status line and the controls, for both games.

use dioxus::prelude::*;
use ishi::app::use_app_provider;
use ishi::components::Shell;
use ishi::model::{Action, Cell, GoConfig, Match, MatchConfig, OthelloConfig, OthelloStart, Side};
use ishi::saved::Contents;
use ishi::settings::Settings;
use ishi::state::{AppState, Notice};
use ishi_ai::othello::OthelloLevel;
use ishi_rules::ByColor;
use ishi_rules::go::GoRules;
use ishi_rules::othello::Shape;

#[derive(Props, Clone, PartialEq)]
struct HarnessProps {
    config: MatchConfig,
    actions: Vec<Action>,
}

/// The app's shell over a match built from `config` and `actions`.
#[allow(non_snake_case)]
fn Harness(props: HarnessProps) -> Element {
    let HarnessProps { config, actions } = props;
    use_app_provider(move || state(config, actions));
    rsx! { Shell {} }
}

/// The state with the match of `config` after `actions` on screen.
fn state(config: MatchConfig, actions: Vec<Action>) -> AppState {
    let mut m = Match::new(config).unwrap();
    for action in actions {
        m.apply(action).unwrap();
    }
    AppState::new(Contents {
        current: m,
        parked: None,
        settings: Settings::default(),
        recent: Vec::new(),
        seats: Vec::new(),
        online: None,
    })
}

fn render(config: MatchConfig, actions: Vec<Action>) -> String {
    let mut dom = VirtualDom::new_with_props(Harness, HarnessProps { config, actions });
    dom.rebuild_in_place();
    dioxus_ssr::render(&dom)
}

fn othello(shape: Shape) -> MatchConfig {
    MatchConfig::Othello(OthelloConfig {
        start: OthelloStart::Shape(shape),
        sides: ishi::model::humans(),
    })
}

fn go(size: usize) -> MatchConfig {
    MatchConfig::Go(GoConfig {
        size,
        rules: GoRules::JAPANESE,
        handicap: 0,
        sides: ishi::model::humans(),
    })
}

/// The board's table, without the stylesheet (which names the attributes too).
fn table(html: &str) -> &str {
    let start = html.find("<table").expect("a board table");
    &html[start..html.find("</table>").expect("the table ends")]
}

/// The opening tag of the cell named `name`.
fn cell<'a>(html: &'a str, name: &str) -> &'a str {
    let at = html
        .find(&format!("data-point=\"{name}\""))
        .unwrap_or_else(|| panic!("no cell {name}"));
    let start = html[..at].rfind("<td").unwrap();
    let end = at + html[at..].find('>').unwrap();
    &html[start..end]
}

#[test]
fn the_othello_board_is_a_table_of_cells_with_their_state() {
    let html = render(othello(Shape::STANDARD), vec![]);
    assert!(html.contains("<table class=\"board othello\""), "{html}");
    assert_eq!(html.matches("<td").count(), 64);
    let d4 = cell(&html, "d4");
    assert!(d4.contains("data-stone=\"white\""), "{d4}");
    assert!(d4.contains("aria-label=\"d4, white\""), "{d4}");
    let d3 = cell(&html, "d3");
    assert!(
        d3.contains("data-legal=\"true\"") && !d3.contains("data-stone"),
        "{d3}"
    );
    assert!(d3.contains("aria-label=\"d3, empty, legal move\""), "{d3}");
    assert_eq!(table(&html).matches("data-legal").count(), 4);
    // Coordinates: a-h across, 1-8 down, above and below.
    assert_eq!(html.matches("<th scope=\"col\">h</th>").count(), 2);
    assert!(html.contains("<th scope=\"row\">8</th>"));
    assert!(html.contains("Black to move"));
}

#[test]
fn the_last_move_and_its_flips_are_marked() {
    let html = render(
        othello(Shape::STANDARD),
        vec![Action::Play(Cell::new(5, 4))],
    );
    let f5 = cell(&html, "f5");
    assert!(
        f5.contains("data-last=\"true\"") && f5.contains("data-stone=\"black\""),
        "{f5}"
    );
    let e5 = cell(&html, "e5");
    assert!(
        e5.contains("data-flip=") && e5.contains("data-stone=\"black\""),
        "{e5}"
    );
    assert!(html.contains("White to move"));
}

#[test]
fn shaped_boards_mark_their_holes() {
    let html = render(othello("octagon".parse().unwrap()), vec![]);
    let a1 = cell(&html, "a1");
    assert!(a1.contains("data-hole=\"true\""), "{a1}");
    assert_eq!(table(&html).matches("data-hole").count(), 12);
}

#[test]
fn the_go_board_shows_star_points_coordinates_and_ko() {
    let html = render(go(9), vec![]);
    assert!(html.contains("<table class=\"board go\""), "{html}");
    assert_eq!(html.matches("<td").count(), 81);
    assert!(cell(&html, "E5").contains("data-star=\"true\""));
    assert!(cell(&html, "C3").contains("data-star=\"true\""));
    assert!(html.contains("<th scope=\"col\">J</th>") && !html.contains(">I</th>"));
    // Rows count from the bottom: 9 is the first row drawn.
    let nine = html.find("<th scope=\"row\">9</th>").unwrap();
    let one = html.find("<th scope=\"row\">1</th>").unwrap();
    assert!(nine < one);
    // The corner cell draws half lines.
    assert!(
        cell(&html, "A9").contains("class=\"t l\""),
        "{}",
        cell(&html, "A9")
    );

    // A ko on the left edge of a 5x5 board: B2 is forbidden to White right after C2.
    let moves = ["B3", "C3", "A2", "D2", "B1", "C1", "E5", "B2", "C2"];
    let actions = moves
        .iter()
        .map(|m| Action::Play(ishi::model::go_cell(m.parse().unwrap(), 5)))
        .collect();
    let html = render(go(5), actions);
    let b2 = cell(&html, "B2");
    assert!(b2.contains("data-ko=\"true\""), "{b2}");
    assert!(b2.contains("ko: cannot be retaken now"), "{b2}");
    assert!(cell(&html, "C2").contains("data-last=\"true\""));
    assert!(
        html.contains("class=\"action pass\""),
        "Go has a Pass button"
    );
}

#[test]
fn go_names_its_legal_points_whoever_is_to_move() {
    // Against the computer, with the computer to move: the points stay legal (for it), so
    // the turn passing changes no cell; the stone's point is not legal.
    let config = MatchConfig::Go(GoConfig {
        size: 5,
        rules: GoRules::JAPANESE,
        handicap: 0,
        sides: ByColor::new(Side::Human, Side::Computer(ishi_ai::go::GoLevel::Mcts100)),
    });
    let html = render(config, vec![Action::Play(Cell::new(2, 2))]);
    assert!(cell(&html, "C3").contains("data-stone=\"black\""));
    assert!(!cell(&html, "C3").contains("data-legal"));
    assert!(cell(&html, "B2").contains("data-legal=\"true\""), "{html}");
    assert_eq!(table(&html).matches("data-legal").count(), 24);
    // Once the game is being counted, nothing is legal.
    let actions = vec![Action::Pass, Action::Pass];
    let html = render(go(5), actions);
    assert!(html.contains("data-counting"), "{html}");
    assert_eq!(table(&html).matches("data-legal").count(), 0);
}

#[test]
fn undo_and_redo_are_disabled_not_hidden() {
    let html = render(othello(Shape::STANDARD), vec![]);
    assert!(html.contains("class=\"undo\" disabled"), "{html}");
    assert!(html.contains("class=\"redo\" disabled"), "{html}");
    let html = render(
        othello(Shape::STANDARD),
        vec![Action::Play(Cell::new(5, 4))],
    );
    assert!(!html.contains("class=\"undo\" disabled"), "{html}");
    assert!(html.contains("class=\"redo\" disabled"));
}

#[test]
fn the_score_chips_say_who_plays_each_side() {
    let config = MatchConfig::Othello(OthelloConfig {
        start: OthelloStart::Shape(Shape::STANDARD),
        sides: ByColor::new(Side::Human, Side::Computer(OthelloLevel::Master)),
    });
    let html = render(config, Vec::new());
    let chip = |color: &str| {
        let start = html.find(&format!("class=\"score {color}\"")).unwrap();
        let end = start + html[start..].find("</span></span>").unwrap();
        html[start..end].to_owned()
    };
    assert!(
        chip("black").contains(r#"<span class="who">Human"#),
        "{html}"
    );
    assert!(
        chip("white").contains(r#"<span class="who">Master"#),
        "{html}"
    );
    assert!(
        chip("white").contains(r#"aria-label="White discs: 2 (Master)""#),
        "{html}"
    );
}

#[test]
fn counting_shows_territory_and_the_result() {
    // 5x5: Black walls off columns A-B, White columns D-E; then two passes.
    let moves = ["C1", "D1", "C2", "D2", "C3", "D3", "C4", "D4", "C5", "D5"];
    let mut actions: Vec<Action> = moves
        .iter()
        .map(|m| Action::Play(ishi::model::go_cell(m.parse().unwrap(), 5)))
        .collect();
    actions.extend([Action::Pass, Action::Pass]);
    let html = render(go(5), actions.clone());
    assert!(html.contains("data-counting=\"true\""), "{html}");
    assert!(
        html.contains("aria-busy=\"true\""),
        "the count waits for the computer's guess of the dead stones: {html}"
    );
    assert!(cell(&html, "A1").contains("data-owner=\"black\""));
    assert!(cell(&html, "E5").contains("data-owner=\"white\""));
    assert!(html.contains("Counting: finding the dead stones"), "{html}");
    assert!(html.contains("Accept count"));
    // Once a person marks a chain (here C3's, then back), no later guess replaces the marks:
    // no longer busy, and the line gives the count.
    let c3 = ishi::model::go_cell("C3".parse().unwrap(), 5);
    actions.extend([Action::ToggleDead(c3), Action::ToggleDead(c3)]);
    let html = render(go(5), actions);
    assert!(!html.contains("aria-busy"), "{html}");
    assert!(html.contains("Counting: tap dead chains"), "{html}");
    assert!(html.contains("W+"), "White wins by komi: {html}");
}

#[test]
fn the_status_line_says_why_the_computer_made_no_move() {
    use ishi::components::status;
    use ishi::i18n::Tr;
    use ishi::settings::Language;
    use ishi::state::AppAction;
    use ishi_worker::{Reply, WorkerError};

    let casual = OthelloLevel::Casual;
    let config = MatchConfig::Othello(OthelloConfig {
        start: OthelloStart::Shape(Shape::STANDARD),
        sides: ByColor::new(Side::Human, Side::Computer(casual)),
    });
    let say = |state: &AppState| match status::message(Tr(Language::English), state) {
        status::Message::Text(text) => text,
        other => panic!("a notice where a sentence was expected: {other:?}"),
    };
    let mut state = state(config, Vec::new());
    // Black, a person, is to move.
    assert_eq!(say(&state), "Black to move");
    state
        .apply(AppAction::Match(Action::Play(Cell::new(5, 4))))
        .unwrap();
    assert_eq!(say(&state), "White is thinking…");
    let epoch = state.current().epoch();
    state
        .apply(AppAction::ComputerMove {
            epoch,
            reply: Reply::failed(epoch, WorkerError::Stopped("a test".to_owned())),
        })
        .unwrap();
    assert_eq!(
        say(&state),
        "The computer stopped. Undo, or start a new game."
    );
    // Undone, the person is to move again and the failure is old news.
    state.apply(AppAction::Match(Action::Undo)).unwrap();
    assert_eq!(state.notice(), &Notice::None);
    assert_eq!(say(&state), "Black to move");
}

#[test]
fn a_notice_is_put_in_words_by_its_own_part_and_a_refused_move_at_once() {
    use ishi::components::status::{self, Message};
    use ishi::i18n::Tr;
    use ishi::settings::Language;
    use ishi::state::{AppAction, AppError};
    use ishi_rules::IllegalReason;

    let tr = Tr(Language::English);
    let mut shown = state(othello(Shape::STANDARD), Vec::new());
    // a1 flips nothing at the start: the refusal is said at once, in the main module.
    shown
        .apply(AppAction::Match(Action::Play(Cell::new(0, 0))))
        .unwrap_err();
    assert_eq!(
        status::message(tr, &shown),
        Message::Text("Not there: it flips no disc.".to_owned())
    );
    assert!(matches!(
        shown.notice(),
        Notice::Error(AppError::Refused(ishi::model::Refusal::Illegal(
            IllegalReason::NoFlip
        )))
    ));
    shown
        .apply(AppAction::Report(AppError::Offline))
        .unwrap_err();
    assert_eq!(
        status::message(tr, &shown),
        Message::Notice(Notice::Error(AppError::Offline))
    );

    // On screen, the notice's part gives its words.
    #[allow(non_snake_case)]
    fn Notified() -> Element {
        use_app_provider(|| {
            let mut state = state(othello(Shape::STANDARD), Vec::new());
            let _ = state.apply(AppAction::Report(AppError::Offline));
            state
        });
        rsx! { Shell {} }
    }
    let mut dom = VirtualDom::new(Notified);
    dom.rebuild_in_place();
    let html = dioxus_ssr::render(&dom);
    assert!(
        html.contains("Not sent: the connection to the game server is down. Reconnecting…"),
        "{html}"
    );
}
