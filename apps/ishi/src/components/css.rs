//! The stylesheet made small for the download: the build script (`build.rs`) joins the app's
//! CSS files through [`minify`], and the app carries the result as one string in its WASM,
//! which the first board waits for. Comments and indentation were a fifth of its compressed
//! size (docs/web-size.md).

/// The app's CSS files, each folder's own, in the order the stylesheet takes them (paths from
/// `src/components/`): the app's own first, then each component's.
pub(crate) const FILES: [&str; 12] = [
    "app.css",
    "analysis/analysis.css",
    "board/board.css",
    "controls/controls.css",
    "dialog/dialog.css",
    "header/header.css",
    "more/more.css",
    "moves/moves.css",
    "new_game/new_game.css",
    "online/online.css",
    "review/review.css",
    "status/status.css",
];

/// Characters that need no space on either side.
const TIGHT: &[char] = &['{', '}', ';', ',', '>'];

/// `css` without its comments and the whitespace it does not need: none next to `{`, `}`,
/// `;`, `,` and `>`, and no `;` before a `}`; any other run of whitespace (or a comment)
/// becomes one space, as it separates words (`solid #fff`) or terms (`100vw - 12px`). Quoted
/// strings are copied as they are (the app's have no escaped quotes).
pub(crate) fn minify(css: &str) -> String {
    let mut out = String::with_capacity(css.len());
    let mut space = false;
    let mut rest = css;
    while let Some(c) = rest.chars().next() {
        if let Some(comment) = rest.strip_prefix("/*") {
            rest = comment.find("*/").map_or("", |end| &comment[end + 2..]);
            space = true;
            continue;
        }
        rest = &rest[c.len_utf8()..];
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space && !out.is_empty() && !TIGHT.contains(&c) && !out.ends_with(TIGHT) {
            out.push(' ');
        }
        space = false;
        if c == '}' && out.ends_with(';') {
            out.pop();
        }
        out.push(c);
        if c == '"' || c == '\'' {
            let end = rest.find(c).map_or(rest.len(), |end| end + 1);
            out.push_str(&rest[..end]);
            rest = &rest[end..];
        }
    }
    out
}
