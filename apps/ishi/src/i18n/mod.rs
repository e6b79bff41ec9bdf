//! The app's words in English and Japanese.
//!
//! Every string the app shows is a method of [`Tr`], and every method names both languages, so
//! a string cannot be left untranslated; every error is translated variant by variant
//! (`errors.rs`), so an error cannot be shown in words of the other language. The language is the player's choice in the options,
//! or else the browser's (the system's on the desktop), or else English.
//!
//! What a sentence is made of, when it is not the state's own data (a cell's facts, the
//! analysis's note, a field, a kind of clock), is plain data defined here: the words stand
//! below the components that fill it in.

mod analysis;
mod club;
mod errors;
mod menu;
mod online;
mod practice;
mod puzzles;

use ishi_ai::AnyLevel;
use ishi_ai::go::GoLevel;
use ishi_ai::othello::OthelloLevel;
use ishi_analysis::Class;
use ishi_rules::Player;

use crate::model::{GameKind, Side, ValueUnit};
use crate::records::RecordFormat;
use crate::settings::{Confirm, Language};

/// The words of one language.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub struct Tr(pub Language);

impl Tr {
    fn pick(self, en: &'static str, ja: &'static str) -> &'static str {
        match self.0 {
            Language::English => en,
            Language::Japanese => ja,
        }
    }

    /// The language's code, for `lang` attributes.
    pub fn code(self) -> &'static str {
        self.0.code()
    }

    /// `Black` or `White`.
    pub fn player(self, p: Player) -> &'static str {
        match p {
            Player::Black => self.pick("Black", "黒"),
            Player::White => self.pick("White", "白"),
        }
    }

    /// The colour of a stone inside a sentence: `black`, `white`.
    pub fn colour(self, p: Player) -> &'static str {
        match p {
            Player::Black => self.pick("black", "黒"),
            Player::White => self.pick("white", "白"),
        }
    }

    /// The game's name.
    pub fn game(self, kind: GameKind) -> &'static str {
        match kind {
            GameKind::Othello => self.pick("Othello", "オセロ"),
            GameKind::Go => self.pick("Go", "囲碁"),
        }
    }

    /// The board's accessible name.
    pub fn board_label(self, kind: GameKind, size: usize) -> String {
        match self.0 {
            Language::English => format!("{} board, {size} by {size}", self.game(kind)),
            Language::Japanese => match kind {
                GameKind::Othello => format!("オセロ盤 {size}×{size}"),
                GameKind::Go => format!("碁盤 {size}路"),
            },
        }
    }

    /// "Game" (the mode switch's label).
    pub fn game_label(self) -> &'static str {
        self.pick("Game", "種目")
    }

    /// The new-game button and sheet title.
    pub fn new_game(self) -> &'static str {
        self.pick("New game", "新しい対局")
    }

    /// The button that reloads the page when a part of the app could not be loaded.
    pub fn reload(self) -> &'static str {
        self.pick("Reload", "再読み込み")
    }

    /// The more-actions button (records, review, recent games, options).
    pub fn more(self) -> &'static str {
        self.pick("More", "その他")
    }

    /// Undo.
    pub fn undo(self) -> &'static str {
        self.pick("Undo", "戻す")
    }

    /// Redo.
    pub fn redo(self) -> &'static str {
        self.pick("Redo", "進む")
    }

    /// The history bar's accessible name.
    pub fn history(self) -> &'static str {
        self.pick("History", "履歴")
    }

    /// Pass.
    pub fn pass(self) -> &'static str {
        self.pick("Pass", "パス")
    }

    /// Resign.
    pub fn resign(self) -> &'static str {
        self.pick("Resign", "投了")
    }

    /// The resign dialog's question.
    pub fn resign_question(self) -> &'static str {
        self.pick("Resign this game?", "この対局を投了しますか？")
    }

    /// The resign dialog's way back.
    pub fn keep_playing(self) -> &'static str {
        self.pick("Keep playing", "続ける")
    }

    /// Accept the count.
    pub fn accept_count(self) -> &'static str {
        self.pick("Accept count", "計算を確定")
    }

    /// Pause a computer-only game.
    pub fn pause(self) -> &'static str {
        self.pick("Pause", "一時停止")
    }

    /// Resume it.
    pub fn resume(self) -> &'static str {
        self.pick("Resume", "再開")
    }

    /// Legal-move hints toggle.
    pub fn hints(self) -> &'static str {
        self.pick("Hints", "ヒント")
    }

    /// Go's ownership toggle.
    pub fn ownership(self) -> &'static str {
        self.pick("Territory", "地合い")
    }

    /// Go's policy toggle: where the network would look.
    pub fn policy(self) -> &'static str {
        self.pick("Policy", "着眼点")
    }

    /// What Go's policy toggle shows, for its tooltip.
    pub fn policy_title(self) -> &'static str {
        self.pick("Where a strong player would look", "強い打ち手の着眼点")
    }

    /// The computer's values toggle.
    pub fn values(self) -> &'static str {
        self.pick("Values", "評価値")
    }

    /// Review toggle.
    pub fn review(self) -> &'static str {
        self.pick("Review", "棋譜を見る")
    }

    /// "Black discs: 12" / "White captures: 3".
    pub fn count_label(self, kind: GameKind, p: Player, n: u32) -> String {
        match (self.0, kind) {
            (Language::English, GameKind::Othello) => format!("{} discs: {n}", self.player(p)),
            (Language::English, GameKind::Go) => format!("{} captures: {n}", self.player(p)),
            (Language::Japanese, GameKind::Othello) => format!("{}の石: {n}", self.player(p)),
            (Language::Japanese, GameKind::Go) => format!("{}のアゲハマ: {n}", self.player(p)),
        }
    }

    /// "Black to move".
    pub fn to_move(self, p: Player) -> String {
        match self.0 {
            Language::English => format!("{} to move", self.player(p)),
            Language::Japanese => format!("{}の番です", self.player(p)),
        }
    }

    /// "White is thinking…".
    pub fn thinking(self, p: Player) -> String {
        match self.0 {
            Language::English => format!("{} is thinking…", self.player(p)),
            Language::Japanese => format!("{}が考えています…", self.player(p)),
        }
    }

    /// A computer-only game on hold.
    pub fn paused(self) -> &'static str {
        self.pick("paused", "一時停止中")
    }

    /// A forced pass, announced.
    pub fn forced_pass(self, p: Player) -> String {
        match self.0 {
            Language::English => format!("{} has no move and passes. ", self.player(p)),
            Language::Japanese => format!("{}は打てる場所がないのでパスです。", self.player(p)),
        }
    }

    /// A pass, announced.
    pub fn passed(self, p: Player) -> String {
        match self.0 {
            Language::English => format!("{} passed. ", self.player(p)),
            Language::Japanese => format!("{}がパスしました。", self.player(p)),
        }
    }

    /// "Black wins: B+12".
    pub fn wins(self, p: Player, result: &str) -> String {
        match self.0 {
            Language::English => format!("{} wins: {result}", self.player(p)),
            Language::Japanese => format!("{}の勝ち: {result}", self.player(p)),
        }
    }

    /// "Draw: Draw".
    pub fn draw(self, result: &str) -> String {
        match self.0 {
            Language::English => format!("Draw: {result}"),
            Language::Japanese => format!("引き分け: {result}"),
        }
    }

    /// The status line while the computer looks for the dead stones of a count.
    pub fn finding_dead(self) -> &'static str {
        self.pick(
            "Counting: finding the dead stones…",
            "整地: 死に石を推定中…",
        )
    }

    /// The counting instruction with the count so far.
    pub fn counting(self, result: &str) -> String {
        match self.0 {
            Language::English => format!("Counting: tap dead chains. {result}"),
            Language::Japanese => format!("整地: 死に石をタップ。{result}"),
        }
    }

    /// The computer made no move (the status line's `title` says why).
    pub fn computer_failed(self) -> &'static str {
        self.pick(
            "The computer stopped. Undo, or start a new game.",
            "コンピューターが止まりました。待ったか、新しい対局を。",
        )
    }

    /// A cell's spoken description; `parts` are the facts in order.
    pub fn cell_label(self, name: &str, parts: &[CellFact]) -> String {
        let mut label = name.to_owned();
        for part in parts {
            label.push_str(self.pick(", ", "、"));
            label.push_str(&match part {
                CellFact::OffBoard => self.pick("not part of the board", "盤外").to_owned(),
                CellFact::Stone(p) => self.colour(*p).to_owned(),
                CellFact::Empty => self.pick("empty", "空き").to_owned(),
                CellFact::Dead => self.pick("dead", "死に石").to_owned(),
                CellFact::Legal => self.pick("legal move", "打てます").to_owned(),
                CellFact::Best => self.pick("best move", "最善手").to_owned(),
                CellFact::Value {
                    text,
                    exact,
                    visits: None,
                    ..
                } => match (self.0, exact) {
                    (Language::English, false) => format!("value {text}"),
                    (Language::English, true) => format!("value {text}, exact"),
                    (Language::Japanese, false) => format!("評価値 {text}"),
                    (Language::Japanese, true) => format!("評価値 {text}（確定）"),
                },
                CellFact::Value {
                    text,
                    visits: Some(visits),
                    win_rate: Some(win_rate),
                    ..
                } => match self.0 {
                    Language::English => {
                        format!("score {text} points, win rate {win_rate}%, {visits} visits")
                    }
                    Language::Japanese => format!("{text}目、勝率 {win_rate}%、{visits} 回"),
                },
                CellFact::Value {
                    text,
                    visits: Some(visits),
                    win_rate: None,
                    ..
                } => match self.0 {
                    Language::English => format!("win rate {text}%, {visits} playouts"),
                    Language::Japanese => format!("勝率 {text}%、{visits} 回"),
                },
                CellFact::Last => self.pick("last move", "最後の手").to_owned(),
                CellFact::Ko => self
                    .pick("ko: cannot be retaken now", "コウ: すぐには取れません")
                    .to_owned(),
                CellFact::Territory(p) => match self.0 {
                    Language::English => format!("{} territory", self.colour(*p)),
                    Language::Japanese => format!("{}の地", self.colour(*p)),
                },
                CellFact::Policy(percent) => match self.0 {
                    Language::English => format!("policy {percent}%"),
                    Language::Japanese => format!("着眼 {percent}%"),
                },
            });
        }
        label
    }

    /// Field labels of the new-game sheet and the options.
    pub fn field(self, field: Field) -> &'static str {
        match field {
            Field::Board => self.pick("Board", "盤"),
            Field::Rules => self.pick("Rules", "ルール"),
            Field::Handicap => self.pick("Handicap", "置き石"),
            Field::Komi => self.pick("Komi", "コミ"),
            Field::Options => self.pick("Options", "設定"),
            Field::Coordinates => self.pick("Coordinates", "座標"),
            Field::Hints => self.pick("Legal-move hints (Othello)", "打てる場所の表示（オセロ）"),
            Field::Ownership => self.pick(
                "Who owns each point, and the lead (Go)",
                "地合いと形勢の表示（囲碁）",
            ),
            Field::Values => self.pick(
                "The computer's value of each move",
                "コンピューターの評価値を表示",
            ),
            Field::Confirm => self.pick("Confirm moves", "着手の確認"),
            Field::Pace => self.pick("Computer vs computer pace", "コンピュータ同士の速さ"),
            Field::Language => self.pick("Language", "言語"),
            Field::Clock => self.pick("Clock", "持ち時間"),
            Field::MainTime => self.pick("Main time (minutes)", "持ち時間（分）"),
            Field::Increment => self.pick("Increment (seconds)", "加算（秒）"),
            Field::Periods => self.pick("Byo-yomi periods", "秒読みの回数"),
            Field::PeriodTime => self.pick("Period (seconds)", "秒読み（秒）"),
            Field::Days => self.pick("Days a move", "1手の日数"),
            Field::Name => self.pick("Your name", "あなたの名前"),
            Field::Server => self.pick("Game server", "対局サーバー"),
            Field::Theme => self.pick("Colours", "配色"),
            Field::ConfirmPass => self.pick(
                "Confirm a pass made with a finger (Go)",
                "指でのパスを確認する（囲碁）",
            ),
            Field::Sound => self.pick("Move sounds", "着手の音"),
            Field::Vibration => self.pick(
                "Vibrate on your moves (phones)",
                "自分の着手で振動する（スマートフォン）",
            ),
        }
    }

    /// A theme's name in the options.
    pub fn theme(self, theme: crate::settings::Theme) -> &'static str {
        match theme {
            crate::settings::Theme::System => self.pick("As the system", "システムに合わせる"),
            crate::settings::Theme::Light => self.pick("Light", "ライト"),
            crate::settings::Theme::Dark => self.pick("Dark", "ダーク"),
        }
    }

    /// The move list's title and button.
    pub fn moves(self) -> &'static str {
        self.pick("Moves", "棋譜")
    }

    /// Go, in review: the switch of move numbers on the stones.
    pub fn move_numbers(self) -> &'static str {
        self.pick("Numbers", "手順")
    }

    /// An empty move list.
    pub fn no_moves(self) -> &'static str {
        self.pick("No moves yet.", "まだ着手はありません。")
    }

    /// The pass dialog's question.
    pub fn pass_question(self) -> &'static str {
        self.pick(
            "Pass? Two passes in a row end the game.",
            "パスしますか？ 続けて2回パスすると終局します。",
        )
    }

    /// "None" (no handicap).
    pub fn no_handicap(self) -> &'static str {
        self.pick("None", "なし")
    }

    /// "3 stones".
    pub fn stones(self, n: u8) -> String {
        match self.0 {
            Language::English => format!("{n} stones"),
            Language::Japanese => format!("{n}子"),
        }
    }

    /// "Human".
    pub fn human(self) -> &'static str {
        self.pick("Human", "人間")
    }

    /// "Computer: Club".
    pub fn computer(self, level: AnyLevel) -> String {
        let name = self.level_name(level);
        match self.0 {
            Language::English => format!("Computer: {name}"),
            Language::Japanese => format!("コンピュータ: {name}"),
        }
    }

    /// Who plays a side, in a word for the score chips: "Human", or the computer's level
    /// ("Club").
    pub fn side_name(self, side: Side<AnyLevel>) -> &'static str {
        match side {
            Side::Human => self.human(),
            Side::Computer(level) => self.level_name(level),
        }
    }

    /// A level's name: its own (English) name, or the Japanese one.
    pub fn level_name(self, level: AnyLevel) -> &'static str {
        let japanese = match level {
            AnyLevel::Othello(level) => match level {
                OthelloLevel::Random => "ランダム",
                OthelloLevel::Naive => "素朴（左上から）",
                OthelloLevel::Minimax4 => "4手読み",
                OthelloLevel::Casual => "初級",
                OthelloLevel::Club => "中級",
                OthelloLevel::Expert => "上級",
                OthelloLevel::Master => "名人",
            },
            AnyLevel::Go(level) => match level {
                GoLevel::Random => "ランダム",
                GoLevel::Mcts100 => "入門",
                GoLevel::NetT07 => "初級",
                GoLevel::NetPolicy => "中級",
                GoLevel::Net16 => "上級",
                GoLevel::Net128 => "有段",
                GoLevel::Net1024 => "名人",
            },
        };
        self.pick(level.name(), japanese)
    }

    /// A rules preset's name.
    pub fn rules_name(self, preset: &str) -> &'static str {
        match preset {
            "chinese" => self.pick("Chinese (area)", "中国ルール（地と石）"),
            "tromp-taylor" => self.pick("Tromp-Taylor", "トロンプ・テイラー"),
            _ => self.pick("Japanese (territory)", "日本ルール（地）"),
        }
    }

    /// A shaped board's name.
    pub fn shape_name(self, preset: &str) -> &'static str {
        match preset {
            "octagon" => self.pick("Octagon (corners cut)", "八角形（角なし）"),
            "cross" => self.pick("Cross (2×2 corners cut)", "十字（角2×2なし）"),
            "holes" => self.pick("Holes (no X-squares)", "穴あき（X打ちなし）"),
            "diamond" => self.pick("Diamond (10×10)", "ひし形（10×10）"),
            _ => self.pick("Custom shape", "変形盤"),
        }
    }

    /// The choices of move confirmation.
    pub fn confirm_choice(self, confirm: Confirm) -> &'static str {
        match confirm {
            Confirm::Always => self.pick("Always", "常に"),
            Confirm::Never => self.pick("Never", "しない"),
            Confirm::Auto => self.pick("Go on touch screens", "タッチ画面の囲碁"),
        }
    }

    /// "Follow the browser" in the language switch.
    pub fn automatic_language(self) -> &'static str {
        self.pick("Browser's language", "ブラウザに合わせる")
    }

    /// Cancel.
    pub fn cancel(self) -> &'static str {
        self.pick("Cancel", "キャンセル")
    }

    /// Start.
    pub fn start(self) -> &'static str {
        self.pick("Start", "開始")
    }

    /// Close.
    pub fn close(self) -> &'static str {
        self.pick("Close", "閉じる")
    }

    /// The "about" section's title.
    pub fn about(self) -> &'static str {
        self.pick("About Ishi", "Ishi について")
    }

    /// The "about" section's lines: the app and its licence, then the credit of the Go
    /// network it ships (KataGo's licence asks that its notice go with every copy).
    pub fn about_lines(self, version: &str) -> [String; 2] {
        match self.0 {
            Language::English => [
                format!("Ishi {version}, free software under the MIT or Apache-2.0 licence."),
                "Go network: KataGo's g170 network (6 blocks, 96 channels), © David J Wu                  (\"lightvector\") and the KataGo authors, under KataGo's MIT licence."
                    .to_owned(),
            ],
            Language::Japanese => [
                format!("Ishi {version}（MIT または Apache-2.0 ライセンスの自由ソフトウェア）"),
                "囲碁のニューラルネット: KataGo の g170 ネットワーク（6 ブロック・96 チャンネル）\
                 © David J Wu（\"lightvector\"）と KataGo の作者たち、KataGo の MIT ライセンス"
                    .to_owned(),
            ],
        }
    }

    /// The record section's title.
    pub fn record(self) -> &'static str {
        self.pick("Game record", "棋譜")
    }

    /// A record format's name.
    pub fn format(self, format: RecordFormat) -> &'static str {
        match format {
            RecordFormat::Sgf => "SGF",
            RecordFormat::Board => self.pick("Board string", "盤面の文字列"),
            RecordFormat::Transcript => self.pick("Transcript", "棋譜（手順）"),
        }
    }

    /// Copy to the clipboard.
    pub fn copy(self) -> &'static str {
        self.pick("Copy", "コピー")
    }

    /// Copied, as a confirmation.
    pub fn copied(self) -> &'static str {
        self.pick("Copied", "コピーしました")
    }

    /// Download as a file.
    pub fn download(self) -> &'static str {
        self.pick("Download", "ダウンロード")
    }

    /// The import section's title.
    pub fn import(self) -> &'static str {
        self.pick("Import", "読み込み")
    }

    /// The import box's placeholder.
    pub fn import_hint(self) -> &'static str {
        self.pick(
            "Paste an SGF record, an Othello transcript like f5d6c3, or a board string",
            "SGF の棋譜、f5d6c3 のようなオセロの手順、または盤面の文字列を貼り付け",
        )
    }

    /// Open a file to import.
    pub fn open_file(self) -> &'static str {
        self.pick("Open file", "ファイルを開く")
    }

    /// The recent games' title.
    pub fn recent_games(self) -> &'static str {
        self.pick("Recent games", "最近の対局")
    }

    /// No recent game yet.
    pub fn no_recent_games(self) -> &'static str {
        self.pick(
            "Finished games appear here.",
            "終わった対局がここに並びます。",
        )
    }

    /// An unfinished game in the recent list.
    pub fn unfinished(self) -> &'static str {
        self.pick("unfinished", "途中")
    }

    /// Open a game to review or continue.
    pub fn open(self) -> &'static str {
        self.pick("Open", "開く")
    }

    /// The review bar's buttons.
    pub fn review_step(self, step: ReviewStep) -> &'static str {
        match step {
            ReviewStep::First => self.pick("First move", "最初"),
            ReviewStep::Previous => self.pick("Previous move", "一手戻る"),
            ReviewStep::Next => self.pick("Next move", "一手進む"),
            ReviewStep::Last => self.pick("Last move", "最後"),
        }
    }

    /// "Move 12 of 60".
    pub fn move_of(self, n: usize, total: usize) -> String {
        match self.0 {
            Language::English => format!("Move {n} of {total}"),
            Language::Japanese => format!("{n}手目 / {total}手"),
        }
    }
}

