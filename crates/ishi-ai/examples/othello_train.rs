//! Trains the Othello evaluation's pattern weights (`crates/ishi-ai/src/othello/weights.bin`).
//!
//! Two steps, the data (1 and 1b) and the fit (2), each deterministic for its inputs. The
//! commands are those of the weights in the repository (2026-11-28: the blended stages of
//! `fit`, fit to games of 2026-11-27 played by the build of commit e81705f, that is the
//! engine with the weights before those and this file's `generate` playing perfectly from 18
//! empties, and to the strong human games, step 1b):
//!
//! ```sh
//! # 1. Self-play games: 4 to 10 random first moves for variety, then the engine on 30 000
//! #    nodes a move with each midgame move a random one with probability 0.1 (so that the
//! #    positions after mistakes, which the search evaluates all the time, are in the data
//! #    too: weights fit without such games lost by 108 Elo, `docs/strength.md`), and perfect
//! #    play from 18 empties (`SOLVE_FROM`). Every position from the fourth ply on is written
//! #    with three labels (see [`generate`]): the final margin, the engine's search value,
//! #    and the final margin corrected for the random moves after the position. About 56
//! #    positions a game, 4 to 5 games a second on one core; generating runs one thread (run
//! #    several seeds at once to use more cores). Each game has a seed of its own, so the
//! #    first N games of a seed are the same whatever count is asked for: runs can be stopped
//! #    and cut to whole games. These were stopped after 21 622 and 15 499 games (1.21 M and
//! #    0.87 M positions), one seed on each core for about an hour.
//! T=target/release/examples/othello_train
//! $T generate 21622 104 0.1 > g104.obf   # the build of e81705f
//! $T generate 15499 105 0.1 > g105.obf
//! # 1b. The positions of the strong human games (see `human` below), each labelled with
//! #     its exact margin from 18 empties on and with that of the first solved position with
//! #     the same player to move before; games through a position of the human test set
//! #     left out. 25 376 games, 1.54 M positions, 18 minutes on two cores (with this
//! #     repository's weights of 2026-11-27; the labels are exact, so the weights only
//! #     change the time).
//! G=../shared/data/othello-games/eothello-games.csv
//! X=crates/ishi-ai/tests/data/eval-20-30.obf
//! $T human $G 18 0 2 $X > human-0.obf & $T human $G 18 1 2 $X > human-1.obf; wait
//! # 2. Least squares (Adam, 10 epochs, the step size falling along half a cosine: see
//! #    `fit`) over the patterns, six sets of weights blended by the count of empties, each
//! #    position also mirrored along the a1-h8 diagonal (MIRROR=1: the patterns read the
//! #    board in its four rotations, not its mirror images), the label the mean of the search
//! #    value and the corrected margin (LABEL=0,0.5,0.5, the weights of the three labels;
//! #    a human game's position has one label, its exact margin): 7.2 M examples, 4
//! #    minutes. Weights seen fewer than 8 times (MIN_SEEN) are dropped, which keeps the
//! #    file near 430 KB (230 KB gzipped; at 20 it was 53 Elo weaker in self-play). The
//! #    human games lowered the error on both test sets and won 53.5 % in self-play
//! #    (`docs/strength.md`). EPOCHS and DECAY (L2, default 0.0001) change the fit; with
//! #    TEST=FILE.obf[,FILE.obf...] the fit also prints its error on each file's labelled
//! #    positions (such as the test sets of step 3), by stage, as the bench would at depth 0.
//! LABEL=0,0.5,0.5 MIRROR=1 TEST=crates/ishi-ai/tests/data/eval-selfplay-20-25.obf \
//!     $T fit g104.obf g105.obf human-0.obf human-1.obf > crates/ishi-ai/src/othello/weights.bin
//! ```
//!
//! The weights before these (7cf6fdb) were fit to seeds 104 and 105 alone (the command above
//! without the human files). Those before them (b7b756d) were fit, one set per stage of ten
//! empties, to 45 311 games of seeds 101 to 103 played from 16 empties by two earlier builds
//! (`generate 23413 101 0.1` by the build of 3d42899, `... 14880 102 0.1` and `... 7018 103
//! 0.1` by that of 9efb013), 2.53 M positions.
//!
//! Checked against exact solves of 180 positions of 20-22 empties of seeds 101-103, the final
//! margin was 5.84 discs off on average, the search value 4.08, the corrected margin 4.19
//! and their mean 3.29. The games are played by the engine as built, with the weights it
//! embeds, so each round of training plays better games for the next. Those of 9efb013 were
//! fit the same way to the games of seed 101 alone. The weights before them (commit 1f047b4)
//! were fit to the final margins alone of 9 800 self-play games and
//! 30 620 noisy ones, played with the `generate` of that commit (which wrote the final
//! margin only); the ones before those came from 10 700 games of the hand-set evaluation
//! with a noisy midgame player, then 1 600 such games and 10 300 games without noise, both
//! with the first learned weights.
//!
//! `human GAMES.csv SOLVE_AT SHARD SHARDS EXCLUDE.obf` labels the positions of the strong
//! human games of `../shared/data/othello-games`, exactly from `SOLVE_AT` empties (see
//! `human`; step 1b runs it in two shards, one a core: 9 minutes on 2026-11-25 with the
//! machine to itself, 18 on 2026-11-28 while other work shared it). Fit to those positions
//! alone (`TEST=$X $T fit human-*.obf > human.bin`), weights erred less on the human test set
//! than the self-play ones of then (7.3 discs at depth 0 against 8.0; 6.8 with a 2x5 corner
//! pattern added) but lost to them in games between the engines; beside the self-play games,
//! as in step 2, they win (`docs/strength.md`).
//!
//! `search HUMAN.obf` adds the engine's search value (30,000 nodes, as `generate`'s) to each
//! position of `human`'s output with more than 18 empties, so that `fit`'s `LABEL` mixes the
//! game's exact margin with it as it mixes self-play's labels (about 4 ms a position on a quiet
//! core: some 37 minutes for each of the two files, one a core; 75 on 2026-11-29 while other
//! work shared the cores). Fit to the human games alone, such labels erred less than their
//! exact margins but lost in self-play: `docs/strength.md`, "The human games' learning curve,
//! and labels from the engine's searches".
//!
//! A third step measures rather than trains: the test set of `benches/othello_eval.rs`,
//! positions of strong human games with 20 to 30 empty squares, each labelled with its exact
//! final margin for the side to move by the engine's solver (`tests/data/eval-20-30.obf`):
//!
//! ```sh
//! # 3. For each count of empties from 20 to 30, that many positions, each of its own game
//! #    (games shuffled by the seed, 1). 132 minutes on one core (2026-11-25): 20 for the
//! #    225 positions of 20 to 25 empties, whose solves take up to a second at 20 and 21
//! #    empties and up to a minute and a half at 25, and 112 for the 17 of 26 to 30 empties,
//! #    from 16 seconds to 34 minutes each (one of 27 empties took 30). Hence 40 positions a
//! #    count up to 24 empties, 25 at 25 and 6, 5, 3, 2 and 1 beyond: the bench's figures
//! #    from 26 empties on are rough.
//! cargo run --release -p ishi-ai --example othello_train -- label \
//!     /work/shared/data/othello-games/eothello-games.csv 1 40 40 40 40 40 25 6 5 3 2 1 \
//!     > crates/ishi-ai/tests/data/eval-20-30.obf
//! ```
//!
//! A second test set holds positions of the engine's own games, the ones it meets when it
//! plays (the human games' are not: see `docs/strength.md`), from 20 to 25 empties:
//!
//! ```sh
//! # 3b. The first 2 800 games of seed 7 (6 minutes on one core with the build of 9b451dc,
//! #     its weights and its `generate`), then 40 positions a count from 20 to 24 empties and
//! #     25 at 25: 10 minutes.
//! target/release/examples/othello_train generate 2800 7 > self-7.obf
//! target/release/examples/othello_train label self-7.obf 1 40 40 40 40 40 25 \
//!     > crates/ishi-ai/tests/data/eval-selfplay-20-25.obf
//! ```
//!
//! Where the player to move at a count must pass, the position after the pass is taken (the
//! other player to move), so that every position of the set has a move; the static evaluation
//! of a position whose player must pass is that of the opponent after the pass, turned around,
//! which the set then need not test.
//!
//! What ProbCut's margin is checked against is measured, not trained: positions of noisy
//! self-play games, each searched full width to every depth up to 12 plies, give the offset
//! and the spread of the deep values around the shallow ones (see `probcut`). The figures
//! in `docs/strength.md` come from both commands run with the build of 1f047b4, whose
//! weights the searches use and whose `generate` wrote one label a position:
//!
//! ```sh
//! # 4. 4 608 noisy games (8 minutes on one core), then 2 000 of their positions with more
//! #    than 14 empties: 10 minutes on one core.
//! target/release/examples/othello_train generate 4608 21 0.1 > noisy-21.obf
//! target/release/examples/othello_train probcut noisy-21.obf 1 2000 > spreads.txt
//! ```

