// The play page: a game against the computer on the open scenario.  The
// server holds the game (studio_game.c); this page decides nothing of the
// rules: it shows the position, the hand and what is owed, asks the
// referee's own questions (moves, dice, retreat) and sends as log lines
// only what the server offered or the user typed; a refusal comes back
// with its rule id, which opens the rule's text.
import { getJSON, postJSON } from './api.js';
import { lang, t } from './words.js';
import { askFaces, diceRow } from './dice.js';

const $ = (id) => document.getElementById(id);
const NS = 'http://www.w3.org/2000/svg';

function svg(name, attrs, parent) {
  const el = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs))
    el.setAttribute(k, v);
  if (parent)
    parent.appendChild(el);
  return el;
}

function button(parent, text, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.addEventListener('click', onClick);
  parent.appendChild(b);
  return b;
}

// "text [rule]" as the referee writes its reasons: the text, and the
// rule as a link to its explanation.
function withRule(parent, sentence, explain) {
  const m = /^(.*) \[([^\]]+)\]$/.exec(sentence);
  const line = document.createElement('div');
  line.append(m ? m[1] + ' ' : sentence);
  if (m) {
    const a = document.createElement('a');
    a.textContent = `[${m[2]}]`;
    a.dataset.rule = m[2];
    a.addEventListener('click', () => explain(m[2]));
    line.append(a);
  }
  parent.appendChild(line);
}

// How long each of the computer's actions stays on the board (ms), by the
// pace the player chose; "step" waits for the Next button instead.
const PACES = { slow: 2000, normal: 900, fast: 300 };
const PACE_KEY = 'orbat-studio-pace';

export class Play {

  constructor(onLeave) {
    this.state = null;
    this.cells = null;         // address -> cell outline and centre
    this.selected = null;      // the user's unit chosen on the board
    this.target = null;        // the enemy unit chosen for a battle
    this.boardLang = null;
    $('play-edit').addEventListener('click', () => onLeave());
    $('play-order').addEventListener('click', () => this.selected && this.act(`order ${this.selected.id}`));
    $('play-battle').addEventListener('click', () => {
      // The log's word for a fight: battle (hex), attack (square).
      if (this.selected && this.target)
        this.act(`${this.state.grid === 'square' ? 'attack' : 'battle'} ${this.selected.id} ${this.target.id}`);
    });
    $('play-draw').addEventListener('click', () => this.act('draw'));
    $('play-pass').addEventListener('click', () => this.act('pass'));
    $('play-undo').addEventListener('click', () => this.undo());
    $('play-hint').addEventListener('click', () => this.hint());
    const pace = $('play-pace');
    const kept = localStorage.getItem(PACE_KEY);
    if (kept && (kept === 'step' || kept in PACES))
      pace.value = kept;
    pace.addEventListener('change', () => localStorage.setItem(PACE_KEY, pace.value));
    $('play-form').addEventListener('submit', (e) => {
      e.preventDefault();
      const line = $('play-line').value.trim();
      if (line)
        this.act(line).then((ok) => { if (ok) $('play-line').value = ''; });
    });
    $('play-setup').addEventListener('submit', (e) => {
      e.preventDefault();
      const seed = $('play-seed').value.trim();
      const body = { side: $('play-side-choice').value, player: $('play-player').value,
        dice: $('play-dice-mode').value };
      if (/^\d+$/.test(seed))
        body.seed = Number(seed);
      // A saved game chosen: it goes on from its log.
      const file = $('play-resume-file').value;
      if (file)
        body.file = file;
      this.start(body, file ? '/api/game/resume' : '/api/game/start').catch((err) => this.say(err.message));
    });
  }

  // The start form beside the editor: the scenario's sides and the
  // library's computer players.
  async setup(docState) {
    const sides = $('play-side-choice');
    sides.replaceChildren(...docState.sides.map((s) => new Option(s.name || s.id, s.id)));
    const answer = await getJSON('/api/game/players', { lang: lang() });
    $('play-player').replaceChildren(...answer.players.map((p) => {
      const o = new Option(p.name, p.name, false, p.name === answer.strongest);
      o.title = p.description;
      return o;
    }));
    const saved = await getJSON('/api/game/logs', { lang: lang() });
    $('play-resume-file').replaceChildren(new Option(t('studio-play-new-game'), ''),
      ...saved.logs.map((name) => new Option(name, name)));
    $('play-setup').hidden = !$('play-setup').hidden;
  }

