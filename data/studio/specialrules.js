// The special-rules panel: the scenario's <special-rules> listed in the
// sentences the scenario sheet prints (the server makes them with the
// print code), each with its diagnostics, edit and remove; "add" for each
// kind.  A rule's fords and hexes, a sudden-death hex, the units of a
// frozen group and where scheduled units arrive are picked by clicking
// the board.  Every change is one edit of the edit module, undone like
// any other.
import { el } from './dom.js';
import { freshId } from './edit.js';
import { lang, t } from './words.js';

const $ = (id) => document.getElementById(id);

export const KINDS = ['crossing', 'no-entry', 'frozen', 'schedule', 'sudden-death', 'exit', 'turn-limit', 'adjust'];

const SIDES = ['union', 'confederate'];
const SIDES_BOTH = ['union', 'confederate', 'both'];
// Each kind's attributes: [name, what it takes (a list of values,
// 'number' or 'unit-type'), required].
const FIELDS = {
  crossing: [['terrain', ['river', 'stream', 'both']], ['side', SIDES_BOTH]],
  'no-entry': [['side', SIDES, true], ['mode', ['enter', 'end']]],
  frozen: [['side', SIDES, true], ['turn', 'number'], ['flags', 'number'], ['flags-side', SIDES],
    ['enemy-within', 'number']],
  schedule: [['side', SIDES, true], ['turn', 'number'], ['flags', 'number'], ['flags-side', SIDES]],
  'sudden-death': [['for', SIDES_BOTH, true]],
  exit: [['side', SIDES, true], ['vp', 'number']],
  'turn-limit': [['turns', 'number', true], ['outcome', ['objectives', 'flags', 'draw']]],
  adjust: [['side', SIDES, true], ['hand', 'number'], ['ground-gain', ['true', 'false']], ['unit-type', 'unit-type'],
    ['dice', 'number']],
};
// What a click on the board picks for each kind.
const PICK = { crossing: 'hexes', 'no-entry': 'hexes', exit: 'hexes', 'sudden-death': 'at', frozen: 'units',
  schedule: 'scheduled' };

const same = (a, b) => typeof a === 'string' && typeof b === 'string' && a.toUpperCase() === b.toUpperCase();


function button(label, click, dataset = {}) {
  const b = el('button', { type: 'button', dataset }, label);
  b.addEventListener('click', click);
  return b;
}