#[path = "../src/othello/patterns.rs"]
mod patterns;

use std::io::{self, BufRead, BufReader, BufWriter, Write};
use std::ops::RangeInclusive;
use std::process::ExitCode;
use std::sync::Arc;

use ishi_ai::othello::{Engine, OthelloLevel, Weights, choose, static_eval};
use ishi_ai::{Eval, Level, Limits, Stop};
use ishi_rules::Game;
use ishi_rules::othello::notation::{parse_obf_line, print_board};
use ishi_rules::othello::{Othello, transcript};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// The midgame player of the self-play games: the engine without noise, on a fixed node
/// budget and no time cap. The random first moves make the games differ.
const PLAYER: Level<OthelloLevel> = Level {
    id: OthelloLevel::Expert,
    name: "trainer",
    description: "The engine on 30 000 nodes a move.",
    limits: Limits {
        depth: None,
        nodes: Some(30_000),
        time: None,
    },
};

/// The fit's first step size (Adam's), in discs.
const RATE: f32 = 0.02;

/// Perfect play from this many empties. 18 since 2026-11-27: from 16, the engine's moves at
/// 17 and 18 empties on 30,000 nodes cost their player 2.0 and 0.8 discs on average against
/// perfect play (`docs/strength.md`), and as the player to move at 17 empties is the one to
/// move at every odd count before it, the final margins leaned by parity. The two solves
/// more make a game about 30 % slower (27 s for 150 games from 16, 35 s from 18).
const SOLVE_FROM: u32 = 18;

