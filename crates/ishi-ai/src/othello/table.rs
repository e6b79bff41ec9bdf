//! The transposition table: bounds and best moves of searched positions, by position hash.
//!
//! Entries are 16 bytes, in buckets of two: the deeper entry stays, the other slot takes the
//! newest result. Entries of earlier searches are replaced first. Midgame entries (depth in
//! plies, scores in hundredths of a disc) and endgame entries (exact, scores in discs) live in
//! the same table under different keys.

/// No move stored.
pub(crate) const NO_MOVE: u8 = u8::MAX;

/// The default size: 4 MiB, small enough for a browser tab.
pub const DEFAULT_TABLE_BYTES: usize = 4 << 20;

#[derive(Copy, Clone, Default, Debug)]
struct Entry {
    key: u64,
    lower: i16,
    upper: i16,
    best: u8,
    depth: u8,
    age: u8,
}

/// What the table knows of a position.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Hit {
    pub(crate) lower: i32,
    pub(crate) upper: i32,
    pub(crate) best: u8,
    pub(crate) depth: u8,
}

/// A fixed-size hash table of search results.
#[derive(Clone, Debug)]
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    age: u8,
}

impl Table {
    /// A table of at most `bytes` bytes (at least two entries), rounded down to a power of two.
    pub(crate) fn with_bytes(bytes: usize) -> Table {
        let wanted = (bytes / size_of::<Entry>()).max(2);
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            wanted.next_power_of_two() / 2
        };
        Table {
            entries: vec![Entry::default(); len],
            mask: len - 2,
            age: 0,
        }
    }

    /// The size in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.entries.len() * size_of::<Entry>()
    }

    /// Marks the entries stored so far as old, to be replaced first.
    pub(crate) fn new_search(&mut self) {
        self.age = self.age.wrapping_add(1);
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(Entry::default());
    }

    #[inline(always)]
    fn bucket(&self, key: u64) -> usize {
        (key >> 20) as usize & self.mask
    }

    /// The entry of `key`, if stored.
    #[inline(always)]
    pub(crate) fn probe(&self, key: u64) -> Option<Hit> {
        let i = self.bucket(key);
        self.entries[i..i + 2]
            .iter()
            .find(|e| e.key == key && e.depth != 0)
            .map(|e| Hit {
                lower: i32::from(e.lower),
                upper: i32::from(e.upper),
                best: e.best,
                depth: e.depth,
            })
    }

    /// Stores the bounds `lower..=upper` of the position `key` searched to `depth` (at least 1),
    /// with its best move.
    #[inline(always)]
    pub(crate) fn store(&mut self, key: u64, depth: u8, lower: i32, upper: i32, best: u8) {
        let i = self.bucket(key);
        let age = self.age;
        let bucket = &mut self.entries[i..i + 2];
        let slot = if bucket[0].key == key || bucket[0].depth == 0 {
            0
        } else if bucket[1].key == key {
            1
        } else if bucket[0].age != age || depth >= bucket[0].depth {
            // Keep the old deep entry in the second slot rather than lose it.
            if bucket[0].age == age {
                bucket[1] = bucket[0];
            }
            0
        } else {
            1
        };
        let entry = &mut bucket[slot];
        let best = if best == NO_MOVE && entry.key == key {
            entry.best
        } else {
            best
        };
        *entry = Entry {
            key,
            lower: lower.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            upper: upper.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            best,
            depth,
            age,
        };
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_bounds_come_back_and_deep_entries_survive_a_collision() {
        let mut table = Table::with_bytes(1000);
        assert_eq!(table.bytes(), 32 * 16);
        let key = 0x1234_5678_9abc_def0;
        assert!(table.probe(key).is_none());
        table.store(key, 7, -3, 5, 12);
        let hit = table.probe(key).unwrap();
        assert_eq!((hit.lower, hit.upper, hit.best, hit.depth), (-3, 5, 12, 7));
        // Another key in the same bucket, shallower: both stay.
        let other = key ^ 1;
        table.store(other, 2, 0, 0, NO_MOVE);
        assert_eq!(table.probe(key).map(|h| h.depth), Some(7));
        assert_eq!(table.probe(other).map(|h| h.depth), Some(2));
        // A result without a move keeps the move known before.
        table.store(key, 8, 1, 1, NO_MOVE);
        assert_eq!(table.probe(key).map(|h| (h.best, h.depth)), Some((12, 8)));
        table.clear();
        assert!(table.probe(key).is_none());
    }
}
