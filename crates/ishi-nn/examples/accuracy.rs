//! How each precision of Ishi's format compares with KataGo's own outputs, and its size:
//! the figures behind shipping half precision (see the `format` module).
//!
//! `cargo run --release -p ishi-nn --example accuracy -- SRC.bin.gz`: converts KataGo's file
//! at `f32`, `f16` and `int8`, evaluates the reference positions of `tests/data` with each,
//! and prints the policy KL, win rate, lead, score and ownership differences, with the file
//! sizes raw and gzipped (level 9).

#[path = "../tests/support/reference.rs"]
#[allow(dead_code)]
mod reference;

use std::io::{Read, Write};
use std::process::ExitCode;
use std::sync::Arc;

use flate2::Compression;
use flate2::read::GzDecoder;
use flate2::write::GzEncoder;
use ishi_nn::{Evaluator, Network, Precision};

const REFERENCE: &str = include_str!("../tests/data/reference.txt");

fn main() -> ExitCode {
    let Some(source) = std::env::args().nth(1) else {
        eprintln!("usage: accuracy SRC.bin.gz");
        return ExitCode::FAILURE;
    };
    match run(&source) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("accuracy: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(source: &str) -> Result<(), Box<dyn std::error::Error>> {
    let mut bytes = Vec::new();
    GzDecoder::new(&std::fs::read(source)?[..]).read_to_end(&mut bytes)?;
    let network = Network::from_katago(&bytes)?;
    let positions = reference::positions(REFERENCE);
    for precision in [Precision::F32, Precision::F16, Precision::Int8] {
        let file = network.to_bytes(precision);
        let mut gz = GzEncoder::new(Vec::new(), Compression::best());
        gz.write_all(&file)?;
        let gzipped = gz.finish()?.len();
        let mut evaluator = Evaluator::new(Arc::new(Network::from_bytes(&file)?));
        let summary = reference::summarize(&positions, &mut evaluator);
        println!(
            "{precision:?}: {} bytes, {gzipped} gzipped; within thresholds: {}\n  {summary}",
            file.len(),
            summary.within_thresholds()
        );
    }
    Ok(())
}