  async start(body, path) {
    await postJSON(path, body);
    $('play-setup').hidden = true;
    await this.open();
  }

  // The play page shown, the game's state fetched and drawn.
  async open() {
    $('start').hidden = true;
    $('workspace').hidden = true;
    $('play').hidden = false;
    this.selected = this.target = null;
    this.show(await getJSON('/api/game/state', { lang: lang() }));
    if (this.boardLang !== lang())
      await this.loadBoard();
    this.drawPieces();
    document.body.dataset.play = 'ready';
  }

  // The cells' outlines once per language; the drawing itself is the
  // map painter's, served anew as the game moves (drawBoard).
  async loadBoard() {
    const answer = await getJSON('/api/cells', { lang: lang() });
    const board = $('play-board');
    board.replaceChildren();
    board.setAttribute('viewBox', `0 0 ${answer.width} ${answer.height}`);
    this.image = svg('image', { x: 0, y: 0, width: answer.width, height: answer.height }, board);
    this.drawn = null;
    this.cells = new Map();
    const cellLayer = svg('g', {}, board);
    for (const c of answer.cells) {
      const poly = svg('polygon', { class: 'cell', points: c.points.map((p) => p.join(',')).join(' '),
        'data-address': c.address }, cellLayer);
      poly.addEventListener('click', () => this.cellClicked(c.address));
      this.cells.set(c.address, { ...c, poly });
    }
    this.pieceLayer = svg('g', {}, board);
    // Above the pieces: the sections a card asks for, while it asks.
    this.sectionLayer = svg('g', { id: 'play-section-layer' }, board);
    this.boardLang = lang();
  }

  // The position as the map painter draws it (the server's board.svg of
  // the game as it stands), fetched again only when a line was taken.
  drawBoard() {
    if (!this.image || !this.state)
      return;
    const key = `${lang()}\n${this.state.log.map((l) => l.line).join('\n')}`;
    if (this.drawn === key)
      return;
    this.drawn = key;
    // A new address each time: an undo and a new line may give the same
    // log length, never the same picture from the browser's cache.
    this.drawings = (this.drawings || 0) + 1;
    this.showDrawing(`/api/game/board.svg?lang=${lang()}&n=${this.drawings}`);
  }

  // A drawing loaded first, then shown: the board never goes blank, and
  // data-loaded says when the picture is the one asked for.
  showDrawing(url) {
    const image = this.image;
    image.dataset.loaded = 'false';
    image.dataset.wanted = url;
    const pre = new Image();
    pre.onload = pre.onerror = () => {
      if (image.dataset.wanted !== url)
        return;
      image.setAttribute('href', url);
      image.dataset.loaded = 'true';
    };
    pre.src = url;
  }

  // Over the drawing, a clickable outline for each cell holding units:
  // the user's to order, the enemy's to aim at.  A cell of several units
  // (the square grid's stacks) offers them by name.
  drawPieces() {
    if (!this.pieceLayer || !this.state)
      return;
    this.drawBoard();
    this.pieceLayer.replaceChildren();
    const byCell = new Map();
    for (const u of this.state.units || [])
      if (u.alive !== false && u.at && this.cells.has(u.at))
        byCell.set(u.at, [...(byCell.get(u.at) || []), u]);
    for (const [at, units] of byCell) {
      const cell = this.cells.get(at);
      const mine = units[0].side === this.state.side;
      const selected = this.selected && units.some((u) => u.id === this.selected.id);
      const g = svg('g', { 'data-unit': units[0].id, 'data-units': units.map((u) => u.id).join(' ') },
        this.pieceLayer);
      const hit = svg('polygon', { points: cell.points.map((p) => p.join(',')).join(' '),
        class: `unit-hit ${mine ? 'mine' : 'theirs'}${selected ? ' selected' : ''}` }, g);
      const title = svg('title', {}, g);
      title.textContent = units.map((u) => `${u.name || u.id} (${u.type}${u.figures ? `, ${u.figures}` : ''})`).join('\n');
      hit.addEventListener('click', () => this.unitsClicked(units));
    }
  }

