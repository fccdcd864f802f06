//! [`CostChecks`]: whether a search checks what a space tells it, or trusts it and takes the fast
//! loop.

/// Whether a search checks the edge costs and estimates a space gives it.
///
/// By default every cost and estimate is checked as the search meets it (finite, not negative),
/// and a bad one is a typed [`SearchError`](super::SearchError). A space whose costs are valid by
/// construction, and whose heuristic is consistent (it never drops by more than an edge costs:
/// the usual distance heuristics are, and zero is), can say so with [`CostChecks::Trusted`]: a
/// plain A* search (no limits, heuristic weight 1, no closest point) then runs the loop a grid runs
/// under its own weights, with no checks and the open list kept in F buckets. A broken promise gives a
/// wrong path or a [`CostOverflow`](super::SearchError::CostOverflow) error, never undefined
/// behaviour; searches with limits or other options stay checked.
///
/// ```
/// use pathkit::search::{CostChecks, IndexedSpace, SearchContext, SearchOptions, SearchSpace};
/// use pathkit::search::AStar;
/// use pathkit::Pathfinder;
///
/// /// A ring of 1000 nodes, each step costing 1: valid costs, zero heuristic.
/// struct Ring;
/// impl SearchSpace for Ring {
///     type Node = usize;
///     type Cost = u32;
///     fn successors<F: FnMut(usize, u32)>(&self, n: usize, mut visit: F) {
///         visit((n + 1) % 1000, 1);
///         visit((n + 999) % 1000, 1);
///     }
/// }
/// impl IndexedSpace for Ring {
///     fn node_bound(&self) -> usize { 1000 }
///     fn index_of(&self, n: usize) -> Option<usize> { (n < 1000).then_some(n) }
///     fn node_at(&self, i: usize) -> usize { i }
/// }
///
/// let mut ctx = SearchContext::new();
/// let trusted = SearchOptions::new().cost_checks(CostChecks::Trusted);
/// let path = AStar(&Ring).find_path_with(&mut ctx, 0, 990, &trusted).unwrap().into_path().unwrap();
/// assert_eq!(path.cost, 10); // the short way round
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum CostChecks {
    /// Every cost and estimate is checked.
    #[default]
    Checked,
    /// The space promises valid costs and a consistent heuristic: no checks, the fast loop.
    Trusted,
}
