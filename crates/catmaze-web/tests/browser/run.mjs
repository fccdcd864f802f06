// The browser tests: Debian's Chromium driven by playwright-core. Run by tests/browser.rs, which
// starts the server and passes its address:
//
//   node run.mjs SUITE URL SCREENSHOT_DIR [DATA_JSON]
//
// SUITE is game, playground, hierarchy, floors, hex, mesh, movingai, fit, menus or warm. Any console error, page error or failed request fails
// the run, whatever the checks said. Prints one JSON line of measurements ("RESULT {...}").

import { chromium } from 'playwright-core';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';

const [suite, url, shots, dataFile] = process.argv.slice(2);
const data = dataFile ? JSON.parse(readFileSync(dataFile, 'utf8')) : {};
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

const profile = mkdtempSync(join(tmpdir(), 'catmaze-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  viewport: { width: 1500, height: 1000 },
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const problems = [];
const results = {};
let page;

function watch(p) {
  p.on('console', (m) => { if (m.type() === 'error') problems.push(`console error: ${m.text()}`); });
  p.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  p.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
}

async function open(hash, query = '') {
  page = context.pages()[0] || await context.newPage();
  watch(page);
  await page.goto(`${url}${query}${hash}`);
  await page.waitForFunction(() => window.pageReady === true, null, { timeout: 30000 });
}

const state = () => page.evaluate(() => window.catmaze.state());

async function clickTile(x, y) {
  const p = await page.evaluate(([x, y]) => window.catmaze.tileCenter(x, y), [x, y]);
  await page.mouse.click(p.x, p.y);
}

async function waitAtRest() {
  await page.waitForFunction(() => { const s = window.catmaze.state(); return s.step === null; }, null, { timeout: 20000 });
}

async function gameSuite() {
  await open('#game', '?step=40&mute');
  // A click moves the cat to the tile: [22;1] holds a bone two tiles left and one down.
  let s = await state();
  assert.deepEqual(s.cat, [24, 0]);
  await clickTile(22, 1);
  await waitAtRest();
  s = await state();
  assert.deepEqual(s.cat, [22, 1]);
  assert.equal(s.bones, 1);
  assert.equal(s.steps, 3);
  assert.equal(await page.textContent('#hud-bones'), '1');

  // The route preview shows the dogs on the route: [22;3] crosses the dog at [20;2].
  await page.mouse.move(0, 0);
  const c = await page.evaluate(() => window.catmaze.tileCenter(22, 3));
  await page.mouse.move(c.x, c.y);
  await page.waitForFunction(() => window.catmaze.preview() !== null);
  const preview = await page.evaluate(() => window.catmaze.preview());
  assert.deepEqual(preview.dogs, [[20, 2]]);
  assert.equal(preview.enough, true);
  const text = await page.textContent('#game-preview');
  assert.match(text, /Dogs on the route: 1 \(\[20;2\]\)/);
  // The dog at [20;2] is not the tile pointed at: the preview says the route bribes it.
  assert.deepEqual(preview.bribesOnTheWay, [[20, 2]]);
  assert.match(text, /This route bribes the dog at \[20;2\] on the way\./);
  // Pointing at the dog itself: nothing to point out.
  const d = await page.evaluate(() => window.catmaze.tileCenter(20, 2));
  await page.mouse.move(d.x, d.y);
  await page.waitForFunction(() => window.catmaze.preview()?.target[1] === 2);
  assert.equal(await page.isVisible('#game-preview-bribes'), false);
  await page.screenshot({ path: join(shots, 'game.png'), clip: await clipOf('#view-game') });

  // The only bone spent on the dog at [8;5] first: the way on at [20;2] can never be paid, and
  // the page says so at once, while the game goes on.
  assert.equal(await page.isVisible('#game-doomed'), false);
  await clickTile(8, 5);
  await page.waitForFunction(() => window.catmaze.state().outlook === 'unwinnable', null, { timeout: 20000 });
  s = await state();
  assert.equal(s.phase, 'playing');
  assert.deepEqual(s.cat, [8, 5], 'said on the bribe itself');
  await page.waitForSelector('#game-doomed', { state: 'visible' });
  assert.ok((await page.evaluate(() => window.catmaze.log)).some((t) => t.startsWith('The exit is out of reach now')));

  // Keys: an arrow steps one tile. The warning goes with the restart (waited for: on a busy
  // machine the page may draw the new game a frame after the click returns).
  await page.click('#game-restart');
  await page.waitForSelector('#game-doomed', { state: 'hidden', timeout: 5000 });
  await page.keyboard.press('ArrowDown');
  await waitAtRest();
  assert.deepEqual((await state()).cat, [24, 1]);

  // Touch: the first tap on a tile previews its route, the second walks.
  await page.click('#game-restart');
  const touch = (x, y) => page.evaluate(([x, y]) => {
    const c = window.catmaze.tileCenter(x, y);
    const canvas = document.getElementById('game-canvas');
    for (const type of ['pointerdown', 'pointerup']) {
      canvas.dispatchEvent(new PointerEvent(type, { pointerType: 'touch', clientX: c.x, clientY: c.y, bubbles: true, isPrimary: true }));
    }
  }, [x, y]);
  await touch(23, 1);
  const touched = await page.evaluate(() => window.catmaze.preview());
  assert.deepEqual([touched.route.length, touched.target], [2, [23, 1]]);
  assert.equal((await state()).step, null, 'a first touch only previews');
  await touch(23, 1);
  await waitAtRest();
  assert.deepEqual((await state()).cat, [23, 1]);

  // Walking into a dog with no bone loses: restart, then variant B's route to [22;3] skips the bone.
  await page.click('#game-restart');
  await page.check('input[name=variant][value="1"]');
  await clickTile(22, 3);
  await page.waitForFunction(() => window.catmaze.state().phase !== 'playing', null, { timeout: 20000 });
  s = await state();
  assert.equal(s.phase, 'lost');
  assert.deepEqual(s.cat, [20, 2]);
  assert.equal(await page.isVisible('#game-over'), true);
  assert.equal(await page.textContent('#game-over-text'), 'You lose!');
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(shots, 'game-lost.png'), clip: await clipOf('#view-game') });

  // The known winning order, by clicks only (each click an adjacent tile: a 1-step route).
  await page.click('#game-over-restart');
  await page.check('input[name=variant][value="0"]');
  await page.selectOption('#game-speed', { label: '40 ms (test)' });
  s = await state();
  assert.deepEqual([s.cat, s.bones, s.phase], [[24, 0], 0, 'playing']);
  const t0 = Date.now();
  for (const [x, y] of data.winningClicks) {
    await clickTile(x, y);
    await page.waitForFunction(([x, y]) => {
      const s = window.catmaze.state();
      return s.step === null && ((s.cat[0] === x && s.cat[1] === y) || s.phase !== 'playing');
    }, [x, y], { timeout: 10000 });
  }
  s = await state();
  assert.equal(s.phase, 'won', `after ${data.winningClicks.length} clicks: ${JSON.stringify(s.cat)}`);
  assert.equal(s.bones, 0);
  assert.equal(s.steps, data.winningClicks.length);
  assert.equal(await page.textContent('#game-over-text'), 'You win!');
  results.winningClicks = data.winningClicks.length;
  results.winningSeconds = (Date.now() - t0) / 1000;
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(shots, 'game-won.png'), clip: await clipOf('#view-game') });
}

