// The studio's panels: the tray (terrain, pieces per side, the tools), the
// inspector of the selected piece, the battle info and the description in
// three languages side by side.  Each field sends one edit when it
// changes; the panels are built once for a scenario and then only their
// values follow the state, so the field being typed in keeps its focus.
import { el } from './dom.js';
import { brigadeUnits, pieceCell, pieceRef } from './edit.js';
import { SpecialRules } from './specialrules.js';
import { LANGS, t } from './words.js';

const $ = (id) => document.getElementById(id);
const LANG_NAMES = { en: 'English', nl: 'Nederlands', fr: 'Français' };

// A field's value follows the state, unless the author is typing in it.
function setValue(input, value) {
  if (document.activeElement === input)
    return;
  if (input.type === 'checkbox' || input.type === 'radio')
    input.checked = !!value;
  else
    input.value = value === null || value === undefined ? '' : String(value);
}

// One labelled field; change(value) is called with the new value ('' is
// null: the attribute or text is taken away).
function field(label, input, change, name) {
  input.dataset.field = name;
  input.addEventListener('change', () => {
    const v = input.type === 'checkbox' ? (input.checked ? 'true' : null) : input.value.trim();
    change(v === '' ? null : v);
  });
  return el('label', { className: 'field' }, el('span', { className: 'label' }, label), input);
}

// blank: an empty choice (the attribute not given), shown as '—' or as
// the text given (the default it means).
function select(options, blank = true) {
  const s = el('select');
  if (blank)
    s.append(el('option', { value: '' }, blank === true ? '—' : blank));
  for (const o of options)
    s.append(el('option', { value: o.id }, o.name || o.id));
  return s;
}

const text = (type = 'text') => el('input', { type });

export class Panels {
  constructor(editor) {
    this.editor = editor;
    this.built = null;
    this.fields = [];
    this.special = new SpecialRules(editor);
    document.addEventListener('studio-select', () => {
      if (this.editor.state)
        this.showLists(this.editor.state);
      this.inspect();
    });
    document.addEventListener('studio-tool', () => this.markTool());
  }

  // Build the panels for a state (again when the scenario, its ruleset or
  // the language changed), then set every value.
  update(state, code) {
    const key = `${state.file} ${state.ruleset} ${code}`;
    if (this.built !== key) {
      this.built = key;
      this.buildTray(state);
      this.buildInfo(state);
      this.buildTexts(state);
      this.inspected = null;
    }
    for (const f of this.fields)
      setValue(f.input, f.value(state));
    this.showLists(state);
    this.inspect();
    this.special.update(state);
    $('undo').disabled = !state.can_undo;
    $('redo').disabled = !state.can_redo;
    $('dirty').hidden = !state.dirty;
    document.body.dataset.dirty = state.dirty ? 'true' : 'false';
  }

  bind(input, value) {
    this.fields.push({ input, value });
    return input;
  }

  toolButton(label, tool, dataset, title) {
    const b = el('button', { type: 'button', className: 'tool', dataset }, label);
    if (title)
      b.title = title;
    b.addEventListener('click', () => this.editor.setTool(tool));
    b.toolKey = JSON.stringify(tool);
    return b;
  }

  // A tool's button is lit when it is the tool, whatever its switches
  // (fieldworks, to reserve); a switch's button when it is on.
  markTool() {
    const tool = this.editor.tool;
    const current = JSON.stringify({ ...tool, reserve: undefined, fieldworks: undefined });
    for (const b of document.querySelectorAll('#tray button.tool'))
      b.classList.toggle('active', b.toggle ? b.toggle(tool) : b.toolKey === current);
    $('viewport').dataset.tool = this.editor.tool.kind;
  }

