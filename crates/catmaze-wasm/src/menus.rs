//! The playground's menus, as the page receives them ([`menus`]) and sends them back
//! ([`Settings`] read from a JavaScript object): every algorithm, move rule, cost, estimate and
//! tie rule has one code here, and the page builds its menus from this list, so it holds no copy
//! of them.
//!
//! ```
//! use catmaze_wasm::{menus, Algorithm, Settings};
//! use pathkit::grid::{Diagonal, Heuristic};
//!
//! let settings: Settings = serde_json::from_str(
//!     r#"{"algorithm": "jps-plus", "diagonal": "no-corner-cutting", "heuristic": "octile"}"#,
//! )?;
//! assert_eq!(settings.algorithm, Algorithm::JpsPlus);
//! assert_eq!((settings.diagonal, settings.heuristic), (Diagonal::NoCornerCutting, Heuristic::Octile));
//!
//! let list = menus();
//! let jps_plus = list.algorithms.iter().find(|a| a.code == "jps-plus").unwrap();
//! assert_eq!(jps_plus.moves, ["no-corner-cutting"]);
//! assert!(!jps_plus.controls.heuristic);
//! # Ok::<(), serde_json::Error>(())
//! ```

use crate::playground::{Algorithm, Settings};
use pathkit::grid::{Diagonal, Heuristic};
use pathkit::search::TieBreak;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// One entry of a menu: the value, the code the page sends back, the words it shows.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Choice<T> {
    /// What the code stands for (not sent to the page).
    #[serde(skip)]
    pub value: T,
    /// The code the page sends back.
    pub code: &'static str,
    /// The menu's words.
    pub label: &'static str,
}

const fn choice<T>(value: T, code: &'static str, label: &'static str) -> Choice<T> {
    Choice { value, code, label }
}

/// The move rules.
pub const DIAGONALS: [Choice<Diagonal>; 4] = [
    choice(Diagonal::Never, "never", "4-way"),
    choice(
        Diagonal::NoCornerCutting,
        "no-corner-cutting",
        "8-way, no corner cutting",
    ),
    choice(
        Diagonal::CornerCutting,
        "corner-cutting",
        "8-way, corner cutting",
    ),
    choice(Diagonal::Always, "always", "8-way, any diagonal"),
];

/// The move costs: `false` for 1 and √2, `true` for the tutorial's 10 and 14.
pub const COSTS: [Choice<bool>; 2] = [
    choice(false, "unit", "1 / √2"),
    choice(true, "tutorial", "10 / 14"),
];

/// The estimates.
pub const HEURISTICS: [Choice<Heuristic>; 6] = [
    choice(Heuristic::Auto, "auto", "automatic"),
    choice(Heuristic::Manhattan, "manhattan", "Manhattan"),
    choice(Heuristic::Octile, "octile", "octile"),
    choice(Heuristic::Chebyshev, "chebyshev", "Chebyshev"),
    choice(Heuristic::Euclidean, "euclidean", "Euclidean"),
    choice(Heuristic::Zero, "zero", "zero"),
];

/// The orders among equal F.
pub const TIES: [Choice<TieBreak>; 4] = [
    choice(TieBreak::LargerG, "larger-g", "larger G"),
    choice(TieBreak::Fifo, "fifo", "first in, first out"),
    choice(
        TieBreak::Lifo,
        "lifo",
        "newest first (the tutorial's open list)",
    ),
    choice(
        TieBreak::Auto,
        "auto",
        "the search's own (larger G on grids)",
    ),
];

/// Which of the page's controls change what an algorithm does; the page hides the others.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Controls {
    /// The move rule.
    pub moves: bool,
    /// 1 / √2 or 10 / 14.
    pub costs: bool,
    /// The estimate, and whether it counts tiles.
    pub heuristic: bool,
    /// The order among equal F.
    pub tie: bool,
    /// Weighted A*'s weight.
    pub weight: bool,
    /// The hierarchical search's cluster size.
    pub cluster: bool,
}

/// An algorithm as the page's menu shows it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AlgorithmEntry {
    /// The code the page sends back.
    pub code: &'static str,
    /// The menu's words.
    pub label: &'static str,
    /// A shorter name, for captions.
    pub short: &'static str,
    /// `true` when it can be stepped, with open and closed lists.
    pub steps: bool,
    /// The controls that apply to it.
    pub controls: Controls,
    /// The codes of the move rules it searches (of [`DIAGONALS`]); another is refused with a
    /// message saying what to choose.
    pub moves: Vec<&'static str>,
    /// What the page draws besides the path: `"hierarchy"` (clusters and entrances, built and
    /// timed apart from the query), `"mesh"` (the navigation mesh), `"subgoals"` (the subgoal
    /// graph's sizes beside the map; the subgoals on the path are its points), or nothing.
    pub draws: Option<&'static str>,
    /// What it does, in a sentence or two.
    pub note: &'static str,
}