/** On a phone-sized touch screen: a first tap previews, a second one walks. */
async function phoneSuite() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
    const p = await phone.newPage();
    watch(p);
    await p.goto(`${url}?step=40&mute#game`);
    await p.waitForFunction(() => window.pageReady === true, null, { timeout: 30000 });
    const t = await p.evaluate(() => window.catmaze.tileCenter(22, 3));
    await p.touchscreen.tap(t.x, t.y);
    const preview = await p.evaluate(() => window.catmaze.preview());
    assert.deepEqual([preview.route.length, preview.dogs], [9, [[20, 2]]]);
    assert.equal(await p.evaluate(() => window.catmaze.state().step), null, 'a first tap only previews');
    await p.touchscreen.tap(t.x, t.y);
    await p.waitForFunction(() => { const s = window.catmaze.state(); return s.step === null && s.steps === 9; }, null, { timeout: 20000 });
    assert.deepEqual(await p.evaluate(() => window.catmaze.state().cat), [22, 3]);
    await p.screenshot({ path: join(shots, 'game-phone.png') });
  } finally {
    await browser.close();
  }
}

async function clipOf(selector) {
  const box = await page.locator(selector).boundingBox();
  return { x: box.x, y: box.y, width: box.width, height: Math.min(box.height, 980) };
}

const pg = (f, ...a) => page.evaluate(f, ...a);

