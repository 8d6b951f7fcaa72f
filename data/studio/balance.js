// "Balance it": the server runs `orbat balance` on the open scenario as it
// stands (unsaved edits too) in the background; this panel starts it,
// shows its progress, lets it be stopped, and shows its report: the
// verdict in the report's own words, each side's wins with their 95 %
// interval, the games without a winner, how long the games last, and the
// plainer player's verdict.  Nothing is computed here but percentages.
// The panel tells what it shows in data-status (none, running, done,
// failed, stopped), data-serial (the run's number), data-attempt (the
// Start presses answered) and data-stale (the scenario changed since the
// run).
import { getJSON, postJSON } from './api.js';
import { lang, t } from './words.js';

const $ = (id) => document.getElementById(id);
// How often a run's progress is asked for while it goes on (ms).
const POLL = 400;

function cell(row, text, tag = 'td') {
  const el = document.createElement(tag);
  el.textContent = text;
  row.appendChild(el);
  return el;
}

export class Balance {
  constructor() {
    this.panel = $('balance-panel');
    this.facts = null;    // the server's facts of the last run
    this.state = null;    // the open scenario's state
    this.timer = null;
    this.error = null;    // why the last start was refused
    this.playersLang = null; // the language the players' list speaks
    this.attempts = 0;    // Start presses answered
    $('show-balance').addEventListener('click', () => this.toggle());
    $('balance-close').addEventListener('click', () => {
      this.panel.hidden = true;
    });
    $('balance-start').addEventListener('click', () => this.start());
    $('balance-stop').addEventListener('click', () => this.stop());
  }

  async toggle() {
    this.panel.hidden = !this.panel.hidden;
    if (this.panel.hidden)
      return;
    await this.fillPlayers();
    await this.poll();
  }

  // The open scenario changed: a report shown may now be of an older one.
  // After another language, the players' names are said again in it.
  setState(state) {
    this.state = state;
    if (this.panel.hidden)
      return;
    if (this.playersLang !== lang())
      this.fillPlayers().catch(() => {});
    this.show();
  }

  // The default (the strongest player, compared with the plainest), each
  // player on both sides, and each pair of players in paired games.
  async fillPlayers() {
    this.playersLang = lang();
    const answer = await getJSON('/api/game/players', { lang: lang() });
    const select = $('balance-players');
    const kept = select.value;
    const options = [new Option(t('studio-balance-default-players', { player: answer.strongest }), '')];
    for (const p of answer.players)
      options.push(new Option(t('studio-balance-one-player', { player: p.name }), p.name));
    for (const a of answer.players)
      for (const b of answer.players)
        if (a.name !== b.name)
          options.push(new Option(t('studio-balance-two-players', { first: a.name, second: b.name }),
            `${a.name},${b.name}`));
    select.replaceChildren(...options);
    if ([...select.options].some((o) => o.value === kept))
      select.value = kept;
  }

  async start() {
    const games = Number($('balance-games').value);
    const seed = $('balance-seed').value.trim();
    const body = { games: Number.isInteger(games) ? games : 0, lang: lang() };
    if ($('balance-players').value)
      body.players = $('balance-players').value;
    if (seed)
      body.seed = /^\d+$/.test(seed) ? Number(seed) : -1;
    this.error = null;
    this.attempts += 1;
    try {
      this.facts = await postJSON('/api/balance', body);
    } catch (e) {
      this.error = e.status === 422 && this.state && this.state.errors > 0
        ? t('studio-balance-errors', { n: this.state.errors })
        : t('studio-balance-refused', { why: e.message });
    }
    this.show();
    this.follow();
  }

  async stop() {
    this.facts = await postJSON('/api/balance/stop', {});
    this.show();
  }

  async poll() {
    this.facts = await getJSON('/api/balance');
    this.show();
    this.follow();
  }

  // Asked again while the run goes on.
  follow() {
    clearTimeout(this.timer);
    if (this.facts && this.facts.state === 'running')
      this.timer = setTimeout(() => this.poll().catch(() => this.follow()), POLL);
  }

  stale() {
    return !!(this.facts && this.facts.state !== 'none' && this.state
      && (this.facts.file !== this.state.file || !this.facts.current));
  }

