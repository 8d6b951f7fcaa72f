// The editing half of the studio: the tray's tools on the board (paint
// terrain, place pieces, select and drag a piece), the keyboard's
// shortcuts, and the queue that sends each edit to the server in order.
// The server does the work (the edit module, then the validator); every
// answer is the scenario's new state, which the page then shows whole.
import { postJSON } from './api.js';
import { lang, t } from './words.js';

// The kinds of piece the board shows, in the order a click on a cell
// picks them, with the list of state.pieces each lives in.
const PIECES = [
  ['unit', 'units'],
  ['general', 'generals'],
  ['ship', 'ships'],
  ['city', 'cities'],
  ['objective', 'objectives'],
];

const same = (a, b) => typeof a === 'string' && typeof b === 'string' && a.toUpperCase() === b.toUpperCase();

// Where a piece stands: a reserve unit on its entry cell.
export function pieceCell(p) {
  return p.at || p.entry || null;
}

// The unit ids of a brigade.
export function brigadeUnits(b) {
  return (b.units || '').split(/\s+/).filter((x) => x);
}

// The op's member naming a piece: its id, or an objective's place.
export function pieceRef(sel) {
  return sel.piece === 'objective' ? { piece: sel.piece, index: sel.index } : { piece: sel.piece, key: sel.key };
}

// An id no piece of the scenario has yet, on the board or brought by a
// special rule's schedule, nor any of `also`: PREFIX-1, PREFIX-2... (the
// bare PREFIX first when it ends in -bde).
export function freshId(state, prefix, also = []) {
  const taken = new Set(also);
  for (const list of Object.values(state.pieces || {}))
    for (const p of list)
      if (p.id)
        taken.add(p.id);
  for (const r of (state.special && state.special.rules) || [])
    for (const u of r.scheduled || [])
      taken.add(u.id);
  if (prefix.endsWith('-bde') && !taken.has(prefix))
    return prefix;
  for (let n = 1; ; n++) {
    const id = `${prefix}-${n}`;
    if (!taken.has(id))
      return id;
  }
}

export class Editor {
  // show(state, redraw): the page shows a new state (and draws the board
  // again when redraw); message(text): a sentence for the author.
  constructor(board, show, message) {
    this.board = board;
    this.show = show;
    this.message = message;
    this.state = null;
    this.tool = { kind: 'select' };
    this.selected = null;
    this.queue = Promise.resolve();
    this.pending = 0;
    this.groups = 0;
    this.moving = null;
    this.painting = null;
    board.tool = this;
    this.listenKeys();
  }

  setState(state) {
    this.state = state;
    if (this.selected && !this.find(this.selected))
      this.select(null);
  }

  // The piece a selection names in the state, or null.
  find(sel) {
    if (!this.state || !this.state.pieces || !sel)
      return null;
    if (sel.piece === 'sea-zone')
      return this.state.pieces.sea_zones.find((z) => z.id === sel.key) || null;
    if (sel.piece === 'brigade')
      return this.state.pieces.brigades.find((b) => b.id === sel.key) || null;
    const entry = PIECES.find((p) => p[0] === sel.piece);
    const list = entry ? this.state.pieces[entry[1]] : [];
    if (sel.piece === 'objective')
      return list.find((o) => o.index === sel.index) || null;
    return list.find((p) => p.id === sel.key) || null;
  }

  // The pieces standing on a cell, in the order a click picks them.
  piecesAt(address) {
    const found = [];
    if (!this.state || !this.state.pieces)
      return found;
    for (const [piece, list] of PIECES) {
      for (const p of this.state.pieces[list]) {
        if (same(pieceCell(p), address))
          found.push(piece === 'objective' ? { piece, index: p.index } : { piece, key: p.id });
      }
    }
    return found;
  }

  select(sel) {
    this.selected = sel;
    const p = sel && this.find(sel);
    this.board.select(p && sel.piece !== 'sea-zone' && sel.piece !== 'brigade' ? pieceCell(p) : null);
    this.markCells();
    document.dispatchEvent(new CustomEvent('studio-select'));
  }

  // The brigade a unit belongs to, or null.
  brigadeOf(unit) {
    return (this.state.pieces.brigades || []).find((b) => brigadeUnits(b).includes(unit)) || null;
  }

