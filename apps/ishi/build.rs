//! Writes the app's stylesheet, `$OUT_DIR/app.css` (every component's CSS file in one), and
//! each lazily loaded part's own, `$OUT_DIR/parts/NAME.css`, made small by
//! `src/components/css.rs` (what it does and why is there).

use std::path::{Path, PathBuf};
use std::{env, fs};

#[path = "src/components/css.rs"]
mod css;

fn main() {
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let sheet: String = css::FILES.iter().map(|file| minified(file)).collect();
    write(&out.join("app.css"), &sheet);
    for file in css::PARTS {
        let name = Path::new(file).file_name().expect("a file's path");
        write(&out.join("parts").join(name), &minified(file));
    }
}

/// The CSS file `file` (a path from `src/components/`), made small.
fn minified(file: &str) -> String {
    let path = Path::new("src/components").join(file);
    println!("cargo::rerun-if-changed={}", path.display());
    match fs::read_to_string(&path) {
        Ok(text) => css::minify(&text),
        Err(error) => panic!("reading the stylesheet {}: {error}", path.display()),
    }
}

fn write(path: &Path, text: &str) {
    if let Some(folder) = path.parent()
        && let Err(error) = fs::create_dir_all(folder)
    {
        panic!("making {}: {error}", folder.display());
    }
    if let Err(error) = fs::write(path, text) {
        panic!("writing {}: {error}", path.display());
    }
}
