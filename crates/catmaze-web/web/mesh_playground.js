// The playground's navigation-mesh mode: box obstacles on open ground, dragged about while the
// mesh and the route follow; off-mesh links drawn from one point to another; areas of water or
// mud painted, priced and forbidden; agents of a few sizes. The level, its edits and the searches are in
// the module (crates/catmaze-wasm/src/mesh_playground.rs); this file turns the pointer into
// requests and the answers into pictures.
//
// Coordinates: the level spans 0 to `side` mesh units both ways, drawn with y downwards. Points
// the pointer gives are snapped to eighths of a unit.

const GROUND = '#e9e3d6';
const OFF_GROUND = '#55595f';
const BOX = '#3b3f4a';
const EDGE = '#0000002a';
const PATH = '#1f6feb';
const START = '#2da44e';
const GOAL = '#cf222e';
const TWO_WAY = '#9641c8';
const ONE_WAY = '#f09614';
const OFF = '#8a8a8a';
const AREA = { 1: '#7fb2e5', 2: '#a98552' }; // water, mud
const PAD = 16;

const $ = (id) => document.getElementById(id);
const tool = () => document.querySelector('input[name=nmtool]:checked').value;
const fmt = (v) => (v === null || v === undefined ? '–' : Number.isInteger(v) ? String(v) : v.toFixed(2));
const snap = (v) => Math.round(v * 8) / 8;

