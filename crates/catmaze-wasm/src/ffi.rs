//! The functions the page calls: plain `extern "C"` exports of numbers and pointers.
//!
//! Why not wasm-bindgen: the page needs a dozen calls with numbers (or a JSON object of settings)
//! in and JSON or flat arrays out, and the arrays (per-tile scores, weights) are read in place as typed arrays over the
//! module's memory. Plain exports do that with no generated glue and no command-line tool whose
//! version must match a library's.
//!
//! Conventions: a function that answers with text writes it to one output buffer and returns its
//! length in bytes; `out_ptr` gives where it starts (valid until the next call). Input text and
//! arrays go into memory from `wasm_alloc`, freed with `wasm_free`. A slot is 0 or 1 (anything
//! else is 1). Every JSON answer is a `#[derive(Serialize)]` struct (or a list of them); a refusal
//! crosses as `{"code", "message"}` ([`ErrorAnswer`]). Nothing here panics on bad input:
//! coordinates outside the map, unknown menu codes and malformed files become errors in the
//! JSON answers.

use crate::floors::{FloorAnswer, Floors};
use crate::game::GameSession;
use crate::hexes::{HexAnswer, HexPlayground, HexPresetAnswer};
use crate::mesh_playground::{EditAnswer, MeshPlayground, RouteAnswer};
use crate::playground::{Playground, Settings};
use crate::{ErrorAnswer, PlaygroundError};
use pathkit::grid::Cell;
use pathkit::levels::Place;
use serde::Serialize;
use std::cell::RefCell;

thread_local! {
    static OUT: RefCell<String> = const { RefCell::new(String::new()) };
    static GAME: RefCell<GameSession> = RefCell::new(GameSession::new());
    static PLAYGROUND: RefCell<Playground> =
        RefCell::new(Playground::new(25, 25).expect("25x25 is a valid size"));
    static FLOORS: RefCell<Floors> = RefCell::new(Floors::preset());
    static HEXES: RefCell<HexPlayground> =
        RefCell::new(HexPlayground::preset(0, 0).expect("the first preset exists"));
    static MESH: RefCell<MeshPlayground> = RefCell::new(MeshPlayground::preset());
}

fn answer(value: impl Serialize) -> usize {
    OUT.with_borrow_mut(|out| {
        // Every answer is a plain tree of structs, strings and numbers: serializing one cannot
        // fail, and if it ever did the page would get `null` rather than a trap.
        *out = serde_json::to_string(&value).unwrap_or_else(|_| String::from("null"));
        out.len()
    })
}

/// Bytes the page wrote into memory from [`wasm_alloc`].
///
/// # Safety
///
/// `ptr` must point to `len` readable bytes, or be null.
unsafe fn input<'a>(ptr: *const u8, len: usize) -> &'a [u8] {
    if ptr.is_null() {
        &[]
    } else {
        std::slice::from_raw_parts(ptr, len)
    }
}

/// Settings the page sent as a JSON object of menu codes (see [`crate::menus`]).
fn read_settings(bytes: &[u8]) -> Result<Settings, PlaygroundError> {
    serde_json::from_slice(bytes).map_err(|e| PlaygroundError::Settings(e.to_string()))
}

/// The answer to a new map: its size, or why it was refused.
#[derive(Serialize)]
struct MapAnswer {
    ok: bool,
    width: u32,
    height: u32,
    error: Option<ErrorAnswer>,
}

/// The answer to a change that either works or is refused.
#[derive(Serialize)]
struct Done {
    ok: bool,
    error: Option<ErrorAnswer>,
}

impl From<Result<(), PlaygroundError>> for Done {
    fn from(r: Result<(), PlaygroundError>) -> Self {
        Done {
            ok: r.is_ok(),
            error: r.err().as_ref().map(ErrorAnswer::from),
        }
    }
}

/// The answer to a hierarchy build: whether one was built, or why not.
#[derive(Serialize)]
struct BuildAnswer {
    ok: bool,
    built: bool,
    error: Option<ErrorAnswer>,
}

