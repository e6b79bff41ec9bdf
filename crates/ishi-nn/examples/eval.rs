//! Evaluates a position with the shipped network and prints what it thinks.
//!
//! `cargo run -p ishi-nn --example eval -- SIZE RULES KOMI MOVES...`, for example
//! `cargo run -p ishi-nn --example eval -- 9 chinese 7 E5 C4 pass`: the top policy moves,
//! the win rate and lead of the side to move and of Black, and a map of who owns what.

use std::process::ExitCode;
use std::sync::Arc;

use ishi_nn::{Evaluator, Features, Network};
use ishi_rules::go::{Go, GoRules, Komi, Point};
use ishi_rules::{Game, Move, Player};

fn main() -> ExitCode {
    match run(std::env::args().skip(1).collect()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("eval: {e}");
            eprintln!(
                "usage: eval SIZE RULES KOMI MOVES... (rules: japanese, chinese, tromp-taylor)"
            );
            ExitCode::FAILURE
        }
    }
}

fn run(args: Vec<String>) -> Result<(), Box<dyn std::error::Error>> {
    let [size, rules, komi, moves @ ..] = &args[..] else {
        return Err("missing arguments".into());
    };
    let rules: GoRules = rules.parse()?;
    let komi: Komi = komi.parse()?;
    let mut game = vec![Go::new(size.parse()?, rules.with_komi(komi))?];
    for name in moves {
        let mv = if name.eq_ignore_ascii_case("pass") {
            Move::Pass
        } else {
            Move::Place(name.parse()?)
        };
        let next = game[game.len() - 1].play(mv)?;
        game.push(next);
    }
    let network = Arc::new(Network::from_bytes(ishi_nn::G170_B6C96)?);
    let mut evaluator = Evaluator::new(network);
    let go = &game[game.len() - 1];
    let output = evaluator.evaluate(&Features::new(&game)?);
    println!("{go}");
    println!("{} to move", go.turn());
    for (mv, p) in output.top_moves(8) {
        let name = match mv {
            Move::Pass => "pass".to_owned(),
            Move::Place(p) => p.to_string(),
        };
        println!("  {name:>4}  {:5.1}%", 100.0 * p);
    }
    println!(
        "win {:.1}%  loss {:.1}%  no result {:.1}%  (black wins {:.1}%)",
        100.0 * output.win(),
        100.0 * output.loss(),
        100.0 * output.no_result(),
        100.0 * output.win_for(Player::Black)
    );
    println!(
        "lead {:+.1}  score {:+.1} ± {:.1}  (black leads by {:+.1})",
        output.lead(),
        output.score_mean(),
        output.score_stdev(),
        output.lead_for(Player::Black)
    );
    println!("ownership (X black, O white, upper case when over 0.6):");
    let size = go.size();
    for row in (0..size as u8).rev() {
        let line: String = (0..size as u8)
            .filter_map(|col| Point::new(col, row))
            .map(|p| {
                let black = output.ownership(p)
                    * if go.turn() == Player::Black {
                        1.0
                    } else {
                        -1.0
                    };
                match black {
                    b if b > 0.6 => " X",
                    b if b > 0.2 => " x",
                    b if b < -0.6 => " O",
                    b if b < -0.2 => " o",
                    _ => " .",
                }
            })
            .collect();
        println!("{:>2}{line}", row + 1);
    }
    Ok(())
}
