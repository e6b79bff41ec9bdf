//! The evaluation cache: the network's answers kept by a hash of its input.
//!
//! **The key** is a 64-bit hash of the features themselves, every plane and global value,
//! not of the position alone: two positions share an entry exactly when the network would
//! see the same input (the stones, the ko and superko bans, the last five moves, the ladders
//! of the boards before, the rules and komi, whether a pass ends the game), so a hit gives
//! the very answer an evaluation would. Computing the features before the lookup costs 1 to
//! 2 % of an evaluation (`cargo bench -p ishi-nn --bench nn`: 0.03 ms of 4 on 9x9, 0.18 of 9
//! on 19x19). The planes hold only 0s and 1s, so each point is one bit of the hash's input.
//!
//! **The table** has a fixed number of slots and a new answer replaces whatever held its
//! slot: memory is bounded and nothing is ever scanned.

use std::sync::Arc;

use ishi_nn::{Features, Output, SPATIAL_FEATURES};

/// Answers of the network, by [`key`].
#[derive(Clone, Debug, Default)]
pub(super) struct Cache {
    slots: Vec<Option<(u64, Arc<Output>)>>,
}

impl Cache {
    /// A cache of `entries` slots (none caches nothing).
    pub(super) fn new(entries: usize) -> Cache {
        Cache {
            slots: vec![None; entries],
        }
    }

    /// The answer kept for `key`, if any.
    pub(super) fn get(&self, key: u64) -> Option<Arc<Output>> {
        let slot = self.slots.get(self.index(key)?)?;
        slot.as_ref()
            .filter(|(k, _)| *k == key)
            .map(|(_, output)| output.clone())
    }

    /// Keeps `output` for `key`, in place of whatever held its slot.
    pub(super) fn put(&mut self, key: u64, output: Arc<Output>) {
        if let Some(index) = self.index(key) {
            self.slots[index] = Some((key, output));
        }
    }

    fn index(&self, key: u64) -> Option<usize> {
        (!self.slots.is_empty()).then(|| (key % self.slots.len() as u64) as usize)
    }
}

/// The hash of the network's whole input.
pub(super) fn key(features: &Features) -> u64 {
    let mut hash = mix(features.size() as u64);
    for plane in 0..SPATIAL_FEATURES {
        let mut word = 1u64;
        for &x in features.plane(plane) {
            word = word << 1 | u64::from(x != 0.0);
            if word >> 63 == 1 {
                hash = mix(hash ^ word);
                word = 1;
            }
        }
        hash = mix(hash ^ word);
    }
    for &value in features.global() {
        hash = mix(hash ^ u64::from(value.to_bits()));
    }
    hash
}

/// SplitMix64's finaliser: every input bit reaches every output bit.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ishi_rules::Game;
    use ishi_rules::go::{Go, GoRules, Move};

    #[test]
    fn keys_tell_apart_what_the_network_sees_and_only_that() {
        fn key_of(line: &[&Go]) -> u64 {
            key(&Features::new(line).unwrap())
        }
        let start = Go::new(9, GoRules::CHINESE).unwrap();
        let e5 = start.play(Move::Place("E5".parse().unwrap())).unwrap();
        let c3 = e5.play(Move::Place("C3".parse().unwrap())).unwrap();
        let c3_first = start.play(Move::Place("C3".parse().unwrap())).unwrap();
        assert_ne!(key_of(&[&start]), key_of(&[&e5]));
        // The same stones with and without the moves that led to them.
        assert_ne!(key_of(&[&start, &e5, &c3]), key_of(&[&c3]));
        assert_ne!(key_of(&[&start, &c3_first]), key_of(&[&c3_first]));
        // The rules and komi are inputs too.
        let japanese = Go::new(9, GoRules::JAPANESE).unwrap();
        assert_ne!(key_of(&[&start]), key_of(&[&japanese]));
        // The same input is the same key.
        let again = start.play(Move::Place("E5".parse().unwrap())).unwrap();
        assert_eq!(key_of(&[&start, &e5, &c3]), key_of(&[&start, &again, &c3]));
    }

    #[test]
    fn a_slot_holds_the_last_answer_put_in_it() {
        let go = Go::new(5, GoRules::CHINESE).unwrap();
        let features = Features::of_position(&go);
        let network =
            std::sync::Arc::new(ishi_nn::Network::from_bytes(ishi_nn::G170_B6C96).unwrap());
        let output = Arc::new(ishi_nn::Evaluator::new(network).evaluate(&features));
        let mut cache = Cache::new(4);
        let k = key(&features);
        assert!(cache.get(k).is_none());
        cache.put(k, output.clone());
        assert_eq!(cache.get(k).as_deref(), Some(&*output));
        // Another key of the same slot takes it over.
        cache.put(k + 4, output.clone());
        assert!(cache.get(k).is_none());
        assert!(cache.get(k + 4).is_some());
        // No slots, no caching.
        let mut none = Cache::new(0);
        none.put(k, output);
        assert!(none.get(k).is_none());
    }
}
