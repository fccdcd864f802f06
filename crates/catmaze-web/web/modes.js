// The playground's two other maps: a building of two floors joined by stairs, an elevator and
// a teleporter (pathkit's LevelMap), and a hex grid (pathkit's HexGrid). Both are small, so
// every change (a wall, a portal switched off, the start or the goal moved) runs the search to
// the end at once and redraws the whole canvas; the module answers with the path and the
// places it expanded, in order.
//
// The drawing tools (wall, erase, terrain, start, goal) are the square grid's radio buttons.

const WALL = '#3b3f4a';
const FLOOR = '#e9e3d6';
const EXPANDED = '#f0998c';
const PATH = '#1f6feb';
const START = '#2da44e';
const GOAL = '#cf222e';
const TWO_WAY = '#9641c8';
const ONE_WAY = '#f09614';
const OFF = '#8a8a8a';

/** Plain floor, or terrain from light to dark as the weight grows (2 to 9). */
function ground(w) {
  if (w === 0) return WALL;
  if (w === 1) return FLOOR;
  const t = Math.min(1, (w - 1) / 8);
  const mix = (a, b) => Math.round(a + (b - a) * t);
  return `rgb(${mix(0xe9, 0x8a)},${mix(0xe3, 0x5e)},${mix(0xd6, 0x2e)})`;
}

const $ = (id) => document.getElementById(id);
const tool = () => document.querySelector('input[name=tool]:checked').value;
const toolWeight = () => (tool() === 'wall' ? 0 : tool() === 'erase' ? 1 : Number($('pg-terrain').value));

/** Page coordinates of a point given in canvas pixels. */
function toPage(canvas, x, y) {
  const r = canvas.getBoundingClientRect();
  const k = r.width / canvas.width;
  return { x: r.left + x * k, y: r.top + y * k };
}

/** Canvas pixels of a pointer event. */
function toCanvas(canvas, ev) {
  const r = canvas.getBoundingClientRect();
  const k = canvas.width / r.width;
  return [(ev.clientX - r.left) * k, (ev.clientY - r.top) * k];
}

/**
 * Clicks and drags on a canvas: `pick` turns canvas pixels into a place (or null), `same`
 * compares places; the start and the goal are dragged, anything else is painted.
 */
function pointer(canvas, pick, same, ends, paint, changed) {
  let drag = null;
  let last = null;
  canvas.addEventListener('pointerdown', (ev) => {
    ev.preventDefault();
    const p = pick(...toCanvas(canvas, ev));
    if (!p) return;
    canvas.setPointerCapture(ev.pointerId);
    const t = tool();
    if (t === 'start' || same(p, ends.start)) drag = 'start';
    else if (t === 'goal' || same(p, ends.goal)) drag = 'goal';
    else drag = 'paint';
    last = p;
    if (drag === 'paint') { if (paint(p)) changed(); } else { ends[drag] = p; changed(); }
  });
  canvas.addEventListener('pointermove', (ev) => {
    if (!drag) return;
    const p = pick(...toCanvas(canvas, ev));
    if (!p || same(p, last)) return;
    last = p;
    if (drag === 'paint') { if (paint(p)) changed(); } else { ends[drag] = p; changed(); }
  });
  const up = () => { drag = null; last = null; };
  canvas.addEventListener('pointerup', up);
  canvas.addEventListener('pointercancel', up);
}

const fmt = (v) => (v === null || v === undefined ? '–' : Number.isInteger(v) ? String(v) : v.toFixed(2));

// ---------------------------------------------------------------------------------------------
// Two floors.

