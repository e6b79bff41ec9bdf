//! Every error a player can meet, in words: one `match` arm per variant, down to the rules'
//! and the records' own errors, so the compiler refuses a variant without its sentence.
//!
//! What the error carries (a point, a line number, a property's value) is quoted as it is;
//! the words around it are the language's.

use ishi_online::protocol::Reason;
use ishi_records::sgf::{Found, SgfErrorKind};
use ishi_records::{Expected, RecordError, RecordErrorKind};
use ishi_rules::go::{self, HandicapError};
use ishi_rules::othello::notation::{BoardStringError, BoardStringErrorKind};
use ishi_rules::othello::transcript::{TranscriptError, TranscriptErrorKind};
use ishi_rules::othello::{self, ShapeError};
use ishi_rules::{IllegalReason, Move};
use ishi_worker::{Model, WorkerError};

use super::Tr;
use crate::model::{MoveNameError, Refusal, SetupError};
use crate::records::{ImportError, VariationImportError};
use crate::saved::v1::{V1Error, V1Field};
use crate::saved::{EventError, LoadError, MatchLoadError, VariationError};
use crate::settings::Language;
use crate::state::{AppError, ComputerFailure};

/// The text of the language in use: `say!(tr, "English {x}", "日本語 {x}")`, each a
/// `format!` string that may name the variables in scope.
macro_rules! say {
    ($tr:expr, $en:literal, $ja:literal) => {
        match $tr.0 {
            Language::English => format!($en),
            Language::Japanese => format!($ja),
        }
    };
}

impl Tr {
    /// Why an action failed, as a sentence.
    pub fn error(self, error: &AppError) -> String {
        match error {
            AppError::Refused(refusal) => self.refusal(refusal),
            AppError::Setup(e) => {
                let why = self.setup_error(e);
                say!(
                    self,
                    "That game cannot start: {why}.",
                    "この対局は始められません: {why}。"
                )
            }
            AppError::Import(e) => {
                let why = self.import_error(e);
                say!(self, "Cannot import: {why}.", "読み込めません: {why}。")
            }
            AppError::Open(e) => {
                let why = self.match_load_error(e);
                say!(
                    self,
                    "Cannot open this game: {why}.",
                    "この対局を開けません: {why}。"
                )
            }
            AppError::Online(reason) => self.server_refusal(*reason),
            AppError::OnlineSetup(e) => {
                let why = self.online_setup_error(e);
                say!(
                    self,
                    "That game cannot start: {why}.",
                    "この対局は始められません: {why}。"
                )
            }
            AppError::Offline => say!(
                self,
                "Not sent: the connection to the game server is down. Reconnecting…",
                "送れませんでした: 対局サーバーとの接続が切れています。再接続中…"
            ),
            AppError::NoServer => say!(
                self,
                "Set the game server's address in My online games first.",
                "先に「オンライン対局」で対局サーバーのアドレスを設定してください。"
            ),
            AppError::Unavailable => self.unavailable().to_owned(),
            AppError::NoMistakes => say!(
                self,
                "the analysis found no inaccuracy, mistake or blunder of yours to practise",
                "練習する緩手・疑問手・悪手は見つかりませんでした"
            ),
        }
    }

