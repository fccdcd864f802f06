//! [`Landmarks`]: exact costs between a few landmark nodes and every node, from which
//! [`WithLandmarks`](crate::search::WithLandmarks) estimates the cost between any two nodes (the ALT
//! heuristic: A*, Landmarks, Triangle inequality; Goldberg and Harrelson 2005).
//!
//! For a landmark `L`, the cheapest route from `n` to `g` cannot be cheaper than what going on
//! to `L` would save: `d(n, g) >= d(n, L) - d(g, L)`, and likewise
//! `d(n, g) >= d(L, g) - d(L, n)`. Both are exact costs read from the tables, so on a maze,
//! where a straight-line estimate is blind to the walls, the larger of them over a handful of
//! landmarks is often the true cost and A* walks almost straight to the goal.

use super::choice::LandmarkChoice;
use super::error::LandmarkError;
use super::reversed_edges::ReversedEdges;
use crate::limits;
use crate::search::{IndexedSpace, SearchContext, SearchError};
use crate::Cost;

/// Costs between a few landmarks and every node of an [`IndexedSpace`], computed once by
/// Dijkstra searches over the space itself (so terrain weights, diagonal rules and one-way
/// edges are all in them), for the estimate of [`WithLandmarks`](crate::search::WithLandmarks).
///
/// # What is stored
///
/// For each landmark `L` and each node `n`: the cost from `L` to `n` and, unless the space is
/// symmetric, the cost from `n` to `L` (found by searching the space's edges backwards). The
/// build finds out by itself whether the space is symmetric: every edge `u -> v` has an edge
/// `v -> u` of the same cost (grids without terrain weights, undirected node graphs). Then one
/// table serves both directions and [`memory_bytes`](Self::memory_bytes) is halved. A node no
/// route joins to a landmark has no cost in that landmark's column ("no distance").
///
/// Only nodes a search from the seed (or from the given landmarks) reaches are looked at: the
/// space is known only by its successors. A node the build did not reach gets no estimate from
/// the tables (the space's own heuristic still applies).
///
/// # After edits
///
/// The tables describe the space as it was when they were built. They stay admissible and
/// consistent as long as costs only grow: walls added, terrain made dearer, edges removed
/// (every route then costs at least what it did, and the bounds were computed for cheaper
/// routes). Anything that makes a route cheaper or opens a new one (a wall removed, a weight
/// lowered, an edge added) can make the estimate too high: build the tables again.
///
/// # Memory
///
/// `node_bound() x landmarks` costs per table, one or two tables
/// ([`memory_needed`](Self::memory_needed)), plus one bit a node: 16 landmarks over a 512 x 512
/// grid with `f64` costs take 32 MiB (symmetric) or 64 MiB. The tables are checked against
/// [`MAX_MAP_BYTES`](crate::limits::MAX_MAP_BYTES) before they are allocated, and allocated
/// fallibly.
///
/// ```
/// use pathkit::grid::{Cell, Grid};
/// use pathkit::search::{IndexedSpace, LandmarkChoice, Landmarks, SearchContext};
/// use pathkit::search::AStar;
/// use pathkit::Pathfinder;
///
/// // A wall forces a long detour that the octile estimate cannot see.
/// let grid = Grid::from_ascii(
///     "..........\n\
///      ..........\n\
///      ..........\n\
///      @@@@@@@@@.\n\
///      ..........",
/// ).unwrap();
/// let space = grid.eight_connected();
/// let landmarks = Landmarks::new(&space, LandmarkChoice::Farthest { count: 2, seed: Cell::new(0, 0) }).unwrap();
/// assert!(landmarks.is_symmetric()); // no terrain weights: every move costs the same both ways
///
/// let mut ctx = SearchContext::new();
/// let plain = AStar(&space).find_path(&mut ctx, Cell::new(0, 0), Cell::new(0, 4)).unwrap();
/// let plain_expanded = ctx.stats().expanded;
/// let guided = AStar(&space.with_landmarks(&landmarks)).find_path(&mut ctx, Cell::new(0, 0), Cell::new(0, 4)).unwrap();
/// assert_eq!(guided.path().unwrap().cost, plain.path().unwrap().cost);
/// assert!(ctx.stats().expanded < plain_expanded);
/// ```
#[derive(Clone, Debug)]
pub struct Landmarks<N, C> {
    /// The landmarks, in the order chosen.
    nodes: Vec<N>,
    /// The space's `node_bound()` when the tables were built.
    bound: usize,
    /// `from[n * k + i]`: the cost from landmark `i` to node `n`, or `NO_DISTANCE`. Node-major,
    /// so one estimate reads one or two cache lines per node.
    from: Vec<C>,
    /// `to[n * k + i]`: the cost from node `n` to landmark `i`; empty when the space is
    /// symmetric (`from` serves).
    to: Vec<C>,
    /// One bit a node: the build reached it, so its costs to the landmarks are known ("no
    /// distance" there means no route).
    reached: Vec<u64>,
    symmetric: bool,
    /// The estimate of a node the tables prove cannot reach the goal: the largest cost in the
    /// tables (see [`Landmarks::estimate`]); `None` when twice that does not fit the cost type.
    unreachable_estimate: Option<C>,
}

