//! What the puzzle libraries' tests share: the shipped libraries, scratch files, output as
//! text.

use std::path::PathBuf;

/// Output as text.
pub(crate) fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("text")
}

/// The shipped library `file` (`othello.txt`, `go.txt`).
pub(crate) fn shipped(file: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../crates/ishi-puzzles/data")
        .join(file)
}

/// A scratch file of this test process, `name` with the test's `prefix`.
pub(crate) fn temporary(prefix: &str, name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("{prefix}-{}-{name}", std::process::id()))
}
