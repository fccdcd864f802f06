//! `pathkit bench-any-angle`: optimal any-angle paths on meshes built from Moving AI maps,
//! pathkit's search beside the `polyanya` crate's on the same mesh and the same queries; lengths
//! checked against each other, times and expansions reported, and how much shorter the paths
//! are than the 8-connected grid optimum the scenario states.

#[cfg(feature = "peers")]
mod polyanya_peer;

use crate::bench::median;
use crate::cli::AnyAngleArgs;
use crate::error::CliError;
use crate::scenario;
use pathkit::geometry::Point;
use pathkit::grid::Cell;
use pathkit::navmesh::{AnyAngleSearch, NavMesh};
use pathkit::{Goal, Pathfinder};
use serde::Serialize;
use std::hint::black_box;
use std::time::Instant;

/// Relative difference allowed between the two lengths: `polyanya` computes in `f32`.
const AGREEMENT: f64 = 1e-4;

/// One map's results. polyanya runs twice: on pathkit's own triangles (the same mesh, so only
/// the searches differ) and on those triangles merged into convex polygons, as its documentation
/// recommends (`Mesh::merge_polygons`).
#[derive(Debug, Serialize)]
struct MapRow {
    map: String,
    triangles: usize,
    build_ms: f64,
    /// Polygons of polyanya's merged mesh.
    merged_polygons: Option<usize>,
    /// What merging took polyanya, in milliseconds (beside `build_ms`, pathkit's mesh).
    merge_ms: Option<f64>,
    queries: usize,
    pathkit_median_us: f64,
    pathkit_mean_us: f64,
    pathkit_mean_expanded: f64,
    /// polyanya on pathkit's triangles.
    polyanya_median_us: Option<f64>,
    polyanya_mean_us: Option<f64>,
    /// polyanya on the merged polygons.
    polyanya_merged_median_us: Option<f64>,
    polyanya_merged_mean_us: Option<f64>,
    /// pathkit's median over polyanya's on the triangles: below 1, pathkit is faster.
    ratio_median: Option<f64>,
    ratio_mean: Option<f64>,
    /// pathkit's median over polyanya's on the merged polygons: below 1, pathkit is faster.
    ratio_merged_median: Option<f64>,
    ratio_merged_mean: Option<f64>,
    /// Queries where a search found no path, or polyanya's length (on either mesh) differs
    /// from pathkit's.
    disagreements: usize,
    /// How much shorter than the 8-connected grid optimum, in percent.
    shorter_mean_pct: f64,
    shorter_max_pct: f64,
}

/// The centre of a cell, where Moving AI queries start and end.
fn centre(cell: Cell) -> Point {
    Point::new(f64::from(cell.x) + 0.5, f64::from(cell.y) + 0.5)
}

fn mean(values: &[f64]) -> f64 {
    if values.is_empty() {
        0.0
    } else {
        values.iter().sum::<f64>() / values.len() as f64
    }
}

/// The median of `rounds` timings of `f`, in microseconds, with its last result.
fn timed<T>(rounds: usize, mut f: impl FnMut() -> T) -> (f64, T) {
    let mut result = f(); // warm-up
    let mut times: Vec<f64> = (0..rounds)
        .map(|_| {
            let t = Instant::now();
            result = black_box(f());
            t.elapsed().as_secs_f64() * 1e6
        })
        .collect();
    (median(&mut times), result)
}