  buildTray(state) {
    const tray = $('tray');
    this.fields = [];
    tray.replaceChildren();
    const tr = state.tray;
    const tools = el('div', { className: 'tools' },
      this.toolButton(t('studio-tool-select'), { kind: 'select' }, { tool: 'select' }),
      this.toolButton(t('studio-tool-erase'), { kind: 'erase' }, { tool: 'erase' }));
    tray.append(el('h3', {}, t('studio-tools')), tools);
    tray.append(el('h3', {}, t('studio-terrain')));
    const terrains = el('div', { className: 'tools' });
    for (const ter of tr.terrains)
      terrains.append(this.toolButton(ter.name, { kind: 'terrain', type: ter.id }, { terrain: ter.id },
        ter.passable ? '' : t('studio-impassable')));
    tray.append(terrains);
    if (tr.fieldworks) {
      const works = el('button', { type: 'button', className: 'tool', dataset: { tool: 'fieldworks' } }, tr.fieldworks);
      works.toggle = (tool) => tool.kind === 'terrain' && !!tool.fieldworks;
      works.addEventListener('click', () => {
        const tool = this.editor.tool;
        if (tool.kind === 'terrain')
          this.editor.setTool({ ...tool, fieldworks: !tool.fieldworks });
      });
      works.title = t('studio-fieldworks-hint');
      terrains.append(works);
    }
    const square = state.grid === 'square';
    this.lists = [];
    for (const side of tr.sides) {
      tray.append(el('h3', {}, side.name));
      const pieces = el('div', { className: 'tools' });
      for (const u of side.units) {
        // The square grid's generals are the ruleset's, each by name.
        if (square && u.piece === 'general' && side.generals.length) {
          for (const g of side.generals)
            pieces.append(this.toolButton(g.name, { kind: 'place', piece: 'general', side: side.id, type: u.id,
              general: g.id }, { side: side.id, type: u.id, general: g.id }));
          continue;
        }
        pieces.append(this.toolButton(u.name || t('studio-general'),
          { kind: 'place', piece: u.piece, side: side.id, type: u.id }, { side: side.id, type: u.id }));
      }
      // A city is placed held by a side, which the inspector changes.
      if (square)
        pieces.append(this.toolButton(t('studio-city'), { kind: 'city', side: side.id }, { side: side.id, tool: 'city' }));
      // A unit type's tool with "to reserve" on places a reserve unit:
      // the cell clicked is its entry cell.
      if (tr.reserves) {
        const r = el('button', { type: 'button', className: 'tool', dataset: { side: side.id, tool: 'reserve' } },
          t('studio-to-reserve'));
        r.title = t('studio-to-reserve-hint');
        r.toggle = (tool) => tool.kind === 'place' && tool.piece === 'unit' && tool.side === side.id && !!tool.reserve;
        r.addEventListener('click', () => {
          const tool = this.editor.tool;
          if (tool.kind === 'place' && tool.piece === 'unit' && tool.side === side.id)
            this.editor.setTool({ ...tool, reserve: !tool.reserve });
          else
            this.editor.message(t('studio-to-reserve-hint'));
        });
        pieces.append(r);
      }
      if (tr.brigades)
        pieces.append(this.toolButton(t('studio-brigade-tool'), { kind: 'brigade', side: side.id },
          { side: side.id, tool: 'brigade' }, t('studio-brigade-hint')));
      const lists = el('div', { className: 'side-lists', dataset: { side: side.id } });
      tray.append(pieces, lists);
      this.lists.push({ side: side.id, box: lists });
    }
    const places = el('div', { className: 'tools' });
    if (square) {
      places.append(this.toolButton(t('studio-sea-zone'), { kind: 'sea-zone' }, { tool: 'sea-zone' },
        t('studio-sea-zone-hint')));
    } else {
      places.append(this.toolButton(t('studio-objective'), { kind: 'objective' }, { tool: 'objective' }));
    }
    tray.append(el('h3', {}, t('studio-places')), places);
    tray.append(el('p', { className: 'hint' }, t('studio-tray-hint')));
    this.markTool();
  }

