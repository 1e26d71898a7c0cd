// Runs the HTTP cache test suite (http-tests/cache-tests) through a cache at a base URL, as its own
// command-line client does, over the tests that apply to a private cache, and compares the results
// with the suite's browser results.
//
//   node cache-suite.mjs run <suite dir> <base URL> <out dir>   runs, then writes the summary
//   node cache-suite.mjs summary <suite dir> <out dir>          the summary of <out dir>/httpjson.json
//
// Which tests apply. The suite's browser runner (test-browser.html) leaves out the tests flagged
// cdn_only and browser_skip and runs those flagged browser_only; the browsers' results in results/
// cover exactly that set, and it is the set counted here ("private"). Its command-line client runs
// against a proxy and so leaves browser_only tests out: they are run here too, as the browser runner
// would, the fetch option `cache: 'no-cache'` (two tests) becoming the request field Fetch adds for it,
// `Cache-Control: max-age=0`. The browser_skip tests that are not about a shared cache (3xx reuse, the
// cache answering the caller's own conditional request, interim responses) are run as well and shown
// apart ("extra"): no browser has a result for them. Tests for a shared cache or a CDN are not run.
import fs from 'fs'
import path from 'path'
import { pathToFileURL } from 'url'

const [mode, suiteDir, ...rest] = process.argv.slice(2)
const suite = file => pathToFileURL(path.resolve(suiteDir, file)).href
const { default: testSuites } = await import(suite('tests/index.mjs'))
const { determineTestResult, resultTypes } = await import(suite('test-engine/lib/results.mjs'))
const BROWSERS = ['chrome', 'firefox', 'safari']

function classify () {
  const sets = { private: [], extra: [], shared: [], cdn: [] }
  for (const testSuite of testSuites) {
    for (const test of testSuite.tests) {
      if (test.cdn_only === true) sets.cdn.push(test)
      else if (test.browser_skip === true) (/\bshared\b/i.test(test.name) ? sets.shared : sets.extra).push(test)
      else sets.private.push(test)
    }
  }
  return sets
}

function forCli (test) {
  if (test.browser_only !== true) return test
  const copy = { ...test, browser_only: false }
  copy.requests = test.requests.map(request => {
    if (request.cache === undefined) return request
    if (request.cache !== 'no-cache') throw new Error(`${test.id}: no translation for cache mode ${request.cache}`)
    const { cache, ...rest } = request
    return { ...rest, request_headers: [...(rest.request_headers || []), ['Cache-Control', 'max-age=0']] }
  })
  return copy
}

async function run (base, outDir) {
  const sets = classify()
  const { runTests, getResults } = await import(suite('test-engine/client/runner.mjs'))
  const selected = [...sets.private, ...sets.extra].map(forCli)
  await runTests([{ name: 'private cache', id: 'private', tests: selected }], false, base)
  fs.mkdirSync(outDir, { recursive: true })
  fs.writeFileSync(path.join(outDir, 'httpjson.json'), JSON.stringify(getResults(), null, 2) + '\n')
  summary(outDir)
}

const PASS = [resultTypes.pass, resultTypes.yes]
const FAIL = [resultTypes.fail, resultTypes.optional_fail, resultTypes.no]
const NAMES = new Map(Object.entries(resultTypes).map(([name, type]) => [type, name]))

function outcome (test, results) {
  const type = determineTestResult(testSuites, test.id, results)
  if (PASS.includes(type)) return 'pass'
  if (FAIL.includes(type)) return 'fail'
  return NAMES.get(type) // setup_fail, dependency_fail, harness_fail, retry, untested
}

function message (results, id) {
  const r = results[id]
  return r === undefined || r === true ? '' : String(r[1] || r[0]).replace(/\|/g, '\\|').replace(/\s+/g, ' ')
}

