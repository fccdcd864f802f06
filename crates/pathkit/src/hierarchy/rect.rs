//! [`Rect`]: a rectangle of cells (a cluster), and a grid space cut down to one.

use crate::grid::Cell;
use crate::search::{IndexedSpace, SearchSpace};

/// A rectangle of cells: columns `x..x + width`, rows `y..y + height`. Clusters are rectangles.
///
/// ```
/// use pathkit::grid::Cell;
/// use pathkit::hierarchy::Rect;
///
/// let rect = Rect { x: 16, y: 0, width: 16, height: 8 };
/// assert!(rect.contains(Cell::new(31, 7)));
/// assert!(!rect.contains(Cell::new(32, 7)));
/// assert_eq!(rect.area(), 128);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Rect {
    /// The leftmost column.
    pub x: u32,
    /// The top row.
    pub y: u32,
    /// Columns, at least one.
    pub width: u32,
    /// Rows, at least one.
    pub height: u32,
}

impl Rect {
    /// Whether `cell` lies inside.
    ///
    /// ```
    /// use pathkit::grid::Cell;
    /// use pathkit::hierarchy::Rect;
    ///
    /// assert!(Rect { x: 2, y: 2, width: 1, height: 1 }.contains(Cell::new(2, 2)));
    /// ```
    #[inline]
    #[must_use]
    pub fn contains(&self, cell: Cell) -> bool {
        cell.x.wrapping_sub(self.x) < self.width && cell.y.wrapping_sub(self.y) < self.height
    }

    /// The number of cells.
    ///
    /// ```
    /// use pathkit::hierarchy::Rect;
    ///
    /// assert_eq!(Rect { x: 0, y: 0, width: 3, height: 4 }.area(), 12);
    /// ```
    #[must_use]
    pub fn area(&self) -> usize {
        self.width as usize * self.height as usize
    }

    /// The smallest rectangle holding both.
    pub(crate) fn union(self, other: Rect) -> Rect {
        let x = self.x.min(other.x);
        let y = self.y.min(other.y);
        let right = (self.x + self.width).max(other.x + other.width);
        let bottom = (self.y + self.height).max(other.y + other.height);
        Rect {
            x,
            y,
            width: right - x,
            height: bottom - y,
        }
    }

    /// The smallest rectangle holding `self` and `cell`.
    pub(crate) fn with(self, cell: Cell) -> Rect {
        self.union(Rect {
            x: cell.x,
            y: cell.y,
            width: 1,
            height: 1,
        })
    }

    /// Grown by `margin` cells on every side, kept within a `width` x `height` map.
    pub(crate) fn grown(self, margin: u32, width: u32, height: u32) -> Rect {
        let x = self.x.saturating_sub(margin);
        let y = self.y.saturating_sub(margin);
        let right = (self.x + self.width).saturating_add(margin).min(width);
        let bottom = (self.y + self.height).saturating_add(margin).min(height);
        Rect {
            x,
            y,
            width: right - x,
            height: bottom - y,
        }
    }
}

/// A space over cells with every move that leaves `rect` dropped, and nodes indexed inside the
/// rectangle: a search in one cluster keeps per-node state for the cluster only, not the map.
pub(crate) struct RectSpace<'s, S> {
    pub space: &'s S,
    pub rect: Rect,
}

impl<S: SearchSpace<Node = Cell>> SearchSpace for RectSpace<'_, S> {
    type Node = Cell;
    type Cost = S::Cost;

    #[inline]
    fn successors<F: FnMut(Cell, S::Cost)>(&self, cell: Cell, mut visit: F) {
        let rect = self.rect;
        self.space.successors(cell, |next, cost| {
            if rect.contains(next) {
                visit(next, cost)
            }
        });
    }

    #[inline]
    fn heuristic(&self, cell: Cell, goal: Cell) -> S::Cost {
        self.space.heuristic(cell, goal)
    }
}

impl<S: SearchSpace<Node = Cell>> IndexedSpace for RectSpace<'_, S> {
    fn node_bound(&self) -> usize {
        self.rect.area()
    }

    #[inline]
    fn index_of(&self, cell: Cell) -> Option<usize> {
        self.rect.contains(cell).then(|| {
            (cell.y - self.rect.y) as usize * self.rect.width as usize
                + (cell.x - self.rect.x) as usize
        })
    }

    #[inline]
    fn node_at(&self, index: usize) -> Cell {
        let width = self.rect.width as usize;
        Cell::new(
            self.rect.x + (index % width) as u32,
            self.rect.y + (index / width) as u32,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn union_grown_and_with_stay_inside_the_map() {
        let a = Rect {
            x: 2,
            y: 3,
            width: 2,
            height: 2,
        };
        assert_eq!(
            a.with(Cell::new(6, 1)),
            Rect {
                x: 2,
                y: 1,
                width: 5,
                height: 4
            }
        );
        assert_eq!(
            a.grown(5, 6, 100),
            Rect {
                x: 0,
                y: 0,
                width: 6,
                height: 10
            }
        );
        assert!(!a.contains(Cell::new(1, 3)));
        assert!(!a.contains(Cell::new(2, 5)));
    }
}
