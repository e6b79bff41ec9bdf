//! Where the window was and how big: saved as `window.json` in the app's data directory when
//! it moves, resizes or closes, and used again at the next start if it still makes sense.
//!
//! Everything is in physical pixels, as the system reports monitors and windows. A file that
//! cannot be read, a size that is not one, or a place no monitor shows any more (a monitor
//! unplugged, a smaller screen) gives the default: [`DEFAULT_SIZE`], centred on the primary
//! monitor.

use serde::{Deserialize, Serialize};

/// The window's first size, in logical pixels: wide enough for the move list to sit beside the
/// board (the stylesheet puts it there from 1000 pixels), not taller than a laptop's screen.
pub const DEFAULT_SIZE: (u32, u32) = (1100, 780);

/// The smallest window, in logical pixels: the phone layout, which still holds everything.
pub const MIN_SIZE: (u32, u32) = (360, 560);

/// How much of the window's top edge, where the title bar is, a monitor must show for the
/// saved place to be used: enough to grab the window and move it.
const GRIP: (i64, i64) = (120, 40);

/// The largest width or height taken from the file; anything larger is not a window.
const MAX_SIDE: u32 = 32_768;

/// A rectangle in physical pixels: a monitor's, or a window's (its outer top-left corner and
/// its inner size, what the system takes back when a window is made).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Area {
    /// The left edge.
    pub x: i32,
    /// The top edge.
    pub y: i32,
    /// The width.
    pub width: u32,
    /// The height.
    pub height: u32,
}

impl Area {
    fn right(self) -> i64 {
        i64::from(self.x) + i64::from(self.width)
    }

    fn bottom(self) -> i64 {
        i64::from(self.y) + i64::from(self.height)
    }
}

/// A monitor: its area and its scale factor (physical pixels per logical pixel).
#[derive(Copy, Clone, PartialEq, Debug)]
pub struct Monitor {
    /// Where it is on the desktop, and its size.
    pub area: Area,
    /// Its scale factor.
    pub scale: f64,
}

/// The window as saved: its area when it was last neither maximized nor minimized, and
/// whether it was maximized.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Placement {
    /// The area.
    #[serde(flatten)]
    pub area: Area,
    /// Maximized.
    pub maximized: bool,
}

impl Placement {
    /// The placement saved in `text`, or `None` if it is not one.
    pub fn parse(text: &str) -> Option<Placement> {
        let placement: Placement = serde_json::from_str(text).ok()?;
        let sides = 1..=MAX_SIDE;
        (sides.contains(&placement.area.width) && sides.contains(&placement.area.height))
            .then_some(placement)
    }

    /// The text of the file.
    pub fn to_json(self) -> String {
        serde_json::to_string(&self).unwrap_or_default()
    }
}

/// Where and how big to open the window.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Opening {
    /// The outer top-left corner, or `None` to let the system choose (no monitor known).
    pub position: Option<(i32, i32)>,
    /// The inner size.
    pub size: (u32, u32),
    /// Maximized.
    pub maximized: bool,
}

/// Where to open the window: `saved` if a monitor shows enough of its top edge (shrunk to fit
/// that monitor), or else the default size centred on `primary` (or on the first monitor).
pub fn opening(
    saved: Option<Placement>,
    monitors: &[Monitor],
    primary: Option<Monitor>,
) -> Opening {
    if let Some(saved) = saved
        && let Some(monitor) = monitors.iter().find(|m| shows_grip(m.area, saved.area))
    {
        return Opening {
            position: Some((saved.area.x, saved.area.y)),
            size: (
                saved.area.width.min(monitor.area.width),
                saved.area.height.min(monitor.area.height),
            ),
            maximized: saved.maximized,
        };
    }
    let Some(monitor) = primary.or_else(|| monitors.first().copied()) else {
        return Opening {
            position: None,
            size: DEFAULT_SIZE,
            maximized: false,
        };
    };
    let scaled = |logical: u32, room: u32| {
        let physical = (f64::from(logical) * monitor.scale.clamp(0.5, 8.0)).round();
        // In range: the scale is clamped and a logical size is small.
        (physical as u32).min(room)
    };
    let area = monitor.area;
    let size = (
        scaled(DEFAULT_SIZE.0, area.width),
        scaled(DEFAULT_SIZE.1, area.height),
    );
    let centred = |start: i32, room: u32, side: u32| {
        // Half of a u32 fits in an i32.
        start.saturating_add(((room - side) / 2) as i32)
    };
    Opening {
        position: Some((
            centred(area.x, area.width, size.0),
            centred(area.y, area.height, size.1),
        )),
        size,
        maximized: false,
    }
}