impl<N: Copy + Eq + std::fmt::Debug, C: Cost> Landmarks<N, C> {
    /// Chooses the landmarks and computes their tables over `space`: one Dijkstra search from
    /// each landmark, one more over the space's edges turned around when the space is not
    /// symmetric, and, for [`LandmarkChoice::Farthest`], one from the seed.
    ///
    /// # Errors
    ///
    /// [`LandmarkError::NoLandmarks`] when none is asked for; [`LandmarkError::Search`] for a seed
    /// or landmark outside the space, an invalid edge cost or a cost that does not fit;
    /// [`LandmarkError::Refused`] ([`TooLarge`](crate::limits::Refusal::TooLarge) or
    /// [`OutOfMemory`](crate::limits::Refusal::OutOfMemory)) for the tables.
    ///
    /// ```
    /// use pathkit::graph::{Direction, NodeGraph, NodeKind};
    /// use pathkit::search::{LandmarkChoice, Landmarks};
    ///
    /// // One-way edges: a ring 0 -> 1 -> 2 -> 3 -> 0.
    /// let (mut graph, n) = NodeGraph::with_nodes([NodeKind::Plain; 4]);
    /// for i in 0..4 {
    ///     graph.add_connections(n[i], &[n[(i + 1) % 4]], Direction::OneWay).unwrap();
    /// }
    /// let space = graph.space();
    /// let landmarks = Landmarks::new(&space, LandmarkChoice::Given(vec![n[0]])).unwrap();
    /// assert!(!landmarks.is_symmetric());
    /// assert_eq!(landmarks.from_landmark(&space, 0, n[1]), Some(1.0));
    /// assert_eq!(landmarks.to_landmark(&space, 0, n[1]), Some(3.0));
    /// ```
    pub fn new<S>(space: &S, choice: LandmarkChoice<N>) -> Result<Self, LandmarkError<N>>
    where
        S: IndexedSpace<Node = N, Cost = C>,
    {
        let wanted = choice.wanted();
        if wanted == 0 {
            return Err(LandmarkError::NoLandmarks);
        }
        let bound = space.node_bound();
        // The table of costs from the landmarks is checked before anything runs; the one
        // toward them once the space is known not to be symmetric.
        limits::check(Self::memory_needed(bound, wanted, false))?;
        let mut ctx = SearchContext::new();

        // The nodes the build looks at: those the seed, or the given landmarks, reach.
        let sources = match &choice {
            LandmarkChoice::Farthest { seed, .. } => vec![*seed],
            LandmarkChoice::Given(nodes) => nodes.clone(),
        };
        drop(ctx.distance_map(space, sources.iter().copied(), None)?);
        let mut reached = limits::try_filled(bound.div_ceil(64), 0u64)?;
        let mut members = limits::try_with_capacity::<u32>(ctx.scratch.order.len())?;
        for &i in &ctx.scratch.order {
            let (word, bit) = (i as usize / 64, 1u64 << (i % 64));
            if reached[word] & bit == 0 {
                reached[word] |= bit;
                members.push(i);
            }
        }
        // For the farthest choice: each member's cost from its nearest landmark so far, and
        // the first landmark, the member farthest from the seed.
        let mut nearest = Vec::new();
        let mut next = None;
        if let LandmarkChoice::Farthest { .. } = choice {
            nearest = limits::try_filled(bound, C::NO_DISTANCE)?;
            next = farthest(&members, |i| ctx.records.slots[i as usize].g);
        }

        let reversed = ReversedEdges::of(space, &members)?;
        let symmetric = is_symmetric(space, &members, &reversed);
        if !symmetric {
            limits::check(Self::memory_needed(bound, wanted, true))?;
        }

        let k = wanted;
        let mut from = limits::try_filled(bound * k, C::NO_DISTANCE)?;
        let mut nodes = limits::try_with_capacity::<N>(k)?;
        for i in 0..k {
            let landmark = match &choice {
                LandmarkChoice::Given(given) => given[i],
                LandmarkChoice::Farthest { .. } => match next {
                    Some(index) => space.node_at(index as usize),
                    None => break,
                },
            };
            drop(ctx.distance_map(space, [landmark], None)?);
            for &v in &ctx.scratch.order {
                let cost = table_cost(ctx.records.slots[v as usize].g, || {
                    space.node_at(v as usize)
                })?;
                from[v as usize * k + i] = cost;
                if let Some(near) = nearest.get_mut(v as usize) {
                    if cost < *near {
                        *near = cost;
                    }
                }
            }
            nodes.push(landmark);
            if !nearest.is_empty() {
                // The next is the member farthest from every landmark so far; one at zero
                // cost from a landmark would add nothing.
                next = farthest(&members, |i| nearest[i as usize])
                    .filter(|&i| nearest[i as usize] > C::ZERO);
            }
        }
        drop(nearest);
        nodes.shrink_to_fit();
        let from = narrowed(from, bound, k, nodes.len())?;
        let k = nodes.len();

        let mut to = Vec::new();
        if !symmetric {
            to = limits::try_filled(bound * k, C::NO_DISTANCE)?;
            for (i, &landmark) in nodes.iter().enumerate() {
                // The landmark was searched from above: it is in the space.
                let start = space.index_of(landmark).unwrap_or(0) as u32;
                let node = |v: u32| space.node_at(v as usize);
                drop(
                    ctx.distance_map(&reversed, [start], None)
                        .map_err(|e| renamed(e, node))?,
                );
                for &v in &ctx.scratch.order {
                    to[v as usize * k + i] =
                        table_cost(ctx.records.slots[v as usize].g, || node(v))?;
                }
            }
        }
        drop(reversed);

        let largest = from
            .iter()
            .chain(&to)
            .copied()
            .filter(|&c| c != C::NO_DISTANCE)
            .fold(C::ZERO, |a, b| if b > a { b } else { a });
        Ok(Landmarks {
            nodes,
            bound,
            from,
            to,
            reached,
            symmetric,
            unreachable_estimate: largest.checked_add(largest).map(|_| largest),
        })
    }

