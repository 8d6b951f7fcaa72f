// The studio's words in the page's language, from the server's strings
// (data/i18n/studio.xml): elements carry data-word="ID" for their text and
// data-word-title="ID" for their tooltip.
import { getJSON } from './api.js';

export const LANGS = ['en', 'nl', 'fr'];

let words = {};
let current = 'en';

// The browser's first language the studio speaks, else English.
export function browserLang() {
  for (const tag of navigator.languages || [navigator.language || 'en']) {
    const code = tag.slice(0, 2).toLowerCase();
    if (LANGS.includes(code))
      return code;
  }
  return 'en';
}

export function lang() {
  return current;
}

// The word, its {placeholders} filled from vars.
export function t(id, vars = {}) {
  const text = words[id] !== undefined ? words[id] : id;
  return text.replace(/\{([a-z_]+)\}/g, (all, key) => (key in vars ? String(vars[key]) : all));
}

export async function load(code) {
  const answer = await getJSON('/api/strings', { lang: code });
  words = answer.words;
  current = answer.lang;
  document.documentElement.lang = current;
  for (const el of document.querySelectorAll('[data-word]'))
    el.textContent = t(el.dataset.word);
  for (const el of document.querySelectorAll('[data-word-title]')) {
    el.title = t(el.dataset.wordTitle);
    el.setAttribute('aria-label', el.title);
  }
  document.title = t('studio-title');
}
