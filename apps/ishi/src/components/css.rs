//! The stylesheets made small for the download: the build script (`build.rs`) joins the
//! app's CSS files through [`minify`], and the app carries the result as one string in its
//! WASM, which the first board waits for (the lazily loaded parts' own sheets likewise, each
//! in its part's module). Comments and indentation were about a quarter of its
//! compressed size (6.8 KB gzip as written, 5.0 KB made small; docs/web-size.md).

/// The CSS files of the app's stylesheet, each folder's own, in the order it takes them
/// (paths from `src/components/`): the app's own first, then each component's.
pub(crate) const FILES: [&str; 9] = [
    "app.css",
    "board/board.css",
    "controls/controls.css",
    "dialog/dialog.css",
    "header/header.css",
    "moves/moves.css",
    "online/online.css",
    "review/review.css",
    "status/status.css",
];

/// The CSS files of the lazily loaded parts that style nothing else: the build script writes
/// each on its own (`$OUT_DIR/parts/` and the file's name) and its part renders it, after its
/// markup, so that the first board does without them. Their rules come after the app's
/// stylesheet in the page.
pub(crate) const PARTS: [&str; 11] = [
    "analysis/analysis.css",
    "analysis/graph.css",
    "club/club.css",
    "dialog/sheet.css",
    "more/more.css",
    "moves/list.css",
    "new_game/new_game.css",
    "online/bar.css",
    "online/sheets.css",
    "practice/practice.css",
    "puzzles/puzzles.css",
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