    /// Bytes the tables of `landmarks` landmarks over a space of `nodes` nodes take: one table
    /// of costs, two when `directed` (not symmetric), and one bit a node.
    ///
    /// ```
    /// use pathkit::grid::Cell;
    /// use pathkit::search::Landmarks;
    ///
    /// // 16 landmarks over a 512 x 512 grid, f64 costs.
    /// let symmetric = Landmarks::<Cell, f64>::memory_needed(512 * 512, 16, false);
    /// assert_eq!(symmetric, 512 * 512 * 16 * 8 + 512 * 512 / 8 + 16 * 8);
    /// assert_eq!(Landmarks::<Cell, f64>::memory_needed(512 * 512, 16, true) - symmetric, 512 * 512 * 16 * 8);
    /// ```
    #[must_use]
    pub fn memory_needed(nodes: usize, landmarks: usize, directed: bool) -> u64 {
        let table = limits::bytes_of::<C>((nodes as u64).saturating_mul(landmarks as u64));
        let tables = if directed {
            table.saturating_mul(2)
        } else {
            table
        };
        tables
            .saturating_add(limits::bytes_of::<u64>((nodes as u64).div_ceil(64)))
            .saturating_add(limits::bytes_of::<N>(landmarks as u64))
    }

    /// Bytes the tables hold: [`memory_needed`](Self::memory_needed) of the space's nodes, the
    /// landmarks chosen and whether the space was found directed.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{LandmarkChoice, Landmarks};
    ///
    /// let grid = Grid::new(100, 100).unwrap();
    /// let landmarks = Landmarks::new(&grid.eight_connected(), LandmarkChoice::Farthest { count: 4, seed: Cell::new(0, 0) }).unwrap();
    /// assert_eq!(landmarks.memory_bytes(), Landmarks::<Cell, f64>::memory_needed(100 * 100, 4, false));
    /// assert_eq!(landmarks.memory_bytes(), 100 * 100 * 4 * 8 + 1256 + 4 * 8);
    /// ```
    #[must_use]
    pub fn memory_bytes(&self) -> u64 {
        limits::bytes_of::<C>((self.from.capacity() + self.to.capacity()) as u64)
            .saturating_add(limits::bytes_of::<u64>(self.reached.capacity() as u64))
            .saturating_add(limits::bytes_of::<N>(self.nodes.capacity() as u64))
    }

