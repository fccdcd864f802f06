//! [`HierarchyOptions`]: how large the clusters are and how many levels are built.

use super::{HierarchyError, MAX_LEVELS};

/// How a [`HierarchicalGrid`](super::HierarchicalGrid) cuts its map.
///
/// Clusters of level 1 are `cluster_size` cells square; each level above groups 4 x 4 clusters
/// of the level below. By default levels are added while the top level has more than 65536
/// clusters: with 16-cell clusters, one level up to 4096 x 4096 cells, two up to 16384.
///
/// Why so few: a level's nodes are joined to every other node of their cluster, so a cluster of
/// level 2 holds about 16 times the nodes of one of level 1 and far more edges. On the Moving AI
/// maps and a 4096 x 4096 map, one level kept an edit near 0.2 ms; a second level made queries
/// on the 4096 map about 10% faster on average but an edit cost about 0.8 ms, and made queries
/// on a 1024 x 1024 map slower (`pathkit bench-hierarchy`, docs/performance.md). Ask for more
/// levels with [`levels`](Self::levels).
///
/// Smaller clusters make edits cheaper (an edit re-searches the clusters it touches) and
/// abstract searches larger; larger ones the reverse.
///
/// ```
/// use pathkit::hierarchy::HierarchyOptions;
///
/// let options = HierarchyOptions::new().cluster_size(32).levels(2);
/// assert_eq!(options.cluster_size, 32);
/// assert_eq!(options.levels, Some(2));
/// assert_eq!(HierarchyOptions::default().cluster_size, 16);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[must_use]
pub struct HierarchyOptions {
    /// Side of a level-1 cluster, in cells (2 to 65536).
    pub cluster_size: u32,
    /// Number of levels (1 to [`MAX_LEVELS`]), or `None` to choose by the map's size.
    pub levels: Option<u8>,
}

impl Default for HierarchyOptions {
    fn default() -> Self {
        Self::new()
    }
}

impl HierarchyOptions {
    /// Clusters of 16 x 16 cells, levels chosen by the map's size.
    ///
    /// ```
    /// use pathkit::hierarchy::HierarchyOptions;
    ///
    /// assert_eq!(HierarchyOptions::new(), HierarchyOptions { cluster_size: 16, levels: None });
    /// ```
    pub const fn new() -> Self {
        HierarchyOptions {
            cluster_size: 16,
            levels: None,
        }
    }

    /// Sets the side of a level-1 cluster.
    ///
    /// ```
    /// use pathkit::hierarchy::HierarchyOptions;
    ///
    /// assert_eq!(HierarchyOptions::new().cluster_size(8).cluster_size, 8);
    /// ```
    pub const fn cluster_size(mut self, size: u32) -> Self {
        self.cluster_size = size;
        self
    }

    /// Sets the number of levels.
    ///
    /// ```
    /// use pathkit::hierarchy::HierarchyOptions;
    ///
    /// assert_eq!(HierarchyOptions::new().levels(1).levels, Some(1));
    /// ```
    pub const fn levels(mut self, levels: u8) -> Self {
        self.levels = Some(levels);
        self
    }

    /// The number of levels for a `width` x `height` map, after checking the options.
    pub(crate) fn resolve(&self, width: u32, height: u32) -> Result<u8, HierarchyError> {
        if !(2..=65536).contains(&self.cluster_size) {
            return Err(HierarchyError::ClusterSize {
                size: self.cluster_size,
            });
        }
        if let Some(levels) = self.levels {
            if !(1..=MAX_LEVELS).contains(&levels) {
                return Err(HierarchyError::Levels { levels });
            }
            return Ok(levels);
        }
        let clusters =
            |side: u64| width.div_ceil(side as u32) as u64 * height.div_ceil(side as u32) as u64;
        let mut levels = 1u8;
        let mut side = self.cluster_size as u64;
        while levels < MAX_LEVELS && clusters(side) > 65536 && side * 4 <= u32::MAX as u64 {
            side *= 4;
            levels += 1;
        }
        Ok(levels)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_follow_the_map_size() {
        let o = HierarchyOptions::new();
        assert_eq!(o.resolve(256, 256), Ok(1));
        assert_eq!(o.resolve(1024, 1024), Ok(1));
        assert_eq!(o.resolve(4096, 4096), Ok(1));
        assert_eq!(o.resolve(4097, 4096), Ok(2));
        assert_eq!(o.resolve(16384, 16384), Ok(2));
        assert_eq!(o.resolve(16385, 16384), Ok(3));
        assert_eq!(o.resolve(1, 1), Ok(1));
        assert_eq!(
            o.levels(0).resolve(9, 9),
            Err(HierarchyError::Levels { levels: 0 })
        );
        assert_eq!(
            o.cluster_size(1).resolve(9, 9),
            Err(HierarchyError::ClusterSize { size: 1 })
        );
    }
}
