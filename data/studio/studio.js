// orbat studio's page: the start page (the folder's scenarios, a new one
// from a ruleset's template) or the open scenario on its board, edited
// with the tray and the panels, with its diagnostics, in the chosen
// language.
import { getJSON, postJSON } from './api.js';
import { Board } from './board.js';
import { Editor } from './edit.js';
import { Panels } from './panels.js';
import { Preview } from './preview.js';
import { Balance } from './balance.js';
import { Play } from './play.js';
import { LANGS, browserLang, lang, load, t } from './words.js';

const $ = (id) => document.getElementById(id);
let board = null;
let editor = null;
let panels = null;
let preview = null;
let balance = null;
let play = null;
let state = null;

// A sentence for the author: why something failed, or (good) that it
// went well.
function showMessage(text, good = false) {
  $('message').textContent = text;
  $('message').hidden = !text;
  $('message').classList.toggle('good', good);
}

function failed(error) {
  showMessage(t('studio-failed', { why: error.message }));
}

function item(parent, text, className) {
  const li = document.createElement('li');
  if (text !== undefined)
    li.textContent = text;
  if (className)
    li.className = className;
  parent.appendChild(li);
  return li;
}

// The page the user asked for last, 'start' or 'scenario': a page whose
// answer comes after the user has asked for the other one is not shown,
// and a change of language redraws the one asked for, even while it is
// still on its way.
let wanted = null;

async function showStart() {
  wanted = 'start';
  const files = await getJSON('/api/files', { lang: lang() });
  if (wanted !== 'start')
    return;
  $('workspace').hidden = true;
  $('to-start').hidden = true;
  $('scenario-title').textContent = '';
  $('start').hidden = false;
  const list = $('scenario-list');
  list.replaceChildren();
  $('no-scenarios').hidden = files.scenarios.length > 0;
  for (const s of files.scenarios) {
    const li = item(list, undefined, 'scenario');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'open';
    button.dataset.file = s.file;
    button.textContent = s.title || s.file;
    button.addEventListener('click', () => openScenario(s.file).catch(failed));
    const meta = document.createElement('span');
    meta.className = 'meta';
    meta.textContent = `${s.file} · ${s.ruleset || ''}`;
    li.append(button, ' ', meta);
  }
  const rulesets = $('ruleset-list');
  rulesets.replaceChildren();
  const taken = new Set(files.scenarios.map((s) => s.file));
  for (const r of files.rulesets) {
    const li = item(rulesets, undefined, 'ruleset');
    const name = document.createElement('strong');
    name.textContent = r.name;
    const file = document.createElement('input');
    file.type = 'text';
    file.className = 'new-file';
    file.dataset.ruleset = r.id;
    file.setAttribute('aria-label', t('studio-new-file'));
    let n = 1;
    while (taken.has(`${r.id}-${n}.xml`))
      n++;
    file.value = `${r.id}-${n}.xml`;
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'new';
    button.dataset.ruleset = r.id;
    button.textContent = t('studio-new');
    const make = () => newScenario(r.id, file.value.trim()).catch(failed);
    button.addEventListener('click', make);
    file.addEventListener('keydown', (e) => {
      if (e.key === 'Enter')
        make();
    });
    const label = document.createElement('span');
    label.className = 'meta';
    label.textContent = t('studio-new-file');
    li.append(name, ' ', label, ' ', file, ' ', button);
  }
}

function showFacts() {
  $('scenario-title').textContent = state.title || state.file;
  document.title = `${state.dirty ? '* ' : ''}${state.title || state.file} — ${t('studio-title')}`;
  $('fact-file').textContent = state.file;
  $('fact-ruleset').textContent = state.ruleset_name || state.ruleset || '—';
  $('fact-grid').textContent = state.grid ? t(`studio-grid-${state.grid}`) : '—';
  $('fact-sides').textContent = state.sides.map((s) => s.name).join(', ') || '—';
}

// "1 error", "3 errors": the languages' plurals agree on one and more.
function count(word, n) {
  return t(n === 1 ? `${word}-one` : `${word}-many`, { n });
}

function showDiagnostics() {
  $('diag-summary').textContent = state.diagnostics.length
    ? [count('studio-errors', state.errors), count('studio-warnings', state.warnings)].join(', ')
    : t('studio-valid');
  const list = $('diag-list');
  list.replaceChildren();
  for (const d of state.diagnostics) {
    const li = item(list, undefined, `diag ${d.severity}`);
    const where = document.createElement('span');
    where.className = 'where';
    where.textContent = `${t(`studio-${d.severity}`)} · ${t('studio-line', { line: d.line, column: d.column })}`
      + (d.cell ? ` · ${d.cell}` : '');
    const message = document.createElement('div');
    message.className = 'text';
    message.textContent = d.message;
    li.append(where, message);
    if (d.rule) {
      const rule = document.createElement('button');
      rule.type = 'button';
      rule.className = 'rule';
      rule.dataset.rule = d.rule;
      rule.textContent = d.rule;
      rule.addEventListener('click', () => explain(d).catch(failed));
      li.append(rule);
    }
    if (d.cell) {
      li.classList.add('has-cell');
      li.addEventListener('click', (e) => {
        if (!e.target.classList.contains('rule'))
          board.mark(d.cell);
      });
    }
  }
}