/// Runs the benchmark; exit status 1 when the two searches disagree on any length or one of them
/// finds no path where the scenario has one.
pub fn run(args: &AnyAngleArgs) -> Result<i32, CliError> {
    let files = scenario::collect(&args.paths)?;
    let rounds = args.rounds.max(1);
    let mut rows = Vec::new();
    for path in &files {
        let file = scenario::load(path)?;
        for group in &file.maps {
            let label = group
                .map_path
                .file_name()
                .map(|n| n.to_string_lossy().trim_end_matches(".map").to_string())
                .unwrap_or_default();
            eprintln!("{label}: building the mesh");
            let started = Instant::now();
            let mesh =
                NavMesh::from_grid(&group.grid).map_err(|e| CliError::Search(e.to_string()))?;
            let build_ms = started.elapsed().as_secs_f64() * 1e3;
            #[cfg(feature = "peers")]
            let (peer, merged, merge_ms) = {
                let peer = polyanya_peer::to_polyanya(&mesh).map_err(CliError::Search)?;
                let started = Instant::now();
                let merged = polyanya_peer::merged(&peer);
                let merge_ms = started.elapsed().as_secs_f64() * 1e3;
                (peer, merged, merge_ms)
            };
            let queries = crate::bench::spread(&group.queries, args.limit);
            let mut search = AnyAngleSearch::new();
            let mut out = Vec::new();
            let (mut ours, mut expanded, mut shorter) = (Vec::new(), Vec::new(), Vec::new());
            // polyanya's times on the triangles and on the merged polygons.
            let (mut on_triangles, mut on_merged) = (Vec::new(), Vec::new());
            let mut disagreements = 0;
            for q in &queries {
                let (s, g) = (centre(q.start), centre(q.goal));
                let (us, length) = timed(rounds, || {
                    mesh.find_path_into(
                        &mut search,
                        s,
                        Goal::Node(g),
                        &Default::default(),
                        &mut out,
                    )
                    .map(|s| s.found_cost())
                });
                let length = length.map_err(|e| CliError::Search(e.to_string()))?;
                ours.push(us);
                expanded.push(search.expanded() as f64);
                let Some(length) = length else {
                    disagreements += 1;
                    eprintln!("{label} line {}: no any-angle path", q.line);
                    continue;
                };
                if q.optimal > 0.0 {
                    shorter.push((q.optimal - length) / q.optimal * 100.0);
                }
                #[cfg(feature = "peers")]
                {
                    let (from, to) = (polyanya_peer::vec2(s), polyanya_peer::vec2(g));
                    let mut agrees = true;
                    for (peer, times, what) in [
                        (&peer, &mut on_triangles, "triangles"),
                        (&merged, &mut on_merged, "merged"),
                    ] {
                        let (us, peer_path) = timed(rounds, || peer.path(from, to));
                        times.push(us);
                        let peer_length = peer_path.map(|p| f64::from(p.length));
                        if !peer_length
                            .is_some_and(|p| (p - length).abs() <= AGREEMENT * length.max(1.0))
                        {
                            agrees = false;
                            eprintln!(
                                "{label} line {}: pathkit {length}, polyanya ({what}) {peer_length:?}",
                                q.line
                            );
                        }
                    }
                    disagreements += usize::from(!agrees);
                }
            }
            let (pm, pmean) = (median(&mut ours.clone()), mean(&ours));
            let stats = |times: &[f64]| {
                (!times.is_empty()).then(|| (median(&mut times.to_vec()), mean(times)))
            };
            let (tri, mer) = (stats(&on_triangles), stats(&on_merged));
            #[cfg(feature = "peers")]
            let (merged_polygons, merge_ms) =
                (Some(polyanya_peer::polygon_count(&merged)), Some(merge_ms));
            #[cfg(not(feature = "peers"))]
            let (merged_polygons, merge_ms) = (None, None);
            rows.push(MapRow {
                map: label,
                triangles: mesh.triangle_count(),
                build_ms,
                merged_polygons,
                merge_ms,
                queries: queries.len(),
                pathkit_median_us: pm,
                pathkit_mean_us: pmean,
                pathkit_mean_expanded: mean(&expanded),
                polyanya_median_us: tri.map(|p| p.0),
                polyanya_mean_us: tri.map(|p| p.1),
                polyanya_merged_median_us: mer.map(|p| p.0),
                polyanya_merged_mean_us: mer.map(|p| p.1),
                ratio_median: tri.map(|p| pm / p.0),
                ratio_mean: tri.map(|p| pmean / p.1),
                ratio_merged_median: mer.map(|p| pm / p.0),
                ratio_merged_mean: mer.map(|p| pmean / p.1),
                disagreements,
                shorter_mean_pct: mean(&shorter),
                shorter_max_pct: shorter.iter().copied().fold(0.0, f64::max),
            });
        }
    }
    if args.json {
        let json = serde_json::to_string_pretty(&rows).map_err(|e| CliError::Output {
            path: "stdout".into(),
            message: e.to_string(),
        })?;
        println!("{json}");
    } else {
        print!("{}", table(&rows, rounds, args.limit));
    }
    Ok(i32::from(rows.iter().any(|r| r.disagreements > 0)))
}

/// The report as a Markdown table.
fn table(rows: &[MapRow], rounds: usize, limit: usize) -> String {
    let opt =
        |v: Option<f64>, digits: usize| v.map_or("-".to_string(), |v| format!("{v:.digits$}"));
    let mut s = format!(
        "Optimal any-angle search on meshes of Moving AI maps ({} queries a map, median of {rounds} runs each; times in µs per query).\n\
         polyanya runs on pathkit's triangles and on them merged into convex polygons (Mesh::merge_polygons, as its documentation\n\
         recommends); a ratio is pathkit's time over polyanya's (below 1, pathkit is faster).\n\n",
        if limit == 0 { "all".to_string() } else { limit.to_string() }
    );
    s += "| map | triangles | merged polygons | mesh ms | merge ms | queries | pathkit median | pathkit mean | expanded \
          | polyanya (triangles) median | polyanya (triangles) mean | polyanya (merged) median | polyanya (merged) mean \
          | ratio (triangles) median | ratio (merged) median | ratio (triangles) mean | ratio (merged) mean \
          | disagree | shorter than 8-conn. mean % | max % |\n";
    s += "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n";
    for r in rows {
        s += &format!(
            "| {} | {} | {} | {:.0} | {} | {} | {:.1} | {:.1} | {:.0} | {} | {} | {} | {} | {} | {} | {} | {} | {} | {:.2} | {:.2} |\n",
            r.map,
            r.triangles,
            r.merged_polygons.map_or("-".to_string(), |n| n.to_string()),
            r.build_ms,
            opt(r.merge_ms, 0),
            r.queries,
            r.pathkit_median_us,
            r.pathkit_mean_us,
            r.pathkit_mean_expanded,
            opt(r.polyanya_median_us, 1),
            opt(r.polyanya_mean_us, 1),
            opt(r.polyanya_merged_median_us, 1),
            opt(r.polyanya_merged_mean_us, 1),
            opt(r.ratio_median, 2),
            opt(r.ratio_merged_median, 2),
            opt(r.ratio_mean, 2),
            opt(r.ratio_merged_mean, 2),
            r.disagreements,
            r.shorter_mean_pct,
            r.shorter_max_pct,
        );
    }
    s
}
