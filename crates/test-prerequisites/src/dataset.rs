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
    /// The Moving AI Lab's grid pathfinding benchmarks (<https://movingai.com/benchmarks/grids.html>):
    /// `.map` files with their `.map.scen` scenario files, as the lab publishes them.
    MovingAi,
    /// The original Cat Maze level as the tutorials ship it: the Tiled map and its text form.
    CatMaze,
}

/// The Moving AI files that tests and the `batch_scaling` example name, relative to the `movingai`
/// folder: seven maps of different kinds with their scenario files, either version (the 2011 files
/// or the Moving AI Lab's current ones). The format tests (`format_movingai.rs`) need no particular
/// file: they read every map and scenario file the folder holds, these and any others.
const MOVING_AI_FILES: &[&str] = &[
    // tests/jps_movingai.rs; den520d and AcrosstheCape also examples/batch_scaling.rs.
    "den520d.map",
    "den520d.map.scen",
    "AR0011SR.map",
    "AR0011SR.map.scen",
    "maze512-1-0.map",
    "maze512-1-0.map.scen",
    "AcrosstheCape.map",
    "AcrosstheCape.map.scen",
    "Berlin_1_256.map",
    "Berlin_1_256.map.scen",
    "lak104d.map",
    "lak104d.map.scen",
    "8room_000.map",
    "8room_000.map.scen",
];

/// The Cat Maze files the tests read (`crates/catmaze/tests/level_loading.rs`), relative to the
/// `catmaze` folder.
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

    /// Where the data set's files can be downloaded, for messages.
    ///
    /// ```
    /// let source = test_prerequisites::Dataset::MovingAi.source();
    /// assert!(source.contains("https://movingai.com/benchmarks/grids.html"));
    /// ```
    pub fn source(self) -> &'static str {
        match self {
            Dataset::MovingAi => {
                "the Moving AI Lab's benchmark pages, https://movingai.com/benchmarks/grids.html \
                 (each map family's maps and scenario files)"
            }
            Dataset::CatMaze => {
                "the Cat Maze tutorials' project (\"How To Implement A* Pathfinding with Cocos2D\", \
                 raywenderlich.com)"
            }
        }
    }

    /// The files of the set that tests read by name, relative to its folder (`/`-separated): what
    /// [`locate`](Self::locate) requires. A folder may hold more.
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
    }

    #[test]
    fn every_moving_ai_map_comes_with_its_scenario_file() {
        for file in MOVING_AI_FILES {
            let map = file.strip_suffix(".scen").unwrap_or(file);
            assert!(map.ends_with(".map"), "{file}");
            assert!(MOVING_AI_FILES.contains(&map), "{file} without {map}");
            assert!(
                MOVING_AI_FILES.contains(&format!("{map}.scen").as_str()),
                "{map} without its scenario file"
            );
        }
    }
}