export function startFloors(engine) {
  const canvas = $('fl-canvas');
  const st = {
    info: null,
    start: [0, 3, 6], goal: [0, 12, 6], // [floor, x, y]
    result: null,
    ms: 0,
  };

  function geometry() {
    const floors = st.info.floors;
    const across = floors.reduce((a, f) => a + f.width, 0) + 2 * (floors.length - 1) + 2;
    const tall = Math.max(...floors.map((f) => f.height));
    const band = 5; // rows of room above the floors, where the portals' arcs rise
    const cs = Math.min(canvas.width / across, canvas.height / (tall + band + 2));
    const left = (canvas.width - cs * (across - 2)) / 2;
    const xs = [];
    let x = left;
    for (const f of floors) { xs.push(x); x += (f.width + 2) * cs; }
    return { cs, xs, top: band * cs, band };
  }

  const centre = (g, [f, x, y]) => [g.xs[f] + (x + 0.5) * g.cs, g.top + (y + 0.5) * g.cs];

  function pick(px, py) {
    const g = geometry();
    for (let f = 0; f < st.info.floors.length; f++) {
      const { width, height } = st.info.floors[f];
      const x = Math.floor((px - g.xs[f]) / g.cs), y = Math.floor((py - g.top) / g.cs);
      if (x >= 0 && y >= 0 && x < width && y < height) return [f, x, y];
    }
    return null;
  }
  const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1] && a[2] === b[2];

  function weights(f) {
    const { width, height } = st.info.floors[f];
    return new Uint32Array(engine.buffer, engine.x.fl_weights_ptr(f), width * height);
  }

  function search() {
    const t0 = performance.now();
    const diagonal = $('fl-moves').value === '8' ? 1 : 0;
    st.result = engine.json(engine.x.fl_search(st.start[0], st.start[1], st.start[2], st.goal[0], st.goal[1], st.goal[2], diagonal));
    st.ms = performance.now() - t0;
    show();
    draw();
  }

  function show() {
    const r = st.result;
    const names = r.portals.map((i) => st.info.portals[i].name);
    const rows = [['path', r.found ? `${r.path.length - 1} moves` : 'none'], ['cost', r.found ? fmt(r.cost) : '–'],
      ['portals taken', names.length ? names.join(', ') : (r.found ? 'none' : '–')],
      ['expansions', r.expansions], ['time', `${st.ms.toFixed(2)} ms`]];
    $('fl-counters').innerHTML = rows.map(([a, b]) => `<span>${a}</span><span>${b}</span>`).join('');
    $('pg-error').textContent = r.error || '';
    $('fl-caption').textContent = `From ${place(st.start)} to ${place(st.goal)}: ` +
      (r.found ? `cost ${fmt(r.cost)}${names.length ? ` by the ${names.join(', then the ')}` : ''}` : 'no path') +
      `, ${r.expansions} expansions`;
  }

  const place = ([f, x, y]) => `${st.info.floors[f].name} [${x};${y}]`;

  function portalList() {
    $('fl-portals').innerHTML = st.info.portals.map((p, i) => {
      const dir = p.twoWay ? '↔' : '→';
      return `<label><input type="checkbox" id="fl-portal-${i}" ${p.enabled ? 'checked' : ''}> ${p.name} ` +
        `<span class="small">(${p.from[0] ? 'up' : 'ground'} [${p.from[1]};${p.from[2]}] ${dir} ${p.to[0] ? 'up' : 'ground'} [${p.to[1]};${p.to[2]}], cost ${p.cost})</span></label>`;
    }).join('');
    st.info.portals.forEach((_, i) => {
      $(`fl-portal-${i}`).addEventListener('change', (ev) => {
        const answer = engine.json(engine.x.fl_set_portal(i, ev.target.checked ? 1 : 0));
        if (!answer.ok) $('pg-error').textContent = answer.error?.message ?? answer.error;
        st.info = engine.json(engine.x.fl_info());
        search();
      });
    });
  }

  function draw() {
    const g = canvas.getContext('2d');
    const geo = geometry();
    const { cs } = geo;
    g.fillStyle = '#111';
    g.fillRect(0, 0, canvas.width, canvas.height);
    const r = st.result;
    const expanded = new Set((r ? r.expanded : []).map((p) => p.join(',')));
    st.info.floors.forEach((fl, f) => {
      const w = weights(f);
      for (let y = 0; y < fl.height; y++) for (let x = 0; x < fl.width; x++) {
        const v = w[y * fl.width + x];
        g.fillStyle = v && expanded.has(`${f},${x},${y}`) ? EXPANDED : ground(v);
        g.fillRect(geo.xs[f] + x * cs, geo.top + y * cs, cs, cs);
      }
      g.strokeStyle = '#0002'; g.lineWidth = 1;
      g.beginPath();
      for (let x = 0; x <= fl.width; x++) { g.moveTo(geo.xs[f] + x * cs, geo.top); g.lineTo(geo.xs[f] + x * cs, geo.top + fl.height * cs); }
      for (let y = 0; y <= fl.height; y++) { g.moveTo(geo.xs[f], geo.top + y * cs); g.lineTo(geo.xs[f] + fl.width * cs, geo.top + y * cs); }
      g.stroke();
      g.fillStyle = '#e8e6e3'; g.font = `${Math.round(cs * 0.75)}px system-ui, sans-serif`;
      g.textAlign = 'center'; g.textBaseline = 'top';
      g.fillText(fl.name, geo.xs[f] + (fl.width * cs) / 2, geo.top + (fl.height + 0.4) * cs);
    });
    // The path on each floor.
    const taken = new Set(r ? r.portals : []);
    if (r && r.found) {
      g.strokeStyle = PATH; g.lineWidth = Math.max(3, cs * 0.2); g.lineJoin = 'round'; g.lineCap = 'round';
      g.beginPath();
      r.path.forEach((p, i) => {
        const [px, py] = centre(geo, p);
        const prev = r.path[i - 1];
        const walk = prev && prev[0] === p[0] && Math.abs(prev[1] - p[1]) <= 1 && Math.abs(prev[2] - p[2]) <= 1;
        if (walk) g.lineTo(px, py); else g.moveTo(px, py);
      });
      g.stroke();
    }
    // The portals: both ends framed, joined by an arc above the floors; blue and thick where
    // the path takes them.
    st.info.portals.forEach((p, i) => {
      const colour = !p.enabled ? OFF : p.twoWay ? TWO_WAY : ONE_WAY;
      const a = centre(geo, p.from), b = centre(geo, p.to);
      g.lineWidth = Math.max(2, cs * 0.12);
      g.strokeStyle = colour;
      for (const [x, y] of [a, b]) g.strokeRect(x - cs * 0.45, y - cs * 0.45, cs * 0.9, cs * 0.9);
      const peak = cs * (0.8 + 0.9 * i);
      const c = [(a[0] + b[0]) / 2, (4 * peak - a[1] - b[1]) / 2];
      const curve = () => { g.beginPath(); g.moveTo(a[0], a[1]); g.quadraticCurveTo(c[0], c[1], b[0], b[1]); g.stroke(); };
      g.setLineDash(p.enabled ? [] : [cs * 0.4, cs * 0.3]);
      curve();
      g.setLineDash([]);
      if (taken.has(i)) {
        g.strokeStyle = PATH; g.lineWidth = Math.max(4, cs * 0.25);
        curve();
      }
      if (!p.twoWay) { // a dot where a one-way portal leads
        g.fillStyle = colour;
        g.beginPath(); g.arc(b[0], b[1], cs * 0.22, 0, Math.PI * 2); g.fill();
      }
      g.fillStyle = p.enabled ? '#e8e6e3' : OFF;
      g.font = `${Math.round(cs * 0.6)}px system-ui, sans-serif`;
      g.textAlign = 'center'; g.textBaseline = 'bottom';
      g.fillText(p.name + (p.enabled ? '' : ' (off)'), (a[0] + b[0]) / 2, (a[1] + b[1]) / 4 + c[1] / 2 - cs * 0.1);
    });
    for (const [p, colour] of [[st.start, START], [st.goal, GOAL]]) {
      const [x, y] = centre(geo, p);
      g.strokeStyle = colour; g.lineWidth = Math.max(3, cs * 0.15);
      g.beginPath(); g.arc(x, y, cs * 0.42, 0, Math.PI * 2); g.stroke();
    }
  }

  function paint([f, x, y]) {
    if (same([f, x, y], st.start) || same([f, x, y], st.goal)) return false;
    return engine.x.fl_set_cell(f, x, y, toolWeight()) === 1;
  }

  function reset() {
    st.info = engine.json(engine.x.fl_reset());
    st.start = [0, 3, 6]; st.goal = [0, 12, 6];
    portalList();
    search();
  }

  pointer(canvas, pick, same, st, paint, search);
  $('fl-reset').addEventListener('click', reset);
  $('fl-moves').addEventListener('change', search);
  reset();

  return {
    state: () => ({ start: st.start, goal: st.goal, result: st.result, portals: st.info.portals }),
    /** The page coordinates of a cell's centre, for clicking it. */
    placeCenter: (f, x, y) => toPage(canvas, ...centre(geometry(), [f, x, y])),
    redraw: draw,
    refresh: search,
  };
}

