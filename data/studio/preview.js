// The print preview: the open scenario as it stands (unsaved edits too)
// made by the server's print code into one product (the scenario sheet,
// the overview map or the map tiles) in a chosen language and paper, and
// shown as a column of page images, with the PDF itself to download.  A
// preview made before the last edit is marked so, and can be made again.
// The panel tells what it shows in data-status (none, making, ready,
// failed), data-pages, data-serial and data-stale.
import { postJSON } from './api.js';
import { lang, t } from './words.js';

const $ = (id) => document.getElementById(id);
// The size a page image is drawn at on the server, in pixels per point.
const PIXELS_PER_POINT = 96 / 72;

export class Preview {
  constructor() {
    this.panel = $('preview-panel');
    this.facts = null;       // the server's answer for the preview shown
    this.state = null;       // the open scenario's state
    this.error = null;       // why the last preview failed
    this.langChosen = false; // else the preview follows the page's language
    $('show-preview').addEventListener('click', () => this.toggle());
    $('preview-close').addEventListener('click', () => {
      this.panel.hidden = true;
    });
    $('preview-lang').addEventListener('change', () => {
      this.langChosen = true;
    });
    $('preview-make').addEventListener('click', () => this.make());
  }

  toggle() {
    this.panel.hidden = !this.panel.hidden;
    if (!this.panel.hidden)
      this.show();
  }

  // The open scenario changed (opened, edited, undone, saved, another
  // language): the preview shown may now be stale.
  setState(state) {
    if (this.state && state.file !== this.state.file)
      this.clear();
    this.state = state;
    this.show();
  }

  clear() {
    this.facts = null;
    this.error = null;
    $('preview-pages').replaceChildren();
  }

  stale() {
    return !!(this.facts && this.state
      && (this.facts.file !== this.state.file || this.facts.generation !== this.state.generation));
  }

  async make() {
    if (!this.state)
      return;
    const body = { product: $('preview-product').value, lang: $('preview-lang').value, paper: $('preview-paper').value };
    this.panel.dataset.status = 'making';
    $('preview-make').disabled = true;
    $('preview-status').textContent = t('studio-preview-making');
    try {
      this.facts = await postJSON('/api/preview', body);
      this.error = null;
      this.drawPages();
    } catch (e) {
      this.facts = null;
      $('preview-pages').replaceChildren();
      this.error = e.status === 422 && this.state.errors > 0
        ? t('studio-preview-errors', { n: this.state.errors })
        : t('studio-preview-failed', { why: e.message });
    }
    $('preview-make').disabled = false;
    this.panel.dataset.status = '';
    this.show();
  }

  // One figure a page, its image asked for when it comes into view (the
  // server draws one page a request); the sizes keep the column's place.
  drawPages() {
    const f = this.facts;
    const pages = [];
    for (let n = 1; n <= f.pages; n++) {
      const img = document.createElement('img');
      img.loading = 'lazy';
      img.decoding = 'async';
      const [w, h] = f.sizes[n - 1];
      img.width = Math.round(w * PIXELS_PER_POINT);
      img.height = Math.round(h * PIXELS_PER_POINT);
      img.src = `/api/preview/page?n=${n}&serial=${f.serial}`;
      img.dataset.page = String(n);
      const caption = document.createElement('figcaption');
      const figure = document.createElement('figure');
      figure.append(img, caption);
      pages.push(figure);
    }
    $('preview-pages').replaceChildren(...pages);
    $('preview-pages').scrollTop = 0;
  }

  // The panel's words and marks follow the preview and the page's language.
  show() {
    if (!this.langChosen)
      $('preview-lang').value = lang();
    const f = this.facts;
    const status = $('preview-status');
    const link = $('preview-pdf');
    if (this.panel.dataset.status === 'making')
      return;
    this.panel.dataset.status = f ? 'ready' : this.error ? 'failed' : 'none';
    this.panel.dataset.pages = f ? String(f.pages) : '0';
    this.panel.dataset.serial = f ? String(f.serial) : '';
    this.panel.dataset.stale = String(this.stale());
    link.hidden = !f;
    if (f) {
      // Saved under the server's name for it: scenario, product, language, paper.
      link.href = `/api/preview.pdf?serial=${f.serial}`;
      link.setAttribute('download', '');
    }
    if (!f) {
      status.textContent = this.error || t('studio-preview-none');
    } else {
      status.textContent = t(f.pages === 1 ? 'studio-preview-pages-one' : 'studio-preview-pages-many', { n: f.pages });
      if (this.stale()) {
        status.textContent = `${t('studio-preview-stale')} `;
        const again = document.createElement('button');
        again.type = 'button';
        again.id = 'preview-remake';
        again.textContent = t('studio-preview-remake');
        again.addEventListener('click', () => this.make());
        status.append(again);
      }
      for (const caption of $('preview-pages').querySelectorAll('figcaption')) {
        const n = caption.previousElementSibling.dataset.page;
        caption.textContent = t('studio-preview-page', { n, total: f.pages });
      }
    }
  }
}
