//! The moves' sounds and vibration, in the page's JavaScript (the same on the web and in the
//! desktop's webview): what to play is the state's decision ([`Feedback`], reported by
//! [`AppState::apply`](crate::state::AppState::apply)); this plays it.
//!
//! The sounds are synthesised with the Web Audio API, so no sound file makes the first visit
//! heavier: a Go stone is a band-passed noise burst over a low sine that falls and dies in
//! a tenth of a second, an Othello disc a lighter one, and each disc it flips a soft tick, a
//! few tens of milliseconds apart (spread over a quarter of a second at most, so that a big
//! flip is no long rattle); a Go pass is a soft falling tone. All are quiet (`VOLUME`).
//! Browsers start audio only after a gesture, so the audio context is made at the first
//! tap, click or key while sound is on (and woken there if the system suspended it). A
//! stone the person places vibrates for 12 ms where `navigator.vibrate` exists (phones);
//! elsewhere nothing happens. The script catches its own errors: feedback never breaks play.

use dioxus::prelude::*;

use crate::js;
use crate::settings::Settings;
use crate::state::{AppState, Feedback};

/// Installs `window.ishiFeedback` once (with its gesture listeners) and sets whether sound is
/// on (`sound` is `on` or empty): only then does a gesture make the audio context.
///
/// In the script (its words cost the first download, so they are here): browsers refuse a
/// vibration or a running audio context before the first gesture; `envelope` is `gain` at
/// `at`, falling to silence in `length` seconds; `burst` is noise through a band-pass filter
/// around `frequency` Hz, and `tone` a sine falling from `from` to `to` Hz (a knock's body).
const PLAYER: &str = r#"
if (!window.ishiFeedback) {
    const Context = window.AudioContext || window.webkitAudioContext;
    const VOLUME = 0.3;
    const player = { sound: false, context: null, noise: null };
    const activated = () => !navigator.userActivation || navigator.userActivation.hasBeenActive;
    const audio = () => {
        if (!player.sound || !Context) return null;
        if (!player.context) {
            if (!activated()) return null;
            const context = new Context();
            const length = Math.round(context.sampleRate * 0.05);
            const noise = context.createBuffer(1, length, context.sampleRate);
            const samples = noise.getChannelData(0);
            for (let i = 0; i < length; i++) samples[i] = Math.random() * 2 - 1;
            player.context = context;
            player.noise = noise;
        }
        if (player.context.state === "suspended") player.context.resume().catch(() => {});
        return player.context;
    };
    const wake = () => {
        try { audio(); } catch (e) {}
    };
    for (const type of ["pointerup", "touchend", "click", "keydown"]) {
        addEventListener(type, wake, { capture: true, passive: true });
    }
    const envelope = (context, at, gain, length) => {
        const node = context.createGain();
        node.gain.setValueAtTime(0.0001, at);
        node.gain.exponentialRampToValueAtTime(gain * VOLUME, at + 0.003);
        node.gain.exponentialRampToValueAtTime(0.0001, at + length);
        node.connect(context.destination);
        return node;
    };
    const burst = (context, at, frequency, gain, length) => {
        const source = context.createBufferSource();
        source.buffer = player.noise;
        const filter = context.createBiquadFilter();
        filter.type = "bandpass";
        filter.frequency.value = frequency;
        filter.Q.value = 1.5;
        source.connect(filter);
        filter.connect(envelope(context, at, gain, length));
        source.start(at);
        source.stop(at + length);
    };
    const tone = (context, at, from, to, gain, length) => {
        const oscillator = context.createOscillator();
        oscillator.frequency.setValueAtTime(from, at);
        oscillator.frequency.exponentialRampToValueAtTime(to, at + length);
        oscillator.connect(envelope(context, at, gain, length));
        oscillator.start(at);
        oscillator.stop(at + length);
    };
    player.play = (sound, flips, vibrate) => {
        try {
            if (vibrate && typeof navigator.vibrate === "function" && activated()) {
                navigator.vibrate(12);
            }
        } catch (e) {}
        try {
            const context = sound ? audio() : null;
            if (!context) return;
            const at = context.currentTime + 0.01;
            if (sound === "stone") {
                burst(context, at, 2200, 0.9, 0.04);
                tone(context, at, 260, 140, 0.7, 0.1);
            } else if (sound === "disc") {
                burst(context, at, 1400, 0.7, 0.03);
                tone(context, at, 440, 320, 0.35, 0.06);
                const gap = Math.min(0.04, 0.25 / Math.max(flips, 1));
                for (let i = 0; i < flips; i++) {
                    burst(context, at + 0.08 + i * gap, 3000 + 800 * Math.random(), 0.4, 0.02);
                }
            } else if (sound === "pass") {
                tone(context, at, 520, 390, 0.25, 0.18);
            }
        } catch (e) {}
    };
    window.ishiFeedback = player;
}
window.ishiFeedback.sound = sound === "on";
"#;

/// Keeps the page's player on the sound setting of `state`.
pub fn use_feedback(state: impl Readable<Target = AppState> + Copy + 'static) {
    let sound = use_memo(move || state.read().settings().sound);
    use_effect(move || {
        let on = if sound() { "on" } else { "" };
        js::run("sound", PLAYER, &[on]);
    });
}

/// Plays `feedback` as `settings` say (nothing if they turn both off). Must be called inside
/// the Dioxus runtime, as [`js::run`].
pub fn play(feedback: Feedback, settings: &Settings) {
    let cue = feedback.cue(settings);
    if cue.is_silent() {
        return;
    }
    let flips = cue.sound.map_or(0, |s| s.flips()).to_string();
    js::run(
        "sound, flips, vibrate",
        "window.ishiFeedback?.play(sound, Number(flips), vibrate === 'on');",
        &[
            cue.sound.map_or("", |s| s.name()),
            &flips,
            if cue.vibrate { "on" } else { "" },
        ],
    );
}