  // Outlines on the board beside the selection's: every reserve's entry
  // cell, and the cells of the selected brigade's units (or of the
  // selected unit's brigade).
  markCells() {
    const cells = this.board.cells;
    for (const c of cells.values())
      c.el.classList.remove('entry', 'grouped');
    if (!this.state || !this.state.pieces)
      return;
    const mark = (address, name) => {
      const c = address && (cells.get(address) || cells.get(address.toUpperCase()));
      if (c)
        c.el.classList.add(name);
    };
    for (const u of this.state.pieces.units)
      if (u.reserve)
        mark(u.entry, 'entry');
    const p = this.selected && this.find(this.selected);
    // The selection's outline follows its piece (an entry or cell changed
    // in the inspector).
    const at = p && this.selected.piece !== 'sea-zone' && this.selected.piece !== 'brigade' ? pieceCell(p) : null;
    if ((at || null) !== (this.board.selected || null))
      this.board.select(at);
    const brigade = !p ? null : this.selected.piece === 'brigade' ? p
      : this.selected.piece === 'unit' ? this.brigadeOf(p.id) : null;
    if (brigade)
      for (const id of brigadeUnits(brigade)) {
        const u = this.state.pieces.units.find((x) => x.id === id);
        if (u)
          mark(pieceCell(u), 'grouped');
      }
  }

  // Put a unit in a brigade (its id), take it out (null) or make a new
  // brigade of it ('new'): one undo for the whole change.  A brigade
  // left without units goes.
  setBrigade(unit, target) {
    const u = this.state.pieces.units.find((x) => x.id === unit);
    const from = this.brigadeOf(unit);
    if (!u || (from && from.id === target))
      return Promise.resolve();
    const group = ++this.groups;
    let done = from ? this.takeOut(from, unit, group) : Promise.resolve();
    if (target === 'new')
      return this.newBrigade(u, group);
    if (target) {
      const to = this.state.pieces.brigades.find((b) => b.id === target);
      if (to)
        done = this.edit({ op: 'set', piece: 'brigade', key: to.id, attribute: 'units',
          value: [...brigadeUnits(to), unit].join(' '), group });
    }
    return done;
  }

  // Take a unit out of its brigade; a brigade left without units goes.
  takeOut(brigade, unit, group) {
    const rest = brigadeUnits(brigade).filter((x) => x !== unit);
    return this.edit(rest.length ? { op: 'set', piece: 'brigade', key: brigade.id, attribute: 'units',
      value: rest.join(' '), group } : { op: 'delete', piece: 'brigade', key: brigade.id, group });
  }

  // A new id for the selected piece; the brigades that name a unit or a
  // general by it follow, in the same undo.
  rename(id) {
    const sel = this.selected;
    const p = sel && this.find(sel);
    if (!p || !id || id === p.id)
      return Promise.resolve();
    const group = ++this.groups;
    const brigades = this.state.pieces.brigades;
    return this.edit({ op: 'set', ...pieceRef(sel), attribute: 'id', value: id, group }).then(() => {
      const renamed = { ...sel, key: id };
      if (!this.find(renamed))
        return null;  // refused: the page says why
      this.select(renamed);
      for (const b of brigades) {
        if (sel.piece === 'unit' && brigadeUnits(b).includes(p.id))
          this.edit({ op: 'set', piece: 'brigade', key: b.id, attribute: 'units',
            value: brigadeUnits(b).map((x) => (x === p.id ? id : x)).join(' '), group });
        else if (sel.piece === 'general' && b.general === p.id)
          this.edit({ op: 'set', piece: 'brigade', key: b.id, attribute: 'general', value: id, group });
      }
      return this.queue;
    });
  }

  // A new brigade of one unit, led by the first general of its side who
  // leads none (else the first general: the validator then says so).
  newBrigade(u, group) {
    const generals = this.state.pieces.generals.filter((g) => g.side === u.side);
    const leading = new Set(this.state.pieces.brigades.map((b) => b.general));
    const general = generals.find((g) => !leading.has(g.id)) || generals[0];
    if (!general) {
      this.message(t('studio-brigade-no-general'));
      return Promise.resolve();
    }
    const id = this.freshId(`${general.id}-bde`);
    const sel = { piece: 'brigade', key: id };
    return this.edit({ op: 'add', piece: 'brigade', side: u.side, group,
      attrs: [['id', id], ['general', general.id], ['units', u.id]] }).then(() => {
      if (this.find(sel))
        this.select(sel);
    });
  }