export class SpecialRules {
  constructor(editor) {
    this.editor = editor;
    this.state = null;
    // The rule being made or edited: {kind, index (null: new), attrs,
    // hexes, units, scheduled, type}.
    this.form = null;
    this.picking = false;
    this.picker = {
      down: (address) => {
        this.pick(address);
        return true;
      },
      over: () => {},
      up: () => {},
    };
    document.addEventListener('studio-tool', () => this.stopPicking());
    $('special-add').addEventListener('click', () => this.open($('special-kind').value));
    document.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && this.form)
        this.close();
    });
  }

  update(state) {
    this.state = state;
    const box = $('special-box');
    box.hidden = state.grid === 'square' || !state.special;
    if (box.hidden) {
      this.close();
      return;
    }
    // Another scenario, or a rule an undo took away or changed into
    // another, closes the form.
    if (this.form && this.form.file !== state.file)
      this.close();
    if (this.form && this.form.index !== null) {
      const rule = this.rules()[this.form.index];
      if (!rule || rule.kind !== this.form.kind)
        this.close();
      else
        this.takeRule(rule);
    }
    this.showList();
    this.showForm();
  }

  rules() {
    return (this.state && this.state.special && this.state.special.rules) || [];
  }

  sideName(id) {
    if (id === 'both')
      return t('studio-sr-both');
    const s = (this.state.sides || []).find((x) => x.id === id);
    return s ? s.name : id;
  }

  // A rule's diagnostics: those of its kind written between its line and
  // the next rule's.
  diagnostics(rule, next) {
    return (this.state.diagnostics || []).filter((d) => KINDS.includes(d.rule) && d.line >= rule.line
      && (!next || d.line < next.line));
  }

  showList() {
    const list = $('special-list');
    list.replaceChildren();
    const rules = this.rules();
    $('special-none').hidden = rules.length > 0;
    rules.forEach((rule, i) => {
      const editing = this.form && this.form.index === i;
      const li = el('li', { className: editing ? 'special-rule editing' : 'special-rule',
        dataset: { kind: rule.kind, index: String(i) } });
      li.append(el('div', { className: 'kind' }, t(`studio-sr-kind-${rule.kind}`)),
        el('div', { className: 'text' }, rule.text || ''));
      const diags = this.diagnostics(rule, rules[i + 1]);
      if (diags.length) {
        const ul = el('ul', { className: 'special-diags' });
        for (const d of diags)
          ul.append(el('li', { className: `diag ${d.severity}` }, `${d.rule}: ${d.message}`));
        li.append(ul);
      }
      li.append(el('div', { className: 'actions' },
        button(t('studio-sr-edit'), () => this.open(rule.kind, i), { action: 'edit' }),
        button(t('studio-sr-remove'), () => this.remove(i), { action: 'remove' })));
      list.append(li);
    });
  }

  // The form of a new rule of a kind (index null) or of rule `index`.
  open(kind, index = null) {
    this.form = { kind, index, file: this.state.file, attrs: {}, hexes: [], units: [], scheduled: [], type: null };
    if (index === null) {
      for (const [name, takes, required] of FIELDS[kind])
        if (required && Array.isArray(takes))
          this.form.attrs[name] = (this.state.sides[0] || {}).id || takes[0];
    } else {
      this.takeRule(this.rules()[index]);
    }
    this.built = null;
    this.showList();
    this.showForm();
    if (PICK[kind])
      this.startPicking();
  }

  takeRule(rule) {
    const f = this.form;
    f.attrs = { ...rule.attrs };
    f.hexes = [...rule.hexes];
    f.units = [...rule.units];
    f.scheduled = rule.scheduled.map((u) => ({ ...u }));
  }

  close() {
    this.stopPicking();
    this.form = null;
    this.built = null;
    $('special-form').replaceChildren();
    $('special-form').hidden = true;
    this.markBoard();
    if (this.state)
      this.showList();
  }

  startPicking() {
    this.picking = true;
    this.editor.board.tool = this.picker;
    $('viewport').dataset.tool = 'special';
    this.showPickButton();
  }

  stopPicking() {
    if (!this.picking)
      return;
    this.picking = false;
    this.editor.board.tool = this.editor;
    $('viewport').dataset.tool = this.editor.tool.kind;
    this.showPickButton();
  }

  showPickButton() {
    const b = $('special-form').querySelector('button[data-action="pick"]');
    if (b)
      b.classList.toggle('active', this.picking);
  }

  // The unit types of a side, as the tray has them.
  unitTypes(side) {
    const tray = this.state.tray || { sides: [] };
    const sides = side ? tray.sides.filter((s) => s.id === side) : tray.sides;
    const seen = new Map();
    for (const s of sides)
      for (const u of s.units)
        if (u.piece === 'unit' && !seen.has(u.id))
          seen.set(u.id, u.name || u.id);
    return [...seen].map(([id, name]) => ({ id, name }));
  }

  valueName(name, value) {
    if (name === 'side' || name === 'for' || name === 'flags-side')
      return this.sideName(value);
    return t(`studio-sr-value-${name}-${value}`);
  }

  // The field of one attribute: a choice, a number or a unit type.
  attrField(name, takes, required) {
    const f = this.form;
    let input;
    if (takes === 'number') {
      input = el('input', { type: 'number', step: '1' });
    } else {
      input = el('select');
      if (!required)
        input.append(el('option', { value: '' }, '—'));
      const values = takes === 'unit-type' ? this.unitTypes(null).map((u) => [u.id, u.name])
        : takes.map((v) => [v, this.valueName(name, v)]);
      for (const [id, label] of values)
        input.append(el('option', { value: id }, label));
    }
    input.dataset.attr = name;
    input.addEventListener('change', () => {
      const v = input.value.trim() === '' ? null : input.value.trim();
      if (f.index === null) {
        if (v === null)
          delete f.attrs[name];
        else
          f.attrs[name] = v;
        this.showForm();
      } else if ((f.attrs[name] || null) !== v) {
        this.editor.edit({ op: 'set', piece: 'rule', index: f.index, attribute: name, value: v });
      }
    });
    return el('label', { className: 'field' }, el('span', { className: 'label' }, t(`studio-sr-attr-${name}`)), input);
  }

  // Build the form once for its rule and language; then only its values
  // follow (the field being typed in keeps its focus).
  showForm() {
    const box = $('special-form');
    const f = this.form;
    if (!f) {
      box.hidden = true;
      return;
    }
    const key = `${f.kind} ${f.index} ${this.state.file} ${lang()}`;
    if (this.built !== key) {
      this.built = key;
      box.replaceChildren();
      box.dataset.kind = f.kind;
      box.append(el('h3', {}, t(f.index === null ? 'studio-sr-new' : 'studio-sr-editing',
        { kind: t(`studio-sr-kind-${f.kind}`) })));
      for (const [name, takes, required] of FIELDS[f.kind])
        box.append(this.attrField(name, takes, required));
      if (f.kind === 'schedule') {
        const type = el('select', { dataset: { attr: 'scheduled-type' } });
        type.addEventListener('change', () => {
          f.type = type.value;
        });
        box.append(el('label', { className: 'field' }, el('span', { className: 'label' }, t('studio-sr-arriving-type')),
          type));
      }
      if (PICK[f.kind]) {
        box.append(el('p', { className: 'hint' }, t(`studio-sr-pick-${PICK[f.kind]}`)),
          el('div', { className: 'picked' }));
      }
      const actions = el('div', { className: 'actions' });
      if (PICK[f.kind])
        actions.append(button(t('studio-sr-pick'), () => (this.picking ? this.stopPicking() : this.startPicking()),
          { action: 'pick' }));
      if (f.index === null)
        actions.append(button(t('studio-sr-create'), () => this.create(), { action: 'create' }));
      actions.append(button(t(f.index === null ? 'studio-sr-cancel' : 'studio-sr-done'), () => this.close(),
        { action: 'close' }));
      box.append(actions);
      this.showPickButton();
    }
    box.hidden = false;
    for (const input of box.querySelectorAll('[data-attr]')) {
      if (document.activeElement === input)
        continue;
      if (input.dataset.attr === 'scheduled-type') {
        const types = this.unitTypes(f.attrs.side);
        if (input.options.length !== types.length) {
          input.replaceChildren(...types.map((u) => el('option', { value: u.id }, u.name)));
        }
        if (!f.type || !types.some((u) => u.id === f.type))
          f.type = types.length ? types[0].id : null;
        input.value = f.type || '';
        continue;
      }
      const v = f.attrs[input.dataset.attr];
      input.value = v === undefined || v === null ? '' : v;
    }
    this.showPicked();
    const create = box.querySelector('button[data-action="create"]');
    if (create)
      create.disabled = !this.complete();
  }

  // What was picked, each a button that takes it away again.
  showPicked() {
    const f = this.form;
    const box = $('special-form').querySelector('.picked');
    this.markBoard();
    if (!box)
      return;
    const chip = (label, address) => button(label, () => this.pick(address), { address });
    const chips = [];
    if (PICK[f.kind] === 'hexes')
      for (const h of f.hexes)
        chips.push(chip(h, h));
    else if (PICK[f.kind] === 'at' && f.attrs.at)
      chips.push(el('span', { className: 'chip' }, f.attrs.at));
    else if (PICK[f.kind] === 'units')
      for (const id of f.units) {
        const u = this.unit(id);
        chips.push(chip(u ? `${u.name || u.type} (${u.at})` : id, u ? u.at : id));
      }
    else if (PICK[f.kind] === 'scheduled')
      for (const u of f.scheduled)
        chips.push(chip(`${this.typeName(u.type)} (${u.at})`, u.at));
    box.replaceChildren(...(chips.length ? chips : [el('span', { className: 'none' }, t('studio-sr-nothing-picked'))]));
  }

  typeName(type) {
    const u = this.unitTypes(null).find((x) => x.id === type);
    return u ? u.name : type;
  }

  unit(id) {
    return ((this.state.pieces && this.state.pieces.units) || []).find((u) => u.id === id) || null;
  }

  // The board outlines what the form has picked.
  markBoard() {
    const cells = this.editor.board.cells;
    for (const c of cells.values())
      c.el.classList.remove('special-picked');
    const f = this.form;
    if (!f)
      return;
    const addresses = PICK[f.kind] === 'hexes' ? f.hexes : PICK[f.kind] === 'at' ? [f.attrs.at]
      : PICK[f.kind] === 'units' ? f.units.map((id) => (this.unit(id) || {}).at)
        : PICK[f.kind] === 'scheduled' ? f.scheduled.map((u) => u.at) : [];
    for (const a of addresses) {
      const c = a && (cells.get(a) || cells.get(a.toUpperCase()));
      if (c)
        c.el.classList.add('special-picked');
    }
  }

  complete() {
    const f = this.form;
    for (const [name, , required] of FIELDS[f.kind])
      if (required && !f.attrs[name])
        return false;
    const pick = PICK[f.kind];
    return !pick || (pick === 'hexes' ? f.hexes.length > 0 : pick === 'at' ? !!f.attrs.at
      : pick === 'units' ? f.units.length > 0 : f.scheduled.length > 0);
  }

  // An id no unit of the scenario has, on the board, scheduled, or in
  // the schedule being made.
  freshId(prefix) {
    return freshId(this.state, prefix, this.form.scheduled.map((u) => u.id));
  }

  // A click on the board while the form picks.
  pick(address) {
    const f = this.form;
    if (!f || !this.state)
      return;
    const kind = PICK[f.kind];
    const edit = (op) => (f.index === null ? null : this.editor.edit({ ...op, index: f.index }));
    if (kind === 'hexes') {
      const had = f.hexes.find((h) => same(h, address));
      if (f.index !== null)
        edit({ op: had ? 'delete' : 'add', piece: 'rule-hex', at: had || address });
      else
        f.hexes = had ? f.hexes.filter((h) => h !== had) : [...f.hexes, address];
    } else if (kind === 'at') {
      if (f.index !== null)
        edit({ op: 'set', piece: 'rule', attribute: 'at', value: address });
      else
        f.attrs.at = address;
    } else if (kind === 'units') {
      const u = ((this.state.pieces && this.state.pieces.units) || []).find((x) => !x.reserve && same(x.at, address)
        && x.side === f.attrs.side);
      if (!u) {
        this.editor.message(t('studio-sr-no-unit-here', { cell: address, side: this.sideName(f.attrs.side) }));
        return;
      }
      const had = f.units.includes(u.id);
      if (f.index !== null)
        edit({ op: had ? 'delete' : 'add', piece: 'rule-unit', key: u.id });
      else
        f.units = had ? f.units.filter((x) => x !== u.id) : [...f.units, u.id];
    } else if (kind === 'scheduled') {
      const had = f.scheduled.find((u) => same(u.at, address));
      if (!had && !f.type)
        return;
      const unit = had || { id: this.freshId(`${(f.attrs.side || 'x').slice(0, 1)}-${f.type}`), type: f.type, at: address };
      if (f.index !== null)
        edit(had ? { op: 'delete', piece: 'rule-unit', key: had.id }
          : { op: 'add', piece: 'rule-unit', attrs: [['id', unit.id], ['type', unit.type], ['at', unit.at]] });
      else
        f.scheduled = had ? f.scheduled.filter((u) => u !== had) : [...f.scheduled, unit];
    }
    if (f.index === null)
      this.showForm();
  }

  // The new rule, in one edit (a schedule's further units in the same
  // undo); then its form edits it.
  create() {
    const f = this.form;
    if (!f || f.index !== null || !this.complete())
      return;
    const attrs = FIELDS[f.kind].map(([name]) => name).filter((name) => f.attrs[name])
      .map((name) => [name, f.attrs[name]]);
    if (f.kind === 'sudden-death')
      attrs.unshift(['at', f.attrs.at]);
    const op = { op: 'add', piece: 'rule', type: f.kind, attrs };
    const pick = PICK[f.kind];
    if (pick === 'hexes')
      op.items = f.hexes.join(' ');
    else if (pick === 'units')
      op.items = f.units.join(' ');
    const index = this.rules().length;
    const group = f.kind === 'schedule' && f.scheduled.length > 1 ? ++this.editor.groups : 0;
    if (f.kind === 'schedule') {
      const [first, ...rest] = f.scheduled;
      op.attrs.push(['id', first.id], ['type', first.type], ['at', first.at]);
      if (group)
        op.group = group;
      this.editor.edit(op);
      for (const u of rest)
        this.editor.edit({ op: 'add', piece: 'rule-unit', index, group,
          attrs: [['id', u.id], ['type', u.type], ['at', u.at]] });
    } else {
      this.editor.edit(op);
    }
    return this.editor.queue.then(() => {
      const rule = this.rules()[index];
      if (this.form === f && rule && rule.kind === f.kind) {
        this.form.index = index;
        this.built = null;
        this.takeRule(rule);
        this.showList();
        this.showForm();
      }
    });
  }

  // The rules after it move up a place: a form open on any rule closes.
  remove(index) {
    if (this.form)
      this.close();
    this.editor.edit({ op: 'delete', piece: 'rule', index });
  }
}
