//! The data sets some tests read from the shared folder.

use crate::{shared_dir, Missing};
use std::path::{Path, PathBuf};

/// A data set kept outside the repository, in a folder of [`shared_dir`].
///
/// ```
/// use test_prerequisites::Dataset;
///
/// assert_eq!(Dataset::MovingAi.folder_name(), "movingai");
/// assert!(Dataset::MovingAi.files().contains(&"den520d.map.scen"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Dataset {
    /// The Moving AI Lab's grid pathfinding benchmarks used here: 25 maps with their scenario files,
    /// two MAPF maps with theirs (`mapf/`), two 2011 scenario files (`legacy/`) and `SOURCES.md`,
    /// which says where each file came from.
    MovingAi,
    /// The original Cat Maze level as the tutorials ship it: the Tiled map and its text form.
    CatMaze,
}

/// The Moving AI files the tests read, relative to the `movingai` folder.
const MOVING_AI_FILES: &[&str] = &[
    "SOURCES.md",
    "64room_000.map",
    "64room_000.map.scen",
    "8room_000.map",
    "8room_000.map.scen",
    "AR0011SR.map",
    "AR0011SR.map.scen",
    "AR0401SR.map",
    "AR0401SR.map.scen",
    "AR0500SR.map",
    "AR0500SR.map.scen",
    "AcrosstheCape.map",
    "AcrosstheCape.map.scen",
    "Berlin_1_256.map",
    "Berlin_1_256.map.scen",
    "NewYork_0_1024.map",
    "NewYork_0_1024.map.scen",
    "Paris_1_512.map",
    "Paris_1_512.map.scen",
    "TheFrozenSea.map",
    "TheFrozenSea.map.scen",
    "arena.map",
    "arena.map.scen",
    "brc202d.map",
    "brc202d.map.scen",
    "den312d.map",
    "den312d.map.scen",
    "den520d.map",
    "den520d.map.scen",
    "ht_chantry.map",
    "ht_chantry.map.scen",
    "lak104d.map",
    "lak104d.map.scen",
    "lak303d.map",
    "lak303d.map.scen",
    "lt_gallowstemplar_n.map",
    "lt_gallowstemplar_n.map.scen",
    "maze512-1-0.map",
    "maze512-1-0.map.scen",
    "maze512-32-0.map",
    "maze512-32-0.map.scen",
    "maze512-4-0.map",
    "maze512-4-0.map.scen",
    "orz900d.map",
    "orz900d.map.scen",
    "ost102d.map",
    "ost102d.map.scen",
    "random512-10-0.map",
    "random512-10-0.map.scen",
    "random512-40-0.map",
    "random512-40-0.map.scen",
    "legacy/lak104d.map.scen",
    "legacy/maze512-32-0.map.scen",
    "mapf/den520d.map",
    "mapf/den520d-even-1.scen",
    "mapf/den520d-random-1.scen",
    "mapf/random-32-32-20.map",
    "mapf/random-32-32-20-even-1.scen",
    "mapf/random-32-32-20-random-1.scen",
];

/// The Cat Maze files the tests read, relative to the `catmaze` folder.
const CAT_MAZE_FILES: &[&str] = &["CatMaze.tmx", "catmaze_25x25.txt"];

impl Dataset {
    /// Every data set the tests read.
    ///
    /// ```
    /// assert_eq!(test_prerequisites::Dataset::ALL.len(), 2);
    /// ```
    pub const ALL: [Dataset; 2] = [Dataset::MovingAi, Dataset::CatMaze];

