//! The documented allocation behaviour, tested with a global allocator that counts each thread's
//! allocations (`alloc_counter`): in a binary of its own, so no other test pays for the counting.
//! The hostile-input tests are here too: that a refusal allocates nothing of what it was asked
//! for is counted, not timed.

#[path = "../alloc_counter/mod.rs"]
mod alloc_counter;

#[path = "../hex_zero_alloc.rs"]
mod hex_zero_alloc;
#[path = "../hierarchy_zero_alloc.rs"]
mod hierarchy_zero_alloc;
#[path = "../hostile_input.rs"]
mod hostile_input;
#[path = "../jps_zero_alloc.rs"]
mod jps_zero_alloc;
#[path = "../navmesh_zero_alloc.rs"]
mod navmesh_zero_alloc;
#[path = "../queries_zero_alloc.rs"]
mod queries_zero_alloc;
#[path = "../smooth_zero_alloc.rs"]
mod smooth_zero_alloc;
#[path = "../zero_alloc.rs"]
mod zero_alloc;