async function playgroundSuite() {
  await open('#playground');
  // The tutorial's worked example, stepped: after the first expansion the start's neighbours are
  // open with the tutorial's scores.
  await page.selectOption('#pg-preset', 'tutorial');
  await page.click('#pg-reset');
  await page.click('#pg-step');
  let t = await pg(() => window.playground.tile(24, 1));
  assert.deepEqual([t.state, t.f, t.g, t.h, t.parent], ['open', 5, 1, 4, [24, 0]]);
  t = await pg(() => window.playground.tile(23, 0));
  assert.deepEqual([t.state, t.f, t.g, t.h], ['open', 5, 1, 4]);
  assert.equal((await pg(() => window.playground.tile(24, 0))).state, 'closed');
  for (let k = 1; k < 13; k++) await page.click('#pg-step');
  let st = await pg(() => window.playground.status());
  assert.equal(st.finished, true);
  assert.equal(st.expansions, 13);
  const path = [[24, 0], [24, 1], [23, 1], [22, 1], [21, 1], [20, 1], [20, 2], [20, 3], [21, 3], [22, 3]];
  assert.deepEqual(st.path, path);
  const tutorial = [[1, 4, 5], [2, 3, 5], [3, 2, 5], [4, 3, 7], [5, 4, 9], [6, 3, 9], [7, 2, 9], [8, 1, 9], [9, 0, 9]];
  for (let k = 0; k < tutorial.length; k++) {
    const [x, y] = path[k + 1];
    t = await pg(([x, y]) => window.playground.tile(x, y), [x, y]);
    assert.deepEqual([t.g, t.h, t.f], tutorial[k], `scores of [${x};${y}]`);
    assert.deepEqual(t.parent, path[k], `parent of [${x};${y}]`);
  }
  const firstRow = await page.textContent('#pg-closed tr:nth-child(2)');
  assert.match(firstRow, /\[22;3\]/);
  await page.screenshot({ path: join(shots, 'playground-tutorial.png'), clip: await clipOf('#view-playground') });

  // The walk-through explains each step with the engine's numbers and ends on the tutorial's path.
  await page.click('#pg-tour-start');
  await page.click('#pg-tour-next');
  let tour = await pg(() => window.playground.tourText());
  assert.match(tour, /Step 1\. \[24;0\]/);
  assert.match(tour, /bottom \[24;1\]: enters the open list with parent \[24;0\]: G = 0 \+ 1 = 1, H = \|24 − 22\| \+ \|1 − 3\| = 4, F = 5/);
  for (let k = 1; k < 13; k++) await page.click('#pg-tour-next');
  tour = await pg(() => window.playground.tourText());
  assert.match(tour, /Step 13\. \[22;3\]/);
  assert.match(tour, /\[24;1\], \[23;1\], \[22;1\], \[21;1\], \[20;1\], \[20;2\], \[20;3\], \[21;3\], \[22;3\]: 9 steps, cost 9/);
  // On the way a tile already open is reached more cheaply, and the walk-through says so.
  const firstLog = (await pg(() => window.playground.tourLog())).slice(-13).join('\n');
  assert.match(firstLog, /already open with G = \d+; through \[\d+;\d+\] it costs \d+ \+ 1 = \d+, less, so its G becomes \d+, F \d+, and <b>its parent changes<\/b>/);
  await page.screenshot({ path: join(shots, 'playground-walkthrough.png'), clip: await clipOf('#view-playground') });

  // The Cocos2D final's diagonal variant on the same query: 8-way without corner cutting, 10/14,
  // Manhattan in tiles (unscaled), the tutorial's open list: G = 84 after 24 removals (E3).
  await page.selectOption('#pg-diagonal', 'no-corner-cutting');
  await page.selectOption('#pg-costs', 'tutorial');
  await page.check('#pg-tiles');
  st = await pg(() => window.playground.status());
  assert.deepEqual(st.path.slice(1), [[23, 0], [22, 0], [21, 0], [20, 1], [20, 2], [20, 3], [21, 3], [22, 3]]);
  assert.deepEqual([st.cost, st.expansions], [84, 24]);
  t = await pg(() => window.playground.tile(20, 1));
  assert.deepEqual([t.g, t.h, t.parent], [44, 4, [21, 0]]); // H = |20 - 22| + |1 - 3|, in tiles
  await page.uncheck('#pg-tiles');
  await page.selectOption('#pg-costs', 'unit');
  await page.selectOption('#pg-diagonal', 'never');
  st = await pg(() => window.playground.status());
  assert.deepEqual(st.path, path, 'back to the first tutorial');

  // The walk-through of the diagonal version: 24 steps, corners not cut.
  await page.selectOption('#pg-tour-example', 'diagonal');
  await page.click('#pg-tour-start');
  for (let k = 0; k < 24; k++) await page.click('#pg-tour-next');
  const log = (await pg(() => window.playground.tourLog())).slice(-24).join('\n');
  assert.match(log, /cut the corner of a wall/);
  assert.match(log, /Step 24\.<\/b> \[22;3\]/);
  assert.match(log, /\[23;0\], \[22;0\], \[21;0\], \[20;1\], \[20;2\], \[20;3\], \[21;3\], \[22;3\]: 8 steps, cost 84/);
  assert.equal(await page.isDisabled('#pg-tour-next'), true);
  await page.selectOption('#pg-tour-example', 'first');
  await page.selectOption('#pg-preset', 'tutorial');

  // Drawing a wall changes the path: block [21;1] and the cat goes another way.
  await page.check('input[name=tool][value=wall]');
  const before = (await pg(() => window.playground.status())).path;
  const p = await pg(() => window.playground.tileCenter(21, 1));
  await page.mouse.click(p.x, p.y);
  st = await pg(() => window.playground.status());
  assert.equal((await pg(() => window.playground.tile(21, 1))).weight, 0);
  assert.equal(st.finished, true);
  assert.notDeepEqual(st.path, before);
  assert.ok(!st.path.some(([x, y]) => x === 21 && y === 1), 'the new path avoids the wall');
  assert.equal(st.cost, 9); // another 9-step way, over the top row

  // Painting terrain by dragging: a column of cost-9 ground across the empty field makes the
  // crossing dearer.
  await page.selectOption('#pg-preset', 'empty');
  const plain = (await pg(() => window.playground.status())).cost;
  await page.check('input[name=tool][value=terrain]');
  await page.fill('#pg-terrain', '9');
  const top = await pg(() => window.playground.tileCenter(15, 0));
  const bottom = await pg(() => window.playground.tileCenter(15, 31));
  await page.mouse.move(top.x, top.y);
  await page.mouse.down();
  await page.mouse.move(bottom.x, bottom.y, { steps: 8 });
  await page.mouse.up();
  for (const y of [0, 9, 31]) assert.equal((await pg(([y]) => window.playground.tile(15, y), [y])).weight, 9);
  st = await pg(() => window.playground.status());
  assert.ok(Math.abs(st.cost - (plain + 8)) < 1e-9, `${plain} + 8 for one step onto cost-9 ground: ${st.cost}`);
  // Jump points on terrain take the painted ground: A*'s cost on it, and again after a second
  // column (cost 4) is painted while they are the search shown.
  const painter = await page.inputValue('#pg-algo');
  await page.selectOption('#pg-algo', 'weighted-jps');
  st = await pg(() => window.playground.status());
  assert.equal(st.error, null, 'jump points on terrain');
  assert.ok(Math.abs(st.cost - (plain + 8)) < 1e-9, `jump points on terrain: ${st.cost} vs ${plain} + 8`);
  assert.ok(st.path.length > 0 && st.points.length >= 2, 'jump points on terrain: the path and its turns');
  await page.fill('#pg-terrain', '4');
  const top20 = await pg(() => window.playground.tileCenter(20, 0));
  const bottom20 = await pg(() => window.playground.tileCenter(20, 31));
  await page.mouse.move(top20.x, top20.y);
  await page.mouse.down();
  await page.mouse.move(bottom20.x, bottom20.y, { steps: 8 });
  await page.mouse.up();
  assert.equal((await pg(() => window.playground.tile(20, 16))).weight, 4);
  st = await pg(() => window.playground.status());
  assert.equal(st.algorithm, 'weighted-jps');
  assert.ok(Math.abs(st.cost - (plain + 8 + 3)) < 1e-9, `jump points on terrain after the second column: ${st.cost}`);
  const jumpsOnTerrain = st.cost;
  await page.selectOption('#pg-algo', 'astar');
  st = await pg(() => window.playground.status());
  assert.ok(Math.abs(st.cost - jumpsOnTerrain) < 1e-9, `A* ${st.cost} vs jump points on terrain ${jumpsOnTerrain}`);
  await page.selectOption('#pg-algo', painter);
  await page.check('input[name=tool][value=wall]');

  // Each algorithm finds a path of the optimal cost on a preset (the 41x41 maze, 8-way, 1/√2).
  await page.selectOption('#pg-preset', 'maze');
  await page.selectOption('#pg-diagonal', 'no-corner-cutting');
  await page.selectOption('#pg-costs', 'unit');
  await page.selectOption('#pg-heuristic', 'auto');
  await page.selectOption('#pg-tie', 'larger-g');
  await page.selectOption('#pg-algo', 'dijkstra');
  const optimum = (await pg(() => window.playground.status())).cost;
  results.algorithms = {};
  for (const [algo, label] of [['astar', 'A*'], ['dijkstra', 'Dijkstra'], ['weighted-astar', 'Weighted A* (1.0)'], ['jps', 'JPS'], ['jps-plus', 'JPS+'], ['subgoal', 'Subgoal graph'], ['weighted-jps', 'Jump points on terrain']]) {
    await page.selectOption('#pg-algo', algo);
    if (algo === 'weighted-astar') await page.fill('#pg-weight', '1').then(() => page.dispatchEvent('#pg-weight', 'change'));
    st = await pg(() => window.playground.status());
    assert.equal(st.error, null, label);
    assert.ok(Math.abs(st.cost - optimum) < 1e-9, `${label}: ${st.cost} vs ${optimum}`);
    results.algorithms[label] = { cost: st.cost, expansions: st.expansions };
    if (algo === 'subgoal') {
      // Built on the first search of the maze: its sizes beside the map, its subgoals on the path.
      assert.match(await page.textContent('#pg-hier-info'), /^\d+ subgoals, \d+ edges, \d+ shortcuts, \d+ in the core$/);
      assert.ok(st.path.length > 0 && st.points.length > 2, `${label}: the path's subgoals`);
    }
  }
  // Breadth-first: fewest moves; with 4-way moves of cost 1 that is the optimal cost too.
  await page.selectOption('#pg-diagonal', 'never');
  await page.selectOption('#pg-algo', 'dijkstra');
  const optimum4 = (await pg(() => window.playground.status())).cost;
  await page.selectOption('#pg-algo', 'breadth-first');
  st = await pg(() => window.playground.status());
  assert.equal(st.cost, optimum4, 'breadth-first, 4-way');
  results.algorithms['Breadth-first (4-way)'] = { cost: st.cost, expansions: st.expansions };
  // Any-angle: never longer than the 8-way optimum.
  await page.selectOption('#pg-diagonal', 'no-corner-cutting');
  await page.selectOption('#pg-algo', 'any-angle');
  st = await pg(() => window.playground.status());
  assert.equal(st.error, null);
  assert.ok(st.found && st.cost <= optimum + 1e-9, `any-angle ${st.cost} vs ${optimum}`);
  results.algorithms['Any-angle'] = { cost: st.cost, expansions: st.expansions };
  assert.ok((await pg(() => window.playground.meshTriangles())) > 0, 'the mesh is drawn');
  // GameplayKit's obstacle and mesh graphs round the walls grown by a quarter tile: never
  // shorter than the any-angle path, and here no longer than the grid's optimum by much.
  const anyAngle = st.cost;
  for (const [algo, label, slack] of [['obstacle-graph', 'Obstacle graph', 1.0], ['mesh-graph', 'Mesh graph', 1.25]]) {
    await page.selectOption('#pg-algo', algo);
    st = await pg(() => window.playground.status());
    assert.equal(st.error, null, label);
    assert.ok(st.found && st.points.length >= 2, `${label}: no path`);
    assert.ok(st.cost >= anyAngle - 1e-3, `${label}: ${st.cost} below the any-angle ${anyAngle}`);
    assert.ok(st.cost <= optimum * slack + 1e-6, `${label}: ${st.cost} vs the grid's ${optimum}`);
    results.algorithms[label] = { cost: st.cost };
  }

  // Compare: A* and JPS side by side on the same map and query.
  await page.selectOption('#pg-algo', 'astar');
  await page.selectOption('#pg-algo-1', 'jps');
  await page.check('#pg-compare');
  assert.equal(await page.isVisible('#pg-canvas-1'), true);
  const a = await pg(() => window.playground.status(0));
  const b = await pg(() => window.playground.status(1));
  assert.ok(Math.abs(a.cost - b.cost) < 1e-9);
  assert.ok(b.expansions < a.expansions, 'JPS expands fewer nodes than A*');
  assert.match(await page.textContent('#pg-caption-1'), /JPS: \d+ expansions, cost/);
  await page.screenshot({ path: join(shots, 'playground-compare.png'), clip: await clipOf('#view-playground') });
  await page.uncheck('#pg-compare');

  // Any-angle on the Cat Maze level, from the spawn to the exit, over its navigation mesh.
  await page.selectOption('#pg-preset', 'level');
  await page.selectOption('#pg-algo', 'any-angle');
  st = await pg(() => window.playground.status());
  assert.ok(st.found && st.points.length >= 2, 'any-angle on the level');
  await page.screenshot({ path: join(shots, 'playground-any-angle.png'), clip: await clipOf('#view-playground') });
  await page.selectOption('#pg-algo', 'obstacle-graph');
  st = await pg(() => window.playground.status());
  assert.ok(st.found && st.points.length >= 2, 'obstacle graph on the level');
  await page.screenshot({ path: join(shots, 'playground-obstacle-graph.png'), clip: await clipOf('#view-playground') });
  await page.selectOption('#pg-algo', 'astar');

  // A malformed map is refused with a message, not a crash.
  await page.setInputFiles('#pg-file', { name: 'broken.map', mimeType: 'text/plain', buffer: Buffer.from('type octile\nheight 3\nwidth x\nmap\n') });
  await page.waitForFunction(() => document.getElementById('pg-error').textContent.includes('broken.map'));
  assert.match(await page.textContent('#pg-error'), /broken\.map: not a Moving AI map: line 3/);

  // Stepping animates at 60 frames a second on a 512x512 map.
  await page.selectOption('#pg-preset', 'big');
  await page.click('#pg-reset');
  await page.fill('#pg-speed', '80');
  await page.dispatchEvent('#pg-speed', 'input');
  await page.click('#pg-play');
  await page.waitForTimeout(4000);
  const frames = await pg(() => window.playground.frameTimes.slice(10));
  const work = await pg(() => window.playground.workTimes.slice(10));
  work.sort((x, y) => x - y);
  await page.click('#pg-play');
  frames.sort((x, y) => x - y);
  const median = frames[frames.length >> 1];
  const p95 = frames[Math.floor(frames.length * 0.95)];
  const total = frames.reduce((a, b) => a + b, 0);
  const expanded = (await pg(() => window.playground.status(0))).expansions;
  results.frames512 = { count: frames.length, median_ms: median, p95_ms: p95, mean_fps: (1000 * frames.length) / total, expansions: expanded,
    work_median_ms: work[work.length >> 1], work_p95_ms: work[Math.floor(work.length * 0.95)] };
  assert.ok(frames.length > 100, `${frames.length} frames in 4 s`);
  assert.ok(median < 17.5, `median frame ${median} ms`);
  await page.screenshot({ path: join(shots, 'playground-512.png'), clip: await clipOf('#view-playground') });
}