    /// That a part of the app could not be loaded ([`AppError::Unavailable`]): said without
    /// [`Tr::error`], which is itself such a part in the web's split build.
    pub fn unavailable(self) -> &'static str {
        self.pick(
            "This part of Ishi could not be loaded. Check the connection, then reload the page.",
            "この部分を読み込めませんでした。接続を確かめてから、ページを再読み込みしてください。",
        )
    }

    /// Why the game server refused a message, as a sentence.
    pub fn server_refusal(self, reason: Reason) -> String {
        match reason {
            Reason::Malformed => say!(
                self,
                "The game server did not understand the app (a newer version may be needed).",
                "対局サーバーがアプリの送信を理解できませんでした（新しい版が必要かもしれません）。"
            ),
            Reason::TooLarge => say!(self, "That message was too long.", "送信内容が長すぎます。"),
            Reason::TooFast => say!(
                self,
                "Too many actions at once; wait a moment.",
                "操作が速すぎます。少し待ってください。"
            ),
            Reason::TooManyGames => say!(
                self,
                "Too many online games or challenges at once: finish or withdraw one first.",
                "オンライン対局や募集が多すぎます。どれかを終えるか取り下げてください。"
            ),
            Reason::UnknownGame => say!(
                self,
                "No such game on the server: check the link.",
                "サーバーにその対局がありません。リンクを確かめてください。"
            ),
            Reason::NotSeated => say!(
                self,
                "You are watching this game: only its players can play.",
                "この対局は観戦中です。対局者だけが打てます。"
            ),
            Reason::BadSetup => say!(
                self,
                "The game server cannot play that set-up.",
                "対局サーバーはその設定で対局できません。"
            ),
            Reason::BadName => say!(
                self,
                "Names are 1 to 40 characters.",
                "名前は 1〜40 文字にしてください。"
            ),
            Reason::WrongPhase => say!(
                self,
                "Not now: the game is not at that stage.",
                "今はできません（対局がその段階にありません）。"
            ),
            Reason::NotYourTurn => say!(self, "It is your friend's turn.", "相手の手番です。"),
            Reason::BadMove | Reason::Illegal => say!(
                self,
                "The server refused that move as illegal.",
                "サーバーがその手を反則として受け付けませんでした。"
            ),
            Reason::Stale => say!(
                self,
                "The game moved on before your move arrived; here it is as it is now.",
                "あなたの手が届く前に対局が進みました。現在の局面を表示します。"
            ),
            Reason::NoUndo => say!(
                self,
                "There is no move of yours to take back now.",
                "今は待ったできるあなたの手がありません。"
            ),
            Reason::NoUndoRequest => say!(
                self,
                "That undo request is no longer waiting.",
                "その待ったの申し出はもうありません。"
            ),
            Reason::MarksChanged => say!(
                self,
                "The dead stones changed before you accepted; look again.",
                "承認の前に死に石が変わりました。もう一度確かめてください。"
            ),
            Reason::TimeUp => say!(self, "Too late: the time ran out.", "時間切れです。"),
            Reason::Unavailable => say!(
                self,
                "The game server could not save that; try again.",
                "対局サーバーが保存できませんでした。もう一度試してください。"
            ),
            Reason::BadCredentials => say!(
                self,
                "Wrong name or password.",
                "名前またはパスワードが違います。"
            ),
            Reason::NameTaken => say!(
                self,
                "That name is taken: choose another.",
                "その名前は使われています。別の名前にしてください。"
            ),
            Reason::BadPassword => {
                let n = ishi_online::protocol::MIN_PASSWORD;
                say!(
                    self,
                    "Passwords are at least {n} characters.",
                    "パスワードは{n}文字以上にしてください。"
                )
            }
            Reason::TooManyAttempts => say!(
                self,
                "Too many tries: wait a while before trying again.",
                "試行が多すぎます。しばらく待ってから試してください。"
            ),
            Reason::NotLoggedIn => say!(
                self,
                "Log in first (Play online, Account).",
                "先にログインしてください（オンライン対局 → アカウント）。"
            ),
            Reason::BadSession => say!(
                self,
                "You were logged out: log in again.",
                "ログアウトされました。もう一度ログインしてください。"
            ),
            Reason::UnknownChallenge => say!(
                self,
                "That challenge is no longer open.",
                "その募集はもう締め切られました。"
            ),
            Reason::OwnChallenge => say!(
                self,
                "That is your own challenge.",
                "自分の募集には応じられません。"
            ),
            Reason::Unrated => say!(
                self,
                "Only standard boards without handicap can be rated.",
                "レーティング対局は置き石なしの標準の盤だけです。"
            ),
            Reason::UnknownPlayer => say!(
                self,
                "No player of that name.",
                "その名前のプレイヤーはいません。"
            ),
            Reason::BadText => say!(
                self,
                "Chat lines are 1 to 200 characters of text.",
                "チャットは1〜200文字の文章にしてください。"
            ),
        }
    }

    fn online_setup_error(self, error: &ishi_online::SetupError) -> String {
        match error {
            ishi_online::SetupError::Go(e) => self.go_setup_error(e),
            ishi_online::SetupError::Handicap(e) => self.handicap_error(e),
            ishi_online::SetupError::Time(_) => {
                let (main, step, periods, days) = (
                    ishi_online::MAX_MAIN_S / 60,
                    ishi_online::MAX_STEP_S,
                    ishi_online::MAX_PERIODS,
                    ishi_online::MAX_DAYS,
                );
                say!(
                    self,
                    "the clock is out of range: main time up to {main} minutes, increments and periods from 1 to {step} seconds, 1 to {periods} periods, 1 to {days} days a move",
                    "持ち時間が範囲外です（持ち時間 {main} 分まで、加算・秒読み 1〜{step} 秒、秒読み 1〜{periods} 回、1手 1〜{days} 日）"
                )
            }
        }
    }

    /// Why saved data could not be used: the news first, as the status line shows two lines
    /// and scrolls the rest.
    pub fn unreadable(self, why: &LoadError) -> String {
        let why = self.load_error(why);
        say!(
            self,
            "Your saved game could not be read; here is a new game. (It was kept aside: {why}.)",
            "保存された対局を読み込めなかったため、新しい対局を始めます（データは別に保存しました: {why}）。"
        )
    }

    /// Why the computer made no move, for the status line's details.
    pub fn computer_failure(self, failure: &ComputerFailure) -> String {
        match failure {
            ComputerFailure::Worker(error) => self.worker_error(error),
            ComputerFailure::NoMove => say!(
                self,
                "the computer answered no move",
                "コンピューターが手を返しませんでした"
            ),
            ComputerFailure::Illegal(reason) => {
                let why = self.reason(*reason);
                say!(
                    self,
                    "its move was refused: {why}",
                    "コンピューターの手は反則です: {why}"
                )
            }
        }
    }

    /// Why the computer did not answer.
    pub fn worker_error(self, error: &WorkerError) -> String {
        match error {
            WorkerError::BadRequest => say!(
                self,
                "the computer could not read the question (a newer version of the app is loading?)",
                "コンピューターが問いを読めませんでした（新しい版を読み込み中かもしれません）"
            ),
            WorkerError::BadStart => say!(
                self,
                "the computer could not set up this game",
                "コンピューターがこの対局を並べられませんでした"
            ),
            WorkerError::IllegalMove { index, reason } => {
                let number = index + 1;
                let why = self.reason(*reason);
                say!(
                    self,
                    "the computer could not replay move {number}: {why}",
                    "コンピューターが{number}手目を並べられませんでした: {why}"
                )
            }
            WorkerError::WrongGame => say!(
                self,
                "the computer was asked about the other game",
                "コンピューターへの問いが別のゲームのものでした"
            ),
            WorkerError::GameOver => say!(
                self,
                "the game is over: the computer has no move",
                "対局は終わっています: コンピューターの手はありません"
            ),
            WorkerError::ModelMissing(Model::OthelloWeights) => say!(
                self,
                "the computer's Othello knowledge could not be loaded",
                "コンピューターのオセロの評価データを読み込めませんでした"
            ),
            WorkerError::ModelMissing(Model::GoMoves) => say!(
                self,
                "the computer's Go knowledge could not be loaded",
                "コンピューターの囲碁の知識データを読み込めませんでした"
            ),
            WorkerError::ModelMissing(Model::GoNetwork) => say!(
                self,
                "the computer's Go network could not be loaded",
                "コンピューターの囲碁のニューラルネットを読み込めませんでした"
            ),
            WorkerError::Stopped(detail) => say!(
                self,
                "the computer stopped: {detail}",
                "コンピューターが停止しました: {detail}"
            ),
            WorkerError::Unavailable => say!(
                self,
                "the computer could not be loaded (offline?)",
                "コンピューターを読み込めませんでした（オフラインですか？）"
            ),
        }
    }

    /// Why the match refused an action.
    pub fn refusal(self, refusal: &Refusal) -> String {
        match refusal {
            Refusal::Illegal(reason) => {
                let why = self.reason(*reason);
                say!(self, "Not there: {why}.", "そこには打てません: {why}。")
            }
            Refusal::NotYourTurn => say!(self, "Wait for your turn.", "相手の番です。"),
            Refusal::NothingThere => {
                say!(
                    self,
                    "Nothing to undo or redo.",
                    "戻す手・進む手がありません。"
                )
            }
            Refusal::Stale => say!(
                self,
                "That came too late: the game has moved on.",
                "間に合いませんでした: 局面が変わっています。"
            ),
            Refusal::NotCounting => say!(
                self,
                "The game is not being counted.",
                "整地中ではありません。"
            ),
            Refusal::TooManyVariations => {
                let most = crate::model::MAX_VARIATIONS;
                say!(
                    self,
                    "A game keeps at most {most} variations: delete one first.",
                    "変化図は{most}個までです。先にどれかを削除してください。"
                )
            }
        }
    }

    /// The reason the rules give, in words.
    pub fn reason(self, reason: IllegalReason) -> &'static str {
        match reason {
            IllegalReason::GameOver => self.pick("the game is over", "対局は終わっています"),
            IllegalReason::OffBoard => self.pick("not a point of this board", "盤の外です"),
            IllegalReason::Occupied => self.pick("the point is occupied", "すでに石があります"),
            IllegalReason::NoFlip => self.pick("it flips no disc", "裏返せる石がありません"),
            IllegalReason::MustPass => self.pick(
                "no disc can be placed, so the only move is to pass",
                "打てる場所がないのでパスです",
            ),
            IllegalReason::CannotPass => self.pick(
                "passing is allowed only when no disc can be placed",
                "打てる場所があるときはパスできません",
            ),
            IllegalReason::Suicide => self.pick("suicide is not allowed", "自殺手は打てません"),
            IllegalReason::Ko => self.pick(
                "the ko cannot be retaken at once",
                "コウはすぐには取り返せません",
            ),
            IllegalReason::Superko => self.pick(
                "it repeats an earlier position (superko)",
                "以前と同じ局面になります（スーパーコウ）",
            ),
        }
    }

    fn setup_error(self, error: &SetupError) -> String {
        match error {
            SetupError::Shape(e) => self.shape_error(e),
            SetupError::Komi(_) => say!(
                self,
                "the komi is a whole or half number of points, like 6.5 or 7",
                "コミは 6.5 や 7 のように整数か半目で入力してください"
            ),
            SetupError::Go(e) => self.go_setup_error(e),
            SetupError::Handicap(e) => self.handicap_error(e),
        }
    }

    fn shape_error(self, error: &ShapeError) -> String {
        let (min, max) = (othello::MIN_SIZE, othello::MAX_SIZE);
        match error {
            ShapeError::Size(n) => say!(
                self,
                "a board of side {n} is not supported: use an even side from {min} to {max}",
                "{n}×{n} の盤は使えません（{min}〜{max} の偶数）"
            ),
            ShapeError::RowLength { row, len } => say!(
                self,
                "row {row} has {len} squares, but the board is square",
                "{row}行目のマスが {len} 個で、盤が正方形になりません"
            ),
            ShapeError::Char { row, col, found } => say!(
                self,
                "row {row}, column {col}: '{found}' is neither '.' (square) nor '#' (hole)",
                "{row}行{col}列: 「{found}」は「.」（マス）でも「#」（穴）でもありません"
            ),
            ShapeError::CentreMissing(sq) => say!(
                self,
                "the centre square {sq} must be playable: the game starts there",
                "中央のマス {sq} は穴にできません（初期配置の場所です）"
            ),
            ShapeError::UnknownName(name) => say!(
                self,
                "no board is called \"{name}\"",
                "「{name}」という盤はありません"
            ),
        }
    }

    fn go_setup_error(self, error: &go::SetupError) -> String {
        let (min, max) = (go::MIN_SIZE, go::MAX_SIZE);
        match error {
            go::SetupError::Size(n) => say!(
                self,
                "a {n}×{n} board is not supported: use a side from {min} to {max}",
                "{n}路の盤は使えません（{min}〜{max}路）"
            ),
            go::SetupError::OffBoard(p) => say!(
                self,
                "{p} is not a point of this board",
                "{p} はこの盤の外です"
            ),
            go::SetupError::Overlap(p) => say!(self, "two stones on {p}", "{p} に石が二つあります"),
            go::SetupError::NoLiberties(p) => say!(
                self,
                "the chain at {p} has no liberties",
                "{p} の石にダメがありません"
            ),
        }
    }

    fn handicap_error(self, error: &HandicapError) -> String {
        match error {
            HandicapError::Count { stones, size } => {
                let max = go::handicap::max_fixed_handicap(*size);
                if max < 2 {
                    say!(
                        self,
                        "a {size}×{size} board takes no handicap stones",
                        "{size}路の盤には置き石を置けません"
                    )
                } else {
                    say!(
                        self,
                        "{stones} handicap stones: a {size}×{size} board takes 2 to {max}",
                        "置き石 {stones} 子: {size}路の盤は 2〜{max} 子です"
                    )
                }
            }
            HandicapError::BadPoint(p) => say!(
                self,
                "the handicap point {p} is off the board or given twice",
                "置き石の点 {p} が盤の外か重複しています"
            ),
            HandicapError::NotEmpty => say!(
                self,
                "handicap stones go on an empty board",
                "置き石は空の盤にしか置けません"
            ),
        }
    }

    fn import_error(self, error: &ImportError) -> String {
        match error {
            ImportError::Empty => {
                say!(self, "there is nothing to import", "何も入力されていません")
            }
            ImportError::File => say!(self, "the file cannot be read", "ファイルを読み込めません"),
            ImportError::Sgf(e) => self.record_error(e),
            ImportError::SgfSetup => say!(
                self,
                "this SGF sets up stones other than a fixed handicap; Ishi replays only games \
                 that start from an empty board or a fixed handicap",
                "この SGF には置き石以外の配置があります。空の盤か置き石から始まる対局だけを再生できます"
            ),
            ImportError::NotAlternating { number, player } => {
                let player = self.colour(*player);
                say!(
                    self,
                    "move {number}: {player} plays twice in a row; Ishi replays only alternating games",
                    "{number}手目: {player}が続けて打っています。交互に打つ対局だけを再生できます"
                )
            }
            ImportError::Board(e) => self.board_string_error(e),
            ImportError::Transcript(e) => self.transcript_error(e),
            ImportError::Setup(e) => self.setup_error(e),
            ImportError::Move { number, refusal } => {
                let why = self.refusal(refusal);
                say!(self, "move {number}: {why}", "{number}手目: {why}")
            }
            ImportError::Variation { position, error } => {
                let why = match error {
                    VariationImportError::NotAlternating(player) => {
                        let player = self.colour(*player);
                        say!(
                            self,
                            "a variation has {player} play out of turn",
                            "変化図で{player}が手番でないのに打っています"
                        )
                    }
                    VariationImportError::Refused(r) => {
                        let why = self.refusal(r);
                        say!(self, "a variation's move: {why}", "変化図の手: {why}")
                    }
                };
                match position {
                    Some(at) => {
                        let (line, column) = (at.line, at.column);
                        say!(
                            self,
                            "line {line}, column {column}: {why}",
                            "{line}行{column}列: {why}"
                        )
                    }
                    None => why,
                }
            }
        }
    }

    fn record_error(self, error: &RecordError) -> String {
        let kind = self.record_error_kind(&error.kind);
        match error.position {
            Some(at) => {
                let (line, column) = (at.line, at.column);
                say!(
                    self,
                    "line {line}, column {column}: {kind}",
                    "{line}行{column}列: {kind}"
                )
            }
            None => kind,
        }
    }

    fn record_error_kind(self, kind: &RecordErrorKind) -> String {
        match kind {
            RecordErrorKind::Syntax(kind) => self.sgf_error_kind(kind),
            RecordErrorKind::Empty => say!(
                self,
                "no game to read: the record has no node",
                "対局がありません（ノードがない棋譜です）"
            ),
            RecordErrorKind::NotGo(game) => say!(
                self,
                "GM[{game}] is not a Go record: only GM[1] games are read",
                "GM[{game}] は囲碁の棋譜ではありません（GM[1] のみ読めます）"
            ),
            RecordErrorKind::BadValue {
                id,
                value,
                expected,
            } => {
                let expected = self.expected(*expected);
                say!(
                    self,
                    "{id}[{value}] is not {expected}",
                    "{id}[{value}] は{expected}ではありません"
                )
            }
            RecordErrorKind::Point { id, value, size } => say!(
                self,
                "{id}[{value}] is not a point of a {size}×{size} board",
                "{id}[{value}] は{size}路の盤の点ではありません"
            ),
            RecordErrorKind::ValueCount { id, count } => say!(
                self,
                "{id} takes one value, not {count}",
                "{id} の値は一つです（{count} 個あります）"
            ),
            RecordErrorKind::Duplicate(id) => {
                say!(self, "{id} is given twice", "{id} が二回あります")
            }
            RecordErrorKind::TwoMoves => say!(
                self,
                "a node with two moves: one B or W per node",
                "一つのノードに二手あります（B か W は一つずつ）"
            ),
            RecordErrorKind::SetupAfterMoves(id) => say!(
                self,
                "{id} after the first move: setup in the middle of a game is not supported",
                "初手のあとに {id} があります（対局途中の配置には対応していません）"
            ),
            RecordErrorKind::Handicap(e) => self.handicap_error(e),
            RecordErrorKind::Setup(e) => {
                let why = self.go_setup_error(e);
                say!(
                    self,
                    "the setup stones are not a position: {why}",
                    "配置された石が局面になっていません: {why}"
                )
            }
            RecordErrorKind::Illegal {
                number,
                player,
                mv,
                reason,
            } => {
                let player = self.colour(*player);
                let mv = self.go_move(*mv);
                let why = self.reason(*reason);
                say!(
                    self,
                    "move {number} ({player} {mv}) is illegal: {why}",
                    "{number}手目（{player} {mv}）は反則です: {why}"
                )
            }
        }
    }

    fn go_move(self, mv: go::Move) -> String {
        match mv {
            Move::Place(p) => p.to_string(),
            Move::Pass => self.pick("pass", "パス").to_owned(),
        }
    }

    fn expected(self, expected: Expected) -> &'static str {
        match expected {
            Expected::SgfVersion => self.pick("an SGF version from 1 to 4", "SGF の版（1〜4）"),
            Expected::SquareBoard => self.pick(
                "a square board: rectangular boards are not supported",
                "正方形の盤（長方形の盤には対応していません）",
            ),
            Expected::BoardSize => self.pick("a board size from 5 to 19", "5〜19 の盤の大きさ"),
            Expected::SizeNumber => self.pick("a board size like 19", "19 のような盤の大きさ"),
            Expected::Komi => self.pick(
                "a komi in whole or half points, like 6.5",
                "6.5 のような整数か半目のコミ",
            ),
            Expected::HandicapStones => self.pick("a number of handicap stones", "置き石の数"),
            Expected::Player => self.pick("a player, B or W", "手番（B か W）"),
        }
    }

    fn sgf_error_kind(self, kind: &SgfErrorKind) -> String {
        match kind {
            SgfErrorKind::Empty => say!(
                self,
                "no game tree: SGF starts with \"(;\"",
                "ゲームツリーがありません（SGF は「(;」で始まります）"
            ),
            SgfErrorKind::ExpectedTree(found) => {
                let found = self.found(*found);
                say!(
                    self,
                    "expected '(' to start a game tree, found {found}",
                    "ゲームツリーの始まりの「(」がなく、{found}があります"
                )
            }
            SgfErrorKind::ExpectedNode(found) => {
                let found = self.found(*found);
                say!(
                    self,
                    "expected ';' to start the game tree's first node, found {found}",
                    "最初のノードの始まりの「;」がなく、{found}があります"
                )
            }
            SgfErrorKind::Unexpected(found) => {
                let found = self.found(*found);
                say!(
                    self,
                    "expected a property, ';', '(' or ')', found {found}",
                    "プロパティか「;」「(」「)」があるべきところに{found}があります"
                )
            }
            SgfErrorKind::Name(name) => say!(
                self,
                "property name \"{name}\" has no uppercase letter",
                "プロパティ名「{name}」に大文字がありません"
            ),
            SgfErrorKind::MissingValue(id) => say!(
                self,
                "property {id} has no value: expected '['",
                "プロパティ {id} に値がありません（「[」がありません）"
            ),
            SgfErrorKind::UnclosedValue(id) => say!(
                self,
                "a value of {id} is never closed: ']' is missing",
                "{id} の値が閉じていません（「]」がありません）"
            ),
            SgfErrorKind::UnclosedTree => say!(
                self,
                "this game tree is never closed: ')' is missing",
                "ゲームツリーが閉じていません（「)」がありません）"
            ),
            SgfErrorKind::NodeAfterVariations => say!(
                self,
                "a node after the variations of its game tree",
                "変化図のあとにノードがあります"
            ),
            SgfErrorKind::TooDeep => {
                let max = ishi_records::sgf::MAX_DEPTH;
                say!(
                    self,
                    "variations nested more than {max} deep",
                    "変化図の入れ子が {max} 段を超えています"
                )
            }
            SgfErrorKind::Charset(name) => say!(
                self,
                "charset \"{name}\" is not supported: use UTF-8 or ISO-8859-1 (Latin-1)",
                "文字コード「{name}」には対応していません（UTF-8 か ISO-8859-1）"
            ),
            SgfErrorKind::Utf8(id) => say!(
                self,
                "a value of {id} is not UTF-8; a Latin-1 file says CA[ISO-8859-1]",
                "{id} の値が UTF-8 ではありません（Latin-1 のファイルには CA[ISO-8859-1] が必要です）"
            ),
        }
    }

    fn found(self, found: Found) -> String {
        match found {
            Found::End => say!(self, "the end of the text", "テキストの終わり"),
            Found::Char(c) => say!(self, "'{c}'", "「{c}」"),
            Found::Byte(b) => say!(self, "byte {b:#04x}", "バイト {b:#04x}"),
        }
    }

    fn board_string_error(self, error: &BoardStringError) -> String {
        let at = error.offset + 1;
        let why = match &error.kind {
            BoardStringErrorKind::BadChar(c) => say!(
                self,
                "'{c}' is not a square ('X' black, 'O' white, '-' empty, '#' hole)",
                "「{c}」はマスではありません（X 黒、O 白、- 空き、# 穴）"
            ),
            BoardStringErrorKind::SquareCount(n) => say!(
                self,
                "{n} squares before the side to move; a board has 16, 36, 64 or 100",
                "手番の前のマスが {n} 個です（盤は 16、36、64、100 マス）"
            ),
            BoardStringErrorKind::MissingSide => say!(
                self,
                "the side to move ('X' or 'O') is missing",
                "手番（X か O）がありません"
            ),
            BoardStringErrorKind::Shape(e) => self.shape_error(e),
            BoardStringErrorKind::Setup(e) => self.othello_setup_error(e),
        };
        say!(
            self,
            "board string, character {at}: {why}",
            "盤面の文字列 {at} 文字目: {why}"
        )
    }

    fn othello_setup_error(self, error: &othello::SetupError) -> String {
        match error {
            othello::SetupError::OffBoard(sq) => say!(
                self,
                "{sq} is not a square of this board",
                "{sq} はこの盤のマスではありません"
            ),
            othello::SetupError::Overlap(sq) => {
                say!(self, "two discs on {sq}", "{sq} に石が二つあります")
            }
            othello::SetupError::NotStandard(shape) => say!(
                self,
                "the {shape} board is not the standard one",
                "{shape} の盤は標準の盤ではありません"
            ),
        }
    }

    fn transcript_error(self, error: &TranscriptError) -> String {
        let (number, at) = (error.move_number, error.offset + 1);
        let why = match &error.kind {
            TranscriptErrorKind::Malformed(text) => say!(
                self,
                "\"{text}\" is not a square like \"f5\"",
                "「{text}」は「f5」のようなマスではありません"
            ),
            TranscriptErrorKind::Illegal(mv, reason) => {
                let why = self.reason(*reason);
                say!(self, "{mv} is illegal: {why}", "{mv} は打てません: {why}")
            }
        };
        say!(
            self,
            "move {number} (character {at}): {why}",
            "{number}手目（{at} 文字目）: {why}"
        )
    }

    fn move_name_error(self, error: &MoveNameError) -> String {
        match error {
            MoveNameError::Malformed(text) => {
                say!(
                    self,
                    "\"{text}\" is not a move",
                    "「{text}」は着手ではありません"
                )
            }
            MoveNameError::OffBoard(text) => {
                say!(self, "{text} is off the board", "{text} は盤の外です")
            }
        }
    }

    fn load_error(self, error: &LoadError) -> String {
        match error {
            LoadError::Damaged { line, column } => say!(
                self,
                "the saved data is damaged (line {line}, column {column})",
                "保存データが壊れています（{line}行{column}列）"
            ),
            LoadError::Version { found } => {
                let reads = crate::saved::VERSION;
                say!(
                    self,
                    "it was saved by another version of Ishi (format {found}; this one reads {reads})",
                    "別の版の Ishi で保存されています（形式 {found}、この版は形式 {reads}）"
                )
            }
            LoadError::Match(e) => self.match_load_error(e),
            LoadError::V1(e) => self.v1_error(e),
        }
    }

    fn match_load_error(self, error: &MatchLoadError) -> String {
        match error {
            MatchLoadError::Setup(e) => self.setup_error(e),
            MatchLoadError::Event { number, error } => {
                let why = match error {
                    EventError::Move(e) => self.move_name_error(e),
                    EventError::Refused(r) => self.refusal(r),
                    EventError::CountInOthello => say!(
                        self,
                        "a count in an Othello game",
                        "オセロの対局に整地があります"
                    ),
                };
                say!(
                    self,
                    "step {number} of the game cannot be replayed: {why}",
                    "{number}番目の記録を再生できません: {why}"
                )
            }
            MatchLoadError::Cursor => say!(
                self,
                "the saved position is past the last move",
                "保存された局面が最後の手より先にあります"
            ),
            MatchLoadError::Variation { number, error } => {
                let why = match error {
                    VariationError::Parent => say!(
                        self,
                        "it leaves a line or a move that is not there",
                        "分岐元の手順または手がありません"
                    ),
                    VariationError::Duplicate => say!(
                        self,
                        "another line already plays its first move",
                        "最初の手は別の手順と同じです"
                    ),
                    VariationError::Move(e) => self.move_name_error(e),
                    VariationError::Refused(r) => self.refusal(r),
                    VariationError::Cursor => say!(
                        self,
                        "its position on screen is past its last move",
                        "表示する局面が最後の手より先にあります"
                    ),
                };
                say!(
                    self,
                    "variation {number} cannot be replayed: {why}",
                    "変化図{number}を再生できません: {why}"
                )
            }
        }
    }

    fn v1_error(self, error: &V1Error) -> String {
        match error {
            V1Error::UnknownGame(game) => {
                say!(
                    self,
                    "unknown game \"{game}\"",
                    "「{game}」という種目はありません"
                )
            }
            V1Error::Missing(field) => {
                let field = match field {
                    V1Field::Shape => self.pick("board", "盤"),
                    V1Field::Size => self.pick("board size", "盤の大きさ"),
                    V1Field::Rules => self.pick("rules", "ルール"),
                    V1Field::Komi => self.pick("komi", "コミ"),
                };
                say!(
                    self,
                    "the saved game has no {field}",
                    "保存された対局に{field}がありません"
                )
            }
            V1Error::Shape(e) => self.shape_error(e),
            V1Error::Board(e) => self.board_string_error(e),
            V1Error::Rules(_) => say!(
                self,
                "the saved rules are none of Japanese, Chinese and Tromp-Taylor",
                "保存されたルールが日本・中国・トロンプ=テイラーのどれでもありません"
            ),
            V1Error::Player(id) => say!(
                self,
                "the saved player \"{id}\" is neither a person nor a computer level",
                "保存された対局者「{id}」は人間でもコンピューターの強さでもありません"
            ),
            V1Error::Result(_) => say!(
                self,
                "a saved result is not one records write",
                "保存された結果が読めません"
            ),
            V1Error::WrongGame(kind) => {
                let game = self.game(*kind);
                say!(
                    self,
                    "the last {game} setup saved is for another game",
                    "保存された{game}の設定が別の種目のものです"
                )
            }
            V1Error::Version(found) => say!(
                self,
                "a game of format {found} in a save of format 1",
                "形式 1 の保存データに形式 {found} の対局があります"
            ),
        }
    }
}