  // A cell of units clicked: the one unit, or a choice among the stack.
  unitsClicked(units) {
    const pick = (u) => (u.side === this.state.side ? this.choose(u) : this.aim(u));
    if (units.length === 1) {
      pick(units[0]);
      return;
    }
    const box = $('play-dice');
    box.replaceChildren();
    for (const u of units) {
      const b = button(box, u.name || u.id, () => pick(u));
      b.dataset.pick = u.id;
    }
  }

  show(state) {
    this.state = state;
    const status = $('play-status');
    if (state.over) {
      // A draw is no side's win; a game a scenario's special rule ended
      // says so, with the rule to open.
      const side = (state.sides || []).find((x) => x.id === state.winner);
      status.textContent = state.winner === 'draw' ? t('studio-play-over-draw')
        : t('studio-play-over', { winner: (side && side.name) || state.winner || '?' });
      // The referee's reason is in English: the page names the special
      // rule in its own words and keeps the referee's as the tooltip.
      const kind = state.result_rule ? `studio-sr-kind-${state.result_rule}` : '';
      if (state.result && kind && t(kind) !== kind) {
        withRule(status, `${t('studio-play-over-rule', { rule: t(kind) })} [${state.result_rule}]`,
          (rule) => this.explain(rule));
        status.lastChild.title = state.result;
      } else if (state.result)
        withRule(status, state.result_rule ? `${state.result} [${state.result_rule}]` : state.result,
          (rule) => this.explain(rule));
    }
    else if (state.stopped)
      status.textContent = t('studio-play-stopped', { why: state.stopped });
    else
      status.textContent = state.yours ? t('studio-play-yours', { side: state.side }) : '';
    $('play-file').textContent = t('studio-play-file', { file: state.file });
    const hand = $('play-hand');
    hand.replaceChildren();
    for (const card of state.hand) {
      // The card as the deck prints it, in the page's language.
      const b = button(hand, '', () => this.playCard(card));
      const img = document.createElement('img');
      img.src = `/api/game/card.png?lang=${lang()}&id=${encodeURIComponent(card.id)}`;
      img.alt = card.name;
      b.appendChild(img);
      b.className = 'card';
      b.title = `${card.name}: ${card.text}`;
      b.dataset.card = card.id;
      if (card.plays && card.plays.length)
        b.classList.add('playable');
    }
    $('play-sections').replaceChildren();
    this.showSections([]);
    if (state.roll)
      this.askRoll(state.roll);
    else
      $('play-roll').hidden = true;
    this.showDues(state);
    this.showOffers(state);
    const log = $('play-log');
    log.replaceChildren(...state.log.map((l) => {
      const li = document.createElement('li');
      li.textContent = l.line;
      // The faces it rolled as the dice show them.
      diceRow(li, l.dice);
      if (l.computer)
        li.className = 'computer';
      return li;
    }));
    log.scrollTop = log.scrollHeight;
    for (const b of $('play-tools').querySelectorAll('button'))
      b.disabled = !state.yours && b.id !== 'play-undo';
    $('play-battle').disabled = !state.yours || !this.target;
    // Advice is for the position it was asked on.
    $('play-hint-box').hidden = true;
    // The hex games' own words: orders and the draw that ends a turn.
    $('play-order').hidden = $('play-draw').hidden = state.grid === 'square';
    this.drawPieces();
  }

  // A card clicked: played as the referee takes it; a card it takes for a
  // section the player names offers those sections; one it takes in no
  // way is sent as it is, for the referee's refusal and its rule.
  playCard(card) {
    const plays = card.plays || [];
    const box = $('play-sections');
    box.replaceChildren();
    if (plays.length === 1 && !plays[0].section) {
      this.act(plays[0].line);
      return;
    }
    if (!plays.length) {
      this.act(`play ${this.state.side} ${card.id}`);
      return;
    }
    const head = document.createElement('div');
    const onBoard = plays.some((p) => p.cells && p.cells.length);
    head.textContent = t(onBoard ? 'studio-play-section-board' : 'studio-play-section', { card: card.name });
    box.appendChild(head);
    for (const p of plays) {
      const b = button(box, p.section ? t(`studio-play-section-${p.section}`) : card.name, () => this.act(p.line));
      b.dataset.section = p.section || '';
      // A button pointed at lights its section on the board too.
      b.addEventListener('mouseenter', () => this.lightSection(p.section));
      b.addEventListener('mouseleave', () => this.lightSection(null));
    }
    this.showSections(plays.filter((p) => p.section && p.cells));
  }