/** The 8-way rule of the benchmarks on the page's menus: no corner cutting, 1 and √2. */
async function benchmarkRules() {
  for (const [id, v] of [['#pg-diagonal', 'no-corner-cutting'], ['#pg-costs', 'unit'], ['#pg-heuristic', 'auto'], ['#pg-tie', 'larger-g']]) {
    await page.selectOption(id, v);
  }
}

async function setCluster(n) {
  await page.fill('#pg-cluster', String(n));
  await page.dispatchEvent('#pg-cluster', 'change');
}

/** The hierarchical search's cost is within `percent` of A*'s on the same query. */
function nearOptimal(st, percent, label) {
  assert.equal(st.error, null, label);
  assert.ok(st.found && st.optimum > 0, `${label}: ${JSON.stringify([st.found, st.optimum])}`);
  assert.ok(st.cost >= st.optimum - 1e-9 && st.cost <= st.optimum * (1 + percent / 100),
    `${label}: HPA* ${st.cost} vs A* ${st.optimum}`);
}

async function hierarchySuite() {
  await open('#playground');
  await page.selectOption('#pg-preset', 'maze');
  await benchmarkRules();
  await page.selectOption('#pg-algo', 'hierarchical');
  await setCluster(8);
  let st = await pg(() => window.playground.status());
  nearOptimal(st, 5, 'maze 41x41');
  assert.ok(st.searches > 1 && st.abstractExpanded > 0 && st.expansions > st.abstractExpanded);
  const h = await pg(() => window.playground.hierarchy());
  assert.deepEqual([h.clusterSide, h.clusters, h.levels], [8, 36, 1]); // 41 / 8 → 6 x 6 clusters
  assert.ok(h.entrances > 0 && h.nodes > 0 && h.edges > 0);
  assert.match(await page.textContent('#pg-counters'), /above the optimum/);
  results.maze = { cost: st.cost, optimum: st.optimum, expansions: st.expansions, searches: st.searches };

  // Drawn: the cluster borders (every 8 tiles) and the entrance tiles.
  const border = (c) => c[0] > 150 && c[1] < 130 && c[2] > 90 && c[0] > c[1] + 60;
  let onBorder = 0;
  for (let y = 0.5; y < 41; y += 1) {
    if (border(await pg(([y]) => window.playground.pixel(16, y), [y]))) onBorder += 1;
  }
  assert.ok(onBorder >= 35, `the border at x = 16 is drawn on ${onBorder} of 41 rows`);
  const path = new Set(st.path.map(([x, y]) => `${x},${y}`));
  const gate = (await pg(() => window.playground.entrances())).find(([x, y]) => !path.has(`${x},${y}`));
  const c = await pg(([x, y]) => window.playground.pixel(x + 0.5, y + 0.5), gate);
  assert.ok(c[2] > 180 && c[1] < 110, `entrance [${gate}] drawn purple: ${c}`);

  // A wall drawn across the path: the hierarchy is edited, not built again, and the new path
  // avoids the wall, still near A*'s.
  await page.check('input[name=tool][value=wall]');
  const cut = st.path[Math.floor(st.path.length / 2)];
  const p = await pg(([x, y]) => window.playground.tileCenter(x, y), cut);
  await page.mouse.click(p.x, p.y);
  st = await pg(() => window.playground.status());
  assert.equal((await pg(([x, y]) => window.playground.tile(x, y), cut)).weight, 0);
  nearOptimal(st, 5, 'after the edit');
  assert.ok(!st.path.some(([x, y]) => x === cut[0] && y === cut[1]), 'the path avoids the new wall');
  assert.equal((await pg(() => window.playground.hierarchy())).builds, h.builds, 'edited, not rebuilt');
  await page.screenshot({ path: join(shots, 'playground-hierarchy.png'), clip: await clipOf('#view-playground') });

  // Every preset, and other cluster sizes.
  results.presets = {};
  for (const [preset, cluster] of [['tutorial', 4], ['level', 6], ['empty', 8], ['maze', 4], ['big', 16], ['big', 32]]) {
    await page.selectOption('#pg-preset', preset);
    if (preset === 'tutorial') await page.selectOption('#pg-algo', 'hierarchical');
    await setCluster(cluster);
    st = await pg(() => window.playground.status());
    nearOptimal(st, 8, `${preset}, clusters of ${cluster}`);
    assert.equal((await pg(() => window.playground.hierarchy())).clusterSide, cluster);
    results.presets[`${preset}/${cluster}`] = { cost: st.cost, optimum: st.optimum, expansions: st.expansions };
  }
}

async function floorsSuite() {
  await open('#playground');
  await page.selectOption('#pg-mode', 'floors');
  assert.equal(await page.isVisible('#fl-canvas'), true);
  assert.equal(await page.isVisible('#pg-canvas'), false);
  const floors = () => pg(() => window.playground.floors.state());
  const names = (s) => s.result.portals.map((i) => s.portals[i].name);
  // Across the wall of the ground floor: up the west stairs, across upstairs, down the east ones.
  let s = await floors();
  assert.deepEqual([s.start, s.goal], [[0, 3, 6], [0, 12, 6]]);
  assert.equal(s.result.found, true);
  assert.deepEqual(names(s), ['west stairs', 'east stairs']);
  const stairs = 17 + 2 * Math.SQRT2; // 1 diagonal, 3 up, 11 across, 3 down, 1 diagonal
  assert.ok(Math.abs(s.result.cost - stairs) < 1e-9, `${s.result.cost}`);
  assert.ok(s.result.path.some(([f]) => f === 1), 'the path goes upstairs');
  assert.match(await page.textContent('#fl-caption'), /by the west stairs, then the east stairs/);
  // The elevator out of service: no change. The west stairs out of service: up the elevator,
  // down the teleporter, dearer.
  await page.uncheck('#fl-portal-2');
  assert.deepEqual(names(await floors()), ['west stairs', 'east stairs']);
  await page.check('#fl-portal-2');
  await page.uncheck('#fl-portal-0');
  s = await floors();
  assert.deepEqual(names(s), ['elevator', 'teleporter']);
  assert.ok(s.result.cost > stairs);
  assert.equal(s.portals[0].enabled, false);
  await page.waitForTimeout(100);
  await page.screenshot({ path: join(shots, 'playground-floors.png'), clip: await clipOf('#view-playground') });
  // Both ways up out of service: the teleporter only goes down, the goal is out of reach.
  await page.uncheck('#fl-portal-2');
  s = await floors();
  assert.equal(s.result.found, false);
  assert.ok(s.result.expansions > 0);
  await page.check('#fl-portal-0');
  await page.check('#fl-portal-2');
  results.floors = { stairs, elevator: s.result.cost };

  // The goal upstairs, by clicking with the goal tool; then a wall drawn across its path.
  await page.check('input[name=tool][value=goal]');
  let p = await pg(() => window.playground.floors.placeCenter(1, 11, 7));
  await page.mouse.click(p.x, p.y);
  s = await floors();
  assert.deepEqual(s.goal, [1, 11, 7]);
  assert.deepEqual(names(s), ['west stairs']);
  const before = s.result.cost;
  await page.check('input[name=tool][value=wall]');
  const cut = s.result.path.find(([f, x]) => f === 1 && x === 7);
  p = await pg(([f, x, y]) => window.playground.floors.placeCenter(f, x, y), cut);
  await page.mouse.click(p.x, p.y);
  s = await floors();
  assert.equal(s.result.found, true);
  assert.ok(!s.result.path.some(([f, x, y]) => f === cut[0] && x === cut[1] && y === cut[2]), 'around the new wall');
  assert.ok(s.result.cost >= before);
  // Back to the square grid: its canvas again.
  await page.selectOption('#pg-mode', 'square');
  assert.equal(await page.isVisible('#pg-canvas'), true);
  assert.equal(await page.isVisible('#fl-canvas'), false);
}

