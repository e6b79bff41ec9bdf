//! The `ishi-server` command: see the library's documentation and `ishi-server --help`.

use clap::Parser;

#[tokio::main]
async fn main() {
    let options = ishi_server::Options::parse();
    if let Err(e) = ishi_server::run(options).await {
        eprintln!("ishi-server: {e}");
        std::process::exit(1);
    }
}
