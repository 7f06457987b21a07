/**
 * Answers decided below the handlers — Node's HTTP parser, Fastify's router, the multipart parser — are
 * envelopes too, over a real socket (inject() bypasses the HTTP parser).
 */
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, routeOf, signUp, type TestContext } from './helper.js';

let t: TestContext;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

/** One raw HTTP/1.1 exchange; returns the status and the parsed body. */
function raw(request: string): Promise<{ status: number; headers: string; body: { code: string; msg: string; data: unknown } }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (d) => (text += d.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', ...rest] = text.split('\r\n\r\n');
      try {
        resolve({ status: Number(head.split(' ')[1]), headers: head.toLowerCase(), body: JSON.parse(rest.join('\r\n\r\n')) });
      } catch {
        reject(new Error(`not an envelope: ${text.slice(0, 300)}`));
      }
    });
  });
}

const get = (url: string, extra = '') => raw(`GET ${url} HTTP/1.1\r\nhost: x\r\n${extra}connection: close\r\n\r\n`);

describe('transport-level failures are envelopes', () => {
  it('answers oversized headers with 431 and an A0400 envelope', async () => {
    const r = await get(routeOf('health').url, `x-filler: ${'a'.repeat(20_000)}\r\n`);
    expect(r.status).toBe(431);
    expect(r.headers).toContain('application/json');
    expect(r.body).toMatchObject({ code: 'A0400', data: null });
    expect(r.body.msg).toContain('过长');
  });

  it('answers an oversized URL with an envelope', async () => {
    const r = await get(`${routeOf('essaysPage').url}?keyword=${'a'.repeat(20_000)}`);
    expect(r.status).toBe(431);
    expect(r.body.code).toBe('A0400');
  });

  it('answers a path parameter over the length limit with 414 and an envelope', async () => {
    const r = await get(routeOf('classificationDetail', { params: { id: '9'.repeat(300) } }).url);
    expect(r.status).toBe(414);
    expect(r.body).toMatchObject({ code: 'A0400', data: null });
  });

  it('answers bad percent-encoding with an A0400 envelope', async () => {
    const r = await get('/api/v1/essays/%E0%A4%A'); // a path no call has, badly encoded on purpose
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('A0400');
    expect(r.body.msg).toContain('编码');
  });

  it('answers a malformed multipart body with an A0400 envelope, not a 500', async () => {
    const { token } = await signUp(t.app);
    const body = '--XYZ\r\ncontent-disposition: form-data; name="file"; filename="a.png"\r\ncontent-type: image/png\r\n\r\n\x89PNG partial';
    const r = await raw(
      `POST ${routeOf('upload').url} HTTP/1.1\r\nhost: x\r\nauthorization: Bearer ${token}\r\ncontent-type: multipart/form-data; boundary=XYZ\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('A0400');
  });
});
