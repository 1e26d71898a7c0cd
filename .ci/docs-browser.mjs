// Opens every page of the built site (target/site) in headless Chromium, served from a loopback HTTP server of
// its own, and fails on: a console error or an uncaught exception, a request that fails or answers 400 or more,
// a request to any other host (the site must ask nothing of the internet), an image that does not load, and an
// internal link to a page, file or anchor that does not exist. Javadoc: each module's index page is opened; the
// pages inside it are javadoc's own. Usage: node docs-browser.mjs <site dir> (CHROMIUM overrides the browser).
import { chromium } from 'playwright-core';
import { createServer } from 'node:http';
import { readFile, readdir, stat } from 'node:fs/promises';
import { extname, join, normalize, relative, sep } from 'node:path';

const root = process.argv[2];
const executablePath = process.env.CHROMIUM || '/usr/bin/chromium';
const types = {
  '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.js': 'text/javascript', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon', '.xml': 'application/xml',
  '.woff2': 'font/woff2', '.woff': 'font/woff', '.ttf': 'font/ttf', '.gif': 'image/gif', '.txt': 'text/plain',
};

async function fileFor(urlPath) {
  let path = normalize(join(root, decodeURIComponent(urlPath)));
  if (relative(root, path).startsWith('..')) return null;
  try {
    if ((await stat(path)).isDirectory()) path = join(path, 'index.html');
    await stat(path);
    return path;
  } catch {
    return null;
  }
}

const server = createServer(async (req, res) => {
  const path = await fileFor(new URL(req.url, 'http://x').pathname);
  if (!path) {
    res.writeHead(404).end('not found');
    return;
  }
  res.writeHead(200, { 'content-type': types[extname(path)] || 'application/octet-stream' });
  res.end(await readFile(path));
});
await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
const origin = `http://127.0.0.1:${server.address().port}`;

async function walk(dir) {
  const out = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else out.push(p);
  }
  return out;
}
const pages = (await walk(root))
  .map((p) => relative(root, p).split(sep).join('/'))
  .filter((p) => p.endsWith('.html') && (!p.startsWith('api/') || /^api\/[^/]+\/index\.html$/.test(p)))
  .sort();

const problems = [];
const anchors = new Map(); // page path -> Set of ids
const links = []; // [from page, absolute URL]
const browser = await chromium.launch({
  executablePath,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const context = await browser.newContext();
await context.route('**/*', (route) => {
  const url = route.request().url();
  if (url.startsWith(origin + '/')) return route.continue();
  problems.push(`request to another host: ${url}`);
  return route.abort();
});

const started = Date.now();
for (const path of pages) {
  const page = await context.newPage();
  const where = `/${path}`;
  page.on('console', (m) => { if (m.type() === 'error') problems.push(`${where}: console error: ${m.text()}`); });
  page.on('pageerror', (e) => problems.push(`${where}: uncaught exception: ${e.message}`));
  page.on('requestfailed', (r) => {
    if (r.url().startsWith(origin)) problems.push(`${where}: request failed: ${r.url()} (${r.failure()?.errorText})`);
  });
  page.on('response', (r) => { if (r.status() >= 400) problems.push(`${where}: HTTP ${r.status()} for ${r.url()}`); });
  const response = await page.goto(`${origin}/${path}`, { waitUntil: 'load', timeout: 60000 });
  if (!response || response.status() !== 200) problems.push(`${where}: HTTP ${response?.status()}`);
  await page.waitForLoadState('networkidle', { timeout: 10000 }).catch(() => {});
  const seen = await page.evaluate(() => ({
    broken: [...document.images].filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.src),
    ids: [...document.querySelectorAll('[id], a[name]')].map((e) => e.id || e.getAttribute('name')),
    hrefs: [...document.querySelectorAll('a[href]')].map((a) => a.href),
  }));
  for (const src of seen.broken) problems.push(`${where}: image does not load: ${src}`);
  anchors.set(path, new Set(seen.ids));
  if (!path.startsWith('api/')) for (const href of seen.hrefs) links.push([where, href]);
  await page.close();
}

const exists = new Map();
for (const [from, href] of links) {
  if (!href.startsWith(origin + '/')) continue; // another site: a link, never fetched
  const url = new URL(href);
  let target = url.pathname.replace(/^\//, '');
  if (!exists.has(url.pathname)) exists.set(url.pathname, await fileFor(url.pathname));
  const file = exists.get(url.pathname);
  if (!file) {
    problems.push(`${from}: broken link to ${url.pathname}`);
    continue;
  }
  if (target === '' || target.endsWith('/')) target += 'index.html';
  const fragment = decodeURIComponent(url.hash.slice(1));
  if (fragment && anchors.has(target) && !anchors.get(target).has(fragment)) {
    problems.push(`${from}: link to a missing anchor: ${url.pathname}#${fragment}`);
  }
}

await browser.close();
server.close();
const unique = [...new Set(problems)];
console.log(`${pages.length} pages opened, ${links.length} links checked in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (unique.length) {
  console.error(`${unique.length} problem(s):\n` + unique.map((p) => `  ${p}`).join('\n'));
  process.exit(1);
}
console.log('no broken link, missing image, console error or outside request');