  // Under each side in the tray: its brigades and its reserve units
  // (which stand on no cell), each a button that selects it.
  showLists(state) {
    const sel = this.editor.selected;
    const pieces = state.pieces;
    for (const { side, box } of this.lists || []) {
      box.replaceChildren();
      if (!pieces)
        continue;
      const entry = (piece, key, label) => {
        const b = el('button', { type: 'button', className: 'piece-entry', dataset: { piece, key } }, label);
        b.classList.toggle('active', !!sel && sel.piece === piece && sel.key === key);
        b.addEventListener('click', () => this.editor.select({ piece, key }));
        return el('li', {}, b);
      };
      if (state.tray.brigades) {
        const list = el('ul', { className: 'brigades' });
        for (const b of pieces.brigades.filter((x) => x.side === side))
          list.append(entry('brigade', b.id, `${b.name || b.id} (${brigadeUnits(b).length})`));
        box.append(el('h4', {}, t('studio-brigades')), list);
        if (!list.children.length)
          list.append(el('li', { className: 'hint' }, t('studio-none')));
      }
      if (state.tray.reserves) {
        const list = el('ul', { className: 'reserves' });
        const types = (state.tray.sides.find((x) => x.id === side) || { units: [] }).units;
        for (const u of pieces.units.filter((x) => x.reserve && x.side === side)) {
          const type = types.find((x) => x.id === u.type);
          list.append(entry('unit', u.id, `${u.name || u.id} · ${type ? type.name : u.type || ''} → ${u.entry || '?'}`));
        }
        box.append(el('h4', {}, t('studio-reserves')), list);
        if (!list.children.length)
          list.append(el('li', { className: 'hint' }, t('studio-none')));
      }
    }
  }

  // The battle info: board size, the sides (hand, victory, home edge,
  // who plays first), the date.
  buildInfo(state) {
    const box = $('info-fields');
    box.replaceChildren();
    if (!state.info)
      return;
    const edit = (op) => this.editor.edit(op);
    const boardSet = (attribute) => (v) => edit({ op: 'set', piece: 'board', attribute, value: v });
    box.append(
      field(t('studio-columns'), this.bind(text('number'), (s) => s.info.columns), boardSet('columns'), 'columns'),
      field(t('studio-rows'), this.bind(text('number'), (s) => s.info.rows), boardSet('rows'), 'rows'),
      field(t('studio-date'), this.bind(text(), (s) => s.info.date),
        (v) => edit({ op: 'text', 'text-kind': 'date', text: v }), 'date'));
    const square = state.grid === 'square';
    if (square)
      box.append(field(t('studio-players'), this.bind(text('number'), (s) => s.info.players),
        (v) => edit({ op: 'set', piece: 'scenario', attribute: 'players', value: v }), 'players'));
    if (square)
      box.append(field(t('studio-turn-limit'), this.bind(text('number'), (s) => s.info.turn_limit),
        (v) => edit({ op: 'set', piece: 'scenario', attribute: 'turn-limit', value: v }), 'turn-limit'));
    for (const side of state.info.sides) {
      const of = (s) => s.info.sides.find((x) => x.id === side.id) || {};
      const sideSet = (attribute) => (v) => edit({ op: 'set', piece: 'side', key: side.id, attribute, value: v });
      const fs = el('fieldset', { className: 'side', dataset: { side: side.id } }, el('legend', {}, side.name));
      const first = this.bind(el('input', { type: 'radio', name: 'first-side' }), (s) => of(s).first);
      fs.append(field(t('studio-first'), first, () => this.setFirst(side.id), 'first'));
      if (!square) {
        fs.append(
          field(t('studio-hand'), this.bind(text('number'), (s) => of(s).cards), sideSet('cards'), 'cards'),
          field(t('studio-victory'), this.bind(text('number'), (s) => of(s).victory), sideSet('victory'), 'victory'),
          field(t('studio-home'), this.bind(select([{ id: 'north', name: t('studio-north') },
            { id: 'south', name: t('studio-south') }]), (s) => of(s).home), sideSet('home'), 'home'));
      }
      box.append(fs);
    }
  }

  // One side plays first: set on it, taken from the others, undone as one.
  setFirst(id) {
    const group = ++this.editor.groups;
    for (const side of this.editor.state.info.sides) {
      if (side.id === id && !side.first)
        this.editor.edit({ op: 'set', piece: 'side', key: id, attribute: 'first', value: 'true', group });
      else if (side.id !== id && side.first)
        this.editor.edit({ op: 'set', piece: 'side', key: side.id, attribute: 'first', value: null, group });
    }
  }

  // Title and briefing in the three languages side by side.
  buildTexts(state) {
    const box = $('texts-fields');
    box.replaceChildren();
    if (!state.texts)
      return;
    for (const code of LANGS) {
      const col = el('div', { className: 'lang-column', dataset: { lang: code } }, el('h3', {}, LANG_NAMES[code]));
      const send = (kind) => (v) => this.editor.edit({ op: 'text', 'text-kind': kind, lang: code, text: v });
      col.append(
        field(t('studio-scenario-title'), this.bind(text(), (s) => s.texts.title[code]), send('title'), `title-${code}`),
        field(t('studio-briefing'), this.bind(el('textarea', { rows: '12' }), (s) => s.texts.briefing[code]),
          send('briefing'), `briefing-${code}`));
      box.append(col);
    }
  }