function summary (outDir) {
  const sets = classify()
  const all = { httpjson: JSON.parse(fs.readFileSync(path.join(outDir, 'httpjson.json'))) }
  for (const b of BROWSERS) all[b] = JSON.parse(fs.readFileSync(path.resolve(suiteDir, 'results', `${b}.json`)))
  const kinds = ['required', 'optimal', 'check']
  const kindOf = test => test.kind || 'required'
  const notApplicable = sets.shared.length + sets.cdn.length + sets.extra.length
  const lines = []
  lines.push(`Tests applicable to a private cache (the suite's browser set): ${sets.private.length} ` +
    `(${kinds.map(k => `${sets.private.filter(t => kindOf(t) === k).length} ${k}`).join(', ')}); ` +
    `not applicable or not comparable: ${notApplicable} (${sets.shared.length} shared-cache, ${sets.cdn.length} CDN, ` +
    `${sets.extra.length} the browsers skip, shown apart below).`, '')
  lines.push('| cache | required: pass | fail | not run | optimal: pass | fail | not run | check: yes | no | not run |')
  lines.push('|---|---|---|---|---|---|---|---|---|---|')
  for (const [name, results] of Object.entries(all)) {
    const cells = []
    for (const k of kinds) {
      const tests = sets.private.filter(t => kindOf(t) === k)
      const o = tests.map(t => outcome(t, results))
      cells.push(o.filter(x => x === 'pass').length, o.filter(x => x === 'fail').length,
        o.filter(x => x !== 'pass' && x !== 'fail').length)
    }
    lines.push(`| ${name} | ${cells.join(' | ')} |`)
  }
  lines.push('', '"not run": the suite could not decide (a test it depends on failed, the setup failed, a retry, ' +
    'or no result); "check" tests are informational (neither required nor recommended).', '')

  const failures = sets.private.filter(t => outcome(t, all.httpjson) !== 'pass')
  const browserPasses = t => BROWSERS.filter(b => outcome(t, all[b]) === 'pass')
  const row = t => `| \`${t.id}\` | ${kindOf(t)} | ${t.name.replace(/\|/g, '\\|')} | ${outcome(t, all.httpjson)}: ${message(all.httpjson, t.id)} |`
  const beaten = failures.filter(t => browserPasses(t).length > 0)
  lines.push(`### Not passed by httpjson, passed by at least one browser (${beaten.length})`, '')
  lines.push('| test | kind | what the suite expects | httpjson | browsers passing |', '|---|---|---|---|---|')
  for (const t of beaten) lines.push(`${row(t)} ${browserPasses(t).join(', ')} |`)
  const alone = failures.filter(t => browserPasses(t).length === 0)
  lines.push('', `### Not passed by httpjson nor by any browser (${alone.length})`, '')
  lines.push('| test | kind | what the suite expects | httpjson |', '|---|---|---|---|')
  for (const t of alone) lines.push(row(t))
  const wins = sets.private.filter(t => outcome(t, all.httpjson) === 'pass' && browserPasses(t).length < BROWSERS.length)
  lines.push('', `### Passed by httpjson, not by every browser (${wins.length})`, '')
  lines.push(wins.map(t => `\`${t.id}\` (${kindOf(t)}; ${browserPasses(t).join(', ') || 'no browser'})`).join(', ') || 'none')

  lines.push('', `### Extra: tests the browsers skip, not about a shared cache (${sets.extra.length}; httpjson only, not counted above)`, '')
  lines.push('| test | kind | what the suite expects | httpjson |', '|---|---|---|---|')
  for (const t of sets.extra) lines.push(`| \`${t.id}\` | ${kindOf(t)} | ${t.name.replace(/\|/g, '\\|')} | ${outcome(t, all.httpjson)}${message(all.httpjson, t.id) ? ': ' + message(all.httpjson, t.id) : ''} |`)
  lines.push('', `Not run (shared cache): ${sets.shared.map(t => '`' + t.id + '`').join(', ')}.`)
  lines.push('', `Not run (CDN): ${sets.cdn.map(t => '`' + t.id + '`').join(', ')}.`, '')
  const text = lines.join('\n')
  fs.writeFileSync(path.join(outDir, 'summary.md'), text)
  console.log(text)
}

if (mode === 'run') await run(rest[0], rest[1])
else if (mode === 'summary') summary(rest[0])
else {
  console.error('usage: cache-suite.mjs run <suite dir> <base URL> <out dir> | summary <suite dir> <out dir>')
  process.exit(2)
}
