//! [`RebuiltTable`]: a table derived from a map, built when first asked for and rebuilt in its
//! own arrays after an edit it cannot follow; the grids' and hex grids' connected components.

use crate::limits::Refusal;
use std::sync::{Mutex, OnceLock};

/// A table derived from a map (the connected components of its passable cells), built on the
/// first question after the map was made or after an edit the table cannot follow in place (a
/// new wall may split a component, which union-find cannot undo).
///
/// Queries ask through `&self`, from any thread, so the table sits in a [`OnceLock`]. Edits
/// that only grow the table (a wall knocked down merges components) update it in place through
/// [`get_mut`](Self::get_mut); the others [`invalidate`](Self::invalidate) it, and its arrays
/// are kept aside for the next build, so an edit costs the rebuild's time but never an
/// allocation.
#[derive(Debug)]
pub(crate) struct RebuiltTable<T> {
    built: OnceLock<T>,
    /// The arrays of the last table invalidated, for the next build. Taken once per rebuild
    /// (the lock is never held for longer than that).
    spare: Mutex<Option<T>>,
}

impl<T> Default for RebuiltTable<T> {
    fn default() -> Self {
        RebuiltTable {
            built: OnceLock::new(),
            spare: Mutex::new(None),
        }
    }
}

/// A clone keeps the table built so far, not the spare arrays (which only save the original an
/// allocation).
impl<T: Clone> Clone for RebuiltTable<T> {
    fn clone(&self) -> Self {
        RebuiltTable {
            built: self.built.clone(),
            spare: Mutex::new(None),
        }
    }
}

impl<T> RebuiltTable<T> {
    /// The table, built now by `build` if needed. `build` is handed the arrays of the last table
    /// invalidated, when there are any, to build in; its refusal (the allocator's) is returned
    /// and nothing is kept.
    ///
    /// Every query asks, so the build is kept out of line.
    pub fn get(&self, build: impl FnOnce(Option<T>) -> Result<T, Refusal>) -> Result<&T, Refusal> {
        match self.built.get() {
            Some(table) => Ok(table),
            None => self.build(build),
        }
    }

    /// [`get`](Self::get) when nothing is built: builds, in the spare arrays if there are any.
    #[cold]
    #[inline(never)]
    fn build(&self, build: impl FnOnce(Option<T>) -> Result<T, Refusal>) -> Result<&T, Refusal> {
        let recycled = self.spare.lock().ok().and_then(|mut spare| spare.take());
        let built = build(recycled)?;
        Ok(self.built.get_or_init(|| built))
    }

    /// The table, if built, to update in place.
    pub fn get_mut(&mut self) -> Option<&mut T> {
        self.built.get_mut()
    }

    /// The map changed in a way the table cannot follow: it is rebuilt on the next question, in
    /// its own arrays.
    pub fn invalidate(&mut self) {
        if let Some(old) = self.built.take() {
            if let Ok(spare) = self.spare.get_mut() {
                *spare = Some(old);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A table built by counting calls: which build made it, and in whose
    /// arrays (`recycled` records the generation of the arrays it was handed).
    #[derive(Clone, Debug, PartialEq)]
    struct Table {
        generation: u32,
        recycled: Option<u32>,
    }

    fn builder(
        calls: &std::cell::Cell<u32>,
    ) -> impl FnOnce(Option<Table>) -> Result<Table, Refusal> + '_ {
        move |old| {
            calls.set(calls.get() + 1);
            Ok(Table {
                generation: calls.get(),
                recycled: old.map(|t| t.generation),
            })
        }
    }

    #[test]
    fn builds_once_until_invalidated_then_in_the_old_arrays() {
        let calls = std::cell::Cell::new(0);
        let mut table = RebuiltTable::default();
        assert_eq!(table.get_mut(), None, "nothing built yet");
        let first = table.get(builder(&calls)).unwrap().clone();
        assert_eq!(
            first,
            Table {
                generation: 1,
                recycled: None
            }
        );
        assert_eq!(table.get(builder(&calls)).unwrap(), &first, "built once");
        assert_eq!(calls.get(), 1);
        table.get_mut().unwrap().generation = 7;
        table.invalidate();
        assert_eq!(table.get_mut(), None, "stale");
        let second = table.get(builder(&calls)).unwrap();
        assert_eq!(
            second,
            &Table {
                generation: 2,
                recycled: Some(7)
            }
        );
        // Invalidating twice keeps the last table's arrays; invalidating an empty one keeps the
        // spare it had.
        table.invalidate();
        table.invalidate();
        assert_eq!(table.get(builder(&calls)).unwrap().recycled, Some(2));
    }

    #[test]
    fn a_refused_build_keeps_nothing_and_is_asked_again() {
        let mut table: RebuiltTable<Table> = RebuiltTable::default();
        let refusal = Refusal::OutOfMemory { bytes: 24 };
        assert_eq!(table.get(|_| Err(refusal)).unwrap_err(), refusal);
        assert_eq!(table.get_mut(), None);
        let calls = std::cell::Cell::new(0);
        assert_eq!(table.get(builder(&calls)).unwrap().generation, 1);
    }

    #[test]
    fn a_clone_keeps_the_built_table_not_the_spare_arrays() {
        let calls = std::cell::Cell::new(0);
        let mut table = RebuiltTable::default();
        table.get(builder(&calls)).unwrap();
        let mut copy = table.clone();
        assert_eq!(
            copy.get_mut().map(|t| t.generation),
            Some(1),
            "built, not rebuilt"
        );
        table.invalidate();
        let copy_of_stale = table.clone();
        assert_eq!(table.get(builder(&calls)).unwrap().recycled, Some(1));
        assert_eq!(copy_of_stale.get(builder(&calls)).unwrap().recycled, None);
        assert_eq!(calls.get(), 3);
    }
}
