//! The words of the puzzle screen.

use std::fmt::Display;

use ishi_puzzles::{go, othello};
use ishi_rules::Player;

use super::Tr;
use crate::puzzles::{Mode, PuzzleCell, PuzzleGame, Verdict, points_text};
use crate::settings::Language;

impl Tr {
    /// The puzzles: the options sheet's button and the screen's title.
    pub fn puzzles(self) -> &'static str {
        self.pick("Puzzles", "パズル")
    }

    /// What the puzzles are, in the options sheet.
    pub fn puzzles_intro(self) -> &'static str {
        self.pick(
            "Othello endgames, every answer proved by the solver, and Go problems on whole boards and corners, every answer checked by a deep search: one best move each. A rating of your own in each game, the day's puzzle, streaks.",
            "最善手がただ一つの問題：オセロの終盤（正解はすべてソルバーで証明済み）と、囲碁の盤全体や隅の問題（正解はすべて深い探索で確認済み）。ゲームごとの自分のレート、今日の一問、連続正解。",
        )
    }

    /// The options sheet's button that opens the puzzles.
    pub fn solve_puzzles(self) -> &'static str {
        self.pick("Solve puzzles", "パズルを解く")
    }

    /// How puzzles come.
    pub fn puzzle_mode(self, mode: Mode) -> &'static str {
        match mode {
            Mode::Rated => self.pick("Rated", "レート"),
            Mode::Daily => self.pick("Daily", "今日の一問"),
            Mode::Streak => self.pick("Streak", "連続正解"),
        }
    }

    /// The player's puzzle rating, `?` after it while it is provisional (as lichess writes
    /// it), and the first tries solved of those made.
    pub fn puzzle_rating(self, rating: f64, provisional: bool, solved: u32, tried: u32) -> String {
        let mark = if provisional { "?" } else { "" };
        let rating = rating.round() as i32;
        match self.0 {
            Language::English => format!("Rating {rating}{mark} · {solved} of {tried} solved"),
            Language::Japanese => format!("レート {rating}{mark}・{tried}問中{solved}問正解"),
        }
    }

    /// A streak under way and the longest one.
    pub fn streak_line(self, length: u32, best: u32) -> String {
        match self.0 {
            Language::English => format!("Streak {length} · best {best}"),
            Language::Japanese => format!("連続正解 {length}問（最高 {best}問）"),
        }
    }

    /// What the player is asked.
    pub fn puzzle_prompt(self, player: Player) -> String {
        let player = self.player(player);
        match self.0 {
            Language::English => format!("{player} to play: find the best move."),
            Language::Japanese => format!("{player}番：最善手を見つけてください。"),
        }
    }

    /// A move's exact result for the side that played it: "wins by 6", "loses by 2".
    pub fn result_by(self, value: i32) -> String {
        let n = value.unsigned_abs();
        match (self.0, value.signum()) {
            (Language::English, 1) => format!("wins by {n}"),
            (Language::English, -1) => format!("loses by {n}"),
            (Language::English, _) => "draws".to_owned(),
            (Language::Japanese, 1) => format!("{n}石勝ち"),
            (Language::Japanese, -1) => format!("{n}石負け"),
            (Language::Japanese, _) => "引き分け".to_owned(),
        }
    }

    /// A listed value of a move in `game`: Othello's exact result ([`Tr::result_by`]), Go's
    /// expected score in points ("is worth +12.4 points").
    pub fn puzzle_value(self, game: PuzzleGame, value: i32) -> String {
        match (game, self.0) {
            (PuzzleGame::Othello, _) => self.result_by(value),
            (PuzzleGame::Go, Language::English) => {
                format!("is worth {} points", points_text(value))
            }
            (PuzzleGame::Go, Language::Japanese) => format!("{}目", points_text(value)),
        }
    }

    /// The verdict on a first try in `game`, with the rating's change when it was rated;
    /// `best` is the answer and its value. A Go move the library does not list has no value.
    pub fn puzzle_verdict<P: Display>(
        self,
        game: PuzzleGame,
        verdict: &Verdict<P>,
        best: (String, i32),
    ) -> String {
        let played = format!("{}", verdict.played);
        let result = verdict.value.map(|v| self.puzzle_value(game, v));
        let change = match (verdict.change, self.0) {
            (Some(change), Language::English) => format!(" ({change:+})"),
            (Some(change), Language::Japanese) => format!("（{change:+}）"),
            (None, _) => String::new(),
        };
        let (best, value) = best;
        let best_result = self.puzzle_value(game, value);
        match (self.0, verdict.solved, result) {
            (Language::English, true, _) => {
                format!(
                    "Right: {played} {}.{change}",
                    self.puzzle_value(game, value)
                )
            }
            (Language::English, false, Some(result)) => {
                format!("Not the best: {played} {result}; {best} {best_result}.{change}")
            }
            (Language::English, false, None) => {
                format!("Not the best: {played}; {best} {best_result}.{change}")
            }
            (Language::Japanese, true, _) => {
                format!(
                    "正解：{played}で{}。{change}",
                    self.puzzle_value(game, value)
                )
            }
            (Language::Japanese, false, Some(result)) => {
                format!("不正解：{played}は{result}、最善の{best}なら{best_result}。{change}")
            }
            (Language::Japanese, false, None) => {
                format!("不正解：{played}ではなく、最善の{best}なら{best_result}。{change}")
            }
        }
    }

    /// Another try's move, which is not judged again.
    pub fn retry_result(self, right: bool) -> &'static str {
        if right {
            self.pick("Right this time.", "今度は正解です。")
        } else {
            self.pick("Not this one either.", "これも最善ではありません。")
        }
    }

    /// The other side answers a wrong move.
    pub fn refuting(self, player: Player) -> String {
        let player = self.player(player);
        match self.0 {
            Language::English => format!("{player} answers…"),
            Language::Japanese => format!("{player}が応手を考えています…"),
        }
    }

    /// The other side's answer to a wrong move.
    pub fn refutation(self, player: Player, square: String) -> String {
        let player = self.player(player);
        match self.0 {
            Language::English => format!("{player} answers {square}."),
            Language::Japanese => format!("{player}の応手は{square}。"),
        }
    }

    /// Under the solution's first position.
    pub fn every_value(self, game: PuzzleGame) -> &'static str {
        match game {
            PuzzleGame::Othello => self.pick(
                "Every move's exact result, with best play after it.",
                "各手の最終石差（以後最善の場合）。",
            ),
            PuzzleGame::Go => self.pick(
                "The moves the checking search compared: the score it expects for the side to play, in points. Any other move is worse.",
                "確認の探索が比べた手：手番側の予想目数差。ほかの手はこれより悪い手です。",
            ),
        }
    }

    /// The daily puzzle, already tried today.
    pub fn daily_done(self, solved: bool) -> &'static str {
        if solved {
            self.pick(
                "Today's puzzle is solved. A new one tomorrow.",
                "今日の一問は正解済み。明日また新しい問題です。",
            )
        } else {
            self.pick(
                "Today's puzzle was tried. A new one tomorrow.",
                "今日の一問は挑戦済み。明日また新しい問題です。",
            )
        }
    }

    /// A streak ended by a miss.
    pub fn streak_over(self, length: u32) -> String {
        match self.0 {
            Language::English => format!("Streak over: {length} solved."),
            Language::Japanese => format!("連続正解はここまで：{length}問。"),
        }
    }

    /// Buttons.
    pub fn try_again(self) -> &'static str {
        self.pick("Try again", "もう一度")
    }

    /// Shows the answer and its line.
    pub fn solution(self) -> &'static str {
        self.pick("Solution", "正解手順")
    }

    /// The next puzzle.
    pub fn next_puzzle(self) -> &'static str {
        self.pick("Next", "次へ")
    }

    /// A new streak after a miss.
    pub fn new_streak(self) -> &'static str {
        self.pick("New streak", "最初から")
    }

    /// The step buttons through the moves played.
    pub fn step_back(self) -> &'static str {
        self.pick("Back a move", "一手戻る")
    }

    /// See [`Tr::step_back`].
    pub fn step_forward(self) -> &'static str {
        self.pick("Forward a move", "一手進む")
    }

    /// While the library comes.
    pub fn puzzles_loading(self) -> &'static str {
        self.pick("Loading the puzzles…", "パズルを読み込んでいます…")
    }

    /// The library could not be fetched or read.
    pub fn puzzles_unavailable(self, why: Option<&str>) -> String {
        match (self.0, why) {
            (Language::English, None) => {
                "The puzzles could not be loaded: are you online?".to_owned()
            }
            (Language::Japanese, None) => {
                "パズルを読み込めませんでした。オンラインか確認してください。".to_owned()
            }
            (Language::English, Some(why)) => format!("The puzzles could not be read: {why}."),
            (Language::Japanese, Some(why)) => format!("パズルを読み込めませんでした：{why}"),
        }
    }

    /// Saved progress that could not be read: kept aside, and a fresh start.
    pub fn progress_reset(self, why: &str) -> String {
        match self.0 {
            Language::English => format!(
                "Your puzzle progress could not be read ({why}); it starts afresh. The old text is kept aside."
            ),
            Language::Japanese => format!(
                "パズルの記録を読み込めなかったため（{why}）、最初からになります。元のデータは別に保存しました。"
            ),
        }
    }

    /// The puzzle's board, for screen readers: `cols` by `rows` of a board of side `size`.
    pub fn puzzle_board(self, cols: usize, rows: usize, size: usize) -> String {
        match (self.0, cols == size && rows == size) {
            (Language::English, true) => format!("Puzzle board, {size} by {size}"),
            (Language::English, false) => {
                format!("Puzzle board, {cols} by {rows} of a {size} by {size} board")
            }
            (Language::Japanese, true) => format!("パズルの盤面（{size}×{size}）"),
            (Language::Japanese, false) => {
                format!("パズルの盤面（{size}×{size}の一部、{cols}×{rows}）")
            }
        }
    }

    /// A cell of the puzzle's board, spoken: its name, its disc or "empty", then "legal
    /// move", "best move", its exact value and "last move" where they apply, in the words of
    /// the game's board ([`Tr::cell_label`]; its own here, so that the first board's module
    /// does not share its code with the puzzles').
    pub fn puzzle_cell(self, name: &str, cell: PuzzleCell) -> String {
        let mut label = name.to_owned();
        let mut add = |part: &str| {
            label.push_str(self.pick(", ", "、"));
            label.push_str(part);
        };
        match cell.stone {
            Some(p) => add(self.colour(p)),
            None => add(self.pick("empty", "空き")),
        }
        if cell.legal {
            add(self.pick("legal move", "打てます"));
        }
        if cell.best {
            add(self.pick("best move", "最善手"));
        }
        if let Some(v) = &cell.value {
            add(&match (self.0, cell.exact) {
                (Language::English, true) => format!("value {v}, exact"),
                (Language::English, false) => format!("value {v} points, by a search"),
                (Language::Japanese, true) => format!("評価値 {v}（確定）"),
                (Language::Japanese, false) => format!("評価値 {v}目（探索）"),
            });
        }
        if cell.last {
            add(self.pick("last move", "最後の手"));
        }
        label
    }

    /// An Othello puzzle's theme.
    pub fn puzzle_theme(self, theme: othello::Theme) -> &'static str {
        use othello::Theme;
        match theme {
            Theme::Corner => self.pick("corner", "隅"),
            Theme::Edge => self.pick("edge", "辺"),
            Theme::WipeOut => self.pick("wipe-out", "全滅"),
            Theme::Pass => self.pick("tempo (a pass)", "手止まり（パス）"),
            Theme::Parity => self.pick("parity", "偶数理論"),
        }
    }

    /// A Go puzzle's theme.
    pub fn go_puzzle_theme(self, theme: go::Theme) -> &'static str {
        use go::Theme;
        match theme {
            Theme::Capture => self.pick("capture", "取る"),
            Theme::Atari => self.pick("atari", "アタリ"),
            Theme::Escape => self.pick("escape", "逃げる"),
            Theme::Connect => self.pick("connect", "つなぐ"),
            Theme::Ko => self.pick("ko", "コウ"),
            Theme::Living => self.pick("living", "活き"),
            Theme::Killing => self.pick("killing", "殺し"),
        }
    }

    /// What the solution shows of a puzzle: its rating, themes (in words) and source.
    pub fn puzzle_about(self, rating: u16, themes: &[&str], source: &str) -> String {
        let themes = themes.join(self.pick(", ", "、"));
        match (self.0, themes.is_empty()) {
            (Language::English, false) => format!("Rated {rating} · {themes} · from {source}"),
            (Language::English, true) => format!("Rated {rating} · from {source}"),
            (Language::Japanese, false) => format!("難易度 {rating}・{themes}・出典 {source}"),
            (Language::Japanese, true) => format!("難易度 {rating}・出典 {source}"),
        }
    }
}
