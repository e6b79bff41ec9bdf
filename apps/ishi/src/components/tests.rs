//! The stylesheet as the build script writes it.

use std::fs;
use std::path::Path;

use super::STYLESHEET;
use super::css::{FILES, minify};

/// The app's CSS files as written, one after the other.
fn sources() -> String {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/components");
    FILES
        .iter()
        .map(|file| fs::read_to_string(folder.join(file)).expect("the app's CSS file"))
        .collect()
}

/// The words of a stylesheet in order, comments left out: what lies between whitespace and
/// the characters a small sheet joins without a space.
fn words(css: &str) -> Vec<&str> {
    let mut text = Vec::new();
    let mut rest = css;
    while let Some(start) = rest.find("/*") {
        text.push(&rest[..start]);
        let comment = &rest[start + 2..];
        rest = comment.find("*/").map_or("", |end| &comment[end + 2..]);
    }
    text.push(rest);
    text.into_iter()
        .flat_map(|part| part.split(|c: char| c.is_whitespace() || "{};,>".contains(c)))
        .filter(|word| !word.is_empty())
        .collect()
}

#[test]
fn the_stylesheet_keeps_every_word_of_the_sources_in_order() {
    let sources = sources();
    assert!(
        words(&sources).len() > 1000,
        "the sources are the app's CSS"
    );
    assert_eq!(words(STYLESHEET), words(&sources));
}

#[test]
fn the_stylesheet_has_no_comments_line_breaks_or_runs_of_spaces() {
    assert!(!STYLESHEET.contains("/*"));
    assert!(!STYLESHEET.contains('\n'));
    assert!(!STYLESHEET.contains("  "));
    assert!(!STYLESHEET.contains(";}"));
    let sources = sources();
    assert!(
        STYLESHEET.len() * 10 < sources.len() * 8,
        "{} bytes from {}",
        STYLESHEET.len(),
        sources.len()
    );
}

#[test]
fn minify_keeps_the_spaces_that_separate_and_drops_the_rest() {
    assert_eq!(
        minify(
            "a  >  b , c {\n  border: 1px  solid #fff ;  /* a comment */ margin: calc(1px - 2px);\n}\n"
        ),
        "a>b,c{border: 1px solid #fff;margin: calc(1px - 2px)}"
    );
    assert_eq!(
        minify(".x::after { content: \"a  b;}\" ; }\n@media (min-width: 7px) { .y { top: 0 } }"),
        ".x::after{content: \"a  b;}\"}@media (min-width: 7px){.y{top: 0}}"
    );
    assert_eq!(minify("/* only a comment */"), "");
    assert_eq!(minify("a { b: c } /* unclosed"), "a{b: c}");
}
