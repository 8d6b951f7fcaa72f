// The play page's dice: each die a picture of the ruleset's die with its
// face, drawn by the server's die painter (/api/game/die.svg), the face's
// name as its text alternative.  The faces are the server's (the state's
// `die`, a line's `dice`): no face is known here.  And the dice a player
// rolls by hand: the faces clicked in, as many as the referee asked for.
import { lang, t } from './words.js';

// One die showing `face` ({face, name}; null: a die not yet rolled).
export function die(face) {
  const img = document.createElement('img');
  img.className = 'die';
  img.src = `/api/game/die.svg?lang=${lang()}${face ? `&face=${encodeURIComponent(face.face)}` : ''}`;
  img.alt = face ? face.name : t('studio-dice-unrolled');
  img.title = img.alt;
  img.dataset.face = face ? face.face : '';
  return img;
}

// A row of dice (the faces of a line, or `count` dice not yet rolled)
// into parent; nothing for none.
export function diceRow(parent, faces, count) {
  const list = faces || Array.from({ length: count || 0 }, () => null);
  if (!list.length)
    return null;
  const row = document.createElement('span');
  row.className = 'dice';
  for (const f of list)
    row.appendChild(die(f));
  parent.appendChild(row);
  return row;
}

// The dice rolled by hand: `ask` is the referee's {line, count, up_to}
// (the action, and how many dice it rolls, or at most); the player clicks
// a face of `faces` (the state's die) for each die, then sends.  `send`
// gets the line with its faces as the log writes it.
export function askFaces(box, ask, faces, send) {
  box.replaceChildren();
  box.hidden = false;
  box.dataset.line = ask.line;
  box.dataset.count = String(ask.count);
  // The action in words (the log's line as the tooltip), then how many
  // dice the referee asks for.
  const head = document.createElement('div');
  head.textContent = ask.said || ask.line;
  head.title = ask.line;
  head.className = 'roll-action';
  const how = document.createElement('div');
  how.textContent = t(ask.up_to ? 'studio-dice-roll-up-to' : 'studio-dice-roll', { count: ask.count });
  box.append(head, how);
  const chosen = [];
  const slots = document.createElement('div');
  slots.className = 'dice dice-slots';
  box.appendChild(slots);
  const picker = document.createElement('div');
  picker.className = 'dice dice-picker';
  box.appendChild(picker);
  const tools = document.createElement('div');
  box.appendChild(tools);
  const done = document.createElement('button');
  done.type = 'button';
  done.id = 'play-roll-send';
  done.textContent = t('studio-dice-send');
  const back = document.createElement('button');
  back.type = 'button';
  back.id = 'play-roll-back';
  back.textContent = t('studio-dice-back');
  tools.append(done, back);
  const draw = () => {
    slots.replaceChildren(...chosen.map((f) => die(f)),
      ...Array.from({ length: ask.count - chosen.length }, () => die(null)));
    done.disabled = ask.up_to ? chosen.length === 0 : chosen.length !== ask.count;
    back.disabled = chosen.length === 0;
    for (const b of picker.querySelectorAll('button'))
      b.disabled = chosen.length >= ask.count;
  };
  for (const f of faces) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = 'die-pick';
    b.dataset.face = f.face;
    b.appendChild(die(f));
    b.addEventListener('click', () => {
      if (chosen.length < ask.count) {
        chosen.push(f);
        draw();
      }
    });
    picker.appendChild(b);
  }
  back.addEventListener('click', () => { chosen.pop(); draw(); });
  done.addEventListener('click', () => send(`${ask.line} : ${chosen.map((f) => f.face).join(' ')}`));
  draw();
}
