//! Jump Point Search on uniform-cost grids.