// A diagnostic's rule in the page's language, and its cell outlined.
async function explain(d) {
  const answer = await getJSON('/api/explain', { rule: d.rule, lang: lang() });
  $('explain-title').textContent = t('studio-rule', { rule: answer.rule, title: answer.title });
  const paragraphs = (text) => text.split('\n\n').map((p) => {
    const el = document.createElement('p');
    el.textContent = p;
    return el;
  });
  $('explain-text').replaceChildren(...paragraphs(answer.text));
  $('explain').hidden = false;
  $('explain').dataset.rule = answer.rule;
  board.mark(d.cell || null);
}

// A state from the server (after opening, an edit, undo, redo, save):
// everything shown follows it; the board is drawn again when asked.
async function showState(next, redraw) {
  state = next;
  editor.setState(state);
  // The board's drawing is asked for first: the server draws it while
  // the page fills its panels.
  // An edit's answer brings the board's cells as they stand then: used
  // once, for a state shown again later may be older than the board.
  const cells = state.cells;
  delete state.cells;
  const drawing = redraw && state.board ? board.load(state.file, lang(), state.generation, cells) : null;
  showFacts();
  showDiagnostics();
  panels.update(state, lang());
  preview.setState(state);
  balance.setState(state);
  $('no-board').hidden = state.board;
  $('stage').hidden = !state.board;
  if (drawing)
    await drawing;
  if (editor.pending === 0)
    document.body.dataset.generation = String(state.generation);
}

async function showScenario() {
  wanted = 'scenario';
  const next = await getJSON('/api/state', { lang: lang() });
  if (wanted !== 'scenario')
    return;
  state = next;
  editor.setState(state);
  panels.update(state, lang());
  preview.setState(state);
  balance.setState(state);
  $('start').hidden = true;
  $('workspace').hidden = false;
  $('to-start').hidden = false;
  $('explain').hidden = true;
  showFacts();
  showDiagnostics();
  $('no-board').hidden = state.board;
  $('stage').hidden = !state.board;
  if (state.board)
    await board.load(state.file, lang(), state.generation);
  editor.markCells();
  document.body.dataset.generation = String(state.generation);
}

// Leaving a scenario with edits not saved asks first.
function mayLeave() {
  return !state || !state.dirty || $('workspace').hidden || window.confirm(t('studio-leave-unsaved'));
}

function fresh() {
  board.clear();
  board.fitted = false;
  board.marked = null;
  board.selected = null;
  editor.select(null);
  editor.setTool({ kind: 'select' });
  showMessage('');
}

// The start page stays when the server refuses the scenario.
async function leaveStart(request) {
  wanted = 'scenario';
  try {
    await request;
  } catch (e) {
    wanted = 'start';
    throw e;
  }
}

async function newScenario(ruleset, file) {
  await leaveStart(postJSON(`/api/new?lang=${lang()}`, { ruleset, file }));
  fresh();
  await showScenario();
}

async function openScenario(file) {
  await leaveStart(postJSON('/api/open', { file }));
  fresh();
  await showScenario();
}

async function setLanguage(code) {
  await load(code);
  $('lang').value = code;
  // A sentence shown before was written in the other language.
  showMessage('');
  try {
    localStorage.setItem('orbat-studio-lang', code);
  } catch (e) {
    // No storage: the choice lasts as long as the page.
  }
  if (!$('play').hidden)
    await play.open();
  else if (wanted === 'scenario')
    await showScenario();
  else
    await showStart();
}

async function start() {
  // The token has become a cookie: it leaves the address bar and history.
  if (location.search)
    history.replaceState(null, '', '/');
  board = new Board();
  editor = new Editor(board, showState, showMessage);
  panels = new Panels(editor);
  preview = new Preview();
  balance = new Balance();
  // The panels over the board start below its tools, however many rows
  // the tools take in this window and language.
  new ResizeObserver(() => {
    $('board-pane').style.setProperty('--tools-height', `${$('board-tools').offsetHeight}px`);
  }).observe($('board-tools'));
  play = new Play(() => {
    $('play').hidden = true;
    showScenario().catch(failed);
  });
  $('play-it').addEventListener('click', () => play.setup(state).catch(failed));
  const files = await getJSON('/api/files');
  let stored = null;
  try {
    stored = localStorage.getItem('orbat-studio-lang');
  } catch (e) {
    stored = null;
  }
  const code = files.lang || (LANGS.includes(stored) ? stored : browserLang());
  await load(code);
  $('lang').value = code;
  $('lang').addEventListener('change', (e) => setLanguage(e.target.value).catch(failed));
  $('to-start').addEventListener('click', () => {
    if (!mayLeave())
      return;
    showMessage('');
    $('play').hidden = true;
    showStart().catch(failed);
  });
  $('undo').addEventListener('click', () => editor.undo());
  $('redo').addEventListener('click', () => editor.redo());
  $('save').addEventListener('click', () => editor.save());
  $('show-texts').addEventListener('click', () => {
    $('texts-panel').hidden = !$('texts-panel').hidden;
  });
  $('texts-close').addEventListener('click', () => {
    $('texts-panel').hidden = true;
  });
  // Closing the page with edits not saved: the browser asks first.
  window.addEventListener('beforeunload', (e) => {
    if (state && state.dirty && !$('workspace').hidden) {
      e.preventDefault();
      e.returnValue = '';
    }
  });
  $('explain-close').addEventListener('click', () => {
    $('explain').hidden = true;
  });
  // orbat studio --play, or a game left under way: the play page.
  const game = files.open ? await getJSON('/api/game/state').catch(() => null) : null;
  if (game)
    await play.open();
  else if (files.open)
    await showScenario();
  else
    await showStart();
  document.body.dataset.ready = 'true';
}

start().catch(failed);
