//! The desktop's window: the app's icon, the place and size it had last time
//! ([`placement`]), and a menu bar (Game: New game…, Open record…, Save record…, Quit; Edit:
//! Undo, Redo) whose commands ([`commands`]) are the actions of the app's own buttons, in the
//! app's language, Undo and Redo disabled when they would do nothing.
//!
//! The pure parts (the saved placement and where to open, the commands) are compiled for the
//! tests of every build; the window itself only with the feature `desktop`.

pub mod commands;
pub mod placement;

#[cfg(feature = "desktop")]
mod window;

#[cfg(feature = "desktop")]
pub use window::launch;