  // The sections a card asks for, over the board: each the cells the
  // server listed for it (the library's geometry of the side's seat), lit
  // while pointed at; a click on one of its cells plays the card there.
  showSections(plays) {
    if (!this.sectionLayer)
      return;
    this.sectionLayer.replaceChildren();
    for (const p of plays) {
      const g = svg('g', { class: 'play-section', 'data-section': p.section }, this.sectionLayer);
      const title = svg('title', {}, g);
      title.textContent = t(`studio-play-section-${p.section}`);
      for (const address of p.cells) {
        const c = this.cells && this.cells.get(address);
        if (c)
          svg('polygon', { class: 'section-cell', points: c.points.map((q) => q.join(',')).join(' '),
            'data-address': address }, g);
      }
      g.addEventListener('mouseenter', () => this.lightSection(p.section));
      g.addEventListener('mouseleave', () => this.lightSection(null));
      g.addEventListener('click', () => this.act(p.line));
    }
  }

  lightSection(section) {
    for (const g of this.sectionLayer ? this.sectionLayer.querySelectorAll('g.play-section') : [])
      g.classList.toggle('lit', g.dataset.section === section);
  }

  // What the rules owe the user now, each as a button of the line it
  // takes; a retreat's paths are the referee's own answer.
  showDues(state) {
    const dues = $('play-dues');
    dues.replaceChildren();
    for (const due of state.dues) {
      if (due.side !== state.side)
        continue;
      const line = document.createElement('div');
      // The referee's sentence; else the step in the page's words, with
      // the piece's name.
      const word = `studio-play-step-${due.step}`;
      const said = due.step && due.unit ? t(word, { unit: this.nameOf(due.unit, { id: due.unit }) }) : word;
      // The referee's own sentence in the library's words, it as the
      // tooltip.
      line.textContent = due.said || (said !== word ? said : due.text || `${due.step || ''} ${due.unit}`.trim());
      if (due.text)
        line.title = due.text;
      dues.appendChild(line);
      if (due.step === 'retreat' && due.unit && state.grid !== 'square')
        this.retreats(line, due.unit, due.count);
      if (due.kind === 'may')
        button(line, t('studio-play-pass'), () => this.act('pass'));
    }
  }

  // Every line the referee takes from the user now (the server tried
  // each), as buttons by the log's word; the square grid's purse beside.
  showOffers(state) {
    const box = $('play-offers');
    box.replaceChildren();
    const me = (state.sides || []).find((s) => s.id === state.side);
    if (state.grid === 'square' && me) {
      const purse = document.createElement('div');
      purse.id = 'play-purse';
      purse.textContent = t('studio-play-purse', { points: me.points, allowance: me.allowance });
      box.appendChild(purse);
    }
    const kinds = new Map();
    for (const o of state.offers || []) {
      if (!kinds.has(o.kind)) {
        const row = document.createElement('div');
        row.className = 'offer-row';
        box.appendChild(row);
        kinds.set(o.kind, row);
      }
      // The line in the page's words; the line itself as the tooltip,
      // as the log will show it.
      const b = button(kinds.get(o.kind), o.text || o.line, () => this.act(o.line));
      b.title = o.line;
      b.dataset.line = o.line;
      b.dataset.kind = o.kind;
    }
  }

  async retreats(parent, unit, count) {
    const answer = await this.ask(`retreat ${unit} ${count}`);
    for (const a of answer ? answer.answers : [])
      for (const o of a.outcomes || []) {
        const b = button(parent, o.path.join(' → '), () => this.act(`retreat ${unit} ${o.path.join(' ')}`));
        b.dataset.retreat = o.path.join(' ');
        this.mark(o.path, 'reach');
      }
  }

  mark(addresses, kind) {
    for (const c of this.cells ? this.cells.values() : [])
      c.poly.classList.remove(kind);
    for (const a of addresses) {
      const c = this.cells && this.cells.get(a);
      if (c)
        c.poly.classList.add(kind);
    }
  }