/** Axial coordinates of an offset hex, for the hex distance. */
function axial(layout, [col, row]) {
  const odd = layout.startsWith('odd');
  if (layout.endsWith('r')) return [col - (odd ? (row - (row & 1)) / 2 : (row + (row & 1)) / 2), row];
  return [col, row - (odd ? (col - (col & 1)) / 2 : (col + (col & 1)) / 2)];
}
function hexDistance(layout, a, b) {
  const [q1, r1] = axial(layout, a), [q2, r2] = axial(layout, b);
  const dq = q1 - q2, dr = r1 - r2;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

async function hexSuite() {
  await open('#playground');
  await page.selectOption('#pg-mode', 'hex');
  assert.equal(await page.isVisible('#hx-canvas'), true);
  const hex = () => pg(() => window.playground.hex.state());
  results.hex = {};
  for (const [layout, name] of [['0', 'odd-r'], ['2', 'odd-q'], ['1', 'even-r'], ['3', 'even-q']]) {
    await page.selectOption('#hx-layout', layout);
    const s = await hex();
    assert.equal(s.info.layout, name);
    assert.equal(s.info.pointy, name.endsWith('r'));
    // Every way across the river goes over its two bridge hexes, [10;9] then [11;9]: the
    // optimum is the hex distance to the first, one step, and the hex distance from the second.
    const optimum = hexDistance(name, s.start, [10, 9]) + 1 + hexDistance(name, [11, 9], s.goal);
    assert.equal(s.result.cost, optimum, `${name}: ${s.result.cost} vs ${optimum}`);
    assert.ok(s.result.path.some(([c, r]) => c === 10 && r === 9), `${name}: over the bridge`);
    assert.equal(s.result.distance, hexDistance(name, s.start, s.goal));
    results.hex[name] = { cost: s.result.cost, expansions: s.result.expansions };
    if (name === 'odd-q') {
      await page.waitForTimeout(100);
      await page.screenshot({ path: join(shots, 'playground-hex-flat.png'), clip: await clipOf('#view-playground') });
    }
  }
  await page.selectOption('#hx-layout', '0');

  // A click sets a wall on the path, and the path changes.
  await page.check('input[name=tool][value=wall]');
  let s = await hex();
  const before = s.result;
  const cell = before.path[4];
  let p = await pg(([c, r]) => window.playground.hex.hexCenter(c, r), cell);
  await page.mouse.click(p.x, p.y);
  assert.equal(await pg(([c, r]) => window.playground.hex.weight(c, r), cell), 0);
  s = await hex();
  assert.equal(s.result.found, true);
  assert.notDeepEqual(s.result.path, before.path);
  assert.ok(!s.result.path.some(([c, r]) => c === cell[0] && r === cell[1]));
  assert.ok(s.result.cost >= before.cost);
  // Terrain: a swamp of cost 9 painted by dragging across the path makes it go round or pay.
  await page.check('input[name=tool][value=terrain]');
  await page.fill('#pg-terrain', '9');
  const a = await pg(() => window.playground.hex.hexCenter(16, 4));
  const b = await pg(() => window.playground.hex.hexCenter(16, 15));
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 20 });
  await page.mouse.up();
  assert.equal(await pg(() => window.playground.hex.weight(16, 10)), 9);
  const swamp = await hex();
  assert.ok(swamp.result.cost > s.result.cost, `${swamp.result.cost} vs ${s.result.cost}`);
  await page.waitForTimeout(100);
  await page.screenshot({ path: join(shots, 'playground-hex.png'), clip: await clipOf('#view-playground') });
  // The goal dragged; then the bridge walled: no way across.
  await page.check('input[name=tool][value=wall]');
  const g0 = await pg(([c, r]) => window.playground.hex.hexCenter(c, r), s.goal);
  const g1 = await pg(() => window.playground.hex.hexCenter(20, 2));
  await page.mouse.move(g0.x, g0.y);
  await page.mouse.down();
  await page.mouse.move(g1.x, g1.y, { steps: 10 });
  await page.mouse.up();
  s = await hex();
  assert.deepEqual(s.goal, [20, 2]);
  assert.equal(s.result.found, true);
  p = await pg(() => window.playground.hex.hexCenter(10, 9));
  await page.mouse.click(p.x, p.y);
  s = await hex();
  assert.equal(s.result.found, false);
  assert.equal(s.result.error, null);
  // The marsh preset.
  await page.selectOption('#hx-preset', '1');
  s = await hex();
  assert.equal(s.result.found, true);
  results.hex.marsh = { cost: s.result.cost, expansions: s.result.expansions };
}

async function movingAiSuite() {
  await open('#playground');
  await page.setInputFiles('#pg-file', data.map);
  await page.waitForFunction(() => window.playground.size()[0] === 1024, null, { timeout: 60000 });
  // The Moving AI rules: 8-way without corner cutting, costs 1 and √2.
  for (const [id, v] of [['#pg-algo', 'astar'], ['#pg-diagonal', 'no-corner-cutting'], ['#pg-costs', 'unit'], ['#pg-heuristic', 'auto'], ['#pg-tie', 'larger-g']]) {
    await page.selectOption(id, v);
  }
  const [sx, sy, gx, gy] = data.query;
  await pg(([a, b, c, d]) => window.playground.setQuery(a, b, c, d), [sx, sy, gx, gy]);
  const st = await pg(() => window.playground.status());
  assert.equal(st.found, true);
  assert.ok(Math.abs(st.cost - data.optimal) < 1e-3, `${st.cost} vs the scenario's ${data.optimal}`);
  const bench = await pg(() => window.playground.benchAstar(41));
  assert.ok(Math.abs(bench.cost - data.optimal) < 1e-3);
  results.newYork = { median_ms: bench.median, min_ms: bench.min, expansions: bench.expansions, cost: bench.cost };
  await page.waitForTimeout(100);
  await page.screenshot({ path: join(shots, 'playground-newyork.png'), clip: await clipOf('#view-playground') });

  // The hierarchical search on the same query: clusters of 16, near the optimum.
  await page.selectOption('#pg-algo', 'hierarchical');
  await setCluster(16);
  const hs = await pg(() => window.playground.status());
  nearOptimal(hs, 5, 'NewYork_0_1024');
  assert.ok(Math.abs(hs.optimum - data.optimal) < 1e-3);
  const hier = await pg(() => window.playground.hierarchy());
  assert.ok(hier.clusters === 64 * 64 && hier.entrances > 0);
  results.newYorkHierarchy = { cost: hs.cost, expansions: hs.expansions, searches: hs.searches, caption: await page.textContent('#pg-caption-0') };
  await page.waitForTimeout(100);
  await page.screenshot({ path: join(shots, 'playground-hierarchy-newyork.png'), clip: await clipOf('#view-playground') });
}

/** The box of an element, in the viewport's pixels. */
const boxOf = (selector) => page.evaluate((sel) => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}, selector);

