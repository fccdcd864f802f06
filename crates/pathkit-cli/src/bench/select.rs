//! Which scenario lines a limited benchmark runs.

use crate::scenario::Query;

/// `limit` queries spread evenly over the lines sorted by bucket (so short and long paths are
/// both represented, and shuffled MAPF files are handled like sorted ones); all of them when
/// `limit` is 0 or not smaller than their number. Deterministic.
pub fn spread(queries: &[Query], limit: usize) -> Vec<Query> {
    let mut sorted = queries.to_vec();
    sorted.sort_by_key(|q| (q.bucket, q.line));
    if limit == 0 || limit >= sorted.len() {
        return sorted;
    }
    let n = sorted.len();
    // The middle of each of `limit` equal slices.
    (0..limit)
        .map(|i| sorted[(2 * i + 1) * n / (2 * limit)])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use pathkit::grid::Cell;

    fn q(line: usize, bucket: u32) -> Query {
        Query {
            line,
            bucket,
            start: Cell::new(0, 0),
            goal: Cell::new(0, 0),
            optimal: 0.0,
        }
    }

    #[test]
    fn spreads_over_buckets() {
        let qs: Vec<Query> = (0..100).map(|i| q(i + 2, (99 - i as u32) / 10)).collect();
        let picked = spread(&qs, 10);
        let buckets: Vec<u32> = picked.iter().map(|q| q.bucket).collect();
        assert_eq!(buckets, (0..10).collect::<Vec<u32>>());
        assert_eq!(spread(&qs, 0).len(), 100);
        assert_eq!(spread(&qs, 500).len(), 100);
    }
}