fn cell(x: i32, y: i32) -> Cell {
    // Negative coordinates become a far-away cell, which the playground reports as off the map.
    Cell::new(
        u32::try_from(x).unwrap_or(u32::MAX),
        u32::try_from(y).unwrap_or(u32::MAX),
    )
}

/// Where the last text answer starts.
#[no_mangle]
pub extern "C" fn out_ptr() -> *const u8 {
    OUT.with_borrow(|out| out.as_ptr())
}

/// Memory for `len` bytes of input, to be freed with [`wasm_free`].
#[no_mangle]
pub extern "C" fn wasm_alloc(len: usize) -> *mut u8 {
    let mut buffer = Vec::<u8>::with_capacity(len.max(1));
    let ptr = buffer.as_mut_ptr();
    std::mem::forget(buffer);
    ptr
}

/// Frees memory from [`wasm_alloc`].
///
/// # Safety
///
/// `ptr` and `len` must be exactly what one [`wasm_alloc`] call got and returned, freed once.
#[no_mangle]
pub unsafe extern "C" fn wasm_free(ptr: *mut u8, len: usize) {
    if !ptr.is_null() {
        drop(Vec::from_raw_parts(ptr, 0, len.max(1)));
    }
}

/// A new game on the original level.
#[no_mangle]
pub extern "C" fn game_reset() -> usize {
    GAME.with_borrow_mut(|g| *g = GameSession::new());
    answer(())
}

/// Step duration in milliseconds.
#[no_mangle]
pub extern "C" fn game_set_step_ms(ms: u32) {
    GAME.with_borrow_mut(|g| g.set_step_ms(ms));
}

/// A tap on a tile: the events, as JSON.
#[no_mangle]
pub extern "C" fn game_tap(x: i32, y: i32) -> usize {
    answer(GAME.with_borrow_mut(|g| g.tap(x.into(), y.into())))
}

/// Time passing: the events, as JSON.
#[no_mangle]
pub extern "C" fn game_update(ms: f64) -> usize {
    answer(GAME.with_borrow_mut(|g| g.update(ms)))
}

/// Restart: the events, as JSON.
#[no_mangle]
pub extern "C" fn game_restart() -> usize {
    answer(GAME.with_borrow_mut(|g| g.restart()))
}

/// Route variant 0, 1 or 2: the events, as JSON.
#[no_mangle]
pub extern "C" fn game_set_variant(index: u32) -> usize {
    answer(GAME.with_borrow_mut(|g| g.set_variant(index)))
}

/// The game's state, as JSON.
#[no_mangle]
pub extern "C" fn game_state() -> usize {
    answer(GAME.with_borrow(|g| g.state()))
}

/// The preview of a tap, as JSON (`null` when a tap would not move the cat).
#[no_mangle]
pub extern "C" fn game_preview(x: i32, y: i32) -> usize {
    answer(GAME.with_borrow_mut(|g| g.preview(x.into(), y.into())))
}

fn ok_or_error(result: Result<(), PlaygroundError>) -> usize {
    let (width, height) = PLAYGROUND.with_borrow(|p| (p.grid().width(), p.grid().height()));
    answer(MapAnswer {
        ok: result.is_ok(),
        width,
        height,
        error: result.err().as_ref().map(ErrorAnswer::from),
    })
}

/// The playground's menus: every algorithm with its code, label, the controls that apply to it,
/// its move rules and a note; the move rules, costs, estimates and tie rules; and the settings
/// each kind of map starts with (see [`crate::menus::Menus`]).
#[no_mangle]
pub extern "C" fn pg_menus() -> usize {
    answer(crate::menus::menus())
}

/// The determinism report ([`crate::determinism::report`]) as a JSON string: the browser tests
/// compare it with the native build's golden file.
#[no_mangle]
pub extern "C" fn determinism_report() -> usize {
    answer(crate::determinism::report())
}

/// An empty field of `width` x `height`.
#[no_mangle]
pub extern "C" fn pg_new(width: u32, height: u32) -> usize {
    ok_or_error(Playground::new(width, height).map(|p| PLAYGROUND.set(p)))
}

