// The game's pictures, drawn by this code into small canvases once at start-up: the cat (four
// facings, two walking frames and a resting pose), the dog, the bone, the exit, wall and floor.
// Nothing is loaded from files, so nothing here belongs to anyone else.

export const TILE = 32;

function canvas(w = TILE, h = TILE) {
  const c = document.createElement('canvas');
  c.width = w; c.height = h;
  return c;
}

function ellipse(g, x, y, rx, ry, fill, stroke) {
  g.beginPath();
  g.ellipse(x, y, rx, ry, 0, 0, Math.PI * 2);
  if (fill) { g.fillStyle = fill; g.fill(); }
  if (stroke) { g.strokeStyle = stroke; g.lineWidth = 1.2; g.stroke(); }
}

function poly(g, points, fill, stroke) {
  g.beginPath();
  points.forEach(([x, y], i) => (i ? g.lineTo(x, y) : g.moveTo(x, y)));
  g.closePath();
  if (fill) { g.fillStyle = fill; g.fill(); }
  if (stroke) { g.strokeStyle = stroke; g.lineWidth = 1.2; g.stroke(); }
}

const FUR = '#e8913a', DARK = '#7a3f12', LINE = '#2b1a0c', BELLY = '#f7d8b0', EYE = '#3fbf5f';

/** One cat picture: facing 'forward' | 'back' | 'left' | 'right', frame 0 | 1 (legs), resting. */
function drawCat(facing, frame) {
  const c = canvas();
  const g = c.getContext('2d');
  if (facing === 'right') {
    g.translate(TILE, 0);
    g.scale(-1, 1);
    facing = 'left';
  }
  const legs = frame === 0 ? [0, 0] : [-2, 2];
  if (facing === 'left') {
    // Side view, head on the left.
    g.strokeStyle = FUR; g.lineWidth = 3; g.lineCap = 'round';
    g.beginPath(); g.moveTo(25, 19); g.quadraticCurveTo(31, 12, 28, 6); g.stroke();
    for (const [x, d] of [[10, legs[0]], [14, legs[1]], [20, -legs[0]], [24, -legs[1]]]) {
      g.fillStyle = DARK; g.fillRect(x - 1.5 + d, 22, 3, 7);
    }
    ellipse(g, 17, 20, 9, 5.5, FUR, LINE);
    poly(g, [[6, 6], [8, 12], [12, 9]], FUR, LINE);
    poly(g, [[12, 5], [12, 11], [15, 9]], FUR, LINE);
    ellipse(g, 10, 13, 6, 5.5, FUR, LINE);
    ellipse(g, 7.5, 12.5, 1.4, 1.6, EYE);
    ellipse(g, 7.3, 12.5, .6, 1.2, '#111');
    ellipse(g, 4.6, 15, 1, .8, '#d55');
    g.strokeStyle = DARK; g.lineWidth = 1;
    g.beginPath(); g.moveTo(17, 15.5); g.lineTo(17, 19); g.moveTo(21, 15.5); g.lineTo(21, 19); g.stroke();
    return c;
  }
  // Front or back view.
  for (const [x, d] of [[11, legs[0]], [21, legs[1]]]) {
    g.fillStyle = DARK; g.fillRect(x - 2, 24 + d * 0.5, 4, 6 - d * 0.5);
  }
  if (facing === 'back') {
    g.strokeStyle = FUR; g.lineWidth = 3; g.lineCap = 'round';
    g.beginPath(); g.moveTo(16, 22); g.quadraticCurveTo(24, 14, 22, 6); g.stroke();
  }
  ellipse(g, 16, 21, 8, 6.5, FUR, LINE);
  if (facing === 'forward') ellipse(g, 16, 22.5, 4, 4, BELLY);
  poly(g, [[7, 3], [9, 11], [13, 7]], FUR, LINE);
  poly(g, [[25, 3], [23, 11], [19, 7]], FUR, LINE);
  ellipse(g, 16, 11, 8, 6.5, FUR, LINE);
  if (facing === 'forward') {
    ellipse(g, 12.5, 10.5, 1.8, 2, EYE); ellipse(g, 19.5, 10.5, 1.8, 2, EYE);
    ellipse(g, 12.5, 10.5, .6, 1.5, '#111'); ellipse(g, 19.5, 10.5, .6, 1.5, '#111');
    poly(g, [[15, 13], [17, 13], [16, 14.3]], '#d55');
    g.strokeStyle = '#fff8'; g.lineWidth = .8;
    g.beginPath();
    g.moveTo(13, 14); g.lineTo(7, 13); g.moveTo(13, 15); g.lineTo(7, 16);
    g.moveTo(19, 14); g.lineTo(25, 13); g.moveTo(19, 15); g.lineTo(25, 16);
    g.stroke();
  } else {
    g.strokeStyle = DARK; g.lineWidth = 1.2;
    g.beginPath(); g.moveTo(13, 8); g.lineTo(13, 13); g.moveTo(16, 7); g.lineTo(16, 14); g.moveTo(19, 8); g.lineTo(19, 13); g.stroke();
  }
  return c;
}

