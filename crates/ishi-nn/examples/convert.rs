//! Converts KataGo's binary model file to Ishi's network format.
//!
//! `cargo run -p ishi-nn --example convert -- SRC.bin.gz OUT [f32|f16|int8]` (default `f16`,
//! what Ishi ships). A source ending in `.gz` is gunzipped first. The output depends only on
//! the source and the precision, so running it again gives the same bytes: this is how
//! `data/g170-b6c96.ishinn` is made from KataGo's `g170-b6c96-s175395328-d26788732.bin.gz`.

use std::io::Read;
use std::process::ExitCode;

use ishi_nn::{Network, Precision};

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(source), Some(target)) = (args.first(), args.get(1)) else {
        eprintln!("usage: convert SRC.bin[.gz] OUT [f32|f16|int8]");
        return ExitCode::FAILURE;
    };
    let precision = match args.get(2).map(String::as_str) {
        None | Some("f16") => Precision::F16,
        Some("f32") => Precision::F32,
        Some("int8") => Precision::Int8,
        Some(other) => {
            eprintln!("unknown precision {other:?}: use f32, f16 or int8");
            return ExitCode::FAILURE;
        }
    };
    match convert(source, target, precision) {
        Ok(network) => {
            println!(
                "{}: {} blocks, {} channels, {} parameters -> {target}",
                network.name(),
                network.blocks(),
                network.trunk_channels(),
                network.parameters()
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("convert: {e}");
            ExitCode::FAILURE
        }
    }
}

fn convert(
    source: &str,
    target: &str,
    precision: Precision,
) -> Result<Network, Box<dyn std::error::Error>> {
    let raw = std::fs::read(source)?;
    let bytes = if source.ends_with(".gz") {
        let mut out = Vec::new();
        flate2::read::GzDecoder::new(&raw[..]).read_to_end(&mut out)?;
        out
    } else {
        raw
    };
    let network = Network::from_katago(&bytes)?;
    std::fs::write(target, network.to_bytes(precision))?;
    Ok(network)
}
