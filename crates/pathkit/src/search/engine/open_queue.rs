//! [`OpenQueue`]: what the search loop needs of an open list. Three open lists implement it, each
//! where it is fastest:
//!
//! | open list | used by | why |
//! |---|---|---|
//! | [`OpenList`](crate::search::open_list::OpenList): binary heap with a one-entry cache | the general search (any space, any options) | no assumption on the heuristic |
//! | [`BucketOpen`](crate::search::bucket_open::BucketOpen): F buckets in front of a small heap | A* on a grid under its own weights | pushes are a shift and a list insert, but it needs F never to fall (a consistent heuristic) |
//! | [`KeyHeap`](crate::search::key_heap::KeyHeap): binary heap of 128-bit keys | Jump Point Search and JPS+ | few, far-apart pushes: one wide compare per heap step is all they need |
//!
//! All three pop in the same order: smallest F, then smallest tie key (see [`Entry`]).

use crate::search::entry::Entry;
use crate::Cost;

/// An open list of [`Entry`]s, popped smallest F first, then smallest tie key. Clearing keeps the
/// capacity, so a warmed-up queue does not allocate.
pub(crate) trait OpenQueue {
    /// Empties the queue for a search whose start has estimate `start_h` and whose cheapest edge
    /// costs `unit()` (zero when unknown; asked only by queues that need it); `first` is the
    /// start's entry, pushed next.
    fn reset<C: Cost>(&mut self, first: Entry, start_h: C, unit: impl FnOnce() -> C);

    /// Adds an entry.
    fn push(&mut self, entry: Entry);

    /// Takes the entry that pops first and returns its node index. A queue may drop, unreturned,
    /// entries that `live` rejects (left behind by an improvement, or for a node already closed):
    /// the caller skips those anyway.
    fn pop(&mut self, live: impl Fn(Entry) -> bool) -> Option<u32>;
}