/// Self-play games (see the file's head); with `noise` above 0, each move before the perfect
/// play is a random one with that probability, so that the positions after mistakes, which a
/// search evaluates all the time, are in the data too. With `noise` 0 no random number is
/// drawn for it. Each game's first moves are random ones, up to a ply drawn from `random`
/// (4 to 10 unless the command's FIRST and LAST say otherwise; the first four plies are
/// never searched, later random ones are, so that they are labelled).
///
/// Each position from the fourth ply on is written with three labels for the side to move,
/// in discs: the game's final margin; the value of the engine's search of that position (the
/// one that chose the move, on [`PLAYER`]'s budget; exact from [`SOLVE_FROM`] empties); and
/// the final margin corrected for every random move played from that position on, each by
/// what the searches say it cost its player (the search's value of the position less that of
/// the random move, searched one ply less deep, as the search would have seen it). Without
/// the correction a position's label carries the mistakes of both sides after it: at 0.1,
/// about four random moves after a position of 50 empties.
fn generate(
    games: u64,
    seed: u64,
    noise: f64,
    random: RangeInclusive<u32>,
    out: &mut impl Write,
) -> io::Result<()> {
    let stop = Stop::new();
    for game in 0..games {
        let mut rng = SmallRng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(game));
        let mut engine = Engine::with_table_bytes(Arc::new(Weights::embedded()), 16 << 20);
        let mut position = Othello::standard();
        // (position, its search's value, what the move played there cost its player).
        let mut seen: Vec<(Othello, f64, f64)> = Vec::new();
        let random_plies = rng.random_range(random.clone());
        let mut ply = 0;
        loop {
            let moves = position.legal_moves();
            if moves.is_empty() {
                break;
            }
            let empties = position.score().empties;
            if moves[0].is_pass() {
                position.play_unchecked(moves[0]);
                ply += 1;
                continue;
            }
            let blunder = noise > 0.0 && empties > SOLVE_FROM && rng.random_bool(noise);
            let mv = if empties <= SOLVE_FROM {
                let solved = engine.solve(&position, &stop);
                seen.push((position, discs(solved.eval), 0.0));
                solved.best.unwrap_or(moves[0])
            } else if ply < 4 {
                moves[rng.random_range(0..moves.len())]
            } else {
                let searched = choose(&PLAYER, engine.weights(), &position, &mut rng, &stop);
                let best = searched.best.unwrap_or(moves[0]);
                let value = discs(searched.eval);
                let mv = if ply < random_plies || blunder {
                    moves[rng.random_range(0..moves.len())]
                } else {
                    best
                };
                let mut cost = 0.0;
                if mv != best {
                    let mut after = position;
                    after.play_unchecked(mv);
                    let limits = Limits {
                        depth: Some(searched.depth.saturating_sub(1).max(1)),
                        ..PLAYER.limits
                    };
                    let reply = if after.is_over() {
                        f64::from(after.turn().fold(1, -1) * after.score().margin())
                    } else {
                        discs(engine.best_move(&after, limits, &mut rng, &stop).eval)
                    };
                    cost = value + reply;
                }
                seen.push((position, value, cost));
                mv
            };
            position.play_unchecked(mv);
            ply += 1;
        }
        let margin = f64::from(position.score().margin());
        // What each player's random moves from here on cost it, Black's first.
        let mut lost = [0.0f64; 2];
        let mut labelled = Vec::with_capacity(seen.len());
        for (p, value, cost) in seen.into_iter().rev() {
            let mover = p.turn().fold(0, 1);
            lost[mover] += cost;
            let outcome = if mover == 0 { margin } else { -margin };
            let corrected = outcome + lost[mover] - lost[1 - mover];
            labelled.push((p, outcome, value, corrected));
        }
        for (p, outcome, value, corrected) in labelled.into_iter().rev() {
            writeln!(
                out,
                "{}; {outcome:+} {value:+.1} {corrected:+.1}",
                print_board(&p)
            )?;
        }
    }
    Ok(())
}

/// An evaluation in discs for the player to move (0 for none: the game is over, and what it
/// ended with is then in the labels).
fn discs(eval: Eval) -> f64 {
    match eval {
        Eval::Exact(margin) => f64::from(margin),
        Eval::Estimate(hundredths) => f64::from(hundredths) / 100.0,
        Eval::WinRate(_) | Eval::None => 0.0,
    }
}

/// The empties counts of the evaluation's test set.
const LABEL_EMPTIES: std::ops::RangeInclusive<u32> = 20..=30;

