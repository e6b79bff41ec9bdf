//! The stylesheet as the build script writes it.

use std::fs;
use std::path::Path;

use super::STYLESHEET;
use super::css::{FILES, PARTS, minify};

/// The CSS file `file` (a path from `src/components/`) as written.
fn source(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/components")
        .join(file);
    fs::read_to_string(path).expect("the app's CSS file")
}

/// The app's stylesheet's CSS files as written, one after the other.
fn sources() -> String {
    FILES.iter().map(|file| source(file)).collect()
}

/// The sheet the build script wrote for the lazily loaded part styled by `file`.
fn part_sheet(file: &str) -> String {
    let name = Path::new(file).file_name().expect("a file's name");
    let path = Path::new(env!("OUT_DIR")).join("parts").join(name);
    fs::read_to_string(path).expect("the part's sheet, written by the build script")
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
fn each_part_s_sheet_keeps_every_word_of_its_source_in_order() {
    for file in PARTS {
        let sheet = part_sheet(file);
        assert!(words(&sheet).len() > 20, "{file}");
        assert_eq!(words(&sheet), words(&source(file)), "{file}");
        assert!(!sheet.contains('\n') && !sheet.contains("/*"), "{file}");
    }
}

#[test]
fn no_css_file_is_left_out_or_taken_twice() {
    let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/components");
    let mut found = Vec::new();
    for entry in fs::read_dir(&folder).expect("the components' folder") {
        let path = entry.expect("an entry").path();
        let files = if path.is_dir() {
            fs::read_dir(&path)
                .expect("a component's folder")
                .map(|e| e.expect("an entry").path())
                .collect()
        } else {
            vec![path]
        };
        for file in files
            .into_iter()
            .filter(|f| f.extension().is_some_and(|e| e == "css"))
        {
            let relative = file.strip_prefix(&folder).expect("inside the folder");
            found.push(relative.to_string_lossy().into_owned());
        }
    }
    found.sort();
    let mut listed: Vec<String> = FILES.iter().chain(&PARTS).map(|f| f.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed);
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