    /// The data set's folder inside [`shared_dir`].
    ///
    /// ```
    /// assert_eq!(test_prerequisites::Dataset::CatMaze.folder_name(), "catmaze");
    /// ```
    pub fn folder_name(self) -> &'static str {
        match self {
            Dataset::MovingAi => "movingai",
            Dataset::CatMaze => "catmaze",
        }
    }

    /// What the data set is, for messages.
    ///
    /// ```
    /// let what = test_prerequisites::Dataset::MovingAi.description();
    /// assert!(what.contains("Moving AI"));
    /// ```
    pub fn description(self) -> &'static str {
        match self {
            Dataset::MovingAi => "the Moving AI grid benchmark set",
            Dataset::CatMaze => "the original Cat Maze level files",
        }
    }

    /// Every file of the set the tests read, relative to its folder (`/`-separated).
    ///
    /// ```
    /// let files = test_prerequisites::Dataset::CatMaze.files();
    /// assert_eq!(files, ["CatMaze.tmx", "catmaze_25x25.txt"]);
    /// ```
    pub fn files(self) -> &'static [&'static str] {
        match self {
            Dataset::MovingAi => MOVING_AI_FILES,
            Dataset::CatMaze => CAT_MAZE_FILES,
        }
    }

    /// The data set's folder when every one of its [`files`](Self::files) is there.
    ///
    /// # Errors
    ///
    /// [`Missing::Data`] with the folder and the files not found in it.
    ///
    /// ```
    /// use test_prerequisites::{Dataset, Missing};
    ///
    /// match Dataset::CatMaze.locate() {
    ///     Ok(folder) => assert!(folder.join("CatMaze.tmx").is_file()),
    ///     Err(Missing::Data { files, .. }) => assert!(!files.is_empty()),
    ///     Err(other) => panic!("{other}"),
    /// }
    /// ```
    pub fn locate(self) -> Result<PathBuf, Missing> {
        self.locate_in(&shared_dir())
    }

    /// The data set's folder, for a test that cannot run without it.
    ///
    /// # Panics
    ///
    /// When a file of the set is missing, with a message naming the folder, the missing files, and
    /// how to get them or leave the test out.
    ///
    /// ```no_run
    /// use test_prerequisites::Dataset;
    ///
    /// let den520d = Dataset::MovingAi.require().join("den520d.map");
    /// ```
    #[track_caller]
    pub fn require(self) -> PathBuf {
        match self.locate() {
            Ok(folder) => folder,
            Err(missing) => panic!("{missing}"),
        }
    }

    /// [`locate`](Self::locate) with `shared` as the shared folder.
    fn locate_in(self, shared: &Path) -> Result<PathBuf, Missing> {
        let folder = shared.join(self.folder_name());
        let files: Vec<PathBuf> = self
            .files()
            .iter()
            .map(PathBuf::from)
            .filter(|file| !folder.join(file).is_file())
            .collect();
        if files.is_empty() {
            Ok(folder)
        } else {
            Err(Missing::Data {
                dataset: self,
                folder,
                files,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh, empty scratch folder.
    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("test-prerequisites-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn an_absent_folder_misses_every_file() {
        let shared = Path::new("/nonexistent/shared");
        let err = Dataset::MovingAi.locate_in(shared).unwrap_err();
        let Missing::Data {
            dataset,
            folder,
            files,
        } = &err
        else {
            panic!("{err:?}")
        };
        assert_eq!(*dataset, Dataset::MovingAi);
        assert_eq!(folder, &shared.join("movingai"));
        assert_eq!(files.len(), MOVING_AI_FILES.len());
    }

    #[test]
    fn only_the_files_not_there_are_reported() {
        let shared = scratch("partial");
        let folder = shared.join("catmaze");
        std::fs::create_dir_all(&folder).unwrap();
        std::fs::write(folder.join("CatMaze.tmx"), "<map/>").unwrap();
        let err = Dataset::CatMaze.locate_in(&shared).unwrap_err();
        assert_eq!(
            err,
            Missing::Data {
                dataset: Dataset::CatMaze,
                folder: folder.clone(),
                files: vec![PathBuf::from("catmaze_25x25.txt")],
            }
        );
        std::fs::write(folder.join("catmaze_25x25.txt"), "#").unwrap();
        assert_eq!(Dataset::CatMaze.locate_in(&shared), Ok(folder));
        std::fs::remove_dir_all(&shared).unwrap();
    }

    #[test]
    fn a_folder_where_a_file_should_be_does_not_count() {
        let shared = scratch("dir-not-file");
        let folder = shared.join("catmaze");
        std::fs::create_dir_all(folder.join("CatMaze.tmx")).unwrap();
        std::fs::write(folder.join("catmaze_25x25.txt"), "#").unwrap();
        let err = Dataset::CatMaze.locate_in(&shared).unwrap_err();
        assert!(
            matches!(&err, Missing::Data { files, .. } if files == &[PathBuf::from("CatMaze.tmx")]),
            "{err:?}"
        );
        std::fs::remove_dir_all(&shared).unwrap();
    }

    #[test]
    fn file_lists_have_no_duplicates() {
        for dataset in Dataset::ALL {
            let mut files = dataset.files().to_vec();
            files.sort_unstable();
            files.dedup();
            assert_eq!(files.len(), dataset.files().len(), "{dataset:?}");
        }
        assert_eq!(MOVING_AI_FILES.len(), 1 + 25 * 2 + 2 + 6);
    }
}