/// A step of the review bar.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ReviewStep {
    /// To the start.
    First,
    /// One ply back.
    Previous,
    /// One ply forward.
    Next,
    /// To the end.
    Last,
}

/// A fact about a cell, for its spoken description.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum CellFact {
    /// A hole of a shaped board.
    OffBoard,
    /// A stone of this colour.
    Stone(Player),
    /// No stone.
    Empty,
    /// Marked dead while counting.
    Dead,
    /// A legal move.
    Legal,
    /// The best move of the hints.
    Best,
    /// The hint's value of the move: discs (Othello, maybe exact), a win rate in % with its
    /// playouts (Go with Monte Carlo), or points of score with the win rate and the visits
    /// (Go on the network).
    Value {
        /// The value as written on the cell.
        text: String,
        /// Proved by the solver.
        exact: bool,
        /// Go: the playouts or visits, as written on the cell.
        visits: Option<String>,
        /// Go on the network: the win rate in %, the value being points of score.
        win_rate: Option<String>,
    },
    /// The last move.
    Last,
    /// Forbidden by ko.
    Ko,
    /// Territory of this colour while counting.
    Territory(Player),
    /// Go on the network: the network's probability of the move, in per cent.
    Policy(u8),
}

/// The analysis's note on the position on screen ([`Tr::analysis_note`]): the move played
/// from it, judged, and the best move.
#[derive(Clone, PartialEq, Debug)]
pub struct Note {
    /// What the values and the loss count.
    pub unit: ValueUnit,
    /// Who was to move.
    pub player: Player,
    /// The move played, its value and class, when one was.
    pub played: Option<(String, String, Class)>,
    /// The best move and its value.
    pub best: Option<(String, String)>,
    /// The loss, written in the unit, unless the move played was the best.
    pub loss: Option<String>,
    /// Go on the network: the move played's win rate as written (`12%`) and, unless it was
    /// the best, what it lost of it in points (`40`).
    pub win_rate: Option<(String, Option<String>)>,
}