/// A grid of row-major weights (0 = wall).
///
/// # Safety
///
/// `ptr` must point to `width * height` readable `u32`s (from [`wasm_alloc`]).
#[no_mangle]
pub unsafe extern "C" fn pg_set_weights(width: u32, height: u32, ptr: *const u32) -> usize {
    if width > crate::MAX_SIDE || height > crate::MAX_SIDE {
        return ok_or_error(Err(PlaygroundError::Size { width, height }));
    }
    let weights = if ptr.is_null() {
        &[][..]
    } else {
        std::slice::from_raw_parts(ptr, width as usize * height as usize)
    };
    ok_or_error(PLAYGROUND.with_borrow_mut(|p| p.set_weights(width, height, weights)))
}

/// A Moving AI `.map` file.
///
/// # Safety
///
/// `ptr` must point to `len` readable bytes (from [`wasm_alloc`]).
#[no_mangle]
pub unsafe extern "C" fn pg_load_map(ptr: *const u8, len: usize) -> usize {
    let bytes = input(ptr, len);
    ok_or_error(PLAYGROUND.with_borrow_mut(|p| p.load_movingai(bytes)))
}

/// The grid's width.
#[no_mangle]
pub extern "C" fn pg_width() -> u32 {
    PLAYGROUND.with_borrow(|p| p.grid().width())
}

/// The grid's height.
#[no_mangle]
pub extern "C" fn pg_height() -> u32 {
    PLAYGROUND.with_borrow(|p| p.grid().height())
}

/// The grid's row-major weights (0 = wall), `width * height` of them.
#[no_mangle]
pub extern "C" fn pg_weights_ptr() -> *const u32 {
    PLAYGROUND.with_borrow(|p| p.grid().weights().as_ptr())
}

/// Sets a tile's weight (0 = wall); 1 when it changed. Resets both searches.
#[no_mangle]
pub extern "C" fn pg_set_cell(x: u32, y: u32, weight: u32) -> u32 {
    PLAYGROUND.with_borrow_mut(|p| u32::from(p.set_cell(x, y, weight)))
}

/// Starts a search in a slot with the settings the page sent: a JSON object of menu codes, such
/// as `{"algorithm": "jps", "diagonal": "never", "costs": "unit", "heuristic": "manhattan",
/// "heuristicInTiles": false, "tie": "lifo", "weight": 1.5, "clusterSize": 8}` (a field left out
/// keeps its default; see [`crate::menus`] for the codes). Settings that do not read refuse the
/// search with a `settings` error. The answer is the slot's status.
///
/// # Safety
///
/// `ptr` must point to `len` readable bytes (from [`wasm_alloc`]).
#[no_mangle]
pub unsafe extern "C" fn pg_start(
    slot: u32,
    ptr: *const u8,
    len: usize,
    sx: i32,
    sy: i32,
    gx: i32,
    gy: i32,
) -> usize {
    let settings = read_settings(input(ptr, len));
    answer(PLAYGROUND.with_borrow_mut(|p| {
        match settings {
            Ok(settings) => p.start(slot as usize, settings, cell(sx, sy), cell(gx, gy)),
            Err(e) => p.refuse(slot as usize, e),
        }
        p.status(slot as usize, 0)
    }))
}

/// Up to `steps` expansions in a slot; how many happened.
#[no_mangle]
pub extern "C" fn pg_run(slot: u32, steps: u32) -> u32 {
    PLAYGROUND.with_borrow_mut(|p| p.run(slot as usize, steps))
}

/// A slot's status with up to `list_max` entries of each list, as JSON.
#[no_mangle]
pub extern "C" fn pg_status(slot: u32, list_max: u32) -> usize {
    answer(PLAYGROUND.with_borrow(|p| p.status(slot as usize, list_max as usize)))
}

/// Per tile: 0 unseen, 1 open, 2 closed.
#[no_mangle]
pub extern "C" fn pg_state_ptr(slot: u32) -> *const u8 {
    PLAYGROUND.with_borrow(|p| p.slot(slot as usize).state.as_ptr())
}

