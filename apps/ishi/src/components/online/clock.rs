//! A player's clock, counting down between the server's views.

use dioxus::prelude::*;
use ishi_online::protocol::ClockView;
use ishi_rules::Player;

use crate::i18n::Tr;
use crate::js;
use crate::net::now_ms;

/// What `player` has left at the device's time `now` (ms): the server's figure at the start
/// of the turn, less the turn's time so far, measured from when the view left the server
/// (it came half a round trip later).
fn left_ms(clock: &ClockView, player: Player, received: f64, rtt: f64, now: f64) -> i64 {
    let left = clock.left[player];
    if clock.running != Some(player) {
        return left.main_ms;
    }
    let since_sent = (now - received + rtt / 2.0).max(0.0) as i64;
    left.main_ms - clock.elapsed_ms - since_sent
}

/// `player`'s clock, ticking while it runs.
#[component]
pub fn Clock(
    player: Player,
    clock: ClockView,
    received: f64,
    rtt: f64,
    period_s: Option<u32>,
    tr: Tr,
) -> Element {
    let mut now = use_signal(now_ms);
    let running = clock.running == Some(player);
    use_future(move || async move {
        loop {
            js::sleep(250).await;
            now.set(now_ms());
        }
    });
    let left = clock.left[player];
    let ms = left_ms(&clock, player, received, rtt, now());
    let text = match period_s {
        // Main time gone: the period under way counts down, and the periods left are shown.
        Some(len) if ms < 0 || left.main_ms <= 0 => {
            let period = i64::from(len.max(1)) * 1000;
            let over = (-ms).max(0);
            let spent = u32::try_from(over / period).unwrap_or(u32::MAX);
            let periods = left.periods.saturating_sub(spent);
            tr.clock_left(period - over % period, Some((periods, len)))
        }
        Some(len) => tr.clock_left(ms, Some((left.periods, len))),
        None => tr.clock_left(ms, None),
    };
    rsx! {
        span {
            class: "clock",
            "data-running": if running { "true" },
            "data-low": if running && ms < 10_000 && period_s.is_none() { "true" },
            "{text}"
        }
    }
}