function drawDog() {
  const c = canvas();
  const g = c.getContext('2d');
  ellipse(g, 16, 23, 9, 6, '#8d6b4a', '#2a1a0e');
  g.fillStyle = '#5a4030'; g.fillRect(9, 26, 4, 5); g.fillRect(19, 26, 4, 5);
  ellipse(g, 16, 13, 8.5, 7.5, '#a8835d', '#2a1a0e');
  ellipse(g, 7.5, 14, 3, 6, '#5a4030', '#2a1a0e');
  ellipse(g, 24.5, 14, 3, 6, '#5a4030', '#2a1a0e');
  ellipse(g, 16, 17, 4.5, 3.2, '#d9c3a5');
  ellipse(g, 16, 15.5, 1.8, 1.3, '#111');
  ellipse(g, 12.5, 11, 1.4, 1.6, '#111'); ellipse(g, 19.5, 11, 1.4, 1.6, '#111');
  g.fillStyle = '#fff'; g.fillRect(12.7, 10.2, .8, .8); g.fillRect(19.7, 10.2, .8, .8);
  g.fillStyle = '#c33'; g.fillRect(11, 19.5, 10, 2);  // collar
  ellipse(g, 16, 21.8, 1.3, 1.3, '#ffd43b');
  return c;
}

function drawBone() {
  const c = canvas();
  const g = c.getContext('2d');
  g.translate(16, 16); g.rotate(-Math.PI / 6);
  const white = '#f4efe1', line = '#6d6457';
  for (const [x, y] of [[-9, -3], [-9, 3], [9, -3], [9, 3]]) ellipse(g, x, y, 3.6, 3.6, white, line);
  g.fillStyle = white; g.fillRect(-9, -3, 18, 6);
  g.strokeStyle = line; g.lineWidth = 1.2;
  g.beginPath(); g.moveTo(-6, -3); g.lineTo(6, -3); g.moveTo(-6, 3); g.lineTo(6, 3); g.stroke();
  return c;
}

function drawExit() {
  const c = canvas();
  const g = c.getContext('2d');
  g.fillStyle = '#2c5d3a'; g.fillRect(5, 3, 22, 27);
  g.fillStyle = '#102a18';
  g.beginPath(); g.moveTo(8, 30); g.lineTo(8, 10); g.arc(16, 10, 8, Math.PI, 0); g.lineTo(24, 30); g.fill();
  g.fillStyle = '#7bd389';
  poly(g, [[11, 18], [18, 18], [18, 14], [23, 20], [18, 26], [18, 22], [11, 22]], '#7bd389');
  return c;
}

function drawWall() {
  const c = canvas();
  const g = c.getContext('2d');
  g.fillStyle = '#4b4f5c'; g.fillRect(0, 0, TILE, TILE);
  g.fillStyle = '#5d6272';
  const rows = [[0, 0, 15], [16, 0, 16], [0, 8, 7], [8, 8, 15], [24, 8, 8], [0, 16, 15], [16, 16, 16], [0, 24, 7], [8, 24, 15], [24, 24, 8]];
  for (const [x, y, w] of rows) g.fillRect(x + 1, y + 1, w - 1, 6);
  g.fillStyle = '#6e7487';
  for (const [x, y, w] of rows) g.fillRect(x + 1, y + 1, w - 1, 1);
  return c;
}

function drawFloor() {
  const c = canvas();
  const g = c.getContext('2d');
  g.fillStyle = '#2d2a26'; g.fillRect(0, 0, TILE, TILE);
  g.fillStyle = '#34302b'; g.fillRect(1, 1, 30, 30);
  g.fillStyle = '#3a352f';
  for (const [x, y] of [[5, 7], [20, 4], [12, 18], [26, 22], [7, 27], [17, 11]]) g.fillRect(x, y, 2, 1);
  return c;
}

/** Every picture, made once. `cat[facing][frame]`, frame 0 also being the resting pose. */
export function makeSprites() {
  const cat = {};
  for (const f of ['forward', 'back', 'left', 'right']) cat[f] = [drawCat(f, 0), drawCat(f, 1)];
  return { cat, dog: drawDog(), bone: drawBone(), exit: drawExit(), wall: drawWall(), floor: drawFloor() };
}