/// Whether `monitor` shows enough of `window`'s top edge to grab it.
fn shows_grip(monitor: Area, window: Area) -> bool {
    let top = i64::from(window.y);
    let inside_vertically = top >= i64::from(monitor.y) && top + GRIP.1 <= monitor.bottom();
    let left = i64::from(window.x).max(i64::from(monitor.x));
    let right = window.right().min(monitor.right());
    inside_vertically && right - left >= GRIP.0
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCREEN: Monitor = Monitor {
        area: Area {
            x: 0,
            y: 0,
            width: 1920,
            height: 1080,
        },
        scale: 1.0,
    };

    /// A second monitor to the right of [`SCREEN`], at twice the density.
    const RIGHT: Monitor = Monitor {
        area: Area {
            x: 1920,
            y: 0,
            width: 2560,
            height: 1440,
        },
        scale: 2.0,
    };

    fn placed(x: i32, y: i32, width: u32, height: u32) -> Placement {
        Placement {
            area: Area {
                x,
                y,
                width,
                height,
            },
            maximized: false,
        }
    }

    fn default_on_screen() -> Opening {
        Opening {
            position: Some((410, 150)),
            size: DEFAULT_SIZE,
            maximized: false,
        }
    }

    #[test]
    fn a_saved_placement_reads_back() {
        let saved = Placement {
            maximized: true,
            ..placed(-8, 30, 1200, 800)
        };
        assert_eq!(
            saved.to_json(),
            r#"{"x":-8,"y":30,"width":1200,"height":800,"maximized":true}"#
        );
        assert_eq!(Placement::parse(&saved.to_json()), Some(saved));
    }

    #[test]
    fn broken_files_read_as_nothing() {
        for text in [
            "",
            "not json",
            "{}",
            r#"{"x":0,"y":0,"width":800}"#,
            r#"{"x":0,"y":0,"width":0,"height":600,"maximized":false}"#,
            r#"{"x":0,"y":0,"width":800,"height":-600,"maximized":false}"#,
            r#"{"x":0,"y":0,"width":99999,"height":600,"maximized":false}"#,
            r#"{"x":1e99,"y":0,"width":800,"height":600,"maximized":false}"#,
        ] {
            assert_eq!(Placement::parse(text), None, "{text}");
        }
    }

    #[test]
    fn without_a_saved_placement_the_default_is_centred_on_the_primary_monitor() {
        assert_eq!(opening(None, &[SCREEN], Some(SCREEN)), default_on_screen());
        // Twice the density: twice the pixels, still centred.
        let opened = opening(None, &[SCREEN, RIGHT], Some(RIGHT));
        assert_eq!(opened.size, (2200, 1440));
        assert_eq!(opened.position, Some((1920 + 180, 0)));
    }

    #[test]
    fn the_default_fits_a_small_screen() {
        let small = Monitor {
            area: Area {
                x: 0,
                y: 0,
                width: 1024,
                height: 600,
            },
            scale: 1.0,
        };
        let opened = opening(None, &[small], None);
        assert_eq!(opened.size, (1024, 600));
        assert_eq!(opened.position, Some((0, 0)));
    }

    #[test]
    fn a_placement_on_a_monitor_is_used() {
        let saved = placed(100, 50, 900, 700);
        let opened = opening(Some(saved), &[SCREEN], Some(SCREEN));
        assert_eq!(
            opened,
            Opening {
                position: Some((100, 50)),
                size: (900, 700),
                maximized: false,
            }
        );
        // Half off the left edge is fine: the title bar can still be grabbed.
        let opened = opening(Some(placed(-450, 50, 900, 700)), &[SCREEN], None);
        assert_eq!(opened.position, Some((-450, 50)));
        let maximized = Placement {
            maximized: true,
            ..saved
        };
        assert!(opening(Some(maximized), &[SCREEN], None).maximized);
    }

    #[test]
    fn a_placement_on_an_unplugged_monitor_falls_back_to_the_default() {
        let on_right = placed(2200, 100, 1400, 900);
        assert_eq!(
            opening(Some(on_right), &[SCREEN, RIGHT], Some(SCREEN)).position,
            Some((2200, 100))
        );
        assert_eq!(
            opening(Some(on_right), &[SCREEN], Some(SCREEN)),
            default_on_screen()
        );
    }

    #[test]
    fn a_placement_whose_title_bar_is_off_screen_falls_back_to_the_default() {
        for saved in [
            // Above the screen.
            placed(100, -300, 900, 700),
            // Below it.
            placed(100, 1060, 900, 700),
            // All but a sliver off the right edge.
            placed(1850, 100, 900, 700),
            // Far away.
            placed(i32::MAX, i32::MAX, 900, 700),
            placed(i32::MIN, i32::MIN, 900, 700),
        ] {
            assert_eq!(
                opening(Some(saved), &[SCREEN], Some(SCREEN)),
                default_on_screen(),
                "{saved:?}"
            );
        }
    }

    #[test]
    fn a_placement_larger_than_its_monitor_shrinks_to_fit() {
        let opened = opening(Some(placed(0, 0, 2500, 1400)), &[SCREEN], None);
        assert_eq!(opened.size, (1920, 1080));
    }

    #[test]
    fn without_monitors_the_system_places_the_window() {
        let opened = opening(Some(placed(0, 0, 900, 700)), &[], None);
        assert_eq!(
            opened,
            Opening {
                position: None,
                size: DEFAULT_SIZE,
                maximized: false,
            }
        );
    }
}