/// Everything the page's menus list, and the settings each kind of map starts with.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Menus {
    /// The algorithms, in menu order.
    pub algorithms: Vec<AlgorithmEntry>,
    /// The code of the algorithm the comparison starts with.
    pub compare_with: &'static str,
    /// The move rules.
    pub diagonals: &'static [Choice<Diagonal>],
    /// The move costs.
    pub costs: &'static [Choice<bool>],
    /// The estimates.
    pub heuristics: &'static [Choice<Heuristic>],
    /// The tie rules.
    pub ties: &'static [Choice<TieBreak>],
    /// The settings each kind of map starts with.
    pub rules: Rules,
}

/// The settings each kind of map starts with: loading one puts its own in the menus, so none
/// carries over from the map before.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Rules {
    /// The tutorial's example: [`Settings::tutorial`].
    pub tutorial: Settings,
    /// A Moving AI map: [`Settings::moving_ai`].
    pub moving_ai: Settings,
    /// Any other map: [`Settings::default`].
    pub other: Settings,
}

impl Algorithm {
    /// The code the page sends.
    pub fn code(self) -> &'static str {
        self.entry().0
    }

    /// The algorithm with this code.
    pub fn from_code(code: &str) -> Option<Algorithm> {
        Algorithm::ALL.into_iter().find(|a| a.code() == code)
    }

    /// Code, label, short name, controls, move rules (`None`: all), note.
    #[allow(clippy::type_complexity)]
    fn entry(
        self,
    ) -> (
        &'static str,
        &'static str,
        &'static str,
        Controls,
        Option<&'static [Diagonal]>,
        &'static str,
    ) {
        let grid = Controls {
            moves: true,
            costs: true,
            heuristic: true,
            tie: true,
            ..Controls::default()
        };
        let jps = Controls {
            moves: true,
            ..Controls::default()
        };
        match self {
            Algorithm::AStar => ("astar", "A*", "A*", grid, None, "Best first by F = G + H."),
            Algorithm::Dijkstra => (
                "dijkstra",
                "Dijkstra",
                "Dijkstra",
                Controls {
                    heuristic: false,
                    ..grid
                },
                None,
                "A* without an estimate: spreads out evenly by G.",
            ),
            Algorithm::BreadthFirst => (
                "breadth-first",
                "Breadth-first",
                "Breadth-first",
                jps,
                None,
                "Every move counts 1 whatever it costs: the fewest moves, first found first \
                 expanded.",
            ),
            Algorithm::WeightedAStar => (
                "weighted-astar",
                "Weighted A*",
                "Weighted A*",
                Controls {
                    weight: true,
                    ..grid
                },
                None,
                "A* with H multiplied by the weight: fewer expansions, a path at most that many \
                 times the optimum.",
            ),
            Algorithm::Jps => (
                "jps",
                "JPS",
                "JPS",
                jps,
                Some(&[Diagonal::Never, Diagonal::NoCornerCutting]),
                "Jump Point Search: A*'s optimal paths on uniform maps, expanding only the jump \
                 points. 4-way, or 8-way without corner cutting; costs 1 and √2.",
            ),
            Algorithm::JpsPlus => (
                "jps-plus",
                "JPS+",
                "JPS+",
                jps,
                Some(&[Diagonal::NoCornerCutting]),
                "JPS with the jump distances worked out once per map. 8-way without corner \
                 cutting only; costs 1 and √2.",
            ),
            Algorithm::AnyAngle => (
                "any-angle",
                "Any-angle (navigation mesh)",
                "Any-angle",
                Controls::default(),
                None,
                "The shortest path at any angle between tile centres, over a navigation mesh \
                 of the free tiles.",
            ),
            Algorithm::Hierarchical => (
                "hierarchical",
                "Hierarchical (HPA*)",
                "HPA*",
                Controls {
                    moves: true,
                    costs: true,
                    cluster: true,
                    ..Controls::default()
                },
                None,
                "Clusters and the paths between their entrances, refined to tiles: near-optimal; \
                 the page shows how far above A*'s cost it lands.",
            ),
            Algorithm::ObstacleGraph => (
                "obstacle-graph",
                "Obstacle graph (GameplayKit)",
                "Obstacle graph",
                Controls::default(),
                None,
                "The walls grown by a quarter tile, nodes at their corners joined where they see \
                 each other.",
            ),
            Algorithm::MeshGraph => (
                "mesh-graph",
                "Mesh graph (GameplayKit)",
                "Mesh graph",
                Controls::default(),
                None,
                "A triangulation around the walls grown by a quarter tile.",
            ),
            Algorithm::Subgoal => (
                "subgoal",
                "Subgoal graph",
                "Subgoal graph",
                jps,
                Some(&[Diagonal::NoCornerCutting]),
                "The walls' corners joined by shortest free paths, with shortcuts over them: \
                 built once per map (again after an edit), optimal on uniform maps. 8-way \
                 without corner cutting only; costs 1 and √2.",
            ),
            Algorithm::WeightedJps => (
                "weighted-jps",
                "Jump points on terrain",
                "Jump points on terrain",
                jps,
                Some(&[Diagonal::NoCornerCutting]),
                "Jump Point Search that takes terrain: A*'s optimal paths, jumping across \
                 stretches of one weight and stopping where the terrain changes. Built once per \
                 map, then edited with it. 8-way without corner cutting only; costs 1 and √2 \
                 times the tile's weight.",
            ),
        }
    }

    /// The controls that apply to this algorithm.
    pub fn controls(self) -> Controls {
        self.entry().3
    }

    /// Whether it searches with this move rule.
    pub fn takes_moves(self, moves: Diagonal) -> bool {
        self.entry().4.is_none_or(|rules| rules.contains(&moves))
    }

    /// The algorithm as the page's menu lists it.
    pub fn menu_entry(self) -> AlgorithmEntry {
        let (code, label, short, controls, _, note) = self.entry();
        AlgorithmEntry {
            code,
            label,
            short,
            steps: self.steps(),
            controls,
            moves: DIAGONALS
                .iter()
                .filter(|d| self.takes_moves(d.value))
                .map(|d| d.code)
                .collect(),
            draws: match self {
                Algorithm::Hierarchical => Some("hierarchy"),
                Algorithm::AnyAngle => Some("mesh"),
                Algorithm::Subgoal => Some("subgoals"),
                _ => None,
            },
            note,
        }
    }
}

