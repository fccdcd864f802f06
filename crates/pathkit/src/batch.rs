//! Many queries on one map, in parallel on all cores.
