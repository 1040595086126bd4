// Reusable user-level actions on the VS Code workbench (code-server 4.100 / VS Code 1.100 DOM):
// command palette, quick picks, status bar, notifications, views, screenshots.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { until } from '../../unit/support/until.mjs';

const QUICK_INPUT = '.quick-input-widget';
const QUICK_INPUT_BOX = '.quick-input-widget .quick-input-box input';
const QUICK_ROWS = '.quick-input-widget .quick-input-list .monaco-list-row';
const STATUS_ITEMS = '#workbench\\.parts\\.statusbar .statusbar-item';
const TOASTS = '.notifications-toasts .notification-toast';

const matches = (text, m) => (m instanceof RegExp ? m.test(text) : text.includes(m));

export class Workbench {
  /** @param {import('playwright-core').Page} page */
  constructor(page, { screenshotsDir, screenshotPrefix = '' }) {
    this.page = page;
    this.screenshotsDir = screenshotsDir;
    this.screenshotPrefix = screenshotPrefix;
    mkdirSync(screenshotsDir, { recursive: true });
  }

  /** Waits until the workbench, explorer and status bar are rendered. */
  async ready({ timeout = 60_000 } = {}) {
    await this.page.waitForSelector('.monaco-workbench', { timeout });
    await this.page.waitForSelector('#workbench\\.parts\\.statusbar', { timeout });
    await this.page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout });
    await this.recordFocus();
  }

  /**
   * Keeps, in the page, the last focus changes, key presses and showings and hidings of the quick
   * input, for `focusReport` to tell after a failure where the keyboard was.
   */
  async recordFocus() {
    await this.page.evaluate(() => {
      if (window.__focusRecord) return;
      const events = [];
      const t0 = Date.now();
      const describe = (el) =>
        el instanceof Element
          ? `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).slice(0, 3).join('.') : ''}`
          : String(el);
      const push = (what) => {
        events.push(`${Date.now() - t0} ${what}`);
        if (events.length > 60) events.shift();
      };
      let watched;
      const watchQuickInput = () => {
        const w = document.querySelector('.quick-input-widget');
        if (!w || w === watched) return;
        watched = w;
        new MutationObserver(() =>
          push(`quick input ${w.style.display === 'none' ? 'hidden' : 'shown'} "${w.querySelector('.quick-input-title')?.textContent ?? ''}"`),
        ).observe(w, {
          attributes: true,
          attributeFilter: ['style'],
        });
      };
      document.addEventListener('focusin', (e) => (watchQuickInput(), push(`focus ${describe(e.target)}`)), true);
      window.addEventListener('blur', () => push('window blur'));
      window.addEventListener('keydown', (e) => push(`key ${e.key} on ${describe(e.target)}`), true);
      window.__focusRecord = { events, describe, watchQuickInput };
    });
  }

  /** Where the keyboard is, what the quick input shows and the last recorded events (see recordFocus). */
  async focusReport() {
    return this.page.evaluate(() => {
      const r = window.__focusRecord;
      const w = document.querySelector('.quick-input-widget');
      const box = w?.querySelector('.quick-input-box input');
      const el = document.activeElement;
      const state = {
        active: r ? r.describe(el) : String(el?.tagName),
        activeText: (el?.textContent ?? '').trim().slice(0, 40),
        activeVisible: el?.checkVisibility?.() ?? null,
        activeIn: [],
        quickInput: w
          ? { display: w.style.display, title: w.querySelector('.quick-input-title')?.textContent ?? '', value: box?.value, placeholder: box?.placeholder }
          : 'none',
        tabs: [...document.querySelectorAll('.tabs-container .tab')].map((t) => t.getAttribute('aria-label')),
      };
      // The nearest named ancestors of the focused element (a dialog, a view, an editor).
      for (let a = el?.parentElement; a && state.activeIn.length < 8; a = a.parentElement)
        if (a.id || (typeof a.className === 'string' && a.className.trim())) state.activeIn.push(a.id ? `#${a.id}` : a.className.trim().split(/\s+/)[0]);
      return `${JSON.stringify(state)}\n  recent (ms since recording began): ${(r?.events ?? []).slice(-30).join(' | ')}`;
    });
  }

  async closeQuickInput() {
    if (await this.page.locator(QUICK_INPUT).isVisible()) await this.page.keyboard.press('Escape');
    await this.page
      .locator(QUICK_INPUT)
      .waitFor({ state: 'hidden', timeout: 5000 })
      .catch(() => {});
  }

  async openPalette() {
    await this.closeQuickInput();
    // A page shown in a webview (the Simple Browser's) keeps the keys it gets: F1 goes to the workbench.
    await this.page.evaluate(() => {
      if (document.activeElement instanceof HTMLIFrameElement) document.activeElement.blur();
      window.__focusRecord?.watchQuickInput();
    });
    await this.page.keyboard.press('F1');
    // Seconds, not the default half minute: a palette that did not open, or closed at once because
    // something else took the focus, is opened again by the caller's retry, as a person would.
    await this.page.locator(QUICK_INPUT_BOX).waitFor({ state: 'visible', timeout: 5000 });
  }

  /**
   * Types into an input box a command opened (e.g. a password prompt) and presses Enter. With
   * `title`, waits for the box with that title, not a closing one left by an earlier command.
   */
  async submitInput(text, { timeout = 15_000, title } = {}) {
    if (title !== undefined)
      await this.page.locator('.quick-input-widget .quick-input-title').filter({ hasText: title }).waitFor({ state: 'visible', timeout });
    const box = this.page.locator(QUICK_INPUT_BOX);
    await box.waitFor({ state: 'visible', timeout });
    await box.fill(text);
    // The walkthrough moves focus to its expanded step a moment after one of the step's buttons
    // opened an input box (which stays open: ignoreFocusOut), and an Enter pressed just then goes
    // to the step. So the Enter is pressed again while the box still holds the text and focus is
    // outside it (an Enter the box took either closed it or left focus in it, with its message).
    for (let attempt = 1; ; attempt++) {
      await box.press('Enter');
      const lost = await this.page
        .locator(QUICK_INPUT)
        .evaluate((w, value) => {
          const input = w.querySelector('.quick-input-box input');
          return w.checkVisibility() && input?.value === value && !w.contains(document.activeElement);
        }, text)
        .catch(() => false);
      if (!lost || attempt === 3) return;
    }
  }

  /**
   * Waits until the input box titled `title` has closed (accepted or cancelled). If it stays open,
   * the error says what it shows: its title, value and message, whether its progress bar runs, and what has focus.
   */
  async waitInputClosed(title, { timeout = 30_000 } = {}) {
    const titled = this.page.locator('.quick-input-widget .quick-input-title').filter({ hasText: title });
    let seen = {};
    await until(
      async () => {
        if (!(await titled.isVisible())) return true;
        seen = await this.page.locator(QUICK_INPUT).evaluate((w) => ({
          title: w.querySelector('.quick-input-title')?.textContent ?? '',
          value: w.querySelector('.quick-input-box input')?.value ?? '',
          message: w.querySelector('.quick-input-message')?.textContent ?? '',
          busy: w.querySelector('.quick-input-progress')?.checkVisibility?.() ?? false,
          focused: document.activeElement?.className ?? '',
        }));
        return undefined;
      },
      { what: () => `the input box "${title}" to close; it shows ${JSON.stringify(seen)}`, timeoutMs: timeout, intervalMs: 100 },
    );
  }

  /** Labels of the visible quick-pick rows. */
  async quickPickLabels() {
    return this.page.locator(QUICK_ROWS).evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? r.textContent ?? ''));
  }

  /**
   * Types `text` into the open quick input and accepts the first row whose label matches
   * `rowMatch` (default: the typed text), waiting for the list to filter.
   */
  async pick(text, rowMatch = text, { timeout = 10_000 } = {}) {
    const box = this.page.locator(QUICK_INPUT_BOX);
    await box.waitFor({ state: 'visible', timeout });
    await box.fill(text);
    let labels = [];
    await until(
      async () => {
        labels = await this.quickPickLabels();
        return labels.some((l) => matches(l, rowMatch)) || undefined;
      },
      { what: () => `a quick-pick row matching ${rowMatch} after typing "${text}"; rows: ${JSON.stringify(labels)}`, timeoutMs: timeout, intervalMs: 100 },
    );
    // Accepted from the keyboard, as a person at the palette would: a hover left open over the
    // list by an earlier pointer move (slow machines show them late) cannot take the click.
    let focused = '';
    await until(
      async () => {
        const rows = await this.page
          .locator(QUICK_ROWS)
          .evaluateAll((els) => els.map((r) => ({ label: r.getAttribute('aria-label') ?? r.textContent ?? '', focused: r.classList.contains('focused') })));
        focused = rows.find((r) => r.focused)?.label ?? '';
        if (rows.some((r) => r.focused) && matches(focused, rowMatch)) return true;
        await box.press('ArrowDown');
        return undefined;
      },
      { what: () => `the row matching ${rowMatch} to be focused (focused: "${focused}")`, timeoutMs: timeout, intervalMs: 50 },
    );
    await box.press('Enter');
    return focused;
  }

  /**
   * Runs a command from the palette by its full title, e.g. "Doc Translate: Change Target Language".
   * Retries while the command is not listed yet: contributions of the remote extension host
   * register a moment after the workbench renders, and an open palette does not refresh.
   */
  async runCommand(title, { timeout = 30_000 } = {}) {
    const exact = new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(,|$)`);
    await until(
      async () => {
        await this.openPalette();
        try {
          return await this.pick(`>${title}`, exact, { timeout: 2000 });
        } catch (err) {
          await this.closeQuickInput();
          throw err;
        }
      },
      { what: `the command "${title}" in the palette`, timeoutMs: timeout, intervalMs: 500, ignore: () => true },
    );
    // The palette closes (or the command's own quick input replaces it) before anything else.
    await this.page
      .waitForFunction(
        () => {
          const box = document.querySelector('.quick-input-widget .quick-input-box input');
          const widget = document.querySelector('.quick-input-widget');
          const visible = widget instanceof HTMLElement && widget.style.display !== 'none';
          return !visible || !(box instanceof HTMLInputElement) || !box.value.startsWith('>');
        },
        undefined,
        { timeout: 5000 },
      )
      .catch(() => {});
  }

  /**
   * Opens the Command Palette, types `text` and waits until a row matches `rowMatch`; leaves the
   * palette open and returns the labels of its rows. Reopens it while the row is missing, like
   * runCommand (contributions of the remote extension host register a moment after the workbench).
   */
  async filterPalette(text, rowMatch, { timeout = 30_000 } = {}) {
    let labels = [];
    const listed = async () => {
      labels = await this.quickPickLabels();
      return labels.some((l) => matches(l, rowMatch)) ? labels : undefined;
    };
    return until(
      async () => {
        await this.openPalette();
        await this.page.locator(QUICK_INPUT_BOX).fill(`>${text}`);
        const found = await until(listed, { what: 'the row', timeoutMs: 2000, intervalMs: 100 }).catch(() => undefined);
        if (found === undefined) await this.closeQuickInput();
        return found;
      },
      { what: () => `a palette row matching ${rowMatch} after typing "${text}"; rows: ${JSON.stringify(labels)}`, timeoutMs: timeout, intervalMs: 500 },
    );
  }

  /** Texts of all status bar items (icons rendered as their aria text). */
  async statusBarTexts() {
    return this.page.locator(STATUS_ITEMS).evaluateAll((items) => items.map((i) => (i instanceof HTMLElement ? i.innerText : '').trim()));
  }

  /**
   * Status bar item contributed by an extension: `id` is the one passed to createStatusBarItem,
   * `extensionId` defaults to this extension's.
   */
  statusBarItem(id, extensionId = 'doc-translate.doc-translate') {
    return this.page.locator(`#workbench\\.parts\\.statusbar [id="${extensionId}.${id}"]`);
  }

  /** Text of a status bar item by its id (see statusBarItem); '' when absent. */
  async statusBarItemText(id, extensionId = 'doc-translate.doc-translate') {
    return this.page.evaluate((elementId) => {
      const el = document.getElementById(elementId);
      return el instanceof HTMLElement ? el.innerText.trim() : '';
    }, `${extensionId}.${id}`);
  }

  /** Waits until a status bar item's text matches; returns the text. */
  async waitForStatusBarText(match, { id, extensionId, timeout = 15_000 } = {}) {
    let texts = [];
    return until(
      async () => {
        texts = id ? [await this.statusBarItemText(id, extensionId)] : await this.statusBarTexts();
        return texts.find((t) => matches(t, match));
      },
      { what: () => `a status bar item${id ? ` ${id}` : ''} matching ${match}; items: ${JSON.stringify(texts)}`, timeoutMs: timeout, intervalMs: 150 },
    );
  }

  /** Texts of the visible notification toasts. */
  async notificationTexts() {
    return this.page
      .locator(`${TOASTS} .notification-list-item-message`)
      .evaluateAll((msgs) => msgs.map((m) => (m instanceof HTMLElement ? m.innerText : '').trim()));
  }

  async waitForNotification(match, { timeout = 15_000 } = {}) {
    let texts = [];
    return until(
      async () => {
        texts = await this.notificationTexts();
        return texts.find((t) => matches(t, match));
      },
      { what: () => `a notification matching ${match}; visible: ${JSON.stringify(texts)}`, timeoutMs: timeout, intervalMs: 150 },
    );
  }

  async clearNotifications() {
    await this.runCommand('Notifications: Clear All Notifications');
  }

  /**
   * Opens a workspace file through Quick Open and waits for its editor tab; opens Quick Open again
   * if it did not show or its choice opened nothing (see openPalette).
   */
  async openFile(relativePath, { timeout = 30_000 } = {}) {
    const name = relativePath.split('/').pop();
    const tab = this.page.locator(`.tabs-container .tab[aria-label*="${name}"]`).first();
    await until(
      async () => {
        await this.closeQuickInput();
        await this.page.keyboard.press('Control+P');
        await this.page.locator(QUICK_INPUT_BOX).waitFor({ state: 'visible', timeout: 5000 });
        await this.pick(relativePath, name);
        await tab.waitFor({ state: 'visible', timeout: 5000 });
        return true;
      },
      { what: `the editor tab of ${relativePath}`, timeoutMs: timeout, intervalMs: 500, ignore: () => true },
    );
  }

  /**
   * Runs View: Close All Editors until no editor tab is left. A file with unsaved changes makes
   * VS Code ask in a modal dialog, which holds every key until answered: with `dontSave` the
   * changes are dropped ("Don't Save"); without it, the dialog is an error.
   */
  async closeAllEditors({ dontSave = false, timeout = 30_000 } = {}) {
    const tabs = this.page.locator('.tabs-container .tab');
    const dialog = this.page.locator('.monaco-dialog-box');
    let asked = '';
    await until(
      async () => {
        if ((await dialog.count()) > 0) {
          asked = (await dialog.first().innerText()).replace(/\s+/g, ' ').trim();
          if (!dontSave) return 'asked';
          await dialog.getByRole('button', { name: "Don't Save" }).click();
          await dialog.first().waitFor({ state: 'detached', timeout: 5000 });
        }
        if ((await tabs.count()) === 0) return true;
        await this.runCommand('View: Close All Editors');
        await Promise.race([tabs.first().waitFor({ state: 'detached', timeout: 5000 }), dialog.first().waitFor({ state: 'visible', timeout: 5000 })]);
        return undefined;
      },
      { what: 'every editor to close', timeoutMs: timeout, intervalMs: 100, ignore: () => true },
    ).then((r) => {
      if (r === 'asked') throw new Error(`closing the editors asks "${asked}": save or revert the file first, or pass { dontSave: true }`);
    });
  }

  /**
   * Runs the item `itemText` (a string or RegExp) of the open context menu (`scope`: the menu, or
   * `.monaco-submenu` for an open submenu) as a person at the keyboard does: hovering marks it
   * focused and Enter runs it. A click is not reliable here: the menu starts listening for an
   * item's mouse-up only 100 ms after it renders, so that the right-click which opened it runs
   * nothing, and on a busy machine that timer fires later still; a click before it is lost.
   */
  async chooseMenuItem(itemText, { scope = '.monaco-menu' } = {}) {
    const item = this.page.locator(`${scope} .action-item`).filter({ hasText: itemText }).first();
    await item.waitFor({ state: 'visible', timeout: 10_000 });
    await item.hover();
    await this.page.locator(`${scope} .action-item.focused`).filter({ hasText: itemText }).first().waitFor({ state: 'visible', timeout: 10_000 });
    await this.page.keyboard.press('Enter');
    await this.page
      .locator('.monaco-menu')
      .first()
      .waitFor({ state: 'hidden', timeout: 5000 })
      .catch(() => {});
  }

  /** Right-clicks `fileName` in the Explorer and runs the context menu's item `itemText` (see chooseMenuItem). */
  async chooseExplorerMenuItem(fileName, itemText) {
    await this.hoverExplorerMenuItem(fileName, itemText);
    await this.chooseMenuItem(itemText);
  }

  /**
   * Right-clicks `fileName` in the Explorer and hovers the context menu's item `itemText` (which
   * opens it when it is a submenu); returns the item.
   */
  async hoverExplorerMenuItem(fileName, itemText) {
    await this.runCommand('View: Show Explorer');
    const row = this.page
      .locator('.explorer-folders-view .monaco-list-row')
      .filter({ hasText: new RegExp(`^${fileName.replace('.', '\\.')}$`) })
      .first();
    await row.waitFor({ state: 'visible', timeout: 15_000 });
    await row.click({ button: 'right' });
    const item = this.page.locator('.monaco-menu .action-item').filter({ hasText: itemText }).first();
    await item.waitFor({ state: 'visible' });
    // hover() waits until the item is visible and stable (the menu's opening animation done).
    await item.hover();
    return item;
  }

  /** Visible text of the active editor (the rendered lines only). */
  async activeEditorText() {
    return this.page.evaluate(() => {
      const lines = document.querySelector('.editor-group-container.active .monaco-editor .view-lines');
      return lines instanceof HTMLElement ? lines.innerText.replace(/\u00a0/g, ' ') : '';
    });
  }

  /** Waits until the active editor shows text matching `match`; returns the visible text. */
  async waitForActiveEditorText(match, { timeout = 30_000 } = {}) {
    let text = '';
    return until(
      async () => {
        text = await this.activeEditorText();
        return matches(text, match) ? text : undefined;
      },
      { what: () => `the active editor to show ${match}; it shows:\n${text.slice(0, 500)}`, timeoutMs: timeout, intervalMs: 200 },
    );
  }

  /** Titles of the open editor tabs. */
  async tabTitles() {
    return this.page.locator('.tabs-container .tab').evaluateAll((tabs) => tabs.map((t) => t.getAttribute('aria-label') ?? ''));
  }

  /** Section (pane) of a side-bar view by its title, e.g. "Jobs". */
  view(title) {
    return this.page.locator('.pane').filter({ has: this.page.locator(`.pane-header[aria-label^="${title}"]`) });
  }

  /** Labels of the rows of a tree view. */
  async viewRows(title) {
    return this.view(title)
      .locator('.monaco-list-row')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? (r instanceof HTMLElement ? r.innerText : '').trim()));
  }

  /** Waits until a row of the view matches; returns all rows then (or throws with what was shown). */
  async waitForViewRow(title, match, timeout = 30_000) {
    let rows = [];
    return until(
      async () => {
        rows = await this.viewRows(title);
        return rows.some((r) => match.test(r)) ? rows : undefined;
      },
      { what: () => `a ${title} view row matching ${match}; rows: ${JSON.stringify(rows)}`, timeoutMs: timeout, intervalMs: 200 },
    );
  }

  /** Saves a PNG into the screenshots folder (test-results/screenshots); returns its path. */
  async screenshot(name) {
    const path = join(this.screenshotsDir, `${this.screenshotPrefix}${name.replace(/[^\w.-]+/g, '-')}.png`);
    // Two frames: what the last hover or click changed is painted; transitions are finished at once.
    await this.page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await this.page.screenshot({ path, animations: 'disabled' });
    return path;
  }
}
