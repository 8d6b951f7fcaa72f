// The board: the server's drawing (the print painters' SVG) as images,
// one per tile of the board, and over them one outline per cell from the server's grid geometry, in
// the same user units, to hover, to mark and to edit on.  Zoom with the
// wheel or the buttons, pan by dragging.  The editor (edit.js) may take a
// press on a cell (paint, place, drag a piece): board.tool, when set, is
// asked first and pans nothing when it takes the press.
import { getJSON } from './api.js';
import { t } from './words.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const ZOOM_STEP = 1.25;
const ZOOM_MIN = 0.05;
const ZOOM_MAX = 8;

export class Board {
  constructor() {
    this.viewport = document.getElementById('viewport');
    this.stage = document.getElementById('stage');
    this.tiles = document.getElementById('board-tiles');
    this.overlay = document.getElementById('overlay');
    this.card = document.getElementById('hover-card');
    this.width = 0;
    this.height = 0;
    this.scale = 1;
    this.x = 0;
    this.y = 0;
    this.cells = new Map();
    this.marked = null;
    this.tool = null;
    this.listen();
  }

  // Forget the drawing of the scenario shown before.
  clear() {
    delete this.stage.dataset.shows;
    this.overlay.replaceChildren();
    this.cells.clear();
    this.tiles.replaceChildren();
  }

  // Draw the open scenario's board in a language; the stage then says
  // which (data-shows="FILE LANG"), for whoever waits for it.
  // After an edit the answer brings the cells' facts (`given`).
  async load(file, code, generation = 0, given = null) {
    delete this.stage.dataset.shows;
    // After an edit the outlines are those shown already, unless the
    // board changed its size: then they are asked for again.
    const have = this.overlay.children.length > 0;
    let cells = have && given ? given
      : await getJSON('/api/cells', have ? { lang: code, outlines: '0' } : { lang: code });
    if (have && (cells.width !== this.width || cells.height !== this.height
        || cells.cells.length !== this.overlay.children.length))
      cells = await getJSON('/api/cells', { lang: code });
    this.width = cells.width;
    this.height = cells.height;
    for (const el of [this.tiles, this.overlay]) {
      el.setAttribute('width', this.width);
      el.setAttribute('height', this.height);
    }
    this.tiles.style.width = `${this.width}px`;
    this.tiles.style.height = `${this.height}px`;
    this.overlay.setAttribute('viewBox', `0 0 ${this.width} ${this.height}`);
    this.drawOutlines(cells.cells);
    await this.drawTiles(cells.tiles, code);
    if (!this.fitted) {
      this.fit();
      this.fitted = true;
    }
    if (this.marked)
      this.mark(this.marked);
    if (this.selected)
      this.select(this.selected);
    this.stage.dataset.generation = String(generation);
    this.stage.dataset.shows = `${file} ${code}`;
  }

  // The tiles of the drawing: a tile whose bytes are those shown already
  // (the same hash) keeps its image, so that after an edit the browser
  // fetches and decodes only the tiles the edit changed.
  drawTiles(tiles, code) {
    const shown = [...this.tiles.children];
    const loads = [];
    tiles.forEach((tile, k) => {
      let img = shown[k];
      if (!img) {
        img = document.createElement('img');
        img.alt = '';
        img.draggable = false;
        img.className = 'tile';
        this.tiles.appendChild(img);
      }
      Object.assign(img.style, { left: `${tile.x}px`, top: `${tile.y}px`, width: `${tile.w}px`, height: `${tile.h}px` });
      const src = `/api/board.svg?tile=${k}&lang=${encodeURIComponent(code)}&v=${tile.hash}`;
      if (img.getAttribute('src') === src && img.complete)
        return;
      loads.push(new Promise((resolve, reject) => {
        img.onload = resolve;
        img.onerror = () => reject(new Error('the board image did not load'));
      }));
      img.src = src;
    });
    for (const extra of shown.slice(tiles.length))
      extra.remove();
    return Promise.all(loads);
  }

  drawOutlines(cells) {
    // The same board after an edit: the outlines stay (a drag over them
    // goes on), only their facts change.
    const polys = this.overlay.children;
    if (polys.length === cells.length && cells.every((c, i) => polys[i].dataset.address === c.address)) {
      cells.forEach((c, i) => {
        const shown = this.cells.get(c.address);
        const facts = c.points || !shown ? c : { ...c, points: shown.facts.points, cx: shown.facts.cx, cy: shown.facts.cy };
        this.cells.set(c.address, { facts, el: polys[i] });
      });
      return;
    }
    this.overlay.replaceChildren();
    this.cells.clear();
    for (const cell of cells) {
      const poly = document.createElementNS(SVG_NS, 'polygon');
      poly.setAttribute('points', cell.points.map((p) => `${p[0]},${p[1]}`).join(' '));
      poly.setAttribute('class', 'cell');
      poly.dataset.address = cell.address;
      this.overlay.appendChild(poly);
      this.cells.set(cell.address, { facts: cell, el: poly });
    }
  }

