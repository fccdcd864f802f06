//! Landmark heuristics (ALT): exact costs between a few landmarks and every node
//! ([`Landmarks`], `tables.rs`), how landmarks are chosen ([`LandmarkChoice`], `choice.rs`), the
//! edges turned around for costs to a landmark (`reversed_edges.rs`), a space searched with them
//! ([`WithLandmarks`], `with_landmarks.rs`), and what can go wrong ([`LandmarkError`],
//! `error.rs`).

mod choice;
mod error;
mod reversed_edges;
mod tables;
mod with_landmarks;

pub use choice::LandmarkChoice;
pub use error::LandmarkError;
pub use tables::Landmarks;
pub use with_landmarks::WithLandmarks;
