//! The words of playing online with others ([`crate::club`]): the account, the lobby, the
//! games to watch, profiles, chat, rematch and the notice of a move that waits.

use ishi_online::TimeControl;
use ishi_online::rated::{Pool, RatingClass};

use super::Tr;
use crate::settings::Language;

/// A sentence in the language of `$tr`, formatted.
macro_rules! say {
    ($tr:expr, $en:literal, $ja:literal) => {
        match $tr.0 {
            Language::English => format!($en),
            Language::Japanese => format!($ja),
        }
    };
}

impl Tr {
    /// The club's sheet, and the button that opens it.
    pub fn play_online(self) -> &'static str {
        self.pick("Play online", "オンライン対局")
    }

    /// The club's tab of challenges and quick pairing.
    pub fn lobby_tab(self) -> &'static str {
        self.pick("Lobby", "ロビー")
    }

    /// The club's tab of games to watch.
    pub fn watch_tab(self) -> &'static str {
        self.pick("Watch", "観戦")
    }

    /// The club's tab of profiles.
    pub fn profile_tab(self) -> &'static str {
        self.pick("Profile", "プロフィール")
    }

    /// The club's tab of the account.
    pub fn account_tab(self) -> &'static str {
        self.pick("Account", "アカウント")
    }

    /// The password field.
    pub fn password(self) -> &'static str {
        self.pick("Password", "パスワード")
    }

    /// The new password's field.
    pub fn new_password(self) -> &'static str {
        self.pick("New password", "新しいパスワード")
    }

    /// Log in.
    pub fn log_in(self) -> &'static str {
        self.pick("Log in", "ログイン")
    }

    /// Register.
    pub fn register(self) -> &'static str {
        self.pick("Register", "登録")
    }

    /// Log out.
    pub fn log_out(self) -> &'static str {
        self.pick("Log out", "ログアウト")
    }

    /// Who is logged in.
    pub fn logged_in_as(self, name: &str) -> String {
        say!(
            self,
            "Logged in as {name}.",
            "{name} としてログインしています。"
        )
    }

    /// What an account is for, and what registering does with the guest's games.
    pub fn account_note(self) -> &'static str {
        self.pick(
            "An account lets you post and accept challenges, play rated games and keep a \
             rating. Without one you can still play a friend by link. Registering here moves \
             this device's games to the account.",
            "アカウントがあれば対局の募集・応募、レーティング対局ができ、レーティングが記録されます。\
             アカウントなしでもリンクで友達と対局できます。ここで登録すると、この端末の対局がアカウントに移ります。",
        )
    }

    /// Change the password.
    pub fn change_password(self) -> &'static str {
        self.pick("Change password", "パスワードを変更")
    }

    /// Delete the account.
    pub fn delete_account(self) -> &'static str {
        self.pick("Delete account", "アカウントを削除")
    }

    /// What deleting keeps.
    pub fn delete_note(self) -> &'static str {
        self.pick(
            "Type your password to delete the account. Your games stay, shown as a deleted player.",
            "削除するにはパスワードを入力してください。対局は残り、削除済みのプレイヤーとして表示されます。",
        )
    }

    /// The password was changed.
    pub fn password_changed(self) -> &'static str {
        self.pick(
            "Password changed; your other devices are logged out.",
            "パスワードを変更しました。ほかの端末はログアウトされました。",
        )
    }

    /// Games moved to the account.
    pub fn claimed(self, n: usize) -> String {
        match (n, self.0) {
            (1, Language::English) => "1 game of this device moved to your account.".to_owned(),
            _ => say!(
                self,
                "{n} games of this device moved to your account.",
                "この端末の対局 {n} 局をアカウントに移しました。"
            ),
        }
    }

    /// Sent, waiting for the server.
    pub fn waiting_server(self) -> &'static str {
        self.pick("Waiting for the server…", "サーバーの応答を待っています…")
    }

    /// Quick pairing's heading.
    pub fn quick_pairing(self) -> &'static str {
        self.pick("Quick pairing", "クイック対局")
    }

    /// A pool's name: "Othello 3+2".
    pub fn pool(self, pool: Pool) -> String {
        let (setup, time) = pool.game();
        format!("{} · {}", self.setup_text(&setup), self.clock_text(time))
    }

    /// Seeking in a pool.
    pub fn seeking(self, pool: Pool) -> String {
        let pool = self.pool(pool);
        say!(
            self,
            "Looking for an opponent: {pool}. The rating range widens while you wait.",
            "対戦相手を探しています：{pool}。待つほどレーティングの幅が広がります。"
        )
    }

    /// The open challenges' heading.
    pub fn open_challenges(self) -> &'static str {
        self.pick("Open challenges", "募集中の対局")
    }

    /// No challenge is open.
    pub fn no_challenges(self) -> &'static str {
        self.pick(
            "No open challenges: post one, or try quick pairing.",
            "募集中の対局はありません。募集するか、クイック対局を試してください。",
        )
    }

    /// Who plays which colour in a challenge: "Ann plays Black", "Colours by nigiri".
    pub fn creator_plays(self, name: &str, seat: ishi_online::SeatChoice) -> String {
        let colour = match seat {
            ishi_online::SeatChoice::Black => self.player(ishi_rules::Player::Black),
            ishi_online::SeatChoice::White => self.player(ishi_rules::Player::White),
            ishi_online::SeatChoice::Random => {
                return self.pick("Colours by nigiri", "手番はニギリで").to_owned();
            }
        };
        say!(self, "{name} plays {colour}", "{name}さんが{colour}")
    }

    /// How a game ended for the player: won, lost, drawn (`None`: not over, or void).
    pub fn outcome(self, won: Option<bool>) -> &'static str {
        match won {
            Some(true) => self.pick("won", "勝ち"),
            Some(false) => self.pick("lost", "負け"),
            None => self.pick("drawn", "引き分け"),
        }
    }

    /// Accept a challenge.
    pub fn accept_challenge(self) -> &'static str {
        self.pick("Accept", "受ける")
    }

    /// Withdraw one's challenge or seek.
    pub fn withdraw(self) -> &'static str {
        self.pick("Withdraw", "取り下げる")
    }

    /// The new challenge's heading and button.
    pub fn new_challenge(self) -> &'static str {
        self.pick("Post a challenge", "対局を募集する")
    }

    /// A rated game.
    pub fn rated(self) -> &'static str {
        self.pick("Rated", "レーティング")
    }

    /// A rated game whose result changed no rating (aborted: a side never moved).
    pub fn not_counted(self) -> &'static str {
        self.pick("Rated, not counted", "レーティング対象外（中断）")
    }

    /// A casual game.
    pub fn casual(self) -> &'static str {
        self.pick("Casual", "練習")
    }

    /// The lobby needs an account.
    pub fn log_in_to_play(self) -> &'static str {
        self.pick(
            "Log in or register (Account) to post and accept challenges.",
            "対局の募集・応募にはログインか登録が必要です（アカウント）。",
        )
    }

    /// The watchers' chat needs an account.
    pub fn log_in_to_chat(self) -> &'static str {
        self.pick(
            "Log in (⋯ → Play online → Account) to write in the watchers' chat.",
            "観戦者チャットに書くにはログインしてください（⋯ → オンライン対局 → アカウント）。",
        )
    }

    /// A board: "Othello 8×8", "Go 19×19".
    pub fn setup_text(self, setup: &ishi_online::GameSetup) -> String {
        match setup {
            ishi_online::GameSetup::Othello { board } => {
                format!("{} {board}", self.game(crate::model::GameKind::Othello))
            }
            ishi_online::GameSetup::Go { size, handicap, .. } => {
                let go = self.game(crate::model::GameKind::Go);
                if *handicap > 0 {
                    say!(
                        self,
                        "{go} {size}×{size}, {handicap} stones",
                        "{go} {size}路 {handicap}子局"
                    )
                } else {
                    say!(self, "{go} {size}×{size}", "{go} {size}路")
                }
            }
        }
    }

    /// A clock, short: "3+2", "20 min + 5×30 s", "3 days a move".
    pub fn clock_text(self, time: TimeControl) -> String {
        match time {
            TimeControl::None => self.pick("No clock", "時間制限なし").to_owned(),
            TimeControl::Fischer {
                main_s,
                increment_s,
            } => format!("{}+{increment_s}", minutes(main_s)),
            TimeControl::ByoYomi {
                main_s,
                periods,
                period_s,
            } => {
                let main = minutes(main_s);
                say!(
                    self,
                    "{main} min + {periods}×{period_s} s",
                    "{main}分＋秒読み{period_s}秒×{periods}"
                )
            }
            TimeControl::Correspondence { days } => match days {
                1 => self.pick("1 day a move", "1手1日").to_owned(),
                _ => say!(self, "{days} days a move", "1手{days}日"),
            },
        }
    }

    /// A rating: "1500", "1500?" while provisional.
    pub fn rating_text(self, rating: f64, provisional: bool) -> String {
        format!(
            "{}{}",
            rating.round() as i64,
            if provisional { "?" } else { "" }
        )
    }

    /// A rating class's name.
    pub fn class_name(self, class: RatingClass) -> String {
        let go = self.game(crate::model::GameKind::Go);
        match class {
            RatingClass::Othello => self.game(crate::model::GameKind::Othello).to_owned(),
            RatingClass::Go9 => self.setup_size(go, 9),
            RatingClass::Go13 => self.setup_size(go, 13),
            RatingClass::Go19 => self.setup_size(go, 19),
        }
    }

    fn setup_size(self, go: &str, size: usize) -> String {
        say!(self, "{go} {size}×{size}", "{go} {size}路")
    }

    /// Nobody plays now.
    pub fn nobody_playing(self) -> &'static str {
        self.pick(
            "Nobody is playing right now.",
            "いま対局中のゲームはありません。",
        )
    }

    /// Watch a game.
    pub fn watch(self) -> &'static str {
        self.pick("Watch", "観戦")
    }

    /// Refresh a list.
    pub fn refresh(self) -> &'static str {
        self.pick("Refresh", "更新")
    }

    /// A count of moves.
    pub fn moves_count(self, n: usize) -> String {
        say!(self, "{n} moves", "{n}手")
    }

    /// Two players: "Ann – Bo".
    pub fn pairing(self, black: Option<&str>, white: Option<&str>) -> String {
        let black = black.unwrap_or(self.player(ishi_rules::Player::Black));
        let white = white.unwrap_or(self.player(ishi_rules::Player::White));
        format!("{black} – {white}")
    }

    /// Show a player's profile.
    pub fn show_profile(self) -> &'static str {
        self.pick("Show", "表示")
    }

    /// A player's name to look up.
    pub fn player_name(self) -> &'static str {
        self.pick("Player", "プレイヤー")
    }

    /// A deleted account.
    pub fn deleted_player(self) -> &'static str {
        self.pick("(deleted account)", "（削除されたアカウント）")
    }

    /// No rated games.
    pub fn no_rated_games(self) -> &'static str {
        self.pick("No rated games yet.", "まだレーティング対局がありません。")
    }

    /// A class's results: "12 games: 7 won, 4 lost, 1 drawn".
    pub fn results(self, games: i64, won: i64, lost: i64, drawn: i64) -> String {
        say!(
            self,
            "{games} rated games: {won} won, {lost} lost, {drawn} drawn",
            "レーティング対局 {games}局：{won}勝 {lost}敗 {drawn}分"
        )
    }

    /// A rating with its deviation: "1500 ± 350, provisional".
    pub fn rating_line(self, rating: f64, deviation: f64, provisional: bool) -> String {
        let (r, d) = (rating.round() as i64, deviation.round() as i64);
        match (provisional, self.0) {
            (false, _) => format!("{r} ± {d}"),
            (true, Language::English) => format!("{r} ± {d}, provisional"),
            (true, Language::Japanese) => format!("{r} ± {d}（暫定）"),
        }
    }

    /// The graph of a rating's history, for screen readers.
    pub fn rating_graph(self, class: &str, from: f64, to: f64) -> String {
        let (from, to) = (from.round() as i64, to.round() as i64);
        say!(
            self,
            "{class} rating over the latest games, from {from} to {to}",
            "{class}のレーティングの推移：{from}から{to}"
        )
    }

    /// The recent games' heading.
    pub fn recent_online(self) -> &'static str {
        self.pick("Recent games", "最近の対局")
    }

    /// The chat's heading.
    pub fn chat(self) -> &'static str {
        self.pick("Chat", "チャット")
    }

    /// The watchers' chat's heading.
    pub fn watchers_chat(self) -> &'static str {
        self.pick("Watchers' chat", "観戦者チャット")
    }

    /// The chat's field.
    pub fn say_something(self) -> &'static str {
        self.pick("Say something", "メッセージ")
    }

    /// Send a chat line.
    pub fn send_chat(self) -> &'static str {
        self.pick("Send", "送信")
    }

    /// The switch that hides the opponent's chat.
    pub fn hide_chat(self) -> &'static str {
        self.pick("Hide opponent's chat", "相手のチャットを隠す")
    }

    /// Lines hidden.
    pub fn chat_hidden(self, n: usize) -> String {
        match (n, self.0) {
            (1, Language::English) => "1 line hidden".to_owned(),
            _ => say!(self, "{n} lines hidden", "{n}件を非表示"),
        }
    }

    /// Offer a rematch.
    pub fn rematch(self) -> &'static str {
        self.pick("Rematch", "再戦")
    }

    /// The other player offers a rematch.
    pub fn rematch_offered(self, name: &str) -> String {
        say!(
            self,
            "{name} offers a rematch, colours swapped.",
            "{name}さんが手番を入れ替えての再戦を申し込んでいます。"
        )
    }

    /// This device offered a rematch.
    pub fn rematch_waiting(self) -> &'static str {
        self.pick(
            "Rematch offered: waiting for the other player.",
            "再戦を申し込みました。相手を待っています。",
        )
    }

    /// The switch for the notices of a move that waits.
    pub fn notify_moves(self) -> &'static str {
        self.pick("Tell me when it is my move", "自分の番になったら知らせる")
    }

    /// The notices cannot be shown.
    pub fn notify_blocked(self) -> &'static str {
        self.pick(
            "Notifications are blocked or not available here.",
            "この環境では通知が許可されていないか使えません。",
        )
    }

    /// The notice's title.
    pub fn move_waits(self) -> &'static str {
        self.pick("Your move", "あなたの番です")
    }

    /// The notice's text.
    pub fn move_waits_body(self, opponent: Option<&str>) -> String {
        match opponent {
            Some(name) => say!(self, "{name} has played.", "{name}さんが打ちました。"),
            None => self
                .pick("Your opponent has played.", "相手が打ちました。")
                .to_owned(),
        }
    }
}

/// Seconds as minutes, with a fraction only when there is one: "3", "0.5".
fn minutes(seconds: u32) -> String {
    if seconds.is_multiple_of(60) {
        (seconds / 60).to_string()
    } else {
        format!("{:.1}", f64::from(seconds) / 60.0)
    }
}
