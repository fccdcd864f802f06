//! What the Moving AI benchmark files used here are known to hold: the expectations the format
//! tests (`format_movingai.rs`, `needs_movingai`) check the parser against, beyond what they check
//! for every file.
//!
//! The numbers are facts of the files themselves, as the Moving AI Lab published them: the grid
//! benchmarks (<https://movingai.com/benchmarks/grids.html>) and two MAPF maps
//! (<https://movingai.com/benchmarks/mapf.html>), with the 2011 versions of some scenario files as
//! HOG2, the lab's code base, still keeps them (<https://github.com/nathansttt/hog2>, `scenarios/`).
//! They were counted with tools that share nothing with pathkit (`wc -c`, `awk`, `grep`): size in
//! bytes, the `width` and `height` header lines, tiles `.`, `G` or `S` in the grid, the line ending,
//! non-blank lines after the `version` line, and whether every length has 8 decimals.
//!
//! A row describes one published version of a file, named by its path in the `movingai` folder and
//! recognised by its size in bytes. A file of another size under the same name (the lab has since
//! replaced the 2011 scenario files, for one), or a file not listed, gets only the checks every file
//! gets; a listed file that is not in the folder is not an error here (`test-prerequisites` names
//! the files tests need).

use pathkit::format::LineEnding;

/// A file described here.
pub trait Published {
    /// Its path in the `movingai` folder (`/`-separated).
    fn path(&self) -> &'static str;
    /// Its size in bytes, which tells this version from others of the same name.
    fn bytes(&self) -> u64;
}

/// What the table says about a file found in the folder.
#[derive(Debug)]
pub enum Lookup<'a, T> {
    /// The file is the version described by this row.
    Known(&'a T),
    /// A file of that name is described, but this one has another size: another version.
    OtherVersion {
        /// The size of the version described.
        described_bytes: u64,
    },
    /// No file of that name is described.
    Unknown,
}

/// The row of `rows` for the file at `path` (relative to the folder, `/`-separated) of `bytes` bytes.
pub fn lookup<'a, T: Published>(rows: &'a [T], path: &str, bytes: u64) -> Lookup<'a, T> {
    match rows.iter().find(|row| row.path() == path) {
        Some(row) if row.bytes() == bytes => Lookup::Known(row),
        Some(row) => Lookup::OtherVersion {
            described_bytes: row.bytes(),
        },
        None => Lookup::Unknown,
    }
}

/// A `.map` file.
#[derive(Debug)]
pub struct KnownMap {
    /// Path in the `movingai` folder.
    pub path: &'static str,
    /// Size in bytes.
    pub bytes: u64,
    /// The `width` header line.
    pub width: u32,
    /// The `height` header line.
    pub height: u32,
    /// Tiles `.`, `G` or `S`, the passable ones.
    pub passable: usize,
    /// How its lines end (the street maps use CRLF).
    pub line_ending: LineEnding,
}

/// How a scenario file prints optimal lengths.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lengths {
    /// Always 8 decimals (`2.82842712`): the current files and the MAPF ones.
    Current,
    /// The shortest form, about six significant digits (`3`, `3.41421`, `1179.8`): the 2011 files.
    Of2011,
}

/// A scenario file (`.map.scen`, or `<map>-even-<k>.scen` / `<map>-random-<k>.scen` for MAPF).
#[derive(Debug)]
pub struct KnownScenario {
    /// Path in the `movingai` folder.
    pub path: &'static str,
    /// Size in bytes.
    pub bytes: u64,
    /// Problems: non-blank lines after the `version` line.
    pub lines: usize,
    /// How it prints lengths.
    pub lengths: Lengths,
}

impl Published for KnownMap {
    fn path(&self) -> &'static str {
        self.path
    }
    fn bytes(&self) -> u64 {
        self.bytes
    }
}

impl Published for KnownScenario {
    fn path(&self) -> &'static str {
        self.path
    }
    fn bytes(&self) -> u64 {
        self.bytes
    }
}

