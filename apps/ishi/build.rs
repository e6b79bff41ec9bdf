//! Writes the app's stylesheet, `$OUT_DIR/app.css`: every component's CSS file in one, made
//! small by `src/components/css.rs` (what it does and why is there).

use std::path::Path;
use std::{env, fs};

#[path = "src/components/css.rs"]
mod css;

fn main() {
    let folder = Path::new("src/components");
    let mut sheet = String::new();
    for file in css::FILES {
        let path = folder.join(file);
        println!("cargo::rerun-if-changed={}", path.display());
        match fs::read_to_string(&path) {
            Ok(text) => sheet.push_str(&css::minify(&text)),
            Err(error) => panic!("reading the stylesheet {}: {error}", path.display()),
        }
    }
    let out = Path::new(&env::var_os("OUT_DIR").expect("cargo sets OUT_DIR")).join("app.css");
    if let Err(error) = fs::write(&out, sheet) {
        panic!("writing {}: {error}", out.display());
    }
}