/// The menus, for the page.
pub fn menus() -> Menus {
    Menus {
        algorithms: Algorithm::ALL.iter().map(|a| a.menu_entry()).collect(),
        compare_with: Algorithm::Jps.code(),
        diagonals: &DIAGONALS,
        costs: &COSTS,
        heuristics: &HEURISTICS,
        ties: &TIES,
        rules: Rules {
            tutorial: Settings::tutorial(),
            moving_ai: Settings::moving_ai(),
            other: Settings::default(),
        },
    }
}

/// The value of `code` in `table`, or an error naming the codes there are.
fn by_code<T: Copy, E: serde::de::Error>(
    table: &[Choice<T>],
    what: &str,
    code: &str,
) -> Result<T, E> {
    table
        .iter()
        .find(|c| c.code == code)
        .map(|c| c.value)
        .ok_or_else(|| {
            let codes: Vec<&str> = table.iter().map(|c| c.code).collect();
            E::custom(format!(
                "unknown {what} {code:?}: one of {}",
                codes.join(", ")
            ))
        })
}

/// The code of `value` in `table`.
fn code_of<T: PartialEq>(table: &[Choice<T>], value: &T) -> &'static str {
    table
        .iter()
        .find(|c| c.value == *value)
        .map_or("", |c| c.code)
}

pub(crate) mod codes {
    //! Serde's field helpers: each setting read from and written as its menu code.

    use super::*;

    fn code<'de, D: Deserializer<'de>>(d: D) -> Result<String, D::Error> {
        String::deserialize(d)
    }

    pub(crate) fn algorithm<'de, D: Deserializer<'de>>(d: D) -> Result<Algorithm, D::Error> {
        let c = code(d)?;
        Algorithm::from_code(&c).ok_or_else(|| {
            let codes: Vec<&str> = Algorithm::ALL.iter().map(|a| a.code()).collect();
            D::Error::custom(format!(
                "unknown algorithm {c:?}: one of {}",
                codes.join(", ")
            ))
        })
    }

    pub(crate) fn algorithm_out<S: Serializer>(a: &Algorithm, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(a.code())
    }

    pub(crate) fn diagonal<'de, D: Deserializer<'de>>(d: D) -> Result<Diagonal, D::Error> {
        by_code(&DIAGONALS, "move rule", &code(d)?)
    }

    pub(crate) fn diagonal_out<S: Serializer>(v: &Diagonal, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(code_of(&DIAGONALS, v))
    }

