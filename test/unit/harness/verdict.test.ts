// The harness's decisions, on log lines and result files as code-server 4.100.3 produces them.
import * as assert from 'node:assert/strict';
import {
  activatedInLog,
  evaluateRun,
  extensionHostCrashes,
  formatConsoleArgs,
  parseListeningPort,
  parseResult,
  workbenchUrl,
} from '../../vscode/lib/verdict.mjs';

const EXIT_0 = '[02:12:51] [127.0.0.1][25b99837][ExtensionHostConnection] <11207> Extension Host Process exited with code: 0, signal: null.';
const EXIT_7 =
  '2026-11-23 02:14:56.100 [info] [127.0.0.1][43670ce1][ExtensionHostConnection] <14487> Extension Host Process exited with code: 7, signal: null.';
const KILLED = '[02:14:56] [127.0.0.1][43670ce1][ExtensionHostConnection] <14487> Extension Host Process exited with code: null, signal: SIGKILL.';
const passing = JSON.stringify({ passes: 3, failures: 0, pending: 0, tests: [] });

describe('harness verdict', () => {
  describe('parseListeningPort', () => {
    it('reads the port code-server bound', () => {
      assert.equal(parseListeningPort('[2026-11-23T02:10:56.416Z] info  HTTP server listening on http://127.0.0.1:42529/'), 42529);
    });
    it('ignores other lines', () => {
      assert.equal(parseListeningPort('[2026-11-23T02:10:56.416Z] info  Session server listening on /tmp/x.sock'), undefined);
    });
  });

  describe('workbenchUrl', () => {
    it("passes the extension paths as vscode-remote URIs of the page's own host:port", () => {
      const url = new URL(
        workbenchUrl({
          origin: 'http://127.0.0.1:4100',
          folder: '/tmp/ws one',
          extensionDevelopmentPath: '/repo',
          extensionTestsPath: '/repo/out/test/suite/index.js',
        }),
      );
      assert.equal(url.origin, 'http://127.0.0.1:4100');
      assert.equal(url.searchParams.get('folder'), '/tmp/ws one');
      assert.deepEqual(JSON.parse(url.searchParams.get('payload') ?? ''), [
        ['extensionDevelopmentPath', 'vscode-remote://127.0.0.1:4100/repo'],
        ['extensionTestsPath', 'vscode-remote://127.0.0.1:4100/repo/out/test/suite/index.js'],
      ]);
    });
    it('has no payload for an installed extension', () => {
      const url = new URL(workbenchUrl({ origin: 'http://127.0.0.1:4100', folder: '/ws' }));
      assert.equal(url.searchParams.get('payload'), null);
    });
  });

  describe('extensionHostCrashes', () => {
    it('accepts a clean exit', () => {
      assert.deepEqual(extensionHostCrashes(`a\n${EXIT_0}\nb`), []);
    });
    it('reports a non-zero code and a signal', () => {
      assert.deepEqual(extensionHostCrashes([EXIT_0, EXIT_7, KILLED].join('\n')), [EXIT_7, KILLED]);
    });
  });

  describe('parseResult', () => {
    it('reads a result file', () => {
      assert.equal(parseResult(passing)?.passes, 3);
    });
    it('rejects missing, empty, truncated and foreign content', () => {
      for (const text of [undefined, '', '{"passes": 3,', '{"passes": "3", "failures": 0, "tests": []}', '[]']) {
        assert.equal(parseResult(text), undefined, String(text));
      }
    });
  });

  describe('evaluateRun', () => {
    it('passes only when exit code, result file and server log agree', () => {
      assert.deepEqual(evaluateRun({ exitCode: 0, resultText: passing, serverLog: EXIT_0 }), { pass: true, reasons: [] });
    });
    it('fails on failed tests', () => {
      const r = evaluateRun({ exitCode: 1, resultText: JSON.stringify({ passes: 1, failures: 1, tests: [] }), serverLog: EXIT_0 });
      assert.equal(r.pass, false);
      assert.deepEqual(r.reasons, ['exit code 1', '1 test(s) failed']);
    });
    it('fails when the extension host died with code 0 before the suite wrote its result', () => {
      const r = evaluateRun({ exitCode: 0, resultText: undefined, serverLog: EXIT_0 });
      assert.equal(r.pass, false);
      assert.match(r.reasons.join(), /no result file/);
    });
    it('fails on a crashed extension host even when exit code and result look fine', () => {
      const r = evaluateRun({ exitCode: 0, resultText: passing, serverLog: EXIT_7 });
      assert.equal(r.pass, false);
      assert.match(r.reasons.join(), /extension host crashed/);
    });
    it('fails when nothing passed, when no exit code came, and on timeout', () => {
      const empty = JSON.stringify({ passes: 0, failures: 0, tests: [] });
      assert.equal(evaluateRun({ exitCode: 0, resultText: empty, serverLog: '' }).pass, false);
      assert.equal(evaluateRun({ exitCode: undefined, resultText: passing, serverLog: '' }).pass, false);
      assert.equal(evaluateRun({ exitCode: 0, resultText: passing, serverLog: '', timedOut: true }).pass, false);
    });
    it('fails when the canary key shows up in a log, the console or the result file', () => {
      const key = 'sk_test_canary0123456789';
      const clean = { exitCode: 0, resultText: passing, serverLog: EXIT_0, secrets: [key] };
      assert.equal(evaluateRun({ ...clean, otherLogs: 'GET /api/v1/jobs X-API-Key: sk_…6789' }).pass, true);
      for (const leak of [
        { serverLog: `${EXIT_0}\nkey=${key}` },
        { otherLogs: `header ${key}` },
        { resultText: JSON.stringify({ passes: 1, failures: 0, tests: [{ title: key }] }) },
      ]) {
        const r = evaluateRun({ ...clean, ...leak });
        assert.equal(r.pass, false);
        assert.match(r.reasons.join(), /API key appears/);
      }
    });
  });

  describe('formatConsoleArgs', () => {
    it('strips the log styling and applies the mocha format string', () => {
      assert.deepEqual(formatConsoleArgs(['%c INFO', 'color: #33f', '    ✔ %s', 'activates']), {
        fromExtensionHost: true,
        level: 'INFO',
        text: '    ✔ activates',
      });
      assert.deepEqual(formatConsoleArgs(['%c  ERR', 'color: #f33', 'boom']), { fromExtensionHost: true, level: 'ERR', text: 'boom' });
    });
    it('passes other page messages through', () => {
      assert.deepEqual(formatConsoleArgs(['plain %d', 4]), { fromExtensionHost: false, text: 'plain 4' });
    });
  });

  describe('activatedInLog', () => {
    const line =
      "2026-11-23 02:14:55.832 [info] ExtensionService#_doActivateExtension doc-translate.doc-translate, startup: false, activationEvent: 'onStartupFinished'";
    it('finds the activation of this extension', () => {
      assert.equal(activatedInLog(line), true);
      assert.equal(activatedInLog(line.replace('doc-translate.doc-translate', 'vscode.git')), false);
    });
    it('does not count a failed activation', () => {
      assert.equal(activatedInLog(`${line}\n[error] Activating extension doc-translate.doc-translate failed due to an error:`), false);
    });
  });
});
