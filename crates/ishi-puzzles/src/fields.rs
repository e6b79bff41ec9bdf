//! What both libraries' lines share: the lines that hold puzzles, the rating field and the
//! themes field.

/// The puzzles of `text`'s lines (not the empty ones, nor the `#` comments), each read by
/// `read`; the first line that does not read, numbered from 1, and why.
pub(crate) fn puzzles<P, R>(
    text: &str,
    read: impl Fn(&str) -> Result<P, R>,
) -> Result<Vec<P>, (usize, R)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|(i, l)| read(l).map_err(|reason| (i + 1, reason)))
        .collect()
}

/// A rating field: a number from 0 to 4000.
pub(crate) fn rating(text: &str) -> Option<u16> {
    text.parse::<u16>().ok().filter(|&r| r <= 4000)
}

/// A themes field: names of `all` apart by commas, or `-` for none; the first name that is
/// not one.
pub(crate) fn themes<T: Copy>(
    text: &str,
    all: &[T],
    name: impl Fn(T) -> &'static str,
) -> Result<Vec<T>, String> {
    if text == "-" {
        return Ok(Vec::new());
    }
    text.split(',')
        .map(|t| {
            all.iter()
                .copied()
                .find(|&theme| name(theme) == t)
                .ok_or_else(|| t.to_owned())
        })
        .collect()
}