  apply() {
    this.stage.style.transform = `translate(${this.x}px, ${this.y}px) scale(${this.scale})`;
  }

  fit() {
    const box = this.viewport.getBoundingClientRect();
    if (!this.width || !box.width)
      return;
    this.scale = Math.min(box.width / this.width, box.height / this.height) * 0.98;
    this.x = (box.width - this.width * this.scale) / 2;
    this.y = (box.height - this.height * this.scale) / 2;
    this.apply();
  }

  // Zoom by factor keeping the viewport point (px, py) where it is.
  zoom(factor, px, py) {
    const box = this.viewport.getBoundingClientRect();
    if (px === undefined) {
      px = box.width / 2;
      py = box.height / 2;
    }
    const next = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, this.scale * factor));
    this.x = px - ((px - this.x) * next) / this.scale;
    this.y = py - ((py - this.y) * next) / this.scale;
    this.scale = next;
    this.apply();
  }

  // Outline a cell (a diagnostic's) and bring it to the middle.
  mark(address) {
    for (const el of this.overlay.querySelectorAll('.marked'))
      el.classList.remove('marked');
    this.marked = address;
    const cell = address && this.cells.get(address);
    if (!cell)
      return;
    cell.el.classList.add('marked');
    const box = this.viewport.getBoundingClientRect();
    this.x = box.width / 2 - cell.facts.cx * this.scale;
    this.y = box.height / 2 - cell.facts.cy * this.scale;
    this.apply();
  }

  // Outline the cell of the selected piece (null: none).
  select(address) {
    this.selected = address;
    for (const el of this.overlay.querySelectorAll('.selected'))
      el.classList.remove('selected');
    const cell = address && this.cells.get(address);
    if (cell)
      cell.el.classList.add('selected');
  }

  showCard(address, clientX, clientY) {
    const cell = this.cells.get(address);
    if (!cell)
      return;
    const f = cell.facts;
    document.getElementById('hover-address').textContent = f.address;
    document.getElementById('hover-terrain').textContent = f.terrain || t('studio-unknown-terrain');
    document.getElementById('hover-standing').textContent = f.standing || t('studio-nothing');
    document.getElementById('hover-section').textContent = f.section;
    document.getElementById('hover-section-row').hidden = !f.section;
    const pane = this.card.parentElement.getBoundingClientRect();
    this.card.hidden = false;
    const left = Math.min(clientX - pane.left + 16, pane.width - this.card.offsetWidth - 8);
    const top = Math.min(clientY - pane.top + 16, pane.height - this.card.offsetHeight - 8);
    this.card.style.left = `${Math.max(0, left)}px`;
    this.card.style.top = `${Math.max(0, top)}px`;
  }

  listen() {
    this.viewport.addEventListener('wheel', (e) => {
      e.preventDefault();
      const box = this.viewport.getBoundingClientRect();
      this.zoom(e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP, e.clientX - box.left, e.clientY - box.top);
    }, { passive: false });
    let drag = null;
    let held = null;
    const cellOf = (e) => (e.target.dataset ? e.target.dataset.address : undefined);
    this.viewport.addEventListener('pointerdown', (e) => {
      const address = cellOf(e);
      if (e.button === 0 && address && this.tool && this.tool.down(address, e)) {
        held = { id: e.pointerId, address };
        e.preventDefault();
        return;
      }
      drag = { x: e.clientX, y: e.clientY, ox: this.x, oy: this.y, id: e.pointerId };
    });
    this.viewport.addEventListener('pointermove', (e) => {
      const over = cellOf(e);
      if (held && held.id === e.pointerId && over && over !== held.address) {
        held.address = over;
        this.tool.over(over, e);
      }
      if (drag && drag.id === e.pointerId && (e.buttons & 1)) {
        this.x = drag.ox + e.clientX - drag.x;
        this.y = drag.oy + e.clientY - drag.y;
        this.viewport.classList.add('dragging');
        this.apply();
      }
      const address = e.target.dataset ? e.target.dataset.address : undefined;
      if (address)
        this.showCard(address, e.clientX, e.clientY);
      else
        this.card.hidden = true;
    });
    const end = () => {
      drag = null;
      this.viewport.classList.remove('dragging');
      if (held) {
        held = null;
        this.tool.up();
      }
    };
    this.viewport.addEventListener('pointerup', (e) => {
      const address = cellOf(e);
      if (held && address && address !== held.address)
        this.tool.over(address, e);
      end();
    });
    this.viewport.addEventListener('pointercancel', end);
    this.viewport.addEventListener('pointerleave', () => {
      end();
      this.card.hidden = true;
    });
    document.getElementById('zoom-in').addEventListener('click', () => this.zoom(ZOOM_STEP));
    document.getElementById('zoom-out').addEventListener('click', () => this.zoom(1 / ZOOM_STEP));
    document.getElementById('zoom-fit').addEventListener('click', () => this.fit());
    window.addEventListener('resize', () => this.fit());
  }
}
