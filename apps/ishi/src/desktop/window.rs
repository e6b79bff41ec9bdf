//! The desktop window's launch, its menu bar, and the hook that keeps both in step with the
//! app.

use std::cell::Cell;
use std::rc::Rc;
use std::time::{Duration, Instant};

use dioxus::desktop::muda::accelerator::{Accelerator, CMD_OR_CTRL, Code, Modifiers};
use dioxus::desktop::muda::{Menu, MenuItem, PredefinedMenuItem, Submenu};
use dioxus::desktop::tao::dpi::{PhysicalPosition, PhysicalSize};
use dioxus::desktop::tao::event::Event;
use dioxus::desktop::tao::event_loop::EventLoopBuilder;
use dioxus::desktop::tao::monitor::MonitorHandle;
use dioxus::desktop::tao::window::Icon;
use dioxus::desktop::{
    Config, LogicalSize, WindowBuilder, WindowEvent, use_muda_event_handler, use_wry_event_handler,
    window,
};
use dioxus::prelude::*;

use super::commands::{Command, MenuView};
use super::placement::{self, Area, MIN_SIZE, Monitor, Placement};
use crate::app::AppHandle;
use crate::components::{self, more};
use crate::i18n::{self, Tr};
use crate::{js, records, storage};

/// The data file of the window's placement (`window.json`).
const PLACEMENT_FILE: &str = "window";

/// The app's icon, as the web app installs it, decoded at start by the `image` crate that
/// Dioxus' desktop renderer already links. 192 pixels are plenty for a title bar or a task
/// switcher, and decode in a moment (the 512-pixel one would make a megabyte of pixels to
/// hand the system).
const ICON_PNG: &[u8] = include_bytes!("../../public/icons/icon-192.png");

/// How long the window must stay still after moving or resizing before its placement is
/// saved.
const SAVE_DELAY: Duration = Duration::from_millis(500);

/// What [`launch`] hands the app: the menu bar (if it could be built) and where the window
/// opened.
#[derive(Clone)]
struct Desktop {
    menu: Option<MenuBar>,
    opened: Option<Area>,
}

/// The menu bar's submenus and items, kept to change their words and whether they are
/// enabled.
#[derive(Clone)]
struct MenuBar {
    bar: Menu,
    game: Submenu,
    edit: Submenu,
    items: Vec<(Command, MenuItem)>,
}

impl MenuBar {
    /// The menu bar in `tr`'s words (the app's own language follows once it has started).
    fn new(tr: Tr) -> Result<MenuBar, dioxus::desktop::muda::Error> {
        let mut items: Vec<(Command, MenuItem)> = Vec::with_capacity(Command::ALL.len());
        let mut item = |c: Command| {
            let made = MenuItem::with_id(c.id(), c.label(tr), true, accelerator(c));
            items.push((c, made.clone()));
            made
        };
        let (new_game, open, save, quit) = (
            item(Command::NewGame),
            item(Command::OpenRecord),
            item(Command::SaveRecord),
            item(Command::Quit),
        );
        let (undo, redo) = (item(Command::Undo), item(Command::Redo));
        let game = Submenu::with_items(
            tr.menu_game(),
            true,
            &[
                &new_game,
                &open,
                &save,
                &PredefinedMenuItem::separator(),
                &quit,
            ],
        )?;
        let edit = Submenu::with_items(tr.menu_edit(), true, &[&undo, &redo])?;
        let bar = Menu::with_items(&[&game, &edit])?;
        Ok(MenuBar {
            bar,
            game,
            edit,
            items,
        })
    }

    /// Shows `view`: its words, and which items are enabled.
    fn show(&self, view: MenuView) {
        self.game.set_text(view.tr.menu_game());
        self.edit.set_text(view.tr.menu_edit());
        for (command, item) in &self.items {
            item.set_text(command.label(view.tr));
            item.set_enabled(view.enabled(*command));
        }
    }
}

/// The usual keys: Ctrl+N, O, S, Q, Z and Ctrl+Shift+Z (Cmd on a Mac). Ctrl+Y, the other key
/// for redo, stays with the page's shortcuts: an item has one accelerator.
fn accelerator(command: Command) -> Option<Accelerator> {
    let (modifiers, code) = match command {
        Command::NewGame => (CMD_OR_CTRL, Code::KeyN),
        Command::OpenRecord => (CMD_OR_CTRL, Code::KeyO),
        Command::SaveRecord => (CMD_OR_CTRL, Code::KeyS),
        Command::Quit => (CMD_OR_CTRL, Code::KeyQ),
        Command::Undo => (CMD_OR_CTRL, Code::KeyZ),
        Command::Redo => (CMD_OR_CTRL | Modifiers::SHIFT, Code::KeyZ),
    };
    Some(Accelerator::new(Some(modifiers), code))
}

