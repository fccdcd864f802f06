//! Moving AI and Tiled map formats.