/// Exact labels for the evaluation's test set: `counts[i]` positions with `20 + i` empty
/// squares from the games of `source`, each with its exact final margin for the side to move.
/// `source` is either a `.csv` of games (the columns `id,winner,moves` of
/// `eothello-games.csv`, a header line first) or an `.obf` file of positions, such as
/// `generate` writes (its labels are not read), each line then standing for a game of its
/// own: a game passes each count of empties once, so no two positions of a count come from
/// one game either way. Each count of empties takes its games in its own order, shuffled by
/// `seed` and the count, one position a game, so a larger count only adds positions. Where
/// the player to move at that count must pass, the position after the pass is taken, so that
/// every position has a move; games that end sooner give none.
fn label(source: &str, seed: u64, counts: &[usize], out: &mut impl Write) -> io::Result<()> {
    let text = std::fs::read_to_string(source)?;
    let games = if source.ends_with(".obf") {
        read_positions(source, &text)?
            .into_iter()
            .enumerate()
            .map(|(i, position)| (format!("position {}", i + 1), vec![position]))
            .collect()
    } else {
        read_games(&text)
            .into_iter()
            .map(|(id, moves)| {
                let replay = transcript::load(&Othello::standard(), moves).map_err(|e| {
                    io::Error::new(io::ErrorKind::InvalidData, format!("{id}: {e}"))
                })?;
                Ok((format!("game {id}"), replay.positions))
            })
            .collect::<io::Result<Vec<_>>>()?
    };
    let mut engine = Engine::with_table_bytes(Arc::new(Weights::embedded()), 64 << 20);
    writeln!(
        out,
        "% {} positions of {name} with 20-30 empties, per count {counts:?} (seed {seed}), \
         each with its exact final margin for the side to move",
        counts.iter().sum::<usize>(),
        name = source.rsplit('/').next().unwrap_or(source)
    )?;
    for (empties, &count) in LABEL_EMPTIES.zip(counts) {
        let mut order: Vec<usize> = (0..games.len()).collect();
        let mut rng = SmallRng::seed_from_u64(seed.wrapping_mul(1_000_003) ^ u64::from(empties));
        shuffle(&mut order, &mut rng);
        let mut written = std::collections::HashSet::new();
        let start = std::time::Instant::now();
        for (id, positions) in order.iter().map(|&i| &games[i]) {
            if written.len() == count {
                break;
            }
            let Some(position) = positions
                .iter()
                .rev()
                .find(|p| p.score().empties == empties)
                .filter(|p| !p.is_over())
            else {
                continue;
            };
            let board = print_board(position);
            if !written.insert(board.clone()) {
                continue;
            }
            let clock = std::time::Instant::now();
            let margin = exact(&mut engine, position);
            writeln!(out, "{board}; {margin:+}")?;
            out.flush()?;
            eprintln!(
                "{empties} empties, {id}: {margin:+} in {:.1} s",
                clock.elapsed().as_secs_f64()
            );
        }
        eprintln!(
            "{empties} empties: {} positions in {:.1} s",
            written.len(),
            start.elapsed().as_secs_f64()
        );
    }
    Ok(())
}

/// The exact final margin of `position` for the side to move.
fn exact(engine: &mut Engine, position: &Othello) -> i32 {
    match engine.solve(position, &Stop::new()).eval {
        ishi_ai::Eval::Exact(margin) => margin,
        other => unreachable!("an unstopped solve is exact, not {other:?}"),
    }
}

/// The games of `csv` (the columns `id,winner,moves` of `eothello-games.csv`, a header line
/// first) as `(id, moves)`.
fn read_games(text: &str) -> Vec<(&str, &str)> {
    text.lines()
        .skip(1)
        .filter_map(|line| {
            let mut columns = line.splitn(3, ',');
            Some((columns.next()?, columns.nth(1)?))
        })
        .collect()
}

