//! pathkit's tests through its public API, in one test binary: one file a subject
//! (`tests/<subject>.rs`), each a module here. One binary links once and instantiates the
//! library's generics once, where a binary a file did both nineteen times: a fresh `cargo test`
//! compiles faster, and so does every mutant of a mutation-testing run (`.cargo/mutants.toml`).
//! The tests of what allocates run in their own binary (`tests/allocations/`), which counts
//! allocations with its own global allocator.

/// The independent oracle and what the property tests share.
#[path = "../support/mod.rs"]
mod support;

// The fuzz targets' own checks, as the targets declare them (`crate::oracle`, ...), so a kept
// input is replayed through exactly the code the fuzzer ran.
use support::free_space_oracle;
use support::growth_oracle;
use support::hex_oracle;
use support::hierarchy_rules;
#[cfg(feature = "serde")]
use support::levels_oracle;
use support::oracle;
use support::rules;
use support::visibility_oracle;
#[path = "../support/areas_case.rs"]
mod areas_case;
#[path = "../support/building_case.rs"]
mod building_case;
#[path = "../support/clearance_case.rs"]
mod clearance_case;
#[path = "../support/costs_case.rs"]
mod costs_case;
#[path = "../support/format_checks.rs"]
mod format_checks;
#[path = "../support/fuzz_inputs.rs"]
mod fuzz_inputs;
#[path = "../support/grid_search_case.rs"]
mod grid_search_case;
#[path = "../support/hex_text_case.rs"]
mod hex_text_case;
#[path = "../support/hierarchy_case.rs"]
mod hierarchy_case;
#[path = "../support/level_map_case.rs"]
mod level_map_case;
#[path = "../support/mesh_graph_case.rs"]
mod mesh_graph_case;
#[path = "../support/navmesh_case.rs"]
mod navmesh_case;
#[path = "../support/node_graph_case.rs"]
mod node_graph_case;
#[path = "../support/obstacle_graph_case.rs"]
mod obstacle_graph_case;
#[path = "../support/saved_values_case.rs"]
mod saved_values_case;
#[path = "../support/shape_input.rs"]
mod shape_input;
#[path = "../support/sizes_case.rs"]
mod sizes_case;
#[path = "../support/tiled_case.rs"]
mod tiled_case;

/// The optimal lengths of the Moving AI scenario files, kept in the repository.
#[path = "../movingai_expected/mod.rs"]
mod movingai_expected;

#[path = "../batch_order.rs"]
mod batch_order;
#[path = "../clearance_properties.rs"]
mod clearance_properties;
#[path = "../documentation.rs"]
mod documentation;
#[path = "../format_fuzz_regressions.rs"]
mod format_fuzz_regressions;
#[path = "../format_movingai.rs"]
mod format_movingai;
#[path = "../format_tiled.rs"]
mod format_tiled;
#[path = "../format_tiled_hex.rs"]
mod format_tiled_hex;
#[path = "../format_tiled_levels.rs"]
mod format_tiled_levels;
#[path = "../gameplaykit_graph.rs"]
mod gameplaykit_graph;
#[path = "../gameplaykit_grid.rs"]
mod gameplaykit_grid;
#[path = "../gameplaykit_links.rs"]
mod gameplaykit_links;
#[path = "../gameplaykit_mesh.rs"]
mod gameplaykit_mesh;
#[path = "../gameplaykit_obstacles.rs"]
mod gameplaykit_obstacles;
#[path = "../gameplaykit_properties.rs"]
mod gameplaykit_properties;
#[path = "../gameplaykit_serde.rs"]
mod gameplaykit_serde;
#[path = "../grid_areas.rs"]
mod grid_areas;
#[path = "../grid_edits.rs"]
mod grid_edits;
#[path = "../grid_fast_loop.rs"]
mod grid_fast_loop;
#[path = "../hex_properties.rs"]
mod hex_properties;
#[path = "../hierarchy_clearance.rs"]
mod hierarchy_clearance;
#[path = "../hierarchy_properties.rs"]
mod hierarchy_properties;
#[path = "../jps_movingai.rs"]
mod jps_movingai;
#[path = "../jps_properties.rs"]
mod jps_properties;
#[path = "../landmark_properties.rs"]
mod landmark_properties;
#[path = "../levels_building.rs"]
mod levels_building;
#[path = "../levels_properties.rs"]
mod levels_properties;
#[path = "../levels_serde.rs"]
mod levels_serde;
#[path = "../navmesh_agent_radius.rs"]
mod navmesh_agent_radius;
#[path = "../navmesh_agent_sizes.rs"]
mod navmesh_agent_sizes;
#[path = "../navmesh_area_costs.rs"]
mod navmesh_area_costs;
#[path = "../navmesh_areas.rs"]
mod navmesh_areas;
#[path = "../navmesh_corridor.rs"]
mod navmesh_corridor;
#[path = "../navmesh_fuzz_regressions.rs"]
mod navmesh_fuzz_regressions;
#[path = "../navmesh_links.rs"]
mod navmesh_links;
#[path = "../navmesh_oracle.rs"]
mod navmesh_oracle;
#[path = "../navmesh_queries.rs"]
mod navmesh_queries;
#[path = "../navmesh_random_point.rs"]
mod navmesh_random_point;
#[path = "../navmesh_serde.rs"]
mod navmesh_serde;
#[path = "../navmesh_tiled.rs"]
mod navmesh_tiled;
#[path = "../non_finite_coordinates.rs"]
mod non_finite_coordinates;
#[path = "../obstacle_graph_properties.rs"]
mod obstacle_graph_properties;
#[path = "../obstacle_graph_serde.rs"]
mod obstacle_graph_serde;
#[path = "../overlapping_obstacles.rs"]
mod overlapping_obstacles;
#[path = "../peer_oracle.rs"]
mod peer_oracle;
#[path = "../queries_properties.rs"]
mod queries_properties;
#[path = "../release.rs"]
mod release;
#[path = "../search_fuzz_regressions.rs"]
mod search_fuzz_regressions;
#[path = "../search_limits.rs"]
mod search_limits;
#[path = "../search_properties.rs"]
mod search_properties;
#[path = "../smooth_properties.rs"]
mod smooth_properties;
#[path = "../subgoal_movingai.rs"]
mod subgoal_movingai;
#[path = "../subgoal_properties.rs"]
mod subgoal_properties;
#[path = "../tutorial_examples.rs"]
mod tutorial_examples;
#[path = "../weighted_jps_properties.rs"]
mod weighted_jps_properties;
