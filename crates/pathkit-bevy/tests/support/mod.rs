//! What the oracles of the plugin's tests share.

/// An entry of a Dijkstra's open list: `BinaryHeap` pops the cheapest first, ties by the key.
#[derive(PartialEq)]
pub struct Cheapest<K>(pub f64, pub K);

impl<K: Ord> Eq for Cheapest<K> {}

impl<K: Ord> PartialOrd for Cheapest<K> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<K: Ord> Ord for Cheapest<K> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        other.0.total_cmp(&self.0).then(other.1.cmp(&self.1))
    }
}
