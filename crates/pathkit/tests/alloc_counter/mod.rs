//! A global allocator that counts the allocations of one thread while it asks to be counted, for
//! the tests that check a warmed-up query allocates nothing.
//!
//! Both the switch and the count are per thread: the test harness runs tests side by side on
//! several threads, and one test's allocations must not show up in another's window.
//!
//! A test binary that declares `mod alloc_counter;` gets the allocator installed for all of it.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The system allocator, counting `alloc` and `realloc` calls of threads inside [`count`].
struct CountingAllocator;

thread_local! {
    static COUNTING: Cell<bool> = const { Cell::new(false) };
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
    static BYTES: Cell<usize> = const { Cell::new(0) };
}

/// Adds one allocation of `bytes` to this thread's count if it is counting.
fn note_allocation(bytes: usize) {
    if COUNTING.with(Cell::get) {
        ALLOCATIONS.with(|a| a.set(a.get() + 1));
        BYTES.with(|b| b.set(b.get() + bytes));
    }
}

unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        note_allocation(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        note_allocation(layout.size());
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // The whole new size: a bound on what the block holds afterwards, not the growth.
        note_allocation(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// Runs `f` and returns its result with the number of allocations the calling thread made meanwhile.
pub fn count<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let (out, allocations, _) = count_with_bytes(f);
    (out, allocations)
}

/// [`count`], with the bytes asked for as well (a reallocation counts its whole new size).
pub fn count_with_bytes<T>(f: impl FnOnce() -> T) -> (T, usize, usize) {
    let before = (ALLOCATIONS.with(Cell::get), BYTES.with(Cell::get));
    COUNTING.with(|c| c.set(true));
    let out = f();
    COUNTING.with(|c| c.set(false));
    let after = (ALLOCATIONS.with(Cell::get), BYTES.with(Cell::get));
    (out, after.0 - before.0, after.1 - before.1)
}

#[test]
fn the_counter_sees_this_threads_allocations() {
    let (v, allocations) = count(|| std::hint::black_box(vec![1u8; 64]));
    assert_eq!(v.len(), 64);
    assert_eq!(allocations, 1);
    let (_, zeroed) = count(|| std::hint::black_box(vec![0u64; 64]));
    assert_eq!(zeroed, 1, "alloc_zeroed counts too");
    let (_, _, bytes) = count_with_bytes(|| std::hint::black_box(vec![0u32; 100]));
    assert_eq!(bytes, 400);
}

#[test]
fn counting_threads_do_not_see_each_other() {
    let (inner, outer) = count(|| {
        std::thread::scope(|s| {
            s.spawn(|| {
                count(|| {
                    for i in 0..100 {
                        std::hint::black_box(vec![i; 16]);
                    }
                })
                .1
            })
            .join()
            .unwrap()
        })
    });
    assert_eq!(inner, 100, "the other thread counts its own 100 vectors");
    // Spawning allocates a little on this thread; the other thread's 100 vectors are not counted.
    assert!(outer < 100, "{outer} allocations counted here");
}
