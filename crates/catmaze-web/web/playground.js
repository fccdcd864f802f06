// The pathfinding playground: an editable grid, pathkit's searches stepped one expansion at a
// time, the F, G and H of every tile as in the tutorial's diagrams, two algorithms side by side,
// and a guided walk-through of the tutorial's worked example.
//
// Drawing: each map is kept in an offscreen canvas of one pixel per tile. A step changes a few
// tiles; only those pixels are rewritten (the module lists them), and the frame scales the
// offscreen canvas onto the screen. Scores and arrows are drawn only when tiles are big enough to
// read them.

import { startFloors, startHex } from './modes.js';
import { startMeshPlayground } from './mesh_playground.js';


// Tile colours, as 0xAABBGGRR (ImageData's byte order on little-endian machines).
function rgba(hex) {
  const n = parseInt(hex.slice(1), 16);
  return (0xff << 24 | (n & 0xff) << 16 | (n & 0xff00) | (n >> 16 & 0xff)) >>> 0;
}
const WALL = rgba('#3b3f4a');
const FLOOR = rgba('#e9e3d6');
const OPEN = rgba('#8fd694');
const CLOSED = rgba('#f0998c');
const TERRAIN = [];
for (let w = 0; w <= 9; w++) {
  const t = Math.min(1, (w - 1) / 8);
  const mix = (a, b) => Math.round(a + (b - a) * t);
  TERRAIN.push(((0xff << 24) | (mix(0xd6, 0x2e) << 16) | (mix(0xe3, 0x5e) << 8) | mix(0xe9, 0x8a)) >>> 0);
}