    /// The landmarks, in the order chosen (for [`LandmarkChoice::Given`], the list given).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{LandmarkChoice, Landmarks};
    ///
    /// let grid = Grid::new(10, 1).unwrap();
    /// // The farthest from the seed first, then the farthest from it.
    /// let landmarks = Landmarks::new(&grid.four_connected(), LandmarkChoice::Farthest { count: 2, seed: Cell::new(3, 0) }).unwrap();
    /// assert_eq!(landmarks.nodes(), [Cell::new(9, 0), Cell::new(0, 0)]);
    /// ```
    #[must_use]
    pub fn nodes(&self) -> &[N] {
        &self.nodes
    }

    /// `true` when the build found every edge matched by one back at the same cost, and so
    /// keeps one table for both directions.
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{LandmarkChoice, Landmarks};
    ///
    /// let choice = || LandmarkChoice::Given(vec![Cell::new(0, 0)]);
    /// let plain = Grid::new(3, 3).unwrap();
    /// assert!(Landmarks::new(&plain.four_connected(), choice()).unwrap().is_symmetric());
    /// // Entering a cell costs its weight: uphill into the 5 is dearer than back out of it.
    /// let hills = Grid::from_ascii("..5\n...\n...").unwrap();
    /// assert!(!Landmarks::new(&hills.four_connected(), choice()).unwrap().is_symmetric());
    /// ```
    #[must_use]
    pub fn is_symmetric(&self) -> bool {
        self.symmetric
    }

    /// The cost from landmark number `landmark` (an index into [`nodes`](Self::nodes)) to
    /// `node`, or `None` when no route leads there (or `node` is not in the space).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{LandmarkChoice, Landmarks};
    ///
    /// let grid = Grid::from_ascii("..#.").unwrap();
    /// let space = grid.four_connected();
    /// let landmarks = Landmarks::new(&space, LandmarkChoice::Given(vec![Cell::new(0, 0)])).unwrap();
    /// assert_eq!(landmarks.from_landmark(&space, 0, Cell::new(1, 0)), Some(1));
    /// assert_eq!(landmarks.from_landmark(&space, 0, Cell::new(3, 0)), None);
    /// ```
    #[must_use]
    pub fn from_landmark<S>(&self, space: &S, landmark: usize, node: N) -> Option<C>
    where
        S: IndexedSpace<Node = N, Cost = C>,
    {
        self.entry(&self.from, landmark, space.index_of(node)?)
    }