  // The inspector: every attribute of the selected piece.
  inspect() {
    const box = $('inspector');
    const editor = this.editor;
    const sel = editor.selected;
    const p = sel && editor.find(sel);
    // Built again when what it offers changes: the unit's type (its
    // attributes), the brigades and generals to choose from, a ship's cargo.
    const pieces = editor.state && editor.state.pieces;
    const key = p ? JSON.stringify([sel, p.type || null, p.side || null, pieces.brigades.map((b) => b.id),
      pieces.generals.map((g) => g.id), pieces.units.filter((u) => u.ship).map((u) => u.id)]) : null;
    if (key !== this.inspected) {
      this.inspected = key;
      this.fields = this.fields.filter((f) => !f.inspector);
      box.replaceChildren();
      $('inspector-box').hidden = !p;
      if (p)
        this.buildInspector(box, sel, p);
    }
    for (const f of this.fields)
      if (f.inspector && editor.state)
        setValue(f.input, f.value(editor.state));
  }

  buildInspector(box, sel, p) {
    const editor = this.editor;
    const state = editor.state;
    const current = () => editor.find(editor.selected) || {};
    const ref = () => pieceRef(editor.selected);
    const add = (label, input, value, change, name) => {
      this.fields.push({ input, value: () => value(current()), inspector: true });
      box.append(field(label, input, change, name));
    };
    const attr = (label, name, input = text()) => add(label, input, (c) => c[name], (v) => {
      if (name === 'id' && v)
        editor.rename(v);
      else
        editor.edit({ op: 'set', ...ref(), attribute: name, value: v });
    }, name);
    const names = () => {
      for (const code of LANGS)
        add(t('studio-name-lang', { lang: LANG_NAMES[code] }), text(), (c) => (c.names || {})[code],
          (v) => editor.edit({ op: 'text', 'text-kind': 'name', ...ref(), lang: code, text: v }), `name-${code}`);
    };
    const sides = state.tray.sides.map((s) => ({ id: s.id, name: s.name }));
    const trSide = state.tray.sides.find((s) => s.id === p.side) || state.tray.sides[0];
    const typesOf = (piece) => (trSide ? trSide.units.filter((u) => u.piece === piece) : []);
    const square = state.grid === 'square';
    const ruleGeneral = sel.piece === 'general' && trSide ? (trSide.generals || []).find((g) => g.id === p.id) : null;
    box.append(el('h3', {}, `${t(`studio-piece-${sel.piece}`)} ${ruleGeneral ? ruleGeneral.name
      : p.name || p.id || pieceCell(p) || ''}`));
    if (sel.piece === 'unit') {
      attr(t('studio-id'), 'id');
      attr(t('studio-type'), 'type', select(typesOf('unit'), false));
      if (p.ship) {
        // The ship it is aboard, a click away.
        const ship = el('button', { type: 'button', className: 'piece-entry', dataset: { piece: 'ship', key: p.ship } },
          t('studio-aboard', { ship: p.ship }));
        ship.addEventListener('click', () => editor.select({ piece: 'ship', key: p.ship }));
        box.append(el('p', {}, ship));
      } else {
        attr(t(p.reserve ? 'studio-entry' : 'studio-at'), p.reserve ? 'entry' : 'at');
        attr(t('studio-figures'), 'figures', text('number'));
      }
      if (square)
        attr(t('studio-player'), 'player', text('number'));
      attr(t('studio-unit-name'), 'name');
      // The attributes the unit's type allows, with the ruleset's values.
      const type = typesOf('unit').find((u) => u.id === p.type);
      for (const allow of (type && type.allows) || []) {
        const a = state.tray.attributes.find((x) => x.id === allow.attribute);
        const values = allow.values.map((v) => (a && a.values.find((x) => x.id === v)) || { id: v });
        const def = values.find((x) => x.id === allow.default);
        attr(a ? a.name : allow.attribute, allow.attribute, select(values, def ? `— (${def.name || def.id})` : true));
      }
      if (state.tray.brigades && !p.reserve) {
        const options = state.pieces.brigades.filter((b) => b.side === p.side).map((b) => ({ id: b.id,
          name: b.name || b.id }));
        options.push({ id: 'new', name: t('studio-new-brigade') });
        add(t('studio-brigade'), select(options), (c) => {
          const b = c.id && editor.brigadeOf(c.id);
          return b ? b.id : null;
        }, (v) => editor.setBrigade(current().id, v), 'brigade');
      }
    } else if (sel.piece === 'general') {
      if (square && trSide && trSide.generals.length)
        attr(t('studio-general'), 'id', select(trSide.generals, false));
      else
        attr(t('studio-id'), 'id');
      attr(t('studio-at'), 'at');
      if (square)
        attr(t('studio-player'), 'player', text('number'));
      attr(t('studio-unit-name'), 'name');
    } else if (sel.piece === 'brigade') {
      const generals = state.pieces.generals.filter((g) => g.side === p.side).map((g) => ({ id: g.id,
        name: g.name || g.id }));
      attr(t('studio-id'), 'id');
      attr(t('studio-general'), 'general', select(generals, false));
      attr(t('studio-brigade-units'), 'units');
      attr(t('studio-unit-name'), 'name');
      box.append(el('p', { className: 'hint' }, t('studio-brigade-hint')));
    } else if (sel.piece === 'ship') {
      attr(t('studio-id'), 'id');
      attr(t('studio-type'), 'type', select(typesOf('ship'), false));
      attr(t('studio-at'), 'at');
      attr(t('studio-zone'), 'zone', select(state.pieces.sea_zones.map((z) => ({ id: z.id }))));
      attr(t('studio-player'), 'player', text('number'));
      attr(t('studio-unit-name'), 'name');
      this.cargo(box, p, typesOf('unit'));
    } else if (sel.piece === 'objective') {
      attr(t('studio-at'), 'at');
      attr(t('studio-vp'), 'vp', text('number'));
      attr(t('studio-for'), 'for', select(sides));
      names();
    } else if (sel.piece === 'city') {
      attr(t('studio-id'), 'id');
      attr(t('studio-at'), 'at');
      attr(t('studio-side'), 'side', select(sides));
      attr(t('studio-capital'), 'capital', el('input', { type: 'checkbox' }));
      attr(t('studio-port'), 'port', el('input', { type: 'checkbox' }));
      attr(t('studio-zone'), 'zone', select(state.pieces.sea_zones.map((z) => ({ id: z.id }))));
      attr(t('studio-unit-name'), 'name');
      names();
    } else if (sel.piece === 'sea-zone') {
      attr(t('studio-id'), 'id');
      add(t('studio-squares'), text(), (c) => (c.squares || []).join(' '),
        (v) => v && editor.edit({ op: 'text', 'text-kind': 'squares', ...ref(), text: v }), 'squares');
      names();
    }
    const del = el('button', { type: 'button', id: 'delete-piece' }, t('studio-delete'));
    del.addEventListener('click', () => editor.deleteSelected());
    box.append(del);
  }

