//! [`DisjointSets`]: union-find over the indices of a map's cells, the tables behind the grids'
//! and hex grids' connected components.

use crate::limits::{self, Refusal};

/// The parent of an index that is in no set (a wall).
const NONE: u32 = u32::MAX;

/// Union-find (by size, with path halving) over the indices `0..len`, each in at most one set:
/// an index starts in none, [`insert`](Self::insert) gives it a set of its own and
/// [`union`](Self::union) merges two sets. Sets only ever merge; to split one (a new wall), the
/// owner [`clear`](Self::clear)s the table and builds it again in the same arrays, so a rebuild
/// allocates nothing.
#[derive(Clone, Debug)]
pub(crate) struct DisjointSets {
    parent: Vec<u32>,
    size: Vec<u32>,
}

impl DisjointSets {
    /// Bytes per index: a parent and a size.
    pub const BYTES_PER_INDEX: u64 = 2 * std::mem::size_of::<u32>() as u64;

    /// `len` indices in no set; [`Refusal::OutOfMemory`] when the allocator refuses the arrays.
    pub fn new(len: usize) -> Result<Self, Refusal> {
        Ok(DisjointSets {
            parent: limits::try_filled(len, NONE)?,
            size: limits::try_filled(len, 0)?,
        })
    }

    /// How many indices the table covers.
    pub fn len(&self) -> usize {
        self.parent.len()
    }

    /// Takes every index out of its set, keeping the arrays.
    pub fn clear(&mut self) {
        self.parent.fill(NONE);
        self.size.fill(0);
    }

