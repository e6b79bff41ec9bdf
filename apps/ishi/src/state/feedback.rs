//! What a move that appears on the board during play sounds and feels like, decided as data:
//! [`AppState::apply`](super::AppState::apply) reports it in [`Effects`](super::Effects), and
//! the front end plays it ([`crate::feedback`]).
//!
//! Only moves played now make feedback: a person's move, the computer's answer, an online
//! opponent's move. Stepping through a review, undo and redo, loading a saved game,
//! importing one and switching games show moves that were already played, and stay silent.
//! Othello's forced passes are silent too (the rules make them, nobody plays them); a Go pass
//! has a soft tone of its own, so that a pass by the other side is noticed.

use std::rc::Rc;

use ishi_rules::Move;
use ishi_rules::any::GameKind;

use crate::model::Snapshot;
use crate::settings::Settings;

/// The sound of a move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Sound {
    /// A Go stone placed: a short wooden click.
    Stone,
    /// An Othello disc placed, then a soft tick for each disc it flipped.
    Disc {
        /// The discs flipped.
        flips: usize,
    },
    /// A pass played (Go).
    Pass,
}

impl Sound {
    /// The name the page's script knows it by.
    pub fn name(self) -> &'static str {
        match self {
            Sound::Stone => "stone",
            Sound::Disc { .. } => "disc",
            Sound::Pass => "pass",
        }
    }

    /// The discs flipped (none but for an Othello disc).
    pub fn flips(self) -> usize {
        match self {
            Sound::Disc { flips } => flips,
            Sound::Stone | Sound::Pass => 0,
        }
    }
}

/// The feedback of a move that appeared on the board during play.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Feedback {
    /// Its sound.
    pub sound: Sound,
    /// Whether the person at this device made it: a stone placed by their finger vibrates,
    /// as touch feedback; the computer's and an opponent's moves only sound.
    pub touch: bool,
}

impl Feedback {
    /// The feedback of the snapshots `added` after the one the board showed (a move, and the
    /// forced passes that followed it): that of the last move played among them, by the
    /// person at the device if `touch`. `None` when none was played (a resignation, an
    /// accepted count, forced passes only).
    pub fn of_moves(kind: GameKind, added: &[Rc<Snapshot>], touch: bool) -> Option<Feedback> {
        let played = added
            .iter()
            .rev()
            .filter_map(|s| s.played.as_ref())
            .find(|p| !p.forced)?;
        let sound = match (played.mv, kind) {
            (Move::Pass, _) => Sound::Pass,
            (Move::Place(_), GameKind::Go) => Sound::Stone,
            (Move::Place(_), GameKind::Othello) => Sound::Disc {
                flips: played.flipped.len(),
            },
        };
        Some(Feedback { sound, touch })
    }

    /// What to play of it with `settings`.
    pub fn cue(self, settings: &Settings) -> Cue {
        Cue {
            sound: settings.sound.then_some(self.sound),
            vibrate: settings.vibration && self.touch && self.sound != Sound::Pass,
        }
    }
}

/// What the front end plays for a move.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Cue {
    /// The sound, unless sound is off.
    pub sound: Option<Sound>,
    /// A short vibration, where the device has one.
    pub vibrate: bool,
}

impl Cue {
    /// Whether there is nothing to play.
    pub fn is_silent(self) -> bool {
        self.sound.is_none() && !self.vibrate
    }
}

#[cfg(test)]
mod tests {
    use ishi_rules::Player;

    use super::*;
    use crate::model::{Cell, Played, Position};

    fn snapshot(played: Option<Played>) -> Rc<Snapshot> {
        Rc::new(Snapshot {
            position: Position::Othello(ishi_rules::othello::Othello::default()),
            played,
            ending: None,
        })
    }

    fn placed(flips: usize) -> Rc<Snapshot> {
        snapshot(Some(Played {
            player: Player::Black,
            mv: Move::Place(Cell::new(2, 3)),
            forced: false,
            flipped: vec![Cell::new(3, 3); flips],
        }))
    }

    fn pass(forced: bool) -> Rc<Snapshot> {
        snapshot(Some(Played {
            player: Player::White,
            mv: Move::Pass,
            forced,
            flipped: Vec::new(),
        }))
    }

    #[test]
    fn a_move_sounds_as_its_game_and_an_othello_disc_ticks_once_a_flip() {
        let disc = Feedback::of_moves(GameKind::Othello, &[placed(3)], true);
        assert_eq!(
            disc,
            Some(Feedback {
                sound: Sound::Disc { flips: 3 },
                touch: true
            })
        );
        let stone = Feedback::of_moves(GameKind::Go, &[placed(0)], false);
        assert_eq!(stone.map(|f| f.sound), Some(Sound::Stone));
        let go_pass = Feedback::of_moves(GameKind::Go, &[pass(false)], false);
        assert_eq!(go_pass.map(|f| f.sound), Some(Sound::Pass));
    }

    #[test]
    fn forced_passes_are_silent_and_the_move_before_them_sounds() {
        assert_eq!(
            Feedback::of_moves(GameKind::Othello, &[pass(true)], false),
            None
        );
        let then_forced = Feedback::of_moves(GameKind::Othello, &[placed(2), pass(true)], true);
        assert_eq!(then_forced.map(|f| f.sound), Some(Sound::Disc { flips: 2 }));
    }

    #[test]
    fn an_ending_without_a_move_is_silent() {
        assert_eq!(Feedback::of_moves(GameKind::Go, &[], false), None);
        assert_eq!(
            Feedback::of_moves(GameKind::Go, &[snapshot(None)], true),
            None
        );
    }

    #[test]
    fn the_settings_turn_sound_and_vibration_off_and_only_a_persons_stone_vibrates() {
        let on = Settings::default();
        let mine = Feedback {
            sound: Sound::Disc { flips: 1 },
            touch: true,
        };
        assert_eq!(
            mine.cue(&on),
            Cue {
                sound: Some(Sound::Disc { flips: 1 }),
                vibrate: true
            }
        );
        let theirs = Feedback {
            touch: false,
            ..mine
        };
        assert!(!theirs.cue(&on).vibrate);
        let my_pass = Feedback {
            sound: Sound::Pass,
            touch: true,
        };
        assert!(!my_pass.cue(&on).vibrate);

        let quiet = Settings {
            sound: false,
            ..Settings::default()
        };
        assert_eq!(mine.cue(&quiet).sound, None);
        assert!(mine.cue(&quiet).vibrate);
        let still = Settings {
            vibration: false,
            ..quiet
        };
        assert!(mine.cue(&still).is_silent());
    }
}