  // The brigade tool: a click on a unit of the tool's side puts it in the
  // selected brigade or takes it out, or (no brigade of that side
  // selected) makes a new brigade of it.
  brigadeClick(address) {
    const side = this.tool.side;
    const u = this.state.pieces.units.find((x) => !x.reserve && x.side === side && same(x.at, address));
    if (!u)
      return;
    const b = this.selected && this.selected.piece === 'brigade' ? this.find(this.selected) : null;
    if (!b || b.side !== side) {
      const from = this.brigadeOf(u.id);
      if (from)
        this.select({ piece: 'brigade', key: from.id });
      else
        this.setBrigade(u.id, 'new');
      return;
    }
    const keep = { piece: 'brigade', key: b.id };
    this.setBrigade(u.id, brigadeUnits(b).includes(u.id) ? null : b.id).then(() => {
      if (this.find(keep))
        this.select(keep);
    });
  }

  setTool(tool) {
    this.tool = tool;
    document.dispatchEvent(new CustomEvent('studio-tool'));
  }

  // One call to the server after those before it; the page shows its
  // answer, and draws the board once the queue is empty.
  send(path, body) {
    this.pending++;
    document.body.dataset.busy = 'true';
    const call = this.queue.then(() => postJSON(`${path}?lang=${encodeURIComponent(lang())}`, body));
    this.queue = call.then(async (state) => {
      this.pending--;
      // No drawing while a drag goes on: up() draws once it ends.
      const held = this.painting || this.moving;
      this.deferred = held && this.pending === 0;
      await this.show(state, this.pending === 0 && !held);
      this.markCells();
      if (path === '/api/save')
        this.message(t('studio-saved', { file: state.file }), true);
    }, async (error) => {
      this.pending--;
      this.message(path === '/api/save' ? t('studio-save-failed', { why: error.message })
        : t('studio-refused', { why: this.reason(error) }));
      if (this.pending === 0 && this.state)
        await this.show(this.state, true);
    }).catch((error) => {
      this.message(t('studio-failed', { why: error.message }));
    }).finally(() => {
      if (this.pending === 0)
        document.body.dataset.busy = 'false';
    });
    return this.queue;
  }

  // Why an edit was refused: the edit module's sentence is English; in
  // another language its reason's own words come first.
  reason(error) {
    const word = error.reason ? `studio-${error.reason}` : null;
    if (!word || lang() === 'en' || t(word) === word)
      return error.message;
    return `${t(word)} (${error.message})`;
  }

  edit(op) {
    this.message('');
    return this.send('/api/edit', op);
  }

  undo() {
    if (this.state && this.state.can_undo)
      this.send('/api/undo', {});
  }

  redo() {
    if (this.state && this.state.can_redo)
      this.send('/api/redo', {});
  }

  save() {
    this.message('');
    return this.send('/api/save', {});
  }

  deleteSelected() {
    if (!this.selected || !this.find(this.selected))
      return;
    const op = { op: 'delete', ...pieceRef(this.selected) };
    const p = this.find(this.selected);
    // A unit deleted leaves its brigade in the same undo.
    const brigade = this.selected.piece === 'unit' ? this.brigadeOf(p.id) : null;
    this.select(null);
    if (brigade) {
      op.group = ++this.groups;
      this.takeOut(brigade, p.id, op.group);
    }
    this.edit(op);
  }

  freshId(prefix) {
    return freshId(this.state, prefix);
  }

  paint(address) {
    const op = { op: 'terrain', at: address, type: this.tool.kind === 'erase' ? null : this.tool.type,
      group: this.painting };
    if (this.tool.fieldworks)
      op.fieldworks = true;
    this.edit(op);
  }

  place(address) {
    const tool = this.tool;
    let op;
    let sel;
    if (tool.kind === 'brigade') {
      this.brigadeClick(address);
      return;
    }
    if (tool.kind === 'place') {
      // A square grid's general is one of the ruleset's, by his id.
      const id = tool.general || this.freshId(`${tool.side.slice(0, 1)}-${tool.type}`);
      const reserve = tool.piece === 'unit' && !!tool.reserve;
      const attrs = tool.piece === 'general' && tool.type === 'general'
        ? [['id', id], ['at', address]] : [['id', id], ['type', tool.type], [reserve ? 'entry' : 'at', address]];
      op = { op: 'add', piece: tool.piece, side: tool.side, attrs };
      if (reserve)
        op.reserve = true;
      sel = { piece: tool.piece, key: id };
    } else if (tool.kind === 'objective') {
      op = { op: 'add', piece: 'objective', attrs: [['at', address], ['vp', '1']] };
      sel = { piece: 'objective', index: this.state.pieces.objectives.length };
    } else if (tool.kind === 'city') {
      const id = this.freshId('city');
      op = { op: 'add', piece: 'city', attrs: [['id', id], ['name', t('studio-new-city')], ['at', address], ['side', tool.side]] };
      sel = { piece: 'city', key: id };
    } else if (tool.kind === 'sea-zone') {
      this.seaSquare(address);
      return;
    }
    this.edit(op).then(() => {
      if (this.find(sel))
        this.select(sel);
    });
  }

