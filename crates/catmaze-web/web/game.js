// Cat Maze in the page. The rules live in the wasm module (crates/catmaze): this file turns
// clicks into taps and frame times into updates, then draws the state and plays the sounds of the
// events. It decides nothing about the game.

import * as sound from './sound.js';

export function startGame(engine, sprites) {
  const canvas = document.getElementById('game-canvas');
  const g = canvas.getContext('2d');
  const $ = (id) => document.getElementById(id);
  const params = new URLSearchParams(location.search);

  let stepMs = Number(params.get('step')) || 400;
  engine.gameStepMs(stepMs);
  if (params.get('step')) {
    const option = document.createElement('option');
    option.value = String(stepMs); option.textContent = `${stepMs} ms (test)`;
    $('game-speed').append(option);
    $('game-speed').value = String(stepMs);
  }
  sound.setMuted(localStorage.getItem('catmaze-muted') === '1' || params.has('mute'));

  let state = engine.gameState();
  let aim = null;        // the tile whose route is previewed
  let touchAim = null;   // on touch, the first tap previews and the second walks
  let preview = null;
  let last = null;
  const log = [];

  function tileAt(ev) {
    const r = canvas.getBoundingClientRect();
    return [Math.floor(((ev.clientX - r.left) / r.width) * state.width),
      Math.floor(((ev.clientY - r.top) / r.height) * state.height)];
  }

  function say(text) {
    $('game-status').textContent = text;
  }

  function remember(text) {
    log.push(text);
    const li = document.createElement('li');
    li.textContent = text;
    $('game-log').prepend(li);
    while ($('game-log').children.length > 30) $('game-log').lastChild.remove();
  }

  function handle(events) {
    for (const e of events) {
      if (e.sound) sound.play(e.sound);
      if (e.kind === 'step') continue;
      say(e.text);
      if (!['route', 'queued', 'stopped'].includes(e.kind)) remember(e.text);
    }
    if (events.length) {
      state = engine.gameState();
      refreshPreview();
    }
  }

  function setAim(tile) {
    aim = tile;
    refreshPreview();
  }

  function refreshPreview() {
    preview = aim ? engine.gamePreview(aim[0], aim[1]) : null;
    const box = $('game-preview');
    if (!aim) {
      box.textContent = 'Hover over a tile (or tap it once) to see the route.';
    } else if (!preview) {
      const [x, y] = aim;
      const inside = x >= 0 && y >= 0 && x < state.width && y < state.height;
      const from = state.step ? state.step.to : state.cat;
      box.textContent = !inside ? 'Outside the maze.' : x === from[0] && y === from[1] ? `The cat is on [${x};${y}].`
        : state.tiles.split('\n')[y][x] === '#' ? `[${x};${y}] is a wall.` : state.phase !== 'playing' ? 'The game is over.' : `No way to [${x};${y}].`;
    } else {
      const p = preview;
      const dogs = p.dogs.length ? p.dogs.map(([x, y]) => `[${x};${y}]`).join(', ') : 'none';
      let ending;
      if (p.ending.kind === 'eaten') ending = `<span class="bad">not enough bones: eaten at [${p.ending.at[0]};${p.ending.at[1]}]</span>`;
      else if (p.ending.kind === 'wins') ending = '<span class="good">reaches the exit: wins</span>';
      else ending = `<span class="good">enough bones</span>, arrives with ${p.ending.bones}`;
      // Dogs this walk would bribe besides the one clicked: bones the player may not mean to spend.
      const others = p.bribesOnTheWay.map(([x, y]) => `[${x};${y}]`);
      const bribes = others.length
        ? `<br><span class="warn" id="game-preview-bribes">This route bribes the dog${others.length === 1 ? '' : 's'} at ${others.join(', ')} on the way.</span>`
        : '';
      box.innerHTML = `To [${p.target[0]};${p.target[1]}]: ${p.route.length} steps (cost ${p.cost}).<br>` +
        `Dogs on the route: ${p.dogs.length} (${dogs}). Bones: ${p.carried} carried + ${p.bones.length} on the way.<br>${ending}${bribes}`;
    }
  }

  canvas.addEventListener('pointermove', (ev) => {
    if (ev.pointerType !== 'mouse') return;
    const t = tileAt(ev);
    if (!aim || aim[0] !== t[0] || aim[1] !== t[1]) setAim(t);
  });
  canvas.addEventListener('pointerleave', (ev) => {
    if (ev.pointerType === 'mouse') setAim(null);
  });
  canvas.addEventListener('pointerdown', (ev) => {
    ev.preventDefault();
    sound.unlock();
    const t = tileAt(ev);
    if (ev.pointerType !== 'mouse' && !(touchAim && touchAim[0] === t[0] && touchAim[1] === t[1])) {
      touchAim = t;
      setAim(t);
      return;
    }
    touchAim = null;
    handle(engine.gameTap(t[0], t[1]));
  });

  for (const radio of document.querySelectorAll('input[name=variant]')) {
    radio.addEventListener('change', () => handle(engine.gameVariant(Number(radio.value))));
  }
  function restart() {
    sound.unlock();
    handle(engine.gameRestart());
    $('game-log').replaceChildren();
  }
  $('game-restart').addEventListener('click', restart);

  // Keys: an arrow (or w, a, s, d) taps the tile next to the cat in that direction; r restarts.
  const KEYS = { ArrowUp: [0, -1], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowRight: [1, 0], w: [0, -1], a: [-1, 0], s: [0, 1], d: [1, 0] };
  document.addEventListener('keydown', (ev) => {
    if ($('view-game').hidden || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.target instanceof HTMLInputElement || ev.target instanceof HTMLSelectElement) return;
    if (ev.key === 'r') { restart(); return; }
    const dir = KEYS[ev.key];
    if (!dir) return;
    ev.preventDefault();
    sound.unlock();
    const from = state.step ? state.step.to : state.cat;
    handle(engine.gameTap(from[0] + dir[0], from[1] + dir[1]));
  });
  $('game-over-restart').addEventListener('click', restart);
  const mute = $('game-mute');
  function showMute() {
    mute.textContent = sound.isMuted() ? 'Sound: off' : 'Sound: on';
    mute.setAttribute('aria-pressed', String(sound.isMuted()));
  }
  mute.addEventListener('click', () => {
    sound.unlock();
    sound.setMuted(!sound.isMuted());
    localStorage.setItem('catmaze-muted', sound.isMuted() ? '1' : '0');
    showMute();
  });
  showMute();
  $('game-speed').addEventListener('change', () => {
    stepMs = Number($('game-speed').value);
    engine.gameStepMs(stepMs);
  });

  function draw(now) {
    const s = state;
    const size = canvas.width / s.width;
    g.imageSmoothingEnabled = true;
    const rows = s.tiles.split('\n');
    for (let y = 0; y < s.height; y++) {
      for (let x = 0; x < s.width; x++) {
        const t = rows[y][x];
        const px = x * size, py = y * size;
        g.drawImage(t === '#' ? sprites.wall : sprites.floor, px, py, size, size);
        if (t === 'B') g.drawImage(sprites.bone, px, py, size, size);
        else if (t === 'D') g.drawImage(sprites.dog, px, py, size, size);
        else if (t === 'E') g.drawImage(sprites.exit, px, py, size, size);
      }
    }
    // The route being walked.
    g.fillStyle = '#f0a341';
    for (const [x, y] of s.route) {
      g.beginPath(); g.arc((x + 0.5) * size, (y + 0.5) * size, size * 0.09, 0, Math.PI * 2); g.fill();
    }
    // The previewed route: blue when the bones will do, red when a dog would eat the cat.
    if (preview && s.phase === 'playing') {
      const bad = preview.ending.kind === 'eaten';
      g.strokeStyle = bad ? '#ff6b6b' : '#66b3ff';
      g.lineWidth = size * 0.12; g.lineJoin = 'round'; g.globalAlpha = 0.7;
      g.beginPath();
      const from = s.step ? s.step.to : s.cat;
      g.moveTo((from[0] + 0.5) * size, (from[1] + 0.5) * size);
      for (const [x, y] of preview.route) g.lineTo((x + 0.5) * size, (y + 0.5) * size);
      g.stroke();
      g.globalAlpha = 1;
      for (const [x, y] of preview.dogs) {
        g.strokeStyle = bad && preview.ending.at[0] === x && preview.ending.at[1] === y ? '#ff3030' : '#ffd43b';
        g.lineWidth = 3;
        g.strokeRect(x * size + 1.5, y * size + 1.5, size - 3, size - 3);
      }
      const [tx, ty] = preview.target;
      g.strokeStyle = '#fff'; g.lineWidth = 2;
      g.strokeRect(tx * size + 1, ty * size + 1, size - 2, size - 2);
    }
    // The cat, between two tiles while it walks.
    let cx = s.cat[0], cy = s.cat[1], frame = 0;
    if (s.step) {
      const p = s.step.progress;
      cx = s.step.from[0] + (s.step.to[0] - s.step.from[0]) * p;
      cy = s.step.from[1] + (s.step.to[1] - s.step.from[1]) * p;
      frame = p < 0.5 ? 1 : 0;
    }
    const pic = sprites.cat[s.facing][frame];
    if (s.phase === 'playing') {
      g.drawImage(pic, cx * size, cy * size, size, size);
    } else {
      // Game over: the cat three times as big, spinning, as in the original.
      g.save();
      g.translate((cx + 0.5) * size, (cy + 0.5) * size);
      g.rotate((now / 300) % (Math.PI * 2));
      g.drawImage(pic, -1.5 * size, -1.5 * size, 3 * size, 3 * size);
      g.restore();
    }
  }

  function hud() {
    $('hud-bones').textContent = state.bones;
    $('hud-steps').textContent = state.steps;
    $('hud-left').textContent = `${state.bonesLeft} bones, ${state.dogsLeft} dogs`;
    // Proven by the rules after a bribe: no way to the exit is left (the game goes on until restart).
    $('game-doomed').hidden = !(state.outlook === 'unwinnable' && state.phase === 'playing');
    const over = state.phase !== 'playing';
    $('game-over').hidden = !over;
    if (over) $('game-over-text').textContent = state.phase === 'won' ? 'You win!' : 'You lose!';
    for (const radio of document.querySelectorAll('input[name=variant]')) {
      radio.checked = Number(radio.value) === state.variant;
    }
  }

  function frame(now) {
    const dt = last === null ? 0 : Math.min(now - last, 250);
    last = now;
    if (dt > 0) handle(engine.gameUpdate(dt));
    state = engine.gameState();
    if (!document.getElementById('view-game').hidden) draw(now);
    hud();
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
  say('Click a tile to walk there.');

  // For the browser tests (and the curious): the game as the rules see it.
  window.catmaze = {
    state: () => engine.gameState(),
    preview: () => preview,
    aim: (x, y) => { setAim([x, y]); return preview; },
    log,
    /** The page coordinates of a tile's centre, for clicking it. */
    tileCenter: (x, y) => {
      const r = canvas.getBoundingClientRect();
      return { x: r.left + ((x + 0.5) / state.width) * r.width, y: r.top + ((y + 0.5) / state.height) * r.height };
    },
    sounds: () => !sound.isMuted(),
  };
}