    /// The cost from `node` to landmark number `landmark`, or `None` when no route is known
    /// (none exists, or the build never reached `node`).
    ///
    /// ```
    /// use pathkit::grid::{Cell, Grid};
    /// use pathkit::search::{LandmarkChoice, Landmarks};
    ///
    /// let grid = Grid::from_ascii(".9.").unwrap();
    /// let space = grid.four_connected();
    /// let landmarks = Landmarks::new(&space, LandmarkChoice::Given(vec![Cell::new(2, 0)])).unwrap();
    /// // Into the 9 and on: 9 + 1 toward the landmark; 9 + 1 back too, entering (0, 0) costs 1.
    /// assert_eq!(landmarks.to_landmark(&space, 0, Cell::new(0, 0)), Some(10));
    /// assert_eq!(landmarks.to_landmark(&space, 0, Cell::new(1, 0)), Some(1));
    /// assert_eq!(landmarks.from_landmark(&space, 0, Cell::new(1, 0)), Some(9));
    /// ```
    #[must_use]
    pub fn to_landmark<S>(&self, space: &S, landmark: usize, node: N) -> Option<C>
    where
        S: IndexedSpace<Node = N, Cost = C>,
    {
        let table = if self.symmetric { &self.from } else { &self.to };
        self.entry(table, landmark, space.index_of(node)?)
    }

    /// The entry of `table` for landmark `landmark` and node index `node`, if it holds a cost.
    fn entry(&self, table: &[C], landmark: usize, node: usize) -> Option<C> {
        if landmark >= self.nodes.len() || node >= self.bound {
            return None;
        }
        let cost = table[node * self.nodes.len() + landmark];
        (cost != C::NO_DISTANCE).then_some(cost)
    }

    /// `true` when the build reached node index `n`, so that its costs to the landmarks are
    /// known.
    fn was_reached(&self, n: usize) -> bool {
        self.reached[n / 64] & (1u64 << (n % 64)) != 0
    }

    /// A lower bound of the cost from node index `n` to node index `g`: the largest of the
    /// triangle-inequality bounds over the landmarks (zero from indices the tables do not
    /// cover).
    ///
    /// For landmark `L`, `d(L, g) - d(L, n)` and `d(n, L) - d(g, L)`, where both costs are
    /// known. Where only one is, the tables may prove that no route leads from `n` to `g`:
    /// `L` reaches `n` but not `g` (a route `n -> g` would give one `L -> g`), or `g` reaches
    /// `L` but `n`, which the build reached, does not (a route `n -> g` would give one
    /// `n -> L`). Any estimate is then admissible; the largest cost in the tables is returned.
    /// The nodes proven so are closed under successors, and this estimate is at least every
    /// other one, so the estimate stays consistent: such nodes wait at the back of the open
    /// list instead of being searched early. When twice the largest cost does not fit the
    /// cost type, proven nodes get their bounds like any other (still admissible).
    #[inline]
    pub(crate) fn estimate(&self, n: usize, g: usize) -> C {
        if n >= self.bound || g >= self.bound {
            return C::ZERO;
        }
        let k = self.nodes.len();
        let (from_n, from_g) = (&self.from[n * k..][..k], &self.from[g * k..][..k]);
        let (to_n, to_g) = if self.symmetric {
            (from_n, from_g)
        } else {
            (&self.to[n * k..][..k], &self.to[g * k..][..k])
        };
        let mut best = C::ZERO;
        for i in 0..k {
            let (l_n, l_g) = (from_n[i], from_g[i]);
            if l_n != C::NO_DISTANCE {
                if l_g != C::NO_DISTANCE {
                    let bound = l_g.excess_over(l_n);
                    if bound > best {
                        best = bound;
                    }
                } else if let Some(proven) = self.unreachable_estimate {
                    return proven;
                }
            }
            let (n_l, g_l) = (to_n[i], to_g[i]);
            if g_l != C::NO_DISTANCE {
                if n_l != C::NO_DISTANCE {
                    let bound = n_l.excess_over(g_l);
                    if bound > best {
                        best = bound;
                    }
                } else if let Some(proven) = self.unreachable_estimate {
                    if self.was_reached(n) {
                        return proven;
                    }
                }
            }
        }
        best
    }

