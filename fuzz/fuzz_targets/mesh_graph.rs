//! Any bytes: a mesh graph (`GKMeshGraph`) in the box [0, 32]^2, a buffer radius, radial or mitre
//! growth, and operations (obstacles of many shapes added and removed, triangulation modes,
//! points connected, triangulations). Every triangulation is checked against oracles that share
//! no code with pathkit: the free space of the obstacles grown by the rules (sample points in
//! exactly one triangle, or none), the nodes of each mode and their edges, and paths between the
//! points (found exactly when the free space joins them, every step in free space, never shorter
//! than the visibility graph's shortest path, which the mesh's any-angle search matches).
//!
//! Connections and off-mesh links go in among them: `add_connections` and `remove_connections`
//! between any ids (kept points, the triangulation's nodes, points removed, nodes left over,
//! ids of other graphs), `GraphLinks::link_mesh` at any cost (NaN, negative, infinite, huge) one
//! way or both, `connect_mesh`, points removed and nodes taken as points, searches with the links
//! as the cost model. Refused operations give the documented error and change nothing; the
//! connections between kept points are those added and not removed; a search's path follows
//! edges, costs what it reports and what a Dijkstra over the graph's edges and the links finds.
//!
//! The checks live in `crates/pathkit/tests/support/mesh_graph_case.rs`, shared with the
//! property test and the regression replay.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "../../crates/pathkit/tests/support/free_space_oracle.rs"]
mod free_space_oracle;
#[path = "../../crates/pathkit/tests/support/growth_oracle.rs"]
mod growth_oracle;
#[path = "../../crates/pathkit/tests/support/mesh_graph_case.rs"]
mod mesh_graph_case;
#[path = "../../crates/pathkit/tests/support/visibility_oracle.rs"]
mod visibility_oracle;

fuzz_target!(|data: &[u8]| {
    mesh_graph_case::check_bytes(data);
});