/// Per tile: G.
#[no_mangle]
pub extern "C" fn pg_g_ptr(slot: u32) -> *const f64 {
    PLAYGROUND.with_borrow(|p| p.slot(slot as usize).g.as_ptr())
}

/// Per tile: H.
#[no_mangle]
pub extern "C" fn pg_h_ptr(slot: u32) -> *const f64 {
    PLAYGROUND.with_borrow(|p| p.slot(slot as usize).h.as_ptr())
}

/// Per tile: the parent's row-major index, or -1.
#[no_mangle]
pub extern "C" fn pg_parent_ptr(slot: u32) -> *const i32 {
    PLAYGROUND.with_borrow(|p| p.slot(slot as usize).parent.as_ptr())
}

/// The tiles changed since [`pg_take_changed`] (row-major indices).
#[no_mangle]
pub extern "C" fn pg_changed_ptr(slot: u32) -> *const u32 {
    PLAYGROUND.with_borrow(|p| p.slot(slot as usize).changed.as_ptr())
}

/// How many tiles changed.
#[no_mangle]
pub extern "C" fn pg_changed_len(slot: u32) -> usize {
    PLAYGROUND.with_borrow(|p| p.slot(slot as usize).changed.len())
}

/// Forgets the changed tiles (the page has drawn them).
#[no_mangle]
pub extern "C" fn pg_take_changed(slot: u32) {
    PLAYGROUND.with_borrow_mut(|p| p.take_changed(slot as usize));
}

/// The any-angle search's navigation mesh, at most `max` triangles, as JSON: one array of six
/// numbers (three x, y corners) per triangle; empty when there is none to draw.
#[no_mangle]
pub extern "C" fn pg_mesh(max: u32) -> usize {
    answer(PLAYGROUND.with_borrow(|p| p.mesh_triangles(max as usize)))
}

/// One full A* query, for timing: the path's cost, or -1.
#[no_mangle]
pub extern "C" fn pg_query_astar(sx: i32, sy: i32, gx: i32, gy: i32) -> f64 {
    PLAYGROUND.with_borrow_mut(|p| p.query_astar(cell(sx, sy), cell(gx, gy)))
}

/// Expansions of the last timed query.
#[no_mangle]
pub extern "C" fn pg_query_expansions() -> f64 {
    PLAYGROUND.with_borrow(|p| p.query_expansions() as f64)
}

/// Builds the hierarchical search's hierarchy for the moves, costs and cluster side of these
/// settings (as [`pg_start`] reads them), unless the one kept fits them. A separate call so that
/// the page can time the build apart from the searches. Answers `{"ok", "built", "error"}`.
///
/// # Safety
///
/// `ptr` must point to `len` readable bytes (from [`wasm_alloc`]).
#[no_mangle]
pub unsafe extern "C" fn pg_hierarchy_build(ptr: *const u8, len: usize) -> usize {
    let built = read_settings(input(ptr, len))
        .and_then(|settings| PLAYGROUND.with_borrow_mut(|p| p.build_hierarchy(settings)));
    answer(BuildAnswer {
        ok: built.is_ok(),
        built: built.as_ref().is_ok_and(|&b| b),
        error: built.err().as_ref().map(ErrorAnswer::from),
    })
}

/// The kept hierarchy's sizes, as JSON (`null` when there is none); lists the entrance cells
/// for [`pg_entrances_ptr`].
#[no_mangle]
pub extern "C" fn pg_hierarchy() -> usize {
    answer(PLAYGROUND.with_borrow_mut(|p| p.hierarchy_info()))
}

/// The subgoal graph's sizes, as JSON (`null` when none is built for the current grid): the page
/// shows them beside the map after a subgoal search.
#[no_mangle]
pub extern "C" fn pg_subgoals() -> usize {
    answer(PLAYGROUND.with_borrow(|p| p.subgoal_info()))
}

/// The level-1 entrance cells (row-major indices) listed by the last [`pg_hierarchy`].
#[no_mangle]
pub extern "C" fn pg_entrances_ptr() -> *const u32 {
    PLAYGROUND.with_borrow(|p| p.entrances().as_ptr())
}

