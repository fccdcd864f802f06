// The wasm module and the calls the page makes to it. Answers come back as JSON text in the
// module's memory (see crates/catmaze-wasm/src/ffi.rs) or as arrays read in place; settings go
// in as JSON text. A refusal comes back as {code, message}.

const decoder = new TextDecoder();
const encoder = new TextEncoder();

export class Engine {
  constructor(exports) {
    this.x = exports;
  }

  static async load(url = 'catmaze_wasm.wasm') {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`could not load ${url}: ${response.status}`);
    const { instance } = await WebAssembly.instantiateStreaming(response, {});
    return new Engine(instance.exports);
  }

  get buffer() { return this.x.memory.buffer; }

  /** The JSON answer of length `len` that a call just wrote. */
  json(len) {
    return JSON.parse(decoder.decode(new Uint8Array(this.buffer, this.x.out_ptr(), len)));
  }

  /** Copies bytes into the module's memory for the length of `f`. */
  withBytes(bytes, f) {
    const ptr = this.x.wasm_alloc(bytes.length);
    new Uint8Array(this.buffer, ptr, bytes.length).set(bytes);
    try { return f(ptr, bytes.length); } finally { this.x.wasm_free(ptr, bytes.length); }
  }

  // The game.
  gameReset() { return this.json(this.x.game_reset()); }
  gameStepMs(ms) { this.x.game_set_step_ms(ms); }
  gameTap(x, y) { return this.json(this.x.game_tap(x, y)); }
  gameUpdate(ms) { return this.json(this.x.game_update(ms)); }
  gameRestart() { return this.json(this.x.game_restart()); }
  gameVariant(v) { return this.json(this.x.game_set_variant(v)); }
  gameState() { return this.json(this.x.game_state()); }
  gamePreview(x, y) { return this.json(this.x.game_preview(x, y)); }

  // The playground.
  pgNew(w, h) { return this.json(this.x.pg_new(w, h)); }
  pgSetWeights(w, h, weights) {
    const bytes = new Uint8Array(weights.buffer, weights.byteOffset, weights.byteLength);
    return this.withBytes(bytes, (ptr) => this.json(this.x.pg_set_weights(w, h, ptr)));
  }
  pgLoadMap(bytes) { return this.withBytes(bytes, (ptr, len) => this.json(this.x.pg_load_map(ptr, len))); }
  pgSize() { return [this.x.pg_width(), this.x.pg_height()]; }
  pgWeights() {
    const [w, h] = this.pgSize();
    return new Uint32Array(this.buffer, this.x.pg_weights_ptr(), w * h);
  }
  pgSetCell(x, y, weight) { return this.x.pg_set_cell(x, y, weight) === 1; }
  /** The menus: {algorithms: [{code, label, short, steps, controls, moves, note}], diagonals, costs, heuristics, ties: [{code, label}], rules: {tutorial, movingAi, other}}. */
  pgMenus() { return this.json(this.x.pg_menus()); }
  /** Starts a search with settings of menu codes ({algorithm, diagonal, costs, heuristic, heuristicInTiles, tie, weight, clusterSize}): the slot's status. */
  pgStart(slot, settings, start, goal) {
    const bytes = encoder.encode(JSON.stringify(settings));
    return this.withBytes(bytes, (ptr, len) => this.json(this.x.pg_start(slot, ptr, len, start[0], start[1], goal[0], goal[1])));
  }
  /** Builds the hierarchy of the hierarchical search for these settings unless the one kept fits: {ok, built, error}. */
  pgHierarchyBuild(settings) {
    const bytes = encoder.encode(JSON.stringify(settings));
    return this.withBytes(bytes, (ptr, len) => this.json(this.x.pg_hierarchy_build(ptr, len)));
  }
  /** The kept hierarchy's sizes ({clusterSide, levels, clusters, nodes, edges, bytes, entrances, builds}), or null. */
  pgHierarchy() { return this.json(this.x.pg_hierarchy()); }
  /** The subgoal graph's sizes ({subgoals, edges, shortcuts, core, bytes, builds}) when one is built for the current grid, or null. */
  pgSubgoals() { return this.json(this.x.pg_subgoals()); }
  /** The level-1 entrance cells listed by the last pgHierarchy(), as row-major indices (a copy). */
  pgEntrances() { return new Uint32Array(this.buffer, this.x.pg_entrances_ptr(), this.x.pg_entrances_len()).slice(); }
  /** A*'s optimal cost on a slot's last query, or -1. */
  pgReference(slot) { return this.x.pg_reference(slot); }
  pgRun(slot, steps) { return this.x.pg_run(slot, steps); }
  pgStatus(slot, listMax) { return this.json(this.x.pg_status(slot, listMax)); }
  /** Per-tile arrays of a slot: state (0 unseen, 1 open, 2 closed), g, h, parent. */
  pgArrays(slot) {
    const [w, h] = this.pgSize();
    const n = w * h;
    return {
      state: new Uint8Array(this.buffer, this.x.pg_state_ptr(slot), n),
      g: new Float64Array(this.buffer, this.x.pg_g_ptr(slot), n),
      h: new Float64Array(this.buffer, this.x.pg_h_ptr(slot), n),
      parent: new Int32Array(this.buffer, this.x.pg_parent_ptr(slot), n),
    };
  }
  /** The tiles changed since the last call, as a copy; the module forgets them. */
  pgTakeChanged(slot) {
    const len = this.x.pg_changed_len(slot);
    const out = new Uint32Array(this.buffer, this.x.pg_changed_ptr(slot), len).slice();
    this.x.pg_take_changed(slot);
    return out;
  }
  /** The any-angle search's mesh: [[x1, y1, x2, y2, x3, y3], ...], empty when none to draw. */
  pgMesh(max) { return this.json(this.x.pg_mesh(max)); }
  pgQueryAstar(start, goal) { return this.x.pg_query_astar(start[0], start[1], goal[0], goal[1]); }
  pgQueryExpansions() { return this.x.pg_query_expansions(); }
}