/// The maps: 25 of the grid benchmarks and, in `mapf/`, two MAPF maps.
pub const MAPS: &[KnownMap] = &[
    KnownMap {
        path: "64room_000.map",
        bytes: 262693,
        width: 512,
        height: 512,
        passable: 246178,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "8room_000.map",
        bytes: 262693,
        width: 512,
        height: 512,
        passable: 206642,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "AR0011SR.map",
        bytes: 262693,
        width: 512,
        height: 512,
        passable: 120458,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "AR0401SR.map",
        bytes: 3162,
        width: 52,
        height: 59,
        passable: 1081,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "AR0500SR.map",
        bytes: 262693,
        width: 512,
        height: 512,
        passable: 74549,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "AcrosstheCape.map",
        bytes: 590629,
        width: 768,
        height: 768,
        passable: 392287,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "Berlin_1_256.map",
        bytes: 66087,
        width: 256,
        height: 256,
        passable: 47540,
        line_ending: LineEnding::CrLf,
    },
    KnownMap {
        path: "NewYork_0_1024.map",
        bytes: 1050667,
        width: 1024,
        height: 1024,
        passable: 792676,
        line_ending: LineEnding::CrLf,
    },
    KnownMap {
        path: "Paris_1_512.map",
        bytes: 263207,
        width: 512,
        height: 512,
        passable: 196672,
        line_ending: LineEnding::CrLf,
    },
    KnownMap {
        path: "TheFrozenSea.map",
        bytes: 1049639,
        width: 1024,
        height: 1024,
        passable: 754304,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "arena.map",
        bytes: 2485,
        width: 49,
        height: 49,
        passable: 2054,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "brc202d.map",
        bytes: 255448,
        width: 530,
        height: 481,
        passable: 43151,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "den312d.map",
        bytes: 5381,
        width: 65,
        height: 81,
        passable: 2445,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "den520d.map",
        bytes: 66086,
        width: 256,
        height: 257,
        passable: 28178,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "ht_chantry.map",
        bytes: 23020,
        width: 162,
        height: 141,
        passable: 7461,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "lak104d.map",
        bytes: 1757,
        width: 41,
        height: 41,
        passable: 851,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "lak303d.map",
        bytes: 37867,
        width: 194,
        height: 194,
        passable: 14784,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "lt_gallowstemplar_n.map",
        bytes: 45397,
        width: 251,
        height: 180,
        passable: 10021,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "maze512-1-0.map",
        bytes: 262693,
        width: 512,
        height: 512,
        passable: 131071,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "maze512-32-0.map",
        bytes: 262693,
        width: 512,
        height: 512,
        passable: 253840,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "maze512-4-0.map",
        bytes: 262693,
        width: 512,
        height: 512,
        passable: 209263,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "orz900d.map",
        bytes: 978790,
        width: 1491,
        height: 656,
        passable: 96603,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "ost102d.map",
        bytes: 673,
        width: 28,
        height: 22,
        passable: 249,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "random512-10-0.map",
        bytes: 262693,
        width: 512,
        height: 512,
        passable: 235900,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "random512-40-0.map",
        bytes: 262693,
        width: 512,
        height: 512,
        passable: 104950,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "mapf/den520d.map",
        bytes: 66086,
        width: 256,
        height: 257,
        passable: 28178,
        line_ending: LineEnding::Lf,
    },
    KnownMap {
        path: "mapf/random-32-32-20.map",
        bytes: 1091,
        width: 32,
        height: 32,
        passable: 819,
        line_ending: LineEnding::Lf,
    },
];