/// Training positions from the human games of `csv` whose index is `shard` modulo `shards`,
/// each labelled with its exact final margin for the side to move from the first position with
/// at most `solve_at` empty squares on: those positions are solved. An earlier position takes
/// the margin of the first solved one with the same player to move, as the game would end
/// with perfect play from there. (Labelled from the first solved position alone, a position
/// whose player made one move more than the opponent on the way would carry that player's
/// mistake: trained so, the evaluation was 3 to 6 discs too pessimistic whenever the player
/// to move was White, at 21, 23, 25 and 27 empties.) Every position of a game is taken, the
/// start too (the openings' labels average over the many games that share them), but those
/// whose player must pass; and no position of a game that passes through a position of
/// `exclude` (the evaluation's test set), so that the test set measures positions the fit did
/// not see.
fn human(
    csv: &str,
    solve_at: u32,
    (shard, shards): (usize, usize),
    exclude: &std::collections::HashSet<Othello>,
    out: &mut impl Write,
) -> io::Result<()> {
    let text = std::fs::read_to_string(csv)?;
    let mut engine = Engine::with_table_bytes(Arc::new(Weights::embedded()), 64 << 20);
    let (mut kept, mut skipped) = (0, 0);
    let start = std::time::Instant::now();
    for (index, &(id, moves)) in read_games(&text).iter().enumerate() {
        if index % shards != shard {
            continue;
        }
        let Ok(replay) = transcript::load(&Othello::standard(), moves) else {
            eprintln!("game {id}: not a legal transcript, skipped");
            skipped += 1;
            continue;
        };
        if replay.positions.iter().any(|p| exclude.contains(p)) {
            skipped += 1;
            continue;
        }
        let playable: Vec<&Othello> = replay
            .positions
            .iter()
            .filter(|p| p.legal_moves().iter().all(|m| !m.is_pass()))
            .collect();
        let Some(first) = playable.iter().position(|p| p.score().empties <= solve_at) else {
            continue;
        };
        let solved: Vec<(&Othello, i32)> = playable[first..]
            .iter()
            .map(|&p| (p, exact(&mut engine, p)))
            .collect();
        for p in &playable[..first] {
            // The first solved position with the same player to move: from here to there,
            // each side made as many moves, so the players' mistakes weigh alike.
            if let Some((_, label)) = solved.iter().find(|(s, _)| s.turn() == p.turn()) {
                writeln!(out, "{}; {label:+}", print_board(p))?;
            }
        }
        for (p, margin) in &solved {
            writeln!(out, "{}; {margin:+}", print_board(p))?;
        }
        kept += 1;
        if kept % 500 == 0 {
            eprintln!("{kept} games in {:.0} s", start.elapsed().as_secs_f64());
        }
    }
    eprintln!(
        "{kept} games labelled, {skipped} skipped, in {:.0} s",
        start.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `human`'s positions of `path` with the engine's view added: each position of more than
/// [`SOLVE_FROM`] empty squares gets the value of a search on [`PLAYER`]'s budget, as
/// `generate`'s positions have, and is written with `generate`'s three labels (its exact
/// margin from the game, that search value, and the margin again: there are no random moves
/// to correct for), so that `fit`'s `LABEL` mixes them as it mixes those of self-play.
/// Positions of fewer empties, and lines of more than one label, are written as they are.
fn search_labels(path: &str, out: &mut impl Write) -> io::Result<()> {
    let stop = Stop::new();
    let weights = Arc::new(Weights::embedded());
    let mut rng = SmallRng::seed_from_u64(0);
    let start = std::time::Instant::now();
    let mut searched = 0u64;
    for line in BufReader::new(std::fs::File::open(path)?).lines() {
        let line = line?;
        let parsed = parse_obf_line(&line).ok();
        let Some((position, Some(margin))) = parsed
            .filter(|(p, _)| p.score().empties > SOLVE_FROM)
            .map(|(p, comment)| (p, comment.and_then(|c| c.parse::<i32>().ok())))
        else {
            writeln!(out, "{line}")?;
            continue;
        };
        let value = discs(choose(&PLAYER, &weights, &position, &mut rng, &stop).eval);
        writeln!(
            out,
            "{}; {margin:+} {value:+.1} {margin:+}",
            print_board(&position)
        )?;
        searched += 1;
        if searched.is_multiple_of(50_000) {
            eprintln!(
                "{searched} positions searched in {:.0} s",
                start.elapsed().as_secs_f64()
            );
        }
    }
    Ok(())
}

/// The positions of `text`, the file `path` of `board; label` lines (labels not read) and
/// `%` comments; a line that is no position is an error, so that a wrong file does not pass
/// unnoticed.
fn read_positions(path: &str, text: &str) -> io::Result<Vec<Othello>> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty() && !line.starts_with('%'))
        .map(|(i, line)| {
            parse_obf_line(line)
                .map(|(position, _)| position)
                .map_err(|e| {
                    io::Error::new(io::ErrorKind::InvalidData, format!("{path}:{}: {e}", i + 1))
                })
        })
        .collect()
}

/// One training example: the active weights and the target.
struct Example {
    /// The two stages the position blends ([`patterns::blend`]).
    blend: (usize, i32),
    features: Vec<u32>,
    target: f32,
}

/// The labelled positions of `paths`. A line of one label takes it; a line of `generate`'s
/// three labels (final margin, search, corrected final margin) takes their sum weighted by
/// `mix`.
fn read_examples(paths: &[String], mix: [f32; 3], mirrored: bool) -> io::Result<Vec<Example>> {
    let mut examples = Vec::new();
    for path in paths {
        let file = BufReader::new(std::fs::File::open(path)?);
        for line in file.lines() {
            let line = line?;
            let Ok((Othello::Standard(board), Some(comment))) = parse_obf_line(&line) else {
                continue;
            };
            let Ok(labels) = comment
                .split_whitespace()
                .map(str::parse::<f32>)
                .collect::<Result<Vec<f32>, _>>()
            else {
                continue;
            };
            let target = match labels[..] {
                [label] => label,
                [outcome, search, corrected] => {
                    mix[0] * outcome + mix[1] * search + mix[2] * corrected
                }
                _ => continue,
            };
            let (p, o) = board.mover_and_waiter();
            examples.push(example(p, o, target));
            if mirrored {
                examples.push(example(
                    patterns::transpose(p),
                    patterns::transpose(o),
                    target,
                ));
            }
        }
    }
    Ok(examples)
}

fn example(p: u64, o: u64, target: f32) -> Example {
    let mut features = Vec::new();
    patterns::features(p, o, |f| features.push(f as u32));
    Example {
        blend: patterns::blend(p, o),
        features,
        target,
    }
}

impl Example {
    /// The stage of the nearer middle, as the error reports group positions: 0-9 empties,
    /// 10-19, .., 50-60.
    fn stage(&self) -> usize {
        let (stage, share) = self.blend;
        stage + usize::from(share >= patterns::BLEND / 2)
    }
}

/// The value of a position whose two stages' sums are `first` and `second`, blended by its
/// share of the second stage (see [`patterns::blend`]).
fn blended(first: f32, second: f32, share: i32) -> f32 {
    (first * (patterns::BLEND - share) as f32 + second * share as f32) / patterns::BLEND as f32
}