/** A small seeded random generator (mulberry32), so presets are the same on every load. */
function random(seed) {
  return () => {
    seed |= 0; seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A maze of 1-wide corridors (depth-first carving), `side` tiles square, walls 0, floor 1. */
function maze(side, seed) {
  const w = new Uint32Array(side * side);
  const rnd = random(seed);
  const cells = (side - 1) >> 1;
  const stack = [[0, 0]];
  const seen = new Uint8Array(cells * cells);
  seen[0] = 1;
  w[1 * side + 1] = 1;
  while (stack.length) {
    const [cx, cy] = stack[stack.length - 1];
    const next = [[1, 0], [-1, 0], [0, 1], [0, -1]]
      .map(([dx, dy]) => [cx + dx, cy + dy, dx, dy])
      .filter(([x, y]) => x >= 0 && y >= 0 && x < cells && y < cells && !seen[y * cells + x]);
    if (!next.length) { stack.pop(); continue; }
    const [nx, ny, dx, dy] = next[Math.floor(rnd() * next.length)];
    seen[ny * cells + nx] = 1;
    w[(2 * cy + 1 + dy) * side + 2 * cx + 1 + dx] = 1;
    w[(2 * ny + 1) * side + 2 * nx + 1] = 1;
    stack.push([nx, ny]);
  }
  // A few extra openings, so there is more than one way round.
  for (let k = 0; k < cells * cells / 12; k++) {
    const x = 1 + Math.floor(rnd() * (side - 2)), y = 1 + Math.floor(rnd() * (side - 2));
    if ((x + y) % 2 === 1) w[y * side + x] = 1;
  }
  return w;
}

export function startPlayground(engine, sprites) {
  const $ = (id) => document.getElementById(id);
  // The menus, from the module: algorithms (code, label, the controls that apply, the move rules
  // each takes, a note), move rules, costs, estimates, tie rules, and the settings each kind of
  // map starts with.
  const menus = engine.pgMenus();
  const algorithm = (code) => menus.algorithms.find((a) => a.code === code);
  const fill = (id, list, selected) => {
    const select = $(id);
    for (const { code, label } of list) select.add(new Option(label, code, code === selected, code === selected));
  };
  fill('pg-algo', menus.algorithms, menus.rules.other.algorithm);
  fill('pg-algo-1', menus.algorithms, menus.compareWith);
  fill('pg-diagonal', menus.diagonals, menus.rules.other.diagonal);
  fill('pg-costs', menus.costs, menus.rules.other.costs);
  fill('pg-heuristic', menus.heuristics, menus.rules.other.heuristic);
  fill('pg-tie', menus.ties, menus.rules.other.tie);
  const stepping = (code) => algorithm(code).steps;
  const level = engine.gameState(); // the Cat Maze level as loaded, before any play
  const levelRows = level.tiles.split('\n');

  const pg = {
    w: 0, h: 0,
    start: [0, 0], goal: [0, 0],
    decor: null,          // Cat Maze objects to draw under the scores, or null
    view: null,           // the tiles shown, [x, y, width, height], or null for the whole map
    frame: 0,
    playing: false,
    acc: 0,
    frameTimes: [],
    workTimes: [],
    slots: [0, 1].map((k) => ({
      k,
      canvas: $(k === 0 ? 'pg-canvas' : 'pg-canvas-1'),
      off: document.createElement('canvas'),
      image: null, pix: null,
      dirty: null,
      status: null,
      ms: 0,
      mesh: [],
      hier: null,         // the hierarchy's sizes, for the hierarchical search
      entrances: null,    // its level-1 entrance cells (row-major indices)
      subgoals: null,     // the subgoal graph's sizes, for the subgoal search
      buildMs: 0, built: false, refMs: 0,
    })),
    redraw: true,
    mode: 'square',       // or 'floors', 'hex': the other maps, in modes.js
    tour: null,
    tourLog: [],
  };

  // ---- settings from the controls ----
  function settings(slot) {
    return {
      algorithm: $(slot === 0 ? 'pg-algo' : 'pg-algo-1').value,
      diagonal: $('pg-diagonal').value,
      costs: $('pg-costs').value,
      heuristic: $('pg-heuristic').value,
      heuristicInTiles: $('pg-tiles').checked,
      tie: $('pg-tie').value,
      weight: Number($('pg-weight').value),
      clusterSize: Number($('pg-cluster').value),
    };
  }

  /** Puts a kind of map's own rules in the menus (moves, costs, estimate, ties). */
  function applyRules(rules) {
    $('pg-diagonal').value = rules.diagonal;
    $('pg-costs').value = rules.costs;
    $('pg-heuristic').value = rules.heuristic;
    $('pg-tiles').checked = rules.heuristicInTiles;
    $('pg-tie').value = rules.tie;
  }

  /** Shows the controls that change what the algorithms on screen do, and what they do. */
  function showControls() {
    const shown = activeSlots().map((s) => algorithm(settings(s.k).algorithm));
    const applies = (control) => shown.some((a) => a.controls[control]);
    $('pg-diagonal-box').hidden = !applies('moves');
    $('pg-costs-box').hidden = !applies('costs');
    $('pg-heuristic-box').hidden = !applies('heuristic');
    $('pg-tiles-box').hidden = !applies('heuristic');
    $('pg-tie-box').hidden = !applies('tie');
    $('pg-weight-box').hidden = !applies('weight');
    $('pg-cluster-box').hidden = !applies('cluster');
    $('pg-algo-note').textContent = shown.map((a) => (shown.length > 1 ? `${a.short}: ${a.note}` : a.note)).join(' ');
  }
  const comparing = () => $('pg-compare').checked;
  const activeSlots = () => (comparing() ? pg.slots : [pg.slots[0]]);

  // ---- the map ----
  function weightsView() { return engine.pgWeights(); }

  function adoptMap() {
    [pg.w, pg.h] = engine.pgSize();
    warmed.clear(); // a new map: the first search of each algorithm on it is warmed up again
    warmups.clear();
    for (const s of pg.slots) {
      s.off.width = pg.w; s.off.height = pg.h;
      s.image = new ImageData(pg.w, pg.h);
      s.pix = new Uint32Array(s.image.data.buffer);
    }
    $('pg-map-info').textContent = `${pg.w}x${pg.h} tiles`;
  }

  function colour(weights, arrays, i) {
    const w = weights[i];
    if (w === 0) return WALL;
    const st = arrays ? arrays.state[i] : 0;
    if (st === 1) return OPEN;
    if (st === 2) return CLOSED;
    return w === 1 ? FLOOR : TERRAIN[Math.min(9, w)];
  }

  /** Recolours every tile of a slot (after a new map or a new search). */
  function repaintAll(s) {
    const weights = weightsView();
    const arrays = engine.pgArrays(s.k);
    for (let i = 0; i < pg.w * pg.h; i++) s.pix[i] = colour(weights, arrays, i);
    engine.pgTakeChanged(s.k);
    s.dirty = [0, 0, pg.w, pg.h];
  }

  /** Recolours only the tiles the last steps changed. */
  function repaintChanged(s) {
    const changed = engine.pgTakeChanged(s.k);
    if (!changed.length) return;
    const weights = weightsView();
    const arrays = engine.pgArrays(s.k);
    let x0 = pg.w, y0 = pg.h, x1 = -1, y1 = -1;
    for (const i of changed) {
      s.pix[i] = colour(weights, arrays, i);
      const x = i % pg.w, y = (i / pg.w) | 0;
      if (x < x0) x0 = x; if (x > x1) x1 = x;
      if (y < y0) y0 = y; if (y > y1) y1 = y;
    }
    if (s.dirty) {
      const [a, b, c, d] = s.dirty;
      x0 = Math.min(x0, a); y0 = Math.min(y0, b); x1 = Math.max(x1, a + c - 1); y1 = Math.max(y1, b + d - 1);
    }
    s.dirty = [x0, y0, x1 - x0 + 1, y1 - y0 + 1];
  }

  function setQueryInputs() {
    $('pg-start').value = `${pg.start[0]},${pg.start[1]}`;
    $('pg-goal').value = `${pg.goal[0]},${pg.goal[1]}`;
  }

  function passable(x, y) {
    return x >= 0 && y >= 0 && x < pg.w && y < pg.h && weightsView()[y * pg.w + x] > 0;
  }

  function firstFree(fromEnd) {
    const n = pg.w * pg.h, weights = weightsView();
    for (let k = 0; k < n; k++) {
      const i = fromEnd ? n - 1 - k : k;
      if (weights[i] > 0) return [i % pg.w, (i / pg.w) | 0];
    }
    return [0, 0];
  }

  function loadPreset(name) {
    pg.decor = null;
    pg.view = null;
    $('pg-tour').textContent = '';
    if (name === 'tutorial' || name === 'level') {
      const weights = new Uint32Array(level.width * level.height);
      for (let y = 0; y < level.height; y++) for (let x = 0; x < level.width; x++) {
        weights[y * level.width + x] = levelRows[y][x] === '#' ? 0 : 1;
      }
      engine.pgSetWeights(level.width, level.height, weights);
      pg.decor = levelRows;
      pg.start = [24, 0];
      pg.goal = name === 'tutorial' ? [22, 3] : [24, 8];
      if (name === 'tutorial') {
        // The tutorial's setup (4 moves of cost 1, Manhattan distance, and its open list, where
        // a new step goes before the open steps of equal F), searched by A*.
        $('pg-algo').value = menus.rules.tutorial.algorithm;
        pg.view = [15, 0, 10, 10]; // the corner of the level the example searches
      }
    } else if (name === 'empty') {
      engine.pgNew(32, 32);
      pg.start = [4, 16]; pg.goal = [27, 16];
    } else if (name === 'maze') {
      engine.pgSetWeights(41, 41, maze(41, 7));
      pg.start = [1, 1]; pg.goal = [39, 39];
    } else if (name === 'big') {
      engine.pgSetWeights(512, 512, maze(512, 11));
      pg.start = [1, 1]; pg.goal = [509, 509];
    }
    // Each map its own rules: the tutorial's 4-way moves and open list do not carry over.
    applyRules(name === 'tutorial' ? menus.rules.tutorial : menus.rules.other);
    adoptMap();
    setQueryInputs();
    $('pg-error').textContent = '';
  }

  async function loadFile(file) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    const answer = engine.pgLoadMap(bytes);
    if (!answer.ok) {
      $('pg-error').textContent = `${file.name}: ${answer.error.message}`;
      return false;
    }
    // The benchmarks' rules, under which their scenario files give each query's optimal cost.
    applyRules(menus.rules.movingAi);
    pg.decor = null;
    pg.view = null;
    adoptMap();
    pg.start = firstFree(false);
    pg.goal = firstFree(true);
    setQueryInputs();
    $('pg-error').textContent = '';
    $('pg-map-info').textContent = `${file.name}: ${pg.w}x${pg.h} tiles`;
    $('pg-preset').value = '';
    restart(true);
    return true;
  }

  // ---- searches ----
  /** New searches from step 0; with `run`, straight to the end. */
  // The algorithms searched already on this map: before the first timed search of each, the
  // same search runs untimed until the browser has optimised its code (two runs in a row within
  // a fifth of each other, at most eight runs or 300 ms), so the first time shown is not a cold
  // start. `warmups` counts those untimed runs per algorithm, for the tests.
  const warmed = new Set();
  const warmups = new Map();

  function warmUp(s, set) {
    if (warmed.has(set.algorithm)) return;
    warmed.add(set.algorithm);
    const begun = performance.now();
    let last = Infinity;
    for (let run = 0; run < 8; run++) {
      const t = performance.now();
      engine.pgStart(s.k, set, pg.start, pg.goal);
      engine.pgRun(s.k, 0xffffffff);
      const ms = performance.now() - t;
      warmups.set(set.algorithm, (warmups.get(set.algorithm) || 0) + 1);
      if (Math.abs(ms - last) <= 0.2 * Math.max(ms, last) || performance.now() - begun > 300) break;
      last = ms;
    }
  }

  function restart(run) {
    stopPlaying();
    showControls();
    for (const s of activeSlots()) {
      const set = settings(s.k);
      const hierarchical = algorithm(set.algorithm).draws === 'hierarchy';
      s.hier = null; s.entrances = null; s.built = false; s.buildMs = 0; s.refMs = 0;
      if (hierarchical) {
        // The hierarchy is built once per map, moves and cluster size (edits update it), and
        // timed apart from the query.
        const t = performance.now();
        const b = engine.pgHierarchyBuild(set);
        s.buildMs = performance.now() - t;
        s.built = b.built;
      }
      if (run) warmUp(s, set);
      const t0 = performance.now();
      s.status = engine.pgStart(s.k, set, pg.start, pg.goal);
      s.ms = performance.now() - t0;
      if (hierarchical) {
        const t1 = performance.now();
        engine.pgReference(s.k);
        s.refMs = performance.now() - t1;
        s.hier = engine.pgHierarchy();
        s.entrances = s.hier ? engine.pgEntrances() : null;
      }
      s.mesh = algorithm(set.algorithm).draws === 'mesh' ? engine.pgMesh(20000) : [];
      // The subgoal graph is built by its first search on a map (again after an edit).
      s.subgoals = algorithm(set.algorithm).draws === 'subgoals' ? engine.pgSubgoals() : null;
      repaintAll(s);
    }
    const h = pg.slots.find((s) => s.hier);
    const g = pg.slots.find((s) => s.subgoals);
    $('pg-hier-info').textContent = [
      h ? `${h.hier.clusters} clusters of ${h.hier.clusterSide}x${h.hier.clusterSide}, ` +
        `${h.hier.levels} level${h.hier.levels > 1 ? 's' : ''}, ${h.hier.entrances} entrance tiles, ${h.hier.nodes} nodes, ${h.hier.edges} edges` : '',
      g ? `${g.subgoals.subgoals} subgoals, ${g.subgoals.edges} edges, ${g.subgoals.shortcuts} shortcuts, ${g.subgoals.core} in the core` : '',
    ].filter(Boolean).join('; ');
    if (run) runToEnd(); else refreshStatus();
    $('pg-board-1').hidden = !comparing() || pg.mode !== 'square';
    $('view-playground').classList.toggle('comparing', comparing());
  }

  function step(n) {
    for (const s of activeSlots()) {
      const t0 = performance.now();
      engine.pgRun(s.k, n);
      s.ms += performance.now() - t0;
      repaintChanged(s);
    }
    refreshStatus();
  }

  function runToEnd() {
    step(0xffffffff);
  }

  function finished() {
    return activeSlots().every((s) => s.status && s.status.finished);
  }

  function refreshStatus() {
    // While playing on a big map the lists are refreshed ten times a second, the rest every frame.
    const lists = !pg.playing || pg.w * pg.h <= 128 * 128 || pg.frame % 6 === 0;
    for (const s of activeSlots()) {
      const fresh = engine.pgStatus(s.k, lists ? 40 : 0);
      if (!lists && s.status) { fresh.open = s.status.open; fresh.closed = s.status.closed; fresh.openCount = s.status.openCount; fresh.closedCount = s.status.closedCount; }
      s.status = fresh;
    }
    pg.redraw = true;
    showStatus(lists);
  }

  const fmt = (v) => (v === null || v === undefined ? '–' : Number.isInteger(v) ? String(v) : v.toFixed(2));

  function showStatus(lists = true) {
    const rows = [];
    for (const s of activeSlots()) {
      const st = s.status;
      const name = algorithm(settings(s.k).algorithm).short;
      const tiles = st.path.length ? st.path.length - 1 : (st.points.length ? st.points.length - 1 : 0);
      rows.push(['', `<b>${name}</b>`],
        ['expansions', st.expansions],
        ['path', st.found ? `${tiles} ${st.path.length ? 'moves' : 'segments'}` : (st.finished ? 'none' : '…')],
        ['cost', st.found ? fmt(st.cost) : '–'],
        ['time', `${s.ms.toFixed(2)} ms`]);
      if (st.searches !== null && st.searches !== undefined) {
        const above = st.found && st.optimum ? (100 * (st.cost - st.optimum)) / st.optimum : null;
        rows.push(['searches', st.searches],
          ['abstract expansions', st.abstractExpanded],
          ['A*\'s optimum', st.optimum === null ? '–' : `${fmt(st.optimum)} (${s.refMs.toFixed(2)} ms)`],
          ['above the optimum', above === null ? '–' : `${fmt(st.cost - st.optimum)} (${above.toFixed(2)} %)`],
          ['hierarchy', s.built ? `built in ${s.buildMs.toFixed(1)} ms` : 'kept (edits update it)']);
      }
      $(`pg-caption-${s.k}`).textContent = `${name}: ${st.expansions} expansions` +
        (st.found ? `, cost ${fmt(st.cost)}` : '') +
        (st.found && st.optimum ? ` (A* ${fmt(st.optimum)}, +${((100 * (st.cost - st.optimum)) / st.optimum).toFixed(2)} %)` : '') +
        `, ${s.ms.toFixed(1)} ms` + (st.error ? ` — ${st.error.message}` : '');
    }
    $('pg-counters').innerHTML = rows.map(([a, b]) => `<span>${a}</span><span>${b}</span>`).join('');
    const errors = activeSlots().map((s) => s.status.error).filter(Boolean).map((e) => e.message);
    $('pg-error').textContent = errors.join('; ');
    $('pg-play').textContent = pg.playing ? 'Pause' : 'Play';
    if (!lists) return; // the tables are rebuilt only when the lists were asked for
    const st = pg.slots[0].status;
    const cell = (v) => `<td>[${v.x};${v.y}]</td><td>${fmt(v.f)}</td><td>${fmt(v.g)}</td><td>${fmt(v.h)}</td><td>${v.parent ? `[${v.parent[0]};${v.parent[1]}]` : ''}</td>`;
    const head = '<tr><th>tile</th><th>F</th><th>G</th><th>H</th><th>parent</th></tr>';
    $('pg-open').innerHTML = head + st.open.map((v, i) => `<tr class="${i === 0 ? 'first' : ''}">${cell(v)}</tr>`).join('');
    $('pg-closed').innerHTML = head + st.closed.slice().reverse().map((v) => `<tr>${cell(v)}</tr>`).join('');
    const steps = stepping(settings(0).algorithm);
    $('pg-open-count').textContent = steps ? `(${st.openCount})` : '(not kept by this search)';
    $('pg-closed-count').textContent = steps ? `(${st.closedCount}, newest first)` : '';
  }

  // ---- drawing ----
  function layout(s) {
    const size = s.canvas.width;
    const [vx, vy, vw, vh] = pg.view || [0, 0, pg.w, pg.h];
    const cs = Math.min(size / vw, size / vh);
    return { cs, ox: (size - cs * vw) / 2 - vx * cs, oy: (size - cs * vh) / 2 - vy * cs };
  }

  /** The tiles in sight: [x0, y0, x1, y1), clamped to the map. */
  function visible() {
    const [vx, vy, vw, vh] = pg.view || [0, 0, pg.w, pg.h];
    return [Math.max(0, Math.floor(vx)), Math.max(0, Math.floor(vy)),
      Math.min(pg.w, Math.ceil(vx + vw)), Math.min(pg.h, Math.ceil(vy + vh))];
  }

  function draw(s) {
    const g = s.canvas.getContext('2d');
    if (s.dirty) {
      const [x, y, w, h] = s.dirty;
      s.off.getContext('2d').putImageData(s.image, 0, 0, x, y, w, h);
      s.dirty = null;
    }
    const { cs, ox, oy } = layout(s);
    g.fillStyle = '#111';
    g.fillRect(0, 0, s.canvas.width, s.canvas.height);
    g.imageSmoothingEnabled = false;
    g.drawImage(s.off, ox, oy, cs * pg.w, cs * pg.h);
    const st = s.status;
    const centre = (x, y) => [ox + (x + 0.5) * cs, oy + (y + 0.5) * cs];
    const [x0, y0, x1, y1] = visible();
    if (cs >= 8) {
      g.strokeStyle = '#0002'; g.lineWidth = 1;
      g.beginPath();
      for (let x = x0; x <= x1; x++) { g.moveTo(ox + x * cs, oy + y0 * cs); g.lineTo(ox + x * cs, oy + y1 * cs); }
      for (let y = y0; y <= y1; y++) { g.moveTo(ox + x0 * cs, oy + y * cs); g.lineTo(ox + x1 * cs, oy + y * cs); }
      g.stroke();
    }
    if (pg.decor && cs >= 16) {
      g.globalAlpha = 0.35;
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
        const t = pg.decor[y][x];
        const pic = t === 'B' ? sprites.bone : t === 'D' ? sprites.dog : t === 'E' ? sprites.exit : null;
        if (pic) g.drawImage(pic, ox + x * cs, oy + y * cs, cs, cs);
      }
      g.globalAlpha = 1;
    }
    // The start (the cat) and the goal (a bone in a ring).
    const mark = (cell, pic, ring) => {
      const [x, y] = cell;
      const px = ox + x * cs, py = oy + y * cs;
      const m = Math.max(cs, 10);
      g.globalAlpha = cs >= 24 ? 0.45 : 1;
      if (cs >= 10) g.drawImage(pic, px + (cs - m) / 2, py + (cs - m) / 2, m, m);
      g.globalAlpha = 1;
      g.strokeStyle = ring; g.lineWidth = Math.max(2, cs * 0.08);
      g.beginPath(); g.arc(px + cs / 2, py + cs / 2, Math.max(5, cs * (cs >= 24 ? 0.47 : 0.55)), 0, Math.PI * 2); g.stroke();
    };
    mark(pg.start, sprites.cat.forward[0], '#2da44e');
    mark(pg.goal, sprites.bone, '#cf222e');
    if (cs >= 24 && stepping(settings(s.k).algorithm)) {
      const arrays = engine.pgArrays(s.k);
      const big = Math.max(9, Math.round(cs * 0.3)), small = Math.max(8, Math.round(cs * 0.26));
      const [x0, y0, x1, y1] = visible();
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) {
        const i = y * pg.w + x;
        if (!arrays.state[i]) continue;
        const px = ox + x * cs, py = oy + y * cs;
        const gv = arrays.g[i], hv = arrays.h[i];
        g.fillStyle = '#111';
        g.font = `bold ${big}px system-ui, sans-serif`;
        g.textBaseline = 'top'; g.textAlign = 'left';
        g.fillText(fmtScore(gv + hv), px + 2, py + 1);
        g.font = `${small}px system-ui, sans-serif`;
        g.textBaseline = 'bottom';
        g.fillText(fmtScore(gv), px + 2, py + cs - 1);
        g.textAlign = 'right';
        g.fillText(fmtScore(hv), px + cs - 2, py + cs - 1);
        const p = arrays.parent[i];
        if (p >= 0) {
          // An arrow pointing to the parent, as in the tutorial's diagrams.
          const dx = (p % pg.w) - x, dy = ((p / pg.w) | 0) - y;
          const len = Math.hypot(dx, dy);
          const [cx, cy] = [px + cs * 0.62, py + cs * 0.42];
          const ux = dx / len, uy = dy / len, r = cs * 0.16;
          g.strokeStyle = '#333'; g.fillStyle = '#333'; g.lineWidth = 1.5;
          g.beginPath(); g.moveTo(cx - ux * r, cy - uy * r); g.lineTo(cx + ux * r, cy + uy * r); g.stroke();
          g.beginPath();
          g.moveTo(cx + ux * r * 1.4, cy + uy * r * 1.4);
          g.lineTo(cx + ux * r * 0.5 - uy * r * 0.55, cy + uy * r * 0.5 + ux * r * 0.55);
          g.lineTo(cx + ux * r * 0.5 + uy * r * 0.55, cy + uy * r * 0.5 - ux * r * 0.55);
          g.fill();
        }
      }
    }
    // The navigation mesh the any-angle search ran on.
    if (s.mesh.length && cs >= 3) {
      g.strokeStyle = '#2f6f9f80'; g.lineWidth = 1;
      g.beginPath();
      for (const [ax, ay, bx, by, cx, cy] of s.mesh) {
        g.moveTo(ox + ax * cs, oy + ay * cs); g.lineTo(ox + bx * cs, oy + by * cs);
        g.lineTo(ox + cx * cs, oy + cy * cs); g.closePath();
      }
      g.stroke();
    }
    // The hierarchy: the borders of the level-1 clusters and the entrance tiles on them.
    if (s.hier) drawHierarchy(g, s, cs, ox, oy);
    // The path: the cells, or the any-angle corners.
    const line = st && st.path.length ? st.path : (st && st.found ? st.points.map(([x, y]) => [x - 0.5, y - 0.5]) : []);
    if (line.length) {
      g.strokeStyle = '#1f6feb'; g.lineWidth = cs >= 24 ? 4 : Math.max(2, cs * 0.18); g.lineJoin = 'round'; g.lineCap = 'round';
      g.globalAlpha = cs >= 24 ? 0.55 : 0.85;
      g.beginPath();
      line.forEach(([x, y], i) => { const [px, py] = centre(x, y); if (i) g.lineTo(px, py); else g.moveTo(px, py); });
      g.stroke();
      g.globalAlpha = 1;
    }
    if (st && st.path.length && st.points.length) {
      g.fillStyle = '#ffd43b'; g.strokeStyle = '#000';
      for (const [x, y] of st.points) {
        const [px, py] = centre(x - 0.5, y - 0.5);
        g.beginPath(); g.arc(px, py, Math.max(2.5, cs * 0.2), 0, Math.PI * 2); g.fill(); g.stroke();
      }
    }
    if (st && st.current && !st.finished) {
      const [x, y] = st.current;
      g.strokeStyle = '#e0a800'; g.lineWidth = Math.max(2, cs * 0.1);
      g.strokeRect(ox + x * cs, oy + y * cs, cs, cs);
    }
  }

  function drawHierarchy(g, s, cs, ox, oy) {
    const side = s.hier.clusterSide;
    const [x0, y0, x1, y1] = visible();
    if (s.entrances) { // at least a pixel each, even when tiles are smaller
      g.fillStyle = '#9333ea';
      const m = cs >= 6 ? cs * 0.5 : Math.max(1, cs);
      for (const i of s.entrances) {
        const x = i % pg.w, y = (i / pg.w) | 0;
        if (x < x0 || x >= x1 || y < y0 || y >= y1) continue;
        g.fillRect(ox + x * cs + (cs - m) / 2, oy + y * cs + (cs - m) / 2, m, m);
      }
    }
    if (side * cs < 3) return; // borders closer than 3 pixels would only grey the map
    g.strokeStyle = '#d9468f'; g.lineWidth = cs >= 8 ? 2 : 1;
    g.globalAlpha = 0.9;
    g.beginPath();
    for (let x = Math.ceil(x0 / side) * side; x <= x1; x += side) { g.moveTo(ox + x * cs, oy + y0 * cs); g.lineTo(ox + x * cs, oy + y1 * cs); }
    for (let y = Math.ceil(y0 / side) * side; y <= y1; y += side) { g.moveTo(ox + x0 * cs, oy + y * cs); g.lineTo(ox + x1 * cs, oy + y * cs); }
    g.stroke();
    g.globalAlpha = 1;
  }

  function fmtScore(v) {
    return Number.isInteger(v) ? String(v) : v.toFixed(1);
  }

  // ---- editing ----
  function tileAt(s, ev) {
    const r = s.canvas.getBoundingClientRect();
    const { cs, ox, oy } = layout(s);
    const sx = s.canvas.width / r.width;
    return [Math.floor(((ev.clientX - r.left) * sx - ox) / cs), Math.floor(((ev.clientY - r.top) * sx - oy) / cs)];
  }

  let drag = null; // 'start' | 'goal' | 'paint'
  let lastTile = null;
  const tool = () => document.querySelector('input[name=tool]:checked').value;
  const live = () => pg.w * pg.h <= 256 * 256; // re-run while dragging on small maps only

  function paint(x, y) {
    if (x < 0 || y < 0 || x >= pg.w || y >= pg.h) return false;
    if ((x === pg.start[0] && y === pg.start[1]) || (x === pg.goal[0] && y === pg.goal[1])) return false;
    const t = tool();
    const weight = t === 'wall' ? 0 : t === 'erase' ? 1 : Number($('pg-terrain').value);
    if (!engine.pgSetCell(x, y, weight)) return false;
    // Shown at once, even where the search is only re-run when the drag ends (big maps).
    const i = y * pg.w + x;
    for (const s of pg.slots) {
      if (!s.pix) continue;
      s.pix[i] = colour(weightsView(), null, i);
      const d = s.dirty;
      s.dirty = d ? [Math.min(d[0], x), Math.min(d[1], y), Math.max(d[0] + d[2], x + 1) - Math.min(d[0], x), Math.max(d[1] + d[3], y + 1) - Math.min(d[1], y)] : [x, y, 1, 1];
    }
    return true;
  }

  function paintLine(a, b) {
    let [x0, y0] = a;
    const [x1, y1] = b;
    const dx = Math.abs(x1 - x0), dy = -Math.abs(y1 - y0);
    const sx = x0 < x1 ? 1 : -1, sy = y0 < y1 ? 1 : -1;
    let err = dx + dy, changed = false;
    for (;;) {
      changed = paint(x0, y0) || changed;
      if (x0 === x1 && y0 === y1) break;
      const e2 = 2 * err;
      if (e2 >= dy) { err += dy; x0 += sx; }
      if (e2 <= dx) { err += dx; y0 += sy; }
    }
    return changed;
  }

  function afterEdit(final) {
    endTour();
    if (final || live()) restart(true);
  }

  for (const s of pg.slots) {
    s.canvas.addEventListener('pointerdown', (ev) => {
      ev.preventDefault();
      s.canvas.setPointerCapture(ev.pointerId);
      const t = tileAt(s, ev);
      const same = (c) => c[0] === t[0] && c[1] === t[1];
      if (tool() === 'start' || same(pg.start)) drag = 'start';
      else if (tool() === 'goal' || same(pg.goal)) drag = 'goal';
      else drag = 'paint';
      lastTile = t;
      if (drag === 'paint') { if (paint(t[0], t[1])) afterEdit(false); } else moveEnd(drag, t);
    });
    s.canvas.addEventListener('pointermove', (ev) => {
      if (!drag) return;
      const t = tileAt(s, ev);
      if (lastTile && t[0] === lastTile[0] && t[1] === lastTile[1]) return;
      if (drag === 'paint') { if (paintLine(lastTile, t)) afterEdit(false); } else moveEnd(drag, t);
      lastTile = t;
    });
    const up = () => {
      if (drag) { afterEdit(true); }
      drag = null; lastTile = null;
    };
    s.canvas.addEventListener('pointerup', up);
    s.canvas.addEventListener('pointercancel', up);
  }

  function moveEnd(which, t) {
    if (!passable(t[0], t[1])) return;
    pg[which] = t;
    setQueryInputs();
    if (live()) restart(true);
  }

  function parseCell(text) {
    const m = /^\s*\[?\s*(\d+)\s*[,;\s]\s*(\d+)\s*\]?\s*$/.exec(text);
    return m ? [Number(m[1]), Number(m[2])] : null;
  }
  for (const which of ['start', 'goal']) {
    $(`pg-${which}`).addEventListener('change', () => {
      const c = parseCell($(`pg-${which}`).value);
      if (!c || c[0] >= pg.w || c[1] >= pg.h) {
        $('pg-error').textContent = `${which}: write x,y inside the ${pg.w}x${pg.h} map`;
        setQueryInputs();
        return;
      }
      pg[which] = c;
      restart(true);
    });
  }

  // ---- controls ----
  function stopPlaying() { pg.playing = false; pg.acc = 0; }
  function speed() {
    // 1 to 100 000 expansions a second, on a log scale.
    return Math.round(10 ** (Number($('pg-speed').value) / 20));
  }
  function showSpeed() { $('pg-speed-out').textContent = `${speed()}/s`; }
  showSpeed();

  $('pg-speed').addEventListener('input', showSpeed);
  $('pg-preset').addEventListener('change', () => { endTour(); loadPreset($('pg-preset').value); restart(true); });
  $('pg-file').addEventListener('change', () => {
    const f = $('pg-file').files[0];
    if (f) { endTour(); loadFile(f); }
  });
  $('pg-terrain').addEventListener('input', () => { $('pg-terrain-out').textContent = $('pg-terrain').value; });
  $('pg-weight').addEventListener('input', () => { $('pg-weight-out').textContent = $('pg-weight').value; });
  $('pg-weight').addEventListener('change', () => restart(true));
  $('pg-cluster').addEventListener('input', () => { $('pg-cluster-out').textContent = $('pg-cluster').value; });
  $('pg-cluster').addEventListener('change', () => restart(true));
  for (const id of ['pg-algo', 'pg-algo-1', 'pg-diagonal', 'pg-costs', 'pg-heuristic', 'pg-tiles', 'pg-tie', 'pg-compare']) {
    $(id).addEventListener('change', () => { endTour(); restart(true); });
  }
  $('pg-reset').addEventListener('click', () => { endTour(); restart(false); });
  $('pg-step').addEventListener('click', () => {
    stopPlaying();
    if (finished()) restart(false);
    step(1);
  });
  $('pg-play').addEventListener('click', () => {
    if (pg.playing) { stopPlaying(); showStatus(); return; }
    if (finished()) restart(false);
    pg.playing = true;
    pg.frameTimes.length = 0;
    pg.workTimes.length = 0;
    showStatus();
  });
  $('pg-run').addEventListener('click', () => { stopPlaying(); runToEnd(); });
  $('pg-zoom').addEventListener('click', () => {
    // Whole map, or 10x10 tiles around the start (on the tutorial's example: its corner).
    const side = Math.min(10, pg.w, pg.h);
    const x = Math.max(0, Math.min(pg.w - side, pg.start[0] - (side >> 1)));
    const y = Math.max(0, Math.min(pg.h - side, pg.start[1] - (side >> 1)));
    pg.view = pg.view ? null : [x, y, side, side];
    pg.redraw = true;
  });
  $('pg-bench').addEventListener('click', () => {
    const r = benchAstar(9);
    $('pg-bench-out').textContent = r.cost < 0 ? 'no path' :
      `median ${r.median.toFixed(2)} ms (${r.expansions} expansions, cost ${r.cost.toFixed(2)})`;
  });

  function benchAstar(runs) {
    // Warm-up: the browser first runs the module from a quick baseline compilation and swaps in
    // optimised code for the hot functions a little later; measure the steady state, as the
    // native side does after its warm-up.
    const cost = engine.pgQueryAstar(pg.start, pg.goal);
    for (const t0 = performance.now(); performance.now() - t0 < 1500;) engine.pgQueryAstar(pg.start, pg.goal);
    const times = [];
    for (let k = 0; k < runs; k++) {
      const t0 = performance.now();
      engine.pgQueryAstar(pg.start, pg.goal);
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { median: times[runs >> 1], min: times[0], times, cost, expansions: engine.pgQueryExpansions() };
  }

  // ---- the guided walk-through ----
  const name = (c) => `[${c[0]};${c[1]}]`;
  // The tutorials' neighbour order: top, left, bottom, right, then the diagonals.
  const SIDES = [['top', 0, -1], ['left', -1, 0], ['bottom', 0, 1], ['right', 1, 0],
    ['top left', -1, -1], ['bottom left', -1, 1], ['top right', 1, -1], ['bottom right', 1, 1]];

  function startTour() {
    const diagonal = $('pg-tour-example').value === 'diagonal';
    $('pg-compare').checked = false;
    $('pg-preset').value = 'tutorial';
    loadPreset('tutorial');
    if (diagonal) {
      // The Cocos2D tutorial's final version: diagonals without cutting wall corners, 10 and
      // 14, and the Manhattan distance in tiles, not scaled to the costs.
      $('pg-diagonal').value = 'no-corner-cutting';
      $('pg-costs').value = 'tutorial';
      $('pg-tiles').checked = true;
    }
    restart(false);
    pg.tour = { n: 0, diagonal };
    $('pg-tour-next').disabled = false;
    const st = pg.slots[0].status;
    const open = engine.pgStatus(0, 5).open[0];
    const moves = diagonal
      ? 'It moves to any of the eight tiles around it, but never across the corner of a wall; a straight move costs 10 and a diagonal one 14 (about 10 × √2). '
      : 'It moves up, left, down or right, one tile at a time, each move costing 1. ';
    const estimate = diagonal
      ? `the Manhattan distance |dx| + |dy| to ${name(pg.goal)} counted in tiles, not scaled to the move costs (as the Cocos2D tutorial does)`
      : `the Manhattan distance |dx| + |dy| to ${name(pg.goal)}`;
    $('pg-tour').innerHTML = `<p>The cat on ${name(pg.start)} wants to reach ${name(pg.goal)}, the tile below the bone the tutorial's cat goes for first. ` +
      moves +
      `G is the cost of the best way found so far from the start; H is the estimate of what is left, ${estimate}; F = G + H. ` +
      'The open list holds the tiles found but not yet explored, ordered by F; among equal F the newest comes first, as in the tutorial. ' +
      `The closed list holds the tiles explored.</p><p>To begin, only the start is open: G = ${open.g}, H = ${open.h}, F = ${open.f}. ` +
      `${st.error ? st.error.message : 'Press <b>Next step</b>.'}</p>`;
  }

  function endTour() {
    if (!pg.tour) return;
    pg.tour = null;
    $('pg-tour-next').disabled = true;
  }

  function tourNext() {
    if (!pg.tour) return;
    const s = pg.slots[0];
    if (s.status.finished) { endTour(); return; }
    const diagonal = pg.tour.diagonal;
    const before = engine.pgStatus(0, 200);
    const head = before.open[0];
    const ties = before.open.filter((v) => v.f === head.f).length;
    const w = pg.w;
    const arraysBefore = engine.pgArrays(0);
    const weights = weightsView();
    const wall = (x, y) => x < 0 || y < 0 || x >= pg.w || y >= pg.h || weights[y * w + x] === 0;
    const around = SIDES.slice(0, diagonal ? 8 : 4).map(([side, dx, dy]) => {
      const x = head.x + dx, y = head.y + dy;
      if (x < 0 || y < 0 || x >= pg.w || y >= pg.h) return null;
      const i = y * w + x;
      const corner = dx !== 0 && dy !== 0 && (wall(head.x + dx, head.y) || wall(head.x, head.y + dy));
      return {
        side, x, y, i, corner, straight: dx === 0 || dy === 0, wall: weights[i] === 0,
        state: arraysBefore.state[i], g: arraysBefore.g[i], parent: arraysBefore.parent[i],
      };
    }).filter(Boolean);
    step(1);
    pg.tour.n += 1;
    const after = s.status;
    const arrays = engine.pgArrays(0);
    const here = [head.x, head.y];
    let text = `<p><b>Step ${pg.tour.n}.</b> ${name(here)} has the lowest F on the open list (F = G + H = ${head.g} + ${head.h} = ${head.f})` +
      (ties > 1 ? `; ${ties} open tiles have F = ${head.f}, and it is the newest of them, the tutorial's rule` : '') +
      '. It leaves the open list for the closed list.</p>';
    if (after.finished && here[0] === pg.goal[0] && here[1] === pg.goal[1]) {
      const steps = after.path.slice(1).map(name).join(', ');
      text += `<p>It is the target: the search stops after ${after.expansions} tiles taken off the open list. ` +
        `Following the parents back from ${name(pg.goal)} and reversing gives the path ${steps}: ` +
        `${after.path.length - 1} steps, cost ${after.cost}` +
        (diagonal ? ', the diagonal version\'s path. It misses the bone at [22;1], so the cat would meet the dog on [20;2] with no bone to give.</p>'
          : ', the path the tutorial prints.</p>');
      $('pg-tour-next').disabled = true;
      pg.tour = null;
    } else {
      const cost = (n) => (diagonal ? (n.straight ? 10 : 14) : 1) * weights[n.i];
      text += '<ul>';
      for (const n of around) {
        const c = name([n.x, n.y]);
        const g = arrays.g[n.i], h = arrays.h[n.i];
        const hText = `H = |${n.x} − ${pg.goal[0]}| + |${n.y} − ${pg.goal[1]}| = ${h}`;
        if (n.wall) text += `<li>${n.side} ${c}: a wall, not walkable.</li>`;
        else if (n.corner) text += `<li>${n.side} ${c}: the move would cut the corner of a wall: not allowed.</li>`;
        else if (n.state === 2) text += `<li>${n.side} ${c}: on the closed list, ignored.</li>`;
        else if (n.state === 0) {
          text += `<li>${n.side} ${c}: enters the open list with parent ${name(here)}: G = ${head.g} + ${g - head.g} = ${g}, ` +
            `${hText}, F = ${g + h}.</li>`;
        } else if (arrays.parent[n.i] !== n.parent) {
          text += `<li>${n.side} ${c}: already open with G = ${n.g}; through ${name(here)} it costs ${head.g} + ${g - head.g} = ${g}, less, ` +
            `so its G becomes ${g}, F ${g + h}, and <b>its parent changes</b> to ${name(here)}.</li>`;
        } else {
          text += `<li>${n.side} ${c}: already open with G = ${n.g}; through ${name(here)} it would cost ${head.g} + ${cost(n)} = ${head.g + cost(n)}, no less: unchanged.</li>`;
        }
      }
      text += '</ul>';
      const open = after.open.slice(0, 6).map((v) => `${name([v.x, v.y])} F ${v.f}`).join(', ');
      text += `<p class="small">Open list now (${after.openCount}): ${open}${after.openCount > 6 ? ', …' : ''}</p>`;
    }
    pg.tourLog.push(text);
    $('pg-tour').innerHTML = text;
  }

  $('pg-tour-start').addEventListener('click', startTour);
  $('pg-tour-next').addEventListener('click', tourNext);

  // ---- the frame loop ----
  let last = null;
  function frame(now) {
    const dt = last === null ? 16.7 : now - last;
    last = now;
    const visible = !$('view-playground').hidden;
    pg.frame += 1;
    const playing = pg.playing;
    if (pg.playing) {
      pg.frameTimes.push(dt);
      if (pg.frameTimes.length > 600) pg.frameTimes.shift();
      pg.acc += (speed() * Math.min(dt, 100)) / 1000;
      const n = Math.floor(pg.acc);
      if (n > 0) {
        pg.acc -= n;
        step(n);
      }
      if (finished()) { stopPlaying(); showStatus(); }
    }
    if (visible && (pg.redraw || pg.slots.some((s) => s.dirty))) {
      for (const s of activeSlots()) draw(s);
      pg.redraw = false;
    }
    if (playing) {
      pg.workTimes.push(performance.now() - now);
      if (pg.workTimes.length > 600) pg.workTimes.shift();
    }
    requestAnimationFrame(frame);
  }

  loadPreset('tutorial');
  restart(true);
  requestAnimationFrame(frame);

  // ---- the other maps: two floors, and a hex grid ----
  const floors = startFloors(engine);
  const hex = startHex(engine);
  const mesh = startMeshPlayground(engine);
  function setMode(mode) {
    endTour();
    stopPlaying();
    pg.mode = mode;
    for (const [cls, m] of [['sq', 'square'], ['fl', 'floors'], ['hx', 'hex'], ['nm', 'mesh']]) {
      for (const el of document.querySelectorAll(`#view-playground .${cls}`)) el.hidden = mode !== m;
    }
    $('pg-map-box').hidden = mode === 'mesh'; // the grids' drawing tools
    $('pg-board-1').hidden = mode !== 'square' || !comparing();
    $('view-playground').classList.toggle('comparing', mode === 'square' && comparing());
    $('pg-error').textContent = '';
    if (mode === 'floors') floors.refresh();
    else if (mode === 'hex') hex.redraw();
    else if (mode === 'mesh') mesh.redraw();
    else { pg.redraw = true; showStatus(); }
  }
  $('pg-mode').addEventListener('change', () => setMode($('pg-mode').value));

  // For the browser tests (and the curious): the searches as the engine sees them.
  window.playground = {
    status: (slot = 0) => engine.pgStatus(slot, 1000),
    tile: (x, y, slot = 0) => {
      const a = engine.pgArrays(slot);
      const i = y * pg.w + x;
      const st = ['unseen', 'open', 'closed'][a.state[i]];
      const p = a.parent[i];
      return { state: st, g: a.g[i], h: a.h[i], f: a.g[i] + a.h[i], parent: p < 0 ? null : [p % pg.w, (p / pg.w) | 0], weight: weightsView()[i] };
    },
    size: () => [pg.w, pg.h],
    /** The menus as the module lists them. */
    menus,
    /** The untimed runs before the first timed search of each algorithm on this map. */
    warmups: () => Object.fromEntries(warmups),
    /** The time shown for each slot's search, in milliseconds. */
    times: () => pg.slots.map((s) => s.ms),
    /** The same searches again, run to the end (as a change of menu does). */
    rerun: () => restart(true),
    query: () => ({ start: pg.start, goal: pg.goal }),
    setQuery: (sx, sy, gx, gy) => { pg.start = [sx, sy]; pg.goal = [gx, gy]; setQueryInputs(); restart(true); },
    preset: (p) => { $('pg-preset').value = p; loadPreset(p); restart(true); },
    frameTimes: pg.frameTimes,
    /** Milliseconds of work in each frame while playing (stepping, recolouring, drawing). */
    workTimes: pg.workTimes,
    playing: () => pg.playing,
    benchAstar,
    /** The page coordinates of a tile's centre in a slot's canvas, for clicking it. */
    tileCenter: (x, y, slot = 0) => {
      const s = pg.slots[slot];
      const r = s.canvas.getBoundingClientRect();
      const { cs, ox, oy } = layout(s);
      const k = r.width / s.canvas.width;
      return { x: r.left + (ox + (x + 0.5) * cs) * k, y: r.top + (oy + (y + 0.5) * cs) * k };
    },
    tourText: () => $('pg-tour').textContent,
    /** Every step's explanation since the page loaded, as HTML. */
    tourLog: () => pg.tourLog.slice(),
    meshTriangles: (slot = 0) => pg.slots[slot].mesh.length,
    /** The two-floor map: state(), placeCenter(floor, x, y). */
    floors,
    /** The hex grid: state(), hexCenter(col, row), weight(col, row), setEnds([c, r], [c, r]). */
    hex,
    /** The navigation-mesh mode: state(), toPage(x, y), meshTriangles(), routeCost(), setEnds([x, y], [x, y]). */
    mesh,
    /** The hierarchy drawn in a slot (sizes, entrance count, full builds so far), or null. */
    hierarchy: (slot = 0) => pg.slots[slot].hier,
    /** Its level-1 entrance tiles, as [x, y]. */
    entrances: (slot = 0) => Array.from(pg.slots[slot].entrances || [], (i) => [i % pg.w, (i / pg.w) | 0]),
    /** The colour [r, g, b] of a slot's canvas at a point given in tiles. */
    pixel: (x, y, slot = 0) => {
      const s = pg.slots[slot];
      draw(s);
      const { cs, ox, oy } = layout(s);
      const d = s.canvas.getContext('2d').getImageData(Math.round(ox + x * cs), Math.round(oy + y * cs), 1, 1).data;
      return [d[0], d[1], d[2]];
    },
  };
}