    pub(crate) fn costs<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
        by_code(&COSTS, "move costs", &code(d)?)
    }

    pub(crate) fn costs_out<S: Serializer>(v: &bool, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(code_of(&COSTS, v))
    }

    pub(crate) fn heuristic<'de, D: Deserializer<'de>>(d: D) -> Result<Heuristic, D::Error> {
        by_code(&HEURISTICS, "heuristic", &code(d)?)
    }

    pub(crate) fn heuristic_out<S: Serializer>(v: &Heuristic, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(code_of(&HEURISTICS, v))
    }

    pub(crate) fn tie<'de, D: Deserializer<'de>>(d: D) -> Result<TieBreak, D::Error> {
        by_code(&TIES, "tie rule", &code(d)?)
    }

    pub(crate) fn tie_out<S: Serializer>(v: &TieBreak, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(code_of(&TIES, v))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_is_unique_and_reads_back() {
        let m = menus();
        let mut codes: Vec<&str> = m.algorithms.iter().map(|a| a.code).collect();
        codes.sort_unstable();
        codes.dedup();
        assert_eq!(codes.len(), Algorithm::ALL.len());
        for a in Algorithm::ALL {
            assert_eq!(Algorithm::from_code(a.code()), Some(a));
        }
        for settings in [
            Settings::tutorial(),
            Settings::moving_ai(),
            Settings::default(),
        ] {
            for algorithm in Algorithm::ALL {
                for d in DIAGONALS {
                    for t in TIES {
                        let s = Settings {
                            algorithm,
                            diagonal: d.value,
                            tie: t.value,
                            ..settings
                        };
                        let text = serde_json::to_string(&s).unwrap();
                        let back: Settings = serde_json::from_str(&text).unwrap();
                        assert_eq!(back, s, "{text}");
                    }
                }
            }
        }
    }

    #[test]
    fn unknown_codes_and_fields_are_refused_by_name() {
        let err = serde_json::from_str::<Settings>(r#"{"algorithm": "dfs"}"#).unwrap_err();
        assert!(
            err.to_string().contains("unknown algorithm \"dfs\""),
            "{err}"
        );
        let err = serde_json::from_str::<Settings>(r#"{"diagonal": "6-way"}"#).unwrap_err();
        assert!(
            err.to_string().contains("never, no-corner-cutting"),
            "{err}"
        );
        let err = serde_json::from_str::<Settings>(r#"{"diagnal": "never"}"#).unwrap_err();
        assert!(err.to_string().contains("unknown field `diagnal`"), "{err}");
        let err = serde_json::from_str::<Settings>(r#"{"weight": "heavy"}"#).unwrap_err();
        assert!(err.to_string().contains("invalid type"), "{err}");
        // A missing field keeps its default.
        let s: Settings = serde_json::from_str(r#"{"costs": "tutorial"}"#).unwrap();
        assert_eq!(
            s,
            Settings {
                tutorial_costs: true,
                ..Settings::default()
            }
        );
    }

    #[test]
    fn controls_follow_what_each_algorithm_reads() {
        let c = |a: Algorithm| a.controls();
        assert!(c(Algorithm::AStar).heuristic && c(Algorithm::AStar).tie);
        assert!(!c(Algorithm::Dijkstra).heuristic && c(Algorithm::Dijkstra).tie);
        assert!(c(Algorithm::WeightedAStar).weight && !c(Algorithm::AStar).weight);
        for a in [
            Algorithm::BreadthFirst,
            Algorithm::Jps,
            Algorithm::JpsPlus,
            Algorithm::AnyAngle,
            Algorithm::Hierarchical,
            Algorithm::ObstacleGraph,
            Algorithm::MeshGraph,
            Algorithm::Subgoal,
            Algorithm::WeightedJps,
        ] {
            assert!(!c(a).heuristic && !c(a).tie && !c(a).weight, "{a:?}");
        }
        assert!(c(Algorithm::Hierarchical).cluster);
        assert!(!c(Algorithm::AnyAngle).moves && !c(Algorithm::ObstacleGraph).costs);
        assert!(!Algorithm::JpsPlus.takes_moves(Diagonal::Never));
        for moves in [Diagonal::Never, Diagonal::CornerCutting, Diagonal::Always] {
            assert!(!Algorithm::Subgoal.takes_moves(moves), "{moves:?}");
        }
        assert!(Algorithm::Subgoal.takes_moves(Diagonal::NoCornerCutting));
        assert!(c(Algorithm::Subgoal).moves && !c(Algorithm::Subgoal).costs);
        for moves in [Diagonal::Never, Diagonal::CornerCutting, Diagonal::Always] {
            assert!(!Algorithm::WeightedJps.takes_moves(moves), "{moves:?}");
        }
        assert!(Algorithm::WeightedJps.takes_moves(Diagonal::NoCornerCutting));
        assert!(c(Algorithm::WeightedJps).moves && !c(Algorithm::WeightedJps).costs);
        assert!(Algorithm::Jps.takes_moves(Diagonal::Never));
        assert!(!Algorithm::Jps.takes_moves(Diagonal::CornerCutting));
    }
}