/// How many entrance cells [`pg_entrances_ptr`] holds.
#[no_mangle]
pub extern "C" fn pg_entrances_len() -> usize {
    PLAYGROUND.with_borrow(|p| p.entrances().len())
}

/// A*'s optimal cost on a slot's last query under its moves, or -1 (see
/// [`Playground::reference`]).
#[no_mangle]
pub extern "C" fn pg_reference(slot: u32) -> f64 {
    PLAYGROUND.with_borrow_mut(|p| p.reference(slot as usize))
}

/// The two-floor building afresh (every portal in service, the walls as they were): its
/// floors and portals, as JSON.
#[no_mangle]
pub extern "C" fn fl_reset() -> usize {
    FLOORS.set(Floors::preset());
    fl_info()
}

/// The floors' sizes and the portals, as JSON (see [`Floors::info`]).
#[no_mangle]
pub extern "C" fn fl_info() -> usize {
    answer(FLOORS.with_borrow(|f| f.info()))
}

/// A floor's row-major weights (0 = wall); its size is in [`fl_info`].
#[no_mangle]
pub extern "C" fn fl_weights_ptr(floor: u32) -> *const u32 {
    FLOORS.with_borrow(|f| f.weights(floor).as_ptr())
}

/// Sets a cell's weight on a floor; 1 when it changed.
#[no_mangle]
pub extern "C" fn fl_set_cell(floor: u32, x: u32, y: u32, weight: u32) -> u32 {
    FLOORS.with_borrow_mut(|f| u32::from(f.set_cell(Place::new(floor, x, y), weight)))
}

/// Puts a portal (numbered as in [`fl_info`]) in service (1) or out of it (0):
/// `{"ok", "error"}`.
#[no_mangle]
pub extern "C" fn fl_set_portal(index: u32, enabled: u32) -> usize {
    answer(FLOORS.with_borrow_mut(|f| Done::from(f.set_portal(index, enabled != 0))))
}

/// A* across the floors, 8-way when `diagonal` is 1, else 4-way (see [`Floors::search`]).
#[no_mangle]
pub extern "C" fn fl_search(
    sf: u32,
    sx: i32,
    sy: i32,
    gf: u32,
    gx: i32,
    gy: i32,
    diagonal: u32,
) -> usize {
    let (s, g) = (cell(sx, sy), cell(gx, gy));
    answer(FLOORS.with_borrow_mut(|f| {
        FloorAnswer::from(f.search(
            Place::new(sf, s.x, s.y),
            Place::new(gf, g.x, g.y),
            diagonal == 1,
        ))
    }))
}

/// Hex preset `preset` (0 the river, 1 the marsh) in layout `layout` (0 odd-r, 1 even-r,
/// 2 odd-q, 3 even-q): its size and layout, or an error, as JSON.
#[no_mangle]
pub extern "C" fn hx_preset(preset: u32, layout: u32) -> usize {
    answer(HexPresetAnswer::from(
        HexPlayground::preset(preset, layout).map(|h| {
            let info = h.info();
            HEXES.set(h);
            info
        }),
    ))
}

/// The hex grid's size and layout, as JSON.
#[no_mangle]
pub extern "C" fn hx_info() -> usize {
    answer(HEXES.with_borrow(|h| h.info()))
}

/// The hex grid's weights by row and column (0 = wall).
#[no_mangle]
pub extern "C" fn hx_weights_ptr() -> *const u32 {
    HEXES.with_borrow(|h| h.weights().as_ptr())
}

/// Sets the weight of the hex at a column and row; 1 when it changed.
#[no_mangle]
pub extern "C" fn hx_set_cell(col: u32, row: u32, weight: u32) -> u32 {
    HEXES.with_borrow_mut(|h| u32::from(h.set_cell(col, row, weight)))
}

/// A* on the hex grid between two hexes given by column and row (see
/// [`HexPlayground::search`]).
#[no_mangle]
pub extern "C" fn hx_search(sc: i32, sr: i32, gc: i32, gr: i32) -> usize {
    let (s, g) = (cell(sc, sr), cell(gc, gr));
    answer(HEXES.with_borrow_mut(|h| HexAnswer::from(h.search((s.x, s.y), (g.x, g.y)))))
}