  // A unit of the user's chosen: where it may move, highlighted.
  async choose(u) {
    this.selected = u;
    this.target = null;
    if (!$('play-dice').querySelector('[data-pick]'))
      $('play-dice').replaceChildren();
    this.drawPieces();
    const answer = await this.ask(`moves ${u.at}`);
    const reach = answer ? answer.answers.flatMap((a) => a.reachable || []) : [];
    this.mark(reach, 'reach');
    this.mark([], 'target');
    $('play-battle').disabled = true;
    // Which unit's moves the board shows, and how many times they were
    // asked for: a unit that cannot move marks nothing, and is shown too.
    this.movesShown = (this.movesShown || 0) + 1;
    $('play-board').dataset.moves = `${u.id} ${reach.length} ${this.movesShown}`;
  }

  // An enemy aimed at: the dice the chosen unit would roll, with every
  // modifier and its rule.
  async aim(u) {
    if (!this.selected)
      return;
    this.target = u;
    this.mark([u.at], 'target');
    // The referee's question of the grid: dice (hex), attack (square).
    const answer = await this.ask(this.state.grid === 'square' ? `attack ${this.selected.at} ${u.at}`
      : `dice ${this.selected.id} ${u.id}`);
    const box = $('play-dice');
    box.replaceChildren();
    for (const a of answer ? answer.answers : []) {
      const head = document.createElement('strong');
      head.textContent = a.dice !== undefined
        ? `${this.nameOf(a.attacker, this.selected)} → ${this.nameOf(a.target, u)}: ${t('studio-play-dice', { dice: a.dice })}`
        : `${this.nameOf(a.attacker, this.selected)} → ${this.nameOf(a.defender, u)}`;
      box.appendChild(head);
      // The dice it would roll, not yet rolled.
      if (a.dice !== undefined)
        diceRow(box, null, a.dice);
      for (const r of a.reasons || [])
        withRule(box, r, (rule) => this.explain(rule));
      $('play-battle').disabled = !a.allowed || !this.state.yours;
    }
  }

  // A piece's name as the maps give it, by its id (else the piece given).
  nameOf(id, fallback) {
    const all = [...(this.state.units || []), ...(this.state.generals || [])];
    const found = all.find((p) => p.id === (id || fallback.id));
    return (found && found.name) || id || fallback.name || fallback.id;
  }

  cellClicked(address) {
    const c = this.cells.get(address);
    if (this.selected && c.poly.classList.contains('reach') && this.state.yours)
      this.act(`move ${this.selected.id} ${address}`);
  }

  async ask(question) {
    try {
      return await getJSON('/api/game/ask', { q: question, lang: lang() });
    } catch (err) {
      this.say(err.message);
      return null;
    }
  }

  say(text, rule) {
    const box = $('play-message');
    box.replaceChildren();
    box.hidden = !text;
    if (text)
      withRule(box, rule ? `${text} [${rule}]` : text, (r) => this.explain(r));
  }

  async explain(rule) {
    const answer = await getJSON('/api/explain', { rule, lang: lang() });
    $('play-explain-title').textContent = t('studio-rule', { rule: answer.rule, title: answer.title });
    $('play-explain-text').textContent = answer.text;
    $('play-explain').hidden = false;
    $('play-explain').dataset.rule = answer.rule;
  }

