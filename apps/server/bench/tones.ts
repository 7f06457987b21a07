/**
 * `npm run bench:tones`: how often the tone engine agrees with the corpus's stored 平仄 on the poems held out of its
 * tables (odd id hash, see isTrainingPoem), unknown marks left out. Reads the Simplified text as the site shows it,
 * with no stored marks given to the engine. Prints the share of characters and of polyphones (characters the tables
 * call 可平可仄) it reads as the corpus marks them; a polyphone still undecided counts with its usual tone.
 *
 * Also imported by bench/run.ts, which prints the same figures in its report.
 */
import { isTrainingPoem, readTones, toneOfChar } from '@shiju/contract/tones';
import { markedPoems } from '../src/import/strains.js';

export interface ToneAgreement {
  poems: number;
  chars: number;
  agree: number;
  polyphones: number;
  polyAgree: number;
  /** Characters the learnt table never saw, read by pinyin-pro; and those nothing reads (always counted wrong). */
  unseen: number;
  unseenAgree: number;
  unread: number;
  /** Characters of regulated poems (equal clauses) and of the others. */
  byForm: Record<'shi' | 'other', { chars: number; agree: number }>;
}

export function measureTones(limit = Infinity): ToneAgreement {
  const r: ToneAgreement = {
    poems: 0,
    chars: 0,
    agree: 0,
    polyphones: 0,
    polyAgree: 0,
    unseen: 0,
    unseenAgree: 0,
    unread: 0,
    byForm: { shi: { chars: 0, agree: 0 }, other: { chars: 0, agree: 0 } },
  };
  for (const poem of markedPoems()) {
    if (isTrainingPoem(poem.id)) continue;
    if (r.poems >= limit) break;
    r.poems++;
    // The poem as the site shows it: Simplified, clauses as the corpus ends them.
    let text = '';
    poem.simple.forEach((ch, i) => {
      text += ch;
      if (poem.clause[i + 1] !== poem.clause[i]) text += '，';
    });
    const reading = readTones(text);
    const form = r.byForm[reading.form];
    reading.chars.forEach((c, i) => {
      const want = poem.marks[i];
      if (want !== 'p' && want !== 'z') return;
      const ok = c.tone === want;
      r.chars++;
      form.chars++;
      if (ok) {
        r.agree++;
        form.agree++;
      }
      const alone = toneOfChar(c.ch);
      if (alone.both) {
        r.polyphones++;
        if (ok) r.polyAgree++;
      }
      if (alone.source === 'pinyin') {
        r.unseen++;
        if (ok) r.unseenAgree++;
      } else if (alone.source === 'none') r.unread++;
    });
  }
  return r;
}

const pct = (a: number, b: number) => (b === 0 ? '—' : `${((100 * a) / b).toFixed(2)}%`);

export function toneReport(r: ToneAgreement): string[] {
  return [
    `格律 tone engine vs the corpus's stored 平仄, held-out poems (odd id hash): ${r.poems.toLocaleString('en')} poems`,
    `  characters ${pct(r.agree, r.chars)} of ${r.chars.toLocaleString('en')} (target ≥ 95%)`,
    `  polyphones ${pct(r.polyAgree, r.polyphones)} of ${r.polyphones.toLocaleString('en')} (target ≥ 85%)`,
    `  regulated (equal clauses) ${pct(r.byForm.shi.agree, r.byForm.shi.chars)} · other ${pct(r.byForm.other.agree, r.byForm.other.chars)}`,
    `  never seen in the learnt half, read by pinyin-pro ${pct(r.unseenAgree, r.unseen)} of ${r.unseen.toLocaleString('en')}; unknown to both ${r.unread.toLocaleString('en')}`,
  ];
}

/** The same figures as a table for benchmarks/tones.md. */
export function toneTable(r: ToneAgreement): string {
  const n = (x: number) => x.toLocaleString('en');
  return [
    `Held-out poems (odd id hash): ${n(r.poems)}; unknown marks (○) left out; the Simplified text, no stored marks given.`,
    '',
    '| characters | agreement | counted | target |',
    '| --- | ---: | ---: | --- |',
    `| all | ${pct(r.agree, r.chars)} | ${n(r.chars)} | ≥ 95% |`,
    `| polyphones (可平可仄 in the tables) | ${pct(r.polyAgree, r.polyphones)} | ${n(r.polyphones)} | ≥ 85% |`,
    `| of regulated poems (equal clauses) | ${pct(r.byForm.shi.agree, r.byForm.shi.chars)} | ${n(r.byForm.shi.chars)} | |`,
    `| of other poems | ${pct(r.byForm.other.agree, r.byForm.other.chars)} | ${n(r.byForm.other.chars)} | |`,
    `| never seen in the learnt half, read by pinyin-pro | ${pct(r.unseenAgree, r.unseen)} | ${n(r.unseen)} | |`,
    `| unknown to both (shown ？, counted as disagreeing) | 0.00% | ${n(r.unread)} | |`,
  ].join('\n');
}

if (process.argv[1] && /bench[\\/]tones\.ts$/.test(process.argv[1])) {
  const limit = Number(process.env.TONES_LIMIT ?? Infinity);
  for (const line of toneReport(measureTones(limit))) console.log(line);
}
