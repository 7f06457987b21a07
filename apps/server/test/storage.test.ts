/**
 * Object storage (STORAGE=s3) against a local S3-compatible server (s3rver) this file starts: uploads land in the
 * bucket and survive the server restarting in the middle of a burst, export archives are private objects behind
 * signed links of at most 15 minutes, account deletion deletes the objects, the public origin joins the CSP, and bad
 * settings stop start-up. Every call goes over real HTTP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { strFromU8, unzipSync } from 'fflate';
import { ConfigError, loadConfig } from '../src/config.js';
import { users } from '../src/db/schema.js';
import { JOBS } from '../src/jobs/scheduler.js';
import { EXPORT_LINK_SECONDS } from '../src/modules/export/index.js';
import type { CallData, CallId } from '@shiju/contract';
import { createTestApp, routeOf, signUp, type CallParts, type TestContext } from './helper.js';
import { startS3, type LocalS3 } from './s3.js';

let s3: LocalS3;
/** Uploads read from the bucket's public address. */
let t: TestContext;
let base: string;
/** The same bucket with no public address: uploads are read through the app. */
let proxied: TestContext;
let proxiedBase: string;

const listen = async (ctx: TestContext) => {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(ctx.app.server.address() as { port: number }).port}`;
};

beforeAll(async () => {
  s3 = await startS3();
  t = await createTestApp({ rateLimits: {} }, s3.env({ STORAGE_PUBLIC_URL: s3.bucketUrl }));
  base = await listen(t);
  proxied = await createTestApp({ rateLimits: {} }, s3.env());
  proxiedBase = await listen(proxied);
});
afterAll(async () => {
  await t?.close();
  await proxied?.close();
  await s3?.close();
});

type Person = Awaited<ReturnType<typeof signUp>>;
let shade = 0;
/** A PNG no other upload of this file has (its colour is a counter), so each is its own object. */
const picture = () => {
  const n = ++shade;
  return sharp({ create: { width: 6, height: 6, channels: 3, background: { r: n % 256, g: (n >> 8) % 256, b: 77 } } })
    .png()
    .toBuffer();
};
const upload = async (p: Person, data: Buffer) => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), 'a.png');
  const res = await fetch(`${base}${routeOf('upload').url}`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${p.token}` },
  });
  return { status: res.status, body: (await res.json()) as { code: string; msg: string; data: { url: string } | null } };
};
/** The object behind an upload's address, read from the bucket itself. */
const fromBucket = (url: string) => fetch(`${s3.bucketUrl}${url}`);
/** Call `id` of the contract over HTTP (the server's own listener), as `p`. */
const api = async <K extends CallId>(id: K, parts: CallParts<K>, p?: Person) => {
  const { method, url } = routeOf(id, parts);
  const { body } = parts as { body?: unknown };
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(p ? { authorization: `Bearer ${p.token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { code: string; msg: string; data: CallData<K> } };
};

describe('uploads in the bucket', () => {
  it('stores the upload as an object and serves its address from the public origin, or through the app without one', async () => {
    const me = await signUp(t.app);
    const r = await upload(me, await picture());
    expect(r.status).toBe(200);
    expect(r.body.data!.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    const url = r.body.data!.url;

    const stored = await fromBucket(url);
    expect(stored.status).toBe(200);
    expect(stored.headers.get('content-type')).toBe('image/png');
    const bytes = Buffer.from(await stored.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBe(6);

    // The site's own address sends browsers to the public origin, for good (the name is the content's hash).
    const viaSite = await fetch(`${base}${url}`, { redirect: 'manual' });
    expect(viaSite.status).toBe(301);
    expect(viaSite.headers.get('location')).toBe(`${s3.bucketUrl}${url}`);

    // Without STORAGE_PUBLIC_URL the app reads the object and answers it itself.
    const viaApp = await fetch(`${proxiedBase}${url}`);
    expect(viaApp.status).toBe(200);
    expect(viaApp.headers.get('content-type')).toBe('image/png');
    expect(viaApp.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await viaApp.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await fetch(`${proxiedBase}/uploads/2020/01/${'0'.repeat(32)}.png`)).status).toBe(404);
    expect((await fetch(`${proxiedBase}/uploads/../../etc/passwd`)).status).toBe(404);
  });

  it('keeps every upload it acknowledged when the storage restarts in the middle of a burst; the others get a clear error', async () => {
    const me = await signUp(t.app);
    const pictures = await Promise.all(Array.from({ length: 24 }, () => picture()));
    const answers: Awaited<ReturnType<typeof upload>>[] = [];
    let next = 0;
    let restarted: Promise<void> | null = null;
    let whileDown: Awaited<ReturnType<typeof upload>> | null = null;
    // Three uploaders at once; after the eighth answer the storage goes away (connections in flight cut), one upload
    // is made while it is away, and it comes back on the same port while the others carry on.
    const uploader = async () => {
      while (next < pictures.length) {
        const data = pictures[next++]!;
        answers.push(await upload(me, data));
        if (answers.length === 8 && !restarted)
          restarted = (async () => {
            await s3.stop();
            whileDown = await upload(me, await picture());
            await s3.start();
          })();
      }
    };
    await Promise.all([uploader(), uploader(), uploader()]);
    await restarted;

    expect(whileDown).toMatchObject({ status: 503, body: { code: 'B0002', msg: expect.stringContaining('文件存储暂时不可用') } });
    const all = [...answers, whileDown!];
    for (const a of all) {
      // Acknowledged, or refused with an envelope that says why — never a stack trace.
      if (a.status === 200) expect(a.body.code).toBe('00000');
      else expect(a.body).toMatchObject({ code: 'B0002', msg: expect.stringContaining('请稍后再试'), data: null });
      expect(JSON.stringify(a.body)).not.toMatch(/at .*\.(ts|js):\d+|ECONNREFUSED|S3RVER/);
    }
    const acknowledged = all.filter((a) => a.status === 200).map((a) => a.body.data!.url);
    expect(acknowledged.length).toBeGreaterThanOrEqual(8);
    for (const url of acknowledged) expect((await fromBucket(url)).status, url).toBe(200);
    // Uploads work again once it is back.
    expect((await upload(me, await picture())).status).toBe(200);
  });
});

describe('data export in the bucket', () => {
  it('answers a signed link to a private archive that works for at most 15 minutes', async () => {
    const me = await signUp(t.app);
    const before = Date.now();
    const r = await api('exportData', {}, me);
    expect(r.status).toBe(200);
    expect(r.headers.get('cache-control')).toContain('no-store');
    const link = new URL(r.body.data!.url);
    expect(link.origin).toBe(s3.endpoint);
    expect(link.pathname).toMatch(new RegExp(`^/shiju/exports/${me.user.id}/[0-9a-f]{32}\\.zip$`));
    const expires = Number(link.searchParams.get('X-Amz-Expires'));
    expect(expires).toBeGreaterThan(0);
    expect(expires).toBeLessThanOrEqual(900);
    expect(EXPORT_LINK_SECONDS).toBeLessThanOrEqual(900);
    expect(new Date(r.body.data!.expiresAt).getTime()).toBeLessThanOrEqual(before + 900_000 + 5_000);

    const archive = await fetch(link);
    expect(archive.status).toBe(200);
    expect(archive.headers.get('content-disposition')).toMatch(/^attachment; filename="shiju-export-\d+-[\d-]+\.zip"/);
    const files = unzipSync(new Uint8Array(await archive.arrayBuffer()));
    expect(JSON.parse(strFromU8(files['shiju-export/profile.json']!))).toMatchObject({ username: me.username });

    // A link whose 15 minutes are over is refused by the storage (s3rver keeps no ACLs, so unsigned reads are not tested).
    const key = link.pathname.slice('/shiju/'.length);
    const stale = await t.app.runtime.storage.signedUrl(key, {
      seconds: EXPORT_LINK_SECONDS,
      downloadName: 'x.zip',
      now: new Date(Date.now() - (EXPORT_LINK_SECONDS + 60) * 1000),
    });
    const refused = await fetch(stale!);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Request has expired');

    // A new export replaces the earlier archive.
    const again = await api('exportData', {}, me);
    expect(await t.app.runtime.storage.list(`exports/${me.user.id}/`)).toEqual([
      new URL(again.body.data!.url).pathname.slice('/shiju/'.length),
    ]);
  });
});

describe('account deletion', () => {
  it("deletes the person's uploads and export archives from the bucket", async () => {
    const leaver = await signUp(t.app);
    const avatar = (await upload(leaver, await picture())).body.data!.url;
    expect((await api('updateMe', { body: { avatar } }, leaver)).body.code).toBe('00000');
    expect((await api('exportData', {}, leaver)).status).toBe(200);
    expect(await t.app.runtime.storage.list(`exports/${leaver.user.id}/`)).toHaveLength(1);
    expect((await fromBucket(avatar)).status).toBe(200);

    const asked = await api('requestDeletion', { body: { password: leaver.password, keepContent: false } }, leaver);
    expect(asked.body.code).toBe('00000');
    await t.database.db
      .update(users)
      .set({ deletionDueAt: new Date(Date.now() - 1000) })
      .where(eq(users.id, leaver.user.id));
    const quiet = { info: () => {}, warn: () => {}, error: () => {} };
    await JOBS.find((j) => j.name === 'purge-deleted-accounts')!.run(t.database.db, t.config, quiet, t.app.runtime);

    expect((await fromBucket(avatar)).status).toBe(404);
    expect(await t.app.runtime.storage.list(`exports/${leaver.user.id}/`)).toEqual([]);
  });
});

describe('configuration', () => {
  it("adds the storage's public origin to the CSP's img-src, and only then", async () => {
    const csp = (await fetch(`${base}${routeOf('health').url}`)).headers.get('content-security-policy') ?? '';
    const imgSrc = /img-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(imgSrc.split(' ')).toContain(s3.endpoint);
    const without = (await fetch(`${proxiedBase}${routeOf('health').url}`)).headers.get('content-security-policy') ?? '';
    expect(/img-src ([^;]*)/.exec(without)?.[1]).toBe("'self' data: blob:");
  });

  it('refuses bad combinations at start, naming the setting, and never prints the secret key', () => {
    const refused = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/shiju-config-test', ...env });
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      throw new Error(`accepted: ${JSON.stringify(env)}`);
    };
    const good = s3.env({ S3_SECRET_ACCESS_KEY: 'very-secret-key-123' });
    const without = (name: string) => Object.fromEntries(Object.entries(good).filter(([k]) => k !== name));
    expect(refused(without('S3_BUCKET'))).toMatch(/STORAGE=s3: 缺少 S3_BUCKET/);
    expect(refused(without('S3_SECRET_ACCESS_KEY'))).toMatch(/缺少 S3_SECRET_ACCESS_KEY/);
    expect(refused({ ...without('S3_ENDPOINT'), S3_REGION: '' })).toMatch(/S3_REGION/);
    expect(refused({ S3_BUCKET: 'shiju' })).toMatch(/STORAGE: 设置了 S3_BUCKET，但 STORAGE 不是 s3/);
    expect(refused({ STORAGE_PUBLIC_URL: 'https://cdn.example.com' })).toMatch(/STORAGE_PUBLIC_URL/);
    expect(refused({ STORAGE: 'ftp' })).toMatch(/STORAGE: 必须是 local 或 s3/);
    expect(refused({ ...good, UPLOAD_DIR: '/tmp/x' })).toMatch(/UPLOAD_DIR/);
    expect(refused({ ...good, S3_ENDPOINT: 'minio:9000' })).toMatch(/S3_ENDPOINT: 必须是 http\(s\):\/\//);
    expect(refused({ ...good, STORAGE_PUBLIC_URL: 'cdn.example.com' })).toMatch(/STORAGE_PUBLIC_URL/);
    expect(refused({ ...good, S3_BUCKET: 'Bad_Bucket' })).toMatch(/S3_BUCKET/);
    expect(refused({ ...good, S3_FORCE_PATH_STYLE: 'yes' })).toMatch(/S3_FORCE_PATH_STYLE: 必须是 true 或 false/);
    expect(refused({ ...without('S3_BUCKET'), S3_SECRET_ACCESS_KEY: 'very-secret-key-123' })).not.toContain('very-secret-key-123');

    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/shiju-config-test', ...good });
    expect(config.storage).toMatchObject({ kind: 's3', bucket: 'shiju', forcePathStyle: true, endpoint: s3.endpoint });
    expect(JSON.stringify(config)).not.toContain('very-secret-key-123');
    // The embedded default: the local directory.
    expect(loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/shiju-config-test' }).storage).toEqual({ kind: 'local' });
  });
});
