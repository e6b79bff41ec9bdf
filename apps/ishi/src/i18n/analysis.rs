//! The words of the analysis: the classes of moves, the note on a position, the graph.

use ishi_analysis::Class;
use ishi_rules::Player;

use super::{Note, Tr};
use crate::model::{GameKind, ValueUnit};
use crate::settings::Language;
use crate::state::NetworkStatus;

impl Tr {
    /// A class of moves, as the note and the graph's table name it.
    pub fn class(self, class: Class) -> &'static str {
        match class {
            Class::Best => self.pick("the best move", "最善手"),
            Class::Good => self.pick("good", "好手"),
            Class::Inaccuracy => self.pick("an inaccuracy", "緩手"),
            Class::Mistake => self.pick("a mistake", "疑問手"),
            Class::Blunder => self.pick("a blunder", "悪手"),
        }
    }

    /// The note on the position on screen: "Black played f5 (-13): a blunder, 25.8 discs
    /// lost. Best: f7 (+13)."; on Go's network, the win rate after the points: "Black played
    /// A2 (-34.1): a blunder, 32.3 points lost (win rate 1%, 52 lost). Best: D7 (+0.6)."
    pub fn analysis_note(self, note: &Note) -> String {
        let player = self.player(note.player);
        let unit = match note.unit {
            ValueUnit::Discs => self.pick("discs", "石"),
            ValueUnit::WinRate => self.pick("points of win rate", "ポイント（勝率）"),
            ValueUnit::Score => self.pick("points", "目"),
        };
        let win_rate = match (&note.win_rate, self.0) {
            (Some((rate, Some(loss))), Language::English) => {
                format!(" (win rate {rate}, {loss} lost)")
            }
            (Some((rate, Some(loss))), Language::Japanese) => {
                format!("（勝率{rate}、{loss}ポイント減）")
            }
            (Some((rate, None)), Language::English) => format!(" (win rate {rate})"),
            (Some((rate, None)), Language::Japanese) => format!("（勝率{rate}）"),
            (None, _) => String::new(),
        };
        let played = match (&note.played, &note.loss) {
            (Some((mv, value, class)), Some(loss)) => {
                let class = self.class(*class);
                match self.0 {
                    Language::English => format!(
                        "{player} played {mv} ({value}): {class}, {loss} {unit} lost{win_rate}. "
                    ),
                    Language::Japanese => {
                        format!("{player}の{mv}（{value}）は{class}、{loss}{unit}の損{win_rate}。")
                    }
                }
            }
            (Some((mv, value, _)), None) => match self.0 {
                Language::English => {
                    format!("{player} played {mv} ({value}): the best move{win_rate}. ")
                }
                Language::Japanese => format!("{player}の{mv}（{value}）は最善手{win_rate}。"),
            },
            (None, _) => String::new(),
        };
        let best = match &note.best {
            Some((mv, value)) => match self.0 {
                Language::English => format!("Best: {mv} ({value})."),
                Language::Japanese => format!("最善: {mv}（{value}）。"),
            },
            None => self
                .pick("The game is over here.", "ここで終局です。")
                .to_owned(),
        };
        format!("{played}{best}")
    }

    /// The analysis under way: "Analysing: 12 of 61".
    pub fn analysing(self, done: usize, total: usize) -> String {
        match self.0 {
            Language::English => format!("Analysing: {done} of {total}"),
            Language::Japanese => format!("解析中: {done} / {total}"),
        }
    }

    /// Each player's accuracy over the analysed game, in per cent: "Accuracy: Black 87%,
    /// White 74%" (a player without a judged move: "–").
    pub fn accuracy(self, black: Option<f32>, white: Option<f32>) -> String {
        let per_cent = |a: Option<f32>| a.map_or("–".to_owned(), |a| format!("{a:.0}%"));
        let (b, w) = (per_cent(black), per_cent(white));
        match self.0 {
            Language::English => format!("Accuracy: Black {b}, White {w}"),
            Language::Japanese => format!("正確さ: 黒 {b}、白 {w}"),
        }
    }

    /// How the accuracy is computed, for the line's tooltip.
    pub fn accuracy_how(self) -> &'static str {
        self.pick(
            "The mean of each move's accuracy, from what it lost in chance to win (lichess's curve)",
            "各手の正確さの平均（勝つ見込みをどれだけ失ったかから計算）",
        )
    }

    /// Between the steps to the previous and the next mistake, until the accuracy is known.
    pub fn mistakes(self) -> &'static str {
        self.pick("Mistakes", "疑問手")
    }

    /// Go to the previous move that lost something.
    pub fn previous_mistake(self) -> &'static str {
        self.pick("Previous mistake", "前の疑問手")
    }

    /// Go to the next move that lost something.
    pub fn next_mistake(self) -> &'static str {
        self.pick("Next mistake", "次の疑問手")
    }

    /// Stop the analysis.
    pub fn stop(self) -> &'static str {
        self.pick("Stop", "中止")
    }

    /// Analyse the whole game, quickly.
    pub fn analyse_game(self) -> &'static str {
        self.pick("Analyse this game", "この対局を解析")
    }

    /// Analyse it with the deep budget.
    pub fn analyse_deeply(self) -> &'static str {
        self.pick("Deep", "じっくり")
    }

    /// The graph's name.
    pub fn graph_label(self, kind: GameKind) -> &'static str {
        match kind {
            GameKind::Othello => self.pick(
                "Evaluation graph: Black's expected disc margin after each move",
                "形勢グラフ: 各手のあとの黒の予想石差",
            ),
            GameKind::Go => self.pick(
                "Evaluation graph: Black's win rate and lead after each move",
                "形勢グラフ: 各手のあとの黒の勝率とリード",
            ),
        }
    }

    /// An Othello opening's name.
    pub fn opening(self, opening: &ishi_rules::othello::openings::Opening) -> String {
        match self.0 {
            Language::English => format!("Opening: {}", opening.name),
            Language::Japanese => format!("定石: {}", opening.japanese),
        }
    }

    /// What the status line says of Go's network while it is not there, short enough for a
    /// phone's line; `None` once it is (or where nothing is known of it). No longer sentence
    /// in a tooltip: strings weigh on the first board whichever module uses them.
    pub fn network(self, status: NetworkStatus) -> Option<String> {
        Some(match status {
            NetworkStatus::Unknown | NetworkStatus::Ready => return None,
            NetworkStatus::Loading(percent) => format!(
                "{} {percent} %",
                self.pick("Loading Go’s network…", "囲碁ネット読込中…")
            ),
            NetworkStatus::NoSimd => self
                .pick("Weaker Go: no WASM SIMD", "SIMDなし: 囲碁は弱め")
                .to_owned(),
            NetworkStatus::Failed => self
                .pick("Weaker Go: network not loaded", "囲碁ネット未読込: 弱め")
                .to_owned(),
        })
    }

    /// Go's estimated lead: "Black leads by 3.5 (estimate)".
    pub fn lead(self, black_lead: f32) -> String {
        let points = (black_lead.abs() * 2.0).round() / 2.0;
        if points < 0.5 {
            return self.pick("Even (estimate)", "互角（推定）").to_owned();
        }
        let leader = self.player(if black_lead > 0.0 {
            Player::Black
        } else {
            Player::White
        });
        match self.0 {
            Language::English => format!("{leader} leads by {points} (estimate)"),
            Language::Japanese => format!("{leader}が{points}目リード（推定）"),
        }
    }

    /// The graph table's first column.
    pub fn move_number(self) -> &'static str {
        self.pick("Move", "手数")
    }

    /// The graph table's second column.
    pub fn worth_for_black(self) -> &'static str {
        self.pick("For Black", "黒から見た形勢")
    }
}
