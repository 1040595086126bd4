// The pure rules behind the Jobs view, Save Next to Source and the Translate Files confirmation.
import * as assert from 'node:assert/strict';
import { invalidServerValue, isInside, nextToSourcePath } from '../../../src/features/jobs/artifacts/nextToSource.ts';
import { outputMode, parseOptions } from '../../../src/features/jobs/translateFiles/optionValues.ts';
import { countCharacters, describeSkipped, summarizeThresholds, textThresholdMillicredits } from '../../../src/features/jobs/translateFiles/fileFormats.ts';
import { isTextFormat, overallProgress, withProgress, type TrackedJob } from '../../../src/features/jobs/model.ts';
import { jobDescription, jobTooltipMarkdown } from '../../../src/features/jobs/view/describe.ts';

function job(over: Partial<TrackedJob> = {}): TrackedJob {
  return {
    id: 'job_1',
    documentId: 'doc_1',
    targetLang: 'de',
    sourceLang: null,
    engine: 'xr-397b',
    status: 'processing',
    stage: 'translating',
    progress: 45,
    stageMessage: '',
    queuePosition: null,
    errorMsg: null,
    quotaExceeded: false,
    timeCost: 0,
    createdAt: '2026-11-23T02:00:00.000Z',
    updatedAt: '2026-11-23T02:00:05.000Z',
    ...over,
  };
}

