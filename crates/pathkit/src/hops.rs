//! The cheapest route over hops (links, doorways) between walks that a search of their own
//! finds: what [`Linked`](crate::navmesh::Linked) and [`Building`](crate::levels::Building)
//! share.

/// One way a hop may be taken: (entry, exit, cost).
pub(crate) type Hop<N> = (N, N, f64);

/// A walk found: its cost and the nodes it passes, first to last.
pub(crate) type Walk<N> = (f64, Vec<N>);

/// The cheapest route from `start` to the goal: Dijkstra's algorithm over `start` and the exits
/// of `hops`, each step a walk from a node to a hop's entry (then the hop's cost) or to the goal.
/// `walk(from, Some(entry))` walks to an entry, `walk(from, None)` to the goal; `None` when there
/// is no such walk. `to_goal(from)` and `between(from, entry)` are lower bounds of those walks
/// (infinite where none can exist), which prune the walks that cannot beat what is known.
///
/// The route's cost and its nodes, a hop showing as its entry then its exit (consecutive equal
/// nodes merged); `None` when the goal cannot be reached.
pub(crate) fn cheapest_route<N: Copy + PartialEq, E>(
    start: N,
    hops: &[Hop<N>],
    mut walk: impl FnMut(N, Option<N>) -> Result<Option<Walk<N>>, E>,
    to_goal: impl Fn(N) -> f64,
    between: impl Fn(N, N) -> f64,
) -> Result<Option<Walk<N>>, E> {
    // Node 0 is the start, node k + 1 the exit of hop k.
    let n = hops.len() + 1;
    let at = |node: usize| if node == 0 { start } else { hops[node - 1].1 };
    let mut dist = vec![f64::INFINITY; n];
    // How each node was reached: the node before, and the walk to the hop's entry.
    let mut came: Vec<Option<(usize, Vec<N>)>> = vec![None; n];
    let mut done = vec![false; n];
    dist[0] = 0.0;
    let mut best: Option<(f64, usize, Vec<N>)> = None;
    let cap = |best: &Option<(f64, usize, Vec<N>)>| best.as_ref().map_or(f64::INFINITY, |b| b.0);
    loop {
        // The nearest node not done yet (the nodes are few: a scan).
        let next = (0..n)
            .filter(|&k| !done[k] && dist[k].is_finite())
            .min_by(|&a, &b| dist[a].total_cmp(&dist[b]));
        let Some(u) = next else { break };
        if cap(&best) <= dist[u] {
            break;
        }
        done[u] = true;
        let here = at(u);
        if dist[u] + to_goal(here) < cap(&best) {
            if let Some((length, nodes)) = walk(here, None)? {
                if dist[u] + length < cap(&best) {
                    best = Some((dist[u] + length, u, nodes));
                }
            }
        }
        for (k, &(entry, _, cost)) in hops.iter().enumerate() {
            let v = k + 1;
            if done[v] {
                continue;
            }
            let limit = dist[v].min(cap(&best));
            if dist[u] + between(here, entry) + cost >= limit {
                continue;
            }
            if let Some((length, nodes)) = walk(here, Some(entry))? {
                let through = dist[u] + length + cost;
                if through < dist[v] {
                    dist[v] = through;
                    came[v] = Some((u, nodes));
                }
            }
        }
    }
    let Some((cost, last, tail)) = best else {
        return Ok(None);
    };
    // Back from the goal: the last walk, then each hop and the walk to its entry.
    let mut legs = vec![tail];
    let mut node = last;
    while let Some((before, walk)) = &came[node] {
        legs.push(walk.clone());
        node = *before;
    }
    let mut route: Vec<N> = legs.into_iter().rev().flatten().collect();
    route.dedup();
    Ok(Some((cost, route)))
}
