//! A directory over a list sorted by hash: for the high bits of a hash,
//! where its entries start. A lookup reads one bucket of a few entries
//! instead of binary-searching the whole list — a binary search of a list
//! of a million entries reads twenty places far apart in memory, and a
//! search that comes after other work finds none of them in the cache.

/// Entries per bucket, on average.
const PER_BUCKET: usize = 8;

/// Where the entries of each bucket of hashes start, in a list sorted by
/// hash (see the module documentation).
#[derive(Debug, Default)]
pub(super) struct Directory {
    /// How far a hash is shifted to its bucket.
    shift: u32,
    /// Per bucket, the index of its first entry; one more at the end.
    starts: Box<[u32]>,
}

impl Directory {
    /// The directory of a list whose entries' hashes, in order, are `hashes`.
    pub(super) fn new(hashes: impl ExactSizeIterator<Item = u64>) -> Directory {
        let len = hashes.len();
        let bits = (len / PER_BUCKET).max(1).next_power_of_two().trailing_zeros().clamp(1, 24);
        let shift = 64 - bits;
        let mut starts = vec![0u32; (1 << bits) + 1];
        for h in hashes {
            starts[(h >> shift) as usize + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        Directory { shift, starts: starts.into_boxed_slice() }
    }

    /// The range of the list where the entries of this hash can be.
    pub(super) fn bucket(&self, hash: u64) -> std::ops::Range<usize> {
        let Some(b) = hash.checked_shr(self.shift).map(|b| b as usize).filter(|&b| b + 1 < self.starts.len()) else {
            return 0..0;
        };
        self.starts[b] as usize..self.starts[b + 1] as usize
    }

    /// The entries of `list` (sorted by key, the key's hash being `hash`)
    /// whose key is `key`.
    pub(super) fn run<'a, K: Ord + Copy, V>(&self, list: &'a [(K, V)], hash: u64, key: K) -> &'a [(K, V)] {
        let bucket = &list[self.bucket(hash)];
        let from = bucket.partition_point(|(k, _)| *k < key);
        let len = bucket[from..].iter().take_while(|(k, _)| *k == key).count();
        &bucket[from..from + len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_entry_is_in_its_bucket() {
        let mut hashes: Vec<u64> = (0..10_000u64).map(|i| i.wrapping_mul(0x9E37_79B9_7F4A_7C15)).collect();
        hashes.sort_unstable();
        let d = Directory::new(hashes.iter().copied());
        for (i, &h) in hashes.iter().enumerate() {
            assert!(d.bucket(h).contains(&i), "{i}");
        }
        assert!(d.bucket(u64::MAX).end <= hashes.len());
        let list: Vec<(u64, usize)> = hashes.iter().copied().zip(0..).collect();
        assert_eq!(d.run(&list, hashes[42], hashes[42]), &[(hashes[42], 42)]);
        assert!(d.run(&list, 1, 1).is_empty());
        assert_eq!(Directory::default().bucket(7), 0..0);
        assert_eq!(Directory::new(std::iter::empty()).bucket(7), 0..0);
    }
}