describe('jobs helpers', () => {
  it('places a translation next to its source per the pattern', () => {
    const sourcePath = '/ws/docs/guide.md';
    assert.equal(nextToSourcePath({ pattern: '${dir}/${lang}/${name}', sourcePath, lang: 'de' }), '/ws/docs/de/guide.md');
    assert.equal(nextToSourcePath({ pattern: '${dir}/${stem}.${lang}${ext}', sourcePath, lang: 'fr' }), '/ws/docs/guide.fr.md');
    assert.equal(nextToSourcePath({ pattern: 'i18n/${lang}/${name}', sourcePath, lang: 'ja' }), '/ws/docs/i18n/ja/guide.md');
    assert.equal(nextToSourcePath({ pattern: '${dir}/${name}', sourcePath, lang: 'de' }), undefined, 'never the source itself');
    assert.equal(nextToSourcePath({ pattern: '${dir}/${unknown}/${name}', sourcePath, lang: 'de' }), undefined);
    assert.equal(nextToSourcePath({ pattern: '${dir}/${lang}/', sourcePath, lang: 'de' }), undefined);
    assert.equal(isInside('/ws', '/ws/docs/de/guide.md'), true);
    assert.equal(isInside('/ws', '/etc/passwd'), false);
    assert.equal(isInside('/ws', '/ws'), false);
  });

  it('never lets the service choose the path: its language and format are checked as what they claim to be', () => {
    const sourcePath = '/ws/docs/guide.md';
    const pattern = '${dir}/${lang}/${name}';
    // A hostile format or language would otherwise land in .vscode/tasks.json or .git/hooks.
    assert.equal(nextToSourcePath({ pattern, sourcePath, lang: 'de', format: 'md/../../../.vscode/tasks.json' }), undefined);
    assert.equal(nextToSourcePath({ pattern, sourcePath, lang: '../../.git/hooks', format: 'md' }), undefined);
    assert.equal(nextToSourcePath({ pattern, sourcePath, lang: 'de/../..', format: 'md' }), undefined);
    assert.equal(nextToSourcePath({ pattern, sourcePath, lang: 'de', format: 'm\\d' }), undefined);
    assert.deepEqual(invalidServerValue('de', 'md/../../../.vscode/tasks.json'), { field: 'format', value: 'md/../../../.vscode/tasks.json' });
    assert.deepEqual(invalidServerValue('../.git/hooks', 'md'), { field: 'target_lang', value: '../.git/hooks' });
    // Honest values pass: region and script subtags, formats with or without a dot.
    assert.equal(invalidServerValue('pt-BR', 'pdf'), undefined);
    assert.equal(invalidServerValue('zh-Hans', '.docx'), undefined);
    assert.equal(nextToSourcePath({ pattern, sourcePath, lang: 'pt-BR', format: 'html' }), '/ws/docs/pt-BR/guide.html');
    // The result stays in the folder the pattern names before its first value.
    assert.equal(nextToSourcePath({ pattern: '${dir}/out/${lang}/${name}', sourcePath, lang: 'de' }), '/ws/docs/out/de/guide.md');
  });

  it('takes the queue position from queue_position only, never from the wording of stage_message', () => {
    const queued = job({ status: 'pending', stage: 'queued', progress: 0, queuePosition: null });
    const snapshot = {
      job_id: 'job_1',
      source: 'sse',
      status: 'pending',
      stage: 'queued',
      stage_progress: 0,
      stage_message: '2 jobs ahead of this one',
    } as const;
    const worded = withProgress(queued, snapshot);
    assert.equal(worded.queuePosition, null);
    assert.equal(worded.stageMessage, '2 jobs ahead of this one');
    assert.equal(withProgress(queued, { ...snapshot, queue_position: 4 }).queuePosition, 4);
    assert.equal(
      withProgress(job(), { job_id: 'job_1', source: 'sse', status: 'processing', stage: 'translating', stage_progress: 50, stage_message: '' }).queuePosition,
      null,
    );
  });

  it('describes a job by language, stage and progress or queue position', () => {
    assert.equal(jobDescription(job()), 'de · translating 45%');
    assert.equal(jobDescription(job({ status: 'pending', stage: 'queued', progress: 0, queuePosition: 3 })), 'de · queued · 3 ahead');
    assert.equal(jobDescription(job({ status: 'pending', stage: 'queued', progress: 0, queuePosition: null })), 'de · queued');
    assert.equal(jobDescription(job({ status: 'completed', stage: 'completed', progress: 100 })), 'de · completed');
    assert.equal(jobDescription(job({ status: 'failed', stage: 'failed', errorMsg: 'cancelled' })), 'de · cancelled');
    assert.equal(jobDescription(job({ status: 'failed', stage: 'failed', quotaExceeded: true })), 'de · failed: not enough credits');
    const tip = jobTooltipMarkdown(job({ status: 'failed', stage: 'failed', errorMsg: 'boom', quotaExceeded: true }), 'guide.md', 'en');
    assert.match(tip, /Error: boom/);
    assert.match(tip, /Nothing was charged/);
    assert.match(tip, /Created: /);
  });

  it('aggregates progress across stages, from queued (0) to ended (1)', () => {
    const stages = ['queued', 'accepted', 'preflight', 'translating', 'writing_artifacts', 'finalizing'];
    const values = stages.map((stage) => overallProgress({ status: stage === 'queued' ? 'pending' : 'processing', stage, progress: 50 }));
    for (let i = 1; i < values.length; i++) assert.ok(values[i]! > values[i - 1]!, `${stages[i]} is further than ${stages[i - 1]}`);
    assert.equal(overallProgress({ status: 'completed', stage: 'completed', progress: 100 }), 1);
  });

  it('computes the start threshold of text files (characters, at least 2 credits) and leaves PDFs to the service', () => {
    assert.equal(textThresholdMillicredits(0), 2000);
    assert.equal(textThresholdMillicredits(1), 2000);
    assert.equal(textThresholdMillicredits(1234), 1_234_000);
    assert.equal(countCharacters('a😀b'), 3, 'code points, as the service counts');
    const s = summarizeThresholds([{ kind: 'text', characters: 10, millicredits: 10_000 }, { kind: 'pdf' }, { kind: 'binary' }], 2);
    assert.deepEqual(s, { knownMillicredits: 20_000, largestMillicredits: 10_000, unknownJobs: 4, pdfFiles: 1 });
    assert.equal(isTextFormat('md'), true);
    assert.equal(isTextFormat('pdf'), false);
  });

  it('reads a Translate Files options argument and ignores what is not one', () => {
    assert.deepEqual(
      parseOptions({ targetLanguages: ['de', 'fr', 'de', '../x'], outputMode: 'single', engine: ' xr-lite ', includeImages: true, confirm: false }),
      {
        targetLanguages: ['de', 'fr'],
        outputMode: 'single',
        engine: 'xr-lite',
        includeImages: true,
      },
    );
    assert.equal(parseOptions(undefined), undefined);
    assert.equal(parseOptions(['de']), undefined);
    assert.equal(parseOptions({ outputMode: 'single' }), undefined);
  });

  it('says which files were skipped locally and why, naming them; past five the rest are counted', () => {
    assert.equal(describeSkipped([]), undefined);
    const text = describeSkipped([
      { path: '/ws/node_modules/dep/a.md', why: 'ignored' },
      { path: '/ws/.git/b.md', why: 'ignored' },
      { path: '/ws/gone.md', why: 'unreadable' },
      { path: '/ws/empty.txt', why: 'empty' },
    ])!;
    assert.match(text, /^2 files skipped \(a\.md, b\.md\): in node_modules or \.git, or hidden by files\.exclude: not a document to translate\. /);
    assert.match(text, /1 file skipped \(gone\.md\): could not be read\. /);
    assert.match(text, /1 file skipped \(empty\.txt\): empty \(0 bytes\)/);
    const many = describeSkipped(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((n) => ({ path: `/ws/.git/${n}.yml`, why: 'ignored' as const })))!;
    assert.match(many, /^7 files skipped \(a\.yml, b\.yml, c\.yml, d\.yml, e\.yml and 2 more\): /);
    assert.doesNotMatch(many, /Translate Files sends documents/, 'no local list of formats: the service decides');
  });

  it('sends single output for documentation text unless bilingual was chosen', () => {
    assert.deepEqual(outputMode({}, 'guide.md'), { output_mode: 'single' });
    assert.deepEqual(outputMode({}, 'page.MDX'), { output_mode: 'single' });
    assert.deepEqual(outputMode({}, 'manual.pdf'), {});
    assert.deepEqual(outputMode({ outputMode: 'bilingual' }, 'guide.md'), { output_mode: 'bilingual' });
  });
});