// ---------------------------------------------------------------------------------------------
// Hex grid.

export function startHex(engine) {
  const canvas = $('hx-canvas');
  const st = { info: null, start: [2, 3], goal: [21, 13], result: null, ms: 0 };

  /** Whether the offset layout shifts this row (odd-r, even-r) or column (odd-q, even-q). */
  function shifted(i) {
    const odd = (i & 1) === 1;
    return st.info.layout.startsWith('odd') ? odd : !odd;
  }

  function geometry() {
    const { width: w, height: h, pointy } = st.info;
    const r3 = Math.sqrt(3);
    const pad = 12;
    const [aw, ah] = [canvas.width - 2 * pad, canvas.height - 2 * pad];
    // Width and height of the map for hexes of circumradius 1.
    const [mw, mh] = pointy ? [r3 * (w + 0.5), 1.5 * (h - 1) + 2] : [1.5 * (w - 1) + 2, r3 * (h + 0.5)];
    const s = Math.min(aw / mw, ah / mh);
    return { s, ox: pad + (aw - mw * s) / 2, oy: pad + (ah - mh * s) / 2, pointy };
  }

  function centre(g, [col, row]) {
    const r3 = Math.sqrt(3);
    if (g.pointy) return [g.ox + g.s * r3 * (col + 0.5 + (shifted(row) ? 0.5 : 0)), g.oy + g.s * (1 + 1.5 * row)];
    return [g.ox + g.s * (1 + 1.5 * col), g.oy + g.s * r3 * (row + 0.5 + (shifted(col) ? 0.5 : 0))];
  }

  function hexPath(g, [x, y], radius) {
    const c = canvas.getContext('2d');
    c.beginPath();
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 180) * (60 * k + (g.pointy ? 30 : 0));
      const px = x + radius * Math.cos(a), py = y + radius * Math.sin(a);
      if (k) c.lineTo(px, py); else c.moveTo(px, py);
    }
    c.closePath();
  }

  /** The hex under a point: the nearest centre, if it is within a hex's inner radius. */
  function pick(px, py) {
    const g = geometry();
    let best = null, bd = Infinity;
    for (let row = 0; row < st.info.height; row++) for (let col = 0; col < st.info.width; col++) {
      const [x, y] = centre(g, [col, row]);
      const d = (x - px) ** 2 + (y - py) ** 2;
      if (d < bd) { bd = d; best = [col, row]; }
    }
    return bd <= g.s * g.s ? best : null;
  }
  const same = (a, b) => a && b && a[0] === b[0] && a[1] === b[1];

  function weights() {
    return new Uint32Array(engine.buffer, engine.x.hx_weights_ptr(), st.info.width * st.info.height);
  }

  function search() {
    const t0 = performance.now();
    st.result = engine.json(engine.x.hx_search(st.start[0], st.start[1], st.goal[0], st.goal[1]));
    st.ms = performance.now() - t0;
    const r = st.result;
    const rows = [['path', r.found ? `${r.path.length - 1} steps` : 'none'], ['cost', r.found ? fmt(r.cost) : '–'],
      ['hex distance', fmt(r.distance)], ['expansions', r.expansions], ['time', `${st.ms.toFixed(2)} ms`]];
    $('hx-counters').innerHTML = rows.map(([a, b]) => `<span>${a}</span><span>${b}</span>`).join('');
    $('pg-error').textContent = r.error || '';
    $('hx-caption').textContent = `A* on ${st.info.width}x${st.info.height} hexes (${st.info.layout}, ${st.info.pointy ? 'pointy' : 'flat'}-top), ` +
      `[${st.start}] to [${st.goal}]: ` + (r.found ? `cost ${r.cost}` : 'no path') + `, ${r.expansions} expansions`;
    draw();
  }

  function draw() {
    const c = canvas.getContext('2d');
    const g = geometry();
    c.fillStyle = '#111';
    c.fillRect(0, 0, canvas.width, canvas.height);
    const w = weights();
    const r = st.result;
    const expanded = new Set((r ? r.expanded : []).map((p) => p.join(',')));
    c.strokeStyle = '#0003'; c.lineWidth = 1;
    for (let row = 0; row < st.info.height; row++) for (let col = 0; col < st.info.width; col++) {
      const v = w[row * st.info.width + col];
      hexPath(g, centre(g, [col, row]), g.s - 0.6);
      c.fillStyle = v && expanded.has(`${col},${row}`) ? EXPANDED : ground(v);
      c.fill();
      c.stroke();
      if (v > 1 && g.s >= 12) {
        c.fillStyle = '#0007'; c.font = `${Math.round(g.s * 0.6)}px system-ui, sans-serif`;
        c.textAlign = 'center'; c.textBaseline = 'middle';
        c.fillText(String(v), ...centre(g, [col, row]));
      }
    }
    if (r && r.found) {
      c.strokeStyle = PATH; c.lineWidth = Math.max(3, g.s * 0.3); c.lineJoin = 'round'; c.lineCap = 'round';
      c.beginPath();
      r.path.forEach((p, i) => { const [x, y] = centre(g, p); if (i) c.lineTo(x, y); else c.moveTo(x, y); });
      c.stroke();
    }
    for (const [p, colour] of [[st.start, START], [st.goal, GOAL]]) {
      c.strokeStyle = colour; c.lineWidth = Math.max(3, g.s * 0.18);
      hexPath(g, centre(g, p), g.s * 0.75);
      c.stroke();
    }
  }

  function paint([col, row]) {
    if (same([col, row], st.start) || same([col, row], st.goal)) return false;
    return engine.x.hx_set_cell(col, row, toolWeight()) === 1;
  }

  function load() {
    const answer = engine.json(engine.x.hx_preset(Number($('hx-preset').value), Number($('hx-layout').value)));
    if (!answer.ok) { $('pg-error').textContent = answer.error; return; }
    st.info = answer.info;
    const [w, h] = [st.info.width, st.info.height];
    st.start = [2, Math.min(3, h - 1)];
    st.goal = [w - 3, Math.max(0, h - 3)];
    search();
  }

  pointer(canvas, pick, same, st, paint, search);
  $('hx-preset').addEventListener('change', load);
  $('hx-layout').addEventListener('change', load);
  load();

  return {
    state: () => ({ start: st.start, goal: st.goal, result: st.result, info: st.info }),
    /** The page coordinates of a hex's centre, for clicking it. */
    hexCenter: (col, row) => toPage(canvas, ...centre(geometry(), [col, row])),
    weight: (col, row) => weights()[row * st.info.width + col],
    setEnds: (s, g) => { st.start = s; st.goal = g; search(); },
    redraw: draw,
  };
}