/// The scenario files: the current or 2011 version beside each of the 25 maps, the 2011 versions
/// of two whose current one is beside the map (`legacy/`), and four MAPF files (`mapf/`).
pub const SCENARIOS: &[KnownScenario] = &[
    KnownScenario {
        path: "64room_000.map.scen",
        bytes: 116661,
        lines: 2150,
        lengths: Lengths::Current,
    },
    KnownScenario {
        path: "8room_000.map.scen",
        bytes: 113744,
        lines: 2140,
        lengths: Lengths::Current,
    },
    KnownScenario {
        path: "AR0011SR.map.scen",
        bytes: 114996,
        lines: 2180,
        lengths: Lengths::Current,
    },
    KnownScenario {
        path: "AR0401SR.map.scen",
        bytes: 6756,
        lines: 150,
        lengths: Lengths::Current,
    },
    KnownScenario {
        path: "AR0500SR.map.scen",
        bytes: 112733,
        lines: 2140,
        lengths: Lengths::Current,
    },
    KnownScenario {
        path: "AcrosstheCape.map.scen",
        bytes: 181627,
        lines: 2940,
        lengths: Lengths::Of2011,
    },
    KnownScenario {
        path: "Berlin_1_256.map.scen",
        bytes: 49824,
        lines: 910,
        lengths: Lengths::Current,
    },
    KnownScenario {
        path: "NewYork_0_1024.map.scen",
        bytes: 225478,
        lines: 3670,
        lengths: Lengths::Current,
    },
    KnownScenario {
        path: "Paris_1_512.map.scen",
        bytes: 104671,
        lines: 1900,
        lengths: Lengths::Current,
    },
    KnownScenario {
        path: "TheFrozenSea.map.scen",
        bytes: 233699,
        lines: 3700,
        lengths: Lengths::Of2011,
    },
    KnownScenario {
        path: "arena.map.scen",
        bytes: 7269,
        lines: 160,
        lengths: Lengths::Of2011,
    },
    KnownScenario {
        path: "brc202d.map.scen",
        bytes: 140977,
        lines: 2519,
        lengths: Lengths::Of2011,
    },
    KnownScenario {
        path: "den312d.map.scen",
        bytes: 15732,
        lines: 320,
        lengths: Lengths::Of2011,
    },
    KnownScenario {
        path: "den520d.map.scen",
        bytes: 48225,
        lines: 888,
        lengths: Lengths::Of2011,
    },
    KnownScenario {
        path: "ht_chantry.map.scen",
        bytes: 26076,
        lines: 470,
        lengths: Lengths::Of2011,
    },
    KnownScenario {
        path: "lak104d.map.scen",
        bytes: 5150,
        lines: 120,
        lengths: Lengths::Current,
    },
    KnownScenario {
        path: "lak303d.map.scen",
        bytes: 56991,
        lines: 1060,
        lengths: Lengths::Of2011,
    },
    KnownScenario {
        path: "lt_gallowstemplar_n.map.scen",
        bytes: 41014,
        lines: 620,
        lengths: Lengths::Of2011,
    },
    KnownScenario {
        path: "maze512-1-0.map.scen",
        bytes: 688445,
        lines: 12120,
        lengths: Lengths::Current,
    },
    KnownScenario {
        path: "maze512-32-0.map.scen",
        bytes: 353538,
        lines: 6170,
        lengths: Lengths::Current,
    },
    KnownScenario {
        path: "maze512-4-0.map.scen",
        bytes: 595706,
        lines: 10510,
        lengths: Lengths::Current,
    },
    KnownScenario {
        path: "orz900d.map.scen",
        bytes: 412511,
        lines: 7015,
        lengths: Lengths::Of2011,
    },
    KnownScenario {
        path: "ost102d.map.scen",
        bytes: 2537,
        lines: 60,
        lengths: Lengths::Current,
    },
    KnownScenario {
        path: "random512-10-0.map.scen",
        bytes: 108773,
        lines: 1670,
        lengths: Lengths::Of2011,
    },
    KnownScenario {
        path: "random512-40-0.map.scen",
        bytes: 201458,
        lines: 3060,
        lengths: Lengths::Of2011,
    },
    KnownScenario {
        path: "legacy/lak104d.map.scen",
        bytes: 6125,
        lines: 130,
        lengths: Lengths::Of2011,
    },
    KnownScenario {
        path: "legacy/maze512-32-0.map.scen",
        bytes: 361312,
        lines: 5760,
        lengths: Lengths::Of2011,
    },
    KnownScenario {
        path: "mapf/den520d-even-1.scen",
        bytes: 42871,
        lines: 860,
        lengths: Lengths::Current,
    },
    KnownScenario {
        path: "mapf/den520d-random-1.scen",
        bytes: 50021,
        lines: 1000,
        lengths: Lengths::Current,
    },
    KnownScenario {
        path: "mapf/random-32-32-20-even-1.scen",
        bytes: 5057,
        lines: 100,
        lengths: Lengths::Current,
    },
    KnownScenario {
        path: "mapf/random-32-32-20-random-1.scen",
        bytes: 20688,
        lines: 409,
        lengths: Lengths::Current,
    },
];
