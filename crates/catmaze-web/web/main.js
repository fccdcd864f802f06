// Start-up: load the wasm module, draw the sprites, start the game and the playground, and
// switch between them with the tabs (#game, #playground).

import { Engine } from './wasm.js';
import { makeSprites } from './sprites.js';
import { startGame } from './game.js';
import { startPlayground } from './playground.js';

function showTab() {
  const name = location.hash === '#playground' ? 'playground' : 'game';
  for (const view of ['game', 'playground']) {
    // The sections' ids differ from the hashes, so a hash never scrolls the page to its section.
    document.getElementById(`view-${view}`).hidden = view !== name;
    document.getElementById(`tab-${view}`).setAttribute('aria-selected', String(view === name));
  }
}

async function main() {
  showTab();
  window.addEventListener('hashchange', showTab);
  const engine = await Engine.load();
  const sprites = makeSprites();
  startGame(engine, sprites);
  startPlayground(engine, sprites);
  window.pageReady = true;
}

main().catch((e) => {
  document.body.insertAdjacentHTML('afterbegin', '<p class="error" role="alert"></p>');
  document.querySelector('p.error').textContent = `The page could not start: ${e.message}`;
  console.error(e);
});