  // A line sent: refused with its rule, or taken with the computer's
  // actions after it, listed in order.
  // The page says 'busy' in body's data-play from the click until the
  // answer is shown (the computer's actions included), then 'ready'.
  async act(line) {
    document.body.dataset.play = 'busy';
    try {
      const response = await fetch(`/api/game/act?lang=${lang()}`, {
        method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ line }),
      });
      const answer = await response.json();
      if (!response.ok && answer.roll) {
        // The user rolls: the referee said how many dice.
        this.say('');
        this.askRoll(answer.roll);
        return false;
      }
      if (!response.ok) {
        this.say(answer.error, answer.rule);
        return false;
      }
      this.say('');
      $('play-roll').hidden = true;
      this.selected = this.target = null;
      this.mark([], 'reach');
      this.mark([], 'target');
      await this.replay(answer.computer, answer.state, answer);
      this.show(answer.state);
      return true;
    } finally {
      document.body.dataset.play = 'ready';
    }
  }

  // The faces of a roll asked of the user (its own, or with typed dice
  // the computer's), clicked in as pictures of the ruleset's die.
  askRoll(roll) {
    const said = roll.computer ? t('studio-play-computer', { line: roll.said || roll.line }) : roll.said || roll.line;
    askFaces($('play-roll'), { ...roll, said }, this.state.die || [], (line) => this.act(line));
    $('play-roll').dataset.computer = roll.computer ? 'true' : 'false';
  }

  // The computer's actions one at a time: each listed with its dice and
  // the board drawn as it stood after it (the log's first lines), at the
  // pace the player chose (a pause, or until Next is pressed), until all
  // are shown or "skip" is pressed.
  async replay(computer, state, mine) {
    const box = $('play-dice');
    box.replaceChildren();
    // The user's own roll first, as its dice.
    if (mine && mine.dice && mine.dice.length) {
      const div = document.createElement('div');
      div.className = 'user-roll';
      div.textContent = t('studio-dice-yours', { line: mine.said || mine.line });
      div.title = mine.line;
      diceRow(div, mine.dice);
      box.appendChild(div);
    }
    const lines = computer.filter((c) => c.line).length;
    let shown = state.log.length - lines;
    const skip = $('play-skip');
    const next = $('play-next');
    const stepping = $('play-pace').value === 'step';
    let skipped = false;
    skip.hidden = lines === 0;
    next.hidden = !stepping || lines === 0;
    skip.onclick = () => { skipped = true; };
    if (lines)
      document.body.dataset.play = 'replaying';
    for (const c of computer) {
      const div = document.createElement('div');
      div.className = 'computer-action';
      // The action in the page's words; the log's line as the tooltip.
      div.textContent = t('studio-play-computer', { line: c.said || c.line || t('studio-play-pass') });
      if (c.line)
        div.title = c.line;
      div.dataset.line = c.line || 'pass';
      diceRow(div, c.dice);
      box.appendChild(div);
      if (!c.line || skipped || !this.image)
        continue;
      shown += 1;
      this.drawings = (this.drawings || 0) + 1;
      this.drawn = null;
      this.showDrawing(`/api/game/board.svg?lang=${lang()}&lines=${shown}&n=${this.drawings}`);
      this.pieceLayer.replaceChildren();
      await new Promise((done) => {
        const timer = stepping ? null : setTimeout(done, PACES[$('play-pace').value] || PACES.normal);
        next.onclick = () => { clearTimeout(timer); done(); };
        skip.onclick = () => { skipped = true; clearTimeout(timer); done(); };
      });
    }
    skip.hidden = true;
    next.hidden = true;
  }

  // The expert's advice for the user's turn, as orbat play's hint: the
  // next action and the turn it would play, the dice assumed, and the
  // outcome it expects.  Nothing is played: the user decides.
  async hint() {
    const box = $('play-hint-box');
    box.hidden = false;
    box.dataset.state = 'asking';
    box.replaceChildren(t('studio-play-hint-asking'));
    try {
      const a = await getJSON('/api/game/hint', { lang: lang() });
      const said = (l) => l.said || l.line;
      const list = document.createElement('ol');
      list.append(...a.turn.map((l) => {
        const li = document.createElement('li');
        li.textContent = l.guess ? `${said(l)} ${t('studio-play-hint-guess')}` : said(l);
        li.title = l.line;
        li.dataset.line = l.line;
        return li;
      }));
      const next = document.createElement('p');
      next.textContent = t('studio-play-hint-next', { action: said(a.turn[0]) });
      const expected = document.createElement('p');
      expected.textContent = t('studio-play-hint-expected', { percent: a.percent, sims: a.sims })
        + (a.endgame ? ` ${t('studio-play-hint-endgame', { wins: a.wins, sims: a.sims })}` : '');
      box.replaceChildren(next, document.createTextNode(t('studio-play-hint-turn')), list, expected);
      box.dataset.state = 'shown';
      box.dataset.next = a.turn[0].line;
    } catch (e) {
      box.replaceChildren(e.message);
      box.dataset.state = 'failed';
    }
  }

  async undo() {
    document.body.dataset.play = 'busy';
    try {
      const response = await fetch(`/api/game/undo?lang=${lang()}`, {
        method: 'POST', credentials: 'same-origin', headers: { 'Content-Type': 'application/json' }, body: '{}',
      });
      const answer = await response.json();
      if (!response.ok) {
        this.say(answer.line ? `${answer.error}: ${answer.line}` : answer.error, answer.rule);
        return;
      }
      this.say('');
      this.show(answer.state);
    } finally {
      document.body.dataset.play = 'ready';
    }
  }
}
