import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callAs, createTestApp, multipart, signUp, type TestContext } from './helper.js';

let t: TestContext;
let user: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUp(t.app);
});
afterAll(async () => t?.close());

const upload = (parts: Parameters<typeof multipart>[0], token = user.token) => callAs(t.app, 'upload', {}, token, multipart(parts));

const filesUnder = (dir: string): string[] =>
  fs.existsSync(dir)
    ? fs
        .readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => path.join(d.parentPath, d.name))
    : [];

describe('uploads', () => {
  it('re-encodes an image, strips its metadata and serves it with long caching', async () => {
    const jpeg = await sharp({ create: { width: 3000, height: 1500, channels: 3, background: '#8b5e3c' } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-owner' } } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const r = await upload([{ name: 'file', filename: 'photo.jpg', type: 'image/jpeg', data: jpeg }]);
    expect(r.code).toBe('00000');
    expect(r.data.url).toMatch(/^\/uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.jpg$/);
    expect(r.data).toMatchObject({ width: 2400, height: 1200 });
    const served = await t.app.inject({ method: 'GET', url: r.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toContain('immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(2400);
    expect(served.rawPayload.includes(Buffer.from('secret-gps-owner'))).toBe(false);
  });

  it('decides the type by content: png, webp and gif are accepted whatever their names', async () => {
    const png = await sharp({ create: { width: 10, height: 20, channels: 4, background: '#00000000' } })
      .png()
      .toBuffer();
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#123456' } })
      .webp()
      .toBuffer();
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ff0000' } })
      .gif()
      .toBuffer();
    expect((await upload([{ name: 'file', filename: 'misnamed.txt', type: 'text/plain', data: png }])).data.url).toMatch(/\.png$/);
    expect((await upload([{ name: 'file', filename: 'a.webp', data: webp }])).data.url).toMatch(/\.webp$/);
    expect((await upload([{ name: 'file', filename: 'a.gif', data: gif }])).data.url).toMatch(/\.gif$/);
  });

  it('rejects a renamed non-image (A0701) and stores nothing', async () => {
    const before = await countStored();
    const r = await upload([{ name: 'file', filename: 'evil.png', type: 'image/png', data: '<script>alert(1)</script>'.repeat(10) }]);
    expect(r.status).toBe(415);
    expect(r.code).toBe('A0701');
    const svg = await upload([
      { name: 'file', filename: 'x.svg', type: 'image/svg+xml', data: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>' },
    ]);
    expect(svg.code).toBe('A0701');
    const truncated = await upload([
      {
        name: 'file',
        filename: 'broken.png',
        data: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64)]),
      },
    ]);
    expect(truncated.code).toBe('A0701');
    expect(await countStored()).toBe(before);
  });

  it('rejects an oversize upload (A0702) and stores nothing', async () => {
    const before = await countStored();
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const r = await upload([{ name: 'file', filename: 'big.jpg', type: 'image/jpeg', data: big }]);
    expect(r.status).toBe(413);
    expect(r.code).toBe('A0702');
    expect(await countStored()).toBe(before);
  });

  it('needs a login, a multipart body and exactly one file in a field named file', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expect((await upload([{ name: 'file', filename: 'a.png', data: png }], '')).code).toBe('A0230');
    expect((await upload([{ name: 'image', filename: 'a.png', data: png }])).code).toBe('A0400');
    // A JSON body where the call takes multipart, on purpose.
    const json = await callAs(t.app, 'upload', {}, user.token, { payload: { file: 'x' } });
    expect(json.code).toBe('A0400');
    const two = await upload([
      { name: 'file', filename: 'a.png', data: png },
      { name: 'file', filename: 'b.png', data: png },
    ]);
    expect(two.code).toBe('A0400');
    expect(two.msg).toContain('一个文件');
  });
});

async function countStored() {
  return filesUnder(t.config.uploadDir).length;
}