/** The page does not scroll sideways, and the box lies inside the viewport. */
async function inView(selector, label) {
  const [w, h, scrollWidth] = await page.evaluate(() => [innerWidth, innerHeight, document.documentElement.scrollWidth]);
  assert.ok(scrollWidth <= w, `${label}: the page is ${scrollWidth} px wide in a ${w} px viewport`);
  const b = await boxOf(selector);
  assert.ok(b.left >= 0 && b.top >= 0 && b.right <= w + 0.5 && b.bottom <= h + 0.5,
    `${label}: ${selector} at ${JSON.stringify(b)} in ${w}x${h}`);
  return b;
}

/** At 1280x800 and on a phone (390x844): the whole board, every one of its 25 rows, and the
 *  playground's grid are in view without scrolling, and the lists and the walk-through are
 *  reached without scrolling sideways. */
async function fitSuite() {
  await open('#game');
  results.fit = {};
  for (const [w, h] of [[1280, 800], [390, 844]]) {
    const label = `${w}x${h}`;
    await page.setViewportSize({ width: w, height: h });
    await page.goto(`${url}#game`);
    await page.waitForFunction(() => window.pageReady === true, null, { timeout: 30000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    const board = await inView('#game-canvas', `${label} game`);
    // Every row and column: the centres of the four corner tiles are on the screen.
    for (const [x, y] of [[0, 0], [24, 0], [0, 24], [24, 24]]) {
      const c = await page.evaluate(([x, y]) => window.catmaze.tileCenter(x, y), [x, y]);
      assert.ok(c.x > board.left && c.x < board.right && c.y > board.top && c.y < h, `${label}: tile [${x};${y}] at ${JSON.stringify(c)}`);
      assert.equal(await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.id, [c.x, c.y]), 'game-canvas', `${label}: tile [${x};${y}] is not covered`);
    }
    await page.screenshot({ path: join(shots, `fit-game-${label}.png`) });

    await page.goto(`${url}#playground`);
    await page.waitForFunction(() => window.pageReady === true, null, { timeout: 30000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.selectOption('#pg-preset', 'maze');
    const grid = await inView('#pg-canvas', `${label} playground`);
    for (const [x, y] of [[0, 0], [40, 0], [0, 40], [40, 40]]) {
      const c = await pg(([x, y]) => window.playground.tileCenter(x, y), [x, y]);
      assert.ok(c.x > grid.left && c.x < grid.right && c.y > grid.top && c.y < grid.bottom, `${label}: tile [${x};${y}]`);
    }
    await page.screenshot({ path: join(shots, `fit-playground-${label}.png`) });
    // The lists and the walk-through: scrolled to (the panel scrolls beside the board, or the
    // page below it on a phone), never sideways.
    for (const sel of ['#pg-open', '#pg-closed', '#pg-tour-start', '#pg-tour']) {
      await page.locator(sel).scrollIntoViewIfNeeded();
      await inView(sel, `${label} ${sel}`);
    }
    if (w >= 900) {
      // Beside the board: reaching the lists leaves the whole grid in sight.
      await inView('#pg-canvas', `${label} playground, lists in view`);
    }
    results.fit[label] = { board: board.bottom - board.top, grid: grid.bottom - grid.top };
  }
}

/** The menus come from the module; controls that do not apply are hidden; a move rule a search
 *  does not take is explained; a loaded Moving AI map has its own rules. */
async function menusSuite() {
  await open('#playground');
  const menus = await pg(() => window.playground.menus);
  const options = await page.$$eval('#pg-algo option', (os) => os.map((o) => [o.value, o.textContent]));
  assert.deepEqual(options, menus.algorithms.map((a) => [a.code, a.label]));
  assert.equal(options.length, 12);
  assert.equal(options[10][0], 'subgoal', 'a new search goes at the end of the menu');
  assert.deepEqual(options[11], ['weighted-jps', 'Jump points on terrain'], 'a new search goes at the end of the menu');
  assert.deepEqual(await page.$$eval('#pg-algo-1 option', (os) => os.map((o) => o.value)), options.map(([c]) => c));
  assert.deepEqual(await page.$$eval('#pg-tie option', (os) => os.map((o) => o.value)), menus.ties.map((t) => t.code));

  // Which controls show, for each algorithm alone.
  const ids = { moves: 'pg-diagonal', costs: 'pg-costs', heuristic: 'pg-heuristic', tie: 'pg-tie', weight: 'pg-weight', cluster: 'pg-cluster' };
  const expected = {
    astar: ['moves', 'costs', 'heuristic', 'tie'],
    dijkstra: ['moves', 'costs', 'tie'],
    'breadth-first': ['moves'],
    'weighted-astar': ['moves', 'costs', 'heuristic', 'tie', 'weight'],
    jps: ['moves'],
    'jps-plus': ['moves'],
    'any-angle': [],
    hierarchical: ['moves', 'costs', 'cluster'],
    'obstacle-graph': [],
    'mesh-graph': [],
    subgoal: ['moves'],
    'weighted-jps': ['moves'],
  };
  await page.selectOption('#pg-preset', 'maze');
  for (const [code, shown] of Object.entries(expected)) {
    await page.selectOption('#pg-algo', code);
    for (const [control, id] of Object.entries(ids)) {
      assert.equal(await page.isVisible(`#${id}`), shown.includes(control), `${code}: ${control}`);
    }
    assert.equal(await page.isVisible('#pg-tiles'), shown.includes('heuristic'), `${code}: H in tiles`);
    const note = menus.algorithms.find((a) => a.code === code).note;
    assert.equal(await page.textContent('#pg-algo-note'), note);
  }
  // Comparing: the controls of either algorithm.
  await page.selectOption('#pg-algo', 'any-angle');
  await page.selectOption('#pg-algo-1', 'weighted-astar');
  await page.check('#pg-compare');
  assert.equal(await page.isVisible('#pg-weight'), true);
  assert.equal(await page.isVisible('#pg-heuristic'), true);
  await page.uncheck('#pg-compare');
  assert.equal(await page.isVisible('#pg-weight'), false);

  // JPS+ with 4-way moves says what it needs and what to choose.
  await page.selectOption('#pg-algo', 'jps-plus');
  await page.selectOption('#pg-diagonal', 'never');
  let st = await pg(() => window.playground.status());
  assert.equal(st.error.code, 'moves');
  const text = await page.textContent('#pg-error');
  assert.match(text, /JPS\+ needs 8-way moves without corner cutting .*not 4-way: choose “8-way, no corner cutting” under Moves, or JPS for 4-way moves/);
  assert.equal(st.found, false);
  await page.selectOption('#pg-diagonal', 'no-corner-cutting');
  st = await pg(() => window.playground.status());
  assert.ok(st.found && st.error === null);
  assert.equal(await page.textContent('#pg-error'), '');
  // So do jump points on terrain with moves that cut corners.
  await page.selectOption('#pg-algo', 'weighted-jps');
  await page.selectOption('#pg-diagonal', 'corner-cutting');
  st = await pg(() => window.playground.status());
  assert.equal(st.error.code, 'moves');
  assert.match(await page.textContent('#pg-error'), /Jump points on terrain needs 8-way moves without corner cutting \(its marks of the terrain are made for them\), not .*: choose “8-way, no corner cutting” under Moves/);
  assert.equal(st.found, false);
  await page.selectOption('#pg-diagonal', 'no-corner-cutting');
  st = await pg(() => window.playground.status());
  assert.ok(st.found && st.error === null, 'jump points on terrain, 8-way');

  // Each preset its own rules: the tutorial's 4-way, Manhattan, newest-first do not carry over.
  await page.selectOption('#pg-algo', 'astar');
  await page.selectOption('#pg-preset', 'tutorial');
  const rules = async () => Object.fromEntries(await Promise.all(['pg-diagonal', 'pg-costs', 'pg-heuristic', 'pg-tie'].map(async (id) => [id, await page.inputValue(`#${id}`)])));
  assert.deepEqual(await rules(), { 'pg-diagonal': 'never', 'pg-costs': 'unit', 'pg-heuristic': 'manhattan', 'pg-tie': 'lifo' });
  await page.selectOption('#pg-preset', 'empty');
  assert.deepEqual(await rules(), { 'pg-diagonal': 'no-corner-cutting', 'pg-costs': 'unit', 'pg-heuristic': 'auto', 'pg-tie': 'larger-g' });

  // A Moving AI map loaded after the tutorial: 8-way without corner cutting, octile, the
  // search's own tie rule; the scenario file's optimal costs, by A*, JPS+ and the subgoal graph.
  if (data.map) {
    await page.selectOption('#pg-preset', 'tutorial');
    await page.setInputFiles('#pg-file', data.map);
    await page.waitForFunction(([w, h]) => { const s = window.playground.size(); return s[0] === w && s[1] === h; }, data.size, { timeout: 60000 });
    assert.deepEqual(await rules(), { 'pg-diagonal': 'no-corner-cutting', 'pg-costs': 'unit', 'pg-heuristic': 'octile', 'pg-tie': 'auto' });
    results.scenarios = [];
    for (const algo of ['astar', 'jps-plus', 'subgoal', 'weighted-jps']) {
      await page.selectOption('#pg-algo', algo);
      for (const [sx, sy, gx, gy, optimal] of data.scenarios) {
        await pg(([a, b, c, d]) => window.playground.setQuery(a, b, c, d), [sx, sy, gx, gy]);
        st = await pg(() => window.playground.status());
        assert.equal(st.error, null, `${algo} [${sx};${sy}] -> [${gx};${gy}]`);
        // The file gives six significant digits.
        assert.ok(st.found && Math.abs(st.cost - optimal) <= 1e-5 * Math.max(1, optimal),
          `${algo} [${sx};${sy}] -> [${gx};${gy}]: ${st.cost} vs the scenario's ${optimal}`);
        if (algo === 'astar') results.scenarios.push([optimal, st.cost]);
      }
    }
  }
}

/** The first time shown for a search is not the cold start of code not yet optimised: before
 *  the first timed search of each algorithm on a map the same search runs untimed, once per
 *  algorithm and map (no timing is asserted: a shared machine's times are noise). */
async function warmSuite() {
  await open('#playground');
  results.warm = {};
  for (const algo of ['dijkstra', 'jps']) {
    await page.selectOption('#pg-preset', 'big');
    await page.selectOption('#pg-algo', algo);
    const first = await pg(() => window.playground.warmups());
    assert.ok(first[algo] >= 1, `${algo}: no untimed run before the first time shown: ${JSON.stringify(first)}`);
    await pg(() => window.playground.rerun());
    const again = await pg(() => window.playground.warmups());
    assert.equal(again[algo], first[algo], `${algo}: warmed up again on the same map`);
    results.warm[algo] = { warmups: first[algo], time: await pg(() => window.playground.times()[0]) };
  }
  // A new map is warmed up again.
  await page.selectOption('#pg-preset', 'tutorial');
  await page.selectOption('#pg-preset', 'big');
  const fresh = await pg(() => window.playground.warmups());
  assert.ok(Object.values(fresh).every((n) => n >= 1) && Object.keys(fresh).length >= 1, `a new map: ${JSON.stringify(fresh)}`);
}

// The module's determinism report, computed in the browser (the native build's golden file is
// compared with it by the Rust side of the test).
async function determinismSuite() {
  await open('#game');
  results.report = await page.evaluate(async () => {
    const { Engine } = await import('/wasm.js');
    const engine = await Engine.load();
    return engine.json(engine.x.determinism_report());
  });
}

// The navigation-mesh mode: the start and the goal clicked, a box dragged with the mouse into the
// gap (the mesh and the route change), a link drawn over it (a shorter route, one way only), a
// forbidden area painted (the route goes round it, then fails), mud painted and made dear (the
// route goes round it, near the cheapest, and says so), and the agent size changed (its own
// mesh).
async function meshSuite() {
  await open('#playground');
  await page.selectOption('#pg-mode', 'mesh');
  assert.equal(await page.isVisible('#nm-canvas'), true);
  assert.equal(await page.isVisible('#pg-canvas'), false);
  assert.equal(await page.isVisible('#pg-map-box'), false);
  const mesh = () => pg(() => window.playground.mesh.state());
  const at = (x, y) => pg(([x, y]) => window.playground.mesh.toPage(x, y), [x, y]);
  const click = async (x, y) => { const p = await at(x, y); await page.mouse.click(p.x, p.y); };
  const drag = async (a, b, steps = 12) => {
    const p = await at(...a), q = await at(...b);
    await page.mouse.move(p.x, p.y);
    await page.mouse.down();
    await page.mouse.move(q.x, q.y, { steps });
    await page.mouse.up();
  };
  const close = (a, b) => Math.abs(a - b) < 1e-9;
  results.mesh = {};

  // The start and the goal clicked: a straight route along y = 16, through the gap between the
  // two middle boxes, 28 long.
  await page.check('input[name=nmtool][value=start]');
  await click(2, 16);
  await page.check('input[name=nmtool][value=goal]');
  await click(30, 16);
  let s = await mesh();
  assert.deepEqual([s.start, s.goal], [[2, 16], [30, 16]]);
  assert.equal(s.answer.found, true);
  assert.ok(close(s.answer.route.cost, 28), `${s.answer.route.cost}`);
  assert.equal(s.info.radius, 0.25);
  const straight = s;
  results.mesh.start = { triangles: s.triangles, cost: s.answer.route.cost };

  // The box at [22, 20]-[26, 26] dragged by (-8, -7) with the mouse, into the gap.
  await page.check('input[name=nmtool][value=move]');
  const box = s.info.obstacles.find((o) => o.points[0][0] === 22 && o.points[0][1] === 20);
  assert.ok(box, JSON.stringify(s.info.obstacles));
  await drag([24, 23], [16, 16]);
  s = await mesh();
  const moved = s.info.obstacles.find((o) => o.key === box.key);
  assert.deepEqual(moved.points, [[14, 13], [18, 13], [18, 19], [14, 19]]);
  assert.ok(s.edits > 1, `${s.edits} edits: the box followed the pointer`);
  assert.equal(s.info.obstacles.length, straight.info.obstacles.length);
  assert.notEqual(s.triangles, straight.triangles, 'the mesh changed');
  assert.equal(s.answer.found, true);
  assert.ok(s.answer.route.cost > 28.5, `round the plugged gap: ${s.answer.route.cost}`);
  assert.ok(s.answer.route.points.length > 2);
  const round = s.answer.route.cost;
  results.mesh.dragged = { triangles: s.triangles, cost: round };

  // A one-way link drawn over the plugged gap, at its straight length: straight again.
  await page.check('input[name=nmtool][value=link]');
  await drag([12, 16], [20, 16], 5);
  s = await mesh();
  assert.equal(s.info.links.length, 1);
  assert.deepEqual([s.info.links[0].from, s.info.links[0].to, s.info.links[0].bothWays], [[12, 16], [20, 16], false]);
  assert.ok(close(s.answer.route.cost, 28), `${s.answer.route.cost}`);
  assert.deepEqual(s.answer.route.links, [0]);
  assert.ok(close(s.answer.route.walked, 20), `walked ${s.answer.route.walked}`);
  assert.match(await page.textContent('#nm-caption'), /1 link taken/);
  // One way only: back from the goal to the start it is not taken.
  await pg(() => window.playground.mesh.setEnds([30, 16], [2, 16]));
  s = await mesh();
  assert.deepEqual(s.answer.route.links, []);
  assert.ok(close(s.answer.route.cost, round), `${s.answer.route.cost} vs ${round}`);
  await pg(() => window.playground.mesh.setEnds([2, 16], [30, 16]));

  // Water painted across the way east of the link: crossed at no cost while allowed; forbidden,
  // walked round; painted across the whole level, no route.
  await page.selectOption('#nm-area-type', '1');
  await page.check('input[name=nmtool][value=area]');
  await drag([21, 12], [23, 20]);
  s = await mesh();
  assert.equal(s.info.areas.length, 1);
  assert.ok(close(s.answer.route.cost, 28));
  await page.check('#nm-forbid-1');
  s = await mesh();
  assert.deepEqual(s.info.forbidden, [1]);
  assert.equal(s.answer.found, true);
  assert.ok(s.answer.route.cost > 28.5, `${s.answer.route.cost}`);
  // No leg of the route enters the water's inside.
  const pts = s.answer.route.points;
  for (let i = 1; i < pts.length; i++) {
    for (let t = 0; t <= 1; t += 1 / 64) {
      const x = pts[i - 1][0] + t * (pts[i][0] - pts[i - 1][0]), y = pts[i - 1][1] + t * (pts[i][1] - pts[i - 1][1]);
      assert.ok(!(x > 21 + 1e-6 && x < 23 - 1e-6 && y > 12 + 1e-6 && y < 20 - 1e-6), `the route enters the water at ${x}, ${y}`);
    }
  }
  results.mesh.forbidden = { cost: s.answer.route.cost };
  await page.waitForTimeout(100);
  await page.screenshot({ path: join(shots, 'playground-navmesh.png'), clip: await clipOf('#view-playground') });
  await drag([21, 0], [23, 32]);
  s = await mesh();
  assert.equal(s.answer.found, false);
  assert.equal(s.answer.error, null);
  assert.match(await page.textContent('#nm-caption'), /no route/);
  await page.uncheck('#nm-forbid-1');
  s = await mesh();
  assert.ok(close(s.answer.route.cost, 28));
  assert.match(await page.textContent('#nm-counters'), /route isthe cheapest/);

  // Mud painted on the way east of the water, 3 wide and 12 high: crossed while it costs 1.
  // At 5 a unit, the route changes: it leaves the mud (or crosses less of it), costs more than
  // 28 (never less than the shortest at the cheapest cost, 1) and less than the old route priced
  // (28 + 3 x 4 more for its 3 of mud); the page says it is near the cheapest.
  await page.selectOption('#nm-area-type', '2');
  await drag([24, 10], [27, 22]);
  s = await mesh();
  assert.equal(s.info.areas.length, 3);
  assert.ok(close(s.answer.route.cost, 28), `${s.answer.route.cost}`);
  const flat = s.answer.route.points;
  assert.equal(await page.inputValue('#nm-cost-2'), '1');
  await page.fill('#nm-cost-2', '5');
  await page.press('#nm-cost-2', 'Tab');
  s = await mesh();
  assert.equal(s.info.areaTypes.find((a) => a.id === 2).cost, 5);
  const dear = s.answer.route;
  assert.ok(dear.cost > 28.5 && dear.cost < 28 + 3 * 4, `cost ${dear.cost} with mud at 5`);
  assert.notDeepEqual(dear.points, flat, 'the route changed');
  assert.equal(dear.nearCheapest, true);
  // How much of the route is inside the mud: none to speak of.
  let inMud = 0;
  for (let i = 1; i < dear.points.length; i++) {
    const [a, b] = [dear.points[i - 1], dear.points[i]];
    const n = 256, len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    for (let k = 0; k < n; k++) {
      const t = (k + 0.5) / n, x = a[0] + t * (b[0] - a[0]), y = a[1] + t * (b[1] - a[1]);
      if (x > 24 && x < 27 && y > 10 && y < 22) inMud += len / n;
    }
  }
  assert.ok(inMud < 0.5, `${inMud} of the route in the mud`);
  assert.match(await page.textContent('#nm-counters'), /route isnear the cheapest \(within pathkit's bound\)/);
  assert.match(await page.textContent('#nm-caption'), /\(near the cheapest\)/);
  assert.match(await page.textContent('#view-playground fieldset.nm p'), /near the cheapest, within the bound pathkit states/);
  results.mesh.mud = { cost: dear.cost, legs: dear.points.length - 1, inMud };
  // A cost out of range: refused with the module's message, the box back to 5.
  await page.fill('#nm-cost-2', '9');
  await page.press('#nm-cost-2', 'Tab');
  s = await mesh();
  assert.match(await page.textContent('#pg-error'), /from 0\.25 to 5, not 9/);
  assert.equal(await page.inputValue('#nm-cost-2'), '5');
  assert.ok(close(s.answer.route.cost, dear.cost));
  // Back to 1: the straight route, the cheapest again.
  await page.fill('#nm-cost-2', '1');
  await page.press('#nm-cost-2', 'Tab');
  s = await mesh();
  assert.ok(close(s.answer.route.cost, 28), `${s.answer.route.cost}`);
  assert.equal(s.answer.route.nearCheapest, false);
  assert.equal(await page.textContent('#pg-error'), '');
  assert.doesNotMatch(await page.textContent('#nm-caption'), /near the cheapest/);

  // The large agent: its own mesh, the route planned for it.
  const small = s.triangles;
  await page.selectOption('#nm-size', '2');
  s = await mesh();
  assert.equal(s.info.radius, 1.5);
  assert.equal(s.answer.route.radius, 1.5);
  assert.notEqual(s.triangles, small, 'the large agent has its own mesh');
  results.mesh.sizes = { small, large: s.triangles };
  // The link removed: the large agent goes round below the middle boxes, the small one would
  // not fit through anything shorter either, and the two costs differ.
  await page.check('input[name=nmtool][value=erase]');
  await click(12, 16);
  s = await mesh();
  assert.equal(s.info.links.length, 0);
  assert.equal(s.answer.found, true);
  const large = s.answer.route.cost;
  await page.selectOption('#nm-size', '0');
  s = await mesh();
  assert.ok(s.answer.route.cost < large, `${s.answer.route.cost} vs ${large}`);

  // A start inside a box: refused with a message, nothing thrown.
  await page.check('input[name=nmtool][value=start]');
  await click(8, 8);
  s = await mesh();
  assert.equal(s.answer.found, false);
  assert.ok(s.answer.error && s.answer.error.message, JSON.stringify(s.answer));
  assert.ok((await page.textContent('#pg-error')).length > 0);
  await click(2, 16);
  s = await mesh();
  assert.equal(s.answer.found, true);
  assert.equal(await page.textContent('#pg-error'), '');
  // A box of no area (a click with the box tool): refused with a message, nothing added.
  const boxes = s.info.obstacles.length;
  await page.check('input[name=nmtool][value=box]');
  await click(5, 28);
  s = await mesh();
  assert.equal(s.info.obstacles.length, boxes);
  assert.match(await page.textContent('#pg-error'), /has no area/);
  // A box drawn: one more.
  await drag([4, 26], [6, 29]);
  s = await mesh();
  assert.equal(s.info.obstacles.length, boxes + 1);
  assert.deepEqual(s.info.obstacles[boxes].points, [[4, 26], [6, 26], [6, 29], [4, 29]]);
  assert.equal(await page.textContent('#pg-error'), '');
}

let failed = null;
try {
  if (suite === 'game') { await gameSuite(); await phoneSuite(); }
  else if (suite === 'playground') await playgroundSuite();
  else if (suite === 'movingai') await movingAiSuite();
  else if (suite === 'hierarchy') await hierarchySuite();
  else if (suite === 'floors') await floorsSuite();
  else if (suite === 'hex') await hexSuite();
  else if (suite === 'mesh') await meshSuite();
  else if (suite === 'fit') await fitSuite();
  else if (suite === 'menus') await menusSuite();
  else if (suite === 'warm') await warmSuite();
  else if (suite === 'determinism') await determinismSuite();
  else throw new Error(`unknown suite ${suite}`);
} catch (e) {
  failed = e;
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(`RESULT ${JSON.stringify(results)}`);
if (failed) {
  console.error(failed.stack || String(failed));
}
if (problems.length) console.error(problems.join('\n'));
process.exit(failed || problems.length ? 1 : 0);
