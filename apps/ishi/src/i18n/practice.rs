//! The words of practising a game's mistakes and of the variations in review.

use ishi_analysis::Class;
use ishi_rules::Player;

use super::Tr;
use crate::model::ValueUnit;
use crate::settings::Language;
use crate::state::{Hint, Quarter, TRIES};

impl Tr {
    /// The analysis bar's button that starts the practice, and the practice bar's title.
    pub fn practise(self) -> &'static str {
        self.pick("Practise", "練習")
    }

    /// What the practice button does.
    pub fn practise_how(self) -> &'static str {
        self.pick(
            "Play again the positions where you went wrong, and find a better move",
            "自分の緩手・疑問手・悪手の局面で、よりよい手を探す",
        )
    }

    /// The practice bar's title: which exercise of how many.
    pub fn practice_title(self, n: usize, total: usize) -> String {
        match self.0 {
            Language::English => format!("Practise · {n} of {total}"),
            Language::Japanese => format!("練習 {n} / {total}"),
        }
    }

    /// A loss in the analysis's unit: `12 discs`, `3.5 points`, `8% win rate`.
    pub fn loss(self, unit: ValueUnit, loss: f32) -> String {
        let loss = loss.max(0.0);
        match (unit, self.0) {
            (ValueUnit::Discs, Language::English) => format!("{loss:.0} discs"),
            (ValueUnit::Discs, Language::Japanese) => format!("{loss:.0}石"),
            (ValueUnit::Score, Language::English) => format!("{loss:.1} points"),
            (ValueUnit::Score, Language::Japanese) => format!("{loss:.1}目"),
            (ValueUnit::WinRate, Language::English) => format!("{loss:.0}% win rate"),
            (ValueUnit::WinRate, Language::Japanese) => format!("勝率{loss:.0}%"),
        }
    }

    /// The exercise: the move played in its position, its class and loss, and the task.
    pub fn exercise(
        self,
        number: usize,
        player: Player,
        played: &str,
        class: Class,
        loss: &str,
    ) -> String {
        let (player, class) = (self.player(player), self.class(class));
        match self.0 {
            Language::English => format!(
                "Move {number}: {player} played {played} here, {class} ({loss} lost). Find a better move."
            ),
            Language::Japanese => format!(
                "{number}手目：{player}はここで{played}（{class}、{loss}の損）。よりよい手を探してください。"
            ),
        }
    }

    /// The hint: where the best move is.
    pub fn practice_hint(self, hint: Hint) -> String {
        let quarter = |q: Quarter| match q {
            Quarter::UpperLeft => self.pick("upper left", "左上"),
            Quarter::UpperRight => self.pick("upper right", "右上"),
            Quarter::LowerLeft => self.pick("lower left", "左下"),
            Quarter::LowerRight => self.pick("lower right", "右下"),
        };
        match (hint, self.0) {
            (Hint::Corner, _) => self.pick("Hint: a corner.", "ヒント：隅の手").to_owned(),
            (Hint::Pass, _) => self.pick("Hint: pass.", "ヒント：パス").to_owned(),
            (Hint::Centre, _) => self
                .pick("Hint: in the middle of the board.", "ヒント：盤の中央")
                .to_owned(),
            (Hint::Edge(q), Language::English) => {
                format!("Hint: on the edge, {}.", quarter(q))
            }
            (Hint::Edge(q), Language::Japanese) => format!("ヒント：{}の辺", quarter(q)),
            (Hint::Quarter(q), Language::English) => {
                format!("Hint: in the {} quarter, off the edge.", quarter(q))
            }
            (Hint::Quarter(q), Language::Japanese) => {
                format!("ヒント：{}の辺以外", quarter(q))
            }
        }
    }

    /// A try being judged.
    pub fn practice_judging(self, mv: &str) -> String {
        match self.0 {
            Language::English => format!("Looking at {mv}…"),
            Language::Japanese => format!("{mv}を検討中…"),
        }
    }

    /// A try accepted: `loss` is `None` for the best move itself.
    pub fn practice_right(self, mv: &str, loss: Option<&str>) -> String {
        match (loss, self.0) {
            (None, Language::English) => format!("Right: {mv} is the best move."),
            (None, Language::Japanese) => format!("正解：{mv}が最善手です。"),
            (Some(loss), Language::English) => {
                format!("Right: {mv} is as good as the best (only {loss} less).")
            }
            (Some(loss), Language::Japanese) => {
                format!("正解：{mv}は最善手とほぼ同じです（差は{loss}）。")
            }
        }
    }

    /// A try that lost too much, and the tries left.
    pub fn practice_wrong(self, mv: &str, class: Class, loss: &str, tries: u8) -> String {
        let class = self.class(class);
        let left = TRIES.saturating_sub(tries);
        match self.0 {
            Language::English if left == 0 => {
                format!("Not this: {mv} is {class} ({loss} lost). No tries left.")
            }
            Language::English => format!(
                "Not this: {mv} is {class} ({loss} lost). {left} {} left.",
                if left == 1 { "try" } else { "tries" }
            ),
            Language::Japanese if left == 0 => {
                format!("不正解：{mv}は{class}（{loss}の損）。挑戦は終わりです。")
            }
            Language::Japanese => {
                format!("不正解：{mv}は{class}（{loss}の損）。あと{left}回挑戦できます。")
            }
        }
    }

    /// The solution being played out.
    pub fn practice_solution(self, best: &str) -> String {
        match self.0 {
            Language::English => format!("The best move is {best}; then the best replies."),
            Language::Japanese => format!("最善手は{best}。続けて最善の応手を示します。"),
        }
    }

    /// The practice's end: how many exercises were solved.
    pub fn practice_done(self, solved: usize, total: usize) -> String {
        match self.0 {
            Language::English => {
                format!("Practice over: {solved} of {total} found. The moves list marks them.")
            }
            Language::Japanese => {
                format!("練習終了：{total}問中{solved}問正解。棋譜に印が付きます。")
            }
        }
    }

    /// The practice's buttons.
    pub fn hint(self) -> &'static str {
        self.pick("Hint", "ヒント")
    }

    /// The next exercise.
    pub fn next_exercise(self) -> &'static str {
        self.pick("Next", "次へ")
    }

    /// The last exercise's next: the summary.
    pub fn finish(self) -> &'static str {
        self.pick("Finish", "終了")
    }

    /// A move of the game practised, on its move in the list.
    pub fn practised(self, solved: bool) -> &'static str {
        if solved {
            self.pick("practised: found", "練習：正解")
        } else {
            self.pick("practised: missed", "練習：不正解")
        }
    }

    /// The variation bar's line: where the variation on screen leaves the game.
    pub fn variation_from(self, number: usize) -> String {
        match self.0 {
            Language::English => format!("Variation from move {number}"),
            Language::Japanese => format!("{number}手目からの変化図"),
        }
    }

    /// Back from a variation to the game.
    pub fn back_to_game(self) -> &'static str {
        self.pick("Back to the game", "本譜に戻る")
    }

    /// Deletes the variation on screen.
    pub fn delete_variation(self) -> &'static str {
        self.pick("Delete variation", "変化図を削除")
    }

    /// A branch in the move list: another line from that move, which it opens.
    pub fn branch(self, moves: &str) -> String {
        match self.0 {
            Language::English => format!("Variation: {moves}"),
            Language::Japanese => format!("変化図：{moves}"),
        }
    }
}