/// A labelled field.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Field {
    /// The board size or shape.
    Board,
    /// Go rules.
    Rules,
    /// Go handicap.
    Handicap,
    /// Go komi.
    Komi,
    /// The options group.
    Options,
    /// Coordinates toggle.
    Coordinates,
    /// Hints toggle.
    Hints,
    /// The computer's values toggle.
    Values,
    /// Go's ownership toggle.
    Ownership,
    /// Move confirmation.
    Confirm,
    /// Computer-only pace.
    Pace,
    /// Language.
    Language,
    /// Online: the clock.
    Clock,
    /// Online: main time.
    MainTime,
    /// Online: Fischer's increment.
    Increment,
    /// Online: byo-yomi periods.
    Periods,
    /// Online: a period's length.
    PeriodTime,
    /// Online: days a move.
    Days,
    /// Online: the player's name.
    Name,
    /// Online: the game server's address.
    Server,
    /// Light or dark colours.
    Theme,
    /// Ask before a pass made with a finger.
    ConfirmPass,
    /// The moves' sounds.
    Sound,
    /// A vibration on a stone placed.
    Vibration,
}

/// A kind of clock for an online game, as the new-game sheet offers them.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum ClockKind {
    /// No clock.
    None,
    /// Main time and an increment.
    Fischer,
    /// Main time and byo-yomi periods (Go).
    ByoYomi,
    /// Days a move.
    Correspondence,
}

impl ClockKind {
    /// The kinds a game offers: byo-yomi is Go's.
    pub fn offered(kind: GameKind) -> &'static [ClockKind] {
        match kind {
            GameKind::Othello => &[
                ClockKind::Fischer,
                ClockKind::Correspondence,
                ClockKind::None,
            ],
            GameKind::Go => &[
                ClockKind::ByoYomi,
                ClockKind::Fischer,
                ClockKind::Correspondence,
                ClockKind::None,
            ],
        }
    }
}

/// The language the system asks for: the browser's on the web, `LANG` elsewhere; English if
/// Ishi does not speak it.
pub fn system_language() -> Language {
    platform_language()
        .as_deref()
        .and_then(Language::from_code)
        .unwrap_or(Language::English)
}

#[cfg(target_arch = "wasm32")]
fn platform_language() -> Option<String> {
    web_sys::window()?.navigator().language()
}

#[cfg(not(target_arch = "wasm32"))]
fn platform_language() -> Option<String> {
    ["LC_ALL", "LC_MESSAGES", "LANG"]
        .iter()
        .find_map(|var| std::env::var(var).ok().filter(|v| !v.is_empty()))
}

#[cfg(test)]
mod tests;
