//! Ishi's Go rules against GNU Go 3.8, the reference engine, over GTP.
//!
//! Seeded random games on 9x9 and 19x19 are played in both engines. Before every move each
//! point of the board is probed with `is_legal` for the player to move, and every point Ishi
//! refuses while it is empty (a suicide or a ko retake) and one occupied point are also sent
//! as `play`, which GNU Go must refuse; after every move the stones of both colours are
//! compared. GNU Go plays simple ko and forbids suicide, as the Japanese preset does.
//!
//! GNU Go must be installed (`scripts/setup` installs the Debian package `gnugo`): without
//! it the test fails, so that a missing reference never passes for agreement.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use ishi_rules::go::{Go, GoRules, Move, Point};
use ishi_rules::{Game, IllegalReason, Player};

const GNUGO: &str = "/usr/games/gnugo";

/// A GNU Go process spoken to over GTP, commands sent in batches and answers read in order.
struct Gtp {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Gtp {
    fn start() -> Gtp {
        let mut child = Command::new(GNUGO)
            .args(["--mode", "gtp"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| {
                panic!(
                    "GNU Go could not be started from {GNUGO} ({e}): it is the reference this \
                     test compares with. Run scripts/setup, which installs the Debian package \
                     gnugo."
                )
            });
        let input = child.stdin.take().expect("piped stdin");
        let output = BufReader::new(child.stdout.take().expect("piped stdout"));
        Gtp {
            child,
            input,
            output,
        }
    }

    /// Sends the commands at once and returns each answer: `Ok(text)` for `=`, `Err(text)`
    /// for `?`.
    fn batch(&mut self, commands: &[String]) -> Vec<Result<String, String>> {
        let text: String = commands.iter().map(|c| format!("{c}\n")).collect();
        self.input
            .write_all(text.as_bytes())
            .expect("GNU Go's input");
        self.input.flush().expect("GNU Go's input");
        commands
            .iter()
            .map(|command| {
                let mut answer = String::new();
                loop {
                    let mut line = String::new();
                    let n = self.output.read_line(&mut line).expect("GNU Go's output");
                    assert!(n > 0, "GNU Go stopped answering at {command:?}");
                    if line.trim().is_empty() && !answer.is_empty() {
                        break;
                    }
                    answer.push_str(&line);
                }
                let answer = answer.trim();
                match answer.split_at(1) {
                    ("=", rest) => Ok(rest.trim().to_owned()),
                    ("?", rest) => Err(rest.trim().to_owned()),
                    _ => panic!("{command:?}: not a GTP answer: {answer:?}"),
                }
            })
            .collect()
    }

    fn one(&mut self, command: String) -> Result<String, String> {
        self.batch(&[command]).remove(0)
    }
}

impl Drop for Gtp {
    fn drop(&mut self) {
        // Ending the input makes GNU Go quit; wait for it so no process is left behind.
        let _ = self.input.write_all(b"quit\n");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

/// Xorshift64: a seeded random stream, the same on every run.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn colour(p: Player) -> &'static str {
    p.name()
}

/// What the run compared.
#[derive(Default, Debug)]
struct Tally {
    games: usize,
    moves: usize,
    probes: usize,
    refused: Vec<IllegalReason>,
}

/// Plays one seeded game in both engines, comparing as it goes.
fn play_game(gtp: &mut Gtp, size: usize, seed: u64, tally: &mut Tally) {
    let mut rng = Rng(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let mut go = Go::new(size, GoRules::JAPANESE).unwrap();
    assert_eq!(gtp.one(format!("boardsize {size}")), Ok(String::new()));
    assert_eq!(gtp.one("clear_board".to_owned()), Ok(String::new()));
    let points: Vec<Point> = go.points().collect();
    let cap = size * size * 3;
    while !go.is_over() && (go.move_number() as usize) < cap {
        let me = go.turn();
        let context = |go: &Go| {
            format!(
                "{size}x{size} game seed {seed}, move {}\n{go}",
                go.move_number() + 1
            )
        };

        // Every point, by is_legal.
        let probes: Vec<String> = points
            .iter()
            .map(|p| format!("is_legal {} {p}", colour(me)))
            .collect();
        for (p, answer) in points.iter().zip(gtp.batch(&probes)) {
            let gnugo = answer.unwrap_or_else(|e| panic!("is_legal {p}: {e}")) == "1";
            let ishi = go.check(Move::Place(*p));
            assert_eq!(
                ishi.is_ok(),
                gnugo,
                "{p}: Ishi says {ishi:?}; {}",
                context(&go)
            );
        }
        tally.probes += points.len();

        // Illegal plays: every refused empty point, and one occupied point.
        let mut illegal: Vec<Point> = points
            .iter()
            .copied()
            .filter(|&p| go.stone_at(p).is_none() && !go.is_legal(Move::Place(p)))
            .collect();
        illegal.extend(points.iter().copied().find(|&p| go.stone_at(p).is_some()));
        let plays: Vec<String> = illegal
            .iter()
            .map(|p| format!("play {} {p}", colour(me)))
            .collect();
        for (p, answer) in illegal.iter().zip(gtp.batch(&plays)) {
            assert!(answer.is_err(), "GNU Go played {p}; {}", context(&go));
            let reason = go.check(Move::Place(*p)).unwrap_err();
            if !tally.refused.contains(&reason) {
                tally.refused.push(reason);
            }
        }

        // The move: a random legal one, rarely a pass, mostly not filling an own eye.
        let eyes_too = rng.below(8) == 0;
        let candidates: Vec<Move> = go
            .legal_moves()
            .into_iter()
            .filter(|m| m.point().is_some_and(|p| eyes_too || !go.is_eye(p, me)))
            .collect();
        let mv = if candidates.is_empty() || rng.below(60) == 0 {
            Move::Pass
        } else {
            candidates[rng.below(candidates.len())]
        };
        let answer = gtp.one(format!("play {} {mv}", colour(me)));
        assert_eq!(answer, Ok(String::new()), "play {mv}; {}", context(&go));
        go = go.play(mv).unwrap();
        tally.moves += 1;

        let lists = gtp.batch(&[
            "list_stones black".to_owned(),
            "list_stones white".to_owned(),
        ]);
        for (player, answer) in Player::ALL.into_iter().zip(lists) {
            let gnugo: BTreeSet<Point> = answer
                .unwrap()
                .split_whitespace()
                .map(|name| name.parse().unwrap())
                .collect();
            let ishi: BTreeSet<Point> = points
                .iter()
                .copied()
                .filter(|&p| go.stone_at(p) == Some(player))
                .collect();
            assert_eq!(ishi, gnugo, "{player} stones after {mv}; {}", context(&go));
        }
    }
    tally.games += 1;
}

#[test]
fn go_rules_agree_with_gnu_go_on_seeded_random_games() {
    let mut gtp = Gtp::start();
    let mut tally = Tally::default();
    for seed in 0..170 {
        play_game(&mut gtp, 9, seed, &mut tally);
    }
    for seed in 0..30 {
        play_game(&mut gtp, 19, 1000 + seed, &mut tally);
    }
    eprintln!("{tally:?}");
    assert_eq!(tally.games, 200);
    for reason in [
        IllegalReason::Occupied,
        IllegalReason::Suicide,
        IllegalReason::Ko,
    ] {
        assert!(
            tally.refused.contains(&reason),
            "no {reason:?} probe: {tally:?}"
        );
    }
}
