//! What the command-line tests share: running `ishi-cli` on a piped input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `ishi-cli args`, writes `input` to its standard input, closes it, and waits for the
/// end.
pub(crate) fn run(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ishi-cli"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ishi-cli starts");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(input.as_bytes())
        .expect("input written");
    child.wait_with_output().expect("ishi-cli ends")
}