  // A ship's cargo: the units aboard (each selects itself) and a land
  // unit of a chosen type put aboard.
  cargo(box, ship, types) {
    const editor = this.editor;
    const list = el('ul', { className: 'cargo' });
    for (const u of editor.state.pieces.units.filter((x) => x.ship === ship.id)) {
      const b = el('button', { type: 'button', className: 'piece-entry', dataset: { piece: 'unit', key: u.id } },
        `${u.name || u.id} · ${(types.find((x) => x.id === u.type) || {}).name || u.type}`);
      b.addEventListener('click', () => editor.select({ piece: 'unit', key: u.id }));
      list.append(el('li', {}, b));
    }
    const aboard = select(types);
    aboard.dataset.field = 'cargo-add';
    aboard.addEventListener('change', () => {
      if (!aboard.value)
        return;
      const id = editor.freshId(`${ship.side.slice(0, 1)}-${aboard.value}`);
      editor.edit({ op: 'add', piece: 'unit', side: ship.side, ship: ship.id, attrs: [['id', id], ['type', aboard.value]] });
      aboard.value = '';
    });
    box.append(el('h4', {}, t('studio-cargo')), list,
      el('label', { className: 'field' }, el('span', { className: 'label' }, t('studio-cargo-add')), aboard));
  }
}
