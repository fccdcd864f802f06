//! GameplayKit-style node graphs.