/// Opens the app's window: its icon, the placement it had last time if a monitor still shows
/// it (else the default size, centred), the menu bar; and runs the app in it.
pub fn launch() {
    // Made here rather than by Dioxus, to ask it for the monitors before the window is made.
    let event_loop = EventLoopBuilder::with_user_event().build();
    let monitors: Vec<Monitor> = event_loop.available_monitors().map(monitor).collect();
    let primary = event_loop.primary_monitor().map(monitor);
    let saved = storage::read_file(PLACEMENT_FILE)
        .as_deref()
        .and_then(Placement::parse);
    let opening = placement::opening(saved, &monitors, primary);
    let (width, height) = opening.size;
    let mut window = WindowBuilder::new()
        .with_title("Ishi")
        .with_window_icon(dioxus::desktop::icon_from_memory::<Icon>(ICON_PNG).ok())
        .with_inner_size(PhysicalSize::new(width, height))
        .with_min_inner_size(LogicalSize::new(MIN_SIZE.0, MIN_SIZE.1))
        .with_maximized(opening.maximized);
    if let Some((x, y)) = opening.position {
        window = window.with_position(PhysicalPosition::new(x, y));
    }
    let menu = MenuBar::new(Tr(i18n::system_language())).ok();
    let desktop = Desktop {
        menu: menu.clone(),
        opened: opening.position.map(|(x, y)| Area {
            x,
            y,
            width,
            height,
        }),
    };
    let config = Config::new()
        .with_event_loop(event_loop)
        .with_window(window)
        .with_menu(menu.map(|m| m.bar))
        .with_on_window(move |_, dom| dom.provide_root_context(desktop.clone()));
    dioxus::LaunchBuilder::desktop()
        .with_cfg(config)
        .launch(Window);
}

/// The app in the window that [`launch`] opened: the app's root
/// ([`components::use_app_root`], told whether the menu bar's accelerators take Undo's and
/// Redo's keys), the menu bar's and the window's hooks ([`use_desktop`]), and what the app
/// shows, as [`components::App`] does.
#[component]
fn Window() -> Element {
    let desktop = use_hook(try_consume_context::<Desktop>);
    let app = components::use_app_root(desktop.as_ref().is_some_and(|d| d.menu.is_some()));
    use_desktop(app, desktop);
    rsx! {
        style { {components::STYLESHEET} }
        components::Shell {}
    }
}

fn monitor(handle: MonitorHandle) -> Monitor {
    let (position, size) = (handle.position(), handle.size());
    Monitor {
        area: Area {
            x: position.x,
            y: position.y,
            width: size.width,
            height: size.height,
        },
        scale: handle.scale_factor(),
    }
}

/// With what [`launch`] handed the app (`desktop`): keeps the menu bar in the app's language
/// with Undo and Redo enabled only when they act, carries out its commands, and saves the
/// window's placement when it has stopped moving or resizing, and when it closes. Without it
/// it does nothing; that does not change while the app runs, so the hooks it calls are always
/// the same ones.
fn use_desktop(app: AppHandle, desktop: Option<Desktop>) {
    let Some(desktop) = desktop else {
        return;
    };
    let save = use_placement_saving(desktop.opened);
    let view = use_memo(move || MenuView::of(&app.read(), app.system_language()));
    let menu = desktop.menu;
    use_effect(move || {
        let view = view();
        if let Some(menu) = &menu {
            menu.show(view);
        }
    });
    use_muda_event_handler(move |event| {
        if let Some(command) = Command::from_id(event.id().as_ref()) {
            run(app, command, &save);
        }
    });
}

/// Carries out `command`.
fn run(app: AppHandle, command: Command, save: &PlacementSaver) {
    match command {
        // As the records sheet's first Download button: the game's own record (SGF for Go,
        // the transcript for Othello).
        Command::SaveRecord => {
            if let Some(export) = records::export(app.peek().current()).first() {
                more::download(export);
            }
        }
        Command::Quit => {
            save.save();
            window().close();
        }
        _ => {
            if let Some(action) = command.action() {
                app.send(action);
            }
        }
    }
}

/// Saves the window's placement; remembers the area it last had while neither maximized nor
/// minimized, which is what a maximized window returns to.
#[derive(Clone)]
struct PlacementSaver {
    normal: Rc<Cell<Option<Area>>>,
}

impl PlacementSaver {
    /// Notes the window's area if it is neither maximized nor minimized.
    fn note(&self) {
        let window = &window().window;
        if window.is_maximized() || window.is_minimized() {
            return;
        }
        if let Ok(position) = window.outer_position() {
            let size = window.inner_size();
            self.normal.set(Some(Area {
                x: position.x,
                y: position.y,
                width: size.width,
                height: size.height,
            }));
        }
    }

    /// Saves the placement: the last normal area, and whether the window is maximized.
    fn save(&self) {
        self.note();
        if let Some(area) = self.normal.get() {
            let placement = Placement {
                area,
                maximized: window().window.is_maximized(),
            };
            storage::write_file(PLACEMENT_FILE, &placement.to_json());
        }
    }
}

/// Saves the placement once the window has been still for [`SAVE_DELAY`] after moving or
/// resizing, and when it is closed; `opened` is where it opened.
fn use_placement_saving(opened: Option<Area>) -> PlacementSaver {
    let saver = use_hook(|| PlacementSaver {
        normal: Rc::new(Cell::new(opened)),
    });
    // When the window last moved or resized, while a save waits for it to be still.
    let last_change = use_hook(|| Rc::new(Cell::new(None::<Instant>)));
    let on_event = saver.clone();
    use_wry_event_handler(move |event, _| {
        let Event::WindowEvent { event, .. } = event else {
            return;
        };
        match event {
            WindowEvent::Moved(_) | WindowEvent::Resized(_) => {
                on_event.note();
                if last_change.replace(Some(Instant::now())).is_none() {
                    let (saver, last_change) = (on_event.clone(), last_change.clone());
                    spawn(async move {
                        while let Some(at) = last_change.get() {
                            match SAVE_DELAY.checked_sub(at.elapsed()) {
                                Some(wait) => js::sleep(wait.as_millis() as u32 + 1).await,
                                None => last_change.set(None),
                            }
                        }
                        saver.save();
                    });
                }
            }
            WindowEvent::CloseRequested => on_event.save(),
            _ => {}
        }
    });
    saver
}