/// The navigation-mesh mode afresh (the preset's boxes, no areas or links, the smallest agent,
/// nothing forbidden): its [`nm_info`].
#[no_mangle]
pub extern "C" fn nm_reset() -> usize {
    MESH.set(MeshPlayground::preset());
    nm_info()
}

/// An empty level for the navigation-mesh mode: its [`nm_info`].
#[no_mangle]
pub extern "C" fn nm_clear() -> usize {
    MESH.set(MeshPlayground::empty());
    nm_info()
}

/// The navigation-mesh mode's obstacles, areas, links, sizes and filter, as JSON (see
/// [`MeshPlayground::info`]).
#[no_mangle]
pub extern "C" fn nm_info() -> usize {
    answer(MESH.with_borrow(|m| m.info()))
}

/// Adds a box obstacle with corners `(x0, y0)` and `(x1, y1)`: `{"ok", "key", "error"}`.
#[no_mangle]
pub extern "C" fn nm_add_obstacle(x0: f64, y0: f64, x1: f64, y1: f64) -> usize {
    answer(EditAnswer::from(
        MESH.with_borrow_mut(|m| m.add_obstacle([x0, y0, x1, y1])),
    ))
}

/// Paints an area of type `id` over a box: `{"ok", "key", "error"}`.
#[no_mangle]
pub extern "C" fn nm_add_area(x0: f64, y0: f64, x1: f64, y1: f64, id: u32) -> usize {
    answer(EditAnswer::from(
        MESH.with_borrow_mut(|m| m.add_area([x0, y0, x1, y1], id)),
    ))
}

/// Moves an obstacle or area by `dx`, `dy`: `{"ok", "error"}`.
#[no_mangle]
pub extern "C" fn nm_move_by(key: f64, dx: f64, dy: f64) -> usize {
    answer(Done::from(
        MESH.with_borrow_mut(|m| m.move_by(shape_key(key), dx, dy)),
    ))
}

/// Removes an obstacle or area: `{"ok", "error"}`.
#[no_mangle]
pub extern "C" fn nm_remove(key: f64) -> usize {
    answer(Done::from(
        MESH.with_borrow_mut(|m| m.remove(shape_key(key))),
    ))
}

/// The key of the obstacle (else the area) under a point, or -1.
#[no_mangle]
pub extern "C" fn nm_pick(x: f64, y: f64) -> f64 {
    MESH.with_borrow(|m| m.pick(x, y))
        .map_or(-1.0, |k| k as f64)
}

/// Adds a link from `(fx, fy)` to `(tx, ty)` costing `factor` times its straight length, both
/// ways when `both` is 1: `{"ok", "key" (its number), "error"}`.
#[no_mangle]
pub extern "C" fn nm_add_link(fx: f64, fy: f64, tx: f64, ty: f64, factor: f64, both: u32) -> usize {
    answer(EditAnswer::from(MESH.with_borrow_mut(|m| {
        m.add_link([fx, fy], [tx, ty], factor, both == 1)
    })))
}

/// Removes link number `index`: `{"ok", "error"}`.
#[no_mangle]
pub extern "C" fn nm_remove_link(index: u32) -> usize {
    answer(Done::from(MESH.with_borrow_mut(|m| m.remove_link(index))))
}

/// Chooses the agent size by its number: `{"ok", "error"}`.
#[no_mangle]
pub extern "C" fn nm_set_size(index: u32) -> usize {
    answer(Done::from(MESH.with_borrow_mut(|m| m.set_size(index))))
}

/// Forbids area type `id` (`forbidden` 1) or allows it (0): `{"ok", "error"}`.
#[no_mangle]
pub extern "C" fn nm_set_forbidden(id: u32, forbidden: u32) -> usize {
    answer(Done::from(
        MESH.with_borrow_mut(|m| m.set_forbidden(id, forbidden == 1)),
    ))
}