/// Adam on the squared error; weights in discs. A position's value blends two stages' weights
/// ([`patterns::blend`]), so the stages are fit together, each weight's gradient scaled by its
/// stage's share. The step size falls along half a cosine, from [`RATE`] at the first batch to
/// a hundredth of it at the last: at a constant rate the weights ended where the last batches'
/// noise left them, and on the same data the schedule's weights won 63 % of their games
/// against them (`docs/strength.md`). One block of positions in ten is held out to report the
/// error, by stage, on positions the fit did not see. A weight counts as seen (for
/// `MIN_SEEN`) by the positions that give its stage at least three tenths of their value.
fn fit(examples: &[Example], epochs: usize, decay: f32) -> (Vec<Vec<f32>>, Vec<Vec<u32>>) {
    let held_out = |i: usize| (i / 1000) % 10 == 9;
    let n = patterns::WEIGHTS;
    let mut w = vec![0f32; patterns::PHASES * n];
    let mut seen = vec![vec![0u32; n]; patterns::PHASES];
    let (mut train, mut test) = (Vec::new(), Vec::new());
    for (i, e) in examples.iter().enumerate() {
        if held_out(i) {
            test.push(e)
        } else {
            train.push(e)
        }
    }
    for e in &train {
        let (stage, share) = e.blend;
        for &f in &e.features {
            if share <= 7 {
                seen[stage][f as usize] += 1;
            }
            if share >= 3 {
                seen[stage + 1][f as usize] += 1;
            }
        }
    }
    let rms_by_stage = |w: &[f32], set: &[&Example]| {
        let mut by_stage = [(0f64, 0usize); patterns::PHASES];
        for e in set {
            let error = f64::from(predict(w, e) - e.target);
            let (sum, count) = &mut by_stage[e.stage()];
            *sum += error * error;
            *count += 1;
        }
        by_stage.map(|(sum, count)| (sum / count.max(1) as f64).sqrt())
    };
    let mut m = vec![0f32; w.len()];
    let mut v = vec![0f32; w.len()];
    let mut grad = vec![0f32; w.len()];
    let mut touched = Vec::new();
    let (beta1, beta2) = (0.9f32, 0.999f32);
    let batch = 256;
    let mut order: Vec<usize> = (0..train.len()).collect();
    let mut rng = SmallRng::seed_from_u64(0);
    let steps = (epochs * train.len().div_ceil(batch)).max(1) as f32;
    let mut step = 0i32;
    for epoch in 0..epochs {
        shuffle(&mut order, &mut rng);
        for chunk in order.chunks(batch) {
            for &i in chunk {
                let e = train[i];
                let error = (predict(&w, e) - e.target) / chunk.len() as f32;
                let (stage, share) = e.blend;
                for (k, share) in [(stage, patterns::BLEND - share), (stage + 1, share)] {
                    if share == 0 {
                        continue;
                    }
                    let g = error * share as f32 / patterns::BLEND as f32;
                    for &f in &e.features {
                        let j = f as usize * patterns::PHASES + k;
                        if grad[j] == 0.0 {
                            touched.push(j);
                        }
                        // Never exactly zero, which marks an untouched weight.
                        grad[j] += g + f32::MIN_POSITIVE;
                    }
                }
            }
            step += 1;
            let (c1, c2) = (1.0 - beta1.powi(step), 1.0 - beta2.powi(step));
            let wave = 1.0 + (std::f32::consts::PI * step as f32 / steps).cos();
            let rate = RATE * (0.01 + 0.99 * 0.5 * wave);
            for &j in &touched {
                let g = grad[j] + decay * w[j];
                m[j] = beta1 * m[j] + (1.0 - beta1) * g;
                v[j] = beta2 * v[j] + (1.0 - beta2) * g * g;
                w[j] -= rate * (m[j] / c1) / ((v[j] / c2).sqrt() + 1e-8);
                grad[j] = 0.0;
            }
            touched.clear();
        }
        let (fit, held) = (rms_by_stage(&w, &train), rms_by_stage(&w, &test));
        for stage in 0..patterns::PHASES {
            eprintln!(
                "epoch {epoch}, stage {stage}: rms error {:.2} discs, held out {:.2}",
                fit[stage], held[stage]
            );
        }
    }
    let by_stage = (0..patterns::PHASES)
        .map(|k| (0..n).map(|f| w[f * patterns::PHASES + k]).collect())
        .collect();
    (by_stage, seen)
}

/// The value of `e` with the weights `w` (by feature, then stage, as the fit keeps them).
fn predict(w: &[f32], e: &Example) -> f32 {
    let (stage, share) = e.blend;
    let (mut first, mut second) = (0f32, 0f32);
    for &f in &e.features {
        let at = f as usize * patterns::PHASES + stage;
        first += w[at];
        second += w[at + 1];
    }
    blended(first, second, share)
}

/// Fisher-Yates, drawing from the last item down: the order `label`'s test sets and `fit`'s
/// epochs were made with, so a seed keeps giving the same files.
fn shuffle<T>(items: &mut [T], rng: &mut SmallRng) {
    for i in (1..items.len()).rev() {
        items.swap(i, rng.random_range(0..=i));
    }
}