export function startMeshPlayground(engine) {
  const canvas = $('nm-canvas');
  const st = {
    info: null,
    picture: null,    // {radius, count, triangles, areas}
    answer: null,     // {found, route, error}
    start: [2.5, 16], goal: [29.5, 16],
    drag: null,       // {kind: 'start'|'goal'|'shape'|'box'|'area'|'link', ...}
    ms: 0,
    edits: 0,
    editError: '',    // why the last edit was refused, or ''
  };

  const scale = () => (canvas.width - 2 * PAD) / st.info.side;
  const toCanvas = ([x, y]) => [PAD + x * scale(), PAD + y * scale()];
  function toWorld(ev) {
    const r = canvas.getBoundingClientRect();
    const k = canvas.width / r.width;
    const [px, py] = [(ev.clientX - r.left) * k, (ev.clientY - r.top) * k];
    return [snap((px - PAD) / scale()), snap((py - PAD) / scale())];
  }
  /** Page coordinates of a point of the level, for the tests' mouse. */
  function toPage(x, y) {
    const r = canvas.getBoundingClientRect();
    const k = r.width / canvas.width;
    const [cx, cy] = toCanvas([x, y]);
    return { x: r.left + cx * k, y: r.top + cy * k };
  }

  /** The message shown: the route's refusal, else the last edit's. */
  function error() {
    const route = st.answer && st.answer.error ? st.answer.error.message : '';
    $('pg-error').textContent = route || st.editError;
  }
  /** An edit's answer: true when made, else its message kept to show. */
  function done(answer) {
    st.editError = answer.ok ? '' : answer.error.message;
    if (answer.ok) st.edits += 1;
    return answer.ok;
  }

  function update() {
    st.info = engine.json(engine.x.nm_info());
    const t0 = performance.now();
    st.answer = engine.json(engine.x.nm_route(st.start[0], st.start[1], st.goal[0], st.goal[1]));
    st.ms = performance.now() - t0;
    const mesh = engine.json(engine.x.nm_mesh(50000));
    st.picture = mesh.ok ? mesh.mesh : null;
    show();
    draw();
  }

  function show() {
    const a = st.answer;
    const r = a.route;
    const rows = [
      ['agent radius', fmt(st.info.radius)],
      ['triangles', st.picture ? st.picture.count : '–'],
      ['route', a.found ? `${r.points.length - 1} legs` : a.error ? 'refused' : 'none'],
      ['cost', a.found ? fmt(r.cost) : '–'],
      ['route is', a.found ? (r.nearCheapest ? 'near the cheapest (within pathkit\'s bound)' : 'the cheapest') : '–'],
      ['length walked', a.found ? fmt(r.walked) : '–'],
      ['links taken', a.found ? (r.links.length ? r.links.map((k) => `#${k}`).join(', ') : 'none') : '–'],
      ['links off this mesh', a.found && r.offMesh.length ? r.offMesh.map((k) => `#${k}`).join(', ') : 'none'],
      ['time', `${st.ms.toFixed(2)} ms`],
    ];
    $('nm-counters').innerHTML = rows.map(([k, v]) => `<span>${k}</span><span>${v}</span>`).join('');
    const where = `[${st.start}] to [${st.goal}]`;
    $('nm-caption').textContent = a.found
      ? `Radius ${fmt(st.info.radius)}, ${where}: cost ${fmt(r.cost)}${r.nearCheapest ? ' (near the cheapest)' : ''}${r.links.length ? `, ${r.links.length} link${r.links.length > 1 ? 's' : ''} taken` : ''}`
      : a.error ? `Radius ${fmt(st.info.radius)}, ${where}: ${a.error.message}` : `Radius ${fmt(st.info.radius)}, ${where}: no route`;
    error();
  }

  function polygon(c, points) {
    c.beginPath();
    points.forEach((p, i) => { const [x, y] = toCanvas(p); if (i) c.lineTo(x, y); else c.moveTo(x, y); });
    c.closePath();
  }

  function arrow(c, from, to, colour, width) {
    const [ax, ay] = toCanvas(from), [bx, by] = toCanvas(to);
    c.strokeStyle = colour; c.fillStyle = colour; c.lineWidth = width;
    c.beginPath(); c.moveTo(ax, ay); c.lineTo(bx, by); c.stroke();
    const a = Math.atan2(by - ay, bx - ax), h = 6 + 2 * width;
    c.beginPath();
    c.moveTo(bx, by);
    c.lineTo(bx - h * Math.cos(a - 0.4), by - h * Math.sin(a - 0.4));
    c.lineTo(bx - h * Math.cos(a + 0.4), by - h * Math.sin(a + 0.4));
    c.closePath(); c.fill();
  }

  function draw() {
    const c = canvas.getContext('2d');
    const side = st.info.side;
    c.fillStyle = '#111';
    c.fillRect(0, 0, canvas.width, canvas.height);
    // Where the agent's centre cannot be, then the mesh over it: ground, tinted by area.
    c.fillStyle = OFF_GROUND;
    c.fillRect(PAD, PAD, side * scale(), side * scale());
    const forbidden = new Set(st.info.forbidden);
    if (st.picture) {
      c.lineWidth = 1; c.strokeStyle = EDGE;
      st.picture.triangles.forEach((t, k) => {
        const id = st.picture.areas[k];
        polygon(c, [[t[0], t[1]], [t[2], t[3]], [t[4], t[5]]]);
        c.fillStyle = AREA[id] || GROUND;
        c.fill();
        if ($('nm-show-mesh').checked) c.stroke();
      });
    }
    // Areas outlined; forbidden ones crossed out.
    for (const a of st.info.areas) {
      polygon(c, a.points);
      c.strokeStyle = forbidden.has(a.area) ? GOAL : '#0006';
      c.setLineDash(forbidden.has(a.area) ? [6, 4] : []);
      c.lineWidth = 2; c.stroke();
      c.setLineDash([]);
    }
    for (const o of st.info.obstacles) {
      polygon(c, o.points);
      c.fillStyle = BOX; c.fill();
      c.strokeStyle = st.drag && st.drag.kind === 'shape' && st.drag.key === o.key ? '#f0a341' : '#000';
      c.lineWidth = 2; c.stroke();
    }
    const r = st.answer.route;
    // The route under the links, so that a link taken shows its arrow over it.
    if (r) {
      c.strokeStyle = PATH; c.lineWidth = 4; c.lineJoin = 'round'; c.lineCap = 'round';
      c.beginPath();
      r.points.forEach((p, i) => { const [x, y] = toCanvas(p); if (i) c.lineTo(x, y); else c.moveTo(x, y); });
      c.stroke();
    }
    const taken = new Set(r ? r.links : []);
    const off = new Set(r ? r.offMesh : []);
    st.info.links.forEach((l, k) => {
      const colour = off.has(k) ? OFF : l.bothWays ? TWO_WAY : ONE_WAY;
      c.setLineDash(off.has(k) ? [6, 4] : []);
      const width = taken.has(k) ? 5 : 3; // thicker where the route takes it
      arrow(c, l.from, l.to, colour, width);
      if (l.bothWays) arrow(c, l.to, l.from, colour, width);
      c.setLineDash([]);
      const [mx, my] = toCanvas([(l.from[0] + l.to[0]) / 2, (l.from[1] + l.to[1]) / 2]);
      c.fillStyle = '#000'; c.font = '13px system-ui, sans-serif'; c.textAlign = 'center'; c.textBaseline = 'bottom';
      c.fillText(`#${k} (${fmt(l.cost)})`, mx, my - 4);
    });
    // The agent at both ends, drawn at its size.
    for (const [p, colour] of [[st.start, START], [st.goal, GOAL]]) {
      const [x, y] = toCanvas(p);
      c.strokeStyle = colour; c.lineWidth = 3;
      c.beginPath(); c.arc(x, y, Math.max(6, st.info.radius * scale()), 0, Math.PI * 2); c.stroke();
      c.fillStyle = colour;
      c.beginPath(); c.arc(x, y, 3, 0, Math.PI * 2); c.fill();
    }
    // What is being drawn.
    const d = st.drag;
    if (d && (d.kind === 'box' || d.kind === 'area')) {
      const [x0, y0] = toCanvas(d.from), [x1, y1] = toCanvas(d.to);
      c.strokeStyle = d.kind === 'box' ? '#f0a341' : AREA[d.id]; c.lineWidth = 2; c.setLineDash([5, 4]);
      c.strokeRect(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
      c.setLineDash([]);
    } else if (d && d.kind === 'link') {
      arrow(c, d.from, d.to, $('nm-link-both').checked ? TWO_WAY : ONE_WAY, 2);
    }
  }

  const near = (p, q, r) => Math.hypot(p[0] - q[0], p[1] - q[1]) <= r;

  canvas.addEventListener('pointerdown', (ev) => {
    ev.preventDefault();
    const p = toWorld(ev);
    canvas.setPointerCapture(ev.pointerId);
    const grab = Math.max(0.5, st.info.radius);
    const t = tool();
    if (t === 'start' || (t !== 'goal' && near(p, st.start, grab))) {
      st.drag = { kind: 'start' }; st.start = p; st.editError = ''; update(); return;
    }
    if (t === 'goal' || near(p, st.goal, grab)) {
      st.drag = { kind: 'goal' }; st.goal = p; st.editError = ''; update(); return;
    }
    if (t === 'move') {
      const key = engine.x.nm_pick(p[0], p[1]);
      if (key >= 0) { st.drag = { kind: 'shape', key, last: p }; draw(); }
    } else if (t === 'box' || t === 'area') {
      st.drag = { kind: t, from: p, to: p, id: Number($('nm-area-type').value) };
    } else if (t === 'link') {
      st.drag = { kind: 'link', from: p, to: p };
    } else if (t === 'erase') {
      const key = engine.x.nm_pick(p[0], p[1]);
      if (key >= 0) { done(engine.json(engine.x.nm_remove(key))); update(); return; }
      const k = st.info.links.findIndex((l) => near(p, l.from, 0.5) || near(p, l.to, 0.5));
      if (k >= 0) { done(engine.json(engine.x.nm_remove_link(k))); update(); }
    }
  });

  canvas.addEventListener('pointermove', (ev) => {
    const d = st.drag;
    if (!d) return;
    const p = toWorld(ev);
    if (d.kind === 'start' || d.kind === 'goal') {
      if (p[0] === st[d.kind][0] && p[1] === st[d.kind][1]) return;
      st[d.kind] = p; update();
    } else if (d.kind === 'shape') {
      const [dx, dy] = [p[0] - d.last[0], p[1] - d.last[1]];
      if (!dx && !dy) return;
      // Refused (dragged off the level, say): the box stays where it was, and the message shows.
      if (done(engine.json(engine.x.nm_move_by(d.key, dx, dy)))) d.last = p;
      update();
    } else {
      d.to = p; draw();
    }
  });

  function finish() {
    const d = st.drag;
    st.drag = null;
    if (!d) return;
    if (d.kind === 'box') {
      done(engine.json(engine.x.nm_add_obstacle(d.from[0], d.from[1], d.to[0], d.to[1])));
    } else if (d.kind === 'area') {
      done(engine.json(engine.x.nm_add_area(d.from[0], d.from[1], d.to[0], d.to[1], d.id)));
    } else if (d.kind === 'link') {
      const factor = Number($('nm-link-factor').value);
      done(engine.json(engine.x.nm_add_link(d.from[0], d.from[1], d.to[0], d.to[1], factor, $('nm-link-both').checked ? 1 : 0)));
    }
    update();
  }
  canvas.addEventListener('pointerup', finish);
  canvas.addEventListener('pointercancel', finish);

  /** The size menu and the forbid boxes, from the module's lists. */
  function controls() {
    $('nm-size').innerHTML = st.info.sizes.map((r, k) => `<option value="${k}">${['small', 'medium', 'large'][k] || 'size'} (radius ${r})</option>`).join('');
    $('nm-size').value = String(st.info.size);
    $('nm-area-type').innerHTML = st.info.areaTypes.map((a) => `<option value="${a.id}">${a.name}</option>`).join('');
    $('nm-forbid').innerHTML = st.info.areaTypes.map((a) =>
      `<label><input type="checkbox" id="nm-forbid-${a.id}" data-area="${a.id}"${st.info.forbidden.includes(a.id) ? ' checked' : ''}> no ${a.name}</label>`).join('');
    for (const a of st.info.areaTypes) {
      $(`nm-forbid-${a.id}`).addEventListener('change', (ev) => {
        done(engine.json(engine.x.nm_set_forbidden(a.id, ev.target.checked ? 1 : 0)));
        update();
      });
    }
    // A cost per area type; one out of range is refused by the module, its message shown, and
    // the box put back to the cost in force.
    const [lo, hi] = st.info.costRange;
    $('nm-costs').innerHTML = st.info.areaTypes.map((a) =>
      `<label>${a.name} cost <input type="number" id="nm-cost-${a.id}" min="${lo}" max="${hi}" step="0.25" value="${a.cost}"> × length</label>`).join('');
    for (const a of st.info.areaTypes) {
      $(`nm-cost-${a.id}`).addEventListener('change', (ev) => {
        const answer = engine.json(engine.x.nm_set_area_cost(a.id, Number(ev.target.value)));
        done(answer);
        update();
        if (!answer.ok) ev.target.value = st.info.areaTypes.find((t) => t.id === a.id).cost;
      });
    }
  }

  function reset(clear) {
    st.info = engine.json(clear ? engine.x.nm_clear() : engine.x.nm_reset());
    st.start = [2.5, 16]; st.goal = [29.5, 16];
    st.editError = '';
    controls();
    update();
  }

  $('nm-size').addEventListener('change', () => { done(engine.json(engine.x.nm_set_size(Number($('nm-size').value)))); update(); });
  $('nm-link-factor').addEventListener('input', () => { $('nm-link-factor-out').textContent = $('nm-link-factor').value; });
  $('nm-show-mesh').addEventListener('change', draw);
  $('nm-reset').addEventListener('click', () => reset(false));
  $('nm-clear').addEventListener('click', () => reset(true));
  reset(false);

  return {
    /** The ends, the route answer ({found, route, error}), the mesh's size and the level. */
    state: () => ({ start: st.start, goal: st.goal, answer: st.answer, triangles: st.picture ? st.picture.count : 0, info: st.info, edits: st.edits }),
    /** The page coordinates of a point of the level, for the mouse. */
    toPage,
    /** The triangles of the mesh drawn (the chosen size's). */
    meshTriangles: () => (st.picture ? st.picture.count : 0),
    /** The route's cost, or null. */
    routeCost: () => (st.answer.found ? st.answer.route.cost : null),
    setEnds: (s, g) => { st.start = s; st.goal = g; update(); },
    redraw: () => { error(); draw(); },
  };
}
