/**
 * The HTML report as a person sees it: opened from disk in a real headless Chromium (Debian's
 * `chromium`, driven by playwright-core; .ci/run installs it), with every request the page makes
 * recorded and refused, every console error and dialog caught.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeText } from '../src/report/escape.js';

const root = new URL('..', import.meta.url).pathname;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HOSTILE = `<img src=x onerror=alert(1)>"q'.js`;

describe('report --format html in a browser', () => {
  let dir: string;
  let browser: Browser;
  let page: Page;
  const requests: string[] = [];
  const problems: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'civic-html-'));
    const put = (file: string, text: string) => {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), text);
    };
    put(
      'src/api/state.ts',
      "export const early = (s: { vbm_no_excuse: boolean }) => s.vbm_no_excuse;\nexport const url = '/v1/election/field/';\n",
    );
    put('src/ui/page.js', "export const label = (f) => f.field_type === 'external_tool_ovr' ? 'Register' : '';\n");
    put('scripts/sync.py', 'def f(state):\n    return state["vbm_universal"]\n');
    put(HOSTILE, "const t = '</script><script>alert(2)</script>'; const s = 'vbm_no_excuse';\n");
    execFileSync(
      process.execPath,
      [
        join(root, 'bin/civic-migrate.cjs'),
        'report',
        '--no-config',
        '--format',
        'html',
        '-o',
        'report.html',
        '--fail-on',
        'none',
        '.',
      ],
      {
        cwd: dir,
        env: { ...process.env, CIVIC_MIGRATE_CACHE_DIR: 'off' },
        stdio: 'pipe',
      },
    );
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    page = await browser.newPage();
    page.on('console', (m) => (m.type() === 'error' || m.type() === 'warning') && problems.push(m.text()));
    page.on('pageerror', (e) => problems.push(String(e)));
    page.on('dialog', (d) => {
      problems.push(`dialog: ${d.message()}`);
      void d.dismiss();
    });
    const report = pathToFileURL(join(dir, 'report.html')).href;
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url === report) return route.continue();
      requests.push(url);
      return route.abort();
    });
    await page.goto(report);
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const visibleRows = () => page.locator('tr.finding:visible');
  const visibleFiles = async () => [...new Set(await page.locator('tr.finding:visible td.where a').allTextContents())].sort();

  it('shows the verdict and the counts, with no request leaving the page and no error', async () => {
    expect(await page.locator('.verdict').textContent()).toMatch(
      /^PASS: \d+ V1 usages in 4 files: \d+ for `civic-migrate codemod`, \d+ for a person( \(\d+ low-confidence, not gating\))?\.$/,
    );
    const cards = await page.locator('.card').allTextContents();
    const total = await page.locator('tr.finding').count();
    expect(cards[0]).toBe(`${total}findings`);
    expect(cards[4]).toBe('4files affected');
    expect(await page.locator('output[name=shown]').textContent()).toBe(`${total} findings`);
    expect(await visibleRows().count()).toBe(total);
    expect(requests).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('a filter hides the rows that do not match, and "Show all" brings them back', async () => {
    const total = await page.locator('tr.finding').count();
    await page.selectOption('select[name=fixer]', 'person');
    const persons = await page.locator('tr.finding[data-fixer=person]').count();
    expect(persons).toBeGreaterThan(0);
    expect(persons).toBeLessThan(total);
    expect(await visibleRows().count()).toBe(persons);
    expect(await page.locator('output[name=shown]').textContent()).toBe(`${persons} of ${total} findings`);
    await page.click('button[type=reset]');
    await expect.poll(() => visibleRows().count()).toBe(total);
  });

  it('drills down: a folder shows only its findings, by mouse and by keyboard', async () => {
    await page.click('button.folder[data-folder="src"]');
    expect(await visibleFiles()).toEqual(['src/api/state.ts', 'src/ui/page.js']);
    await page.click('button.folder[data-folder="src/api"]');
    expect(await visibleFiles()).toEqual(['src/api/state.ts']);
    expect(await page.locator('button.folder[data-folder="src/api"]').getAttribute('aria-pressed')).toBe('true');
    await page.focus('button.folder[data-folder="scripts"]');
    await page.keyboard.press('Enter');
    expect(await visibleFiles()).toEqual(['scripts/sync.py']);
    await page.fill('input[name=folder]', 'src');
    expect(await visibleFiles()).toEqual(['src/api/state.ts', 'src/ui/page.js']);
    await page.click('button[type=reset]');
  });

  it('renders a hostile file name and excerpt as text', async () => {
    expect(await page.locator('td.where a').allTextContents()).toContain(HOSTILE);
    const row = page.locator('tr.finding').filter({ has: page.locator('td.where a', { hasText: HOSTILE }) });
    expect(await row.locator('a').first().getAttribute('href')).toBe(encodeURIComponent(HOSTILE));
    const excerpt = await row.locator('pre').first().textContent();
    expect(excerpt).toBe("const t = '</script><script>alert(2)</script>'; const s = 'vbm_no_excuse';");
    expect(await page.locator('img').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('is readable in dark mode too, and printing shows every finding', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    const background = () =>
      page
        .locator('body')
        .evaluate(
          (body) =>
            (
              body.ownerDocument.defaultView as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }
            ).getComputedStyle(body).backgroundColor,
        );
    const dark = await background();
    await page.emulateMedia({ colorScheme: 'light' });
    const light = await background();
    expect([dark, light]).toEqual(['rgb(13, 17, 23)', 'rgb(255, 255, 255)']);
    await page.selectOption('select[name=kind]', 'rename');
    await page.emulateMedia({ media: 'print' });
    expect(await visibleRows().count()).toBe(await page.locator('tr.finding').count());
    await page.emulateMedia({ media: 'screen' });
  });
});

describe('escapeText', () => {
  it('escapes what could end text or an attribute', () => {
    expect(escapeText(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });
});

it('Chromium is where the tests look for it', () => {
  expect(existsSync(CHROMIUM), `${CHROMIUM}: install Debian's chromium (or set CHROMIUM_PATH)`).toBe(true);
});
