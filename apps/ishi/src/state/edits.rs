//! Changes to the state whose code comes with their action, so that it stays out of the first
//! board's module in the web's split build (docs/web-size.md): the reducer reaches it only
//! through a function pointer that the lazy part sending the action put there, so the code is
//! that part's module's. The practice ([`super::Practise`]) is one; deleting a variation is
//! the other, sent by the variation bar.

use crate::model::{Match, Refusal};

/// Deletes variation `line` of the match on screen ([`Match::delete_line`]).
#[derive(Copy, Clone)]
pub struct DeleteLine {
    line: usize,
    delete: fn(&mut Match, usize) -> Result<(), Refusal>,
}

impl DeleteLine {
    /// Deleting variation `line`. Called only by the review's lazy parts (see the module).
    pub fn new(line: usize) -> DeleteLine {
        DeleteLine {
            line,
            delete: Match::delete_line,
        }
    }

    /// Deletes it from `m`.
    pub(super) fn apply(self, m: &mut Match) -> Result<(), Refusal> {
        (self.delete)(m, self.line)
    }
}

impl PartialEq for DeleteLine {
    /// The same line: there is one code that deletes lines.
    fn eq(&self, other: &DeleteLine) -> bool {
        self.line == other.line
    }
}

impl std::fmt::Debug for DeleteLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "DeleteLine({})", self.line)
    }
}
