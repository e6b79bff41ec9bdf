//! A GTP engine in a child process, as the match runner drives it.

use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

/// A GTP engine in a child process, started from a command line split on whitespace (no
/// shell). Its standard error is dropped.
pub(crate) struct GtpClient {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl GtpClient {
    /// Starts `command`.
    ///
    /// # Errors
    ///
    /// An empty command, or one that cannot be started.
    pub(crate) fn start(command: &str) -> io::Result<GtpClient> {
        let mut words = command.split_whitespace();
        let program = words
            .next()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "empty engine command"))?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| io::Error::new(e.kind(), format!("cannot start {program:?}: {e}")))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(io::Error::other("the engine's pipes are missing"));
        };
        Ok(GtpClient {
            child,
            input,
            output: BufReader::new(output),
        })
    }

    /// Sends `command` and reads the answer: `Ok(text)` for `=`, `Err(text)` for `?`.
    ///
    /// # Errors
    ///
    /// The engine stopped answering, or answered something that is not GTP.
    pub(crate) fn send(&mut self, command: &str) -> io::Result<Result<String, String>> {
        writeln!(self.input, "{command}")?;
        self.input.flush()?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            if self.output.read_line(&mut line)? == 0 {
                return Err(io::Error::new(
                    io::ErrorKind::UnexpectedEof,
                    format!("the engine stopped answering at {command:?}"),
                ));
            }
            if line.trim().is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            answer.push_str(&line);
        }
        let answer = answer.trim();
        let text = answer
            .get(1..)
            .unwrap_or_default()
            .trim_start_matches(|c: char| c.is_ascii_digit());
        let text = text.trim().to_owned();
        match answer.chars().next() {
            Some('=') => Ok(Ok(text)),
            Some('?') => Ok(Err(text)),
            _ => Err(io::Error::new(
                io::ErrorKind::InvalidData,
                format!("not a GTP answer to {command:?}: {answer:?}"),
            )),
        }
    }

    /// Sends `command`, which must succeed.
    ///
    /// # Errors
    ///
    /// As [`send`](GtpClient::send), and [`io::ErrorKind::InvalidData`] when the engine
    /// refuses the command.
    pub(crate) fn must(&mut self, command: &str) -> io::Result<String> {
        self.send(command)?.map_err(|e| {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("the engine refused {command:?}: {e}"),
            )
        })
    }

    /// Whether the engine knows `command` (`known_command`).
    ///
    /// # Errors
    ///
    /// As [`send`](GtpClient::send).
    pub(crate) fn knows(&mut self, command: &str) -> io::Result<bool> {
        Ok(self.send(&format!("known_command {command}"))?.as_deref() == Ok("true"))
    }
}

impl Drop for GtpClient {
    fn drop(&mut self) {
        // Best effort: the engine may be gone already.
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}