/// The environment variable `name` as a number, or `default`.
fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Prints the mean absolute error in discs of the weights as [`encode`] keeps them on the
/// labelled positions of `test`, the file `name` (one of `TEST=FILE.obf,...`, such as the
/// bench's test sets), by stage and in all: the bench's depth-0 figure for the file, without
/// building the engine.
fn report(name: &str, weights: &[Vec<f32>], seen: &[Vec<u32>], min_seen: u32, test: &[Example]) {
    let mut by_phase = [(0f64, 0usize); patterns::PHASES];
    for e in test {
        let (stage, share) = e.blend;
        let sum = |k: usize| {
            let kept = |&f: &u32| {
                let f = f as usize;
                f32::from(kept_weight(weights[k][f], seen[k][f], min_seen))
            };
            e.features.iter().map(kept).sum::<f32>()
        };
        let predicted = blended(sum(stage), sum(stage + 1), share) / patterns::SCALE as f32;
        let (sum, n) = &mut by_phase[e.stage()];
        *sum += f64::from((predicted - e.target).abs());
        *n += 1;
    }
    for (phase, (sum, n)) in by_phase.iter().enumerate().filter(|(_, (_, n))| *n > 0) {
        eprintln!(
            "{name}, stage {phase}: {n} positions, mae {:.2} discs",
            sum / *n as f64
        );
    }
    let (sum, n) = by_phase
        .iter()
        .fold((0.0, 0), |(s, k), (sum, n)| (s + sum, k + n));
    eprintln!(
        "{name}: {n} positions, mae {:.2} discs",
        sum / n.max(1) as f64
    );
}

/// A weight as the file keeps it: in 1/`SCALE` disc, clamped to an i8, and zero when the
/// training set showed it fewer than `min_seen` times.
fn kept_weight(weight: f32, seen: u32, min_seen: u32) -> i8 {
    if seen < min_seen {
        return 0;
    }
    (weight * patterns::SCALE as f32)
        .round()
        .clamp(-127.0, 127.0) as i8
}

/// The weight file: `ISHW`, the format version (4), the number of stages, the weights per
/// stage (u32 LE), the number of non-zero weights (u32 LE), then two runs of bytes, one entry
/// per non-zero weight of all stages in a row: first the LEB128 counts of zero weights before
/// each, then the weights themselves, each an i8 in 1/8 disc. Zeros after the last one are
/// implied. Kept apart, the two runs gzip 15 % smaller than interleaved (the web app's
/// download). Weights seen fewer than `min_seen` times in the training set are left at zero:
/// they are unreliable, and the zeros keep the file small.
fn encode(weights: &[Vec<f32>], seen: &[Vec<u32>], min_seen: u32) -> Vec<u8> {
    let (mut runs, mut values) = (Vec::new(), Vec::new());
    let (mut clamped, mut zeros) = (0, 0u64);
    for (&w, &n) in weights.iter().flatten().zip(seen.iter().flatten()) {
        if (w * patterns::SCALE as f32).round().abs() > 127.0 {
            clamped += 1;
        }
        let q = kept_weight(w, n, min_seen);
        if q == 0 {
            zeros += 1;
            continue;
        }
        let mut run = zeros;
        loop {
            let byte = (run & 0x7f) as u8;
            run >>= 7;
            if run == 0 {
                runs.push(byte);
                break;
            }
            runs.push(byte | 0x80);
        }
        values.push(q as u8);
        zeros = 0;
    }
    let mut bytes = b"ISHW".to_vec();
    bytes.push(4);
    bytes.push(weights.len() as u8);
    bytes.extend_from_slice(&(patterns::WEIGHTS as u32).to_le_bytes());
    bytes.extend_from_slice(&(values.len() as u32).to_le_bytes());
    bytes.extend_from_slice(&runs);
    bytes.extend_from_slice(&values);
    eprintln!(
        "{} weights kept, {clamped} clamped, {} bytes",
        values.len(),
        bytes.len()
    );
    bytes
}

/// The deepest full-width search `probcut` runs, and its fewest empties beyond that depth: the
/// search's ProbCut never probes where the search could reach the end of the game.
const PROBCUT_DEEPEST: u32 = 12;

