//! Cat Maze rules.
