//! The words of online games: the set-up, the link, the list, the bar above the board.

use ishi_rules::Player;

use super::{ClockKind, Tr};
use crate::settings::Language;

impl Tr {
    fn say(self, en: String, ja: String) -> String {
        match self.0 {
            Language::English => en,
            Language::Japanese => ja,
        }
    }

    /// The opponent choice's label.
    pub fn opponent_label(self) -> &'static str {
        self.pick("Opponent", "対戦相手")
    }

    /// A game at this device.
    pub fn this_device(self) -> &'static str {
        self.pick("On this device", "この端末で")
    }

    /// A game with a friend online.
    pub fn play_friend(self) -> &'static str {
        self.pick("A friend online", "オンラインで友達と")
    }

    /// The creator's colour.
    pub fn your_colour(self) -> &'static str {
        self.pick("Your colour", "あなたの色")
    }

    /// A colour drawn by the server.
    pub fn random_colour(self) -> &'static str {
        self.pick("Random (nigiri)", "ランダム（ニギリ）")
    }

    /// A kind of clock.
    pub fn clock_kind(self, kind: ClockKind) -> &'static str {
        match kind {
            ClockKind::None => self.pick("No clock", "持ち時間なし"),
            ClockKind::Fischer => self.pick("Main time + increment", "持ち時間＋加算"),
            ClockKind::ByoYomi => self.pick("Main time + byo-yomi", "持ち時間＋秒読み"),
            ClockKind::Correspondence => self.pick("Days per move", "1手ごとの日数"),
        }
    }

    /// The button that creates the game and its link.
    pub fn create_link(self) -> &'static str {
        self.pick("Create link", "リンクを作る")
    }

    /// While nobody opened the link.
    pub fn waiting_friend(self) -> &'static str {
        self.pick(
            "Waiting for your friend to open the link.",
            "相手がリンクを開くのを待っています。",
        )
    }

    /// Opens the share sheet.
    pub fn share_link(self) -> &'static str {
        self.pick("Share link", "リンクを共有")
    }

    /// The link is being opened.
    pub fn connecting(self) -> &'static str {
        self.pick("Connecting to the game server…", "対局サーバーに接続中…")
    }

    /// The link dropped.
    pub fn reconnecting(self) -> &'static str {
        self.pick(
            "Connection lost. Reconnecting… your moves are kept.",
            "接続が切れました。再接続中…（着手は保持されます）",
        )
    }

    /// A move sent and not yet taken.
    pub fn sending(self) -> &'static str {
        self.pick("Sending your move…", "着手を送信中…")
    }

    /// A watcher's label.
    pub fn watching(self) -> &'static str {
        self.pick("Watching", "観戦中")
    }

    /// Marks the device's own player.
    pub fn you(self) -> &'static str {
        self.pick("you", "あなた")
    }

    /// The other player asks to take a move back.
    pub fn undo_asked(self, name: &str) -> String {
        self.say(
            format!("{name} asks to take back their last move."),
            format!("{name}さんが待ったを求めています。"),
        )
    }

    /// Accept an undo request.
    pub fn allow(self) -> &'static str {
        self.pick("Allow", "許可する")
    }

    /// Decline an undo request.
    pub fn decline(self) -> &'static str {
        self.pick("Decline", "断る")
    }

    /// The device's own undo request is waiting.
    pub fn undo_waiting(self) -> &'static str {
        self.pick(
            "Waiting for an answer to your undo request.",
            "待ったの返事を待っています。",
        )
    }

    /// Undo, online: a request.
    pub fn ask_undo(self) -> &'static str {
        self.pick("Ask to undo", "待ったを頼む")
    }

    /// Go count, online: disagree and play on.
    pub fn resume_play(self) -> &'static str {
        self.pick("Resume play", "対局を再開")
    }

    /// Go count, online: the other accepted.
    pub fn count_accepted_by(self, name: &str) -> String {
        self.say(
            format!("{name} accepted the count."),
            format!("{name}さんが整地を承認しました。"),
        )
    }

    /// Go count, online: waiting for the other.
    pub fn count_waiting(self) -> &'static str {
        self.pick(
            "You accepted; waiting for your friend.",
            "承認しました。相手を待っています。",
        )
    }

    /// Back to the local games.
    pub fn leave_online(self) -> &'static str {
        self.pick("Local games", "ローカル対局へ")
    }

    /// The share sheet's title.
    pub fn invite(self) -> &'static str {
        self.pick("Invite a friend", "友達を招待")
    }

    /// What the link does.
    pub fn invite_text(self) -> &'static str {
        self.pick(
            "Send this link. The first person to open it plays you; anyone after watches.",
            "このリンクを送ってください。最初に開いた人が対戦相手になり、その後の人は観戦します。",
        )
    }

    /// The system's share sheet.
    pub fn share(self) -> &'static str {
        self.pick("Share…", "共有…")
    }

    /// The QR code's caption.
    pub fn scan(self) -> &'static str {
        self.pick(
            "Or scan this code with the other phone's camera.",
            "または、もう一台のスマートフォンのカメラでこのコードを読み取ってください。",
        )
    }

    /// The list's title and its button.
    pub fn online_games(self) -> &'static str {
        self.pick("Online games", "オンライン対局")
    }

    /// An empty list.
    pub fn no_online_games(self) -> &'static str {
        self.pick(
            "No online games on this device yet: New game, then “A friend online”.",
            "この端末のオンライン対局はまだありません。「新規対局」から「オンラインで友達と」を選んでください。",
        )
    }

    /// A line's state: the device's turn.
    pub fn your_turn(self) -> &'static str {
        self.pick("Your turn", "あなたの番")
    }

    /// A line's state: the other's turn.
    pub fn their_turn(self, name: &str) -> String {
        self.say(format!("{name}'s turn"), format!("{name}さんの番"))
    }

    /// The time left for a move: "2 days left", "5 h left", "12 min left", "40 s left"
    /// (rounded down; nothing below zero).
    pub fn time_left(self, ms: i64) -> String {
        let s = ms.max(0) / 1000;
        let (n, unit) = if s >= 2 * 86_400 {
            (s / 86_400, 0)
        } else if s >= 3_600 {
            (s / 3_600, 1)
        } else if s >= 60 {
            (s / 60, 2)
        } else {
            (s, 3)
        };
        match self.0 {
            Language::English => {
                let unit = ["days", "h", "min", "s"][unit];
                format!("{n} {unit} left")
            }
            Language::Japanese => {
                let unit = ["日", "時間", "分", "秒"][unit];
                format!("残り{n}{unit}")
            }
        }
    }

    /// A line's state: nobody opened the link yet.
    pub fn waiting_line(self) -> &'static str {
        self.pick("Waiting for a friend", "相手を待っています")
    }

    /// A line's state: counting.
    pub fn counting_line(self) -> &'static str {
        self.pick("Counting", "整地中")
    }

    /// "vs Bo".
    pub fn versus(self, name: &str) -> String {
        self.say(format!("vs {name}"), format!("対 {name}"))
    }

    /// Open a pasted link.
    pub fn open_link(self) -> &'static str {
        self.pick("Open a link", "リンクを開く")
    }

    /// The link field's hint.
    pub fn link_hint(self) -> &'static str {
        self.pick("Paste a game link", "対局リンクを貼り付け")
    }

    /// A pasted text that is no game link.
    pub fn not_a_link(self) -> &'static str {
        self.pick("That is not a game link.", "対局リンクではありません。")
    }

    /// The clock's time left: `5:03`, `1:02:03`, `2d 3h`, with byo-yomi periods.
    pub fn clock_left(self, ms: i64, periods: Option<(u32, u32)>) -> String {
        let s = (ms.max(0) + 999) / 1000;
        let main = if s >= 86_400 {
            self.say(
                format!("{}d {}h", s / 86_400, s % 86_400 / 3600),
                format!("{}日{}時間", s / 86_400, s % 86_400 / 3600),
            )
        } else if s >= 3600 {
            format!("{}:{:02}:{:02}", s / 3600, s % 3600 / 60, s % 60)
        } else {
            format!("{}:{:02}", s / 60, s % 60)
        };
        match periods {
            Some((n, len)) => format!("{main} + {n}×{len}s"),
            None => main,
        }
    }

    /// A player and their name: "Black: Ann".
    pub fn seat_name(self, player: Player, name: &str) -> String {
        format!("{}: {name}", self.player(player))
    }
}