/// What ProbCut's margin and probe depth (`search.rs`) are checked against: `count` positions
/// of `source` (an `.obf`, such as `generate` writes; its labels are not read) with more than
/// `PROBCUT_DEEPEST + 2` empties, drawn by `seed`, each searched full width
/// ([`Engine::full_width_value`]) at every depth up to `PROBCUT_DEEPEST`. For each deep depth
/// from 4 and each shallower one at least 2 plies shallower (0: the static evaluation), the
/// deep value's mean offset from the shallow one and its standard deviation around it, by
/// groups of 8 empties: a line of `depth shallow empties n mean sigma` (discs) each.
fn probcut(source: &str, seed: u64, count: usize, out: &mut impl Write) -> io::Result<()> {
    let mut positions: Vec<Othello> = read_positions(source, &std::fs::read_to_string(source)?)?
        .into_iter()
        .filter(|p| p.score().empties > PROBCUT_DEEPEST + 2 && !p.legal_moves().is_empty())
        .collect();
    shuffle(&mut positions, &mut SmallRng::seed_from_u64(seed));
    positions.truncate(count);
    // (depth, shallow, empties / 8) -> (n, sum, sum of squares) of deep - shallow, in discs.
    let mut cells = std::collections::BTreeMap::<(u32, u32, u32), (f64, f64, f64)>::new();
    let mut engine = Engine::with_table_bytes(Arc::new(Weights::embedded()), 16 << 20);
    let start = std::time::Instant::now();
    for (i, position) in positions.iter().enumerate() {
        engine.clear();
        let Eval::Estimate(here) = static_eval(engine.weights(), position) else {
            continue;
        };
        let mut values = vec![f64::from(here) / 100.0];
        for depth in 1..=PROBCUT_DEEPEST {
            values.push(f64::from(engine.full_width_value(position, depth)) / 100.0);
        }
        let group = position.score().empties / 8;
        for depth in 4..=PROBCUT_DEEPEST {
            for shallow in 0..=depth - 2 {
                let d = values[depth as usize] - values[shallow as usize];
                let cell = cells.entry((depth, shallow, group)).or_default();
                *cell = (cell.0 + 1.0, cell.1 + d, cell.2 + d * d);
            }
        }
        if (i + 1) % 50 == 0 {
            eprintln!(
                "{} positions, {:.0} s",
                i + 1,
                start.elapsed().as_secs_f64()
            );
        }
    }
    writeln!(
        out,
        "% {} positions; depth shallow empties n mean sigma (discs)",
        positions.len()
    )?;
    for (&(depth, shallow, group), &(n, sum, squares)) in &cells {
        let mean = sum / n;
        let sigma = (squares / n - mean * mean).max(0.0).sqrt();
        let empties = format!("{}-{}", group * 8, group * 8 + 7);
        writeln!(out, "{depth} {shallow} {empties} {n} {mean:+.2} {sigma:.2}")?;
    }
    Ok(())
}

fn run() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = || {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            "usage: othello_train generate GAMES SEED [NOISE [FIRST LAST]] > FILE.obf | fit FILE.obf... > weights.bin \
             | label GAMES.csv|POSITIONS.obf SEED COUNT20..COUNT30 > FILE.obf \
             | human GAMES.csv SOLVE_AT SHARD SHARDS EXCLUDE.obf > FILE.obf | search HUMAN.obf > FILE.obf \
             | probcut POSITIONS.obf SEED COUNT",
        )
    };
    let mut out = BufWriter::new(io::stdout().lock());
    match args.first().map(String::as_str) {
        Some("generate") => {
            let number = |i: usize| args.get(i).and_then(|a| a.parse().ok()).ok_or_else(usage);
            let noise = match args.get(3) {
                Some(text) => text
                    .parse::<f64>()
                    .ok()
                    .filter(|p| (0.0..=1.0).contains(p))
                    .ok_or_else(usage)?,
                None => 0.0,
            };
            let ply = |a: &String| a.parse::<u32>().map_err(|_| usage());
            let random = match &args[args.len().min(4)..] {
                [] => 4..=10,
                [first, last] => ply(first)?..=ply(last)?,
                _ => return Err(usage()),
            };
            if random.is_empty() || *random.start() < 4 {
                return Err(usage());
            }
            generate(number(1)?, number(2)?, noise, random, &mut out)?;
        }
        Some("label") if args.len() > 3 => {
            let seed = args[2].parse().map_err(|_| usage())?;
            let counts = args[3..]
                .iter()
                .map(|a| a.parse().map_err(|_| usage()))
                .collect::<io::Result<Vec<usize>>>()?;
            if counts.len() > LABEL_EMPTIES.count() {
                return Err(usage());
            }
            label(&args[1], seed, &counts, &mut out)?;
        }
        Some("human") if args.len() == 6 => {
            let number = |i: usize| args[i].parse().map_err(|_| usage());
            let exclude = read_positions(&args[5], &std::fs::read_to_string(&args[5])?)?
                .into_iter()
                .collect();
            let shards = (number(3)?, number(4)?);
            if shards.0 >= shards.1 {
                return Err(usage());
            }
            human(&args[1], number(2)? as u32, shards, &exclude, &mut out)?;
        }
        Some("search") if args.len() == 2 => search_labels(&args[1], &mut out)?,
        Some("probcut") if args.len() == 4 => {
            let seed = args[2].parse().map_err(|_| usage())?;
            let count = args[3].parse().map_err(|_| usage())?;
            probcut(&args[1], seed, count, &mut out)?;
        }
        Some("fit") if args.len() > 1 => {
            let mix: Vec<f32> = std::env::var("LABEL")
                .unwrap_or_else(|_| "0,0,1".to_owned())
                .split(',')
                .map(|w| w.parse().map_err(|_| usage()))
                .collect::<io::Result<_>>()?;
            let mix: [f32; 3] = mix.try_into().map_err(|_| usage())?;
            let examples = read_examples(&args[1..], mix, env_or("MIRROR", 0) == 1)?;
            eprintln!("{} positions", examples.len());
            let epochs = env_or("EPOCHS", 10);
            let decay = env_or("DECAY", 1e-4);
            let min_seen = env_or("MIN_SEEN", 8);
            let (weights, seen) = fit(&examples, epochs, decay);
            for test in std::env::var("TEST").iter().flat_map(|t| t.split(',')) {
                let examples = read_examples(&[test.to_owned()], mix, false)?;
                report(test, &weights, &seen, min_seen, &examples);
            }
            out.write_all(&encode(&weights, &seen, min_seen))?;
        }
        _ => return Err(usage()),
    }
    out.flush()
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("othello_train: {e}");
            ExitCode::FAILURE
        }
    }
}
