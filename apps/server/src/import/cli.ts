/**
 * npm run import -- [--full | --reindex | --lint [--full]] [--database-url URL] [--data-dir DIR]
 *
 * Loads the starter library (default) or the full corpus into PGlite (DATA_DIR) or PostgreSQL
 * (DATABASE_URL), with one progress bar per collection and a one-line summary; `--lint` counts what the importer
 * cleans (lint.ts) without a database.
 */
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { ConfigError, loadConfig, readEnvFile } from '../config.js';
import { DatabaseOpenError, openDatabase } from '../db/client.js';
import { importFullCorpus, importStarter, type ImportProgress } from './index.js';
import { reindexSearch, staleSearchRows } from './reindex.js';
import { formatLint, lintSources } from './lint.js';
import { fullSources, starterSources } from './sources/index.js';

const USAGE = `用法 (usage): npm run import -- [--full | --reindex | --lint [--full]] [--database-url URL] [--data-dir DIR]

  --full               导入完整语料（30 万余条），默认只导入入门内容库
                       load the full corpus (300,000+ texts) instead of the starter library
  --lint               统计导入前后文本中的注释、半角标点、多余空格、空行与重复行，不写数据库；加 --full 同时统计完整语料
                       count notes, half-width punctuation, stray spaces, empty and repeated lines before and after
                       cleaning (no database); with --full the full corpus too
  --reindex            重建旧版本写入的搜索字段（作者、作品、朝代、拼音），不导入新内容
                       rewrite the search fields of texts written by an older version (no import)
  --database-url URL   PostgreSQL 连接串，默认读取环境变量 DATABASE_URL
                       PostgreSQL URL (default: $DATABASE_URL)
  --data-dir DIR       未设置数据库连接串时，内嵌数据库（PGlite）的数据目录，默认 $DATA_DIR 或 ./data
                       data folder of the embedded database when no URL is given
  -h, --help           显示本帮助 (show this help)`;

/** A failure the user can fix: print the message, no stack trace. */
class UsageError extends Error {}

function parseCommandLine(argv: string[]) {
  try {
    const { values } = parseArgs({
      args: argv,
      options: {
        full: { type: 'boolean', default: false },
        reindex: { type: 'boolean', default: false },
        lint: { type: 'boolean', default: false },
        'database-url': { type: 'string' },
        'data-dir': { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
    return values;
  } catch (err) {
    throw new UsageError(`参数错误 (invalid arguments): ${(err as Error).message}\n\n${USAGE}`);
  }
}

/** One bar per collection, kept on screen when done; plain lines when output is not a terminal. */
function progressReporter() {
  const interactive = Boolean(process.stderr.isTTY);
  const multibar = new cliProgress.MultiBar(
    {
      format: ' {label} |{bar}| {value}/{total} | {rate} 条/秒 | 新增 {added}',
      barsize: 30,
      hideCursor: true,
      clearOnComplete: false,
      stopOnComplete: false,
    },
    cliProgress.Presets.shades_classic,
  );
  let stopped = false;
  const bars = new Map<string, { bar?: cliProgress.SingleBar; started: number }>();
  const rate = (p: ImportProgress, started: number) => Math.round(p.done / Math.max(0.001, (performance.now() - started) / 1000));

  return {
    update(p: ImportProgress) {
      let entry = bars.get(p.source);
      if (!entry) {
        const label = p.label.padEnd(6, '\u3000');
        entry = { bar: interactive ? multibar.create(p.total, 0, { label, rate: 0, added: 0 }) : undefined, started: performance.now() };
        bars.set(p.source, entry);
      }
      const payload = { rate: rate(p, entry.started), added: p.added };
      if (entry.bar) {
        entry.bar.setTotal(Math.max(p.total, p.done));
        entry.bar.update(p.done, payload);
      } else if (p.finished) {
        process.stderr.write(`${p.label}: ${p.done}/${p.total}, ${payload.rate} 条/秒, 新增 ${p.added}, 跳过 ${p.skipped}\n`);
      }
    },
    stop() {
      if (interactive && !stopped) multibar.stop();
      stopped = true;
    },
  };
}

/** `--lint [--full]`: the table of lint.ts for the starter library (as the importer reads it) and the full corpus. */
function lint(full: boolean): void {
  const libraries = [{ label: '入门库', report: lintSources(starterSources()) }];
  if (full) {
    process.stderr.write('统计完整语料 (reading the full corpus)…\n');
    const report = lintSources(fullSources(), (n) => process.stderr.write(`\r${n} 篇`));
    process.stderr.write('\n');
    libraries.push({ label: '完整语料', report });
  }
  process.stdout.write(`${formatLint(libraries)}\n`);
}

async function main(argv: string[]): Promise<void> {
  const args = parseCommandLine(argv);
  if (args.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  if (args.lint && args.reindex) throw new UsageError(`参数错误 (invalid arguments): --lint 不能与 --reindex 同用\n\n${USAGE}`);
  if (args.lint) {
    lint(args.full);
    return;
  }
  readEnvFile();
  const config = loadConfig({
    ...process.env,
    ...(args['database-url'] !== undefined ? { DATABASE_URL: args['database-url'] } : {}),
    ...(args['data-dir'] !== undefined ? { DATA_DIR: args['data-dir'] } : {}),
  });
  const where = config.databaseUrl ? 'PostgreSQL' : `PGlite (${config.dataDir})`;
  if (!args.reindex) process.stderr.write(`${args.full ? '导入完整语料' : '导入入门内容库'} → ${where}\n`);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  if (args.reindex) {
    try {
      const stale = await staleSearchRows(database.db);
      process.stderr.write(`重建搜索字段 (reindexing): ${stale} 条\n`);
      const done = await reindexSearch(database.db, (n) => process.stderr.write(`\r${n}/${stale}`));
      process.stdout.write(`\n完成：重建 ${done} 条 (done: ${done} texts reindexed)\n`);
    } finally {
      await database.close();
    }
    return;
  }
  const progress = progressReporter();
  try {
    const run = args.full ? importFullCorpus : importStarter;
    const summary = await run(database.db, { onProgress: (p) => progress.update(p) });
    progress.stop();
    const seconds = summary.seconds.toFixed(1);
    process.stdout.write(
      `完成：新增 ${summary.added} 条，更新 ${summary.updated} 条，已存在跳过 ${summary.skipped} 条，用时 ${seconds} 秒 ` +
        `(done: ${summary.added} texts added, ${summary.updated} updated, ${summary.skipped} skipped as already present, ${seconds} s)\n`,
    );
    if (summary.kept.count > 0) {
      process.stdout.write(
        `编辑改过的文本 ${summary.kept.count} 条，未覆盖 (changed by an editor since import, not overwritten):\n` +
          summary.kept.texts.map((t) => `  #${t.id} ${t.importKey} ${t.title ?? ''}\n`).join('') +
          (summary.kept.count > summary.kept.texts.length ? `  …另有 ${summary.kept.count - summary.kept.texts.length} 条\n` : ''),
      );
    }
  } finally {
    progress.stop();
    await database.close();
  }
}

main(process.argv.slice(2)).catch((err: unknown) => {
  const expected = err instanceof UsageError || err instanceof ConfigError || err instanceof DatabaseOpenError;
  const message = err instanceof Error ? err.message : String(err);
  process.stderr.write(expected ? `${message}\n` : `导入失败 (import failed): ${message}\n`);
  process.exitCode = err instanceof UsageError ? 2 : 1;
});
