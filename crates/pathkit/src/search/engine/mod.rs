//! The search loop's own parts, which users never see: the best-first loop and its goal tests
//! (`best_first.rs`), the open lists (`open_queue.rs`: a binary heap with a one-entry cache in
//! `open_list.rs`, F buckets in `bucket_open.rs`, 128-bit keys in `key_heap.rs`, their entry in
//! `entry.rs`), the per-node records and path writing (`record.rs`), the checks of trusted costs
//! (`fast_checks.rs`), goal marks and settled lists (`scratch.rs`), and a user's space as the
//! loop's expansion (`space_expansion.rs`). The user-facing API around them is in the folder
//! above.

pub(crate) mod best_first;
pub(crate) mod bucket_open;
pub(crate) mod entry;
pub(crate) mod fast_checks;
pub(crate) mod key_heap;
pub(crate) mod open_list;
pub(crate) mod open_queue;
pub(crate) mod record;
pub(crate) mod scratch;
pub(crate) mod space_expansion;