  show() {
    const f = this.facts;
    const running = !!f && f.state === 'running';
    this.panel.dataset.status = this.error ? 'failed' : f ? f.state : 'none';
    this.panel.dataset.stale = String(this.stale());
    this.panel.dataset.serial = f ? String(f.serial) : '0';
    this.panel.dataset.attempt = String(this.attempts);
    $('balance-start').disabled = running;
    $('balance-stop').hidden = !running;
    const bar = $('balance-progress');
    bar.hidden = !running;
    bar.max = f && f.total ? f.total : 1;
    bar.value = f && f.total ? f.played : 0;
    const status = $('balance-status');
    if (this.error)
      status.textContent = this.error;
    else if (!f || f.state === 'none')
      status.textContent = t('studio-balance-none');
    else if (running)
      status.textContent = f.total ? t('studio-balance-running', { played: f.played, total: f.total })
        : t('studio-balance-starting');
    else if (f.state === 'stopped')
      status.textContent = t('studio-balance-stopped', { played: f.played, total: f.total || f.games });
    else if (f.state === 'failed')
      status.textContent = t('studio-balance-failed', { why: f.error || '' });
    else
      status.textContent = t('studio-balance-done', { games: f.report.games, file: f.file });
    if (this.stale() && !running && !this.error)
      status.textContent += ` ${t('studio-balance-stale')}`;
    this.report(f && f.state === 'done' ? f.report : null);
  }

  report(r) {
    const box = $('balance-report');
    if (!r) {
      box.replaceChildren();
      return;
    }
    const pct = new Intl.NumberFormat(lang(), { style: 'percent', maximumFractionDigits: 1 });
    const verdict = document.createElement('p');
    verdict.id = 'balance-verdict';
    verdict.dataset.kind = r.verdict.kind;
    verdict.textContent = r.verdict.text;
    const parts = [verdict];
    if (r.verdict.warning) {
      const w = document.createElement('p');
      w.className = 'warning';
      w.textContent = r.verdict.warning;
      parts.push(w);
    }
    // Each side's wins over all games, with their 95 % interval drawn as
    // a bar and a whisker on a 0-100 % scale, then the draws.
    const table = document.createElement('table');
    table.id = 'balance-table';
    const head = table.createTHead().insertRow();
    for (const word of ['studio-balance-side', 'studio-balance-wins', 'studio-balance-share',
      'studio-balance-interval', 'studio-balance-chart'])
      cell(head, t(word), 'th');
    const rows = r.sides.map((s) => ({ id: s.id, name: s.name, i: r.interval[s.id] }));
    rows.push({ id: 'draw', name: t('studio-balance-draws'), i: r.interval.draw });
    const body = table.createTBody();
    for (const row of rows) {
      const tr = body.insertRow();
      tr.dataset.side = row.id;
      cell(tr, row.name, 'th');
      cell(tr, String(row.i.count));
      cell(tr, pct.format(row.i.rate));
      cell(tr, `${pct.format(row.i.low)} – ${pct.format(row.i.high)}`);
      const chart = cell(tr, '');
      chart.className = 'chart';
      const fill = document.createElement('span');
      fill.className = 'fill';
      fill.style.width = `${row.i.rate * 100}%`;
      const whisker = document.createElement('span');
      whisker.className = 'whisker';
      whisker.style.left = `${row.i.low * 100}%`;
      whisker.style.width = `${(row.i.high - row.i.low) * 100}%`;
      chart.append(fill, whisker);
    }
    parts.push(table);
    const facts = document.createElement('ul');
    facts.id = 'balance-facts';
    const line = (text) => {
      const li = document.createElement('li');
      li.textContent = text;
      facts.appendChild(li);
    };
    const players = r.players[r.sides[0].id].join(', ');
    line(t(r.paired ? 'studio-balance-run-paired' : 'studio-balance-run',
      { games: r.games, players, seed: r.seed }));
    const len = r.length;
    if (len.games)
      line(t('studio-balance-length', { median: len.median, low: len.q1, high: len.q3, min: len.min, max: len.max }));
    if (r.turn_limit)
      line(t('studio-balance-limit', { n: r.turn_limit, turns: r.max_turns }));
    parts.push(facts);
    if (r.other) {
      const other = document.createElement('p');
      other.id = 'balance-other';
      other.textContent = `${t('studio-balance-other', { player: r.other.verdict.players.join(', ') })} `
        + r.other.verdict.text;
      parts.push(other);
    }
    if (r.depends_on_skill) {
      const skill = document.createElement('p');
      skill.className = 'warning';
      skill.textContent = t('studio-balance-skill');
      parts.push(skill);
    }
    box.replaceChildren(...parts);
  }
}
