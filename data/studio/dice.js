// The play page's dice: each die a picture of the ruleset's die with its
// face, drawn by the server's die painter (/api/game/die.svg), the face's
// name as its text alternative.  The faces are the server's (the state's
// `die`, a line's `dice`): no face is known here.
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