/// Sets what a unit of length in area type `id` costs: `{"ok", "error"}`.
#[no_mangle]
pub extern "C" fn nm_set_area_cost(id: u32, cost: f64) -> usize {
    answer(Done::from(
        MESH.with_borrow_mut(|m| m.set_area_cost(id, cost)),
    ))
}

/// The chosen size's mesh, at most `max` triangles drawn, as JSON: `{"ok", "mesh", "error"}`
/// (see [`MeshPlayground::picture`]).
#[no_mangle]
pub extern "C" fn nm_mesh(max: u32) -> usize {
    #[derive(Serialize)]
    struct MeshAnswer {
        ok: bool,
        mesh: Option<crate::MeshPicture>,
        error: Option<ErrorAnswer>,
    }
    let picture = MESH.with_borrow(|m| m.picture(max as usize));
    answer(MeshAnswer {
        ok: picture.is_ok(),
        error: picture.as_ref().err().map(ErrorAnswer::from),
        mesh: picture.ok(),
    })
}

/// The route from `(sx, sy)` to `(gx, gy)` for the chosen size: `{"found", "route", "error"}`
/// (see [`MeshPlayground::route`]).
#[no_mangle]
pub extern "C" fn nm_route(sx: f64, sy: f64, gx: f64, gy: f64) -> usize {
    answer(RouteAnswer::from(
        MESH.with_borrow_mut(|m| m.route([sx, sy], [gx, gy])),
    ))
}

/// A key sent as a JavaScript number: a negative, fractional or huge one names no shape.
fn shape_key(key: f64) -> u64 {
    if key >= 0.0 && key.fract() == 0.0 && key < 9.0e15 {
        key as u64
    } else {
        u64::MAX
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn last_answer() -> serde_json::Value {
        OUT.with_borrow(|out| serde_json::from_str(out).expect("every answer is JSON"))
    }

    #[test]
    fn the_mesh_modes_exports_answer_bad_numbers_with_errors() {
        nm_reset();
        for key in [f64::NAN, -1.0, 1.5, 1e20, f64::INFINITY] {
            nm_move_by(key, 1.0, 1.0);
            assert_eq!(last_answer()["error"]["code"], "no-shape", "key {key}");
            nm_remove(key);
            assert_eq!(last_answer()["error"]["code"], "no-shape", "key {key}");
        }
        assert_eq!(nm_pick(f64::NAN, 3.0), -1.0);
        assert_eq!(nm_pick(8.0, 8.0), 0.0, "the first preset box");
        nm_add_obstacle(f64::NAN, 0.0, 1.0, 1.0);
        assert_eq!(last_answer()["ok"], false);
        nm_add_link(1.0, 1.0, 5.0, 1.0, f64::NEG_INFINITY, 1);
        assert_eq!(last_answer()["error"]["code"], "link-factor");
        nm_set_size(7);
        assert_eq!(last_answer()["error"]["code"], "no-agent-size");
        for cost in [f64::NAN, 0.0, -1.0, 5.5, f64::INFINITY] {
            nm_set_area_cost(2, cost);
            assert_eq!(last_answer()["error"]["code"], "area-cost", "cost {cost}");
        }
        nm_set_area_cost(9, 2.0);
        assert_eq!(last_answer()["error"]["code"], "area-type");
        nm_route(f64::NAN, 1.0, 30.0, 16.0);
        let answer = last_answer();
        assert_eq!(
            (answer["found"].clone(), answer["error"]["code"].clone()),
            (false.into(), "navmesh".into())
        );
        nm_route(2.0, 16.0, 30.0, 16.0);
        let answer = last_answer();
        assert_eq!(answer["found"], true);
        assert_eq!(answer["route"]["cost"], 28.0);
        nm_mesh(3);
        let answer = last_answer();
        assert_eq!(
            answer["mesh"]["triangles"].as_array().map(Vec::len),
            Some(3)
        );
        nm_add_obstacle(1.0, 1.0, 3.0, 3.0);
        assert_eq!(last_answer()["key"], 5);
        nm_clear();
        assert_eq!(last_answer()["obstacles"].as_array().map(Vec::len), Some(0));
    }
}