    /// `true` when the tables prove that no route leads from node index `n` to node index `g`
    /// (see [`estimate`](Self::estimate)).
    pub(crate) fn separates(&self, n: usize, g: usize) -> bool {
        if n >= self.bound || g >= self.bound {
            return false;
        }
        let k = self.nodes.len();
        let to = if self.symmetric { &self.from } else { &self.to };
        (0..k).any(|i| {
            let (l_n, l_g) = (self.from[n * k + i], self.from[g * k + i]);
            let (n_l, g_l) = (to[n * k + i], to[g * k + i]);
            (l_n != C::NO_DISTANCE && l_g == C::NO_DISTANCE)
                || (g_l != C::NO_DISTANCE && n_l == C::NO_DISTANCE && self.was_reached(n))
        })
    }
}

/// The member with the largest `cost` ("no distance" counts as farther than any), the first
/// of them on ties; `None` without members.
fn farthest<C: Cost>(members: &[u32], cost: impl Fn(u32) -> C) -> Option<u32> {
    let mut best: Option<(u32, C)> = None;
    for &i in members {
        let c = cost(i);
        if best.is_none_or(|(_, b)| c.total_order(&b).is_gt()) {
            best = Some((i, c));
        }
    }
    best.map(|(i, _)| i)
}

/// `cost` as a table entry: refused when it is the value the tables keep for "no distance"
/// (an integer cost that reached its type's maximum).
fn table_cost<N, C: Cost>(cost: C, node: impl FnOnce() -> N) -> Result<C, SearchError<N>> {
    if cost == C::NO_DISTANCE {
        Err(SearchError::CostOverflow { node: node() })
    } else {
        Ok(cost)
    }
}

/// The table `table` of `width` columns a node, cut to its first `used` columns (fewer
/// landmarks than asked for were chosen).
fn narrowed<C: Cost>(
    table: Vec<C>,
    bound: usize,
    width: usize,
    used: usize,
) -> Result<Vec<C>, limits::Refusal> {
    if used == width {
        return Ok(table);
    }
    let mut cut = limits::try_with_capacity(bound * used)?;
    for row in table.chunks_exact(width) {
        cut.extend_from_slice(&row[..used]);
    }
    Ok(cut)
}

/// `true` when, for every member, the edges arriving at it are the edges leaving it (same
/// nodes, same costs, as multisets): then a route's cost is the same both ways.
fn is_symmetric<S: IndexedSpace>(
    space: &S,
    members: &[u32],
    reversed: &ReversedEdges<S::Cost>,
) -> bool {
    let order =
        |a: &(usize, S::Cost), b: &(usize, S::Cost)| a.0.cmp(&b.0).then(a.1.total_order(&b.1));
    let (mut leaving, mut arriving) = (Vec::new(), Vec::new());
    members.iter().all(|&u| {
        leaving.clear();
        arriving.clear();
        let mut outside = false;
        space.successors(space.node_at(u as usize), |v, cost| {
            match space.index_of(v) {
                Some(v) => leaving.push((v, cost)),
                None => outside = true,
            }
        });
        arriving.extend(reversed.arrivals(u).map(|(v, cost)| (v as usize, cost)));
        leaving.sort_by(order);
        arriving.sort_by(order);
        !outside
            && leaving.len() == arriving.len()
            && leaving
                .iter()
                .zip(&arriving)
                .all(|(a, b)| order(a, b).is_eq())
    })
}

/// An error of a search over the reversed edges (nodes are dense indices), in the space's own
/// nodes: `node(i)` is the node at index `i`. An edge names its original direction.
fn renamed<N>(e: SearchError<u32>, node: impl Fn(u32) -> N) -> SearchError<N> {
    match e {
        SearchError::InvalidCost { from, to, cost } => SearchError::InvalidCost {
            from: node(to),
            to: node(from),
            cost,
        },
        other => other.map_node(node),
    }
}