    /// Whether index `i` is in a set.
    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.parent[i] != NONE
    }

    /// Puts index `i` in a set of its own, unless it is in one already.
    pub fn insert(&mut self, i: usize) {
        if self.parent[i] == NONE {
            self.parent[i] = i as u32;
            self.size[i] = 1;
        }
    }

    /// Puts index `i`, in no set, into the set of `j`: [`insert`](Self::insert) and
    /// [`union`](Self::union) in one step, without the second search for a root.
    #[inline]
    pub fn insert_into(&mut self, i: usize, j: usize) {
        debug_assert!(!self.contains(i) && self.contains(j));
        let root = self.find_mut(j as u32);
        self.parent[i] = root;
        self.size[root as usize] += 1;
    }

    /// Merges the sets of `a` and `b`, both in a set; the bigger set's root stays the root, so
    /// trees stay shallow.
    pub fn union(&mut self, a: usize, b: usize) {
        debug_assert!(self.contains(a) && self.contains(b));
        let (ra, rb) = (self.find_mut(a as u32), self.find_mut(b as u32));
        if ra == rb {
            return;
        }
        let (big, small) = if self.size[ra as usize] >= self.size[rb as usize] {
            (ra, rb)
        } else {
            (rb, ra)
        };
        self.parent[small as usize] = big;
        self.size[big as usize] += self.size[small as usize];
    }

    /// Points every index straight at its root, so a later [`set_of`](Self::set_of) is one or
    /// two reads.
    pub fn flatten(&mut self) {
        for i in 0..self.parent.len() {
            if self.parent[i] != NONE {
                let root = self.find_mut(i as u32);
                self.parent[i] = root;
            }
        }
    }

    /// The root of index `i`'s set (the same number for every index of a set), or `None` when
    /// `i` is in no set. After [`flatten`](Self::flatten) that is one read and one compare.
    #[inline]
    pub fn set_of(&self, i: usize) -> Option<u32> {
        self.contains(i).then(|| {
            let mut i = i as u32;
            while self.parent[i as usize] != i {
                i = self.parent[i as usize];
            }
            i
        })
    }

    /// Whether `a` and `b` are both in a set, and in the same one.
    #[inline]
    pub fn same_set(&self, a: usize, b: usize) -> bool {
        match (self.set_of(a), self.set_of(b)) {
            (Some(x), Some(y)) => x == y,
            _ => false,
        }
    }

    /// `len` indices in no set, in the arrays of `recycled` when there are any (an earlier table
    /// over the same indices), so a rebuild allocates nothing; [`Refusal::OutOfMemory`] when
    /// there are none and the allocator refuses new ones.
    pub fn emptied_or_new(recycled: Option<Self>, len: usize) -> Result<Self, Refusal> {
        match recycled {
            Some(mut old) => {
                // The owners' maps never change size, so the earlier table covers as many indices.
                debug_assert_eq!(old.len(), len);
                old.clear();
                Ok(old)
            }
            None => Self::new(len),
        }
    }

    /// The root of `i`'s set, halving the path on the way.
    fn find_mut(&mut self, mut i: u32) -> u32 {
        while self.parent[i as usize] != i {
            let grand = self.parent[self.parent[i as usize] as usize];
            self.parent[i as usize] = grand;
            i = grand;
        }
        i
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The sets after random inserts and unions, against sets kept as plain labels (every
    /// union relabels one whole set), before and after flattening and after a clear.
    #[test]
    fn sets_are_the_unions_made() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = |bound: usize| {
            crate::test_random::xorshift(&mut seed);
            (seed % bound as u64) as usize
        };
        for len in [1, 2, 7, 40, 300] {
            let mut sets = DisjointSets::new(len).unwrap();
            assert_eq!(sets.len(), len);
            for round in 0..2 {
                let mut label: Vec<Option<usize>> = vec![None; len];
                for _ in 0..len * 2 {
                    let (a, b) = (next(len), next(len));
                    match next(3) {
                        0 => {
                            sets.insert(a);
                            label[a].get_or_insert(a);
                        }
                        _ if label[a].is_some() && label[b].is_some() => {
                            sets.union(a, b);
                            let (from, to) = (label[b], label[a]);
                            for l in label.iter_mut().filter(|l| **l == from) {
                                *l = to;
                            }
                        }
                        _ => {}
                    }
                }
                for flattened in [false, true] {
                    if flattened {
                        sets.flatten();
                    }
                    for i in 0..len {
                        assert_eq!(sets.contains(i), label[i].is_some(), "len {len}, index {i}");
                        for j in 0..len {
                            let same = label[i].is_some() && label[i] == label[j];
                            let found =
                                sets.set_of(i).is_some() && sets.set_of(i) == sets.set_of(j);
                            assert_eq!(found, same, "len {len}, round {round}, {i} and {j}");
                        }
                    }
                }
                sets.clear();
                assert!((0..len).all(|i| !sets.contains(i) && sets.set_of(i).is_none()));
            }
        }
    }

    /// Union by size: the bigger set's root stays the root whichever side of the union it is
    /// on, so no index is ever more than log2(len) steps from its root.
    #[test]
    fn the_bigger_sets_root_stays_the_root() {
        let len = 64;
        let mut sets = DisjointSets::new(len).unwrap();
        for i in 0..len {
            sets.insert(i);
        }
        sets.union(0, 1);
        let root = sets.set_of(0).unwrap();
        for i in 2..len {
            let (a, b) = if i % 2 == 0 { (i, 0) } else { (0, i) };
            sets.union(a, b);
            assert_eq!(sets.set_of(i), Some(root), "joining {i}");
            assert_eq!(sets.size[root as usize], i as u32 + 1);
        }
        let depth = |mut i: usize| {
            let mut steps = 0;
            while sets.parent[i] as usize != i {
                i = sets.parent[i] as usize;
                steps += 1;
            }
            steps
        };
        assert!((0..len).all(|i| depth(i) <= 6));
    }

    /// Flattening points every index at its root, so a lookup is one read.
    #[test]
    fn flattened_indices_point_at_their_roots() {
        let mut sets = DisjointSets::new(6).unwrap();
        for i in 0..6 {
            sets.insert(i);
        }
        for (a, b) in [(0, 1), (2, 3), (1, 3), (4, 5)] {
            sets.union(a, b);
        }
        sets.flatten();
        for i in 0..6 {
            let root = sets.set_of(i).unwrap();
            assert_eq!(sets.parent[i], root);
            assert_eq!(sets.parent[root as usize], root);
        }
        assert_eq!(sets.size[sets.set_of(0).unwrap() as usize], 4);
    }

    /// An earlier table comes back empty in its own arrays; without one, a new empty table.
    #[test]
    fn a_recycled_table_comes_back_empty_in_its_own_arrays() {
        let mut old = DisjointSets::new(5).unwrap();
        for i in 0..5 {
            old.insert(i);
        }
        old.union(0, 4);
        let arrays = (old.parent.as_ptr(), old.size.as_ptr());
        let sets = DisjointSets::emptied_or_new(Some(old), 5).unwrap();
        assert_eq!((sets.parent.as_ptr(), sets.size.as_ptr()), arrays);
        assert_eq!(sets.len(), 5);
        assert!((0..5).all(|i| !sets.contains(i) && sets.set_of(i).is_none()));
        assert_eq!(sets.size, [0; 5]);

        let fresh = DisjointSets::emptied_or_new(None, 3).unwrap();
        assert_eq!(fresh.len(), 3);
        assert!((0..3).all(|i| !fresh.contains(i)));
    }
}