  // The sea-zone tool: a square added to the selected zone or taken from
  // it, or a new zone of that one square.
  seaSquare(address) {
    const zone = this.selected && this.selected.piece === 'sea-zone' ? this.find(this.selected) : null;
    if (!zone) {
      const id = this.freshId('sea-zone');
      this.edit({ op: 'add', piece: 'sea-zone', attrs: [['id', id]], squares: address,
        names: { en: id } }).then(() => {
        if (this.find({ piece: 'sea-zone', key: id }))
          this.select({ piece: 'sea-zone', key: id });
      });
      return;
    }
    const squares = zone.squares.filter((s) => !same(s, address));
    if (squares.length === zone.squares.length)
      squares.push(address);
    if (!squares.length)
      return;
    this.edit({ op: 'text', 'text-kind': 'squares', piece: 'sea-zone', key: zone.id, text: squares.join(' ') });
  }

  // The board's questions (board.js): a press on a cell, the pointer
  // over another while pressed, the release.
  down(address) {
    if (!this.state || !this.state.pieces)
      return false;
    const kind = this.tool.kind;
    if (kind === 'terrain' || kind === 'erase') {
      this.painting = ++this.groups;
      this.paint(address);
      return true;
    }
    if (kind !== 'select') {
      this.place(address);
      return true;
    }
    const here = this.piecesAt(address);
    if (!here.length) {
      this.select(null);
      return false;
    }
    // A second click on a cell picks the next piece standing there.
    const at = here.findIndex((s) => this.selected && s.piece === this.selected.piece && s.key === this.selected.key
      && s.index === this.selected.index);
    const sel = at >= 0 ? here[(at + 1) % here.length] : here[0];
    this.select(sel);
    this.moving = { sel, from: address, to: null };
    return true;
  }

  over(address) {
    if (this.painting)
      this.paint(address);
    else if (this.moving)
      this.moving.to = address;
  }

  up() {
    const move = this.moving;
    this.painting = null;
    this.moving = null;
    if (!move || !move.to || same(move.to, move.from)) {
      if (this.deferred && this.pending === 0) {
        this.deferred = false;
        this.pending++;
        this.queue = this.queue.then(() => this.show(this.state, true)).then(() => this.markCells()).finally(() => {
          this.pending--;
          if (this.pending === 0)
            document.body.dataset.busy = 'false';
        });
      }
      return;
    }
    const p = this.find(move.sel);
    const attribute = p && !p.at && p.entry ? 'entry' : 'at';
    this.edit({ op: 'set', ...pieceRef(move.sel), attribute, value: move.to }).then(() => this.select(move.sel));
  }

  listenKeys() {
    document.addEventListener('keydown', (e) => {
      if (!this.state || document.getElementById('workspace').hidden)
        return;
      const key = e.key.toLowerCase();
      const typing = /^(INPUT|TEXTAREA|SELECT)$/.test(e.target.tagName);
      if ((e.ctrlKey || e.metaKey) && key === 's') {
        e.preventDefault();
        if (typing)
          e.target.dispatchEvent(new Event('change', { bubbles: true }));
        this.save();
      } else if (typing) {
        // The field's own keys.
      } else if ((e.ctrlKey || e.metaKey) && (key === 'y' || (key === 'z' && e.shiftKey))) {
        e.preventDefault();
        this.redo();
      } else if ((e.ctrlKey || e.metaKey) && key === 'z') {
        e.preventDefault();
        this.undo();
      } else if (e.key === 'Delete' || e.key === 'Backspace') {
        e.preventDefault();
        this.deleteSelected();
      } else if (e.key === 'Escape') {
        this.setTool({ kind: 'select' });
        this.select(null);
      }
    });
  }
}
